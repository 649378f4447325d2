package io.github.jpmix.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.Proc;
import io.github.jpmix.common.ProcState;
import io.github.jpmix.common.internal.transport.PeerCredentials;
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
 * Stress runs of issue 4 (outside the default suite; README, "Slow tests"): the kill-mid-fence
 * fault 100 times against one long-lived server, and a 64-process wireup on this node.
 */
@Tag("slow")
class StressTest {
    /** Iterations of the kill test; {@code -Djpmix.stress.kills=N} for a shorter or longer run (at least 10). */
    static final int KILLS = Math.max(10, Integer.getInteger("jpmix.stress.kills", 100));
    /** How much the server's and the survivors' descriptors and threads may grow over the run. */
    static final int FD_GROWTH = 8;
    static final int THREAD_GROWTH = 4;

    @TempDir
    Path tmp;

    /** A survivor JVM's (or this JVM's) descriptors, threads, and mappings of session files, from /proc. */
    private record Usage(int fds, int threads, int mappings) {
        static Usage of(long pid, Path sessionDir) throws IOException {
            String dir = sessionDir.toString();
            int maps;
            try (Stream<String> s = Files.lines(Path.of("/proc/" + pid + "/maps"))) {
                maps = (int) s.filter(l -> l.contains(dir)).count();
            }
            return new Usage(Child.openFds(pid), Child.threads(pid), maps);
        }

        /** The smaller of each figure, for a baseline that transient threads (e.g. the JDK's process reapers) do not inflate. */
        Usage min(Usage o) {
            return o == null ? this : new Usage(Math.min(fds, o.fds), Math.min(threads, o.threads), Math.min(mappings, o.mappings));
        }

        void assertBoundedSince(Usage base, String who) {
            assertTrue(fds - base.fds <= FD_GROWTH, who + " file descriptors grew from " + base + " to " + this);
            assertTrue(threads - base.threads <= THREAD_GROWTH, who + " threads grew from " + base + " to " + this);
        }
    }

    /**
     * One server, two long-lived survivor JVMs (a new client of each job in each), and per
     * iteration a new job whose third process is SIGKILLed mid-fence: on even iterations before
     * it arrived at the fence (both survivors wait in it), on odd ones after (one survivor waits
     * with it, the other enters the fence after the death). Every iteration: the survivors fail
     * with {@code PMIX_ERR_PROC_TERM_WO_SYNC} within {@link FaultTest#PROMPT_MS}, the host hears
     * {@code PMIX_PROC_STATE_TERM_WO_SYNC}, the job is deregistered and the session directory holds
     * only the server's socket, its rendezvous file and the newest modex generations. At the end,
     * descriptors and threads of the server and the survivors are within a few of the least seen
     * from the tenth iteration on, and the survivors keep no session file mapped after finalizing.
     */
    @Test
    @Timeout(value = 45, unit = TimeUnit.MINUTES)
    void shouldSurviveAHundredKillsMidFenceOnOneServer() throws Exception {
        long start = System.nanoTime();
        long self = ProcessHandle.current().pid();
        List<Long> worst = new ArrayList<>();
        try (TestHost host = new TestHost(tmp);
                Child a = Child.start(Child.SMALL, Map.of(), FaultScenarios.class.getName(), "survivor");
                Child b = Child.start(Child.SMALL, Map.of(), FaultScenarios.class.getName(), "survivor")) {
            Path session = host.server.sessionDirectory();
            Usage serverBase = null;
            Usage aBase = null;
            Usage bBase = null;
            for (int i = 0; i < KILLS; i++) {
                String ns = "kill" + i;
                boolean arrived = i % 2 == 1;
                host.job(ns, 3);
                init(host, a, new Proc(ns, 0));
                init(host, b, new Proc(ns, 1));
                Child victim = host.launch(new Proc(ns, 2), Child.SMALL, FaultScenarios.class,
                        arrived ? new String[] {"fence", "now"} : new String[] {"sleep"});
                victim.await(arrived ? "FENCING" : "READY", 120_000);
                a.send("FENCE");
                a.await("FENCING", 10_000);
                if (!arrived) {
                    b.send("FENCE");
                    b.await("FENCING", 10_000);
                }
                Thread.sleep(200); // the fence is pending at the server

                long killedAt = victim.kill();
                long slowest = prompt(a, killedAt, ns);
                if (arrived) {
                    b.send("FENCE"); // a participant entering after the death fails at once
                    slowest = Math.max(slowest, prompt(b, System.nanoTime(), ns));
                } else {
                    slowest = Math.max(slowest, prompt(b, killedAt, ns));
                }
                worst.add(slowest);
                assertEquals(137, victim.awaitExit(10_000));
                TestHost.Termination t = host.nextTermination(FaultTest.PROMPT_MS);
                assertTrue(t != null && t.proc().equals(new Proc(ns, 2)) && t.state() == ProcState.TERM_WO_SYNC,
                        "iteration " + i + ": " + t);
                assertTrue(host.terminations.isEmpty(), host.terminations.toString());
                for (Child s : List.of(a, b)) {
                    s.send("CLOSE");
                    s.await("CLOSED", 10_000);
                }
                host.server.deregisterNamespace(ns);
                host.children.clear(); // the victim is dead and reaped

                // the server removes a ring file when it has handled the disconnect, on its own thread
                List<String> files = TestHost.settledFiles(session, StressTest::isServerFile);
                assertTrue(files.stream().allMatch(StressTest::isServerFile) && files.size() <= 4,
                        "iteration " + i + " left " + files);
                for (Child s : List.of(a, b)) {
                    assertEquals(0, Usage.of(s.pid(), session).mappings(), "survivor still maps session files");
                }
                if (i >= 9 && i < KILLS - 1) { // warmed up: every lazily started thread and cache exists by now
                    serverBase = Usage.of(self, session).min(serverBase);
                    aBase = Usage.of(a.pid(), session).min(aBase);
                    bBase = Usage.of(b.pid(), session).min(bBase);
                }
            }
            Usage server = Usage.of(self, session);
            server.assertBoundedSince(serverBase, "server");
            assertTrue(server.mappings() <= serverBase.mappings(), "server maps " + server + " vs " + serverBase);
            Usage.of(a.pid(), session).assertBoundedSince(aBase, "survivor a");
            Usage.of(b.pid(), session).assertBoundedSince(bBase, "survivor b");
            System.out.printf("[stress] %d kills mid-fence in %d s; survivors failed within %d ms (median %d ms);"
                    + " server %s (least from 10 on), %s after %d; survivor %s -> %s%n", KILLS,
                    TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start),
                    worst.stream().mapToLong(Long::longValue).max().orElse(-1), median(worst), serverBase, server, KILLS,
                    aBase, Usage.of(a.pid(), session));
        }
    }

    private static boolean isServerFile(String f) {
        return f.equals("server.sock") || f.equals("rendezvous") || f.matches("modex-\\d+\\.gds")
                || f.equals(".staging-modex.gds"); // the store's private staging map (docs/gds.md)
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
     * detection is not what it checks, and prints the longest stall it saw.
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
            for (int r = 0; r < n; r++) {
                clients.add(host.launch(new Proc("w64", r), Child.SMALL, ClientScenarios.class, "wireup"));
            }
            for (int r = 0; r < n; r++) {
                Child c = clients.get(r);
                c.await("WIRED " + r + " of " + n, 1_200_000);
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
