package io.github.jpmix.server.openpmix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.internal.transport.PeerCredentials;
import io.github.jpmix.server.HostModule;
import io.github.jpmix.server.PmixServer;
import io.github.jpmix.server.ServerOptions;
import io.github.jpmix.server.WireupInfo;
import io.github.jpmix.testing.Child;
import io.github.jpmix.testing.NativePrograms;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Unmodified libpmix C clients ({@code pmix-server/src/test/c/pmix_client.c}, built against the
 * installed OpenPMIx 4.2.2) served by JPMIx's server through its OpenPMIx front (docs/openpmix.md):
 * the whole client protocol, abort, fence timeouts, a participant killed mid-fence, the server going
 * away. Each C process gets exactly the environment {@code setupFork} gives.
 */
class OpenPmixClientsTest {
    static final String NODE = "node0";
    @TempDir
    static Path bin;
    static Path client;
    static Path ring;

    @TempDir
    Path tmp;
    Host host;
    PmixServer server;
    final List<Child> ranks = new ArrayList<>();

    @BeforeAll
    static void build() {
        client = NativePrograms.pmix("pmix-server/src/test/c/pmix_client.c", bin);
        ring = NativePrograms.mpi("pmix-server/src/test/c/mpi_ring.c", bin);
    }

    /** A host of one node: its fence is the node's own data; it records aborts. */
    static final class Host implements HostModule {
        final List<String> aborts = new CopyOnWriteArrayList<>();
        final List<String> terminated = new CopyOnWriteArrayList<>();

        @Override
        public CompletionStage<byte[]> fence(List<Proc> procs, List<Info> directives, byte[] data) {
            return CompletableFuture.completedFuture(data);
        }

        @Override
        public CompletionStage<Void> abort(Proc requester, int status, String message, List<Proc> targets) {
            aborts.add(requester + " " + status + " " + message);
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void clientTerminated(Proc proc, int state) {
            terminated.add(proc.toString());
        }
    }

    @BeforeEach
    void start() {
        host = new Host();
        server = PmixServer.start(new ServerOptions().serverTmpdir(tmp).systemTmpdir(tmp).hostname(NODE), host);
    }

    @AfterEach
    void stop() {
        ranks.forEach(Child::close);
        server.close();
    }

    /** Registers a job of {@code n} ranks on this node and starts {@code pmix_client args} as each. */
    void launch(String nspace, int n, String... args) throws Exception {
        launch(nspace, n, java.util.Map.of(), client, args);
    }

    /** Registers a job of {@code n} ranks on this node and starts {@code program args} as each, with {@code env} added. */
    void launch(String nspace, int n, java.util.Map<String, String> env, Path program, String... args) throws Exception {
        int[] r = new int[n];
        for (int i = 0; i < n; i++) {
            r[i] = i;
        }
        server.registerNamespace(nspace, n, WireupInfo.of(nspace).node(NODE, r).build(NODE));
        for (int i = 0; i < n; i++) {
            Proc p = new Proc(nspace, i);
            server.registerClient(p, PeerCredentials.currentUid(), PeerCredentials.currentGid());
            List<String> cmd = new ArrayList<>(List.of(program.toString()));
            cmd.addAll(List.of(args));
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
            pb.environment().putAll(server.setupFork(p));
            pb.environment().putAll(env);
            ranks.add(Child.start(pb));
        }
    }

    /** Waits for every rank to exit; returns their statuses. */
    List<Integer> exits() throws InterruptedException {
        List<Integer> out = new ArrayList<>();
        for (Child c : ranks) {
            out.add(c.awaitExit(60_000));
        }
        return out;
    }

    String transcripts() {
        StringBuilder sb = new StringBuilder();
        ranks.forEach(c -> sb.append(c.transcript()).append('\n'));
        return sb.toString();
    }

    /**
     * Every step of the client protocol: job, node, app and own facts from the job data sent at init,
     * a peer's facts, puts in three scopes and ten types, commit, get before the fence (the server waits
     * for the peer's commit), fences with and without collection and on a subset, every peer's values
     * after it (a REMOTE-only one invisible on the same node), missing keys with IMMEDIATE, OPTIONAL,
     * TIMEOUT and without, an event one rank notifies to the namespace, finalize.
     */
    @Test
    void shouldServeTheWholeClientProtocolToThreeCClients() throws Exception {
        launch("cjob", 3, "basic");
        assertEquals(List.of(0, 0, 0), exits(), transcripts());
        String out = transcripts();
        assertFalse(out.contains("FAIL"), out);
        assertTrue(out.contains("OK 1 event-received status=-3001 source=cjob:0"), out);
        assertTrue(out.contains("OK 2 fence-subset") || out.contains("SKIP 2 fence-subset"), out);
    }

    /** PMIx_Abort reaches the host's abort upcall with the caller, status and message, and returns to the caller. */
    @Test
    void shouldRelayAnAbortToTheHost() throws Exception {
        launch("ajob", 2, "abort", "42");
        assertEquals(42, ranks.get(0).awaitExit(30_000), transcripts());
        assertEquals(List.of("ajob:0 42 pmix_client abort test"), host.aborts);
        ranks.get(1).await("OK 1 abort-wait", 10_000);
    }

    /** A fence with PMIX_TIMEOUT that a rank stays away from fails with PMIX_ERR_TIMEOUT; the next fence works. */
    @Test
    void shouldTimeAFenceOut() throws Exception {
        launch("tjob", 3, "fence-timeout");
        assertEquals(List.of(0, 0, 0), exits(), transcripts());
        String out = transcripts();
        assertTrue(out.contains("OK 0 fence-timeout TIMEOUT") && out.contains("OK 1 fence-timeout TIMEOUT"), out);
        assertFalse(out.contains("FAIL"), out);
    }

    /** A participant SIGKILLed while the others wait in a fence: they fail at once, none hangs; the host hears of it. */
    @Test
    void shouldFailTheFenceOfTheOthersWhenARankIsKilled() throws Exception {
        launch("kjob", 3, "sleep-in-fence");
        for (int r = 0; r < 3; r++) {
            ranks.get(r).await("READY " + r, 30_000);
        }
        Thread.sleep(200); // both are in the fence at the server
        long killed = ranks.get(2).kill();
        for (int r = 0; r < 2; r++) {
            Child.Line l = ranks.get(r).await("OK " + r + " sleep-in-fence", 10_000);
            assertTrue(l.text().contains("PROC TERMINATED WITHOUT SYNC"), l.text());
            long ms = TimeUnit.NANOSECONDS.toMillis(l.nanos() - killed);
            assertTrue(ms < 2_000, "the fence failed " + ms + " ms after the kill");
            assertEquals(0, ranks.get(r).awaitExit(30_000), transcripts());
        }
        assertTrue(host.terminated.contains("kjob:2"), host.terminated.toString());
    }

    /** The server going away gives every C client PMIX_ERR_LOST_CONNECTION: an event, not a hang. */
    @Test
    void shouldTellCClientsTheirServerIsGone() throws Exception {
        launch("hjob", 2, "hang");
        for (int r = 0; r < 2; r++) {
            ranks.get(r).await("READY " + r, 30_000);
        }
        server.close();
        for (int r = 0; r < 2; r++) {
            Child.Line l = ranks.get(r).await("EVENT " + r, 10_000);
            assertTrue(l.text().contains("LOST_CONNECTION"), l.text());
            assertEquals(0, ranks.get(r).awaitExit(10_000));
        }
    }

    /**
     * An unmodified Open MPI 4.1.4 program, direct-launched as Slurm's mpi/pmix plugin does it: every
     * rank of the ring gets its token and the allreduce adds up, over shared memory and over TCP.
     */
    @org.junit.jupiter.params.ParameterizedTest(name = "{0} ranks, btl {1}")
    @org.junit.jupiter.params.provider.CsvSource({"1, self", "2, 'self,vader'", "4, 'self,vader'", "4, 'self,tcp'"})
    void shouldRunAnOpenMpiRing(int n, String btl) throws Exception {
        launch("mpi" + n + btl.replace(",", ""), n, java.util.Map.of("OMPI_MCA_schizo", "^orte", "OMPI_MCA_btl", btl,
                "OMPI_MCA_mpi_yield_when_idle", "1"), ring);
        List<Integer> exits = exits();
        assertEquals(java.util.Collections.nCopies(n, 0), exits, transcripts());
        String out = transcripts();
        for (int r = 0; r < n; r++) {
            assertTrue(out.contains("ring rank " + r + "/" + n + " ok"), out);
        }
        assertTrue(out.contains("allreduce ok"), out);
    }
}
