package io.github.jpmix.regex;

import io.github.jpmix.common.Rank;
import java.util.Arrays;

/**
 * A proc map in {@code PMIx_generate_ppn}'s input form, {@code 0,1-3;4,5}, cut into nodes and
 * elements the way the reference cuts it ({@code pmix_argv_split} on {@code ;} then {@code ,},
 * dropping empty pieces: regex-format.md sections 2 and 5.1-5.2), with each element classified.
 * Element boundaries are kept as indexes into the text; nothing is copied.
 */
final class PpnText {
    /** The largest valid rank: {@code PMIX_RANK_VALID - 1}. */
    static final long MAX_RANK = Rank.toUnsignedLong(Rank.VALID) - 1;

    final String text;
    /** Number of nodes, and for node {@code k} its elements are {@code [nodeStart[k], nodeStart[k+1])}. */
    int nodes;
    int[] nodeStart = new int[8];
    /** Per element: where it is in the text; for a valid one its first and last rank (equal for a single rank). */
    int elements;
    int[] from = new int[16];
    int[] to = new int[16];
    long[] first = new long[16];
    long[] last = new long[16];
    /** Index of the first element that is not a valid rank or range, or -1. */
    int invalid = -1;
    /** Whether some valid element is a range {@code a-b}. */
    boolean ranges;
    /** The reference's native form of this text, measured as it is cut (see {@link ReferencePpnLength}). */
    private final ReferencePpnLength reference = new ReferencePpnLength();

    private PpnText(String text) {
        this.text = text;
    }

    static PpnText of(String text) {
        PpnText t = new PpnText(text);
        int n = text.length();
        int nodeFrom = 0;
        while (nodeFrom <= n) {
            int nodeTo = text.indexOf(';', nodeFrom);
            if (nodeTo < 0) {
                nodeTo = n;
            }
            if (nodeTo > nodeFrom) {
                t.addNode(nodeFrom, nodeTo);
            }
            nodeFrom = nodeTo + 1;
        }
        t.nodeStart = Arrays.copyOf(t.nodeStart, t.nodes + 1);
        t.nodeStart[t.nodes] = t.elements;
        return t;
    }

    /** The offset in the text of node {@code k}'s first character, for messages. */
    int nodeOffset(int k) {
        return nodeStart[k] < nodeStart[k + 1] ? from[nodeStart[k]] : -1;
    }

    private void addNode(int nodeFrom, int nodeTo) {
        if (nodes + 1 >= nodeStart.length) {
            nodeStart = Arrays.copyOf(nodeStart, nodeStart.length * 2);
        }
        nodeStart[nodes++] = elements;
        reference.node();
        int e = nodeFrom;
        while (e <= nodeTo) {
            int end = indexOf(text, ',', e, nodeTo);
            if (end > e) {
                addElement(e, end);
            }
            e = end + 1;
        }
        if (nodeStart[nodes - 1] == elements) {
            // Section 5.2: a node of commas only crashes the reference; it also carries no rank.
            throw Malformed.at("proc map", text, nodeFrom, "node " + (nodes - 1) + " " + Malformed.quote(text.substring(nodeFrom, nodeTo))
                    + " has no ranks (a node with no ranks cannot be described: regex-format.md sections 5.2 and 8)");
        }
    }

    private void addElement(int f, int t) {
        if (elements == from.length) {
            int cap = elements * 2;
            from = Arrays.copyOf(from, cap);
            to = Arrays.copyOf(to, cap);
            first = Arrays.copyOf(first, cap);
            last = Arrays.copyOf(last, cap);
        }
        from[elements] = f;
        to[elements] = t;
        long a;
        long b;
        // The common case first: nothing but digits.
        long v = 0;
        int i = f;
        while (i < t) {
            int d = text.charAt(i) - '0';
            if (d < 0 || d > 9) {
                break;
            }
            v = v * 10 + d;
            i++;
        }
        int dash = i < t ? indexOf(text, '-', i, t) : t;
        if (i == t && t - f <= 18) {
            a = v;
            b = v;
        } else if (dash == t) {
            a = Decimal.rank(text, f, t);
            b = a;
        } else if (Decimal.isRun(text, f, dash) && Decimal.isRun(text, dash + 1, t)) {
            a = Decimal.value(text, f, dash);
            b = Decimal.value(text, dash + 1, t);
            if (a > b) {
                a = -1;
            }
            ranges |= a >= 0 && b >= 0;
        } else {
            a = -1;
            b = -1;
        }
        boolean valid = a >= 0 && b >= 0 && b <= MAX_RANK;
        if (!valid && invalid < 0) {
            invalid = elements;
        }
        // What the reference's strtol reads: for a valid element its value, cut to an int.
        if (dash < t) {
            reference.range(valid ? (int) a : Decimal.strtolInt(text, f, dash), valid ? (int) b : Decimal.strtolInt(text, dash + 1, t));
        } else {
            reference.rank(valid ? (int) a : Decimal.strtolInt(text, f, t));
        }
        first[elements] = a;
        last[elements] = b;
        elements++;
    }

    /**
     * The ranks of a text with only valid elements, ranges expanded, for the blob form.
     *
     * @throws io.github.jpmix.common.PmixException {@code ERR_BAD_PARAM} for an invalid element,
     *     or when the ranges expand past {@code maxEntries}
     */
    java.util.List<int[]> ranks(RegexLimits limits) {
        if (invalid >= 0) {
            throw Malformed.at("proc map", text, from[invalid], "element " + Malformed.quote(text.substring(from[invalid], to[invalid]))
                    + " is not a rank (0.." + MAX_RANK + ") or a range of ranks a-b with a <= b");
        }
        long total = 0;
        for (int e = 0; e < elements; e++) {
            total += last[e] - first[e] + 1;
        }
        if (total > limits.maxEntries()) {
            throw Malformed.at("proc map", text, 0, "the ranges expand to " + total + " ranks, more than " + limits.maxEntries()
                    + " (RegexLimits.maxEntries)");
        }
        java.util.List<int[]> out = new java.util.ArrayList<>(nodes);
        for (int k = 0; k < nodes; k++) {
            int size = 0;
            for (int e = nodeStart[k]; e < nodeStart[k + 1]; e++) {
                size += (int) (last[e] - first[e] + 1);
            }
            int[] r = new int[size];
            int i = 0;
            for (int e = nodeStart[k]; e < nodeStart[k + 1]; e++) {
                for (long v = first[e]; v <= last[e]; v++) {
                    r[i++] = (int) v;
                }
            }
            out.add(r);
        }
        return out;
    }

    /** See {@link ReferencePpnLength}: what the reference's native form of this text would measure. */
    long referenceNativeLength() {
        return reference.length();
    }

    /** The first {@code c} in {@code s[from, to)}, or {@code to}. */
    static int indexOf(String s, char c, int from, int to) {
        for (int i = from; i < to; i++) {
            if (s.charAt(i) == c) {
                return i;
            }
        }
        return to;
    }

    /** Decimal characters of all numbers in {@code [a, b]}, without separators. */
    static long digitsIn(long a, long b) {
        if (a == b) {
            return Decimal.length(a);
        }
        long total = 0;
        long low = 0;
        long high = 9;
        for (int d = 1; d <= 19 && low <= b; d++) {
            long from = Math.max(a, low);
            long to = Math.min(b, high);
            if (from <= to) {
                total += (to - from + 1) * d;
            }
            low = high + 1;
            high = d < 18 ? high * 10 + 9 : Long.MAX_VALUE;
        }
        return total;
    }
}
