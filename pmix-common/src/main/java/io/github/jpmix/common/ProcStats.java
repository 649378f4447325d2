package io.github.jpmix.common;

import java.util.Objects;

/**
 * A process's resource usage sample ({@code pmix_proc_stats_t}, {@code PMIX_PROC_STATS}).
 * Memory figures are in MBytes, as in C.
 */
public record ProcStats(String node, Proc proc, int pid, String cmd, char state, TimeVal time,
        float percentCpu, int priority, int numThreads, float pss, float vsize, float rss, float peakVsize,
        int processor, TimeVal sampleTime) {
    public ProcStats {
        Objects.requireNonNull(proc, "proc");
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(sampleTime, "sampleTime");
        if ((numThreads & ~0xFFFF) != 0 || (processor & ~0xFFFF) != 0) {
            throw new PmixException(Status.ERR_BAD_PARAM,
                    "proc stats: not uint16: numThreads=" + numThreads + " processor=" + processor);
        }
    }
}
