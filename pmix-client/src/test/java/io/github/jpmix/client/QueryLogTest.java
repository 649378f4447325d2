package io.github.jpmix.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.ProcInfo;
import io.github.jpmix.common.ProcState;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.QueryResults;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.transport.PeerCredentials;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code PMIx_Query_info} and {@code PMIx_Log} through clients, in this JVM and in child JVMs, and the process
 * states the proc table reports through a real process lifecycle. Quotes are from the Standard's Query and
 * Logging sections, RFC0010 and {@code pmix_common.h}.
 */
class QueryLogTest {
    @TempDir
    Path tmp;
    TestHost host;

    @BeforeEach
    void start() {
        host = new TestHost(tmp);
    }

    @AfterEach
    void stop() {
        host.close();
    }

    private static Query refreshed(String key, String nspace) {
        return Query.qualified(key, Info.of(Keys.NSPACE, nspace), Info.flag(Keys.QUERY_REFRESH_CACHE));
    }

    private static List<ProcInfo> table(PmixClient c, String nspace) {
        return c.query(List.of(refreshed(Keys.QUERY_PROC_TABLE.name(), nspace))).value(0).orElseThrow()
                .asDataArray().elements(ProcInfo.class);
    }

    @Test
    void shouldAnswerAClientJvmWithEveryStatus() throws Exception {
        host.job("qj", 1);
        Process p = host.spawnReported(new Proc("qj", 0), "query");
        String out = TestHost.output(p, 90);
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("namespaces=qj"), out);
        // the launcher-fed pid is the client's own, and the handshake made it CONNECTED
        assertTrue(out.contains("me=PMIX_PROC_STATE_CONNECTED pid-matches=true"), out);
        // "PMIX_QUERY_PROC_TABLE ... REQUIRED QUALIFIER: PMIX_NSPACE"
        assertTrue(out.contains("no-nspace=PMIX_ERR_BAD_PARAM"), out);
        // "PMIX_ERR_PARTIAL_SUCCESS Some of the requested data was found."
        assertTrue(out.contains("partial=PMIX_ERR_PARTIAL_SUCCESS"), out);
        // "PMIX_ERR_NOT_FOUND None of the requested data was available."
        assertTrue(out.contains("not-found=PMIX_ERR_NOT_FOUND"), out);
        assertTrue(out.contains("not-supported=PMIX_ERR_NOT_SUPPORTED"), out);
        assertTrue(out.contains("async=PMIX_SUCCESS"), out);
    }

    @Test
    void shouldTrackEachProcessStateThroughItsLifeIncludingASigkill() throws Exception {
        host.job("life", 4);
        host.job("obs", 1);
        try (PmixClient observer = host.connect(new Proc("obs", 0))) {
            Process finalizes = host.spawnReported(new Proc("life", 0), "init-only");
            Process sleeps = host.spawnReported(new Proc("life", 1), "sleep");
            Process drops = host.spawnReported(new Proc("life", 2), "exit-no-finalize", "5");
            host.server.registerClient(new Proc("life", 3), PeerCredentials.currentUid(), PeerCredentials.currentGid());
            BufferedReader r = new BufferedReader(new InputStreamReader(sleeps.getInputStream()));
            assertEquals("READY", r.readLine());
            ProcInfo running = table(observer, "life").get(1);
            // "PMIX_PROC_STATE_CONNECTED: the process connected to its PMIx server"
            assertEquals(new ProcInfo(new Proc("life", 1), TestHost.NODE, ClientScenarios.class.getName(),
                    (int) sleeps.pid(), 0, ProcState.CONNECTED), running);
            sleeps.destroyForcibly(); // SIGKILL
            assertTrue(finalizes.waitFor(60, TimeUnit.SECONDS) && sleeps.waitFor(60, TimeUnit.SECONDS)
                    && drops.waitFor(60, TimeUnit.SECONDS));
            // the host reports an exit from the process's onExit action, which may run after waitFor
            // returned, and after the server saw the connection close: wait for the states and the codes
            List<ProcInfo> t = table(observer, "life");
            for (long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                    !(t.subList(0, 3).stream().allMatch(p -> ProcState.isTerminated(p.state()))
                            && t.get(1).exitCode() != 0 && t.get(2).exitCode() != 0) && System.nanoTime() < end; ) {
                Thread.sleep(50);
                t = table(observer, "life");
            }
            // "PMIX_PROC_STATE_TERMINATED: process has terminated and is no longer running"
            assertEquals(List.of(ProcState.TERMINATED, 0), List.of(t.get(0).state(), t.get(0).exitCode()), t.toString());
            // "PMIX_PROC_STATE_ABORTED_BY_SIG: process aborted by a signal"
            assertEquals(List.of(ProcState.ABORTED_BY_SIG, 137), List.of(t.get(1).state(), t.get(1).exitCode()), t.toString());
            // "PMIX_PROC_STATE_TERM_WO_SYNC: process exited without calling PMIx_Finalize"
            assertEquals(List.of(ProcState.TERM_WO_SYNC, 5), List.of(t.get(2).state(), t.get(2).exitCode()), t.toString());
            // "PMIX_PROC_STATE_PREPPED: process is ready to be launched"
            assertEquals(ProcState.PREPPED, t.get(3).state());
            assertEquals((int) drops.pid(), t.get(2).pid());
            QueryResults job = observer.query(List.of(refreshed(Keys.QUERY_JOB_STATUS.name(), "life")));
            assertEquals(Status.ERR_JOB_ABORTED_BY_SIG, job.value(0, Keys.QUERY_JOB_STATUS).orElseThrow());
            assertTrue(host.events.contains("terminated " + new Proc("life", 2)), host.events.toString());
        }
    }

    @Test
    void shouldAskTheHostFirstAndKeepAnswersCachedUntilRefreshed() throws Exception {
        host.job("api", 2);
        AtomicInteger hostCalls = new AtomicInteger();
        host.onQuery = (p, qs) -> {
            hostCalls.incrementAndGet();
            // the host knows namespaces only; it sees the requester's ids among the qualifiers
            boolean ids = qs.get(0).qualifiers().contains(Info.of(Keys.USERID, PeerCredentials.currentUid()).asQualifier());
            return qs.stream().anyMatch(q -> q.keys().contains(Keys.QUERY_NAMESPACES.name()))
                    ? CompletableFuture.completedFuture(List.of(Info.of(Keys.QUERY_NAMESPACES, ids ? "from-host" : "no-ids")))
                    : io.github.jpmix.server.HostModule.notSupported("query");
        };
        host.server.registerClient(new Proc("api", 1), PeerCredentials.currentUid(), PeerCredentials.currentGid());
        try (PmixClient c = host.connect(new Proc("api", 0))) {
            Query local = Query.qualified(Keys.QUERY_LOCAL_PROC_TABLE.name(), Info.of(Keys.NSPACE, "api"));
            QueryResults r = c.query(List.of(Query.of(Keys.QUERY_NAMESPACES.name()), local));
            assertEquals(Status.SUCCESS, r.status());
            assertEquals(Info.of(Keys.QUERY_NAMESPACES, "from-host"), r.answers().get(0));
            assertEquals(ProcState.PREPPED, r.value(1).orElseThrow().asDataArray().elements(ProcInfo.class).get(1).state());
            host.server.procLaunched(new Proc("api", 1), 999_999, "later.Main");
            // "The local cache shall be checked prior to querying the PMIx server and/or the host environment."
            int calls = hostCalls.get();
            QueryResults cached = c.query(List.of(local));
            assertEquals(calls, hostCalls.get());
            assertEquals(ProcState.PREPPED, cached.value(0).orElseThrow().asDataArray().elements(ProcInfo.class).get(1).state());
            // "Queries that include the PMIX_QUERY_REFRESH_CACHE attribute shall bypass the local cache"
            ProcInfo fresh = c.query(List.of(refreshed(Keys.QUERY_LOCAL_PROC_TABLE.name(), "api"))).value(0).orElseThrow()
                    .asDataArray().elements(ProcInfo.class).get(1);
            assertEquals(List.of(ProcState.RUNNING, 999_999, "later.Main"), List.of(fresh.state(), fresh.pid(), fresh.executable()));
            // a cached answer and a missing one: partial success without a server failure reaching the caller
            QueryResults mixed = c.query(List.of(local, refreshed(Keys.QUERY_PROC_TABLE.name(), "nosuch")));
            assertEquals(Status.ERR_PARTIAL_SUCCESS, mixed.status());
            assertFalse(mixed.isAnswered(1));
            // the RFC0010 example through a client: PMIX_LOCAL_PROCS of node 0
            QueryResults procs = c.query(List.of(Query.qualified(Keys.LOCAL_PROCS.name(), Info.of(Keys.NODEID, 0))));
            assertEquals(List.of(new Proc("api", 0), new Proc("api", 1)),
                    procs.value(0).orElseThrow().asDataArray().elements(Proc.class));
            assertEquals(Status.ERR_BAD_PARAM, assertThrows(PmixException.class, () -> c.query(List.of())).status());
        }
    }

    @Test
    void shouldLogThroughTheHostWithTheVerifiedIdsAndLogOnce() throws Exception {
        host.job("lg", 1);
        Process p = host.spawn(new Proc("lg", 0), "log");
        String out = TestHost.output(p, 90);
        assertEquals(0, p.exitValue(), out);
        // "PMIX_ERR_BAD_PARAM The logging request contains at least one incorrect entry."
        assertTrue(out.contains("empty=PMIX_ERR_BAD_PARAM"), out);
        // "PMIX_ERR_NOT_SUPPORTED The PMIx implementation or host environment does not support this function."
        assertTrue(out.contains("email=PMIX_ERR_NOT_SUPPORTED"), out);
        assertTrue(out.contains("stdout=ok") && out.contains("once=ok"), out);
        List<List<Info>> logged = List.copyOf(host.logged);
        List<Info> first = logged.get(0);
        assertEquals(Info.of(Keys.LOG_STDOUT, "logged line"), first.get(0));
        // the library "must include the following attributes in the passed info array: PMIX_USERID, PMIX_GRPID"
        assertTrue(first.contains(Info.of(Keys.USERID, PeerCredentials.currentUid())), first.toString());
        assertTrue(first.contains(Info.of(Keys.GRPID, PeerCredentials.currentGid())), first.toString());
        assertTrue(first.contains(Info.of(Keys.LOG_SOURCE, new Proc("lg", 0))), first.toString());
        assertTrue(first.stream().anyMatch(i -> i.is(Keys.LOG_TIMESTAMP)), first.toString());
        // LOG_ONCE: the email channel is not there, stdout takes it, nothing after
        List<String> last = logged.subList(logged.size() - 2, logged.size()).stream().map(l -> l.get(0).key()).toList();
        assertEquals(List.of(Keys.LOG_EMAIL_ADDR.name(), Keys.LOG_STDOUT.name()), last);
        assertEquals(Value.ofString("once"), logged.get(logged.size() - 1).get(0).value());
    }
}
