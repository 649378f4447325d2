package io.github.jpmix.benchmarks.regex;

import java.util.ArrayList;
import java.util.List;

/**
 * The benchmark inputs, defined once here and once in {@code benchmarks/reference/regex/regex_bench.c}
 * (keep the two identical): node lists of realistic host names and proc maps of 16 ranks per node.
 */
final class RegexInputs {
    /** Ranks per node in the proc maps. */
    static final int RANKS_PER_NODE = 16;

    private RegexInputs() {
    }

    /**
     * Node {@code i} of a "plain" list: {@code nid000001}, {@code nid000002}, ... one run.
     * Node {@code i} of a "mixed" list: the same with a gap of 7 numbers after every 1000 nodes,
     * and every hundredth node a GPU node {@code gpu0000n1}, {@code gpu0001n1}, ... interrupting
     * the run, so the map has thousands of groups. OpenPMIx and JPMIx produce the same map for
     * both.
     */
    static String nodeName(int i, boolean mixed) {
        if (!mixed) {
            return String.format("nid%06d", i + 1);
        }
        if (i % 100 == 42) {
            return String.format("gpu%04dn1", i / 100);
        }
        return String.format("nid%06d", i + 1 + (i / 1000) * 7);
    }

    static List<String> nodeNames(int n, boolean mixed) {
        List<String> names = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            names.add(nodeName(i, mixed));
        }
        return names;
    }

    /** Node {@code k} runs ranks {@code 16k .. 16k+15}: a block mapping. */
    static List<int[]> procMap(int nodes) {
        List<int[]> map = new ArrayList<>(nodes);
        for (int k = 0; k < nodes; k++) {
            int[] ranks = new int[RANKS_PER_NODE];
            for (int i = 0; i < RANKS_PER_NODE; i++) {
                ranks[i] = k * RANKS_PER_NODE + i;
            }
            map.add(ranks);
        }
        return map;
    }

    /** The proc map as {@code PMIx_generate_ppn} takes it: ranks joined with ',', nodes with ';'. */
    static String procMapText(int nodes) {
        StringBuilder b = new StringBuilder(nodes * RANKS_PER_NODE * 8);
        for (int[] ranks : procMap(nodes)) {
            if (b.length() > 0) {
                b.append(';');
            }
            for (int i = 0; i < ranks.length; i++) {
                b.append(i > 0 ? "," : "").append(ranks[i]);
            }
        }
        return b.toString();
    }
}
