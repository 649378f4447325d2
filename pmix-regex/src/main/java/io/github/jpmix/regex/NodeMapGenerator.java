package io.github.jpmix.regex;

import java.util.List;

/**
 * Node-list generation: OpenPMIx 4.2.2's native algorithm (regex-format.md section 3) with its
 * bugs fixed so that the output always parses back to the input, in order, and is byte for byte
 * the reference's wherever the reference's output is right.
 *
 * <p>The reference compares each name with every earlier group (quadratic) and may merge it into
 * a group that is no longer the last one, jumping over literals and prefix-less names: that is
 * its reordering bug (section 9.1). Its skip flags make the first matching group the last group
 * in every history without such a jump, so "merge only into the last group, when prefix, suffix
 * and width are equal" is the reference's rule exactly where the reference keeps the order, and
 * never reorders. It needs no index: one pass, one open group, output streamed as it goes.
 *
 * <p>Other fixes: numbers are exact {@code long}s, not C {@code int}s (section 9.3), and a number
 * past {@code 2^63-1}, which no parser reads back, makes the name a literal; prefixes of any length
 * (section 9.6); a list with a name containing {@code [} is sent as {@code raw:} (section 9.7).
 */
final class NodeMapGenerator {
    private static final String WHAT = "node map";

    private final StringBuilder out;
    /** The open group, or null: the name that created it and where its digits are. */
    private String group;
    private int groupDigits;
    private int groupSuffix;
    /** The group's last range, {@code [start, end]}; valid while {@link #group} is not null. */
    private long start;
    private long end;
    private boolean firstRange;
    private boolean firstItem = true;

    private NodeMapGenerator(int capacity) {
        out = new StringBuilder(capacity);
    }

    /** See {@link NodeRegex#generate(List)}. */
    static String generate(List<String> names) {
        if (names.isEmpty()) {
            // Section 1 table: with the default components the empty list gives "raw:"; it parses back empty.
            return Forms.RAW_TAG;
        }
        NodeMapGenerator g = new NodeMapGenerator(Math.min(names.size(), 1 << 16) * 12 + 64);
        g.out.append(Forms.NATIVE_TAG);
        boolean raw = false;
        int index = 0;
        for (String name : names) {
            raw |= g.add(nonNull(name, index), index, raw);
            index++;
        }
        if (raw) {
            return Forms.RAW_TAG + String.join(",", names);
        }
        g.closeGroup();
        return g.out.append(']').toString();
    }

    /** The blob's text: the names joined by ',' (section 7), after the same checks as generate. */
    static String joinForBlob(List<String> names) {
        int index = 0;
        for (String name : names) {
            check(nonNull(name, index), index);
            index++;
        }
        return String.join(",", names);
    }

    /** {@code requireNonNull} without building the message for every name. */
    private static String nonNull(String name, int index) {
        if (name == null) {
            throw new NullPointerException("names[" + index + "]");
        }
        return name;
    }

    /**
     * Throws for a name no form can carry; returns true when only {@code raw:} can (it holds {@code [}).
     */
    private static boolean check(String name, int index) {
        if (name.isEmpty()) {
            // Section 9.5: an empty name becomes an empty item, which the reference's parser rejects.
            throw Malformed.of(WHAT, "name " + index + " is empty; no node-map form can carry an empty name");
        }
        boolean bracket = false;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == ',' || c == '\0') {
                throw Malformed.of(WHAT, "name " + index + " " + Malformed.quote(name) + " contains "
                        + (c == ',' ? "',', the list separator" : "NUL, which ends a C string") + "; no node-map form can carry it");
            }
            bracket |= c == '[';
        }
        return bracket;
    }

    /** Adds one name; returns true when it forces the raw form. Once raw, only checks. */
    private boolean add(String name, int index, boolean raw) {
        int len = name.length();
        // Section 3.2: letters before the first digit are the prefix, the first digit starts the
        // number, letters and digits after it are skipped (they are the suffix), and any other
        // character makes a literal. One pass, the value accumulated on the way.
        int i = 0;
        while (i < len && Decimal.isLetter(name.charAt(i))) {
            i++;
        }
        int digits = i;
        long value = 0;
        while (i < len) {
            int d = name.charAt(i) - '0';
            if (d < 0 || d > 9) {
                break;
            }
            value = value * 10 + d;
            i++;
        }
        int suffix = i;
        boolean literal = suffix == digits;
        while (!literal && i < len) {
            char c = name.charAt(i++);
            literal = !Decimal.isLetter(c) && !Decimal.isDigit(c);
        }
        if (literal && check(name, index)) {
            return true;
        }
        if (raw) {
            return false;
        }
        if (suffix - digits > 18) {
            // Section 9.3: past 2^63-1 even OpenPMIx's parser (strtol into size_t) misreads the
            // number; as a literal the name travels verbatim.
            value = Decimal.value(name, digits, suffix);
            literal |= value < 0;
        }
        if (literal) {
            addLiteral(name);
        } else {
            addNumbered(name, digits, suffix, value);
        }
        return false;
    }

    private void addLiteral(String name) {
        // Section 3.3: a literal is its own item and keeps its place.
        closeGroup();
        separate();
        out.append(name);
    }

    private void addNumbered(String name, int digits, int suffix, long value) {
        int width = suffix - digits;
        if (group != null && sameGroup(name, digits, suffix)) {
            // Section 3.5: the value extends the last range if it follows it, else opens a range.
            if (value > 0 && value - 1 == end) {
                end = value;
            } else {
                appendRange();
                start = value;
                end = value;
            }
            return;
        }
        closeGroup();
        separate();
        // Section 3.6: prefix, '[', width, ':', ranges, ']', suffix.
        out.append(name, 0, digits).append('[').append(width).append(':');
        group = name;
        groupDigits = digits;
        groupSuffix = suffix;
        start = value;
        end = value;
        firstRange = true;
    }

    private boolean sameGroup(String name, int digits, int suffix) {
        int suffixLength = name.length() - suffix;
        return digits == groupDigits
                && suffix - digits == groupSuffix - groupDigits
                && suffixLength == group.length() - groupSuffix
                && name.regionMatches(0, group, 0, digits)
                && name.regionMatches(suffix, group, groupSuffix, suffixLength);
    }

    private void separate() {
        if (!firstItem) {
            out.append(',');
        }
        firstItem = false;
    }

    private void appendRange() {
        if (!firstRange) {
            out.append(',');
        }
        firstRange = false;
        if (start == end) {
            appendValue(start, true);
        } else {
            appendValue(start, false);
            out.append('-');
            appendValue(end, true);
        }
    }

    /**
     * Section 9.3: the reference prints numbers with {@code %d} of an {@code int}. 2^31 comes out
     * as {@code -2147483648}, which both parsers read back as 2^31 (they skip the sign), so as a
     * single value or a range end it is printed that way, as the reference does. Everywhere else
     * the reference's number would be wrong, and JPMIx prints the exact value.
     */
    private void appendValue(long v, boolean singleOrEnd) {
        if (v == Decimal.TWO_POW_31 && singleOrEnd) {
            out.append("-2147483648");
        } else {
            out.append(v);
        }
    }

    private void closeGroup() {
        if (group == null) {
            return;
        }
        appendRange();
        out.append(']').append(group, groupSuffix, group.length());
        group = null;
    }
}
