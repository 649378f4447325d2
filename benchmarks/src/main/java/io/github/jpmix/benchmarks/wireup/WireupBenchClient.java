package io.github.jpmix.benchmarks.wireup;

import io.github.jpmix.client.PmixClient;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Scope;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.JvmFlags;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * One process of the wireup benchmark ({@code bin/jpmix-wireup-bench}, {@link WireupBench}), started
 * by {@code pmixrun --job-size J -n N}; all N run the same phases at once. It times, with
 * {@link System#nanoTime()}:
 * <ul>
 *   <li>{@code jvm_start}: from the JVM's start ({@code ProcessHandle.info().startInstant()}, which
 *       Linux knows to a clock tick, 10 ms) to {@code main};</li>
 *   <li>{@code init}: {@link PmixClient#init()};</li>
 *   <li>{@code get_job_key}: {@code get(Proc(nspace, WILDCARD), PMIX_JOB_SIZE)}, per call, 1000 calls
 *       after 100 warm-up calls;</li>
 *   <li>{@code fence}: a fence of the whole namespace without data, per call, 100 after 10;</li>
 *   <li>{@code modex}: one round of put(GLOBAL, "bench.ep", 64 characters distinct per rank and round),
 *       commit, fence with {@code PMIX_COLLECT_DATA}, and a get of every local peer's "bench.ep" (N gets,
 *       each value checked), 50 rounds after 5.</li>
 * </ul>
 * Phases are separated by an untimed fence, so no process times a phase while another is still in the
 * one before. The samples (nanoseconds) go to {@code <dir>/rank-<rank>.txt}, one line per metric:
 * {@code <metric> <sample> <sample> ...}. Exit 0 when every value checked out, 1 otherwise.
 *
 * <p>The local peers are ranks 0..N-1 ({@code pmixrun --job-size} puts them there), N being
 * {@code PMIX_LOCAL_SIZE}. The expected endpoints are made before each round's clock starts.
 *
 * <p>With a second argument {@code warm} (the command's {@code --warm}), each phase first runs 50 times
 * its warm-up count (5,000 gets, 500 fences, 250 rounds), so that the figures are those of compiled
 * code rather than of a JVM still interpreting and compiling: a diagnostic, not the benchmark.
 *
 * <pre>WireupBenchClient DIR [warm]</pre>
 */
public final class WireupBenchClient {
    static final int GET_WARMUP = 100;
    static final int GET_CALLS = 1000;
    static final int FENCE_WARMUP = 10;
    static final int FENCES = 100;
    static final int MODEX_WARMUP = 5;
    static final int MODEX_ROUNDS = 50;
    static final String KEY = "bench.ep";
    /** Warm-up multiplier of the {@code warm} diagnostic. */
    static final int WARM_FACTOR = 50;

    private WireupBenchClient() {
    }

    public static void main(String[] args) throws IOException {
        Instant mainAt = Instant.now();
        JvmFlags.disableChronicleAnalytics();
        if (args.length < 1 || args.length > 2 || (args.length == 2 && !args[1].equals("warm"))) {
            System.err.println("usage: WireupBenchClient DIR [warm]");
            System.exit(2);
        }
        Path dir = Path.of(args[0]);
        int warm = args.length == 2 ? WARM_FACTOR : 1;
        int getWarmup = GET_WARMUP * warm;
        int fenceWarmup = FENCE_WARMUP * warm;
        int modexWarmup = MODEX_WARMUP * warm;
        long jvmStart = ProcessHandle.current().info().startInstant()
                .map(s -> Duration.between(s, mainAt).toNanos()).orElse(-1L);
        StringBuilder out = new StringBuilder();
        long initStart = System.nanoTime();
        try (PmixClient client = PmixClient.init()) {
            long initNs = System.nanoTime() - initStart;
            Proc me = client.proc();
            Proc job = Proc.wildcard(me.namespace());
            int local = client.get(job, Keys.LOCAL_SIZE);
            out.append("jvm_start ").append(jvmStart).append('\n');
            out.append("init ").append(initNs).append('\n');
            client.fence(List.of());

            out.append("get_job_key");
            String jobSize = Keys.JOB_SIZE.name();
            long size = 0;
            for (int i = 0; i < getWarmup + GET_CALLS; i++) {
                long t = System.nanoTime();
                Value v = client.get(job, jobSize);
                long dt = System.nanoTime() - t;
                size = v.asLong();
                if (i >= getWarmup) {
                    out.append(' ').append(dt);
                }
            }
            out.append('\n');
            client.fence(List.of());

            out.append("fence");
            for (int i = 0; i < fenceWarmup + FENCES; i++) {
                long t = System.nanoTime();
                client.fence(List.of());
                long dt = System.nanoTime() - t;
                if (i >= fenceWarmup) {
                    out.append(' ').append(dt);
                }
            }
            out.append('\n');
            client.fence(List.of());

            out.append("modex");
            Info collect = Info.flag(Keys.COLLECT_DATA);
            Proc[] peers = new Proc[local];
            String[] expected = new String[local];
            for (int peer = 0; peer < local; peer++) {
                peers[peer] = new Proc(me.namespace(), peer);
            }
            for (int round = 0; round < modexWarmup + MODEX_ROUNDS; round++) {
                for (int peer = 0; peer < local; peer++) {
                    expected[peer] = endpoint(peer, round);
                }
                Value mine = Value.ofString(endpoint(me.rank(), round));
                long t = System.nanoTime();
                client.put(Scope.GLOBAL, KEY, mine);
                client.commit();
                client.fence(List.of(), collect);
                for (int peer = 0; peer < local; peer++) {
                    String ep = client.get(peers[peer], KEY).asString();
                    if (!ep.equals(expected[peer])) {
                        throw new IllegalStateException("rank " + me.rank() + " round " + round + ": rank " + peer
                                + " posted '" + ep + "', expected '" + expected[peer] + "'");
                    }
                }
                long dt = System.nanoTime() - t;
                if (round >= modexWarmup) {
                    out.append(' ').append(dt);
                }
            }
            out.append('\n');
            out.append("job_size ").append(size).append('\n');
            client.fence(List.of());
        } catch (PmixException | IllegalStateException e) {
            System.err.println("wireup bench client failed: " + e.getMessage());
            System.exit(1);
        }
        String rank = System.getenv("PMIX_RANK");
        Path tmp = dir.resolve(".rank-" + rank + ".txt");
        Files.writeString(tmp, out);
        Files.move(tmp, dir.resolve("rank-" + rank + ".txt"), java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    /** 64 characters, distinct per rank and round. */
    static String endpoint(int rank, int round) {
        String s = String.format("tcp://10.%d.%d.%d:%05d/round-%06d/", (rank >> 16) & 0xFF, (rank >> 8) & 0xFF,
                rank & 0xFF, 20000 + (rank % 40000), round);
        StringBuilder b = new StringBuilder(s);
        while (b.length() < 64) {
            b.append('x');
        }
        return b.toString();
    }
}
