package io.github.jpmix.common.internal;

/**
 * Not API. Text from a peer (a namespace in a handshake, a version string, a message) made safe for
 * a log line: control characters (a forged newline, a terminal escape) are written as a backslash,
 * {@code x} and two hex digits (C1 controls and line separators as a backslash, {@code u} and four),
 * backslashes doubled, and the text is cut at a bound, so no peer can forge lines
 * in the operator's log or fill it.
 */
public final class LogText {
    /** The default bound: longer than any namespace or key a peer may legitimately send. */
    public static final int DEFAULT_MAX = 256;

    private LogText() {
    }

    /** {@code text} escaped and cut at {@link #DEFAULT_MAX} characters; {@code "(null)"} for null. */
    public static String peer(String text) {
        return peer(text, DEFAULT_MAX);
    }

    /** {@code text} escaped and cut at {@code max} characters of the original. */
    public static String peer(String text, int max) {
        if (text == null) {
            return "(null)";
        }
        int n = Math.min(text.length(), max);
        StringBuilder sb = new StringBuilder(n + 16);
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c == '\\') {
                sb.append("\\\\");
            } else if (c < 0x20 || c == 0x7F) {
                sb.append(String.format("\\x%02x", (int) c));
            } else if ((c >= 0x80 && c <= 0x9F) || c == '\u2028' || c == '\u2029' || Character.isSurrogate(c)
                    && !(Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(text.charAt(i + 1)))
                    && !(Character.isLowSurrogate(c) && i > 0 && Character.isHighSurrogate(text.charAt(i - 1)))) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        if (text.length() > max) {
            sb.append("...(").append(text.length() - max).append(" more chars)");
        }
        return sb.toString();
    }

    /**
     * A duration for people: "30.2 s", "150 ms", "12 us", "3 min 4 s" (never raw nanoseconds, which
     * is what Agrona's {@code formatDuration} prints for a duration that is not a whole unit).
     */
    public static String duration(long nanos) {
        if (nanos < 0) {
            return "-" + duration(-nanos);
        }
        if (nanos < 1_000L) {
            return nanos + " ns";
        }
        if (nanos < 1_000_000L) {
            return nanos / 1_000L + " us";
        }
        if (nanos < 1_000_000_000L) {
            return nanos / 1_000_000L + " ms";
        }
        if (nanos < 60_000_000_000L) {
            long tenths = nanos / 100_000_000L;
            return tenths / 10 + (tenths % 10 == 0 ? "" : "." + tenths % 10) + " s";
        }
        long seconds = nanos / 1_000_000_000L;
        return seconds / 60 + " min" + (seconds % 60 == 0 ? "" : " " + seconds % 60 + " s");
    }
}
