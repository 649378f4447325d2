package io.github.jpmix.benchmarks;

import io.github.jpmix.common.Info;
import io.github.jpmix.server.WireupInfo;
import java.util.List;

/**
 * The job the store and wireup benchmarks register: {@code nodes} x {@code ppn} ranks in blocks, seen
 * from {@link #LOCAL}.
 */
public final class Jobs {
    /** The node the benchmark's store runs on: it hosts ranks {@code ppn .. 2*ppn-1}. */
    public static final String LOCAL = "nid00001";

    private Jobs() {
    }

    public static List<Info> wireup(String nspace, int nodes, int ppn) {
        WireupInfo w = WireupInfo.of(nspace);
        int[] ranks = new int[ppn];
        for (int n = 0; n < nodes; n++) {
            for (int i = 0; i < ppn; i++) {
                ranks[i] = n * ppn + i;
            }
            w.node(String.format("nid%05d", n), ranks);
        }
        return w.build(LOCAL);
    }
}
