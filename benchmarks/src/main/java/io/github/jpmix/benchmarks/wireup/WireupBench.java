package io.github.jpmix.benchmarks.wireup;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.internal.JvmFlags;
import io.github.jpmix.server.internal.launch.CommandLineArgs;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The wireup benchmark command ({@code bin/jpmix-wireup-bench}): for each N, runs
 * {@code pmixrun --job-size J -n N} with N {@link WireupBenchClient}s, R times, pools the samples of
 * every client of every run per metric, and prints one line per metric:
 *
 * <pre>RESULT impl=jpmix metric=&lt;init|jvm_start|get_job_key|fence|modex|event&gt; N=&lt;n&gt; J=&lt;j&gt; median_us=&lt;x.y&gt; p99_us=&lt;x.y&gt; samples=&lt;k&gt;</pre>
 *
 * <p>Percentiles are nearest-rank over the pooled samples. Progress goes to stderr, results to stdout.
 * The job layout (N local ranks 0..N-1, the rest on simulated nodes of 16) is that of the OpenPMIx
 * reference harness in {@code benchmarks/reference/wireup/}.
 *
 * <p>{@code --warmup-seconds S} measures the steady state instead of a fresh JVM's first calls: each
 * phase is first repeated for S seconds ({@link WireupBenchClient}); the lines end with
 * {@code warmup_s=S}. The reference harness takes the same option, and {@code compare.sh} pairs only
 * lines with the same warm-up.
 *
 * <pre>WireupBench [--runs R] [--n "2 4 8 16"] [--j 10000] [--warmup-seconds S] [--pmixrun PATH]</pre>
 */
public final class WireupBench {
    static final List<String> METRICS = List.of("init", "jvm_start", "get_job_key", "fence", "modex", "event");

    private WireupBench() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        JvmFlags.disableChronicleAnalytics();
        int runs = 3;
        int jobSize = 10_000;
        int[] ns = {2, 4, 8, 16};
        String pmixrun = "bin/pmixrun";
        int warmupSeconds = 0;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (i + 1 >= args.length && !a.equals("-h") && !a.equals("--help")) {
                fail("option " + a + " needs a value");
            }
            switch (a) {
                case "--runs" -> runs = positive(a, args[++i]);
                case "--j" -> jobSize = positive(a, args[++i]);
                case "--n" -> ns = Arrays.stream(args[++i].trim().split("[\\s,]+")).mapToInt(s -> positive("--n", s)).toArray();
                case "--pmixrun" -> pmixrun = args[++i];
                case "--warmup-seconds" -> warmupSeconds = positive(a, args[++i]);
                case "-h", "--help" -> {
                    System.out.println("usage: jpmix-wireup-bench [--runs R] [--n \"2 4 8 16\"] [--j 10000] [--warmup-seconds S]");
                    return;
                }
                default -> fail("unknown option " + a);
            }
        }
        for (int n : ns) {
            if (n > jobSize) {
                fail("N=" + n + " exceeds the job size J=" + jobSize);
            }
        }
        for (int n : ns) {
            Map<String, List<Long>> samples = new LinkedHashMap<>();
            METRICS.forEach(m -> samples.put(m, new ArrayList<>()));
            for (int run = 1; run <= runs; run++) {
                System.err.printf("wireup-bench: N=%d J=%d run %d/%d%n", n, jobSize, run, runs);
                runOnce(pmixrun, n, jobSize, warmupSeconds, samples);
            }
            for (String m : METRICS) {
                System.out.println(result("jpmix", m, n, jobSize, samples.get(m)) + " warmup_s=" + warmupSeconds);
            }
            System.out.flush();
        }
    }

    /** One pmixrun of N bench clients; adds their samples. */
    private static void runOnce(String pmixrun, int n, int jobSize, int warmupSeconds, Map<String, List<Long>> samples)
            throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("jpmix-wireup-bench");
        try {
            List<String> cmd = new ArrayList<>(List.of(pmixrun, "--job-size", Integer.toString(jobSize), "-n",
                    Integer.toString(n), WireupBenchClient.class.getName(), dir.toString()));
            if (warmupSeconds > 0) {
                cmd.add(Integer.toString(warmupSeconds));
            }
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.INHERIT)
                    .redirectError(ProcessBuilder.Redirect.INHERIT);
            String classes = Path.of(codeSource()).toString();
            String app = System.getenv("JPMIX_APP_CLASSPATH");
            pb.environment().put("JPMIX_APP_CLASSPATH", app == null || app.isEmpty() ? classes : app + ":" + classes);
            int exit = pb.start().waitFor();
            if (exit != 0) {
                fail("pmixrun exited with " + exit + " (N=" + n + ")");
            }
            for (int r = 0; r < n; r++) {
                Path f = dir.resolve("rank-" + r + ".txt");
                if (!Files.exists(f)) {
                    fail("rank " + r + " wrote no samples (N=" + n + ")");
                }
                for (String line : Files.readAllLines(f)) {
                    String[] w = line.trim().split(" ");
                    if (w[0].equals("job_size") && Long.parseLong(w[1]) != jobSize) {
                        fail("rank " + r + " read PMIX_JOB_SIZE " + w[1] + ", not " + jobSize);
                    }
                    List<Long> into = samples.get(w[0]);
                    if (into != null) {
                        for (int k = 1; k < w.length; k++) {
                            long v = Long.parseLong(w[k]);
                            if (v >= 0) {
                                into.add(v);
                            }
                        }
                    }
                }
            }
        } finally {
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : (Iterable<Path>) files::iterator) {
                    Files.deleteIfExists(f);
                }
            }
            Files.deleteIfExists(dir);
        }
    }

    private static java.net.URI codeSource() {
        try {
            return WireupBenchClient.class.getProtectionDomain().getCodeSource().getLocation().toURI();
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The RESULT line of one metric; nearest-rank percentiles of the samples (nanoseconds). */
    static String result(String impl, String metric, int n, int jobSize, List<Long> samples) {
        long[] s = samples.stream().mapToLong(Long::longValue).sorted().toArray();
        return String.format(java.util.Locale.ROOT, "RESULT impl=%s metric=%s N=%d J=%d median_us=%.1f p99_us=%.1f samples=%d",
                impl, metric, n, jobSize, percentile(s, 50) / 1e3, percentile(s, 99) / 1e3, s.length);
    }

    /** Nearest-rank percentile of sorted samples; 0 for none. */
    static long percentile(long[] sorted, int p) {
        if (sorted.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, rank - 1)];
    }

    private static int positive(String option, String value) {
        try {
            return CommandLineArgs.positive(option, value);
        } catch (PmixException e) {
            fail(e.getMessage());
            return 0;
        }
    }

    private static void fail(String message) {
        PrintStream err = System.err;
        err.println("wireup-bench: " + message);
        System.exit(2);
    }
}
