package io.github.jpmix.server.internal.launch;

import java.io.PrintStream;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/**
 * Not API. What the launcher's embedded server logs ({@code System.Logger}, java.util.logging behind it)
 * reaches the user as one line each, {@code pmixrun: <message>}, warnings and errors only: the
 * launcher reports what happens to the job's processes itself (a process's end, an abort), so the
 * server's INFO lines about them would say it twice, and java.util.logging's default two-line format
 * with a timestamp and a class name is noise on a command's stderr.
 */
public final class LauncherLog {
    /** Held: java.util.logging keeps loggers weakly, and a collected one would lose this setting. */
    private static final Logger JPMIX = Logger.getLogger("io.github.jpmix");
    /** Only its formatMessage: a record's message with its parameters filled in. */
    private static final SimpleFormatter TEXT = new SimpleFormatter();

    private LauncherLog() {
    }

    /** Sends JPMIx's log records of level WARNING and above to {@code err}, one line each, prefixed {@code prefix: }. */
    public static synchronized void install(PrintStream err, String prefix) {
        for (Handler h : JPMIX.getHandlers()) {
            JPMIX.removeHandler(h);
        }
        JPMIX.setUseParentHandlers(false);
        JPMIX.setLevel(Level.WARNING);
        JPMIX.addHandler(new Handler() {
            @Override
            public void publish(LogRecord r) {
                if (!isLoggable(r)) {
                    return;
                }
                String message = TEXT.formatMessage(r);
                if (r.getThrown() != null) {
                    message += ": " + r.getThrown();
                }
                err.println(prefix + ": " + message.replace('\n', ' '));
            }

            @Override
            public void flush() {
                err.flush();
            }

            @Override
            public void close() {
                // err belongs to the caller
            }
        });
    }
}
