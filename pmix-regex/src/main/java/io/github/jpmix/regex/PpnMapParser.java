package io.github.jpmix.regex;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The native proc-map parser, {@code pmix[...]} (regex-format.md section 6), and the two shapes
 * its result takes: the per-node strings OpenPMIx stores as {@code PMIX_LOCAL_PEERS}, and ranks.
 *
 * <p>Equal to the reference on everything OpenPMIx generates: an element without {@code -} is
 * copied verbatim (section 6.4); an element with one is split at its first {@code -} and both
 * sides read with C {@code strtol} into an {@code int} (section 6.5), so {@code -1}, which the
 * reference generates for rank 4294967295, reads as 0-1. Elements must look like what
 * {@code %d} or {@code %d-%d} prints. Malformed input fails with {@code ERR_BAD_PARAM} and a
 * position: empty nodes or elements (a NULL dereference in the reference, section 6.2-6.3),
 * junk, reversed ranges (the reference stores an empty node and its server crashes, section 8),
 * and ranges ending at 2147483647 (the reference never returns, section 6.5).
 */
final class PpnMapParser {
    private static final String WHAT = "proc map";

    private PpnMapParser() {
    }

    /** Receives the parsed map node by node. */
    interface Sink {
        void beginNode();

        /** A rank element copied as written: {@code s[from, to)}, ASCII digits. */
        void verbatim(String s, int from, int to);

        /** The values {@code start..end} printed with {@code %d}. */
        void range(int start, int end, String s, int pos);

        void endNode();
    }

    /** Parses {@code s}, which starts with {@code pmix[}, into the sink. */
    static void parse(String s, Budget budget, Sink sink) {
        int end = s.length() - 1;
        int pos = Forms.NATIVE_TAG.length();
        if (s.charAt(end) != ']' || end < pos) {
            throw Malformed.at(WHAT, s, s.length(), "the map does not end with ']'");
        }
        if (pos == end) {
            throw Malformed.at(WHAT, s, pos, "no nodes between 'pmix[' and ']'");
        }
        while (true) {
            int nodeEnd = PpnText.indexOf(s, ';', pos, end);
            if (nodeEnd == pos) {
                throw Malformed.at(WHAT, s, pos, "empty node");
            }
            sink.beginNode();
            int e = pos;
            while (true) {
                int elementEnd = PpnText.indexOf(s, ',', e, nodeEnd);
                if (elementEnd == e) {
                    throw Malformed.at(WHAT, s, e, "empty element");
                }
                element(s, e, elementEnd, budget, sink);
                if (elementEnd == nodeEnd) {
                    break;
                }
                e = elementEnd + 1;
            }
            sink.endNode();
            if (nodeEnd == end) {
                return;
            }
            pos = nodeEnd + 1;
        }
    }

    private static void element(String s, int from, int to, Budget budget, Sink sink) {
        int dash = PpnText.indexOf(s, '-', from, to);
        if (dash == to) {
            if (!Decimal.isRun(s, from, to)) {
                throw Malformed.at(WHAT, s, from, "expected a rank, not " + Malformed.quote(s.substring(from, to)));
            }
            budget.charge(1, to - from + 1, s, from);
            sink.verbatim(s, from, to);
            return;
        }
        checkShape(s, from, to);
        int start = Decimal.strtolInt(s, from, dash);
        int last = Decimal.strtolInt(s, dash + 1, to);
        if (start > last) {
            throw Malformed.at(WHAT, s, from, "range " + s.substring(from, to) + " is reversed (" + start + " > " + last
                    + "); OpenPMIx would store a node without ranks and its server would crash (regex-format.md section 8)");
        }
        if (last == Integer.MAX_VALUE) {
            throw Malformed.at(WHAT, s, from, "range " + s.substring(from, to)
                    + " ends at 2147483647; OpenPMIx's parser never returns from it (regex-format.md section 6.5)");
        }
        long count = (long) last - start + 1;
        budget.charge(count, 12, s, from);
        sink.range(start, last, s, from);
    }

    /** {@code A} or {@code A-A} with {@code A = ['-'] digits}, as {@code %d} and {@code %d-%d} print. */
    private static void checkShape(String s, int from, int to) {
        int p = from;
        if (s.charAt(p) == '-') {
            p++;
        }
        int q = Decimal.runEnd(s, p, to);
        boolean ok = q > p;
        if (ok && q < to) {
            q++;
            if (q < to && s.charAt(q) == '-') {
                q++;
            }
            int r = Decimal.runEnd(s, q, to);
            ok = r > q && r == to;
        }
        if (!ok) {
            throw Malformed.at(WHAT, s, from, "expected a rank or a range a-b, not " + Malformed.quote(s.substring(from, to)));
        }
    }

    /** The {@code PMIX_LOCAL_PEERS} strings: per node, its ranks joined with {@code ,}. */
    static final class LocalPeers implements Sink {
        final List<String> nodes = new ArrayList<>();
        private final StringBuilder node = new StringBuilder(64);

        @Override
        public void beginNode() {
            node.setLength(0);
        }

        @Override
        public void verbatim(String s, int from, int to) {
            separate();
            node.append(s, from, to);
        }

        @Override
        public void range(int start, int end, String s, int pos) {
            for (int v = start; ; v++) {
                separate();
                node.append(v);
                if (v == end) {
                    break;
                }
            }
        }

        @Override
        public void endNode() {
            nodes.add(node.toString());
        }

        private void separate() {
            if (node.length() > 0) {
                node.append(',');
            }
        }
    }

    /** Ranks per node, each a {@code uint32} held in an {@code int}. */
    static final class Ranks implements Sink {
        final List<int[]> nodes = new ArrayList<>();
        private int[] node = new int[64];
        private int size;

        @Override
        public void beginNode() {
            size = 0;
        }

        @Override
        public void verbatim(String s, int from, int to) {
            add(rank(s, from, to));
        }

        @Override
        public void range(int start, int end, String s, int pos) {
            if (start < 0) {
                throw Malformed.at(WHAT, s, pos, "range " + start + ".." + end + " holds negative numbers, not ranks");
            }
            if (node.length - size < (long) end - start + 1) {
                node = Arrays.copyOf(node, (int) Math.max(node.length * 2L, size + ((long) end - start + 1)));
            }
            for (int v = start; ; v++) {
                node[size++] = v;
                if (v == end) {
                    break;
                }
            }
        }

        @Override
        public void endNode() {
            nodes.add(Arrays.copyOf(node, size));
        }

        private void add(int rank) {
            if (size == node.length) {
                node = Arrays.copyOf(node, size * 2);
            }
            node[size++] = rank;
        }

        /**
         * A rank element as {@code PMIx_Resolve_peers} would read it, but strictly: a number
         * {@code strtol} reads completely ({@link Decimal#rank}) that fits {@code uint32}.
         */
        static int rank(String s, int from, int to) {
            long v = Decimal.rank(s, from, to);
            if (v < 0 && !Decimal.isRun(s, from, to)) {
                throw Malformed.at(WHAT, s, from, "expected a rank, not " + Malformed.quote(s.substring(from, to)));
            }
            if (v < 0 || v > 0xFFFF_FFFFL) {
                throw Malformed.at(WHAT, s, from, "rank " + s.substring(from, to) + " does not fit in 32 bits");
            }
            return (int) v;
        }

        /** One per-node string of a raw, blob or plain map: its ranks, split on {@code ,} (empties dropped). */
        void node(String s, int from, int to) {
            beginNode();
            int e = from;
            while (e <= to) {
                int end = PpnText.indexOf(s, ',', e, to);
                if (end > e) {
                    add(rank(s, e, end));
                }
                e = end + 1;
            }
            if (size == 0) {
                throw Malformed.at(WHAT, s, from, "node " + nodes.size() + " has no ranks");
            }
            endNode();
        }
    }
}
