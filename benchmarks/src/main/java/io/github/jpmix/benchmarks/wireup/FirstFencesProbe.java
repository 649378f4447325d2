package io.github.jpmix.benchmarks.wireup;

import io.github.jpmix.client.PmixClient;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.internal.JvmFlags;
import java.util.Arrays;

/**
 * How a fresh job's fences speed up as the JIT compiles their code (docs/startup.md, "The first fences
 * of a fresh job"): each process fences without data FENCES times (default 1,000) straight after init,
 * and prints the median of every block of {@value #BLOCK} fences. Not a test: run with the JVM options
 * to compare,
 *
 * <pre>JPMIX_APP_CLASSPATH=benchmarks/target/classes bin/pmixrun -n 2 io.github.jpmix.benchmarks.wireup.FirstFencesProbe [FENCES]</pre>
 *
 * ({@code JPMIX_JVM_OPTIONS} for the ranks, {@code JPMIX_LAUNCHER_JVM_OPTIONS} for the server).
 */
public final class FirstFencesProbe {
    static final int BLOCK = 100;

    private FirstFencesProbe() {
    }

    public static void main(String[] args) {
        JvmFlags.disableChronicleAnalytics();
        int fences;
        try {
            fences = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        } catch (NumberFormatException e) {
            fences = -1;
        }
        if (args.length > 1 || fences < 1) {
            System.err.println("usage: FirstFencesProbe [FENCES]   (FENCES >= 1, default 1000)");
            System.exit(2);
        }
        try (PmixClient client = PmixClient.init()) {
            long[] ns = WireupBenchClient.timeFences(client, new long[fences]);
            System.out.println("rank " + client.proc().rank() + " fence medians per " + BLOCK + " (us): "
                    + blockMedians(ns));
        } catch (PmixException e) {
            System.err.println("first fences probe failed: " + e.getMessage());
            System.exit(1);
        }
    }

    /** The median of each block of {@value #BLOCK} samples (the last may be shorter), microseconds, space-separated. */
    static String blockMedians(long[] ns) {
        StringBuilder out = new StringBuilder();
        for (int from = 0; from < ns.length; from += BLOCK) {
            long[] block = Arrays.copyOfRange(ns, from, Math.min(ns.length, from + BLOCK));
            Arrays.sort(block);
            out.append(out.length() == 0 ? "" : " ").append(WireupBench.percentile(block, 50) / 1000);
        }
        return out.toString();
    }
}
