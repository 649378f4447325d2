package io.github.jpmix.gds;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Rank;
import io.github.jpmix.common.Status;
import java.util.ArrayList;
import java.util.List;

/**
 * The one place the store parses node maps and proc maps ({@code PMIX_NODE_MAP},
 * {@code PMIX_PROC_MAP}).
 *
 * <p>The real parsers belong to pmix-regex: {@code NodeRegex.parse(String)} ({@code List<String>})
 * and {@code PpnRegex.parse(String)} ({@code List<int[]>}, the ranks of each node). Until they exist
 * on this branch, this class reads what OpenPMIx's base fallback and its {@code raw} component read
 * ({@code spec/regex-format.md} section 8): an optional {@code raw:} prefix, then nodes separated by
 * {@code ,}, and for procs, nodes separated by {@code ;}, each a {@code ,}-separated list of ranks
 * (an element {@code a-b} is the ranks a to b). Empty tokens vanish, as {@code pmix_argv_split}
 * drops them. On merge, {@link #nodes} and {@link #procs} become one call each to pmix-regex.
 *
 * <p>Like {@code PpnRegex.parse}, {@link #procs} expands every rank: a 1,000,000-rank map is a
 * transient 4 MB of ints while a namespace registers; {@link JobLayout} keeps only ranges.
 */
final class Maps {
    private static final String RAW = "raw:";

    private Maps() {
    }

    /** The node names of a node map, in map order. */
    static List<String> nodes(String map) {
        String s = map.startsWith(RAW) ? map.substring(RAW.length()) : map;
        List<String> out = new ArrayList<>();
        int start = 0;
        while (start <= s.length()) {
            int end = s.indexOf(',', start);
            if (end < 0) {
                end = s.length();
            }
            if (end > start) {
                out.add(s.substring(start, end));
            }
            start = end + 1;
        }
        return out;
    }

    /**
     * The ranks of each node of a proc map, in map order.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} for an element that is not a rank or a range
     */
    static List<int[]> procs(String map) {
        String s = map.startsWith(RAW) ? map.substring(RAW.length()) : map;
        List<int[]> out = new ArrayList<>();
        int start = 0;
        while (start <= s.length()) {
            int end = s.indexOf(';', start);
            if (end < 0) {
                end = s.length();
            }
            if (end > start) {
                out.add(ranks(s, start, end, map));
            }
            start = end + 1;
        }
        return out;
    }

    private static int[] ranks(String s, int from, int to, String map) {
        int[] out = new int[16];
        int n = 0;
        int start = from;
        while (start <= to) {
            int end = s.indexOf(',', start);
            if (end < 0 || end > to) {
                end = to;
            }
            if (end > start) {
                int dash = s.indexOf('-', start);
                long first;
                long last;
                if (dash > start && dash < end - 1) {
                    first = number(s, start, dash, map);
                    last = number(s, dash + 1, end, map);
                } else {
                    first = number(s, start, end, map);
                    last = first;
                }
                if (last < first || last >= Integer.toUnsignedLong(Rank.VALID)) {
                    throw bad(map, s.substring(start, end));
                }
                for (long r = first; r <= last; r++) {
                    if (n == out.length) {
                        out = java.util.Arrays.copyOf(out, n * 2);
                    }
                    out[n++] = (int) r;
                }
            }
            start = end + 1;
        }
        return java.util.Arrays.copyOf(out, n);
    }

    private static long number(String s, int from, int to, String map) {
        if (to - from > 10) {
            throw bad(map, s.substring(from, to));
        }
        long v = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                throw bad(map, s.substring(from, to));
            }
            v = v * 10 + (c - '0');
        }
        if (v >= Integer.toUnsignedLong(Rank.VALID)) {
            throw bad(map, s.substring(from, to));
        }
        return v;
    }

    private static PmixException bad(String map, String element) {
        String shown = map.length() > 80 ? map.substring(0, 80) + "..." : map;
        return new PmixException(Status.ERR_BAD_PARAM,
                "register: pmix.pmap: '" + element + "' is not a rank or a rank range in '" + shown + "'");
    }
}
