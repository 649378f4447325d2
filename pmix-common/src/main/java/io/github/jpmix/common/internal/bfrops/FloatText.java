package io.github.jpmix.common.internal.bfrops;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.regex.Pattern;

/**
 * Not API. {@code PMIX_FLOAT} and {@code PMIX_DOUBLE} travel as the text C's {@code "%f"} prints
 * ({@code bfrop_base_pack.c:341-390}: {@code asprintf(&convert, "%f", v)}, packed as a
 * {@code PMIX_STRING}) and are read back with {@code strtof}/{@code strtod}
 * ({@code bfrop_base_unpack.c:428-486}). This class prints and parses that text as glibc does.
 * Stateless.
 */
final class FloatText {
    /** What {@code "%f"} prints for a finite number: optional minus, digits, a point, six digits. */
    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");
    private static final int NEGATIVE_QUIET_NAN_FLOAT = 0xffc0_0000;
    private static final long NEGATIVE_QUIET_NAN_DOUBLE = 0xfff8_0000_0000_0000L;

    private FloatText() {
    }

    /**
     * glibc's {@code "%f"} of a float, which C promotes to double first: the exact binary value
     * rounded to six decimals, ties to even (glibc rounds the exact value in the default rounding
     * mode); {@code inf}, {@code -inf}, {@code nan}, {@code -nan}; a minus sign whenever the sign
     * bit is set, so {@code -0.0f} and {@code -1e-9f} print {@code -0.000000}.
     */
    static String format(float v) {
        return format((double) v, Float.floatToRawIntBits(v) < 0);
    }

    /** glibc's {@code "%f"} of a double; see {@link #format(float)}. */
    static String format(double v) {
        return format(v, Double.doubleToRawLongBits(v) < 0);
    }

    private static String format(double v, boolean negative) {
        if (Double.isNaN(v)) {
            return negative ? "-nan" : "nan";
        }
        if (Double.isInfinite(v)) {
            return negative ? "-inf" : "inf";
        }
        String s = new BigDecimal(v).setScale(6, RoundingMode.HALF_EVEN).toPlainString();
        // BigDecimal has no negative zero: a negative number that rounds to 0 loses its sign
        return negative && s.charAt(0) != '-' ? "-" + s : s;
    }

    /**
     * The float {@code strtof} makes of the text, for the texts a C peer's {@code "%f"} prints
     * (and any other plain decimal); {@code null} for anything else. A negative NaN keeps its sign,
     * as glibc's does, so it prints back as {@code -nan}.
     */
    static Float parseFloat(String s) {
        String special = special(s);
        if (special != null) {
            return switch (special) {
                case "inf" -> Float.POSITIVE_INFINITY;
                case "-inf" -> Float.NEGATIVE_INFINITY;
                case "nan" -> Float.NaN;
                default -> Float.intBitsToFloat(NEGATIVE_QUIET_NAN_FLOAT);
            };
        }
        return DECIMAL.matcher(s).matches() ? Float.parseFloat(s) : null;
    }

    /** The double {@code strtod} makes of the text; see {@link #parseFloat(String)}. */
    static Double parseDouble(String s) {
        String special = special(s);
        if (special != null) {
            return switch (special) {
                case "inf" -> Double.POSITIVE_INFINITY;
                case "-inf" -> Double.NEGATIVE_INFINITY;
                case "nan" -> Double.NaN;
                default -> Double.longBitsToDouble(NEGATIVE_QUIET_NAN_DOUBLE);
            };
        }
        return DECIMAL.matcher(s).matches() ? Double.parseDouble(s) : null;
    }

    /** {@code inf}, {@code -inf}, {@code nan} or {@code -nan} for the texts strtod reads so, else null. */
    private static String special(String s) {
        if (s.isEmpty() || s.length() > 9) {
            return null;
        }
        boolean negative = s.charAt(0) == '-';
        String word = (s.charAt(0) == '-' || s.charAt(0) == '+' ? s.substring(1) : s).toLowerCase(java.util.Locale.ROOT);
        if (word.equals("inf") || word.equals("infinity")) {
            return negative ? "-inf" : "inf";
        }
        if (word.equals("nan")) {
            return negative ? "-nan" : "nan";
        }
        return null;
    }
}
