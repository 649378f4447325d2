package io.github.jpmix.benchmarks.wireup;

import io.github.jpmix.common.internal.JvmFlags;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * JPMIx's client against OpenPMIx's C client under the same OpenPMIx 4.2.2 server
 * ({@code benchmarks/reference/wireup/openpmix-client.sh}): for each N, R times each, one job of N local
 * ranks under {@code pmix_host} (pmix-client's test host on the installed server library) with
 *
 * <ul>
 *   <li>{@code c}: the reference C client {@code wireup_client} with OpenPMIx's default storage
 *       component ({@code ds21}, shared memory);</li>
 *   <li>{@code c-hash}: the same client with the {@code hash} component (job data and peers' data over
 *       the socket). That client keeps a peer's first values for good, so it puts a key per round, and as
 *       every libpmix commit carries every value put so far, its commits and get replies grow by a value
 *       a round: its modex warm-up is {@value #C_HASH_MODEX_WARMUP} rounds, not the warm-up time
 *       ({@code WIREUP_MODEX_WARMUP_ROUNDS}), and its timed rounds carry 12 to 61 values a peer where the
 *       other sides carry one;</li>
 *   <li>{@code java}: {@link WireupBenchClient}, whose {@code PmixClient} finds only OpenPMIx's variables
 *       and speaks OpenPMIx's client protocol with the {@code hash} component.</li>
 * </ul>
 *
 * The loops are the wireup benchmark's ({@code get_job_key}, {@code fence}, {@code modex}, {@code event} and
 * {@code init}), each phase first repeated for the warm-up time on every side. Prints a RESULT line per
 * side, metric and N ({@code impl=openpmix-c|openpmix-c-hash|jpmix-on-openpmix}, J = N: the job is the N
 * local ranks), then a table of medians and p99s with Java's median over C's.
 *
 * <pre>OpenPmixClientBench --host PATH --c-client PATH [--runs R] [--n "2 8"] [--warmup-seconds S]</pre>
 */
public final class OpenPmixClientBench {
    static final List<String> METRICS = List.of("get_job_key", "fence", "modex", "event", "init");
    static final List<String> SIDES = List.of("c", "c-hash", "java");
    /**
     * The hash C client's modex warm-up, in rounds rather than seconds: it puts a key per round and
     * every commit carries every value so far, so its timed rounds carry 12 to 61 values a peer.
     */
    static final int C_HASH_MODEX_WARMUP = 10;

    private OpenPmixClientBench() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        JvmFlags.disableChronicleAnalytics();
        String host = null;
        String cClient = null;
        int runs = 3;
        int[] ns = {2, 8};
        int warmup = 5;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--host" -> host = args[i + 1];
                case "--c-client" -> cClient = args[i + 1];
                case "--runs" -> runs = Integer.parseInt(args[i + 1]);
                case "--n" -> ns = Arrays.stream(args[i + 1].trim().split("[\\s,]+")).mapToInt(Integer::parseInt).toArray();
                case "--warmup-seconds" -> warmup = Integer.parseInt(args[i + 1]);
                default -> usage();
            }
        }
        if (host == null || cClient == null || args.length % 2 != 0) {
            usage();
        }
        List<String> table = new ArrayList<>();
        for (int n : ns) {
            Map<String, Map<String, List<Long>>> bySide = new LinkedHashMap<>();
            for (String side : SIDES) {
                Map<String, List<Long>> samples = new LinkedHashMap<>();
                METRICS.forEach(m -> samples.put(m, new ArrayList<>()));
                bySide.put(side, samples);
            }
            for (int run = 1; run <= runs; run++) {
                for (String side : SIDES) {
                    System.err.printf(Locale.ROOT, "openpmix-client-bench: N=%d %s run %d/%d (load %s)%n", n, side, run, runs, load());
                    runOnce(host, cClient, side, n, warmup, bySide.get(side));
                }
            }
            for (String side : SIDES) {
                for (String m : METRICS) {
                    List<Long> s = bySide.get(side).get(m);
                    if (!s.isEmpty()) {
                        System.out.println(WireupBench.result(impl(side), m, n, n, s) + " warmup_s=" + warmup);
                    }
                }
            }
            for (String m : METRICS) {
                long[] c = sorted(bySide.get("c").get(m));
                long[] h = sorted(bySide.get("c-hash").get(m));
                long[] j = sorted(bySide.get("java").get(m));
                table.add(String.format(Locale.ROOT, "| %s | %d | %s | %s | %s | %s |", m, n, cell(c), cell(h), cell(j),
                        ratio(j, c.length > 0 ? c : h)));
            }
            System.out.flush();
        }
        System.out.println();
        System.out.println("| metric | N | C, ds21: median (p99) | C, hash: median (p99) | Java, hash: median (p99) | Java / C median |");
        System.out.println("| --- | ---: | --- | --- | --- | ---: |");
        table.forEach(System.out::println);
    }

    private static String impl(String side) {
        return switch (side) {
            case "c" -> "openpmix-c";
            case "c-hash" -> "openpmix-c-hash";
            default -> "jpmix-on-openpmix";
        };
    }

    /** One job of N ranks of one side under pmix_host; adds their samples (nanoseconds). */
    private static void runOnce(String host, String cClient, String side, int n, int warmup, Map<String, List<Long>> samples)
            throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("openpmix-client-bench");
        try {
            List<String> cmd = new ArrayList<>(List.of(host, "-n", Integer.toString(n), "--timeout", "1800"));
            if (!side.equals("c")) {
                cmd.addAll(List.of("--gds", "hash"));
            }
            cmd.add("--");
            if (side.equals("java")) {
                cmd.addAll(JvmFlags.javaCommand(List.of(), WireupBenchClient.class.getName()));
                cmd.add(dir.toString());
                cmd.add(Integer.toString(warmup));
            } else {
                if (side.equals("c-hash")) {
                    cmd.addAll(List.of("env", "WIREUP_MODEX_WARMUP_ROUNDS=" + C_HASH_MODEX_WARMUP));
                }
                // SAMPLE_DIR SPAWN_NS JOB_SIZE LOCAL_SIZE WARMUP: no spawn instant (its start metric is not read)
                cmd.addAll(List.of(cClient, dir.toString(), "0", Integer.toString(n), Integer.toString(n), Integer.toString(warmup)));
            }
            int exit = new ProcessBuilder(cmd).inheritIO().start().waitFor();
            if (exit != 0) {
                throw new IllegalStateException("pmix_host exited with " + exit + " (" + side + ", N=" + n + ")");
            }
            for (int r = 0; r < n; r++) {
                boolean java = side.equals("java");
                Path f = dir.resolve(java ? "rank-" + r + ".txt" : "samples." + r);
                for (String line : Files.readAllLines(f)) {
                    String[] w = line.trim().split(" ");
                    List<Long> into = samples.get(w[0]);
                    if (into == null) {
                        continue;
                    }
                    for (int k = 1; k < w.length; k++) {
                        // Java writes nanoseconds, one line per metric; C microseconds, one line per sample
                        long v = java ? Long.parseLong(w[k]) : Math.round(Double.parseDouble(w[k]) * 1e3);
                        if (v >= 0) {
                            into.add(v);
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

    private static long[] sorted(List<Long> s) {
        return s.stream().mapToLong(Long::longValue).sorted().toArray();
    }

    private static String cell(long[] s) {
        if (s.length == 0) {
            return "-";
        }
        return us(WireupBench.percentile(s, 50)) + " (" + us(WireupBench.percentile(s, 99)) + ")";
    }

    private static String us(long ns) {
        return ns >= 1_000_000 ? String.format(Locale.ROOT, "%.2f ms", ns / 1e6) : String.format(Locale.ROOT, "%.1f us", ns / 1e3);
    }

    private static String ratio(long[] java, long[] c) {
        if (java.length == 0 || c.length == 0) {
            return "-";
        }
        return String.format(Locale.ROOT, "%.2f", (double) WireupBench.percentile(java, 50) / WireupBench.percentile(c, 50));
    }

    private static String load() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (IOException e) {
            return "?";
        }
    }

    private static void usage() {
        System.err.println("usage: OpenPmixClientBench --host PATH --c-client PATH [--runs R] [--n \"2 8\"] [--warmup-seconds S]");
        System.exit(2);
    }
}
