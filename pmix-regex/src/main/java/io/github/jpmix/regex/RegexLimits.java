package io.github.jpmix.regex;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;

/**
 * How much a parse may produce. A node map or proc map is a compressed description: ten bytes
 * such as {@code pmix[n[9:0-999999999]]} stand for a billion names, and a zlib blob can
 * inflate a thousandfold. Parsing counts what it produces against these limits and fails with
 * {@link Status#ERR_BAD_PARAM} as soon as one would be exceeded, before expanding anything
 * (OpenPMIx has no limit at all: regex-format.md sections 4.5 and 6.5).
 *
 * @param maxEntries the most names (node maps) or ranks (proc maps) one parse may produce
 * @param maxChars the most characters one parse may produce, all names or per-node strings
 *     together; also the most bytes a blob may inflate to
 */
public record RegexLimits(int maxEntries, long maxChars) {
    /**
     * 4,194,304 entries (a 100,000-node job at 41 ranks per node, or a 4-million-name list) and
     * 64 Mi characters: generous for any real job, small enough that a hostile string cannot
     * take the heap.
     */
    public static final RegexLimits DEFAULT = new RegexLimits(4_194_304, 64L * 1024 * 1024);

    /** Validates the limits once, here, so the parsers can trust them. */
    public RegexLimits {
        if (maxEntries < 1) {
            throw new PmixException(Status.ERR_BAD_PARAM, "regex limits: maxEntries must be at least 1, not " + maxEntries);
        }
        if (maxChars < 1) {
            throw new PmixException(Status.ERR_BAD_PARAM, "regex limits: maxChars must be at least 1, not " + maxChars);
        }
    }
}
