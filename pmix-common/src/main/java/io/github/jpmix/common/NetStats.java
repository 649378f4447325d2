package io.github.jpmix.common;

/** A network interface's counters ({@code pmix_net_stats_t}, {@code PMIX_NET_STATS}); every counter is a uint64. */
public record NetStats(String netInterface, long numBytesRecvd, long numPacketsRecvd, long numRecvErrs,
        long numBytesSent, long numPacketsSent, long numSendErrs) {
}
