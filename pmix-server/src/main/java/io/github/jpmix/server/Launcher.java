package io.github.jpmix.server;

import io.github.jpmix.common.App;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PData;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.ProcState;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.JvmFlags;
import io.github.jpmix.common.internal.transport.PeerCredentials;
import io.github.jpmix.server.internal.launch.JobCommandLine;
import io.github.jpmix.server.internal.launch.LauncherLog;
import io.github.jpmix.server.internal.launch.OpenMpiEnvironment;
import io.github.jpmix.server.internal.launch.OutputPump;
import io.github.jpmix.server.internal.launch.Program;
import io.github.jpmix.server.internal.launch.PublishStore;
import io.github.jpmix.server.internal.launch.Signals;
import io.github.jpmix.server.internal.launch.SharedArchive;
import io.github.jpmix.server.internal.launch.Spawner;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The reference launcher ({@code bin/pmixrun}): starts a server, registers a job of N processes
 * with its full wireup information and starts each process, then exits with the job's exit code.
 * An app's program is told from its first word as {@code mpirun} tells it ({@code Program}): an
 * executable file (a path with a {@code /}) or a command on {@code PATH} runs as a native program
 * (a libpmix client, an Open MPI program, anything), any other word is a Java main class run in a
 * JVM like the launcher's (its JDK, its class path, JPMIx's flags); every word after it is the
 * program's own argument. An app that names no program runs the default its entry point gives
 * ({@link #run}): {@code bin/pmixrun} runs pmix-tool's {@code io.github.jpmix.tool.cli.Pmixrun}, whose
 * default is the bundled wireup demo of pmix-client; this class's own {@link #main} has none.
 *
 * <pre>
 * pmixrun [OPTIONS] [PROGRAM [ARGS...]] [: [OPTIONS] [PROGRAM [ARGS...]]]...
 * </pre>
 *
 * <p>Each {@code :}-separated part is an app (app numbers 0, 1, ...). {@code --simulate-nodes K}
 * makes the job span K nodes: this one runs the given processes, K-1 pretended nodes hold as many
 * ranks again each, so the node and proc maps are those of a K-node job; the launcher's fence
 * answers for the pretended nodes with no data. {@code --job-size J} pads the job to J ranks instead:
 * this node holds the N local ranks 0..N-1, the other J-N ranks (the last app's) sit on pretended
 * nodes {@code nid00001, nid00002, ...} in blocks of {@value #SIMULATED_NODE_SIZE} (the last one
 * smaller): the layout of the OpenPMIx reference harness in {@code benchmarks/reference/wireup/}.
 *
 * <p>Each process gets the server's {@code setupFork} environment (JPMIx's and OpenPMIx's variables)
 * and what Open MPI needs for a direct launch ({@code OpenMpiEnvironment}). Its stdout and stderr
 * reach the launcher's a whole line at a time ({@code OutputPump}; {@code --tag-output} prefixes
 * {@code [rank] }); rank 0 reads the launcher's stdin. Progress and a per-phase timing summary, the
 * last line, go to stderr, with one line per event that ends the job.
 *
 * <p>Ending. When a process exits non-zero or is killed, the launcher says so, ends the others
 * (SIGTERM, then SIGKILL after {@value #TERM_GRACE_MS} ms) and exits with that process's status (128 +
 * the signal for a killed one, as shells report it); with {@code --enable-recovery} (mpirun's name)
 * the others run on, and the status is the first non-zero one in launch order. An abort
 * ({@code PMIx_Abort}, {@code MPI_Abort}) kills the job at once and is the exit status. SIGTERM,
 * SIGINT and SIGHUP end the job the same way and the launcher exits 128 + the signal; each process is
 * started so that the kernel kills it when the launcher dies ({@code Spawner}), so not even a SIGKILL
 * of the launcher leaves it running. The processes the launcher ends get no line each: the event
 * that ended the job has one.
 *
 * <p>Publish, spawn, connect ({@code docs/protocol.md}, "Publish, spawn, connect"): the launcher keeps
 * what its jobs publish ({@code PublishStore}), and {@link #spawn} starts a new job on this node whose
 * processes count as the run's; connect needs no host on one node.
 */
public final class Launcher implements HostModule {
    /** Ranks per pretended node of {@code --job-size}. */
    static final int SIMULATED_NODE_SIZE = 16;
    /** How long processes asked to end (SIGTERM) get before they are killed (SIGKILL). */
    static final long TERM_GRACE_MS = 2_000;
    /** How long the output of the ended processes may take to drain (a process's own child may hold its pipe). */
    private static final long DRAIN_MS = 2_000;

    /** What the launcher waits for once the job runs. */
    private sealed interface Event {
    }

    /** A process ended (and the server was told): its index in launch order. */
    private record Ended(int index, Proc proc, Process process) implements Event {
    }

    /** The launcher got a signal that asks it to end. */
    private record Signalled(String name, int number) implements Event {
    }

    /** A process aborted the job. */
    private record Aborted(Proc requester, int status, String message) implements Event {
    }

    /** A started process and the threads that copy its output, once started ({@link #pumpStarter}). */
    private record Launched(Proc proc, Process process, Future<List<Thread>> pumps) {
    }

    private final PrintStream err = System.err;
    /**
     * Starts the threads that copy each process's output, off the launch loop: a thread's start waits
     * until the new thread runs, 1-13 ms a process while the ranks started before it take the cores,
     * and the next rank's fork waited for it (8 processes of /bin/true: the launch took 114-143 ms, now
     * 45-82 ms). Its one thread starts them in launch order; a pipe holds what a process writes meanwhile.
     */
    private final ExecutorService pumpStarter = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "pmixrun-pump-starter");
        t.setDaemon(true);
        return t;
    });
    private final List<Launched> children = new CopyOnWriteArrayList<>();
    private final LocalLogChannels logChannels = new LocalLogChannels(System.out, System.err, LocalLogChannels.DEV_LOG);
    private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
    /** A signal or an abort came: start no more processes. */
    private volatile boolean stopping;
    /** Every process has ended: a signal now ends the launcher at once. */
    private volatile boolean jobOver;
    /** What {@link #terminate} asked to end (the processes and theirs), for the SIGKILL after the grace. */
    private final List<ProcessHandle> terminated = new CopyOnWriteArrayList<>();
    /** What the job's processes publish ({@code PMIx_Publish}), for their lookups. */
    private final PublishStore published = new PublishStore();
    /** Processes still running per namespace: when none is, what it published for its session goes. */
    private final Map<String, AtomicInteger> running = new ConcurrentHashMap<>();
    /** The running server, the job's namespace and its output tagging, for {@link #spawn}. Guarded by {@link #children}'s lock. */
    private PmixServer server;
    private String mainNamespace;
    private boolean tagOutput;
    /** Jobs spawned so far, for their namespaces' numbers. */
    private final AtomicInteger spawnedJobs = new AtomicInteger();
    /** The main class of an app that names none, or null when every app must name one. */
    private final String defaultMain;

    private Launcher(String defaultMain) {
        this.defaultMain = defaultMain;
    }

    /** pmixrun without a default program: every app names its program. Exits with {@link #run}'s status. */
    public static void main(String[] args) {
        System.exit(run(args, null));
    }

    /**
     * Runs a job as {@code pmixrun} with these arguments (see the class comment) and returns the
     * status its entry point exits with: the job's exit code, 2 for a usage error (said on stderr in
     * one line), 1 when the launcher itself fails (its server cannot start, ...).
     *
     * @param defaultMain the main class an app that names none runs, or null to require one per app
     */
    public static int run(String[] args, String defaultMain) {
        JvmFlags.disableChronicleAnalytics();
        try {
            return new Launcher(defaultMain).run(args);
        } catch (PmixException e) {
            System.err.println("pmixrun: " + e.getMessage());
            return 1;
        }
    }

    private void usage(PrintStream out) {
        out.println("usage: pmixrun [OPTIONS] [PROGRAM [ARGS...]] [: [OPTIONS] [PROGRAM [ARGS...]]]...");
        out.println("Runs a PMIx job on this node: each ':'-separated app runs N processes of its PROGRAM"
                + (defaultMain != null ? " (default: " + defaultMain + ")." : "."));
        out.println("PROGRAM is a native program when it is an executable file (a path with a '/') or a");
        out.println("command on PATH: a libpmix client, an Open MPI program (mpicc), a script, ...; any other");
        out.println("word is a Java main class, run in a JVM like pmixrun's (its JDK and class path, JPMIx's");
        out.println("JVM flags; bin/pmixrun adds JPMIX_APP_CLASSPATH). Every word after PROGRAM, options");
        out.println("included, is the program's own argument, up to the next ':'.");
        out.println("Options (before the program):");
        out.println("  -n N, -np N           processes of this app (default 1)");
        out.println("  --tag-output          prefix every line of output with [rank]");
        out.println("  --simulate-nodes K    pretend the job spans K nodes (realistic node and proc maps)");
        out.println("  --job-size J          pad the job to J ranks on pretended nodes of " + SIMULATED_NODE_SIZE
                + " (nid00001, ...)");
        out.println("  --enable-recovery     let the job run on when a process fails (default: end it)");
        out.println("  -h, --help            this text");
        out.println("Each process gets the PMIx server's environment (PMIX_RANK, PMIX_NAMESPACE, the URIs of JPMIx");
        out.println("and OpenPMIx clients, ...) and, unless pmixrun's environment sets them, what Open MPI needs");
        out.println("to run direct-launched: OMPI_MCA_schizo=^orte and, with more processes than processors,");
        out.println("OMPI_MCA_mpi_yield_when_idle=1. Example: mpicc -o ring ring.c && pmixrun -n 4 ./ring");
        out.println("(choose Open MPI's transports with OMPI_MCA_btl, e.g. OMPI_MCA_btl=self,vader).");
        out.println("Processes may publish and look up data (PMIx_Publish/Lookup, MPI_Publish_name/Lookup_name) and start");
        out.println("more jobs (PMIx_Spawn, MPI_Comm_spawn): a spawned job is the run's too (its output, its failures).");
        out.println("Output: every process's stdout and stderr reach pmixrun's, a whole line at a time; stdin goes");
        out.println("to rank 0.");
        out.println("Exit status: 0 if every process exited 0; else the first failure's, and the other processes");
        out.println("are ended: SIGTERM, then SIGKILL after " + TERM_GRACE_MS / 1000 + " s (with --enable-recovery:"
                + " the first non-zero one in");
        out.println("launch order); the status of an abort (PMIx_Abort, MPI_Abort); 128 + the signal when");
        out.println("SIGTERM, SIGINT or SIGHUP ends pmixrun, which ends the job first (and the job's processes");
        out.println("die with pmixrun even when it is killed with SIGKILL); 2 for a usage error.");
    }

    private int run(String[] args) {
        long t0 = System.nanoTime();
        LauncherLog.install(err, "pmixrun");
        JobCommandLine line;
        List<Program> programs = new ArrayList<>();
        try {
            line = JobCommandLine.parse(args);
            if (line.help()) {
                usage(System.out);
                return 0;
            }
            for (int a = 0; a < line.apps().size(); a++) {
                List<String> words = line.apps().get(a).words();
                if (!words.isEmpty()) {
                    programs.add(Program.of(words, System.getenv("PATH")));
                } else if (defaultMain != null) {
                    programs.add(new Program.JavaMain(defaultMain, List.of()));
                } else {
                    throw new PmixException(Status.ERR_BAD_PARAM, "app " + a + " names no program");
                }
            }
        } catch (PmixException e) {
            // a usage error: what is wrong, without the status name a user has no use for
            err.println("pmixrun: " + e.getMessage().substring(e.statusName().length() + 2)
                    + " (pmixrun --help for the usage)");
            return 2;
        }
        int nodes = line.simulatedNodes();
        int local = line.localProcs();
        int padding = line.jobSize() > 0 ? line.jobSize() - local : 0;
        err.printf("pmixrun: %d process(es) in %d app(s)%s%n", local, programs.size(),
                nodes > 1 ? ", job spread over " + nodes + " nodes (" + (nodes - 1) + " simulated)"
                        : padding > 0 ? ", job of " + line.jobSize() + " ranks (" + padding + " on simulated nodes)" : "");
        Signals.handle(List.of("TERM", "INT", "HUP"), (name, number) -> {
            if (jobOver) {
                // nothing left to end: what the JVM does by default (a launcher stuck closing its server still ends)
                System.exit(128 + number);
            }
            stopping = true;
            events.add(new Signalled(name, number));
        });
        String unguarded = Spawner.warning();
        if (unguarded != null) {
            err.println("pmixrun: " + unguarded);
        }
        Map<String, String> mpi = OpenMpiEnvironment.of(System.getenv(), local, Runtime.getRuntime().availableProcessors());
        long tServer;
        long tRegistered;
        long tLaunched;
        int exit;
        try (PmixServer server = PmixServer.start(new ServerOptions().toolSupport(true), this)) {
            tServer = System.nanoTime();
            server.registerAttributes("PMIx_Log", LocalLogChannels.attributes());
            server.registerAttributes("PMIx_Spawn", List.of(
                    io.github.jpmix.common.RegAttr.of(Keys.WDIR, "working directory of the apps without their own cwd")));
            String host = server.hostname();
            String nspace = "pmixrun." + ProcessHandle.current().pid();
            WireupInfo wireup = WireupInfo.of(nspace);
            int first = 0;
            for (int a = 0; a < programs.size(); a++) {
                int size = line.apps().get(a).size();
                wireup.app(a, first, size * nodes + (a == programs.size() - 1 ? padding : 0));
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
            if (programs.stream().anyMatch(p -> p instanceof Program.Native)) {
                server.prepareOpenPmixClients(nspace);
            }
            synchronized (children) {
                this.server = server;
                this.mainNamespace = nspace;
                this.tagOutput = line.tagOutput();
            }
            tRegistered = System.nanoTime();
            int failedStart = launch(server, nspace, line, programs, mpi);
            tLaunched = System.nanoTime();
            if (failedStart == 0 && !children.isEmpty()) {
                err.printf("pmixrun: launched %d process(es); waiting%n", children.size());
            }
            exit = await(server, line.recovery(), failedStart);
            jobOver = true;
            drainOutput();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            children.forEach(c -> kill(c.process().toHandle()));
            return 130;
        } finally {
            published.close();
        }
        long tDone = System.nanoTime();
        if (exit == 0) {
            SharedArchive.launcherRanJob();
        }
        err.printf("pmixrun: server %.0f ms, register %.0f ms, launch %.0f ms, run %.0f ms, total %.0f ms; exit %d%n",
                ms(t0, tServer), ms(tServer, tRegistered), ms(tRegistered, tLaunched), ms(tLaunched, tDone),
                ms(t0, tDone), exit);
        return exit;
    }

    /**
     * Registers and starts every local process, all at once, unless a signal or an abort came. Returns 0,
     * or the status the job ends with when a process could not be started (said on stderr).
     */
    private int launch(PmixServer server, String nspace, JobCommandLine line, List<Program> programs,
            Map<String, String> mpi) {
        running.put(nspace, new AtomicInteger(line.localProcs()));
        List<Starting> starting = new ArrayList<>();
        StartFailure failure;
        try {
            int first = 0;
            for (int a = 0; a < programs.size(); a++) {
                int size = line.apps().get(a).size();
                for (int r = 0; r < size && !stopping; r++) {
                    starting.add(submit(server, new Proc(nspace, first + r), programs.get(a), mpi, null,
                            children.isEmpty() && starting.isEmpty()));
                }
                first += size * line.simulatedNodes();
            }
        } finally {
            failure = startAll(server, starting, line.tagOutput()); // what was submitted runs: the job must own it
        }
        if (failure != null) {
            err.println("pmixrun: cannot start rank " + failure.proc().rank() + " (" + failure.program().name() + "): "
                    + failure.cause().getMessage() + (children.isEmpty() ? "" : "; terminating the job"));
            stopping = true;
            terminate();
            return 126; // the shell's status for a command it cannot execute
        }
        return 0;
    }

    /** A process being started: registered with the server, its start submitted ({@link Spawner#submit}). */
    private record Starting(Proc proc, Program program, List<String> command, Future<Process> process) {
    }

    /** A process that could not be started, and why. */
    private record StartFailure(Proc proc, Program program, IOException cause) {
    }

    /**
     * Registers {@code proc} with the server and submits its start with the server's environment plus
     * {@code env} (in {@code cwd}, null: the launcher's); {@link #startAll} takes it on.
     *
     * @param stdin whether it reads the launcher's stdin (as mpirun: rank 0 does, the others read nothing)
     */
    private Starting submit(PmixServer server, Proc proc, Program program, Map<String, String> env, File cwd,
            boolean stdin) {
        server.registerClient(proc, PeerCredentials.currentUid(), PeerCredentials.currentGid());
        ProcessBuilder pb = new ProcessBuilder(program.command());
        List<String> command = List.copyOf(pb.command());
        pb.environment().putAll(server.setupFork(proc));
        pb.environment().putAll(env);
        if (cwd != null) {
            pb.directory(cwd);
        }
        pb.redirectInput(stdin ? ProcessBuilder.Redirect.INHERIT : ProcessBuilder.Redirect.from(new File("/dev/null")));
        return new Starting(proc, program, command, Spawner.submit(pb));
    }

    /**
     * Waits until each of {@code starting} runs and takes it on: its output pumped to the launcher's
     * (after {@code [rank] } with {@code tag}), its end reported to the server, then to {@link #await}.
     * Every process that started is taken on, whatever became of the others; returns the first that
     * could not be started, null when all run.
     */
    private StartFailure startAll(PmixServer server, List<Starting> starting, boolean tag) {
        StartFailure failure = null;
        for (Starting s : starting) {
            Process child;
            try {
                child = Spawner.await(s.process(), s.program().name());
            } catch (IOException e) {
                if (failure == null) {
                    failure = new StartFailure(s.proc(), s.program(), e);
                }
                continue;
            }
            started(server, s, child, tag);
        }
        return failure;
    }

    private void started(PmixServer server, Starting s, Process child, boolean tag) {
        Proc proc = s.proc();
        String prefix = tag ? "[" + (proc.namespace().equals(mainNamespace) ? "" : proc.namespace() + ":") + proc.rank() + "] " : "";
        Future<List<Thread>> pumps = pumpStarter.submit(() -> List.of(
                OutputPump.start("pmixrun-out-" + proc.rank(), child.getInputStream(), System.out, prefix),
                OutputPump.start("pmixrun-err-" + proc.rank(), child.getErrorStream(), System.err, prefix)));
        int index;
        synchronized (children) {
            index = children.size();
            children.add(new Launched(proc, child, pumps));
        }
        server.procLaunched(proc, child.pid(), s.program().name());
        child.onExit().thenAccept(p -> {
            // the server hears of the end before the launcher acts on it: its proc table and
            // states are settled when the launcher reads them
            int code = p.exitValue();
            SharedArchive.recorded(s.command(), code); // a first JVM's ahead-of-time configuration: the cache is made
            published.procEnded(proc);
            AtomicInteger left = running.get(proc.namespace());
            if (left != null && left.decrementAndGet() == 0) {
                published.namespaceEnded(proc.namespace());
            }
            try {
                server.procTerminated(proc, code, signal(code));
            } catch (PmixException e) {
                err.println("pmixrun: cannot report the exit of " + proc + ": " + e.getMessage());
            }
            events.add(new Ended(index, proc, p));
        });
    }

    /**
     * Waits until every started process has ended, ending the job on the first failure (unless
     * {@code recovery}), an abort or a signal; returns the job's exit status.
     *
     * @param failedStart non-zero when a process could not be started: the job is ending with that status
     */
    private int await(PmixServer server, boolean recovery, int failedStart) throws InterruptedException {
        // spawned jobs (PMIx_Spawn) add processes while the job runs: every one is waited for
        int ended = 0;
        Map<Integer, Integer> codes = new java.util.TreeMap<>();
        int exit = failedStart;
        boolean ending = failedStart != 0;
        long killAt = ending ? System.nanoTime() + TERM_GRACE_MS * 1_000_000 : Long.MAX_VALUE;
        while (ended < children.size()) {
            Event event;
            if (killAt == Long.MAX_VALUE) {
                event = events.take();
            } else {
                event = events.poll(Math.max(0, killAt - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (event == null) {
                    terminated.forEach(Launcher::kill); // the grace is over
                    children.forEach(c -> kill(c.process().toHandle()));
                    killAt = Long.MAX_VALUE;
                    continue;
                }
            }
            if (event instanceof Ended e) {
                ended++;
                int code = e.process().exitValue();
                codes.put(e.index(), code);
                if (!ending && code != 0) {
                    // the job is broken: like mpirun, end the others rather than leave them waiting
                    // for a peer that will never come (or running on without it)
                    exit = code;
                    err.printf("pmixrun: rank %d (pid %d) %s; %s%n", e.proc().rank(), e.process().pid(),
                            code > 128 ? "was killed by signal " + (code - 128) : "exited with status " + code,
                            recovery ? "the job runs on (--enable-recovery)" : "terminating the job");
                    if (!recovery) {
                        ending = true;
                        terminate();
                        killAt = System.nanoTime() + TERM_GRACE_MS * 1_000_000;
                    }
                } else if (code == 0 && server.procState(e.proc()) == ProcState.TERM_WO_SYNC) {
                    err.printf("pmixrun: rank %d (pid %d) exited 0 without finalizing%n", e.proc().rank(),
                            e.process().pid());
                }
            } else if (event instanceof Signalled s) {
                if (!ending) {
                    ending = true;
                    exit = 128 + s.number();
                    err.println("pmixrun: got SIG" + s.name() + "; terminating the job");
                    terminate();
                    killAt = System.nanoTime() + TERM_GRACE_MS * 1_000_000;
                } else {
                    err.println("pmixrun: got SIG" + s.name() + " while ending the job; killing it");
                    terminated.forEach(Launcher::kill);
                    children.forEach(c -> kill(c.process().toHandle()));
                    killAt = Long.MAX_VALUE;
                }
            } else if (event instanceof Aborted a && !ending) {
                ending = true;
                // mpirun exits with MPI_Abort's error code; a status that is no exit code is 1
                exit = a.status() > 0 && a.status() < 256 ? a.status() : 1;
                String status = Status.name(a.status());
                err.println("pmixrun: rank " + a.requester().rank() + " aborts the job with "
                        + (status.equals(Integer.toString(a.status())) ? "status " + status : status)
                        + (a.message() == null || a.message().isEmpty() ? "" : ": " + a.message()));
                killOthers(a.requester()); // those the upcall could not see yet
                killAt = System.nanoTime() + TERM_GRACE_MS * 1_000_000; // the caller's time to exit by itself
            }
        }
        for (Event event; !ending && (event = events.poll()) != null; ) {
            if (event instanceof Signalled s) {
                // it came before any process was started, or as the last one ended
                ending = true;
                exit = 128 + s.number();
                err.println("pmixrun: got SIG" + s.name() + (children.isEmpty() ? "; no process started"
                        : "; the job has ended"));
            }
        }
        if (recovery && !ending) {
            // the job ran to its end: its status is the first non-zero one in launch (rank) order
            exit = codes.values().stream().filter(c -> c != 0).findFirst().orElse(0);
        }
        return exit;
    }

    /**
     * The signal that killed a process, from its {@code Process.exitValue()}: Java gives no wait status, and
     * reports {@code 128 + signal} for a process a signal killed, as POSIX shells do, so an exit value of
     * 129..192 is read as that signal (a program exiting with such a code itself is reported as killed by it).
     */
    private static int signal(int exitValue) {
        return exitValue > 128 && exitValue <= 128 + 64 ? exitValue - 128 : 0;
    }

    /**
     * Asks every process still running, and every process it started, to end (SIGTERM). The processes'
     * own children are noted now: once their parent is gone they are no longer its descendants, and
     * those that stay get the SIGKILL after the grace too.
     */
    private void terminate() {
        for (Launched c : children) {
            ProcessHandle p = c.process().toHandle();
            if (p.isAlive()) {
                p.descendants().forEach(d -> {
                    terminated.add(d);
                    d.destroy();
                });
                terminated.add(p);
                p.destroy();
            }
        }
    }

    /** Kills a process and what it started (SIGKILL), if it still runs. */
    private static void kill(ProcessHandle p) {
        if (p.isAlive()) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
    }

    /** Waits, up to {@link #DRAIN_MS} in all, until the ended processes' output is written. */
    private void drainOutput() throws InterruptedException {
        long deadline = System.nanoTime() + DRAIN_MS * 1_000_000;
        for (Launched c : children) {
            List<Thread> pumps;
            try {
                pumps = c.pumps().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (ExecutionException | TimeoutException e) {
                continue; // not started (the JVM could not make a thread) or not yet: nothing to wait for
            }
            for (Thread pump : pumps) {
                long left = deadline - System.nanoTime();
                if (left > 0) {
                    TimeUnit.NANOSECONDS.timedJoin(pump, left);
                }
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

    /**
     * Kills every other process of the job at once, before the caller hears that the abort is taken: the
     * caller may exit right after ({@code MPI_Abort} does), and a process that saw the caller's end first
     * would fail on its own and say so. The caller gets {@link #TERM_GRACE_MS} to exit by itself
     * ({@link #await}), as {@code mpirun} lets it, and the job's status is the abort's.
     */
    @Override
    public CompletionStage<Void> abort(Proc requester, int status, String message, List<Proc> targets) {
        stopping = true;
        // queued before the kills: the ends they cause come after it, and none is taken for the
        // job's first failure (its status would be 137, not the abort's)
        events.add(new Aborted(requester, status, message));
        killOthers(requester);
        return CompletableFuture.completedFuture(null);
    }

    /** Kills every process of the job but {@code requester}'s (SIGKILL). */
    private void killOthers(Proc requester) {
        children.stream().filter(c -> !c.proc().equals(requester)).forEach(c -> kill(c.process().toHandle()));
    }

    // ---- publish / lookup (docs/launcher: "Publish and lookup") ----

    /** Into the launcher's store ({@link PublishStore}: ranges, persistence). */
    @Override
    public CompletionStage<Void> publish(Proc requester, List<Info> data, List<Info> directives) {
        try {
            published.publish(requester, data, directives);
            return CompletableFuture.completedFuture(null);
        } catch (PmixException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** From the launcher's store, waiting for later publishes with {@code PMIX_WAIT}. */
    @Override
    public CompletionStage<List<PData>> lookup(Proc requester, List<String> keys, List<Info> directives) {
        return published.lookup(requester, keys, directives);
    }

    @Override
    public CompletionStage<Void> unpublish(Proc requester, List<String> keys, List<Info> directives) {
        try {
            published.unpublish(requester, keys, directives);
            return CompletableFuture.completedFuture(null);
        } catch (PmixException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    // ---- spawn (README, "Spawn") ----

    /**
     * Starts a new job on this node ({@code PMIx_Spawn}): a namespace {@code <job>.<n>} with its own wireup
     * information (every rank on this node, one app per {@link App}, {@code PMIX_PARENT_ID} the requester),
     * its processes started as the job's are (a native program or a Java main class, told from
     * {@link App#cmd} as on the command line; the app's environment added; its working directory
     * {@link App#cwd}, else {@code PMIX_WDIR}, else the launcher's), and its end handled as theirs: a
     * failure ends the whole run. Completes with the namespace once every process is started; runs on a
     * thread of its own, since starting processes takes time the server's threads must not wait for.
     */
    @Override
    public CompletionStage<String> spawn(Proc requester, List<Info> jobInfo, List<App> apps) {
        CompletableFuture<String> done = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                done.complete(spawnJob(requester, jobInfo, apps));
            } catch (PmixException e) {
                done.completeExceptionally(e);
            } catch (RuntimeException e) {
                done.completeExceptionally(new PmixException(Status.ERROR, "spawn: " + e, e));
            }
        }, "pmixrun-spawn");
        t.setDaemon(true);
        t.start();
        return done;
    }

    private String spawnJob(Proc requester, List<Info> jobInfo, List<App> apps) {
        PmixServer srv;
        String parentJob;
        boolean tag;
        synchronized (children) {
            srv = server;
            parentJob = mainNamespace;
            tag = tagOutput;
        }
        if (srv == null || stopping) {
            throw new PmixException(Status.ERR_JOB_TERMINATED, "spawn: the job is ending");
        }
        String jobWdir = stringOf(jobInfo, Keys.WDIR.name());
        List<Program> programs = new ArrayList<>();
        List<File> dirs = new ArrayList<>();
        int total = 0;
        for (App app : apps) {
            String wdir = app.cwd() != null && !app.cwd().isEmpty() ? app.cwd() : stringOf(app.info(), Keys.WDIR.name());
            File dir = wdir != null ? new File(wdir) : jobWdir != null ? new File(jobWdir) : null;
            String cmd = app.cmd();
            if (cmd.contains("/") && !cmd.startsWith("/") && dir != null) {
                cmd = new File(dir, cmd).getPath(); // a relative path names a file of the app's directory
            }
            List<String> words = new ArrayList<>();
            words.add(cmd);
            if (app.argv().size() > 1) {
                words.addAll(app.argv().subList(1, app.argv().size())); // argv[0] is the program's name
            }
            programs.add(Program.of(words, System.getenv("PATH")));
            dirs.add(dir);
            total += app.maxProcs();
        }
        String nspace = parentJob + "." + spawnedJobs.incrementAndGet();
        String host = srv.hostname();
        WireupInfo wireup = WireupInfo.of(nspace).parent(requester);
        int[] all = new int[total];
        for (int a = 0, first = 0; a < apps.size(); first += apps.get(a).maxProcs(), a++) {
            wireup.app(a, first, apps.get(a).maxProcs());
        }
        for (int r = 0; r < total; r++) {
            all[r] = r;
        }
        wireup.node(host, all);
        srv.registerNamespace(nspace, total, wireup.build(host));
        running.put(nspace, new AtomicInteger(total));
        err.printf("pmixrun: %s spawns %s: %d process(es) in %d app(s)%n", requester, nspace, total, apps.size());
        Map<String, String> mpi = OpenMpiEnvironment.of(System.getenv(), children.size() + total,
                Runtime.getRuntime().availableProcessors());
        List<Starting> starting = new ArrayList<>();
        StartFailure failure;
        try {
            for (int a = 0, first = 0; a < apps.size(); first += apps.get(a).maxProcs(), a++) {
                Map<String, String> env = new java.util.HashMap<>(mpi);
                for (String e : apps.get(a).env()) {
                    int eq = e.indexOf('=');
                    if (eq > 0) {
                        env.put(e.substring(0, eq), e.substring(eq + 1));
                    }
                }
                for (int r = 0; r < apps.get(a).maxProcs(); r++) {
                    if (stopping) {
                        throw new PmixException(Status.ERR_JOB_TERMINATED, "spawn: the job is ending");
                    }
                    starting.add(submit(srv, new Proc(nspace, first + r), programs.get(a), env, dirs.get(a),
                            children.isEmpty() && starting.isEmpty()));
                }
            }
        } finally {
            failure = startAll(srv, starting, tag); // what was submitted runs: the run must own it
        }
        if (failure != null) {
            throw new PmixException(Status.ERR_JOB_FAILED_TO_LAUNCH, "spawn: cannot start " + failure.proc() + " ("
                    + failure.program().name() + "): " + failure.cause().getMessage(), failure.cause());
        }
        return nspace;
    }

    private static String stringOf(List<Info> infos, String key) {
        for (Info i : infos) {
            if (i.key().equals(key) && i.value().type() == io.github.jpmix.common.DataType.STRING) {
                return i.value().asString();
            }
        }
        return null;
    }
}
