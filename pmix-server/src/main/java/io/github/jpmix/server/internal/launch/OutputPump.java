package io.github.jpmix.server.internal.launch;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Not API. Copies one stream of a launched process (its stdout or stderr, a pipe) to one of the
 * launcher's, a whole line at a time: each line is written under the target stream's lock, so the
 * lines of several processes never mix within a line, however each process splits its writes (a C
 * program's stdio writes a pipe in 4 KiB blocks that cut lines anywhere). Bytes pass untouched: no
 * charset is applied. A line longer than {@link #MAX_LINE} bytes goes out in pieces of that size (the
 * memory a pump holds is bounded); a last line without a newline gets one.
 */
public final class OutputPump implements Runnable {
    /** The longest piece written at once. */
    static final int MAX_LINE = 64 * 1024;

    private final InputStream in;
    private final PrintStream out;
    private final byte[] prefix;

    /**
     * @param prefix written before every line ({@code --tag-output}'s {@code "[rank] "}), empty for none
     */
    OutputPump(InputStream in, PrintStream out, String prefix) {
        this.in = in;
        this.out = out;
        this.prefix = prefix.getBytes(StandardCharsets.UTF_8);
    }

    /** Starts a daemon thread named {@code name} that pumps {@code in} to {@code out} until end of stream. */
    public static Thread start(String name, InputStream in, PrintStream out, String prefix) {
        Thread t = new Thread(new OutputPump(in, out, prefix), name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    @Override
    public void run() {
        byte[] line = new byte[prefix.length + 8192];
        System.arraycopy(prefix, 0, line, 0, prefix.length);
        int len = prefix.length;
        byte[] buf = new byte[8192];
        try (InputStream s = in) {
            for (int n; (n = s.read(buf)) > 0; ) {
                for (int i = 0; i < n; i++) {
                    if (len == line.length) {
                        line = Arrays.copyOf(line, Math.min(line.length * 2, prefix.length + MAX_LINE));
                    }
                    line[len++] = buf[i];
                    if (buf[i] == '\n' || len == prefix.length + MAX_LINE) {
                        emit(line, len);
                        len = prefix.length;
                    }
                }
            }
        } catch (IOException e) {
            // the process's end of the pipe is gone: what was read is written below
        }
        if (len > prefix.length) {
            line = Arrays.copyOf(line, len + 1);
            line[len++] = '\n';
            emit(line, len);
        }
    }

    private void emit(byte[] line, int len) {
        synchronized (out) {
            out.write(line, 0, len);
            out.flush();
        }
    }
}
