package io.github.jpmix.benchmarks.startup;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.JvmFlags;
import io.github.jpmix.common.internal.transport.PeerCredentials;
import io.github.jpmix.server.HostModule;
import io.github.jpmix.server.PmixServer;
import io.github.jpmix.server.ServerOptions;
import io.github.jpmix.server.WireupInfo;
import io.github.jpmix.server.internal.launch.SharedArchive;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Client init in fresh JVMs, as {@code bin/pmixrun} starts them ({@link SharedArchive#javaCommand}): for
 * each job size J, registers a job of J processes (this node runs N of them, the other ranks sit in
 * blocks of 16 on simulated nodes), starts the N client JVMs at once ({@link ColdInitClient}) and
 * collects what they measured; R rounds, a fresh namespace each, medians over every client of every
 * round. JVM start to {@code main} and {@code PmixClient.init} are reported apart.
 *
 * <pre>java -cp 'pmix-tool/target/lib/*:benchmarks/target/benchmarks-*.jar' \
 *     io.github.jpmix.benchmarks.startup.ColdInit [-n N] [-r R] [-j 'JVM OPTIONS'] [-v] [J ...]</pre>
 *
 * <p>Defaults: {@code -n 2 -r 5 1000 10000 100000 1000000}. {@code -j} adds options to the clients'
 * command line (e.g. {@code -j '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC'}); {@code -Djpmix.cds=off}
 * on this JVM turns the class-data-sharing archive off ({@code SharedArchive}); {@code -v} prints
 * every client's output and where its CPU time went, per thread.
 */
public final class ColdInit implements HostModule {
    private ColdInit() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        JvmFlags.disableChronicleAnalytics();
        int n = 2;
        int rounds = 5;
        boolean verbose = false;
        List<String> jvmOptions = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "-n" -> n = Integer.parseInt(args[++i]);
                case "-r" -> rounds = Integer.parseInt(args[++i]);
                case "-v" -> verbose = true;
                case "-j" -> jvmOptions.addAll(List.of(args[++i].trim().split("\\s+")));
                default -> sizes.add(Integer.parseInt(args[i]));
            }
        }
        if (sizes.isEmpty()) {
            sizes = List.of(1_000, 10_000, 100_000, 1_000_000);
        }
        System.out.printf("java %s, %d client JVM(s) per round, %d round(s), extra JVM options %s; "
                + "milliseconds, median [min, max]%n", Runtime.version(), n, rounds, jvmOptions);
        System.out.printf("%9s %22s %22s %22s %22s%n", "J", "JVM start->main", "PmixClient.init", "first get", "CPU at init");
        try (PmixServer server = PmixServer.start(new ServerOptions(), new ColdInit())) {
            for (int j : sizes) {
                List<double[]> samples = new ArrayList<>();
                for (int round = 0; round < rounds; round++) {
                    samples.addAll(round(server, "coldinit." + j + "." + round, j, n, jvmOptions, verbose));
                }
                System.out.printf("%9d %22s %22s %22s %22s%n", j, stat(samples, 0), stat(samples, 1), stat(samples, 2),
                        stat(samples, 3));
            }
        }
    }

    /** One round: registers the job, starts its N local clients at once, returns their lines' figures. */
    private static List<double[]> round(PmixServer server, String nspace, int jobSize, int n, List<String> jvmOptions,
            boolean verbose)
            throws IOException, InterruptedException {
        String host = server.hostname();
        WireupInfo w = WireupInfo.of(nspace);
        int[] local = new int[n];
        for (int r = 0; r < n; r++) {
            local[r] = r;
        }
        w.node(host, local);
        for (int first = n, node = 1; first < jobSize; first += 16, node++) {
            int[] block = new int[Math.min(16, jobSize - first)];
            for (int i = 0; i < block.length; i++) {
                block[i] = first + i;
            }
            w.node(String.format("sim%07d", node), block);
        }
        server.registerNamespace(nspace, n, w.build(host));
        try {
            List<Process> procs = new ArrayList<>();
            List<List<String>> commands = new ArrayList<>();
            for (int r = 0; r < n; r++) {
                Proc proc = new Proc(nspace, r);
                server.registerClient(proc, PeerCredentials.currentUid(), PeerCredentials.currentGid());
                List<String> command = SharedArchive.javaCommand(jvmOptions, ColdInitClient.class.getName());
                commands.add(command);
                ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
                pb.environment().putAll(server.setupFork(proc));
                if (verbose) {
                    pb.environment().put(ColdInitClient.THREADS, "1");
                }
                pb.environment().put(ColdInitClient.LAUNCHED, Long.toString(ColdInitClient.micros(Instant.now())));
                procs.add(pb.start());
            }
            List<double[]> out = new ArrayList<>();
            for (int i = 0; i < procs.size(); i++) {
                Process p = procs.get(i);
                double[] figures = null;
                StringBuilder text = new StringBuilder();
                try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line; (line = in.readLine()) != null; ) {
                        text.append(line).append('\n');
                        if (line.startsWith("coldinit ")) {
                            String[] f = line.split(" ");
                            figures = new double[] {Double.parseDouble(f[6]), Double.parseDouble(f[8]),
                                    Double.parseDouble(f[10]), Double.parseDouble(f[12])};
                        }
                    }
                }
                SharedArchive.recorded(commands.get(i), p.waitFor()); // JDK 25: the ahead-of-time cache is made
                if (p.exitValue() != 0 || figures == null) {
                    throw new PmixException(Status.ERROR, "client of " + nspace + " failed (exit " + p.exitValue() + "):\n" + text);
                }
                if (verbose) {
                    System.out.print(text);
                }
                out.add(figures);
            }
            return out;
        } finally {
            server.deregisterNamespace(nspace);
        }
    }

    private static String stat(List<double[]> samples, int column) {
        double[] v = samples.stream().mapToDouble(s -> s[column]).sorted().toArray();
        double median = v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
        return String.format(Locale.ROOT, "%.1f [%.1f, %.1f]", median, v[0], v[v.length - 1]);
    }

    @Override
    public CompletionStage<Void> clientFinalized(Proc proc) {
        return CompletableFuture.completedFuture(null);
    }

}
