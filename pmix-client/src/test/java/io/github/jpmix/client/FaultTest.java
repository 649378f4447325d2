package io.github.jpmix.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.Proc;
import io.github.jpmix.common.ProcState;
import io.github.jpmix.common.internal.JvmFlags;
import io.github.jpmix.testing.Child;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The faults a job survives (ARCHITECTURE.md, step 6), each with real separate JVMs: a client
 * SIGKILLed in a fence, a client killed inside a store read loop, the server SIGKILLed, clients that
 * end without finalizing, and a pmixrun job that loses a process. The bounds asserted are liveness
 * bounds of seconds; the socket close is the authoritative signal ({@code docs/transport.md},
 * "Liveness"), so the real figures are milliseconds.
 */
class FaultTest {
    /**
     * What "promptly" means for a survivor (well inside the server's 30 s heartbeat timeout, the
     * liveness bound for a hung client), and how soon clients must learn of a server's death.
     */
    static final long PROMPT_MS = 2_000;

    @TempDir
    Path tmp;
    private TestHost host;
    private final List<Child> children = new ArrayList<>();

    @AfterEach
    void stop() {
        children.forEach(Child::close);
        if (host != null) {
            host.close();
        }
    }

    private TestHost host() {
        host = new TestHost(tmp);
        return host;
    }

    private Child launch(Proc proc, String... args) throws IOException {
        Child c = host.launch(proc, Child.SMALL, FaultScenarios.class, args);
        children.add(c);
        return c;
    }

    /** Prints a measured figure (surefire keeps it in the test's report). */
    static void note(String what) {
        System.out.println("[fault] " + what);
    }

    private static long ms(long fromNanos, long toNanos) {
        return TimeUnit.NANOSECONDS.toMillis(toNanos - fromNanos);
    }

    /** Asserts the survivor printed {@code expected} within {@link #PROMPT_MS} of {@code killedAt}. */
    private static void assertPrompt(Child survivor, String expected, long killedAt) throws InterruptedException {
        Child.Line l = survivor.await(expected.substring(0, expected.indexOf(' ') + 1), 30_000);
        assertTrue(l.text().startsWith(expected), l.text());
        long took = ms(killedAt, l.nanos());
        note(expected + " " + took + " ms after the kill");
        assertTrue(took < PROMPT_MS, "'" + l.text() + "' came " + took + " ms after the kill");
    }

    @Test
    void shouldFailTheSurvivorsOfAKillMidFenceAtOnceTellTheHostAndServeANewJob() throws Exception {
        host().job("kill", 4);
        Child r0 = launch(new Proc("kill", 0), "fence", "now");
        Child r1 = launch(new Proc("kill", 1), "fence", "now");
        Child victim = launch(new Proc("kill", 2), "fence", "now");
        Child late = launch(new Proc("kill", 3), "fence", "late");
        for (Child c : List.of(r0, r1, victim)) {
            c.await("FENCING", 60_000);
        }
        late.await("READY", 60_000);
        Thread.sleep(500); // ranks 0-2 are in the fence at the server, waiting for rank 3

        long killedAt = victim.kill();
        // the victim had arrived: the operation can never be what its participants asked for
        assertPrompt(r0, "FENCE PMIX_ERR_PROC_TERM_WO_SYNC", killedAt);
        assertPrompt(r1, "FENCE PMIX_ERR_PROC_TERM_WO_SYNC", killedAt);
        assertEquals(137, victim.awaitExit(10_000));
        // the host is told, with the state, as soon as the server sees the socket close
        TestHost.Termination t = host.nextTermination(PROMPT_MS);
        assertTrue(t != null && host.terminations.isEmpty(), t + " " + host.terminations);
        assertEquals(new Proc("kill", 2), t.proc());
        assertEquals(ProcState.TERM_WO_SYNC, t.state(), ProcState.toString(t.state()));
        note("clientTerminated " + ms(killedAt, t.nanos()) + " ms after the kill");
        assertTrue(ms(killedAt, t.nanos()) < PROMPT_MS, ms(killedAt, t.nanos()) + " ms");
        // a participant arriving after the death fails at once instead of waiting for the dead
        late.send("go");
        long sent = System.nanoTime();
        Child.Line l = late.await("FENCE ", 30_000);
        assertTrue(l.text().startsWith("FENCE PMIX_ERR_PROC_TERM_WO_SYNC"), l.text());
        assertTrue(ms(sent, l.nanos()) < PROMPT_MS, l.text());
        for (Child c : List.of(r0, r1, late)) {
            c.await("DONE", 30_000);
            assertEquals(0, c.awaitExit(30_000), c.transcript());
        }
        for (int r : new int[] {0, 1, 3}) {
            assertTrue(host.events.contains("finalized kill:" + r), host.events.toString());
        }
        assertTrue(host.terminations.isEmpty(), "only the victim terminated: " + host.terminations);

        // the same server then serves a new job, from registration to a full wireup
        host.server.deregisterNamespace("kill");
        host.job("next", 2);
        List<Process> next = List.of(host.spawn(new Proc("next", 0), "wireup"), host.spawn(new Proc("next", 1), "wireup"));
        for (int r = 0; r < 2; r++) {
            String out = TestHost.output(next.get(r), 60);
            assertTrue(out.contains("WIRED " + r + " of 2"), out);
            assertEquals(0, next.get(r).exitValue(), out);
        }
        assertTrue(host.events.contains("finalized next:0") && host.events.contains("finalized next:1"),
                host.events.toString());
        // nothing of the dead client or the old job is left in the session directory
        // (the store's own dot-file, its private staging map of posted data, is the server's: docs/gds.md)
        Predicate<String> serversOwn = f -> !f.startsWith("ring-") && (!f.startsWith(".") || f.equals(".staging-modex.gds"))
                && !f.contains("kill");
        List<String> files = TestHost.settledFiles(host.server.sessionDirectory(), serversOwn);
        assertTrue(files.stream().allMatch(serversOwn), files.toString());
    }

    @Test
    void shouldFenceAgainAtOnceAfterAReaderIsKilledInsideAStoreReadLoop() throws Exception {
        host().job("rd", 3);
        Child a = launch(new Proc("rd", 0), "two-fences");
        Child b = launch(new Proc("rd", 1), "two-fences");
        Child reader = launch(new Proc("rd", 2), "read-loop");
        a.await("READY", 60_000);
        b.await("READY", 60_000);
        reader.await("READS", 60_000);
        reader.await("READS", 10_000); // deep in its loop: 2 x 65,536 rounds of two gets each
        reader.kill();
        assertEquals(137, reader.awaitExit(10_000));
        a.send("go");
        b.send("go");
        for (Child c : List.of(a, b)) {
            Child.Line fenced = c.await("FENCED after", 30_000);
            Matcher m = Pattern.compile("FENCED after (\\d+) ms").matcher(fenced.text());
            assertTrue(m.find(), fenced.text());
            // a lock word left by the killed reader would stall the next store write 60 s (Chronicle's timeout)
            note("after the reader's death: " + fenced.text());
            assertTrue(Long.parseLong(m.group(1)) < 5_000, fenced.text());
            // 400,000 more gets of the new generation and the job facts, all right
            c.await("READ 400000 values", 30_000);
            assertTrue(c.await("ep 0=", 10_000).text().equals("ep 0=v2-0"), c.transcript());
            assertTrue(c.await("ep 1=", 10_000).text().equals("ep 1=v2-1"), c.transcript());
            // the dead reader's data, posted before it died, is still served
            assertEquals("reader ep=v1-2", c.await("reader ep=", 10_000).text());
            assertEquals(0, c.awaitExit(30_000), c.transcript());
        }
        assertTrue(host.terminations.stream().anyMatch(t -> t.proc().equals(new Proc("rd", 2))
                && t.state() == ProcState.TERM_WO_SYNC), host.terminations.toString());
    }

    @Test
    void shouldFailBlockedCallsWithLostConnectionWithinTwoSecondsOfAServerSigkill() throws Exception {
        Child server = Child.start(Child.SMALL, Map.of(), FaultScenarios.class.getName(), "host", tmp.toString(), "lost", "4");
        children.add(server);
        Map<Integer, Map<String, String>> env = new HashMap<>();
        while (true) {
            String line = server.await("", 60_000).text();
            if (line.equals("SERVING")) {
                break;
            }
            String[] f = line.split(" ", 3); // ENV <rank> <name>=<value>
            int eq = f[2].indexOf('=');
            env.computeIfAbsent(Integer.parseInt(f[1]), r -> new HashMap<>()).put(f[2].substring(0, eq), f[2].substring(eq + 1));
        }
        String main = FaultScenarios.class.getName();
        // rank 3 is registered but never starts: the server holds the fence and the get for it
        Child fence = start(env.get(0), main, "fence", "now");
        Child get = start(env.get(1), main, "get-blocked", "3");
        Child loop = start(env.get(2), main, "server-get-loop", "0"); // one server round trip after another
        fence.await("FENCING", 60_000);
        get.await("GETTING", 60_000);
        loop.await("LOOPING", 60_000);
        Thread.sleep(300); // the fence and the get are parked at the server

        long killedAt = server.kill();
        assertPrompt(fence, "FENCE PMIX_ERR_LOST_CONNECTION", killedAt);
        assertPrompt(get, "GET PMIX_ERR_LOST_CONNECTION", killedAt);
        assertPrompt(loop, "LOOP PMIX_ERR_LOST_CONNECTION", killedAt);
        // and each of them then finalizes without a server and ends by itself
        for (Child c : List.of(fence, get, loop)) {
            assertEquals(0, c.awaitExit(30_000), c.transcript());
        }
    }

    private Child start(Map<String, String> env, String main, String... args) throws IOException {
        Child c = Child.start(Child.SMALL, env, main, args);
        children.add(c);
        return c;
    }

    @Test
    void shouldShowAnExitWithoutFinalizeAsSuchToTheHostAndToPeersInAFence() throws Exception {
        host().job("fin", 4);
        Child r0 = launch(new Proc("fin", 0), "fence", "now", "0,1");
        Child exits = launch(new Proc("fin", 1), "exit-without-finalize");
        Child r2 = launch(new Proc("fin", 2), "fence", "now", "2,3");
        Child returns = launch(new Proc("fin", 3), "return-without-finalize");
        r0.await("FENCING", 60_000);
        r2.await("FENCING", 60_000);
        exits.await("READY", 60_000);
        returns.await("READY", 60_000);
        Thread.sleep(300); // ranks 0 and 2 are in their fences at the server
        exits.send("go");
        returns.send("go");
        // System.exit without finalize, and a return from main with the client open: both JVMs end
        assertEquals(0, exits.awaitExit(30_000), exits.transcript());
        returns.await("RETURNING", 30_000);
        assertEquals(0, returns.awaitExit(30_000), "a JPMIx thread kept the JVM alive: " + returns.transcript());
        // the peers waiting for them in a fence learn it ...
        assertTrue(r0.await("FENCE ", 30_000).text().startsWith("FENCE PMIX_ERR_PROC_TERM_WO_SYNC"), r0.transcript());
        assertTrue(r2.await("FENCE ", 30_000).text().startsWith("FENCE PMIX_ERR_PROC_TERM_WO_SYNC"), r2.transcript());
        // ... and close properly themselves
        assertEquals(0, r0.awaitExit(30_000), r0.transcript());
        assertEquals(0, r2.awaitExit(30_000), r2.transcript());

        // the host: the two that did not finalize ended without sync, the two that did are finalized
        Map<Proc, Integer> states = new HashMap<>();
        for (TestHost.Termination t; (t = host.nextTermination(states.size() < 2 ? PROMPT_MS : 0)) != null; ) {
            states.put(t.proc(), t.state());
        }
        assertEquals(Map.of(new Proc("fin", 1), ProcState.TERM_WO_SYNC, new Proc("fin", 3), ProcState.TERM_WO_SYNC),
                states);
        List<String> finalized = host.events.stream().filter(e -> e.startsWith("finalized")).sorted().toList();
        assertEquals(List.of("finalized fin:0", "finalized fin:2"), finalized, host.events.toString());
    }

    // ---- the launcher ----

    private record Pmixrun(Child out, Path err) {
        String stderr() throws IOException {
            return Files.readString(err);
        }
    }

    /** pmixrun's main in its own JVM, running a job of {@code n} processes of {@link FaultScenarios} "launched". */
    private Pmixrun pmixrun(int n, String... scenarioArgs) throws IOException {
        List<String> cmd = new ArrayList<>(JvmFlags.javaCommand(Child.SMALL, "io.github.jpmix.server.Launcher"));
        cmd.addAll(List.of("-n", Integer.toString(n), FaultScenarios.class.getName(), "launched"));
        cmd.addAll(List.of(scenarioArgs));
        Path err = tmp.resolve("pmixrun.err");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(err.toFile());
        pb.environment().put("TMPDIR", tmp.toString());
        Child c = new Child(pb.start());
        children.add(c);
        return new Pmixrun(c, err);
    }

    /** The job's processes, by rank, once every one has wired up. */
    private static Map<Integer, ProcessHandle> pids(Child launcher, int n) throws InterruptedException {
        Map<Integer, ProcessHandle> pids = new HashMap<>();
        for (int i = 0; i < n; i++) {
            String[] f = launcher.await("PID ", 120_000).text().split(" ");
            pids.put(Integer.parseInt(f[1]), ProcessHandle.of(Long.parseLong(f[2])).orElseThrow());
        }
        return pids;
    }

    private static void assertNoneRunning(Map<Integer, ProcessHandle> pids) {
        pids.forEach((rank, p) -> assertFalse(p.isAlive(), "rank " + rank + " (pid " + p.pid() + ") was left running"));
    }

    @Test
    void shouldEndPmixrunAndTheRestOfTheJobWhenAProcessIsKilled() throws Exception {
        Pmixrun run = pmixrun(3, "1", "sleep");
        Map<Integer, ProcessHandle> pids = pids(run.out(), 3);
        long killedAt = System.nanoTime();
        pids.get(1).destroyForcibly(); // SIGKILL
        int exit = run.out().awaitExit(30_000);
        long took = ms(killedAt, System.nanoTime());
        String err = run.stderr();
        note("pmixrun ended " + took + " ms after the kill, exit " + exit);
        assertEquals(137, exit, err);
        assertTrue(err.contains("rank 1 (pid " + pids.get(1).pid() + ") was killed by signal 9; terminating the job"), err);
        // one event ended the job, one line says so: the ranks pmixrun ends get none, and the summary is the last line
        assertEquals(1, err.lines().filter(l -> l.contains("rank ")).count(), err);
        assertTrue(err.strip().endsWith("; exit 137"), err);
        assertNoneRunning(pids);
        // rank 2 sleeps and ignores its peer's death: pmixrun ends it (SIGTERM) at once
        assertTrue(took < 10_000, "pmixrun took " + took + " ms to end after the kill");
    }

    @Test
    void shouldEndPmixrunAndTheRestOfTheJobWhenAProcessExitsNonZero() throws Exception {
        // rank 0 waits in a fence for rank 1, which exits 5 without finalizing
        Pmixrun run = pmixrun(2, "1", "exit5");
        Map<Integer, ProcessHandle> pids = pids(run.out(), 2);
        int exit = run.out().awaitExit(30_000);
        String err = run.stderr();
        note("pmixrun: " + err.lines().filter(l -> l.contains("exit") || l.contains("terminating")).toList());
        assertEquals(5, exit, err);
        assertTrue(err.contains("rank 1 (pid " + pids.get(1).pid() + ") exited with status 5; terminating the job"), err);
        assertTrue(err.contains("exit 5"), err);
        assertNoneRunning(pids);
    }
}
