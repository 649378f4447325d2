package io.github.jpmix.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.Proc;
import io.github.jpmix.common.ProcState;
import io.github.jpmix.common.internal.transport.PeerCredentials;
import io.github.jpmix.common.internal.transport.TransportConfig;
import io.github.jpmix.testing.Child;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stress runs outside the default suite (README, "Slow tests"; {@code .ci/run} runs them once): a
 * thousand jobs one after another on one long-lived server, one in ten with a rank SIGKILLed
 * mid-fence, and a 64-process wireup on this node.
 */
@Tag("slow")
class StressTest {
    /** Jobs of the soak; {@code -Djpmix.soak.jobs=N} for a shorter or longer run (at least 20). */
    static final int JOBS = Math.max(20, Integer.getInteger("jpmix.soak.jobs", 1000));
    /** Ranks per job. */
    static final int RANKS = 4;
    /** How much descriptors and threads may grow over the soak, from the least seen once warmed up. */
    static final int FD_GROWTH = 8;
    static final int THREAD_GROWTH = 4;
    /** How much the server's mapped regions (all of them) may grow. */
    static final int MAPPING_GROWTH = 16;
    /** How much the server's heap after a full GC may grow, in bytes. */
    static final long HEAP_GROWTH = 16L << 20;
    /** How much the server's resident set may grow, in bytes. */
    static final long RSS_GROWTH = 64L << 20;

    /** {@code -Djpmix.soak.histograms=true}: print the server's class histogram (jcmd) after the first, middle and last job. */
    static final boolean HISTOGRAMS = Boolean.getBoolean("jpmix.soak.histograms");

    @TempDir
    Path tmp;

    private static void histogram(long pid, int job) throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                Long.toString(pid), "GC.class_histogram").redirectErrorStream(true).start();
        List<String> lines = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).lines().limit(40).toList();
        p.waitFor();
        System.out.println("[soak] histogram after job " + (job + 1) + ":\n" + String.join("\n", lines));
    }

    /**
     * What a process holds, from /proc: descriptors, threads, its mappings (all, and those of session
     * files), resident set; and for this JVM (the server) the heap in use after a full GC (-1 for others).
     */
    private record Usage(int fds, int threads, int mappings, int sessionMappings, long rss, long heap) {
        static Usage of(long pid, Path sessionDir) throws IOException {
            String dir = sessionDir.toString();
            int all;
            int session;
            try (Stream<String> s = Files.lines(Path.of("/proc/" + pid + "/maps"))) {
                List<String> lines = s.toList();
                all = lines.size();
                session = (int) lines.stream().filter(l -> l.contains(dir)).count();
            }
            long rss = -1;
            for (String l : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (l.startsWith("VmRSS:")) {
                    rss = Long.parseLong(l.substring(6).trim().split("\\s+")[0]) * 1024;
                }
            }
            long heap = -1;
            if (pid == ProcessHandle.current().pid()) {
                System.gc();
                System.gc();
                heap = java.lang.management.ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
            }
            return new Usage(Child.openFds(pid), Child.threads(pid), all, session, rss, heap);
        }

        /** The smaller of each figure, for a baseline that transient threads (e.g. the JDK's process reapers) do not inflate. */
        Usage min(Usage o) {
            return o == null ? this : new Usage(Math.min(fds, o.fds), Math.min(threads, o.threads),
                    Math.min(mappings, o.mappings), Math.min(sessionMappings, o.sessionMappings), Math.min(rss, o.rss),
                    Math.min(heap, o.heap));
        }

        void assertDescriptorsAndThreadsBoundedSince(Usage base, String who) {
            assertTrue(fds - base.fds <= FD_GROWTH, who + " file descriptors grew from " + base + " to " + this);
            assertTrue(threads - base.threads <= THREAD_GROWTH, who + " threads grew from " + base + " to " + this);
        }

        @Override
        public String toString() {
            return "fds=" + fds + " threads=" + threads + " maps=" + mappings + " sessionMaps=" + sessionMappings
                    + " rss=" + (rss >> 20) + "MiB" + (heap < 0 ? "" : " heapAfterGc=" + (heap >> 10) + "KiB");
        }
    }

    /**
     * One server runs {@link #JOBS} jobs of {@link #RANKS} ranks one after another; after each, the
     * host deregisters the job and the server must be back to where it started: its session
     * directory holds only its own files (socket and rendezvous: no ring file, no job file, no modex
     * generation, no staging map), and over the run its descriptors, threads, mapped regions, heap
     * after GC and resident set stay within fixed bounds of the least seen once warmed up (from the
     * tenth job on). The ranks are four long-lived JVMs that are clients of one job after another:
     * each puts an endpoint, commits, fences with data collection and reads every rank's endpoint.
     * One job in ten replaces rank 3 by a fresh JVM that is SIGKILLed mid-fence, alternately before
     * and after it arrived at the fence: the others fail with {@code PMIX_ERR_PROC_TERM_WO_SYNC} within
     * {@link FaultTest#PROMPT_MS}, and the host hears {@code PMIX_PROC_STATE_TERM_WO_SYNC}. A job's
     * data is never readable by the next: every rank checks the endpoints it reads, and the store
     * holds nothing between jobs.
     */
    @Test
    @Timeout(value = 45, unit = TimeUnit.MINUTES)
    void shouldReturnToZeroAfterEveryOneOfAThousandJobs() throws Exception {
        long start = System.nanoTime();
        long self = ProcessHandle.current().pid();
        List<Long> worstKill = new ArrayList<>();
        List<Long> jobMillis = new ArrayList<>();
        List<Child> survivors = new ArrayList<>();
        Child spare = null;
        try (TestHost host = new TestHost(tmp)) {
            Path session = host.server.sessionDirectory();
            List<String> own = TestHost.settledFiles(session, f -> true);
            assertEquals(List.of("rendezvous", "server.sock"), own, "a new server's session directory");
            for (int r = 0; r < RANKS; r++) {
                survivors.add(Child.start(Child.SMALL, Map.of(), FaultScenarios.class.getName(), "survivor"));
            }
            Usage serverBase = null;
            Usage[] survivorBase = new Usage[RANKS];
            Usage first = null;
            Usage middle = null;
            for (int i = 0; i < JOBS; i++) {
                long jobStart = System.nanoTime();
                String ns = "soak" + i;
                boolean kill = i % 10 == 9;
                if (spare == null) {
                    // the next kill job's victim starts now, alongside up to nine ordinary jobs
                    spare = Child.start(Child.SMALL, Map.of(), FaultScenarios.class.getName(), "survivor");
                }
                host.job(ns, RANKS);
                if (kill) {
                    survivors.add(spare); // rank 3 of this job; the long-lived rank 3 sits it out
                    spare = null;
                    Child idle = survivors.remove(RANKS - 1);
                    try {
                        worstKill.add(killMidFence(host, survivors, ns, (i / 10) % 2 == 1));
                    } finally {
                        survivors.set(RANKS - 1, idle);
                    }
                } else {
                    for (int r = 0; r < RANKS; r++) {
                        init(host, survivors.get(r), new Proc(ns, r));
                    }
                    for (Child c : survivors) {
                        c.send("WIRE");
                    }
                    for (Child c : survivors) {
                        Child.Line l = c.await("WIRE", 60_000);
                        assertEquals("WIRED", l.text(), ns);
                    }
                    for (Child c : survivors) {
                        c.send("CLOSE");
                        c.await("CLOSED", 10_000);
                    }
                }
                host.server.deregisterNamespace(ns);
                host.children.clear(); // a victim is dead and reaped
                host.events.clear(); // the harness's own records must not grow the heap the soak measures
                for (Child c : survivors) {
                    c.clearTranscript();
                }

                List<String> files = TestHost.settledFiles(session, own::contains);
                assertEquals(own, files, "job " + i + " left files behind");
                for (Child c : survivors) {
                    assertEquals(List.of(), sessionMappings(c.pid(), session), "a survivor still maps session files after job " + i);
                }
                jobMillis.add(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - jobStart));
                if (i == 0 || i == JOBS / 2 || i == JOBS - 1) {
                    if (HISTOGRAMS) {
                        histogram(self, i);
                    }
                    Usage u = Usage.of(self, session);
                    System.out.printf("[soak] server after job %d: %s%n", i + 1, u);
                    if (i == 0) {
                        first = u;
                    } else if (i == JOBS / 2) {
                        middle = u;
                    }
                }
                if (i >= 9 && i % 10 == 5) { // warmed up: every lazily started thread and cache exists by now
                    serverBase = Usage.of(self, session).min(serverBase);
                    for (int r = 0; r < RANKS; r++) {
                        survivorBase[r] = Usage.of(survivors.get(r).pid(), session).min(survivorBase[r]);
                    }
                }
            }
            Usage server = Usage.of(self, session);
            assertEquals(0, server.sessionMappings(), "the server still maps session files: " + server);
            server.assertDescriptorsAndThreadsBoundedSince(serverBase, "server");
            assertTrue(server.mappings() - serverBase.mappings() <= MAPPING_GROWTH, "server mappings grew from " + serverBase + " to " + server);
            assertTrue(server.heap() - serverBase.heap() <= HEAP_GROWTH, "server heap after GC grew from " + serverBase + " to " + server);
            assertTrue(server.rss() - serverBase.rss() <= RSS_GROWTH, "server RSS grew from " + serverBase + " to " + server);
            for (int r = 0; r < RANKS; r++) {
                Usage.of(survivors.get(r).pid(), session).assertDescriptorsAndThreadsBoundedSince(survivorBase[r], "survivor " + r);
            }
            System.out.printf("[soak] %d jobs in %d s (median job %d ms, slowest %d ms); %d kills mid-fence, survivors failed"
                    + " within %d ms (median %d ms)%n[soak] server: first %s%n[soak]         middle %s%n[soak]         last %s"
                    + "%n[soak]         least from job 10 on: %s%n", JOBS, TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start),
                    median(jobMillis), jobMillis.stream().mapToLong(Long::longValue).max().orElse(-1), worstKill.size(),
                    worstKill.stream().mapToLong(Long::longValue).max().orElse(-1), median(worstKill), first, middle, server,
                    serverBase);
        } finally {
            for (Child c : survivors) {
                c.close();
            }
            if (spare != null) {
                spare.close();
            }
        }
    }

    /**
     * A job whose rank 3 ({@code ranks}' last, a fresh JVM) is SIGKILLed mid-fence, before it arrived
     * at the fence or after; the others close. Returns how long the slowest of them took to fail.
     */
    private static long killMidFence(TestHost host, List<Child> ranks, String ns, boolean arrived) throws Exception {
        Child victim = ranks.get(RANKS - 1);
        for (int r = 0; r < RANKS; r++) {
            init(host, ranks.get(r), new Proc(ns, r));
        }
        if (arrived) {
            victim.send("FENCE");
            victim.await("FENCING", 10_000);
        }
        for (int r = 0; r < RANKS - 2; r++) {
            ranks.get(r).send("FENCE");
            ranks.get(r).await("FENCING", 10_000);
        }
        Thread.sleep(100); // the fence is pending at the server
        long killedAt = victim.kill();
        long slowest = 0;
        for (int r = 0; r < RANKS - 2; r++) {
            slowest = Math.max(slowest, prompt(ranks.get(r), killedAt, ns));
        }
        // a participant entering after the death fails at once
        Child late = ranks.get(RANKS - 2);
        late.send("FENCE");
        slowest = Math.max(slowest, prompt(late, System.nanoTime(), ns));
        assertEquals(137, victim.awaitExit(10_000));
        TestHost.Termination t = host.nextTermination(FaultTest.PROMPT_MS);
        assertTrue(t != null && t.proc().equals(new Proc(ns, RANKS - 1)) && t.state() == ProcState.TERM_WO_SYNC, ns + ": " + t);
        assertTrue(host.terminations.isEmpty(), host.terminations.toString());
        for (int r = 0; r < RANKS - 1; r++) {
            ranks.get(r).send("CLOSE");
            ranks.get(r).await("CLOSED", 10_000);
        }
        return slowest;
    }

    /**
     * The session files {@code pid} maps, once it maps none or after 5 s: a client unmaps a replaced
     * or closed file when the last lookup in it ends, on a background thread ({@code jpmix-gds-closer}).
     */
    private static List<String> sessionMappings(long pid, Path session) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (true) {
            List<String> mapped;
            try (Stream<String> s = Files.lines(Path.of("/proc/" + pid + "/maps"))) {
                mapped = s.filter(l -> l.contains(session.toString())).toList();
            }
            if (mapped.isEmpty() || System.nanoTime() > deadline) {
                return mapped;
            }
            Thread.sleep(10);
        }
    }

    /** Gives a survivor JVM the environment of {@code proc} and has it connect, put and commit. */
    private static void init(TestHost host, Child survivor, Proc proc) throws Exception {
        host.server.registerClient(proc, PeerCredentials.currentUid(), PeerCredentials.currentGid());
        for (Map.Entry<String, String> e : host.server.setupFork(proc).entrySet()) {
            survivor.send("ENV " + e.getKey() + "=" + e.getValue());
        }
        survivor.send("INIT");
        survivor.await("INITED " + proc, 60_000);
    }

    /** Awaits a survivor's failed fence; returns how long after {@code from} it came. */
    private static long prompt(Child survivor, long from, String ns) throws InterruptedException {
        Child.Line l = survivor.await("FENCE", 30_000);
        assertTrue(l.text().startsWith("FENCE PMIX_ERR_PROC_TERM_WO_SYNC"), ns + ": " + l.text());
        long took = TimeUnit.NANOSECONDS.toMillis(l.nanos() - from);
        assertTrue(took < FaultTest.PROMPT_MS, ns + ": '" + l.text() + "' came " + took + " ms after the kill");
        return took;
    }

    private static long median(List<Long> xs) {
        List<Long> s = xs.stream().sorted().toList();
        return s.isEmpty() ? -1 : s.get(s.size() / 2);
    }

    /**
     * 64 client JVMs on this 2-core node: put, commit, fence with data collection, get every peer's
     * data. 64 JVMs starting at once here (about 3 s of CPU each, most of it JVM and Chronicle Map
     * start-up) starve one another: a client's 1 s heartbeat stalled for 11.8 s, and with the
     * server's former 10 s heartbeat timeout a healthy client was dropped as hung, which rightly
     * failed everybody's fence. The default is 30 s now; this test allows 2 minutes, since hang
     * detection is not what it checks, and prints the longest stall it saw. Its clients' handshake
     * timeout is 2 minutes for the same reason.
     */
    @Test
    @Timeout(value = 30, unit = TimeUnit.MINUTES)
    void shouldWireUpSixtyFourClients() throws Exception {
        int n = 64;
        long start = System.nanoTime();
        try (TestHost host = new TestHost(tmp, java.time.Duration.ofMinutes(2));
                HeartbeatWatch watch = new HeartbeatWatch(host.server.sessionDirectory())) {
            host.job("w64", n);
            List<Child> clients = new ArrayList<>();
            // the same starvation stretches a handshake past its 5 s default: a client that gave up on
            // the server's reply (the server had admitted it) ended, and its end rightly failed the fence
            List<String> jvm = new ArrayList<>(Child.SMALL);
            jvm.add("-D" + TransportConfig.HANDSHAKE_TIMEOUT_PROP + "=120s");
            for (int r = 0; r < n; r++) {
                clients.add(host.launch(new Proc("w64", r), jvm, ClientScenarios.class, "wireup"));
            }
            for (int r = 0; r < n; r++) {
                Child c = clients.get(r);
                try {
                    c.await("WIRED " + r + " of " + n, 1_200_000);
                } catch (AssertionError e) {
                    // name the clients that ended: the first one's end is what failed the others' fence
                    for (int q = 0; q < n; q++) {
                        Child d = clients.get(q);
                        if (!d.process.isAlive()) {
                            e.addSuppressed(new AssertionError("rank " + q + " ended with " + d.process.exitValue()
                                    + " having printed: " + d.transcript()));
                        }
                    }
                    throw e;
                }
                assertEquals(0, c.awaitExit(120_000), c.transcript());
            }
            assertEquals(1, host.fences.get(), "one host fence for the node's 64 participants");
            assertEquals(n, host.events.stream().filter(e -> e.startsWith("finalized")).count(), host.events.toString());
            assertTrue(host.terminations.isEmpty(), host.terminations.toString());
            System.out.printf("[stress] %d clients wired up in %d s; longest client heartbeat stall %d ms%n", n,
                    TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start), watch.longestStallMs());
        }
    }

    /**
     * Samples every ring file's client heartbeat (docs/transport.md, section 2: int64 at 0x110,
     * native order) every 50 ms and keeps the longest time one stayed unchanged.
     */
    private static final class HeartbeatWatch implements AutoCloseable {
        private static final int CLIENT_HEARTBEAT = 0x110;
        private final Thread thread;
        private final java.util.concurrent.atomic.AtomicLong longest = new java.util.concurrent.atomic.AtomicLong();
        private volatile boolean stop;

        HeartbeatWatch(Path session) {
            thread = new Thread(() -> {
                Map<String, long[]> seen = new java.util.HashMap<>(); // file -> {value, nanos of last change}
                java.nio.ByteBuffer buf = java.nio.ByteBuffer.allocate(8).order(java.nio.ByteOrder.nativeOrder());
                while (!stop) {
                    long now = System.nanoTime();
                    try (Stream<Path> files = Files.list(session)) {
                        for (Path f : files.filter(p -> p.getFileName().toString().startsWith("ring-")).toList()) {
                            try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(f)) {
                                buf.clear();
                                if (ch.read(buf, CLIENT_HEARTBEAT) < 8) {
                                    continue;
                                }
                            } catch (IOException gone) {
                                continue; // the client left
                            }
                            long beat = buf.getLong(0);
                            long[] s = seen.computeIfAbsent(f.getFileName().toString(), k -> new long[] {beat, now});
                            if (s[0] != beat) {
                                s[0] = beat;
                                s[1] = now;
                            } else if (beat != 0) {
                                longest.accumulateAndGet(TimeUnit.NANOSECONDS.toMillis(now - s[1]), Math::max);
                            }
                        }
                    } catch (IOException e) {
                        return;
                    }
                    try {
                        Thread.sleep(50);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }, "heartbeat-watch");
            thread.setDaemon(true);
            thread.start();
        }

        long longestStallMs() {
            return longest.get();
        }

        @Override
        public void close() {
            stop = true;
            thread.interrupt();
        }
    }
}
