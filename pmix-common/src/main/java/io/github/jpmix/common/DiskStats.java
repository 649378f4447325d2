package io.github.jpmix.common;

/** A disk's I/O counters ({@code pmix_disk_stats_t}, {@code PMIX_DISK_STATS}); every counter is a uint64. */
public record DiskStats(String disk, long numReadsCompleted, long numReadsMerged, long numSectorsRead,
        long millisecondsReading, long numWritesCompleted, long numWritesMerged, long numSectorsWritten,
        long millisecondsWriting, long numIosInProgress, long millisecondsIo, long weightedMillisecondsIo) {
}
