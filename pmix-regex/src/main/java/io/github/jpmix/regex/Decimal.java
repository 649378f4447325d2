package io.github.jpmix.regex;

/**
 * Decimal number helpers on character ranges, allocation-free: digit runs as exact values, and
 * C's {@code strtol} where the compatibility rules need OpenPMIx's reading of a number
 * (regex-format.md section 2).
 */
final class Decimal {
    /** {@code 2^31}: the one node number above {@code INT_MAX} that OpenPMIx prints and reads back right (section 9.3). */
    static final long TWO_POW_31 = 1L << 31;

    private Decimal() {
    }

    static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** {@code isalpha} in the C locale: ASCII letters only (section 2). */
    static boolean isLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    /** Powers of ten up to 10^18, for {@link #length}. */
    private static final long[] POW10 = new long[19];

    static {
        POW10[0] = 1;
        for (int i = 1; i < POW10.length; i++) {
            POW10[i] = POW10[i - 1] * 10;
        }
    }

    /** Number of decimal digits of {@code v >= 0}; comparisons only, no division (it runs once per rank). */
    static int length(long v) {
        int n = 1;
        while (n < POW10.length && v >= POW10[n]) {
            n++;
        }
        return n;
    }

    /**
     * The value of the digit run {@code s[from, to)} (all ASCII digits, leading zeros allowed),
     * or -1 when it exceeds {@link Long#MAX_VALUE}.
     */
    static long value(CharSequence s, int from, int to) {
        long v = 0;
        int i = from;
        // 18 digits cannot overflow: no check, no division on the common path.
        for (int fast = Math.min(to, from + 18); i < fast; i++) {
            v = v * 10 + (s.charAt(i) - '0');
        }
        for (; i < to; i++) {
            int d = s.charAt(i) - '0';
            if (v > (Long.MAX_VALUE - d) / 10) {
                return -1;
            }
            v = v * 10 + d;
        }
        return v;
    }

    /** Index of the first ASCII digit at or after {@code from} that ends a run of digits, i.e. the run's end. */
    static int runEnd(CharSequence s, int from, int to) {
        int i = from;
        while (i < to && isDigit(s.charAt(i))) {
            i++;
        }
        return i;
    }

    /** True when {@code s[from, to)} is one or more ASCII digits. */
    static boolean isRun(CharSequence s, int from, int to) {
        return from < to && runEnd(s, from, to) == to;
    }

    /**
     * A rank element that C {@code strtol} reads completely as a number that is not negative:
     * optional white space, an optional {@code +}, then ASCII digits and nothing else; its value,
     * or -1 when it is not one or exceeds {@link Long#MAX_VALUE}. OpenPMIx's generator and its
     * consumers ({@code strtol}/{@code strtoul}) all read {@code +5} and {@code  5} as 5
     * (regex-format.md section 5.3), so JPMIx accepts these spellings too.
     */
    static long rank(CharSequence s, int from, int to) {
        int i = from;
        while (i < to && isCSpace(s.charAt(i))) {
            i++;
        }
        if (i < to && s.charAt(i) == '+') {
            i++;
        }
        return isRun(s, i, to) ? value(s, i, to) : -1;
    }

    /**
     * C {@code (int) strtol(s, NULL, 10)} on LP64 for {@code s[from, to)}: leading white space,
     * an optional sign, the digits up to the first non-digit; no digits gives 0; the long
     * saturates at {@code LONG_MAX}/{@code LONG_MIN}, and the int keeps its low 32 bits
     * (section 2). Used to predict what OpenPMIx makes of a proc-map element.
     */
    static int strtolInt(CharSequence s, int from, int to) {
        int i = from;
        while (i < to && isCSpace(s.charAt(i))) {
            i++;
        }
        boolean negative = false;
        if (i < to && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            negative = s.charAt(i) == '-';
            i++;
        }
        long v = 0;
        boolean saturated = false;
        for (; i < to && isDigit(s.charAt(i)); i++) {
            int d = s.charAt(i) - '0';
            if (!saturated) {
                if (v > (Long.MAX_VALUE - d) / 10) {
                    saturated = true;
                } else {
                    v = v * 10 + d;
                }
            }
        }
        long result = saturated ? (negative ? Long.MIN_VALUE : Long.MAX_VALUE) : (negative ? -v : v);
        return (int) result;
    }

    private static boolean isCSpace(char c) {
        return c == ' ' || (c >= '\t' && c <= '\r');
    }
}
