package io.github.jpmix.regex;

/**
 * The length of the string OpenPMIx 4.2.2's native proc-map generator would produce
 * (regex-format.md sections 5.3-5.4), computed with its C {@code int} arithmetic and its range
 * bug. Only the length matters: it decides, by the length rule of section 5.5, whether the
 * reference answers {@code raw:} + input, and that answer is verbatim, hence right, whenever the
 * input has no ranges, even where the reference's native form would have been wrong (ranks past
 * 2^31 print with a sign and so make it longer). JPMIx must then give the same bytes.
 *
 * <p>Feed it element by element; not thread-safe.
 */
final class ReferencePpnLength {
    /** {@code "pmix["}; each range then adds its text and one separator, the last one being {@code ]}. */
    private long length = Forms.NATIVE_TAG.length();
    private boolean open;
    private int start;
    private int count;

    /** Starts a node: the reference's current range is reset per node (section 5.3). */
    void node() {
        close();
    }

    /** A single rank as the reference reads it ({@code strtol} into an {@code int}). */
    void rank(int v) {
        if (open && v == start + count) {
            count++;
            return;
        }
        close();
        open = true;
        start = v;
        count = 1;
    }

    /** A range element {@code a-b} as the reference reads it: a continuation adds one rank only (section 9.4). */
    void range(int a, int b) {
        if (open && a == start + count) {
            count++;
            return;
        }
        close();
        open = true;
        start = a;
        count = b - a + 1;
    }

    long length() {
        close();
        return length;
    }

    private void close() {
        if (!open) {
            return;
        }
        length += intLength(start) + 1;
        if (count != 1) {
            length += 1 + intLength(start + count - 1);
        }
        open = false;
    }

    /** Characters of {@code %d}. */
    static int intLength(int v) {
        return v < 0 ? 1 + Decimal.length(-(long) v) : Decimal.length(v);
    }
}
