package io.github.jpmix.regex;

import java.util.ArrayList;
import java.util.List;

/**
 * The native node-map parser, {@code pmix[...]} (regex-format.md section 4), strict where the
 * reference silently produces garbage or crashes, and equal to it on everything OpenPMIx
 * generates, quirks included:
 *
 * <ul>
 *   <li>a range bound is a digit run after an optional {@code -}: the reference's generator
 *       prints C {@code int}s, so {@code node[10:-2147483648]} is node 2147483648 and
 *       {@code 2147483646--2147483648} a range up to it (sections 4.4, 9.3);
 *   <li>a literal is any text without {@code ,} and {@code [}, so {@code node]} and
 *       {@code node:1} are names (section 4.2, 9.7).
 * </ul>
 *
 * Malformed input (section 4.2-4.5: empty items, a missing width or {@code ]}, empty or junk
 * ranges, reversed ranges, values wider than the width, widths of 0 or absurd size, brackets in
 * a prefix or suffix, text after the final {@code ]}) fails with {@code ERR_BAD_PARAM} naming the
 * position. Expansion is charged to a {@link Budget} before it happens.
 */
final class NodeMapParser {
    private static final String WHAT = "node map";

    private final String s;
    /** Index of the final {@code ]}: the body is {@code [5, end)}. */
    private final int end;
    private final Budget budget;
    private final List<String> out = new ArrayList<>();

    private NodeMapParser(String s, Budget budget) {
        this.s = s;
        this.end = s.length() - 1;
        this.budget = budget;
    }

    /** Parses {@code s}, which starts with {@code pmix[}. */
    static List<String> parse(String s, Budget budget) {
        NodeMapParser p = new NodeMapParser(s, budget);
        p.items();
        return p.out;
    }

    private void items() {
        int pos = Forms.NATIVE_TAG.length();
        if (s.charAt(end) != ']' || end < pos) {
            // Section 4.1: the reference deletes the last character whatever it is (section 9.7).
            throw Malformed.at(WHAT, s, s.length(), "the map does not end with ']'");
        }
        if (pos == end) {
            throw Malformed.at(WHAT, s, pos, "no items between 'pmix[' and ']'");
        }
        while (true) {
            int i = pos;
            while (i < end && s.charAt(i) != '[' && s.charAt(i) != ',') {
                i++;
            }
            if (i < end && s.charAt(i) == '[') {
                pos = ranged(pos, i);
            } else {
                if (i == pos) {
                    // Section 4.2: the reference rejects an empty literal too, then falls back.
                    throw Malformed.at(WHAT, s, pos, "empty item");
                }
                budget.charge(1, i - pos + 1, s, pos);
                out.add(s.substring(pos, i));
                pos = i;
            }
            if (pos == end) {
                return;
            }
            pos++;
            if (pos == end) {
                throw Malformed.at(WHAT, s, pos, "empty item after ','");
            }
        }
    }

    /** One {@code prefix[width:ranges]suffix} item; returns the index after it ({@code ,} or the end). */
    private int ranged(int itemStart, int bracket) {
        for (int i = itemStart; i < bracket; i++) {
            if (s.charAt(i) == ']') {
                throw Malformed.at(WHAT, s, i, "unbalanced ']' in the prefix " + Malformed.quote(s.substring(itemStart, bracket)));
            }
        }
        int w = bracket + 1;
        int wEnd = Decimal.runEnd(s, w, end);
        if (wEnd == w) {
            throw Malformed.at(WHAT, s, w, "missing width after '['");
        }
        if (wEnd == end || s.charAt(wEnd) != ':') {
            throw Malformed.at(WHAT, s, wEnd, "expected ':' after the width " + s.substring(w, wEnd));
        }
        long width = Decimal.value(s, w, wEnd);
        if (width == 0) {
            // Section 9.6: the reference writes before its buffer.
            throw Malformed.at(WHAT, s, w, "width 0");
        }
        int r = wEnd + 1;
        int close = r;
        while (close < end && s.charAt(close) != ']') {
            char c = s.charAt(close);
            if (c == '[') {
                throw Malformed.at(WHAT, s, close, "unbalanced '[' inside the ranges");
            }
            close++;
        }
        if (close == end) {
            throw Malformed.at(WHAT, s, bracket, "missing ']' after the ranges");
        }
        if (close == r) {
            throw Malformed.at(WHAT, s, r, "no ranges between ':' and ']'");
        }
        int suffix = close + 1;
        int suffixEnd = suffix;
        while (suffixEnd < end && s.charAt(suffixEnd) != ',') {
            char c = s.charAt(suffixEnd);
            if (c == '[' || c == ']') {
                throw Malformed.at(WHAT, s, suffixEnd, "unbalanced '" + c + "' in the suffix");
            }
            suffixEnd++;
        }
        int prefixLength = bracket - itemStart;
        int suffixLength = suffixEnd - suffix;
        long nameLength = prefixLength + suffixLength + width;
        if (width < 0 || nameLength > budget.maxChars()) {
            throw Malformed.at(WHAT, s, w, "width " + s.substring(w, wEnd) + " is absurd (more than RegexLimits.maxChars, "
                    + budget.maxChars() + ")");
        }
        char[] buf = null;
        int seg = r;
        while (seg <= close) {
            int segEnd = PpnText.indexOf(s, ',', seg, close);
            if (segEnd == seg) {
                // Section 4.3: the reference only tolerates this at the very end ("[1:1,]").
                throw Malformed.at(WHAT, s, seg, "empty range");
            }
            long[] bounds = range(seg, segEnd, (int) width);
            long count = bounds[1] - bounds[0] + 1;
            budget.charge(count, nameLength + 1, s, seg);
            if (buf == null) {
                buf = new char[(int) nameLength];
                s.getChars(itemStart, bracket, buf, 0);
                s.getChars(suffix, suffixEnd, buf, (int) (prefixLength + width));
            }
            expand(buf, prefixLength, (int) width, bounds[0], count);
            seg = segEnd + 1;
        }
        return suffixEnd;
    }

    /**
     * One range {@code A} or {@code A-A}, {@code A = ['-'] digits}: what {@code %d} and
     * {@code %d-%d} print. The bounds are the digit runs, signs skipped (section 4.4).
     */
    private long[] range(int from, int to, int width) {
        int p = from;
        if (s.charAt(p) == '-') {
            p++;
        }
        int d1 = p;
        p = Decimal.runEnd(s, p, to);
        if (p == d1) {
            throw Malformed.at(WHAT, s, d1, "expected a number in the range " + Malformed.quote(s.substring(from, to)));
        }
        int e1 = p;
        int d2 = d1;
        int e2 = e1;
        if (p < to) {
            if (s.charAt(p) != '-') {
                throw Malformed.at(WHAT, s, p, "unexpected '" + s.charAt(p) + "' in the range " + Malformed.quote(s.substring(from, to)));
            }
            p++;
            if (p < to && s.charAt(p) == '-') {
                p++;
            }
            d2 = p;
            p = Decimal.runEnd(s, p, to);
            if (p == d2 || p != to) {
                throw Malformed.at(WHAT, s, p, "expected a number to end the range " + Malformed.quote(s.substring(from, to)));
            }
            e2 = p;
        }
        long a = bound(d1, e1, width);
        long b = bound(d2, e2, width);
        if (a > b) {
            // Section 4.4: the reference expands nothing, and the map loses names.
            throw Malformed.at(WHAT, s, from, "range " + s.substring(from, to) + " is reversed");
        }
        return new long[] {a, b};
    }

    private long bound(int from, int to, int width) {
        long v = Decimal.value(s, from, to);
        if (v < 0) {
            throw Malformed.at(WHAT, s, from, "number " + s.substring(from, to) + " is too large");
        }
        if (Decimal.length(v) > width) {
            // Section 4.5: the reference writes the digits over the prefix, or before its buffer.
            throw Malformed.at(WHAT, s, from, "value " + v + " is wider than its width " + width);
        }
        return v;
    }

    /** Adds {@code count} names from value {@code first} on, zero-padded to the width, counting in place. */
    private void expand(char[] buf, int digitsAt, int width, long first, long count) {
        int last = digitsAt + width - 1;
        long v = first;
        for (int i = last; i >= digitsAt; i--) {
            buf[i] = (char) ('0' + v % 10);
            v /= 10;
        }
        for (long k = 0; k < count; k++) {
            if (k > 0) {
                int i = last;
                while (buf[i] == '9') {
                    buf[i] = '0';
                    i--;
                }
                buf[i]++;
            }
            out.add(new String(buf));
        }
    }
}
