package io.github.jpmix.benchmarks.startup;

import io.github.jpmix.client.PmixClient;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.Proc;
import java.time.Duration;
import java.time.Instant;

/**
 * The process {@link ColdInit} starts: a fresh JVM that inits a client once and prints one line
 * {@code coldinit rank R size J main M init I get G cpu C} (milliseconds): JVM start (the launcher's
 * clock just before it started the process; under another launcher, the JVM's own start time) to
 * {@code main}, {@code PmixClient.init} wall time, the first
 * {@code get} of a job fact after it, and the process's CPU time when init returned. It also runs
 * under {@code bin/pmixrun}:
 *
 * <pre>JPMIX_APP_CLASSPATH=benchmarks/target/benchmarks-0.1.0-SNAPSHOT.jar \
 *     bin/pmixrun -n 2 --job-size 1000000 io.github.jpmix.benchmarks.startup.ColdInitClient</pre>
 */
public final class ColdInitClient {
    /** The launcher's wall clock, in microseconds since the epoch, just before it started this JVM. */
    static final String LAUNCHED = "JPMIX_COLDINIT_LAUNCHED_US";

    private ColdInitClient() {
    }

    public static void main(String[] args) {
        long t0 = System.nanoTime();
        Instant atMain = Instant.now();
        try (PmixClient client = PmixClient.init()) {
            long t1 = System.nanoTime();
            Duration cpu = ProcessHandle.current().info().totalCpuDuration().orElse(Duration.ZERO);
            int size = client.get(Proc.wildcard(client.proc().namespace()), Keys.JOB_SIZE);
            long t2 = System.nanoTime();
            String launched = System.getenv(LAUNCHED);
            // under another launcher (bin/pmixrun): the JVM's own start time, read only now (it loads
            // java.management); it leaves out the fork and exec before the JVM starts
            long startUs = launched != null ? Long.parseLong(launched)
                    : java.lang.management.ManagementFactory.getRuntimeMXBean().getStartTime() * 1000;
            double toMain = (micros(atMain) - startUs) / 1e3;
            System.out.printf("coldinit rank %d size %d main %.1f init %.1f get %.1f cpu %.1f%n", client.proc().rank(),
                    size, toMain, (t1 - t0) / 1e6, (t2 - t1) / 1e6, cpu.toNanos() / 1e6);
            if (System.getenv(THREADS) != null) {
                System.out.println(threadCpu());
            }
        }
    }

    /** Set by {@code ColdInit -v}: also print where the CPU time went, per thread (from /proc). */
    static final String THREADS = "JPMIX_COLDINIT_THREADS";

    /** CPU milliseconds per thread name (user + system, from {@code /proc/self/task}), largest first. */
    private static String threadCpu() {
        java.util.Map<String, Long> ms = new java.util.TreeMap<>();
        try (java.util.stream.Stream<java.nio.file.Path> tasks = java.nio.file.Files.list(java.nio.file.Path.of("/proc/self/task"))) {
            for (java.nio.file.Path t : (Iterable<java.nio.file.Path>) tasks::iterator) {
                String stat = java.nio.file.Files.readString(t.resolve("stat"));
                String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replaceAll("#?\\d+$", "").trim();
                String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]);
                ms.merge(name, ticks * 10, Long::sum);
            }
        } catch (java.io.IOException | RuntimeException e) {
            return "threads: " + e;
        }
        StringBuilder sb = new StringBuilder("threads (CPU ms):");
        ms.entrySet().stream().filter(e -> e.getValue() > 0).sorted((a, b) -> Long.compare(b.getValue(), a.getValue()))
                .forEach(e -> sb.append(' ').append(e.getKey()).append('=').append(e.getValue()));
        return sb.toString();
    }

    static long micros(Instant t) {
        return t.getEpochSecond() * 1_000_000L + t.getNano() / 1_000;
    }
}
