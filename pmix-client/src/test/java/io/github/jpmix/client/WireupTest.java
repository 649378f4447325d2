package io.github.jpmix.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.Proc;
import io.github.jpmix.common.internal.transport.PeerCredentials;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Node-local wireup with real client JVMs forked by a test host; the faults are in {@link FaultTest}. */
class WireupTest {
    @TempDir
    Path tmp;
    TestHost host;

    @BeforeEach
    void startHost() {
        host = new TestHost(tmp);
    }

    @AfterEach
    void stopHost() {
        host.close();
    }

    private List<Process> spawnAll(String nspace, int n, String scenario, String... args) throws Exception {
        List<Process> ps = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            ps.add(host.spawn(new Proc(nspace, r), scenario, args));
        }
        return ps;
    }

    @Test
    void shouldWireUpEightClientsThroughPutCommitFenceAndGet() throws Exception {
        host.job("ns8", 8);
        List<Process> ps = spawnAll("ns8", 8, "wireup");
        for (int r = 0; r < 8; r++) {
            String out = TestHost.output(ps.get(r), 120);
            assertTrue(out.contains("WIRED " + r + " of 8"), "rank " + r + ": " + out);
            assertEquals(0, ps.get(r).exitValue(), out);
        }
        // one host fence for the whole node's participants
        assertEquals(1, host.fences.get());
        assertEquals(8, host.events.stream().filter(e -> e.startsWith("finalized")).count(), host.events.toString());
    }

    @Test
    void shouldReadRankFactsAndResolvePeersAndNodes() throws Exception {
        host.job("facts", 2);
        List<Process> ps = spawnAll("facts", 2, "facts");
        for (int r = 0; r < 2; r++) {
            String out = TestHost.output(ps.get(r), 60);
            assertTrue(out.contains("rank=" + r + "\n"), out);
            assertTrue(out.contains("size=2\n"), out);
            assertTrue(out.contains("local_rank=" + r + "\n"), out);
            assertTrue(out.contains("hostname=" + TestHost.NODE + "\n"), out);
            assertTrue(out.contains("local_peers=0,1\n"), out);
            assertTrue(out.contains("nodes=[" + TestHost.NODE + "]\n"), out);
            assertTrue(out.contains("peers=[facts:0, facts:1]\n"), out);
        }
    }

    @Test
    void shouldWireUpTwoNamespacesAtOnceAndAnswerAcrossThem() throws Exception {
        host.job("nsA", 3);
        host.job("nsB", 2);
        List<Process> a = spawnAll("nsA", 3, "wireup");
        List<Process> b = spawnAll("nsB", 2, "wireup");
        for (int r = 0; r < 3; r++) {
            String out = TestHost.output(a.get(r), 120);
            assertTrue(out.contains("WIRED " + r + " of 3"), out);
        }
        for (int r = 0; r < 2; r++) {
            String out = TestHost.output(b.get(r), 120);
            assertTrue(out.contains("WIRED " + r + " of 2"), out);
        }
        host.job("nsC", 1);
        // reserved-keys.tex: "In the case where the target and requester's namespaces differ, then the
        // request is forwarded to the local PMIx server."
        String out = TestHost.output(host.spawn(new Proc("nsC", 0), "other-namespace", "nsA"), 60);
        assertTrue(out.contains("other_size=3"), out);
    }

    @Test
    void shouldFenceOverSubsetsWithoutMixingThem() throws Exception {
        host.job("sub", 4);
        List<Process> ps = new ArrayList<>();
        ps.add(host.spawn(new Proc("sub", 0), "fence-subset", "0,1"));
        ps.add(host.spawn(new Proc("sub", 1), "fence-subset", "0,1"));
        ps.add(host.spawn(new Proc("sub", 2), "fence-subset", "2,3"));
        ps.add(host.spawn(new Proc("sub", 3), "fence-subset", "2,3"));
        for (int r = 0; r < 4; r++) {
            String out = TestHost.output(ps.get(r), 120);
            int first = r < 2 ? 0 : 2;
            assertTrue(out.contains("subset " + first + "=" + first), out);
            assertTrue(out.contains("subset " + (first + 1) + "=" + (first + 1)), out);
            assertEquals(0, ps.get(r).exitValue(), out);
        }
        assertEquals(2, host.fences.get());
    }

    @Test
    void shouldTimeOutAFenceWhosePeerNeverArrives() throws Exception {
        host.job("late", 2);
        Process sleeper = host.spawn(new Proc("late", 1), "sleep");
        Process waiter = host.spawn(new Proc("late", 0), "fence-timeout", "2");
        String out = TestHost.output(waiter, 60);
        assertTrue(out.contains("FENCE PMIX_ERR_TIMEOUT"), out);
        Matcher m = Pattern.compile("after (\\d+) ms").matcher(out);
        assertTrue(m.find(), out);
        long ms = Long.parseLong(m.group(1));
        assertTrue(ms >= 1_900 && ms < 10_000, "timed out after " + ms + " ms");
        sleeper.destroyForcibly();
    }

    @Test
    void shouldFailAFenceAtOnceWhenAParticipantFinalizesWithoutEnteringIt() throws Exception {
        // A participant that finalized can never arrive: the waiter must not hang until its timeout (30 s).
        // Rank 1 starts later, so rank 0 is most likely waiting in the fence when rank 1 finalizes
        // (PMIX_ERR_UNREACH); if rank 1 is faster, rank 0 is refused on entry (PMIX_ERR_PROC_TERM_WO_SYNC).
        host.job("fin", 2);
        Proc quitterProc = new Proc("fin", 1);
        host.server.registerClient(quitterProc, PeerCredentials.currentUid(), PeerCredentials.currentGid());
        Process waiter = host.spawn(new Proc("fin", 0), "fence-timeout", "30");
        Thread.sleep(3_000);
        Process quitter = host.start(host.server.setupFork(quitterProc), "init-only");
        String out = TestHost.output(waiter, 60);
        Matcher m = Pattern.compile("FENCE (PMIX_ERR_UNREACH|PMIX_ERR_PROC_TERM_WO_SYNC) after (\\d+) ms").matcher(out);
        assertTrue(m.find(), out);
        assertTrue(Long.parseLong(m.group(2)) < 20_000, out);
        assertTrue(TestHost.output(quitter, 60).contains("DONE"));
    }

    @Test
    void shouldFailAFenceAtOnceWhenTheHostDeregistersAParticipantsNamespace() throws Exception {
        // keep:0 fences with drop:0, which never comes; the host then deregisters "drop"
        host.job("keep", 1);
        host.job("drop", 1);
        host.server.registerClient(new Proc("drop", 0), PeerCredentials.currentUid(), PeerCredentials.currentGid());
        Process waiter = host.spawn(new Proc("keep", 0), "fence-with", "keep:0,drop:0");
        Thread.sleep(3_000);
        host.server.deregisterNamespace("drop");
        String out = TestHost.output(waiter, 60);
        Matcher m = Pattern.compile("FENCE PMIX_ERR_INVALID_NAMESPACE after (\\d+) ms").matcher(out);
        assertTrue(m.find(), out);
        assertTrue(Long.parseLong(m.group(1)) < 20_000, out);
    }

    @Test
    void shouldRefuseAReservedKeyAndStoreNothing() throws Exception {
        host.job("rsv", 1);
        String out = TestHost.output(host.spawn(new Proc("rsv", 0), "put-reserved"), 60);
        // ARCHITECTURE.md: "Nothing posts a reserved key ("pmix" prefix) from a client or tool: that is
        // rejected with PMIX_ERR_BAD_PARAM and nothing is stored."
        assertTrue(out.contains("REFUSED PMIX_ERR_BAD_PARAM"), out);
        assertTrue(out.contains("NOT_STORED PMIX_ERR_NOT_FOUND"), out);
    }

    @Test
    void shouldRefuseAnUnregisteredRank() throws Exception {
        host.job("reg", 2);
        host.server.registerClient(new Proc("reg", 0), PeerCredentials.currentUid(), PeerCredentials.currentGid());
        Map<String, String> env = new HashMap<>(host.server.setupFork(new Proc("reg", 0)));
        env.put("PMIX_RANK", "1");
        Process p = host.start(env, "init-only");
        String out = TestHost.output(p, 60);
        assertTrue(out.contains("ERROR PMIX_ERR_NOT_FOUND"), out);
        assertEquals(3, p.exitValue());
    }

    @Test
    void shouldRefuseAClientWhoseUidIsNotTheRegisteredOne() throws Exception {
        host.job("cred", 1);
        Process p = host.spawn(new Proc("cred", 0), PeerCredentials.currentUid() + 1, PeerCredentials.currentGid(),
                "init-only");
        String out = TestHost.output(p, 60);
        assertTrue(out.contains("ERROR PMIX_ERR_INVALID_CRED"), out);
    }

    @Test
    void shouldFailEveryCallWithLostConnectionOnceTheServerIsGone() throws Exception {
        host.job("gone", 1);
        Process p = host.spawn(new Proc("gone", 0), "wait-stdin");
        assertEquals("READY\n", new String(p.getInputStream().readNBytes(6)));
        host.server.close();
        p.getOutputStream().write('\n');
        p.getOutputStream().flush();
        String out = TestHost.output(p, 30);
        assertTrue(out.contains("FENCE PMIX_ERR_LOST_CONNECTION"), out);
        assertTrue(out.contains("GET PMIX_ERR_LOST_CONNECTION"), out);
        Matcher m = Pattern.compile("after (\\d+) ms").matcher(out);
        assertTrue(m.find() && Long.parseLong(m.group(1)) < 2_000, out);
    }

    @Test
    void shouldFetchARemotePeersDataThroughTheHostsDirectModex() throws Exception {
        // ranks 0-1 here, 2-3 on a node this server does not serve
        host.job(io.github.jpmix.server.WireupInfo.of("dm").node(TestHost.NODE, 0, 1).node("node1", 2, 3), "dm");
        String out = TestHost.output(host.spawn(new Proc("dm", 0), "get-remote"), 60);
        assertTrue(out.contains("remote ep=remote-2"), out);
        assertTrue(out.contains("IMMEDIATE PMIX_ERR_NOT_FOUND"), out);
        Matcher m = Pattern.compile("SLOW PMIX_ERR_TIMEOUT after (\\d+) ms").matcher(out);
        assertTrue(m.find(), out);
        assertTrue(Long.parseLong(m.group(1)) >= 900, out);
        // a remote rank's node facts come from the maps (OpenPMIx 4.2.2 answers PMIX_ERR_NOT_FOUND)
        assertTrue(out.contains("remote nodeid=1 hostname=node1"), out);
        assertTrue(out.contains("TYPED PMIX_ERR_TYPE_MISMATCH"), out);
        assertTrue(host.events.contains("dmodex dm:2"), host.events.toString());
    }
}
