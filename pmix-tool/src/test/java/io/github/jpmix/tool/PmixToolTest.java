package io.github.jpmix.tool;

import static io.github.jpmix.tool.ToolTestSupport.HOST;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.transport.PeerCredentials;
import io.github.jpmix.server.HostModule;
import io.github.jpmix.server.PmixServer;
import io.github.jpmix.server.ServerOptions;
import io.github.jpmix.server.WireupInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * PmixTool against a server in this JVM: identity, admission by the host (at once and later),
 * query and log, the options, and the unconnected modes. The search itself and other users' tools
 * are proven with real processes in {@link ToolSearchProcessTest}.
 */
class PmixToolTest {
    @TempDir
    Path tmp;
    final List<AutoCloseable> open = new ArrayList<>();
    final ConcurrentLinkedQueue<String> hostSaw = new ConcurrentLinkedQueue<>();
    final ConcurrentLinkedQueue<List<Info>> toolInfos = new ConcurrentLinkedQueue<>();

    @AfterEach
    void closeAll() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
    }

    /** A host whose toolConnected answers with {@code verdict} and whose log records what it got. */
    private HostModule host(Function<List<Info>, CompletionStage<Void>> verdict) {
        return new HostModule() {
            @Override
            public CompletionStage<Void> toolConnected(List<Info> info) {
                toolInfos.add(info);
                return verdict.apply(info);
            }

            @Override
            public CompletionStage<Void> log(Proc requester, List<Info> data, List<Info> directives) {
                hostSaw.add("log " + requester + " " + data);
                return CompletableFuture.completedFuture(null);
            }
        };
    }

    private PmixServer server(ServerOptions options, HostModule host) {
        PmixServer s = PmixServer.start(options.hostname(HOST).serverTmpdir(tmp).systemTmpdir(tmp), host);
        open.add(s);
        return s;
    }

    private PmixServer toolServer() {
        return server(new ServerOptions().toolSupport(true).serverProc("srv", 0), new HostModule() {
        });
    }

    private PmixTool tool(ToolOptions o) {
        PmixTool t = PmixTool.connect(o.hostname(HOST));
        open.add(t);
        return t;
    }

    private ToolOptions here() {
        return new ToolOptions().serverTmpdir(tmp).systemTmpdir(tmp);
    }

    @Test
    void shouldGetAnIdentityFromTheServerUnlessItGaveOne() {
        PmixServer s = toolServer();
        PmixTool a = tool(here());
        PmixTool b = tool(here());
        assertEquals(new Proc("srv.tool.1", 0), a.proc());
        assertEquals(new Proc("srv.tool.2", 0), b.proc());
        assertEquals(new Proc("srv", 0), a.serverProc().orElseThrow());
        assertEquals(s.toolUri(), a.serverUri().orElseThrow());
        PmixTool mine = tool(here().toolProc(new Proc("debugger", 3)));
        assertEquals(new Proc("debugger", 3), mine.proc());
        // the same identity twice, and a job's namespace, are refused
        PmixException twice = assertThrows(PmixException.class, () -> tool(here().toolProc(new Proc("debugger", 3))));
        assertEquals(Status.ERR_EXISTS, twice.status());
        s.registerNamespace("job", 1, WireupInfo.of("job").node(HOST, 0).build(HOST));
        PmixException job = assertThrows(PmixException.class, () -> tool(here().toolProc(new Proc("job", 0))));
        assertEquals(Status.ERR_BAD_PARAM, job.status());
        // once the first one left, its name is free again
        mine.close();
        assertEquals(new Proc("debugger", 3), tool(here().toolProc(new Proc("debugger", 3))).proc());
    }

    private static Value value(List<Info> infos, String key) {
        return infos.stream().filter(i -> i.key().equals(key)).findFirst().orElseThrow(() -> new AssertionError(key + " in " + infos)).value();
    }

    @Test
    void shouldQueryAndLogLikeAClient() throws Exception {
        PmixServer s = server(new ServerOptions().toolSupport(true).serverProc("srv", 0), host(i -> HostModule.notSupported("toolConnected")));
        s.registerNamespace("job", 1, WireupInfo.of("job").node(HOST, 0).build(HOST));
        PmixTool t = tool(here());
        List<Info> answer = t.query(List.of(Query.of(Keys.QUERY_NAMESPACES.name()))).answers();
        assertEquals(1, answer.size());
        assertEquals("job", answer.get(0).value().asString());
        assertEquals(answer, t.queryAsync(List.of(Query.of(Keys.QUERY_NAMESPACES.name()))).get(30, TimeUnit.SECONDS).answers());
        t.log(List.of(Info.of(Keys.LOG_STDERR, "hello")), List.of());
        t.logAsync(List.of(Info.of(Keys.LOG_STDERR, "again")), List.of()).get(30, TimeUnit.SECONDS);
        assertTrue(hostSaw.stream().anyMatch(l -> l.startsWith("log " + t.proc() + " ") && l.contains("hello")), hostSaw.toString());
        // the host was asked about the tool with its verified ids, pid and identity
        List<Info> asked = toolInfos.peek();
        assertEquals(Value.ofUint32(PeerCredentials.currentUid()), value(asked, Keys.USERID.name()));
        assertEquals(Value.ofUint32(PeerCredentials.currentGid()), value(asked, Keys.GRPID.name()));
        assertEquals(Value.ofPid((int) ProcessHandle.current().pid()), value(asked, Keys.PROC_PID.name()));
        assertEquals(Value.ofString("srv.tool.1"), value(asked, Keys.TOOL_NSPACE.name()));
        assertEquals(Value.ofUint32(0), value(asked, Keys.TOOL_RANK.name()));
        assertTrue(value(asked, Keys.CMD_LINE.name()).asString().contains("java"), asked.toString());
    }

    /** A stage that the host completes 300 ms from now, on another thread. */
    private CompletionStage<Void> later(java.util.function.Consumer<CompletableFuture<Void>> how) {
        CompletableFuture<Void> f = new CompletableFuture<>();
        CompletableFuture.delayedExecutor(300, TimeUnit.MILLISECONDS).execute(() -> how.accept(f));
        return f;
    }

    @Test
    void shouldBeRefusedAtOnceWithTheHostsStatus() {
        server(new ServerOptions().toolSupport(true).serverProc("no", 0),
                host(i -> CompletableFuture.failedFuture(new PmixException(Status.ERR_NOT_AVAILABLE, "maintenance"))));
        PmixException e = assertThrows(PmixException.class, () -> tool(here()));
        assertEquals(Status.ERR_NOT_AVAILABLE, e.status());
        assertTrue(e.getMessage().contains("maintenance"), e.getMessage());
    }

    @Test
    void shouldBeAdmittedByAHostThatDecidesAfterTheHandshake() {
        server(new ServerOptions().toolSupport(true).serverProc("slow", 0), host(i -> later(f -> f.complete(null))));
        PmixTool t = tool(here());
        assertEquals(new Proc("slow", 0), t.serverProc().orElseThrow());
        assertEquals(Keys.QUERY_NAMESPACES.name(), t.query(List.of(Query.of(Keys.QUERY_NAMESPACES.name()))).answers().get(0).key());
    }

    @Test
    void shouldBeRefusedByAHostThatDecidesAfterTheHandshake() {
        server(new ServerOptions().toolSupport(true).serverProc("late", 0),
                host(i -> later(f -> f.completeExceptionally(new PmixException(Status.ERR_NO_PERMISSIONS, "not today")))));
        PmixException e = assertThrows(PmixException.class, () -> tool(here()));
        assertEquals(Status.ERR_NO_PERMISSIONS, e.status());
        assertTrue(e.getMessage().contains("not today"), e.getMessage());
    }

    @Test
    void shouldBeRefusedByAServerWithoutToolSupport() {
        PmixServer s = server(new ServerOptions(), new HostModule() {
        });
        assertEquals(s.uri(), s.toolUri());
        assertEquals(List.of(), s.rendezvousFiles());
        PmixException e = assertThrows(PmixException.class, () -> tool(new ToolOptions().serverUri(s.uri())));
        assertEquals(Status.ERR_NOT_SUPPORTED, e.status());
        assertTrue(e.getMessage().contains("PMIX_SERVER_TOOL_SUPPORT"), e.getMessage());
    }

    @Test
    void shouldLoseTheServerCleanly() {
        PmixServer s = toolServer();
        PmixTool t = tool(here());
        s.close();
        assertFalse(s.rendezvousFiles().isEmpty());
        for (Path f : s.rendezvousFiles()) {
            assertFalse(Files.exists(f), f + " survived close()");
        }
        PmixException e = assertThrows(PmixException.class, () -> {
            for (int i = 0; i < 100; i++) { // the goodbye may take a moment to arrive
                t.query(List.of(Query.of(Keys.QUERY_NAMESPACES.name())));
                Thread.sleep(50);
            }
        });
        assertEquals(Status.ERR_LOST_CONNECTION, e.status());
        t.close();
        PmixException closed = assertThrows(PmixException.class, () -> t.query(List.of(Query.of(Keys.QUERY_NAMESPACES.name()))));
        assertEquals(Status.ERR_INIT, closed.status());
    }

    @Test
    void shouldRunUnconnectedWhenToldOrWhenOptional() {
        PmixTool none = tool(new ToolOptions().doNotConnect(true));
        assertFalse(none.isConnected());
        assertEquals(new Proc("jpmix.tool." + HOST + "." + ProcessHandle.current().pid(), 0), none.proc());
        PmixException e = assertThrows(PmixException.class, () -> none.query(List.of(Query.of(Keys.QUERY_NAMESPACES.name()))));
        assertEquals(Status.ERR_UNREACH, e.status());
        PmixTool optional = tool(here().connectOptional(true).toolProc(new Proc("mine", 0)));
        assertFalse(optional.isConnected());
        assertEquals(new Proc("mine", 0), optional.proc());
        PmixException required = assertThrows(PmixException.class, () -> tool(here()));
        assertEquals(Status.ERR_UNREACH, required.status());
        assertTrue(required.getMessage().contains("no PMIx server found on " + HOST), required.getMessage());
        PmixException system = assertThrows(PmixException.class, () -> tool(here().connectToSystem(true)));
        assertEquals(Status.ERR_UNREACH, system.status());
        assertTrue(system.getMessage().contains("no system server"), system.getMessage());
    }

    @Test
    void shouldRetryUntilAServerAppears() throws Exception {
        ScheduledExecutorService later = Executors.newSingleThreadScheduledExecutor();
        open.add(later::shutdownNow);
        later.schedule(this::toolServer, 1, TimeUnit.SECONDS);
        PmixTool t = tool(here().maxRetries(60).retryDelay(Duration.ofMillis(500)));
        assertEquals(new Proc("srv", 0), t.serverProc().orElseThrow());
    }

    @Test
    void shouldTakeTheAttributesAsInfosToo() {
        ToolOptions o = ToolOptions.fromInfo(List.of(
                Info.of(Keys.SERVER_PIDINFO, 1234),
                Info.of(Keys.SERVER_NSPACE, "srv"),
                Info.of(Keys.SERVER_TMPDIR, tmp.toString()),
                Info.of(Keys.SYSTEM_TMPDIR, tmp.toString()),
                Info.of(Keys.TOOL_NSPACE, "dbg"),
                Info.of(Keys.TOOL_RANK, 2),
                Info.of(Keys.CONNECT_MAX_RETRIES, 3),
                Info.of(Keys.CONNECT_RETRY_DELAY, 2),
                new Info(Keys.TOOL_CONNECT_OPTIONAL.name(), Value.of(io.github.jpmix.common.DataType.UNDEF, null), 0),
                Info.flag(Keys.CONNECT_SYSTEM_FIRST),
                Info.of(Keys.HOSTNAME, "nodeX"),
                Info.of("my.attr", Value.ofString("for the host")))).conclude();
        assertEquals(1234, o.serverPid());
        assertEquals("srv", o.serverNamespace().orElseThrow());
        assertEquals(tmp.toAbsolutePath(), o.serverTmpdir());
        assertEquals(new Proc("dbg", 2), o.toolProc().orElseThrow());
        assertEquals(3, o.maxRetries());
        assertEquals(Duration.ofSeconds(2), o.retryDelay());
        assertTrue(o.connectOptional());
        assertTrue(o.connectSystemFirst());
        assertFalse(o.connectToSystem());
        assertEquals("nodeX", o.hostname());
        assertEquals(List.of(Info.of("my.attr", Value.ofString("for the host"))), o.passThrough());
        // PMIX_SERVER_URI and PMIX_TOOL_ATTACHMENT_FILE, DO_NOT_CONNECT and CONNECT_TO_SYSTEM
        ToolOptions u = ToolOptions.fromInfo(List.of(Info.of(Keys.SERVER_URI, "x.0;unix:/x"),
                Info.flag(Keys.TOOL_DO_NOT_CONNECT), Info.of(Keys.CONNECT_TO_SYSTEM, false)));
        assertEquals("x.0;unix:/x", u.serverUri().orElseThrow());
        assertTrue(u.doNotConnect());
        assertEquals(Path.of("/a/b"), ToolOptions.fromInfo(List.of(Info.of(Keys.TOOL_ATTACHMENT_FILE, "/a/b")))
                .attachmentFile().orElseThrow());
    }

    @Test
    void shouldRejectBadOrContradictoryOptions() {
        Map<String, ToolOptions> bad = Map.of(
                "uri and file", new ToolOptions().serverUri("a.0;unix:/x").attachmentFile(Path.of("/f")),
                "system only and a pid", new ToolOptions().connectToSystem(true).serverPid(42),
                "negative retries", new ToolOptions().maxRetries(-1),
                "rank without nspace", ToolOptions.fromInfo(List.of(Info.of(Keys.TOOL_RANK, 1))),
                "missing tmpdir", new ToolOptions().serverTmpdir(tmp.resolve("nope")),
                "bad hostname", new ToolOptions().hostname("a/b"));
        bad.forEach((what, o) -> {
            PmixException e = assertThrows(PmixException.class, o::conclude, what);
            assertEquals(Status.ERR_BAD_PARAM, e.status(), what);
        });
        assertEquals(Status.ERR_BAD_PARAM, assertThrows(PmixException.class, () -> new ToolOptions().serverPid(0)).status());
        assertEquals(Status.ERR_BAD_PARAM, assertThrows(PmixException.class, () -> new ToolOptions().serverNamespace("../x")).status());
        assertEquals(Status.ERR_TYPE_MISMATCH, assertThrows(PmixException.class,
                () -> ToolOptions.fromInfo(List.of(Info.of(Keys.SERVER_URI.name(), Value.ofInt32(3))))).status());
        PmixException uri = assertThrows(PmixException.class, () -> PmixTool.connect(new ToolOptions().serverUri("not a uri")));
        assertEquals(Status.ERR_BAD_PARAM, uri.status());
    }
}
