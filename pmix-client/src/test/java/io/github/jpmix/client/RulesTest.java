package io.github.jpmix.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.protocol.MessageKeys;
import io.github.jpmix.server.HostModule;
import io.github.jpmix.server.WireupInfo;
import io.github.jpmix.testing.Child;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rules of the Standard checked with a real server (in this JVM, embedded in {@link TestHost}) and real
 * client processes (separate JVMs running {@link RulesScenarios}): reserved keys of unknown namespaces,
 * {@code PMIX_LOCAL_PROCS}, the resolve calls' session, asynchronous and bounded forms and what the host's
 * query upcall receives of them, and what a wildcard fence waits for.
 */
class RulesTest {
    static final String NODE = TestHost.NODE;

    @TempDir
    Path tmp;
    TestHost host;
    final List<Child> children = new ArrayList<>();

    @BeforeEach
    void start() {
        host = new TestHost(tmp);
    }

    @AfterEach
    void stop() {
        children.forEach(Child::close);
        host.close();
    }

    private Child launch(Proc proc, String scenario) throws Exception {
        Child c = host.launch(proc, Child.SMALL, RulesScenarios.class, scenario);
        children.add(c);
        return c;
    }

    /** Runs {@code scenario} as {@code proc} and returns its {@code name=value} lines. */
    private Map<String, String> run(Proc proc, String scenario) throws Exception {
        Child c = launch(proc, scenario);
        List<String> lines = c.linesUntil("DONE", 90_000);
        assertEquals("DONE", lines.isEmpty() ? null : lines.get(lines.size() - 1), "output: " + lines);
        Map<String, String> out = new LinkedHashMap<>();
        for (String l : lines) {
            int eq = l.indexOf('=');
            if (eq > 0) {
                out.put(l.substring(0, eq), l.substring(eq + 1));
            }
        }
        return out;
    }

    private static Info session(int id) {
        return Info.of(Keys.SESSION_INFO_ARRAY, DataArray.of(DataType.INFO, List.of(Info.of(Keys.SESSION_ID, id))));
    }

    @Test
    void shouldAskTheHostForTheInformationOfANamespaceTheServerDoesNotKnow() throws Exception {
        // reserved-keys.tex, "Retrieval rules for reserved keys": "If the server does not have a copy of the
        // information for the specified namespace, then the server shall take one of the following actions:
        // 1. If the request included the PMIX_IMMEDIATE attribute, then the server will respond to the client
        // with the PMIX_ERR_NOT_FOUND status. 2. If the host has provided the DBCX module function interface
        // ..., then the server shall pass the request to its host for servicing. ... The host is required to
        // retrieve all of the information regarding the target namespace and return it to the requesting
        // server in anticipation of follow-on requests. If the host cannot retrieve the namespace information,
        // then it must respond with the PMIX_ERR_NOT_FOUND error constant unless the PMIX_TIMEOUT is given and
        // reached (in which case, the host must respond with the PMIX_ERR_TIMEOUT constant). Once the PMIx
        // server receives the namespace information, the server shall search it ... for the requested key,
        // returning the value if it is found or the PMIX_ERR_NOT_FOUND error constant. 3. If the host does
        // not support the DBCX interface, then the server will respond to the client with the
        // PMIX_ERR_NOT_FOUND status"
        host.job("app", 1);
        Map<String, List<Info>> directives = answerNamespaces();
        Map<String, String> out = run(new Proc("app", 0), "nsinfo");

        assertEquals("3", out.get("remote-size"));
        // follow-on requests: another job-level key and a process's key, from what the host gave once
        assertEquals("2", out.get("remote-nodes"));
        assertEquals("cn10", out.get("remote-host-of-2"));
        assertEquals("PMIX_ERR_NOT_FOUND", out.get("remote-missing"));
        assertEquals(1, host.events.stream().filter("nsinfo remote"::equals).count(), "upcalls: " + host.events);
        assertEquals(Keys.JOB_SIZE.name(), MessageKeys.find(directives.get("remote"), Keys.REQUIRED_KEY.name()).asString());
        assertEquals(new Proc("app", 0), MessageKeys.find(directives.get("remote"), Keys.PROCID.name()).asProc());
        // item 1: PMIX_IMMEDIATE, and the host is not asked
        assertEquals("PMIX_ERR_NOT_FOUND", out.get("immediate"));
        assertFalse(host.events.contains("nsinfo other"), "upcalls: " + host.events);
        // item 2: the host's "not found", its own timeout, and the get's PMIX_TIMEOUT reached first
        assertEquals("PMIX_ERR_NOT_FOUND", out.get("host-not-found"));
        assertEquals("PMIX_ERR_TIMEOUT", out.get("host-timeout"));
        assertEquals("PMIX_ERR_TIMEOUT", out.get("server-timeout"));
        long ms = Long.parseLong(out.get("server-timeout-ms"));
        assertTrue(ms >= 900 && ms < 3_000, "PMIX_TIMEOUT of 1 s ended the get after " + ms + " ms");
        assertEquals(1, MessageKeys.find(directives.get("silent"), Keys.TIMEOUT.name()).asInt());
        // item 3: a host without the function
        assertEquals("PMIX_ERR_NOT_FOUND", out.get("no-dbcx"));
    }

    /**
     * The host's namespaceInfo: "remote" is a job on two other nodes; "nothing" is unknown to the host; "silent"
     * never answers; "late" reached the host's own PMIX_TIMEOUT; any other is not supported. Returns the
     * directives of each upcall, by namespace.
     */
    private Map<String, List<Info>> answerNamespaces() {
        Map<String, List<Info>> directives = new ConcurrentHashMap<>();
        host.onNamespaceInfo = (nspace, d) -> {
            directives.put(nspace, d);
            return switch (nspace) {
                case "remote" -> CompletableFuture.completedFuture(
                        WireupInfo.of("remote").node("cn9", 0, 1).node("cn10", 2).buildRemote());
                case "nothing" -> CompletableFuture.failedFuture(new PmixException(Status.ERR_NOT_FOUND, "no such job"));
                case "silent" -> new CompletableFuture<>(); // never answers: the get's PMIX_TIMEOUT ends it
                case "late" -> CompletableFuture.failedFuture(new PmixException(Status.ERR_TIMEOUT, "gave up"));
                default -> HostModule.notSupported("namespaceInfo");
            };
        };
        return directives;
    }

    @Test
    void shouldAskTheHostForAnUnknownNamespaceThroughTheOpenPmixFrontToo() throws Exception {
        // the same rule (reserved-keys.tex, "Retrieval rules for reserved keys") for a client speaking OpenPMIx
        // 4.2.2's protocol to the server's OpenPMIx front: libpmix sends another namespace's reserved key as a
        // get of rank WILDCARD without PMIX_IMMEDIATE (client/pmix_client_get.c: "we are asking about the
        // job-level info from another namespace. It seems that we don't have it - go and ask server")
        host.job("app", 1);
        answerNamespaces();
        Proc me = new Proc("app", 0);
        host.server.registerClient(me, io.github.jpmix.common.internal.transport.PeerCredentials.currentUid(),
                io.github.jpmix.common.internal.transport.PeerCredentials.currentGid());
        ProcessBuilder pb = new ProcessBuilder(Child.command(Child.SMALL, RulesScenarios.class.getName(), "nsinfo"));
        pb.environment().putAll(host.server.setupFork(me));
        pb.environment().remove("PMIX_SERVER_URI"); // JPMIx's own URI gone: the client takes PMIX_SERVER_URI41
        pb.redirectError(ProcessBuilder.Redirect.INHERIT);
        Child c = Child.start(pb);
        children.add(c);
        Map<String, String> out = new LinkedHashMap<>();
        for (String l : c.linesUntil("DONE", 90_000)) {
            int eq = l.indexOf('=');
            if (eq > 0) {
                out.put(l.substring(0, eq), l.substring(eq + 1));
            }
        }
        assertEquals("3", out.get("remote-size"), "output: " + out);
        assertEquals("2", out.get("remote-nodes"));
        assertEquals("PMIX_ERR_NOT_FOUND", out.get("remote-missing"));
        assertEquals(1, host.events.stream().filter("nsinfo remote"::equals).count(), "upcalls: " + host.events);
        assertEquals("PMIX_ERR_NOT_FOUND", out.get("immediate"));
        assertFalse(host.events.contains("nsinfo other"), "upcalls: " + host.events);
        assertEquals("PMIX_ERR_NOT_FOUND", out.get("host-not-found"));
        assertEquals("PMIX_ERR_TIMEOUT", out.get("host-timeout"));
        assertEquals("PMIX_ERR_TIMEOUT", out.get("server-timeout"));
        assertEquals("PMIX_ERR_NOT_FOUND", out.get("no-dbcx"));
    }

    @Test
    void shouldAskTheHostForAnUnknownNamespaceOfALibpmixClient(@TempDir Path bin) throws Exception {
        // the same rule (reserved-keys.tex, "Retrieval rules for reserved keys") for an unmodified libpmix 4.2.2
        // client through the OpenPMIx front (pmix-server/src/test/c/pmix_client.c, mode "other")
        Path program = io.github.jpmix.testing.NativePrograms.pmix("pmix-server/src/test/c/pmix_client.c", bin);
        host.job("app", 1);
        answerNamespaces();
        Proc me = new Proc("app", 0);
        host.server.registerClient(me, io.github.jpmix.common.internal.transport.PeerCredentials.currentUid(),
                io.github.jpmix.common.internal.transport.PeerCredentials.currentGid());
        ProcessBuilder pb = new ProcessBuilder(program.toString(), "other", "remote", Keys.JOB_SIZE.name(),
                Keys.NUM_NODES.name(), Keys.CLUSTER_ID.name());
        pb.environment().putAll(host.server.setupFork(me));
        pb.redirectError(ProcessBuilder.Redirect.INHERIT);
        Child c = Child.start(pb);
        children.add(c);
        List<String> lines = c.linesUntil("OK 0 finalize", 60_000);
        assertTrue(lines.contains("INFO 0 remote " + Keys.JOB_SIZE.name() + " PMIX_UINT32 3"), "output: " + lines);
        assertTrue(lines.contains("INFO 0 remote " + Keys.NUM_NODES.name() + " PMIX_UINT32 2"), "output: " + lines);
        assertTrue(lines.contains("INFO 0 remote " + Keys.CLUSTER_ID.name() + " - NOT-FOUND"), "output: " + lines);
        assertEquals(1, host.events.stream().filter("nsinfo remote"::equals).count(), "upcalls: " + host.events);
    }

    @Test
    void shouldAnswerThisNodesProcessesForPmixLocalProcsWhateverProcessIsNamed() throws Exception {
        // reserved-keys.tex, node realm: "PMIX_LOCAL_PROCS ... Array of pmix_proc_t of all processes executing
        // on the local node -- shortcut for PMIx_Resolve_peers for the local node and a NULL namespace argument.
        // The process identifier is ignored for this attribute."
        host.job(WireupInfo.of("app").node(NODE, 0, 1).node("cn2", 2, 3), "app");
        host.job(WireupInfo.of("other").node(NODE, 0).node("cn2", 1), "other");
        Map<String, String> out = run(new Proc("app", 0), "local-procs");
        String here = List.of(new Proc("app", 0), new Proc("app", 1), new Proc("other", 0)).toString();
        for (String asked : List.of("self", "local-peer", "remote-peer", "job", "other-job", "resolve")) {
            assertEquals(here, out.get(asked), asked + " in " + out);
        }
    }

    @Test
    void shouldRestrictResolveToTheRequestersSession() throws Exception {
        // resolve-peers-nodes-hierarchy.rst: "There is no parameter by which one can specify a session within
        // which the job should be found, so the APIs are restricted to searching within the current session
        // (remember, namespaces are only required to be unique within a session). If the namespace cannot be
        // found, then the API will return the PMIX_ERR_INVALID_NAMESPACE status."
        host.job(WireupInfo.of("s1a").node(NODE, 0).node("a2", 1).with(session(1)), "s1a");
        host.job(WireupInfo.of("s1b").node(NODE, 0).node("b2", 1).with(session(1)), "s1b");
        host.job(WireupInfo.of("s2").node(NODE, 0).node("c2", 1).with(session(2)), "s2");
        Map<String, String> out = run(new Proc("s1a", 0), "resolve-session");
        assertEquals("[" + NODE + ", b2]", out.get("nodes-same-session"));
        assertEquals("[s1b:0]", out.get("peers-same-session"));
        assertEquals("PMIX_ERR_INVALID_NAMESPACE", out.get("nodes-other-session"));
        assertEquals("PMIX_ERR_INVALID_NAMESPACE", out.get("peers-other-session"));
        // a null namespace: every namespace of this session, none of the other
        assertEquals("[" + NODE + ", a2, b2]", out.get("nodes-all"));
        assertEquals("[s1a:0, s1b:0]", out.get("peers-all"));
    }

    @Test
    void shouldResolveAsynchronouslyWithinATimeoutAndRelayToTheHostAsDocumented() throws Exception {
        // "Resolve has no asynchronous or timeout-bounded form; the other calls do": PMIx_Get, PMIx_Fence and
        // PMIx_Query_info take PMIX_TIMEOUT and have non-blocking forms; resolve-peers-nodes-hierarchy.rst:
        // "it first checks to see if its host supports the query upcall. If the host does support it, then the
        // server will relay the request to the host via that interface." HostModule.query's javadoc says which
        // query keys and qualifiers arrive: checked here.
        host.job(WireupInfo.of("app").node(NODE, 0).node("cn2", 1), "app");
        List<List<Query>> asked = new CopyOnWriteArrayList<>();
        host.onQuery = (p, queries) -> {
            asked.add(queries);
            for (Query q : queries) {
                Value ns = MessageKeys.find(q.qualifiers(), Keys.NSPACE.name());
                if (ns != null && ns.asString().equals("slow")) {
                    return new CompletableFuture<>(); // the host never answers: PMIX_TIMEOUT ends the call
                }
            }
            return HostModule.notSupported("query");
        };
        Map<String, String> out = run(new Proc("app", 0), "resolve-async");
        assertEquals("[app:0]", out.get("peers-async"));
        assertEquals("[" + NODE + ", cn2]", out.get("nodes-async"));
        assertEquals("PMIX_ERR_TIMEOUT", out.get("nodes-timeout"));
        assertEquals("PMIX_ERR_TIMEOUT", out.get("peers-timeout-async"));
        long ms = Long.parseLong(out.get("timeouts-ms"));
        assertTrue(ms >= 1_800 && ms < 6_000, "two PMIX_TIMEOUTs of 1 s took " + ms + " ms");
        assertEquals("[app:0]", out.get("peers-with-timeout"));

        // what the host's query upcall received, one query per call
        assertEquals(5, asked.size(), "queries: " + asked);
        Query peers = asked.get(0).get(0);
        assertEquals(List.of(Keys.LOCAL_PROCS.name()), peers.keys());
        assertEquals(List.of(Keys.HOSTNAME.name(), Keys.NSPACE.name(), Keys.USERID.name(), Keys.GRPID.name()),
                peers.qualifiers().stream().map(Info::key).toList());
        assertEquals(NODE, MessageKeys.find(peers.qualifiers(), Keys.HOSTNAME.name()).asString());
        Query nodes = asked.get(1).get(0);
        assertEquals(List.of(Keys.NODE_LIST.name()), nodes.keys());
        assertEquals(List.of(Keys.NSPACE.name(), Keys.USERID.name(), Keys.GRPID.name()),
                nodes.qualifiers().stream().map(Info::key).toList());
        Query bounded = asked.get(4).get(0);
        assertEquals(List.of(Keys.HOSTNAME.name(), Keys.NSPACE.name(), Keys.TIMEOUT.name(), Keys.USERID.name(),
                Keys.GRPID.name()), bounded.qualifiers().stream().map(Info::key).toList());
    }

    @Test
    void shouldListEveryLiveServerOfTheNodeForAvailServers() throws Exception {
        // PMIX_QUERY_AVAIL_SERVERS: "Array of pmix_info_t, each element containing an array of pmix_info_t of
        // available data for servers on this node to which the caller might be able to connect." OpenPMIx
        // 4.2.2 (src/mca/ptl/base/ptl_base_fns.c, pmix_ptl_base_query_servers) answers from the rendezvous
        // files it finds: "search the system tmpdir directory tree for files beginning with "pmix." as these
        // can be potential servers".
        host.close();
        Path a = java.nio.file.Files.createDirectories(tmp.resolve("a"));
        Path b = java.nio.file.Files.createDirectories(tmp.resolve("b"));
        host = new TestHost(tmp, o -> o.serverTmpdir(a).toolSupport(true).serverProc("srvA", 0));
        try (io.github.jpmix.server.PmixServer other = io.github.jpmix.server.PmixServer.start(
                new io.github.jpmix.server.ServerOptions().serverTmpdir(b).systemTmpdir(tmp).hostname(NODE)
                        .toolSupport(true).serverProc("srvB", 0), new HostModule() { })) {
            // a server that is gone: its file stays, its pid runs no more
            java.nio.file.Files.writeString(b.resolve("pmix." + NODE + ".tool.2147480000"),
                    "gone.0;unix:/nonexistent/tool.sock\n4.2.2\n2147480000\n");
            host.job("app", 1);
            Map<String, String> out = run(new Proc("app", 0), "avail-servers");
            assertEquals("srvA,srvB", out.get("servers"), "this server first, then the other live one: " + out);
            assertEquals(other.toolUri(), out.get("uri.srvB"));
        }
    }

    @Test
    void shouldHoldAWildcardFenceUntilEveryLocalProcessOfTheNamespaceArrived() throws Exception {
        // OpenPMIx 4.2.2, src/server/pmix_server_ops.c, new_tracker: "if they want all the local members of
        // this nspace, then add them in here. They told us how many procs will be local to us from this nspace,
        // but we don't know their ranks. So as long as they want _all_ of them, we can handle that case
        // regardless of whether the individual clients have been registered": trk->nlocal += nptr->nlocalprocs.
        host.job("fw", 3); // nlocalprocs 3: ranks 0, 1, 2 run here
        Child r0 = launch(new Proc("fw", 0), "fence");
        Child r1 = launch(new Proc("fw", 1), "fence");
        r0.await("ENTERING", 60_000);
        r1.await("ENTERING", 60_000);
        Thread.sleep(1_500); // rank 2 is neither registered nor connected: the two must wait for it
        assertEquals(0, host.fences.get(), "the fence completed without rank 2");
        Child r2 = launch(new Proc("fw", 2), "fence");
        for (Child c : List.of(r0, r1, r2)) {
            c.await("FENCED", 60_000);
        }
        assertEquals(1, host.fences.get());
    }
}
