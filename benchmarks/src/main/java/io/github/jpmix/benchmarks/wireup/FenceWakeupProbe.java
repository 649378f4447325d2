package io.github.jpmix.benchmarks.wireup;

import io.github.jpmix.client.PmixClient;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.internal.JvmFlags;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;

/**
 * What the transport's back-off costs: how long a process that waits in a fence takes to be released
 * once the last participant arrives, after it (and the server) have been idle for a while, so that
 * they spun, yielded, then went to sleep on their sockets (docs/transport.md, "Waking"). Not a test:
 * run with two processes,
 *
 * <pre>JPMIX_APP_CLASSPATH=benchmarks/target/classes bin/pmixrun -n 2 io.github.jpmix.benchmarks.wireup.FenceWakeupProbe DIR [ROUNDS]</pre>
 *
 * Per idle period (0, 100 us, 1 ms, 10 ms, 100 ms, 1 s) and round: rank 0 enters the fence at once and
 * waits; rank 1 sleeps the idle period, then enters. Both record {@link System#nanoTime()} (one
 * monotonic clock for every process on Linux) when they enter and leave. Rank 0 prints, per period, the
 * median and the largest over the rounds of
 * <ul>
 *   <li>{@code release}: rank 1 enters to rank 0 leaves: server wake-up (if asleep), the fence, the
 *       release, and rank 0's receiver and caller waking up;</li>
 *   <li>{@code last}: rank 1's own fence call (its receiver is awake: it just sent).</li>
 * </ul>
 */
public final class FenceWakeupProbe {
    static final long[] IDLE_NS = {0, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000};

    private FenceWakeupProbe() {
    }

    public static void main(String[] args) throws IOException {
        JvmFlags.disableChronicleAnalytics();
        Path dir = Path.of(args[0]);
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        try (PmixClient client = PmixClient.init()) {
            int rank = client.proc().rank();
            for (int i = 0; i < 3000; i++) {
                client.fence(List.of()); // compiled, so what is measured is waking, not interpreting
            }
            StringBuilder out = new StringBuilder();
            for (long idle : IDLE_NS) {
                for (int r = 0; r < rounds; r++) {
                    if (rank != 0 && idle > 0) {
                        LockSupport.parkNanos(idle);
                    }
                    long enter = System.nanoTime();
                    client.fence(List.of());
                    long leave = System.nanoTime();
                    out.append(idle).append(' ').append(enter).append(' ').append(leave).append('\n');
                }
            }
            Files.writeString(dir.resolve("wake-" + rank + ".txt"), out);
            client.fence(List.of()); // both files are written
            if (rank == 0) {
                report(Files.readAllLines(dir.resolve("wake-0.txt")), Files.readAllLines(dir.resolve("wake-1.txt")));
            }
        } catch (PmixException e) {
            System.err.println("fence wake-up probe failed: " + e.getMessage());
            System.exit(1);
        }
    }

    private static void report(List<String> waiter, List<String> last) {
        System.out.println("idle_before_last_arrival release_median_us release_max_us last_median_us last_max_us");
        int i = 0;
        while (i < waiter.size()) {
            long idle = Long.parseLong(waiter.get(i).split(" ")[0]);
            List<Long> release = new ArrayList<>();
            List<Long> own = new ArrayList<>();
            for (; i < waiter.size() && Long.parseLong(waiter.get(i).split(" ")[0]) == idle; i++) {
                long[] w = Arrays.stream(waiter.get(i).split(" ")).mapToLong(Long::parseLong).toArray();
                long[] l = Arrays.stream(last.get(i).split(" ")).mapToLong(Long::parseLong).toArray();
                release.add(w[2] - l[1]);
                own.add(l[2] - l[1]);
            }
            System.out.printf(Locale.ROOT, "%.1fms %.1f %.1f %.1f %.1f%n", idle / 1e6, median(release) / 1e3,
                    max(release) / 1e3, median(own) / 1e3, max(own) / 1e3);
        }
    }

    private static long median(List<Long> xs) {
        long[] s = xs.stream().mapToLong(Long::longValue).sorted().toArray();
        return s[(s.length - 1) / 2];
    }

    private static long max(List<Long> xs) {
        return xs.stream().mapToLong(Long::longValue).max().orElse(0);
    }
}
