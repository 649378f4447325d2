package io.github.jpmix.regex;

import io.github.jpmix.common.Rank;
import java.util.List;

/**
 * Proc-map generation: OpenPMIx 4.2.2's native algorithm (regex-format.md section 5) in one
 * linear pass (the reference's string concatenation is quadratic), with its length rule
 * (section 5.5), and with its bugs fixed:
 *
 * <ul>
 *   <li>ranks are unsigned 32-bit, not C {@code int}s (section 9.3). A range is only written
 *       while its end is at most {@code 2^31-2}: the reference's parser reads range ends into an
 *       {@code int} and never terminates on {@code 2^31-1} (section 6.5). Larger ranks are
 *       written alone, which the parser copies verbatim, so both parsers read them right;
 *   <li>a range in the text input adds all its ranks, not one (section 9.4);
 *   <li>a node with no ranks, which the reference would drop or crash on (sections 5.1, 5.2, 8),
 *       and reserved ranks (at or above {@code PMIX_RANK_VALID}) are rejected.
 * </ul>
 *
 * Everywhere the reference's output parses back to its input, the bytes are the reference's.
 */
final class PpnMapGenerator {
    private static final String WHAT = "proc map";
    /** The largest rank a written range may end at (see the class comment). */
    static final long MAX_RANGE_END = Integer.MAX_VALUE - 1L;

    private final StringBuilder out;
    /** The current node's open range, or {@code start < 0}. */
    private long start = -1;
    private long end = -1;
    private boolean firstInNode;

    private PpnMapGenerator(int capacity) {
        out = new StringBuilder(capacity);
        out.append(Forms.NATIVE_TAG);
    }

    /** See {@link PpnRegex#generate(List)}. */
    static String generate(List<int[]> nodes) {
        if (nodes.isEmpty()) {
            return Forms.RAW_TAG;
        }
        PpnMapGenerator g = new PpnMapGenerator(Math.min(nodes.size(), 1 << 16) * 12 + 64);
        long textLength = nodes.size() - 1;
        boolean big = false;
        int k = 0;
        for (int[] ranks : nodes) {
            checkNode(ranks, k);
            g.beginNode(k == 0);
            for (int rank : ranks) {
                long v = Rank.toUnsignedLong(rank);
                textLength += Decimal.length(v);
                big |= v > MAX_RANGE_END;
                g.rank(v);
            }
            textLength += ranks.length - 1;
            g.endNode();
            k++;
        }
        g.out.append(']');
        // Below 2^31-1 the reference's native form is this one. Above, it differs, and where the
        // length rule makes the reference answer raw, that answer is right and must be matched.
        if (g.out.length() <= textLength && !(big && referenceLength(nodes) > textLength)) {
            return g.out.toString();
        }
        // Section 5.5: longer than its input, native declines and raw answers "raw:" + input.
        return Forms.RAW_TAG + canonical(nodes, (int) Math.min(textLength, Integer.MAX_VALUE - 8));
    }

    /** The reference's native length for a map of ranks: their {@code int} bits are what its {@code strtol} yields. */
    private static long referenceLength(List<int[]> nodes) {
        ReferencePpnLength ref = new ReferencePpnLength();
        for (int[] ranks : nodes) {
            ref.node();
            for (int rank : ranks) {
                ref.rank(rank);
            }
        }
        return ref.length();
    }

    /** The blob's text: the canonical {@code ;}/{@code ,} form (section 7), after the same checks as generate. */
    static String joinForBlob(List<int[]> nodes) {
        long textLength = Math.max(0, nodes.size() - 1);
        int k = 0;
        for (int[] ranks : nodes) {
            checkNode(ranks, k++);
            textLength += ranks.length * 11L;
        }
        return canonical(nodes, (int) Math.min(textLength, 1 << 20));
    }

    private static void checkNode(int[] ranks, int k) {
        if (ranks == null) {
            throw new NullPointerException("ranksPerNode[" + k + "]");
        }
        if (ranks.length == 0) {
            // Sections 5.1, 8: OpenPMIx drops empty nodes (so the proc map no longer lines up
            // with the node map) or crashes on them; there is no way to describe one.
            throw Malformed.of(WHAT, "node " + k + " has no ranks; OpenPMIx cannot describe a node without ranks"
                    + " (regex-format.md sections 5.1, 5.2, 8), leave the node out of both maps");
        }
        for (int i = 0; i < ranks.length; i++) {
            if (!Rank.isValid(ranks[i])) {
                String name = Rank.toString(ranks[i]);
                String number = Long.toString(Rank.toUnsignedLong(ranks[i]));
                throw Malformed.of(WHAT, "node " + k + " rank " + i + " is " + number + (name.equals(number) ? "" : " (" + name + ")")
                        + ", not a valid process rank (valid ranks are below PMIX_RANK_VALID, " + Rank.toUnsignedLong(Rank.VALID) + ")");
            }
        }
    }

    private static String canonical(List<int[]> nodes, int capacity) {
        StringBuilder b = new StringBuilder(capacity);
        boolean firstNode = true;
        for (int[] ranks : nodes) {
            if (!firstNode) {
                b.append(';');
            }
            firstNode = false;
            for (int i = 0; i < ranks.length; i++) {
                if (i > 0) {
                    b.append(',');
                }
                b.append(Rank.toUnsignedLong(ranks[i]));
            }
        }
        return b.toString();
    }

    /** See {@link PpnRegex#generate(String)}. */
    static String generate(String text, RegexLimits limits) {
        PpnText t = PpnText.of(text);
        if (t.nodes == 0) {
            // Sections 5.1, 9.5: nothing but separators crashes the reference. JPMIx reads it as
            // the empty map and sends it raw, which both parsers read back as no nodes.
            return Forms.RAW_TAG + text;
        }
        boolean referenceRaw = t.referenceNativeLength() > text.length();
        if (t.invalid >= 0) {
            return uninterpreted(t, referenceRaw);
        }
        if (referenceRaw && !t.ranges) {
            // Section 5.5: the reference answers raw + input, verbatim and so right (see ReferencePpnLength).
            return Forms.RAW_TAG + text;
        }
        // Ranks that the ranges expand to: only those above MAX_RANGE_END are written one by one.
        long singles = 0;
        long canonicalLength = t.nodes - 1L;
        for (int k = 0; k < t.nodes; k++) {
            canonicalLength += t.nodeStart[k + 1] - t.nodeStart[k] - 1L;
        }
        for (int e = 0; e < t.elements; e++) {
            long a = t.first[e];
            long b = t.last[e];
            long lo = Math.max(a, MAX_RANGE_END + 1);
            singles += b >= lo ? b - lo + 1 : 0;
            canonicalLength += PpnText.digitsIn(a, b) + (b - a);
        }
        if (singles > limits.maxEntries()) {
            throw Malformed.at(WHAT, text, 0, "the ranges hold " + singles + " ranks above " + MAX_RANGE_END
                    + ", each written alone, more than " + limits.maxEntries() + " (RegexLimits.maxEntries)");
        }
        PpnMapGenerator g = new PpnMapGenerator(Math.min(text.length(), 1 << 20) + 16);
        for (int k = 0; k < t.nodes; k++) {
            g.beginNode(k == 0);
            for (int e = t.nodeStart[k]; e < t.nodeStart[k + 1]; e++) {
                // A single rank and a range of one rank ("5-5") take the same path in the reference.
                if (t.first[e] == t.last[e]) {
                    g.rank(t.first[e]);
                } else {
                    g.range(t.first[e], t.last[e]);
                }
            }
            g.endNode();
        }
        g.out.append(']');
        // Section 5.5 compares with the input. A text with ranges must not go out raw as it is,
        // because raw is not expanded by any consumer (section 8): its raw form is the expanded
        // text, and native is kept whenever it is no longer than either.
        long limit = t.ranges ? Math.max(text.length(), canonicalLength) : text.length();
        if (g.out.length() <= limit) {
            return g.out.toString();
        }
        if (!t.ranges) {
            return Forms.RAW_TAG + text;
        }
        if (canonicalLength > limits.maxChars()) {
            throw Malformed.at(WHAT, text, 0, "the ranges expand to " + canonicalLength + " characters, more than "
                    + limits.maxChars() + " (RegexLimits.maxChars)");
        }
        StringBuilder b = new StringBuilder((int) Math.min(canonicalLength + 4, Integer.MAX_VALUE - 8)).append(Forms.RAW_TAG);
        for (int k = 0; k < t.nodes; k++) {
            if (k > 0) {
                b.append(';');
            }
            boolean firstRank = true;
            for (int e = t.nodeStart[k]; e < t.nodeStart[k + 1]; e++) {
                for (long v = t.first[e]; v <= t.last[e]; v++) {
                    if (!firstRank) {
                        b.append(',');
                    }
                    firstRank = false;
                    b.append(v);
                }
            }
        }
        return b.toString();
    }

    /**
     * A text with an element that is not a rank or a range of ranks ({@code -1}, {@code a},
     * {@code 4294967295}, {@code 3-0}): JPMIx does not guess what it means. Where the reference
     * sends such a text raw (its native form is longer, section 5.5), the text travels verbatim
     * and every consumer sees exactly what was written, so JPMIx answers the same bytes (the
     * conformance sample has {@code -1,-2} -> {@code raw:-1,-2}). Where the reference would
     * rewrite it in native form through {@code strtol} (section 5.3: {@code -1} becomes 0-1,
     * {@code a} becomes 0), JPMIx rejects it.
     */
    private static String uninterpreted(PpnText t, boolean referenceRaw) {
        String text = t.text;
        int e = t.invalid;
        String element = text.substring(t.from[e], t.to[e]);
        if (referenceRaw && !text.startsWith(Forms.RAW_TAG)) {
            return Forms.RAW_TAG + text;
        }
        throw Malformed.at(WHAT, text, t.from[e], "element " + Malformed.quote(element) + " is not a rank (0.."
                + PpnText.MAX_RANK + ") or a range of ranks a-b with a <= b, and OpenPMIx's native form would misread it"
                + " (regex-format.md section 5.3)");
    }

    private void beginNode(boolean first) {
        if (!first) {
            out.append(';');
        }
        start = -1;
        firstInNode = true;
    }

    private void endNode() {
        flush();
    }

    /** Section 5.3: a rank extends the open range if it follows it, else opens a new one. */
    private void rank(long v) {
        if (start >= 0 && v == end + 1 && v <= MAX_RANGE_END) {
            end = v;
            return;
        }
        flush();
        if (v <= MAX_RANGE_END) {
            start = v;
            end = v;
        } else {
            separate();
            out.append(v);
        }
    }

    /**
     * A range {@code a-b} of the text form: it extends the open range if it follows it (all of
     * it, unlike the reference, section 9.4), else opens {@code [a, b]}, as the reference does.
     */
    private void range(long a, long b) {
        long top = Math.min(b, MAX_RANGE_END);
        if (a <= top) {
            if (start >= 0 && a == end + 1) {
                end = top;
            } else {
                flush();
                start = a;
                end = top;
            }
        }
        for (long v = Math.max(a, MAX_RANGE_END + 1); v <= b; v++) {
            rank(v);
        }
    }

    private void flush() {
        if (start < 0) {
            return;
        }
        separate();
        out.append(start);
        if (end > start) {
            out.append('-').append(end);
        }
        start = -1;
    }

    private void separate() {
        if (!firstInNode) {
            out.append(',');
        }
        firstInNode = false;
    }
}
