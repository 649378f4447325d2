package io.github.jpmix.client;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.internal.JvmFlags;
import io.github.jpmix.common.internal.transport.PeerCredentials;
import io.github.jpmix.server.HostModule;
import io.github.jpmix.server.PmixServer;
import io.github.jpmix.server.ServerOptions;
import io.github.jpmix.server.WireupInfo;
import io.github.jpmix.testing.Child;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A minimal host for multi-process tests: embeds a server, registers jobs on one node (or on
 * several pretended nodes), forks real client JVMs running {@link ClientScenarios}, and implements
 * the single-node fence. It records what the server tells the host.
 */
final class TestHost implements HostModule, AutoCloseable {
    static final String NODE = "node0";

    final PmixServer server;
    final List<Process> children = new ArrayList<>();
    final ConcurrentLinkedQueue<String> events = new ConcurrentLinkedQueue<>();
    /** Every {@code clientTerminated} upcall, in order. */
    final ConcurrentLinkedQueue<Termination> terminations = new ConcurrentLinkedQueue<>();
    final AtomicInteger fences = new AtomicInteger();
    final Path dir;
    /** The host's query upcall; default: not supported (the server answers everything). */
    volatile java.util.function.BiFunction<Proc, List<io.github.jpmix.common.Query>, CompletionStage<List<Info>>> onQuery =
            (p, q) -> HostModule.notSupported("query");
    /** Every log entry the host was handed, with the directives it came with; the host takes PMIX_LOG_STDOUT only. */
    final ConcurrentLinkedQueue<List<Info>> logged = new ConcurrentLinkedQueue<>();

    TestHost(Path dir) {
        this(dir, new ServerOptions().heartbeatTimeout());
    }

    /** A host whose server runs with the options {@code tune} makes of the test defaults. */
    TestHost(Path dir, java.util.function.UnaryOperator<ServerOptions> tune) {
        this.dir = dir;
        this.server = PmixServer.start(tune.apply(new ServerOptions().serverTmpdir(dir).systemTmpdir(dir).hostname(NODE)), this);
    }

    /** A host whose server drops a client after {@code heartbeatTimeout} without a heartbeat. */
    TestHost(Path dir, java.time.Duration heartbeatTimeout) {
        this.dir = dir;
        this.server = PmixServer.start(new ServerOptions().serverTmpdir(dir).systemTmpdir(dir).hostname(NODE)
                .heartbeatTimeout(heartbeatTimeout), this);
    }

    /** Registers a job of {@code size} ranks, all on this node. */
    void job(String nspace, int size) {
        int[] ranks = new int[size];
        for (int i = 0; i < size; i++) {
            ranks[i] = i;
        }
        job(WireupInfo.of(nspace).node(NODE, ranks), nspace);
    }

    void job(WireupInfo info, String nspace) {
        server.registerNamespace(nspace, info.localCount(NODE), info.build(NODE));
    }

    /** Registers {@code proc} with this process's credentials and starts it running {@code scenario}. */
    Process spawn(Proc proc, String scenario, String... args) throws IOException {
        return spawn(proc, PeerCredentials.currentUid(), PeerCredentials.currentGid(), scenario, args);
    }

    Process spawn(Proc proc, int uid, int gid, String scenario, String... args) throws IOException {
        server.registerClient(proc, uid, gid);
        return start(server.setupFork(proc), scenario, args);
    }

    /**
     * Registers {@code proc} with this process's credentials and starts it running {@code main} with
     * {@code args}, as a {@link Child} whose output lines can be awaited.
     */
    Child launch(Proc proc, List<String> jvmOptions, Class<?> main, String... args) throws IOException {
        server.registerClient(proc, PeerCredentials.currentUid(), PeerCredentials.currentGid());
        Child c = Child.start(jvmOptions, server.setupFork(proc), main.getName(), args);
        children.add(c.process);
        return c;
    }

    /** Registers {@code proc} with this process's credentials and connects a client for it in this JVM. */
    PmixClient connect(Proc proc) {
        server.registerClient(proc, PeerCredentials.currentUid(), PeerCredentials.currentGid());
        return PmixClient.init(server.setupFork(proc));
    }

    /**
     * Registers {@code proc}, starts it running {@code scenario} and reports it to the server as a launcher does:
     * {@code procLaunched} with its pid, {@code procTerminated} with its exit value (128 + n read as signal n).
     */
    Process spawnReported(Proc proc, String scenario, String... args) throws IOException {
        Process p = spawn(proc, scenario, args);
        server.procLaunched(proc, p.pid(), ClientScenarios.class.getName());
        p.onExit().thenAccept(ended -> {
            int code = ended.exitValue();
            server.procTerminated(proc, code, code > 128 && code <= 192 ? code - 128 : 0);
        });
        return p;
    }

    /** Starts a child JVM with the given environment (no registration). */
    Process start(Map<String, String> env, String scenario, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(JvmFlags.javaCommand(
                List.of("-XX:TieredStopAtLevel=1"), ClientScenarios.class.getName()));
        cmd.add(scenario);
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(false);
        pb.environment().putAll(env);
        pb.redirectError(ProcessBuilder.Redirect.INHERIT);
        Process p = pb.start();
        children.add(p);
        return p;
    }

    /** Waits for a child and returns its stdout; fails the test if it does not end in time. */
    static String output(Process p, int seconds) throws Exception {
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> {
            try {
                return new String(p.getInputStream().readAllBytes());
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("child did not finish in " + seconds + " s; output so far: "
                    + out.getNow("(none)"));
        }
        return out.get(5, TimeUnit.SECONDS);
    }

    /**
     * The names of the files in {@code dir} once all of them pass {@code expected}, or after 5 s
     * whatever is there then. The server removes a client's ring file when it has handled the
     * disconnect, on its own thread, so a test looks a moment after the client has gone.
     */
    static List<String> settledFiles(Path dir, java.util.function.Predicate<String> expected) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (true) {
            List<String> files;
            try (java.util.stream.Stream<Path> s = java.nio.file.Files.list(dir)) {
                files = s.map(p -> p.getFileName().toString()).sorted().toList();
            }
            if (files.stream().allMatch(expected) || System.nanoTime() > deadline) {
                return files;
            }
            Thread.sleep(10);
        }
    }

    @Override
    public CompletionStage<byte[]> fence(List<Proc> procs, List<Info> directives, byte[] data) {
        fences.incrementAndGet();
        return CompletableFuture.completedFuture(data);
    }

    /**
     * Direct modex for the pretended remote node: rank 2's data arrives ({@code ep} posted GLOBAL),
     * rank 3's never does (its request hangs, for PMIX_TIMEOUT).
     */
    @Override
    public CompletionStage<byte[]> directModex(Proc proc, List<Info> directives) {
        events.add("dmodex " + proc);
        if (proc.rank() == 3) {
            return new CompletableFuture<>();
        }
        List<Info> frame = List.of(
                Info.of(io.github.jpmix.common.internal.protocol.MessageKeys.TARGET, io.github.jpmix.common.Value.ofProc(proc)),
                io.github.jpmix.common.internal.protocol.MessageKeys.posted("ep",
                        io.github.jpmix.common.Value.ofString("remote-" + proc.rank()), io.github.jpmix.common.Scope.GLOBAL));
        byte[] body = io.github.jpmix.common.internal.codec.Codec.local().encode(frame);
        return CompletableFuture.completedFuture(java.nio.ByteBuffer.allocate(4 + body.length)
                .order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(body.length).put(body).array());
    }

    @Override
    public CompletionStage<List<Info>> query(Proc requester, List<io.github.jpmix.common.Query> queries) {
        return onQuery.apply(requester, queries);
    }

    @Override
    public CompletionStage<Void> log(Proc requester, List<Info> data, List<Info> directives) {
        List<Info> entry = new ArrayList<>(data);
        entry.addAll(directives);
        logged.add(entry);
        return data.get(0).is(io.github.jpmix.common.Keys.LOG_STDOUT) ? CompletableFuture.completedFuture(null)
                : HostModule.notSupported("log channel " + data.get(0).key());
    }

    @Override
    public CompletionStage<Void> clientFinalized(Proc proc) {
        events.add("finalized " + proc);
        return CompletableFuture.completedFuture(null);
    }

    /** A {@code clientTerminated} upcall: who, the {@code ProcState} the server gave, and {@link System#nanoTime()}. */
    record Termination(Proc proc, int state, long nanos) {
    }

    /** Takes the oldest {@code clientTerminated} upcall, waiting up to {@code millis} for one; null if none came. */
    Termination nextTermination(long millis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        Termination t;
        while ((t = terminations.poll()) == null && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        return t;
    }

    @Override
    public void clientTerminated(Proc proc, int state) {
        terminations.add(new Termination(proc, state, System.nanoTime()));
        events.add("terminated " + proc);
    }

    @Override
    public void close() {
        for (Process p : children) {
            p.destroyForcibly();
        }
        server.close();
    }
}
