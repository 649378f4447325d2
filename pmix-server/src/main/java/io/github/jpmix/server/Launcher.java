package io.github.jpmix.server;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.ProcState;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.JvmFlags;
import io.github.jpmix.common.internal.transport.PeerCredentials;
import io.github.jpmix.server.internal.launch.CommandLineArgs;
import io.github.jpmix.server.internal.launch.SharedArchive;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The reference launcher ({@code bin/pmixrun}): starts a server, registers a job of N processes
 * with its full wireup information, starts each process as a JVM running the given main class (with
 * the JVM flags JPMIx needs), and exits with the job's exit code. An app that names no main class
 * runs the default its entry point gives ({@link #run}): {@code bin/pmixrun} runs pmix-tool's
 * {@code io.github.jpmix.tool.cli.Pmixrun}, whose default is the bundled wireup demo of pmix-client;
 * this class's own {@link #main} has none, so every app names its program. When a process exits
 * non-zero or is killed, the launcher says so on stderr, ends the others (SIGTERM, then SIGKILL) and
 * exits with that process's status (128 + the signal for a killed one, as shells report it); with
 * {@code --enable-recovery} (mpirun's name) the others run on, and the status is the first non-zero
 * one in launch order.
 *
 * <pre>
 * pmixrun [-n N] [--simulate-nodes K | --job-size J] [--enable-recovery] [MAINCLASS [ARGS...]] [: -n M MAINCLASS [ARGS...]]...
 * </pre>
 *
 * <p>Each {@code :}-separated part is an app (app numbers 0, 1, ...). {@code --simulate-nodes K}
 * makes the job span K nodes: this one runs the given processes, K-1 pretended nodes hold as many
 * ranks again each, so the node and proc maps are those of a K-node job; the launcher's fence
 * answers for the pretended nodes with no data. {@code --job-size J} pads the job to J ranks instead:
 * this node holds the N local ranks 0..N-1, the other J-N ranks (the last app's) sit on pretended
 * nodes {@code nid00001, nid00002, ...} in blocks of {@value #SIMULATED_NODE_SIZE} (the last one
 * smaller): the layout of the OpenPMIx reference harness in {@code benchmarks/reference/wireup/}.
 * Progress and a per-phase timing summary go to stderr.
 */
public final class Launcher implements HostModule {
    /** Ranks per pretended node of {@code --job-size}. */
    static final int SIMULATED_NODE_SIZE = 16;

    private record App(int size, List<String> command) {
    }

    /** A process that ended: its index in launch order, its rank, the process. */
    private record Ended(int index, int rank, Process process) {
    }

    /** How long processes asked to end (SIGTERM) get before they are killed (SIGKILL). */
    private static final long TERM_GRACE_MS = 2_000;

    private final PrintStream err = System.err;
    private final List<Process> children = new CopyOnWriteArrayList<>();
    /** Each child's exit, reported to the server ({@code procTerminated}) before the server closes. */
    private final List<CompletableFuture<Void>> exits = new CopyOnWriteArrayList<>();
    private final LocalLogChannels logChannels = new LocalLogChannels(System.out, System.err, LocalLogChannels.DEV_LOG);
    /** The processes that ended, in the order they did. */
    private final BlockingQueue<Ended> ended = new LinkedBlockingQueue<>();
    private volatile int abortStatus;
    /** The main class of an app that names none, or null when every app must name one. */
    private final String defaultMain;

    private Launcher(String defaultMain) {
        this.defaultMain = defaultMain;
    }

    /** pmixrun without a default program: every app names its main class. Exits with {@link #run}'s status. */
    public static void main(String[] args) {
        System.exit(run(args, null));
    }

    /**
     * Runs a job as {@code pmixrun} with these arguments (see the class comment) and returns the
     * status its entry point exits with: the job's exit code, or 2 for a usage error (said on stderr).
     *
     * @param defaultMain the main class an app that names none runs, or null to require one per app
     */
    public static int run(String[] args, String defaultMain) {
        JvmFlags.disableChronicleAnalytics();
        try {
            return new Launcher(defaultMain).run(args);
        } catch (PmixException e) {
            System.err.println("pmixrun: " + e.getMessage());
            return 2;
        }
    }

    private void usage(PrintStream out) {
        out.println("usage: pmixrun [-n N] [--simulate-nodes K | --job-size J] [--enable-recovery] [MAINCLASS [ARGS...]]"
                + " [: -n M MAINCLASS [ARGS...]]...");
        out.println("Runs a PMIx job: N JVMs running MAINCLASS"
                + (defaultMain != null ? " (default: " + defaultMain + ")." : "."));
        out.println("  -n N                  processes of this app (default 1)");
        out.println("  --simulate-nodes K    pretend the job spans K nodes (realistic node and proc maps)");
        out.println("  --job-size J          pad the job to J ranks on pretended nodes of " + SIMULATED_NODE_SIZE
                + " (nid00001, ...)");
        out.println("  --enable-recovery     let the job run on when a process fails (default: end it)");
        out.println("  -h, --help            this text");
        out.println("Exit status: 0 if every process exited 0; else the first failure's, and the other");
        out.println("processes are ended (with --enable-recovery: the first non-zero one in launch order);");
        out.println("2 for a usage error.");
    }

    private int run(String[] args) {
        long t0 = System.nanoTime();
        int nodes = 1;
        boolean recovery = false;
        int jobSize = 0;
        List<App> apps = new ArrayList<>();
        List<String> part = new ArrayList<>();
        int n = 1;
        for (int i = 0; i <= args.length; i++) {
            String a = i < args.length ? args[i] : ":";
            if (part.isEmpty() && (a.equals("-h") || a.equals("--help"))) {
                usage(System.out);
                return 0;
            } else if (part.isEmpty() && a.equals("-n") && i + 1 < args.length) {
                n = CommandLineArgs.positive("-n", args[++i]);
            } else if (part.isEmpty() && a.equals("--simulate-nodes") && i + 1 < args.length) {
                nodes = CommandLineArgs.positive("--simulate-nodes", args[++i]);
            } else if (part.isEmpty() && a.equals("--enable-recovery")) {
                recovery = true;
            } else if (part.isEmpty() && a.equals("--job-size") && i + 1 < args.length) {
                jobSize = CommandLineArgs.positive("--job-size", args[++i]);
            } else if (a.equals(":")) {
                if (part.isEmpty() && defaultMain == null) {
                    usage(System.err);
                    throw new PmixException(Status.ERR_BAD_PARAM, "app " + apps.size() + " names no main class");
                }
                apps.add(new App(n, part.isEmpty() ? List.of(defaultMain) : List.copyOf(part)));
                part.clear();
                n = 1;
            } else if (part.isEmpty() && a.startsWith("-")) {
                usage(System.err);
                throw new PmixException(Status.ERR_BAD_PARAM, "unknown option " + a);
            } else {
                part.add(a);
            }
        }
        int local = apps.stream().mapToInt(App::size).sum();
        if (jobSize > 0 && (nodes > 1 || jobSize < local)) {
            throw new PmixException(Status.ERR_BAD_PARAM, nodes > 1 ? "--job-size and --simulate-nodes exclude each other"
                    : "--job-size " + jobSize + " is smaller than the " + local + " local process(es)");
        }
        int padding = jobSize > 0 ? jobSize - local : 0;
        err.printf("pmixrun: %d process(es) in %d app(s)%s%n", local, apps.size(),
                nodes > 1 ? ", job spread over " + nodes + " nodes (" + (nodes - 1) + " simulated)"
                        : padding > 0 ? ", job of " + jobSize + " ranks (" + padding + " on simulated nodes)" : "");
        try (PmixServer server = PmixServer.start(new ServerOptions().toolSupport(true), this)) {
            long tServer = System.nanoTime();
            server.registerAttributes("PMIx_Log", LocalLogChannels.attributes());
            String host = server.hostname();
            String nspace = "pmixrun." + ProcessHandle.current().pid();
            WireupInfo wireup = WireupInfo.of(nspace);
            int first = 0;
            for (int a = 0; a < apps.size(); a++) {
                int size = apps.get(a).size();
                wireup.app(a, first, size * nodes + (a == apps.size() - 1 ? padding : 0));
                for (int node = 0; node < nodes; node++) {
                    int[] ranks = new int[size];
                    for (int r = 0; r < size; r++) {
                        ranks[r] = first + node * size + r;
                    }
                    wireup.node(node == 0 ? host : String.format("sim%05d", node), ranks);
                }
                first += size * nodes;
            }
            for (int r = local, node = 1; r < local + padding; r += SIMULATED_NODE_SIZE, node++) {
                int[] ranks = new int[Math.min(SIMULATED_NODE_SIZE, local + padding - r)];
                for (int k = 0; k < ranks.length; k++) {
                    ranks[k] = r + k;
                }
                wireup.node(String.format("nid%05d", node), ranks);
            }
            server.registerNamespace(nspace, local, wireup.build(host));
            long tRegistered = System.nanoTime();
            first = 0;
            for (App app : apps) {
                for (int r = 0; r < app.size(); r++) {
                    Proc proc = new Proc(nspace, first + r);
                    server.registerClient(proc, PeerCredentials.currentUid(), PeerCredentials.currentGid());
                    List<String> cmd = new ArrayList<>(SharedArchive.javaCommand(List.of(), app.command().get(0)));
                    cmd.addAll(app.command().subList(1, app.command().size()));
                    ProcessBuilder pb = new ProcessBuilder(cmd).inheritIO();
                    pb.environment().putAll(server.setupFork(proc));
                    Process child = pb.start();
                    int index = children.size();
                    children.add(child);
                    started(server, proc, child, app.command().get(0));
                    child.onExit().thenAccept(p -> ended.add(new Ended(index, proc.rank(), p)));
                }
                first += app.size() * nodes;
            }
            long tLaunched = System.nanoTime();
            err.printf("pmixrun: launched %d JVM(s); waiting%n", children.size());
            int exit = 0;
            int[] codes = new int[children.size()];
            for (int i = 0; i < children.size(); i++) {
                Ended e = ended.take(); // in the order the processes end
                int code = e.process().exitValue();
                codes[e.index()] = code;
                if (exit == 0 && code != 0) {
                    // the job is broken: like mpirun, end the others rather than leave them waiting
                    // for a peer that will never come (or running on without it)
                    exit = code;
                    err.printf("pmixrun: rank %d (pid %d) %s; %s%n", e.rank(), e.process().pid(),
                            code > 128 ? "was killed by signal " + (code - 128) : "exited with status " + code,
                            recovery ? "the job runs on (--enable-recovery)" : "terminating the job");
                    if (!recovery) {
                        terminateAll();
                    }
                }
            }
            if (recovery) {
                // the job ran to its end: its status is the first non-zero one in launch (rank) order
                exit = Arrays.stream(codes).filter(c -> c != 0).findFirst().orElse(0);
            }
            CompletableFuture.allOf(exits.toArray(CompletableFuture[]::new)).join();
            long tDone = System.nanoTime();
            err.printf("pmixrun: server %.0f ms, register %.0f ms, launch %.0f ms, run %.0f ms, total %.0f ms; exit %d%n",
                    ms(t0, tServer), ms(tServer, tRegistered), ms(tRegistered, tLaunched), ms(tLaunched, tDone),
                    ms(t0, tDone), abortStatus != 0 ? 1 : exit);
            return abortStatus != 0 && exit == 0 ? 1 : exit;
        } catch (IOException e) {
            throw new PmixException(Status.ERR_INIT, "cannot start a process: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            children.forEach(Process::destroyForcibly);
            return 130;
        }
    }

    /**
     * Tells the server a child runs ({@code procLaunched}) and, when it ends, how ({@code procTerminated}). Java
     * gives no wait status: {@code Process.exitValue()} is {@code 128 + signal} for a process a signal killed,
     * as in POSIX shells, so an exit value of 129..192 is read as that signal (a program exiting with such a
     * code itself is reported as killed by it).
     */
    private void started(PmixServer server, Proc proc, Process child, String executable) {
        server.procLaunched(proc, child.pid(), executable);
        exits.add(child.onExit().thenAccept(p -> {
            int code = p.exitValue();
            int signal = code > 128 && code <= 128 + 64 ? code - 128 : 0;
            try {
                server.procTerminated(proc, code, signal);
            } catch (PmixException e) {
                err.println("pmixrun: cannot report the exit of " + proc + ": " + e.getMessage());
            }
        }));
    }

    /** Ends every process still running: SIGTERM, then SIGKILL for those alive after {@link #TERM_GRACE_MS}. */
    private void terminateAll() throws InterruptedException {
        children.forEach(Process::destroy);
        long deadline = System.nanoTime() + TERM_GRACE_MS * 1_000_000;
        for (Process p : children) {
            long left = deadline - System.nanoTime();
            if (left <= 0 || !p.waitFor(left, TimeUnit.NANOSECONDS)) {
                p.destroyForcibly();
            }
        }
    }

    private static double ms(long from, long to) {
        return (to - from) / 1e6;
    }


    /** One node really runs; the pretended ones contribute no data. */
    @Override
    public CompletionStage<byte[]> fence(List<Proc> procs, List<Info> directives, byte[] data) {
        return CompletableFuture.completedFuture(data);
    }

    /** stdout, stderr and syslog on this node ({@link LocalLogChannels}); other channels are not supported. */
    @Override
    public CompletionStage<Void> log(Proc requester, List<Info> data, List<Info> directives) {
        CompletionStage<Void> all = CompletableFuture.completedFuture(null);
        for (Info entry : data) {
            all = all.thenCompose(x -> logChannels.log(requester, entry, directives));
        }
        return all;
    }

    @Override
    public CompletionStage<Void> clientFinalized(Proc proc) {
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void clientTerminated(Proc proc, int state) {
        err.println("pmixrun: " + proc + " ended without finalizing (" + ProcState.toString(state) + ")");
    }

    @Override
    public CompletionStage<Void> abort(Proc requester, int status, String message, List<Proc> targets) {
        err.println("pmixrun: " + requester + " aborts the job with " + Status.name(status) + ": " + message);
        abortStatus = status == 0 ? Status.ERROR : status;
        children.forEach(Process::destroyForcibly);
        return CompletableFuture.completedFuture(null);
    }
}
