package io.github.jpmix.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.QueryResults;
import io.github.jpmix.common.Scope;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.transport.PeerCredentials;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The client calls besides the wireup, through an in-process client of a test host's server. */
class ClientApiTest {
    @TempDir
    Path tmp;
    TestHost host;
    PmixClient client;
    final Proc me = new Proc("api", 0);

    @BeforeEach
    void connect() {
        host = new TestHost(tmp);
        host.job("api", 2);
        client = host.connect(me);
    }

    @AfterEach
    void disconnect() {
        client.close();
        host.close();
    }

    @Test
    void shouldReadOwnIdentityAndTypedFacts() {
        assertEquals(me, client.proc());
        // reserved-keys.tex: "The process identifier in the PMIx_Get call is ignored when requesting this key."
        assertEquals(me, client.get(new Proc("other", 7), Keys.PROCID));
        assertEquals(2, client.get(Proc.wildcard("api"), Keys.JOB_SIZE));
        assertEquals(Status.ERR_TYPE_MISMATCH,
                assertThrows(PmixException.class, () -> client.get(null, Keys.HOSTNAME.name(), new Info[0]).asInt()).status());
    }

    /** The generations the server's store has written so far, by their file names. */
    private List<String> modexFiles() throws IOException {
        try (var files = Files.walk(tmp)) {
            return files.map(f -> f.getFileName().toString()).filter(n -> n.startsWith("modex-")).sorted().toList();
        }
    }

    /** Waits up to 10 s for the store to have written {@code files}. */
    private void awaitModexFiles(List<String> files) throws Exception {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!modexFiles().equals(files) && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(files, modexFiles());
    }

    /**
     * docs/gds.md, "Generations": a fence that brings nothing new writes no generation; small new data
     * rides in the release and is published as a generation shortly after; data too large to ride is
     * published before the release.
     */
    @Test
    void shouldWriteAModexGenerationOnlyWhenAFenceBringsSomethingNew() throws Exception {
        // this process alone: a fence over the whole namespace would wait for rank 1, which never runs
        List<Proc> alone = List.of(me);
        client.fence(alone);
        client.fence(alone);
        assertEquals(List.of(), modexFiles(), "fences without data wrote a generation");
        client.put(Scope.GLOBAL, "ep", Value.ofString("e1"));
        client.commit();
        client.fence(alone);
        awaitModexFiles(List.of("modex-1.gds"));
        client.fence(alone, Info.flag(Keys.COLLECT_DATA));
        Thread.sleep(3 * 100);
        assertEquals(List.of("modex-1.gds"), modexFiles(), "nothing new, yet a new generation");
        client.put(Scope.GLOBAL, "big", Value.ofString("x".repeat(20_000)));
        client.commit();
        client.fence(alone);
        assertEquals(List.of("modex-1.gds", "modex-2.gds"), modexFiles(), "20 kB rode in the release");
        // the same fact asked again, from the client's kept answers, is the same value
        assertEquals(2, client.get(Proc.wildcard("api"), Keys.JOB_SIZE));
        assertEquals(2, client.get(Proc.wildcard("api"), Keys.JOB_SIZE));
    }

    /**
     * A peer's small posts reach the reader in the fence release, ahead of the newest generation, a
     * newer value over an older generation's; a process that connects later gets them in its handshake.
     */
    @Test
    void shouldReadAPeersNewestPostsWhetherTheyRodeInTheReleaseOrInAGeneration() throws Exception {
        host.job("pair", 3);
        Proc p0 = new Proc("pair", 0);
        Proc p1 = new Proc("pair", 1);
        try (PmixClient c0 = host.connect(p0); PmixClient c1 = host.connect(p1)) {
            List<Proc> both = List.of(p0, p1);
            String big = "b".repeat(20_000);
            String[] values = {"small-1", big, "small-2", "small-3"};
            for (String v : values) {
                c1.put(Scope.GLOBAL, "ep", Value.ofString(v));
                c1.commit();
                var f1 = c1.fenceAsync(both, Info.flag(Keys.COLLECT_DATA));
                c0.fence(both, Info.flag(Keys.COLLECT_DATA));
                f1.get(10, java.util.concurrent.TimeUnit.SECONDS);
                assertEquals(v, c0.get(p1, "ep").asString());
            }
            try (PmixClient late = host.connect(new Proc("pair", 2))) {
                assertEquals("small-3", late.get(p1, "ep").asString());
            }
        }
    }

    /**
     * A long-lived server keeps nothing of a finished job: a get parked for one of its processes'
     * posts fails when the host deregisters the job, and the job's posted data is gone for the
     * processes of the next job of the same name.
     */
    @Test
    void shouldFailGetsParkedOnADeregisteredJobAndForgetItsData() throws Exception {
        host.job("gone", 2);
        Proc g0 = new Proc("gone", 0);
        try (PmixClient c0 = host.connect(g0)) {
            host.server.registerClient(new Proc("gone", 1), PeerCredentials.currentUid(), PeerCredentials.currentGid());
            var parked = client.getAsync(new Proc("gone", 1), "ep");
            c0.put(Scope.GLOBAL, "ep", Value.ofString("old-job"));
            c0.commit();
            c0.fence(List.of(g0), Info.flag(Keys.COLLECT_DATA));
            assertEquals("old-job", client.get(g0, "ep").asString());
            Thread.sleep(100); // the get is parked at the server
            assertFalse(parked.isDone());
            host.server.deregisterNamespace("gone");
            var e = assertThrows(java.util.concurrent.ExecutionException.class, () -> parked.get(10, java.util.concurrent.TimeUnit.SECONDS));
            assertEquals(Status.ERR_INVALID_NAMESPACE, ((PmixException) e.getCause()).status(), e.getCause().getMessage());
        }
        host.job("gone", 2);
        try (PmixClient next = host.connect(new Proc("gone", 1))) {
            assertEquals(Status.ERR_NOT_FOUND, assertThrows(PmixException.class,
                    () -> next.get(g0, "ep", Info.flag(Keys.IMMEDIATE))).status());
        }
    }

    @Test
    void shouldAnswerNotFoundForAReservedKeyOfItsOwnNamespaceThatNobodyGave() {
        // reserved-keys.tex: "If the information is not found, then the PMIX_ERR_NOT_FOUND error constant
        // is returned unless the target process belongs to a different namespace"
        assertEquals(Status.ERR_NOT_FOUND,
                assertThrows(PmixException.class, () -> client.get(null, Keys.CLUSTER_ID)).status());
    }

    @Test
    void shouldRefuseOverlongKeysAndBadScopesAndStoreNothing() {
        String longKey = "k".repeat(512);
        assertEquals(Status.ERR_BAD_PARAM,
                assertThrows(PmixException.class, () -> client.put(Scope.GLOBAL, longKey, Value.ofInt32(1))).status());
        assertEquals(Status.ERR_BAD_PARAM,
                assertThrows(PmixException.class, () -> client.put(Scope.INTERNAL, "k", Value.ofInt32(1))).status());
        client.commit();
        assertEquals(Status.ERR_NOT_FOUND,
                assertThrows(PmixException.class, () -> client.get(me, "k", Info.flag(Keys.IMMEDIATE))).status());
    }

    @Test
    void shouldReadItsOwnPostedValueAtOnce() {
        client.put(Scope.LOCAL, "mine", Value.ofString("x"));
        assertEquals(Value.ofString("x"), client.get(me, "mine"));
    }

    @Test
    void shouldRelayAbortAndLogToTheHostWhichSaysNotSupportedForWhatItLacks() {
        PmixException e = assertThrows(PmixException.class, () -> client.abort(Status.ERROR, "bye", List.of()));
        assertEquals(Status.ERR_NOT_SUPPORTED, e.status());
        // the test host has stdout only
        e = assertThrows(PmixException.class, () -> client.log(
                List.of(Info.of(Keys.LOG_STDERR, "hello")), List.of()));
        assertEquals(Status.ERR_NOT_SUPPORTED, e.status());
    }

    @Test
    void shouldAnswerTheNamespacesQueryItself() {
        QueryResults r = client.query(List.of(Query.of(Keys.QUERY_NAMESPACES.name())));
        assertEquals(List.of(Info.of(Keys.QUERY_NAMESPACES, "api")), r.answers());
        assertEquals(Status.SUCCESS, r.status());
    }

    @Test
    void shouldFinalizeOnceAndRefuseCallsAfterwards() {
        client.close();
        client.close();
        assertEquals(Status.ERR_INIT, assertThrows(PmixException.class, () -> client.commit()).status());
        assertTrue(host.events.contains("finalized " + me), host.events.toString());
    }

    @Test
    void shouldNameTheMissingVariableWhenNotStartedByAServer() {
        PmixException e = assertThrows(PmixException.class, () -> PmixClient.init(Map.of()));
        assertEquals(Status.ERR_INIT, e.status());
        assertTrue(e.getMessage().contains("PMIX_NAMESPACE"), e.getMessage());
    }

    @Test
    void shouldReportAnUnreachableServer() {
        PmixException e = assertThrows(PmixException.class, () -> PmixClient.init(Map.of(
                "PMIX_NAMESPACE", "api", "PMIX_RANK", "1", "PMIX_SERVER_URI", "x.0;unix:" + tmp.resolve("nosuch.sock"))));
        assertEquals(Status.ERR_UNREACH, e.status());
    }
}
