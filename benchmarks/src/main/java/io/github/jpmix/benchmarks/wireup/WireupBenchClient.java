package io.github.jpmix.benchmarks.wireup;

import io.github.jpmix.client.PmixClient;
import io.github.jpmix.client.internal.InitPhases;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Scope;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.JvmFlags;
import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
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
 *   <li>{@code jvm_start}: from the fork of this process to {@code main}: the fork is the launcher's
 *       {@code JPMIX_FORK_NS} (its CLOCK_MONOTONIC just before it started this process), or under a
 *       launcher without it the JVM's start ({@code ProcessHandle.info().startInstant()}, which Linux
 *       knows to a clock tick, 10 ms);</li>
 *   <li>{@code init}: {@link PmixClient#init()};</li>
 *   <li>{@code modex_first}: the first modex round (as {@code modex} below), right after init;</li>
 *   <li>{@code wired}: from the fork to the end of that round: init, put, commit, fence with data
 *       collection and a get of every local peer's value, the time until this process can talk to its
 *       peers;</li>
 *   <li>{@code cpu}: the CPU time of this process (every thread, user and system, from its start) at
 *       that instant;</li>
 *   <li>the phases of that start: {@code init_handshake} and {@code init_attach} ({@link InitPhases},
 *       under a JPMIx server), {@code get_first} (the first get after init) and {@code classes} (the
 *       classes this JVM had loaded when wired, reported as thousandths so that the microsecond
 *       columns show the count);</li>
 *   <li>{@code get_job_key}: {@code get(Proc(nspace, WILDCARD), PMIX_JOB_SIZE)}, per call, 1000 calls
 *       after 100 warm-up calls;</li>
 *   <li>{@code fence}: a fence of the whole namespace without data, per call, 100 after 10;</li>
 *   <li>{@code modex}: one round of put(GLOBAL, "bench.ep", 64 characters distinct per rank and round),
 *       commit, fence with {@code PMIX_COLLECT_DATA}, and a get of every local peer's "bench.ep" (N gets,
 *       each value checked), 50 rounds after 5;</li>
 *   <li>{@code event} (N &gt; 1, rank 0 only): a {@code PMIx_Notify_event} to the job and every other local
 *       rank's answering event back ({@link EventRounds}), 100 rounds after 10.</li>
 * </ul>
 * Phases are separated by an untimed fence, so no process times a phase while another is still in the
 * one before. The samples (nanoseconds) go to {@code <dir>/rank-<rank>.txt}, one line per metric:
 * {@code <metric> <sample> <sample> ...}. Exit 0 when every value checked out, 1 otherwise.
 *
 * <p>The local peers are ranks 0..N-1 ({@code pmixrun --job-size} puts them there), N being
 * {@code PMIX_LOCAL_SIZE}. The expected endpoints are made before each round's clock starts. The same
 * client runs under an OpenPMIx server ({@code pmix_host}, {@link OpenPmixClientBench}): {@code PmixClient}
 * then speaks OpenPMIx's protocol.
 *
 * <p>With a second argument S (the command's {@code --warmup-seconds S}), each phase is first repeated
 * for S seconds instead of its warm-up count: the steady state of a long-running process, whose
 * code the JIT has compiled, rather than the first calls of a fresh JVM, which run interpreted while
 * C1 and C2 compile them (on 2 cores shared by N JVMs, that takes seconds). Gets warm up on their
 * own; fence and modex rounds need every rank to repeat them equally often, so rank 0 decides after
 * every {@value #WARMUP_CHUNK_FENCES} fences or {@value #WARMUP_CHUNK_ROUNDS} rounds whether S seconds
 * have passed and no rank's JIT is still compiling (up to {@value #MAX_WARMUP_FACTOR} S), and tells the
 * others through a file and a fence ({@link #warmUp}). The OpenPMIx reference client does the same
 * by time alone: it has no JIT.
 *
 * <pre>WireupBenchClient DIR [WARMUP_SECONDS]</pre>
 */
public final class WireupBenchClient {
    static final int GET_WARMUP = 100;
    static final int GET_CALLS = 1000;
    static final int FENCE_WARMUP = 10;
    static final int FENCES = 100;
    /**
     * Timed fences after a warm-up by time: over {@value #FENCES} the p99 is about the slowest fence, which a
     * single preemption decides. The fresh variant keeps {@value #FENCES}: the first fences of a job.
     */
    static final int FENCES_STEADY = 1000;
    static final int MODEX_WARMUP = 5;
    static final int MODEX_ROUNDS = 50;
    static final String KEY = "bench.ep";
    /** Fences and modex rounds between two of rank 0's decisions in a warm-up by time. */
    static final int WARMUP_CHUNK_FENCES = 200;
    static final int WARMUP_CHUNK_ROUNDS = 20;
    /** A warm-up by time goes on while some rank's JIT works, up to this many times the time asked. */
    static final int MAX_WARMUP_FACTOR = 3;
    /**
     * Calls (fences, rounds, event rounds) a warm-up by time makes at least, whatever the time. C2
     * compiles a method after some thousands of calls ({@code Tier4InvocationThreshold} 5,000, more
     * while its queue is long), so a method called once a round is compiled late: at N = 8 under an
     * OpenPMIx server, one rank's JFR showed C2 compiling {@code Modex.round} for 2 s, from before the
     * end of a 10 s warm-up into the timed rounds; a chunk without compilation had just ended the
     * warm-up. Each rank's compiler threads then took 120-160 ms of the 50 timed rounds, whose median was
     * 8-16 ms instead of 1.5-3 ms.
     */
    static final int MIN_WARMUP_CALLS = 10_000;
    /** A chunk during which the compiler threads worked less than 1/this of its time leaves the JIT quiet. */
    static final int JIT_QUIET_SHARE = 20;

    private WireupBenchClient() {
    }

    public static void main(String[] args) throws IOException {
        long mainNs = System.nanoTime();
        Instant mainAt = Instant.now();
        JvmFlags.disableChronicleAnalytics();
        double warmupSeconds = 0;
        try {
            if (args.length == 2) {
                warmupSeconds = Double.parseDouble(args[1]);
            }
        } catch (NumberFormatException e) {
            warmupSeconds = -1;
        }
        if (args.length < 1 || args.length > 2 || warmupSeconds < 0) {
            System.err.println("usage: WireupBenchClient DIR [WARMUP_SECONDS]");
            System.exit(2);
        }
        Path dir = Path.of(args[0]);
        long forkNs = forkNanos(mainNs, mainAt);
        StringBuilder out = new StringBuilder();
        long initStart = System.nanoTime();
        try (PmixClient client = PmixClient.init()) {
            long initNs = System.nanoTime() - initStart;
            Proc me = client.proc();
            Proc job = Proc.wildcard(me.namespace());
            long firstGet = System.nanoTime();
            int local = client.get(job, Keys.LOCAL_SIZE);
            firstGet = System.nanoTime() - firstGet;
            Modex modex = new Modex(client, local);
            long firstRound = modex.round();
            long wired = System.nanoTime() - forkNs;
            long cpu = ProcessHandle.current().info().totalCpuDuration().map(Duration::toNanos).orElse(-1L);
            out.append("jvm_start ").append(mainNs - forkNs).append('\n');
            out.append("init ").append(initNs).append('\n');
            if (InitPhases.handshakeNs() > 0) {
                out.append("init_handshake ").append(InitPhases.handshakeNs()).append('\n');
                out.append("init_attach ").append(InitPhases.attachNs()).append('\n');
            }
            out.append("get_first ").append(firstGet).append('\n');
            // read after wired: java.management is not loaded before
            out.append("classes ").append(java.lang.management.ManagementFactory.getClassLoadingMXBean()
                    .getTotalLoadedClassCount() * 1000L).append('\n');
            out.append("modex_first ").append(firstRound).append('\n');
            out.append("wired ").append(wired).append('\n');
            out.append("cpu ").append(cpu).append('\n');
            client.fence(List.of());

            String jobSize = Keys.JOB_SIZE.name();
            long size = client.get(job, jobSize).asLong();
            // Warm-ups and timed calls run the same methods, and main has no loop: the timed calls run the
            // code the warm-up compiled. A timed loop in main was compiled on the spot, and main's compiled
            // code, made in one phase's loop, gave way to the interpreter at the next phase's first call:
            // in every JVM at once, at N = 8 a stall of 10-26 ms over a dozen fences.
            warmUpGets(client, job, jobSize, size, warmupSeconds);
            samples(out, "get_job_key", timeGets(client, job, jobSize, size, new long[GET_CALLS]));
            client.fence(List.of());

            if (warmupSeconds > 0) {
                long[] chunk = new long[WARMUP_CHUNK_FENCES];
                warmUp(client, dir, "fence", warmupSeconds, chunk.length, () -> timeFences(client, chunk));
            } else {
                timeFences(client, new long[FENCE_WARMUP]);
            }
            samples(out, "fence", timeFences(client, new long[warmupSeconds > 0 ? FENCES_STEADY : FENCES]));
            client.fence(List.of());

            if (warmupSeconds > 0) {
                long[] chunk = new long[WARMUP_CHUNK_ROUNDS];
                warmUp(client, dir, "modex", warmupSeconds, chunk.length, () -> modex.rounds(chunk));
            } else {
                modex.rounds(new long[MODEX_WARMUP]);
            }
            samples(out, "modex", modex.rounds(new long[MODEX_ROUNDS]));
            client.fence(List.of());

            if (local > 1) {
                EventRounds events = new EventRounds(client, local);
                client.fence(List.of()); // every rank's handler is in place
                long[] chunk = new long[EventRounds.WARMUP];
                if (warmupSeconds > 0) {
                    warmUp(client, dir, "event", warmupSeconds, chunk.length, () -> events.rounds(chunk));
                } else {
                    events.rounds(chunk);
                }
                long[] rtt = events.rounds(new long[EventRounds.ROUNDS]);
                if (me.rank() == 0) {
                    samples(out, "event", rtt);
                }
            }
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

    /**
     * Gets {@code key} of the job once per slot of {@code samples}, each call's duration in nanoseconds
     * into its slot; every value must be {@code expected}.
     */
    static long[] timeGets(PmixClient client, Proc job, String key, long expected, long[] samples) {
        for (int i = 0; i < samples.length; i++) {
            long t = System.nanoTime();
            Value v = client.get(job, key);
            samples[i] = System.nanoTime() - t;
            if (v.asLong() != expected) {
                throw new IllegalStateException("get " + key + " returned " + v + ", not " + expected);
            }
        }
        return samples;
    }

    /** The gets' warm-up: its count, repeated for {@code seconds} if not 0 (gets need no ranks in step). */
    static void warmUpGets(PmixClient client, Proc job, String key, long expected, double seconds) {
        long[] chunk = new long[GET_WARMUP];
        long end = System.nanoTime() + (long) (seconds * 1e9);
        do {
            timeGets(client, job, key, expected, chunk);
        } while (System.nanoTime() < end);
    }

    /** Fences the namespace without data once per slot of {@code samples}, each fence's duration into its slot. */
    static long[] timeFences(PmixClient client, long[] samples) {
        for (int i = 0; i < samples.length; i++) {
            long t = System.nanoTime();
            client.fence(List.of());
            samples[i] = System.nanoTime() - t;
        }
        return samples;
    }

    /** One line of the rank's file: the metric's name, then its samples. */
    private static void samples(StringBuilder out, String metric, long[] samples) {
        out.append(metric);
        for (long v : samples) {
            out.append(' ').append(v);
        }
        out.append('\n');
    }

    /**
     * The instant this process was forked, on {@link System#nanoTime()}'s clock: the launcher's
     * {@code JPMIX_FORK_NS} when it set one, else the JVM's start time as the kernel knows it.
     */
    static long forkNanos(long mainNs, Instant mainAt) {
        String fork = System.getenv("JPMIX_FORK_NS");
        if (fork != null) {
            try {
                long ns = Long.parseLong(fork);
                if (ns <= mainNs) {
                    return ns;
                }
            } catch (NumberFormatException e) {
                // not the launcher's: fall through
            }
            System.err.println("wireup bench client: ignoring JPMIX_FORK_NS=" + fork + " (not an instant before main)");
        }
        long toMain = ProcessHandle.current().info().startInstant()
                .map(s -> Duration.between(s, mainAt).toNanos()).orElse(0L);
        return mainNs - toMain;
    }

    /**
     * Repeats {@code chunk} (of {@code callsPerChunk} timed calls or rounds) until rank 0 has seen
     * {@code seconds} pass, at least {@value #MIN_WARMUP_CALLS} calls were made, and no rank's JIT
     * compiled much during the chunk before (waiting for that at most {@value #MAX_WARMUP_FACTOR} times
     * {@code seconds}); every rank runs it equally often. A rank whose compiler threads worked more than
     * 1/{@value #JIT_QUIET_SHARE} of a chunk's time creates {@code <dir>/warmup-<phase>-<n>.jit.<rank>}
     * before the chunk's fence. After each chunk rank 0 creates the file
     * {@code <dir>/warmup-<phase>-<n>.stop} when it is time, then all fence: a rank that leaves the fence
     * sees the file if rank 0 made it (rank 0 made it before it entered), so all stop after the same
     * chunk. Files and not posted data, so the warm-up leaves nothing in the store that the timed rounds
     * would carry. Warm means compiled: N JVMs on 2 cores kept compiling for 40 s and more (the OpenPMIx
     * client at N = 8), and their compiler threads took the cores the measured rounds needed.
     */
    static void warmUp(PmixClient client, Path dir, String phase, double seconds, int callsPerChunk, Runnable chunk)
            throws IOException {
        long start = System.nanoTime();
        long end = start + (long) (seconds * 1e9);
        long cap = start + (long) (MAX_WARMUP_FACTOR * seconds * 1e9);
        int rank = client.proc().rank();
        long calls = 0;
        for (int decision = 1;; decision++) {
            long jit0 = jitMillis();
            long t0 = System.nanoTime();
            chunk.run();
            calls += callsPerChunk;
            long chunkMs = (System.nanoTime() - t0) / 1_000_000;
            if (jit0 >= 0 && (jitMillis() - jit0) * JIT_QUIET_SHARE > chunkMs) {
                Files.createFile(dir.resolve("warmup-" + phase + "-" + decision + ".jit." + rank));
            }
            Path stop = dir.resolve("warmup-" + phase + "-" + decision + ".stop");
            if (rank == 0 && calls >= MIN_WARMUP_CALLS) {
                long now = System.nanoTime();
                boolean quiet = decision > 1 && !compiled(dir, phase, decision - 1);
                if (now >= cap || (now >= end && quiet)) {
                    Files.createFile(stop);
                    System.err.printf(java.util.Locale.ROOT, "wireup bench client: warm-up %s %.1f s, %d calls%s%n", phase,
                            (now - start) / 1e9, calls,
                            quiet ? "" : " (the JIT still compiling: stopped at " + MAX_WARMUP_FACTOR + " times the time)");
                }
            }
            client.fence(List.of());
            if (Files.exists(stop)) {
                return;
            }
        }
    }

    /** The compiler threads' time so far in milliseconds, -1 when this JVM does not tell. */
    static long jitMillis() {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : -1;
    }

    /** Whether any rank's JIT worked during chunk {@code decision} of {@code phase} ({@link #warmUp}). */
    private static boolean compiled(Path dir, String phase, int decision) throws IOException {
        try (DirectoryStream<Path> busy = Files.newDirectoryStream(dir, "warmup-" + phase + "-" + decision + ".jit.*")) {
            return busy.iterator().hasNext();
        }
    }

    /**
     * The modex rounds of one client: round k puts (GLOBAL) its 64-character value of round k, commits,
     * fences with {@code PMIX_COLLECT_DATA} and gets and checks every local peer's value of round k.
     */
    static final class Modex {
        private final PmixClient client;
        private final Proc me;
        private final Proc[] peers;
        private final String[] expected;
        private final String[] next;
        private final Info collect = Info.flag(Keys.COLLECT_DATA);
        private int round;

        Modex(PmixClient client, int local) {
            this.client = client;
            this.me = client.proc();
            this.peers = new Proc[local];
            this.expected = new String[local];
            this.next = new String[local];
            for (int peer = 0; peer < local; peer++) {
                peers[peer] = new Proc(me.namespace(), peer);
            }
        }

        /** The next round; its duration in nanoseconds (the values are made before the clock starts). */
        long round() {
            for (int peer = 0; peer < peers.length; peer++) {
                expected[peer] = endpoint(peer, round);
                next[peer] = endpoint(peer, round + 1);
            }
            Value mine = Value.ofString(endpoint(me.rank(), round));
            long t = System.nanoTime();
            client.put(Scope.GLOBAL, KEY, mine);
            client.commit();
            client.fence(List.of(), collect);
            for (int peer = 0; peer < peers.length; peer++) {
                String ep = client.get(peers[peer], KEY).asString();
                // round k's value, or round k+1's under an OpenPMIx server: it keeps no snapshot per fence,
                // and a peer that already left the fence may have committed its next value (as the C
                // reference client accepts, wireup_client.c); a JPMIx server's generation holds round k
                if (!ep.equals(expected[peer]) && !(peer != me.rank() && ep.equals(next[peer]))) {
                    throw new IllegalStateException("rank " + me.rank() + " round " + round + ": rank " + peer
                            + " posted '" + ep + "', expected '" + expected[peer] + "'");
                }
            }
            long dt = System.nanoTime() - t;
            round++;
            return dt;
        }

        /** As many rounds as {@code samples} has slots, each round's duration into its slot. */
        long[] rounds(long[] samples) {
            for (int i = 0; i < samples.length; i++) {
                samples[i] = round();
            }
            return samples;
        }
    }

    /**
     * 64 characters, distinct per rank and round: {@code tcp://10.a.b.c:ppppp/round-rrrrrr/} then
     * {@code x}s. Built by hand: every rank makes 2 N + 1 of them a round, and {@code String.format}
     * (a regular expression and locale data per call) took 8 % of the machine's CPU at N = 8 under an
     * OpenPMIx server (perf), time the ranks still in their timed round did not get.
     */
    static String endpoint(int rank, int round) {
        StringBuilder b = new StringBuilder(64).append("tcp://10.").append((rank >> 16) & 0xFF).append('.')
                .append((rank >> 8) & 0xFF).append('.').append(rank & 0xFF).append(':');
        zeroPadded(b, 20000 + (rank % 40000), 5).append("/round-");
        zeroPadded(b, round, 6).append('/');
        while (b.length() < 64) {
            b.append('x');
        }
        return b.toString();
    }

    /** {@code value} (not negative) in at least {@code digits} digits, as {@code %0<digits>d}. */
    private static StringBuilder zeroPadded(StringBuilder b, int value, int digits) {
        String s = Integer.toString(value);
        for (int i = s.length(); i < digits; i++) {
            b.append('0');
        }
        return b.append(s);
    }
}
