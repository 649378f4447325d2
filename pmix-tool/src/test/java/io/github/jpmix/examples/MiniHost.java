package io.github.jpmix.examples;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.Status;
import io.github.jpmix.regex.NodeRegex;
import io.github.jpmix.regex.PpnRegex;
import io.github.jpmix.server.HostModule;
import io.github.jpmix.server.PmixServer;
import io.github.jpmix.server.ServerOptions;
import io.github.jpmix.server.WireupInfo;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;

/**
 * A whole PMIx host on one node (docs/host-guide.md): it embeds a PmixServer, answers its upcalls,
 * and runs two jobs of {@code N} processes of a Java main class, one registered from
 * {@link WireupInfo}, one from node and proc maps. Usage: {@code MiniHost N MAIN_CLASS}; exit 0 when
 * every process of both jobs exited 0.
 */
public final class MiniHost implements HostModule {
    /** The processes this host started, by PMIx name: abort kills from here. */
    private final Map<Proc, Process> running = new ConcurrentHashMap<>();

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        String mainClass = args[1];
        MiniHost host = new MiniHost();
        // tool support: `jpmix ps` and friends can find this server through its rendezvous files
        try (PmixServer server = PmixServer.start(new ServerOptions().toolSupport(true), host)) {
            String node = server.hostname();
            int[] ranks = IntStream.range(0, n).toArray();

            // job 1: the wireup information built from where the ranks run
            List<Info> wireup = WireupInfo.of("example.1").node(node, ranks).build(node);
            int failed = host.run(server, "example.1", wireup, n, mainClass);

            // job 2: the same job given as the maps a resource manager hands out; the store derives
            // every process's facts (local rank, node, peers) from them
            List<Info> maps = List.of(
                    Info.of(Keys.JOB_SIZE, n),
                    Info.of(Keys.NODE_MAP, NodeRegex.generate(List.of(node))),
                    Info.of(Keys.PROC_MAP, PpnRegex.generate(List.<int[]>of(ranks))));
            failed += host.run(server, "example.2", maps, n, mainClass);
            System.out.print("host: " + failed + " process(es) failed\n");
            System.exit(failed == 0 ? 0 : 1);
        }
    }

    /** Registers a job of {@code n} local processes, starts them, waits for them; how many failed. */
    private int run(PmixServer server, String nspace, List<Info> info, int n, String mainClass)
            throws IOException, InterruptedException {
        server.registerNamespace(nspace, n, info);
        int uid = (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        int gid = (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:gid");
        List<Proc> procs = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            Proc proc = new Proc(nspace, r);
            server.registerClient(proc, uid, gid); // a process with other credentials is refused
            ProcessBuilder pb = new ProcessBuilder(javaCommand(mainClass)).inheritIO();
            pb.environment().putAll(server.setupFork(proc)); // how the process finds this server
            Process p = pb.start();
            running.put(proc, p);
            server.procLaunched(proc, p.pid(), mainClass);
            procs.add(proc);
        }
        int failed = 0;
        for (Proc proc : procs) {
            int code = running.get(proc).waitFor();
            // the JDK reports a process a signal killed as 128 + the signal
            server.procTerminated(proc, code, code > 128 && code < 160 ? code - 128 : 0);
            server.deregisterClient(proc);
            running.remove(proc);
            failed += code == 0 ? 0 : 1;
        }
        server.deregisterNamespace(nspace); // the job's data leaves the store
        System.out.print("host: job " + nspace + " done\n");
        return failed;
    }

    /** {@code java}, JPMIx's JVM flags (from pmix-common's jar), this class path and the main class. */
    private static List<String> javaCommand(String mainClass) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(flags("jvm.flags"));
        if (Runtime.version().feature() >= 23) {
            cmd.addAll(flags("jvm-23.flags"));
        }
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(mainClass);
        return cmd;
    }

    private static List<String> flags(String file) throws IOException {
        try (InputStream in = PmixServer.class.getClassLoader().getResourceAsStream("META-INF/jpmix/" + file)) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
            return text.isEmpty() ? List.of() : Arrays.asList(text.split("\\s+"));
        }
    }

    // ---- the upcalls: each runs on a server thread and returns at once; complete the stage later if need be

    @Override
    public CompletionStage<Void> clientConnected(Proc proc, List<Info> info) {
        return CompletableFuture.completedFuture(null); // admit it (failing the stage refuses it)
    }

    @Override
    public CompletionStage<Void> clientFinalized(Proc proc) {
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void clientTerminated(Proc proc, int state) {
        // it died or exited without finalize; the server already failed the fences it was in
        System.err.print("host: " + proc + " ended without finalize\n");
    }

    @Override
    public CompletionStage<Void> abort(Proc requester, int status, String message, List<Proc> targets) {
        System.err.print("host: " + requester + " aborts (" + Status.name(status) + "): " + message + "\n");
        running.forEach((proc, p) -> {
            boolean target = targets.isEmpty() ? proc.namespace().equals(requester.namespace()) : targets.contains(proc);
            if (target && !proc.equals(requester)) {
                p.destroyForcibly();
            }
        });
        return CompletableFuture.completedFuture(null);
    }

    /**
     * Every local participant is in the fence. {@code data} is this node's contribution, opaque bytes:
     * a multi-node host sends it to the hosts of the other participating nodes and completes the stage
     * with all nodes' contributions concatenated (an allgather). One node: its own data is all of it.
     */
    @Override
    public CompletionStage<byte[]> fence(List<Proc> procs, List<Info> directives, byte[] data) {
        return CompletableFuture.completedFuture(data);
    }

    /**
     * A local process wants data of a process this node holds none for. A multi-node host asks the
     * host of that process's node, which answers with its server's {@code directModexData(proc)}, and
     * completes the stage with those bytes. On one node every process is local: nothing to fetch.
     */
    @Override
    public CompletionStage<byte[]> directModex(Proc proc, List<Info> directives) {
        return CompletableFuture.failedFuture(new PmixException(Status.ERR_NOT_FOUND, "no remote node holds " + proc));
    }

    /**
     * Queries reach the host first. This host answers nothing itself: it leaves every key out, and the
     * server answers from what it holds. That includes the queries a resolve produces:
     * {@code PMIx_Resolve_peers} arrives as {@code PMIX_LOCAL_PROCS} qualified by {@code PMIX_HOSTNAME}
     * (and {@code PMIX_NSPACE}), {@code PMIx_Resolve_nodes} as {@code PMIX_NODE_LIST} qualified by
     * {@code PMIX_NSPACE}; a host that knows better (dynamic jobs, other nodes' tables) answers them.
     */
    @Override
    public CompletionStage<List<Info>> query(Proc requester, List<Query> queries) {
        return CompletableFuture.completedFuture(List.of());
    }

    /** Log requests: this host has one channel, its stdout. */
    @Override
    public CompletionStage<Void> log(Proc requester, List<Info> data, List<Info> directives) {
        for (Info d : data) {
            if (!d.is(Keys.LOG_STDOUT)) {
                return HostModule.notSupported("log channel " + d.key());
            }
            System.out.print("log from " + requester + ": " + d.value().asString() + "\n");
        }
        return CompletableFuture.completedFuture(null);
    }
}
