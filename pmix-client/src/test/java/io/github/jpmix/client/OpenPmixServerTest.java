package io.github.jpmix.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Scope;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.transport.PeerCredentials;
import io.github.jpmix.testing.Child;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Java ranks under servers built on the installed OpenPMIx 4.2.2 server library ({@code pmix_host},
 * {@code python3-pmix}'s {@code PMIxServer}: {@link OpenPmixHosts}): {@code PmixClient.init()} finds only
 * OpenPMIx's variables and speaks OpenPMIx's client protocol ({@code docs/openpmix.md}, "JPMIx's client
 * under an OpenPMIx server"). The Java ranks ({@link OpenPmixRank}) read the same facts as the C client
 * {@code pmix_client} under the same host, wire up with C ranks of the same job, and learn of a killed
 * server from every pending and later call.
 */
class OpenPmixServerTest {
    @TempDir
    static Path bin;
    static OpenPmixHosts hosts;

    @TempDir
    Path tmp;
    final List<Child> jobs = new ArrayList<>();

    @BeforeAll
    static void build() {
        hosts = new OpenPmixHosts(bin);
    }

    @AfterEach
    void stop() {
        jobs.forEach(OpenPmixHosts::stop);
    }

    private Child job(Child host) {
        jobs.add(host);
        return host;
    }

    /**
     * What C ranks read of a job under {@code pmix_host} ({@code pmix_client info}), Java ranks read
     * too, with the same type and value: job size, local peers, each rank's local and node rank, host,
     * node id, application and the rest; the Java ranks read every rank's facts, so each C rank's own
     * line is held against the Java ranks' view of that rank (a peer's facts). Only
     * {@code PMIX_BFROPS_MODULE} differs: the server echoes each client's own version. Java finds some
     * facts the C client does not (JPMIx's retrieval rules derive them from the job data).
     */
    @Test
    void shouldReadTheFactsCRanksReadUnderTheSameHost() throws Exception {
        Path shared = Files.createDirectory(tmp.resolve("host"));
        List<String> same = List.of("--nspace", "facts", "--tmpdir", shared.toString());
        Child c = job(hosts.pmixHost(2, same, hosts.cRank("info")));
        assertEquals(0, c.awaitExit(60_000), c.transcript());
        Child java = job(hosts.pmixHost(2, same, OpenPmixHosts.javaRank("info")));
        assertEquals(0, java.awaitExit(90_000), java.transcript());

        Map<String, String> seen = new HashMap<>(); // "<target> <key>" -> "<type> <value>", any Java rank's view
        for (String l : OpenPmixHosts.lines(java, "INFO ")) {
            String[] f = l.split(" ", 5);
            assertTrue(seen.getOrDefault(f[2] + " " + f[3], f[4]).equals(f[4]), "Java ranks disagree on " + l);
            seen.put(f[2] + " " + f[3], f[4]);
        }
        int compared = 0;
        for (String l : OpenPmixHosts.lines(c, "INFO ")) {
            String[] f = l.split(" ", 5);
            if (f[4].startsWith("- ") || f[3].equals("pmix.bfrops.mod")) {
                continue;
            }
            assertEquals(f[4], seen.get(f[2] + " " + f[3]), "C read " + l + "; Java:\n" + java.transcript());
            compared++;
        }
        assertTrue(compared >= 30, "only " + compared + " facts compared:\n" + c.transcript());
        for (String fact : List.of("job pmix.job.size PMIX_UINT32 2", "job pmix.lpeers PMIX_STRING 0,1",
                "rank1 pmix.lrank PMIX_UINT16 1", "rank1 pmix.nrank PMIX_UINT16 1", "rank0 pmix.appnum PMIX_UINT32 0")) {
            int at = fact.indexOf(' ', fact.indexOf(' ') + 1);
            assertEquals(fact.substring(at + 1), seen.get(fact.substring(0, at)), fact);
        }
        String host = seen.get("rank1 pmix.hname");
        assertEquals(host, seen.get("rank0 pmix.hname"));
        assertEquals(host, seen.get("job pmix.nlist"));
    }

    /**
     * One job of C and Java ranks under {@code pmix_host} (even ranks Java, odd ranks C): each posts
     * its endpoint, commits, fences with data collection and reads and checks every rank's endpoint, C
     * and Java alike.
     */
    @Test
    void shouldWireUpAMixedJobOfCAndJavaRanks() throws Exception {
        Child host = job(hosts.pmixHost(4, List.of(), hosts.mixed("wire", OpenPmixHosts.javaRank("wire"), hosts.cRank("wire"))));
        assertEquals(0, host.awaitExit(90_000), host.transcript());
        for (int r = 0; r < 4; r++) {
            assertTrue(host.transcript().contains("OK " + r + " wired " + r + " of 4"), host.transcript());
        }
        assertTrue(OpenPmixHosts.lines(host, "FAIL").isEmpty(), host.transcript());
    }

    /**
     * The rest of the calls under {@code pmix_host}: own and peers' values of every scope (a peer's
     * REMOTE value is not given to a rank of the same node), a second round whose newer values are read
     * after the fence, a fence of a subset, resolve peers and nodes from the job data, query and log
     * (the host answers {@code PMIX_QUERY_NAMESPACES}), and abort (the host reports it and the job ends
     * with the status).
     */
    @Test
    void shouldServeTheClientCallsUnderPmixHost() throws Exception {
        Child calls = job(hosts.pmixHost(3, List.of("--nspace", "calls"), OpenPmixHosts.javaRank("calls")));
        assertEquals(0, calls.awaitExit(90_000), calls.transcript());
        for (String step : List.of("get-own", "get-peer", "get-peer-remote PMIX_ERR_NOT_FOUND",
                "get-own-missing-reserved PMIX_ERR_NOT_FOUND", "put-reserved PMIX_ERR_BAD_PARAM", "round-1", "round-2",
                "resolve-peers", "resolve-peers-here", "resolve-nodes")) {
            assertEquals(3, OpenPmixHosts.lines(calls, "OK ").stream().filter(l -> l.endsWith(" " + step)).count(),
                    step + ":\n" + calls.transcript());
        }
        assertEquals(2, OpenPmixHosts.lines(calls, "OK ").stream().filter(l -> l.endsWith(" fence-subset")).count());

        Child admin = job(hosts.pmixHost(2, List.of("--nspace", "admin"), OpenPmixHosts.javaRank("admin")));
        assertEquals(0, admin.awaitExit(90_000), admin.transcript());
        assertTrue(admin.transcript().contains("OK 0 query admin") && admin.transcript().contains("OK 1 query admin"),
                admin.transcript());
        assertTrue(admin.transcript().contains("OK 0 log"), admin.transcript());

        Child abort = job(hosts.pmixHost(3, List.of(), OpenPmixHosts.javaRank("abort")));
        assertEquals(42, abort.awaitExit(90_000), abort.transcript());
        assertTrue(abort.transcript().contains("OK 0 abort-returned"), abort.transcript());
    }

    /**
     * The same under {@code python3-pmix}'s {@code PMIxServer}, whose job data the server library
     * derives from the node and proc maps alone: a mixed job wires up, and a Java job's calls work.
     */
    @Test
    void shouldWireUpUnderPythonsPmixServer() throws Exception {
        Child wire = job(hosts.pyHost(4, hosts.mixed("pywire", OpenPmixHosts.javaRank("wire"), hosts.cRank("wire"))));
        assertEquals(0, wire.awaitExit(90_000), wire.transcript());
        for (int r = 0; r < 4; r++) {
            assertTrue(wire.transcript().contains("OK " + r + " wired " + r + " of 4"), wire.transcript());
        }
        Child calls = job(hosts.pyHost(3, OpenPmixHosts.javaRank("calls")));
        assertEquals(0, calls.awaitExit(90_000), calls.transcript());
        assertTrue(OpenPmixHosts.lines(calls, "FAIL").isEmpty(), calls.transcript());
        assertEquals(3, OpenPmixHosts.lines(calls, "OK ").stream().filter(l -> l.endsWith(" round-2")).count(), calls.transcript());
    }

    /**
     * JPMIx's client speaking OpenPMIx's protocol to JPMIx's own server, through its OpenPMIx front
     * (the environment without JPMIx's {@code PMIX_SERVER_URI}): the job data of the front's init reply,
     * a modex round between two such clients, and a fact the job data holds per rank.
     */
    @Test
    void shouldSpeakOpenPmixToJpmixsOwnFront() throws Exception {
        try (TestHost host = new TestHost(tmp)) {
            host.job("front", 2);
            List<PmixClient> clients = new ArrayList<>();
            try {
                for (int r = 0; r < 2; r++) {
                    Proc p = new Proc("front", r);
                    host.server.registerClient(p, PeerCredentials.currentUid(), PeerCredentials.currentGid());
                    Map<String, String> env = new HashMap<>(host.server.setupFork(p));
                    env.remove("PMIX_SERVER_URI");
                    clients.add(PmixClient.init(env));
                }
                List<CompletableFuture<Void>> fences = new ArrayList<>();
                for (PmixClient c : clients) {
                    c.put(Scope.GLOBAL, "ep", Value.ofString("endpoint-of-" + c.proc().rank()));
                    c.commit();
                    fences.add(c.fenceAsync(List.of(), Info.flag(Keys.COLLECT_DATA)));
                }
                for (CompletableFuture<Void> f : fences) {
                    f.get(30, TimeUnit.SECONDS);
                }
                for (PmixClient c : clients) {
                    Proc peer = new Proc("front", 1 - c.proc().rank());
                    assertEquals("endpoint-of-" + peer.rank(), c.get(peer, "ep").asString());
                    assertEquals(2, c.get(Proc.wildcard("front"), Keys.JOB_SIZE));
                    assertEquals(peer.rank(), c.get(peer, Keys.LOCAL_RANK));
                }
            } finally {
                clients.forEach(PmixClient::close);
            }
        }
    }

    /**
     * {@code pmix_host} SIGKILLed while its Java ranks wait in calls it holds (a fence, a get): each
     * call fails with {@code PMIX_ERR_LOST_CONNECTION} at once, and so does a later one; the ranks exit.
     * (Their output goes to a file: once the host is gone the JDK closes the pipe it read the host's
     * output from, and what its orphans print there is lost.)
     */
    @Test
    void shouldTellJavaRanksTheirServerWasKilled() throws Exception {
        Path out = tmp.resolve("ranks.out");
        List<String> cmd = new ArrayList<>(List.of(hosts.pmixHost.toString(), "-n", "2", "--gds", "hash", "--timeout", "120", "--"));
        cmd.addAll(OpenPmixHosts.javaRank("hang"));
        Process host = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        List<ProcessHandle> ranks = new ArrayList<>();
        try {
            for (String l : OpenPmixHosts.await(out, "READY ", 2, 60_000)) {
                ProcessHandle.of(Long.parseLong(l.split(" ")[2])).ifPresent(ranks::add);
            }
            Thread.sleep(300); // into the fence and the get
            long killed = System.nanoTime();
            host.destroyForcibly();
            List<String> blocked = OpenPmixHosts.await(out, "BLOCKED ", 2, 10_000);
            long seen = System.nanoTime();
            for (String l : blocked) {
                assertTrue(l.startsWith("BLOCKED PMIX_ERR_LOST_CONNECTION"), l);
            }
            assertTrue(seen - killed < TimeUnit.SECONDS.toNanos(5), "the ranks took " + (seen - killed) / 1_000_000 + " ms");
            for (String l : OpenPmixHosts.await(out, "LATER ", 2, 10_000)) {
                assertEquals("LATER PMIX_ERR_LOST_CONNECTION", l);
            }
            for (ProcessHandle p : ranks) {
                p.onExit().get(10, TimeUnit.SECONDS);
            }
        } finally {
            host.destroyForcibly();
            ranks.forEach(ProcessHandle::destroyForcibly);
        }
    }
}
