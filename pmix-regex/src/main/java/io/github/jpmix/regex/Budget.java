package io.github.jpmix.regex;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;

/**
 * What one parse has produced so far, against its {@link RegexLimits}. Callers charge a whole
 * range before expanding it, so a range of a billion names fails before the first one is built.
 * Not thread-safe: one budget per parse.
 */
final class Budget {
    private final RegexLimits limits;
    private final String what;
    private long entries;
    private long chars;

    Budget(RegexLimits limits, String what) {
        this.limits = limits;
        this.what = what;
    }

    long maxChars() {
        return limits.maxChars();
    }

    /**
     * Charges {@code count} entries of {@code charsEach} characters each (separators included).
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} naming the limit, the source text and
     *     the position, when the parse would go past a limit
     */
    void charge(long count, long charsEach, String source, int pos) {
        if (count > limits.maxEntries() - entries) {
            throw Malformed.at(what, source, pos, "expands to more than " + limits.maxEntries()
                    + " entries (RegexLimits.maxEntries)");
        }
        long add = charsEach <= 0 ? 0 : count > Long.MAX_VALUE / charsEach ? Long.MAX_VALUE : count * charsEach;
        if (add > limits.maxChars() - chars) {
            throw Malformed.at(what, source, pos, "expands to more than " + limits.maxChars()
                    + " characters (RegexLimits.maxChars)");
        }
        entries += count;
        chars += add;
    }
}
