package io.github.jpmix.common;

import java.util.List;
import java.util.Objects;

/**
 * A node's load and memory sample ({@code pmix_node_stats_t}, {@code PMIX_NODE_STATS}), with its
 * disks and network interfaces. Memory figures are in MBytes, as in C.
 */
public record NodeStats(String node, float la, float la5, float la15, float totalMem, float freeMem,
        float buffers, float cached, float swapCached, float swapTotal, float swapFree, float mapped,
        TimeVal sampleTime, List<DiskStats> diskStats, List<NetStats> netStats) {
    public NodeStats {
        Objects.requireNonNull(sampleTime, "sampleTime");
        diskStats = List.copyOf(diskStats);
        netStats = List.copyOf(netStats);
    }
}
