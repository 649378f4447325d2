package io.github.jpmix.common.internal;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Not API. Log lines about one peer's refused attempts, rate-limited per peer: the first
 * {@link #BURST} lines of a peer in a minute are written, the rest only counted, and the count is
 * written with the peer's next line after the minute ("... N more refusals of uid 1001 in the last
 * 61.2 s not logged"). The peer is what the kernel says (a uid from {@code SO_PEERCRED}, a loopback
 * port's owner): a peer cannot forge another key to escape the limit. The lines themselves must
 * already be bounded and escaped ({@link LogText#peer}).
 *
 * <p>Thread-safe. At most {@link #MAX_PEERS} peers are tracked; windows that have ended are
 * forgotten first.
 */
public final class PeerLog {
    /** Lines per peer per window that are written. */
    public static final int BURST = 5;
    /** Peers tracked at once. */
    public static final int MAX_PEERS = 4096;
    private static final long WINDOW_NS = TimeUnit.MINUTES.toNanos(1);

    private static final class Window {
        long startNs;
        int logged;
        long suppressed;
    }

    private final System.Logger log;
    private final Map<Object, Window> windows = new HashMap<>();

    public PeerLog(System.Logger log) {
        this.log = log;
    }

    /**
     * Logs {@code line} about {@code peer} unless this peer has had {@link #BURST} lines in the
     * current minute; the line is made only when it is written.
     */
    public void log(System.Logger.Level level, Object peer, Supplier<String> line) {
        if (!log.isLoggable(level)) {
            return;
        }
        long now = System.nanoTime();
        String note = null;
        synchronized (windows) {
            Window w = windows.get(peer);
            if (w == null) {
                if (windows.size() >= MAX_PEERS) {
                    evict(now);
                }
                w = new Window();
                w.startNs = now;
                windows.put(peer, w);
            } else if (now - w.startNs >= WINDOW_NS) {
                if (w.suppressed > 0) {
                    note = " (" + w.suppressed + " more lines about " + peer + " in the last "
                            + LogText.duration(now - w.startNs) + " were not logged)";
                }
                w.startNs = now;
                w.logged = 0;
                w.suppressed = 0;
            }
            if (w.logged >= BURST) {
                w.suppressed++;
                return;
            }
            w.logged++;
        }
        log.log(level, note == null ? line.get() : line.get() + note);
    }

    /** Under the lock: forgets ended windows, or every window when none has ended. */
    private void evict(long now) {
        for (Iterator<Window> it = windows.values().iterator(); it.hasNext();) {
            if (now - it.next().startNs >= WINDOW_NS) {
                it.remove();
            }
        }
        if (windows.size() >= MAX_PEERS) {
            windows.clear();
        }
    }
}
