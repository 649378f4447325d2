package io.github.jpmix.regex;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;

/**
 * Builds the {@link Status#ERR_BAD_PARAM} exceptions of this module, in one format:
 * {@code node map: at 12: range 5-3 is reversed in 'pmix[node[1:5-3]]'}. Positions are 0-based
 * indexes into the string as given. Long strings are shown as an excerpt around the position,
 * and control characters as {@code \xNN}, so a message is always one readable line.
 */
final class Malformed {
    /** Strings up to this length are quoted whole. */
    private static final int WHOLE = 160;
    /** Characters shown on each side of the position in an excerpt. */
    private static final int SIDE = 60;

    private Malformed() {
    }

    /** {@code what: at pos: detail in 'source'}. */
    static PmixException at(String what, String source, int pos, String detail) {
        return new PmixException(Status.ERR_BAD_PARAM, what + ": at " + pos + ": " + detail + " in " + excerpt(source, pos));
    }

    /** {@code what: detail}, for errors that belong to no position (generation input). */
    static PmixException of(String what, String detail) {
        return new PmixException(Status.ERR_BAD_PARAM, what + ": " + detail);
    }

    /** A value quoted for a message: {@code 'abc'}, shortened and with control characters escaped. */
    static String quote(CharSequence value) {
        return excerpt(value, 0);
    }

    private static String excerpt(CharSequence s, int pos) {
        int from = 0;
        int to = s.length();
        if (to > WHOLE) {
            from = Math.max(0, Math.min(pos, to) - SIDE);
            to = Math.min(to, Math.max(pos, 0) + SIDE);
        }
        StringBuilder b = new StringBuilder(to - from + 16);
        if (from > 0) {
            b.append("...");
        }
        b.append('\'');
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                b.append("\\x").append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 15, 16));
            } else {
                b.append(c);
            }
        }
        b.append('\'');
        if (to < s.length()) {
            b.append("...");
        }
        if (from > 0 || to < s.length()) {
            b.append(" (").append(s.length()).append(" chars)");
        }
        return b.toString();
    }
}
