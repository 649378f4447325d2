package io.github.jpmix.benchmarks.wireup;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.internal.JvmFlags;
import io.github.jpmix.server.internal.launch.CommandLineArgs;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The wireup benchmark command ({@code bin/jpmix-wireup-bench}): for each N, runs
 * {@code pmixrun --job-size J -n N} with N {@link WireupBenchClient}s, R times, pools the samples of
 * every client of every run per metric, and prints one line per metric:
 *
 * <pre>RESULT impl=jpmix metric=&lt;init|jvm_start|jvm_bare|wired|cpu|modex_first|get_job_key|fence|modex|event&gt; N=&lt;n&gt; J=&lt;j&gt; median_us=&lt;x.y&gt; p99_us=&lt;x.y&gt; samples=&lt;k&gt;</pre>
 *
 * <p>{@code jvm_bare} is the baseline of {@code jvm_start} (a client's fork to its {@code main}): after
 * the runs of each N, R rounds of N {@link BareJvm}s started at once with the client's java, flags
 * and class path.
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
 * <p>{@code --program PATH} runs a native client instead: the reference harness's
 * {@code wireup_client}, an unmodified libpmix client served by JPMIx's OpenPMIx front, started as
 * {@code pmixrun --job-size J -n N PATH DIR SPAWN_NS J N [S]} (the arguments {@code wireup_host}
 * gives it, SPAWN_NS being this process's {@code System.nanoTime()}, CLOCK_MONOTONIC as the
 * client's clock, just before pmixrun starts). Its {@code samples.<rank>} files ("metric
 * microseconds" lines) are pooled the same way, under {@code impl=jpmix-served-c} (or
 * {@code --impl NAME}); its {@code start} is {@code pmixrun_start} here: pmixrun started to the
 * client's {@code main}, the launcher's JVM, server and registration included.
 *
 * <p>Both kinds of run also report the launcher's phases from the summary line pmixrun prints
 * last: {@code launcher_server} (its {@code main} to the server listening), {@code register} (the
 * job's registration, the counterpart of the reference's {@code PMIx_server_register_nspace}) and
 * {@code launch} (registering and starting the N processes), millisecond resolution.
 *
 * <p>{@code --max-wired-ms MS} and {@code --max-cpu-ms MS} make it a guard: when the median time to
 * wired or CPU per process at some N is over the bound, it says so and exits 1 once every N ran.
 *
 * <pre>WireupBench [--runs R] [--n "2 4 8 16"] [--j 10000] [--warmup-seconds S] [--pmixrun PATH] [--program PATH [--impl NAME]]
 *     [--max-wired-ms MS] [--max-cpu-ms MS]</pre>
 */
public final class WireupBench {
    static final List<String> METRICS = List.of("init", "jvm_start", "jvm_bare", "wired", "cpu", "modex_first",
            "init_handshake", "init_attach", "get_first", "classes", "get_job_key", "fence", "modex", "event");
    /** The metrics of a run of a native client ({@code --program}). */
    static final List<String> PROGRAM_METRICS = List.of("init", "pmixrun_start", "wired", "cpu", "modex_first",
            "get_job_key", "fence", "modex", "event");
    /** The launcher's phases, from pmixrun's summary line. */
    static final List<String> LAUNCHER_METRICS = List.of("launcher_server", "register", "launch");
    /** pmixrun's last line (Launcher.run): the duration of each phase in milliseconds. */
    static final Pattern SUMMARY = Pattern.compile(
            "pmixrun: server (\\d+) ms, register (\\d+) ms, launch (\\d+) ms, run (\\d+) ms, total (\\d+) ms; exit .*");

    private WireupBench() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        JvmFlags.disableChronicleAnalytics();
        int runs = 3;
        int jobSize = 10_000;
        int[] ns = {2, 4, 8, 16};
        String pmixrun = "bin/pmixrun";
        String program = null;
        String impl = null;
        int warmupSeconds = 0;
        Map<String, Long> bounds = new LinkedHashMap<>();
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
                case "--program" -> program = args[++i];
                case "--impl" -> impl = args[++i];
                case "--warmup-seconds" -> warmupSeconds = positive(a, args[++i]);
                case "--max-wired-ms" -> bounds.put("wired", positive(a, args[++i]) * 1_000_000L);
                case "--max-cpu-ms" -> bounds.put("cpu", positive(a, args[++i]) * 1_000_000L);
                case "-h", "--help" -> {
                    System.out.println("usage: jpmix-wireup-bench [--runs R] [--n \"2 4 8 16\"] [--j 10000] [--warmup-seconds S]"
                            + " [--program PATH [--impl NAME]] [--max-wired-ms MS] [--max-cpu-ms MS]");
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
        if (impl != null && program == null) {
            fail("--impl names the runs of a --program");
        }
        Path client = null;
        if (program != null) {
            client = Path.of(program).toAbsolutePath();
            if (!Files.isExecutable(client)) {
                fail("--program " + program + " is not an executable file");
            }
        }
        String name = client == null ? "jpmix" : impl != null ? impl : "jpmix-served-c";
        List<String> metrics = new ArrayList<>(client == null ? METRICS : PROGRAM_METRICS);
        metrics.addAll(LAUNCHER_METRICS);
        List<String> over = new ArrayList<>();
        for (int n : ns) {
            Map<String, List<Long>> samples = new LinkedHashMap<>();
            metrics.forEach(m -> samples.put(m, new ArrayList<>()));
            for (int run = 1; run <= runs; run++) {
                System.err.printf("wireup-bench: %s N=%d J=%d run %d/%d%n", name, n, jobSize, run, runs);
                runOnce(pmixrun, client, n, jobSize, warmupSeconds, samples);
            }
            if (client == null) {
                for (int run = 1; run <= runs; run++) {
                    System.err.printf("wireup-bench: bare JVMs N=%d run %d/%d%n", n, run, runs);
                    bareJvms(n, samples.get("jvm_bare"));
                }
            }
            for (String m : metrics) {
                System.out.println(result(name, m, n, jobSize, samples.get(m)) + " warmup_s=" + warmupSeconds);
            }
            System.out.flush();
            for (Map.Entry<String, Long> b : bounds.entrySet()) {
                long[] s = samples.get(b.getKey()).stream().mapToLong(Long::longValue).sorted().toArray();
                long median = percentile(s, 50);
                if (s.length == 0 || median > b.getValue()) {
                    over.add(String.format(java.util.Locale.ROOT, "%s at N=%d: median %.0f ms, over the bound %d ms",
                            b.getKey(), n, median / 1e6, b.getValue() / 1_000_000));
                }
            }
        }
        if (!over.isEmpty()) {
            // the guard: a start-up that regressed fails the run (README, "Time to wired")
            System.err.println("wireup-bench: " + String.join("; ", over));
            System.exit(1);
        }
    }

    /** One pmixrun of N bench clients (Java, or the native {@code program} when not null); adds their samples. */
    private static void runOnce(String pmixrun, Path program, int n, int jobSize, int warmupSeconds,
            Map<String, List<Long>> samples) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("jpmix-wireup-bench");
        try {
            List<String> cmd = new ArrayList<>(List.of(pmixrun, "--job-size", Integer.toString(jobSize), "-n",
                    Integer.toString(n)));
            List<String> warmup = warmupSeconds > 0 ? List.of(Integer.toString(warmupSeconds)) : List.of();
            ProcessBuilder pb = new ProcessBuilder().redirectOutput(ProcessBuilder.Redirect.INHERIT);
            Process process;
            if (program == null) {
                cmd.addAll(List.of(WireupBenchClient.class.getName(), dir.toString()));
                cmd.addAll(warmup);
                String classes = Path.of(codeSource()).toString();
                String app = System.getenv("JPMIX_APP_CLASSPATH");
                pb.environment().put("JPMIX_APP_CLASSPATH", app == null || app.isEmpty() ? classes : app + ":" + classes);
                process = pb.command(cmd).start();
            } else {
                // wireup_client's arguments (wireup_host.c): DIR SPAWN_NS JOB_SIZE LOCAL_SIZE [WARMUP_SECONDS];
                // nanoTime is CLOCK_MONOTONIC on Linux, the clock the client's main reads
                cmd.addAll(List.of(program.toString(), dir.toString(), Long.toString(System.nanoTime()),
                        Integer.toString(jobSize), Integer.toString(n)));
                cmd.addAll(warmup);
                process = pb.command(cmd).start();
            }
            long[] phases = forwardStderr(process);
            int exit = process.waitFor();
            if (exit != 0) {
                fail("pmixrun exited with " + exit + " (N=" + n + ")");
            }
            if (phases == null) {
                fail("pmixrun printed no summary line (N=" + n + ")");
            }
            for (int k = 0; k < LAUNCHER_METRICS.size(); k++) {
                samples.get(LAUNCHER_METRICS.get(k)).add(phases[k] * 1_000_000);
            }
            if (program != null) {
                addProgramSamples(dir, n, samples);
                return;
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

    /**
     * The baseline of {@code jvm_start}: N {@link BareJvm}s started at once as the launcher starts N
     * clients (the same java, JVM flags and class path, fork times taken the same way, just before each
     * start), each one's fork to its {@code main} added to {@code into}.
     */
    private static void bareJvms(int n, List<Long> into) throws IOException, InterruptedException {
        List<String> cmd = JvmFlags.javaCommand(List.of(), BareJvm.class.getName());
        Process[] processes = new Process[n];
        long[] forks = new long[n];
        for (int i = 0; i < n; i++) {
            forks[i] = System.nanoTime();
            processes[i] = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        }
        for (int i = 0; i < n; i++) {
            String out = new String(processes[i].getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            int exit = processes[i].waitFor();
            if (exit != 0 || !out.matches("-?\\d+")) {
                fail("a bare JVM exited with " + exit + " and printed '" + out + "': " + String.join(" ", cmd));
            }
            into.add(Long.parseLong(out) - forks[i]);
        }
    }

    /**
     * Copies the process's stderr to ours line by line until it ends; returns the milliseconds of the
     * launcher's phases ({@link #LAUNCHER_METRICS}) from pmixrun's summary line, or null if none came.
     */
    private static long[] forwardStderr(Process process) throws IOException {
        long[] phases = null;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null;) {
                System.err.println(line);
                long[] p = launcherPhases(line);
                if (p != null) {
                    phases = p;
                }
            }
        }
        return phases;
    }

    /** The launcher's phases in milliseconds ({@link #LAUNCHER_METRICS}) if {@code line} is pmixrun's summary, else null. */
    static long[] launcherPhases(String line) {
        Matcher m = SUMMARY.matcher(line);
        if (!m.matches()) {
            return null;
        }
        return new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3))};
    }

    /** Adds the samples of N native clients: "metric microseconds" lines in {@code dir/samples.<rank>}. */
    private static void addProgramSamples(Path dir, int n, Map<String, List<Long>> samples) throws IOException {
        for (int r = 0; r < n; r++) {
            Path f = dir.resolve("samples." + r);
            if (!Files.exists(f)) {
                fail("rank " + r + " wrote no samples (N=" + n + ")");
            }
            try {
                addProgramSamples(Files.readAllLines(f), samples);
            } catch (IllegalArgumentException e) {
                fail(f + ": " + e.getMessage());
            }
        }
    }

    /**
     * Adds the lines of one native client's sample file to {@code samples} (nanoseconds), its
     * {@code start} as {@code pmixrun_start}; lines of other metrics are ignored.
     *
     * @throws IllegalArgumentException for a line that is not "metric microseconds"
     */
    static void addProgramSamples(List<String> lines, Map<String, List<Long>> samples) {
        for (String line : lines) {
            String[] w = line.trim().split(" ");
            if (w.length != 2) {
                throw new IllegalArgumentException("not a sample line: '" + line + "'");
            }
            List<Long> into = samples.get(w[0].equals("start") ? "pmixrun_start" : w[0]);
            if (into != null) {
                try {
                    into.add(Math.round(Double.parseDouble(w[1]) * 1e3));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("not a sample line: '" + line + "'", e);
                }
            }
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
