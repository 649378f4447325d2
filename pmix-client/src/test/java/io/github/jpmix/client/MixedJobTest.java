package io.github.jpmix.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.Keys;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.transport.PeerCredentials;
import io.github.jpmix.testing.Child;
import io.github.jpmix.testing.NativePrograms;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One job of C and Java ranks ("Two fronts, one server", ARCHITECTURE.md): unmodified libpmix
 * processes ({@code pmix-server/src/test/c/pmix_client.c}) reach the server through its OpenPMIx
 * front, JPMIx's Java clients through its own transport, and they fence together and read each
 * other's posted data; a C rank killed mid-fence fails the fence of every other rank, C and Java.
 */
class MixedJobTest {
    @TempDir
    static Path bin;
    static Path cClient;

    @TempDir
    Path tmp;
    TestHost host;
    final List<Child> children = new ArrayList<>();

    @BeforeAll
    static void build() {
        cClient = NativePrograms.pmix("pmix-server/src/test/c/pmix_client.c", bin);
    }

    @BeforeEach
    void start() {
        host = new TestHost(tmp);
    }

    @AfterEach
    void stop() {
        children.forEach(Child::close);
        host.close();
    }

    /** A Java rank: a survivor JVM (FaultScenarios) given {@code proc}'s environment, connected, its endpoint posted. */
    private Child java(Proc proc) throws Exception {
        host.server.registerClient(proc, PeerCredentials.currentUid(), PeerCredentials.currentGid());
        Child c = Child.start(Child.SMALL, Map.of(), FaultScenarios.class.getName(), "survivor");
        children.add(c);
        for (Map.Entry<String, String> e : host.server.setupFork(proc).entrySet()) {
            c.send("ENV " + e.getKey() + "=" + e.getValue());
        }
        c.send("INIT");
        c.await("INITED " + proc, 60_000);
        return c;
    }

    /** A C rank running {@code pmix_client mode}. */
    private Child c(Proc proc, String mode) throws Exception {
        host.server.registerClient(proc, PeerCredentials.currentUid(), PeerCredentials.currentGid());
        ProcessBuilder pb = new ProcessBuilder(cClient.toString(), mode);
        pb.environment().putAll(host.server.setupFork(proc));
        Child c = Child.start(pb);
        children.add(c);
        return c;
    }

    @Test
    void shouldWireUpCAndJavaRanksOfOneJob() throws Exception {
        host.job("mix", 4);
        Child j0 = java(new Proc("mix", 0));
        Child j1 = java(new Proc("mix", 1));
        Child c2 = c(new Proc("mix", 2), "wire");
        Child c3 = c(new Proc("mix", 3), "wire");
        j0.send("WIRE");
        j1.send("WIRE");
        // every rank read every rank's endpoint, the C ranks' included, and checked it
        assertEquals("WIRED", j0.await("WIRE", 60_000).text(), j0.transcript());
        assertEquals("WIRED", j1.await("WIRE", 60_000).text(), j1.transcript());
        c2.await("OK 2 wired 2 of 4", 60_000);
        c3.await("OK 3 wired 3 of 4", 60_000);
        j0.send("FENCE"); // the C ranks' closing fence
        j1.send("FENCE");
        j0.await("FENCED", 30_000);
        j1.await("FENCED", 30_000);
        assertEquals(0, c2.awaitExit(30_000), c2.transcript());
        assertEquals(0, c3.awaitExit(30_000), c3.transcript());
    }

    /**
     * What a C rank reads of the job (its {@code info} mode) is what a Java rank reads: the same
     * facts from the same store, whichever front they came through.
     */
    @Test
    void shouldGiveCAndJavaRanksTheSameFacts() throws Exception {
        host.job("facts", 2);
        Proc j = new Proc("facts", 1);
        host.server.registerClient(j, PeerCredentials.currentUid(), PeerCredentials.currentGid());
        Child c0 = c(new Proc("facts", 0), "info");
        try (PmixClient java = PmixClient.init(host.server.setupFork(j))) {
            var done = java.fenceAsync(List.of());
            c0.await("OK 0 finalize", 60_000);
            done.get(30, TimeUnit.SECONDS);
            Map<String, String> seen = new HashMap<>();
            for (String line : c0.transcript().split("\n")) {
                // INFO <rank> <target> <key> <value or "- status">
                String[] f = line.split(" ", 5);
                if (f.length == 5 && f[0].equals("INFO") && f[2].equals("job")) {
                    seen.put(f[3], f[4]);
                }
            }
            Proc wildcard = Proc.wildcard("facts");
            for (var key : List.of(Keys.JOB_SIZE, Keys.UNIV_SIZE, Keys.MAX_PROCS, Keys.NUM_NODES, Keys.LOCAL_SIZE)) {
                assertTrue(seen.containsKey(key.name()), key.name() + " not printed: " + seen);
                Value v = java.get(wildcard, key.name());
                assertTrue(seen.get(key.name()).contains(Integer.toUnsignedString(v.asInt())),
                        key.name() + ": C read " + seen.get(key.name()) + ", Java " + v);
            }
            for (var key : List.of(Keys.LOCAL_PEERS, Keys.NODE_LIST, Keys.JOBID)) {
                Value v = java.get(wildcard, key.name());
                assertTrue(seen.get(key.name()).contains(v.asString()), key.name() + ": C read " + seen.get(key.name()) + ", Java " + v);
            }
            assertEquals(0, c0.awaitExit(30_000), c0.transcript());
        }
    }

    @Test
    void shouldFailTheFenceOfCAndJavaRanksWhenACRankIsKilled() throws Exception {
        host.job("kill", 4);
        Child j0 = java(new Proc("kill", 0));
        Child j1 = java(new Proc("kill", 1));
        Child c2 = c(new Proc("kill", 2), "sleep-in-fence"); // enters the fence
        Child c3 = c(new Proc("kill", 3), "sleep-in-fence"); // the last rank sleeps: the victim
        c2.await("READY 2", 30_000);
        c3.await("READY 3", 30_000);
        j0.send("FENCE");
        j1.send("FENCE");
        j0.await("FENCING", 10_000);
        j1.await("FENCING", 10_000);
        Thread.sleep(200);
        long killed = c3.kill();
        for (Child j : List.of(j0, j1)) {
            Child.Line l = j.await("FENCE", 10_000);
            assertTrue(l.text().startsWith("FENCE PMIX_ERR_PROC_TERM_WO_SYNC"), l.text());
            assertTrue(l.nanos() - killed < TimeUnit.SECONDS.toNanos(2), l.text());
        }
        Child.Line l = c2.await("OK 2 sleep-in-fence", 10_000);
        assertTrue(l.text().contains("PROC TERMINATED WITHOUT SYNC"), l.text());
        assertEquals(0, c2.awaitExit(30_000), c2.transcript());
    }

    /** setupFork gives each process both sets of variables, so whichever library it links finds its server. */
    @Test
    void shouldGiveEveryProcessTheVariablesOfBothFronts() {
        host.job("env", 1);
        Proc p = new Proc("env", 0);
        host.server.registerClient(p, PeerCredentials.currentUid(), PeerCredentials.currentGid());
        Map<String, String> env = host.server.setupFork(p);
        assertTrue(env.containsKey("PMIX_SERVER_URI"), env.toString());
        assertTrue(env.get("PMIX_SERVER_URI41").matches(".+\\.0;tcp4://127\\.0\\.0\\.1:\\d+"), env.toString());
        assertEquals(env.get("PMIX_SERVER_URI41"), env.get("PMIX_SERVER_URI21"));
        assertEquals("hash", env.get("PMIX_GDS_MODULE"));
        assertEquals("PMIX_BFROP_BUFFER_NON_DESC", env.get("PMIX_BFROP_BUFFER_TYPE"));
        assertEquals("native", env.get("PMIX_SECURITY_MODE"));
    }

    /**
     * The server SIGKILLed (its own JVM, FaultScenarios "host") while C ranks and a Java rank of its job
     * wait: the C ranks' library raises PMIX_ERR_LOST_CONNECTION (they exit), the Java rank's fence
     * fails with PMIX_ERR_LOST_CONNECTION; nobody hangs.
     */
    @Test
    void shouldTellCAndJavaRanksTheirServerWasKilled() throws Exception {
        Child server = Child.start(Child.SMALL, Map.of(), FaultScenarios.class.getName(), "host", tmp.toString(), "gone", "3");
        children.add(server);
        server.await("SERVING", 120_000);
        Map<Integer, Map<String, String>> env = new HashMap<>();
        for (String line : server.transcript().split("\n")) {
            if (line.startsWith("ENV ")) {
                String[] f = line.split(" ", 3);
                int eq = f[2].indexOf('=');
                env.computeIfAbsent(Integer.parseInt(f[1]), r -> new HashMap<>()).put(f[2].substring(0, eq), f[2].substring(eq + 1));
            }
        }
        List<Child> cs = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            ProcessBuilder pb = new ProcessBuilder(cClient.toString(), "hang");
            pb.environment().putAll(env.get(r));
            Child c = Child.start(pb);
            children.add(c);
            cs.add(c);
            c.await("READY " + r, 30_000);
        }
        Child j = Child.start(Child.SMALL, Map.of(), FaultScenarios.class.getName(), "survivor");
        children.add(j);
        for (Map.Entry<String, String> e : env.get(2).entrySet()) {
            j.send("ENV " + e.getKey() + "=" + e.getValue());
        }
        j.send("INIT");
        j.await("INITED gone:2", 60_000);
        j.send("FENCE");
        j.await("FENCING", 10_000);
        Thread.sleep(200);
        long killed = server.kill();
        for (int r = 0; r < 2; r++) {
            Child.Line l = cs.get(r).await("EVENT " + r, 10_000);
            assertTrue(l.text().contains("LOST_CONNECTION"), l.text());
            assertTrue(l.nanos() - killed < TimeUnit.SECONDS.toNanos(5), l.text());
            assertEquals(0, cs.get(r).awaitExit(10_000));
        }
        Child.Line l = j.await("FENCE", 10_000);
        assertTrue(l.text().startsWith("FENCE PMIX_ERR_LOST_CONNECTION"), l.text());
    }
}
