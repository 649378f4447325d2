package io.github.jpmix.server.internal.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Not API. Starts the launcher's processes so that none outlives the launcher, even when the
 * launcher is killed with SIGKILL and has no chance to end them: each process starts under
 * util-linux's {@code setpriv --pdeathsig KILL}, which asks the kernel ({@code prctl(PR_SET_PDEATHSIG)})
 * to SIGKILL it when its parent dies, then executes the program (the setting survives the exec; the
 * pid stays the same).
 *
 * <p>The kernel's "parent" there is the thread that forked, not the process: {@code PR_SET_PDEATHSIG}
 * fires when that thread ends (prctl(2)). So every process is started from a thread that lives as
 * long as the JVM ({@link #submit}): forked from a short-lived thread, the job would be killed when that
 * thread ended. Where {@code setpriv} is missing or too old, processes start without it and
 * {@link #warning()} says so in one line.
 *
 * <p>There are {@value #FORKERS} such threads, so that a job's processes start together.
 * {@code ProcessBuilder.start} returns only once the child has executed its program, so a thread that
 * starts processes one after the other waits for each child in turn to get a core; when the job's first
 * processes take the cores, that was 1-17 ms a process, and 8 ranks of an Open MPI program on 2 cores
 * started over 67-92 ms, against 13 ms for a C host's fork loop (21-38 ms from 8 threads). The last
 * rank's start is the job's: every rank waits for it at its first fence.
 */
public final class Spawner {
    private static final List<String> DEATH_SIGNAL = List.of("--pdeathsig", "KILL", "--");
    /**
     * The variable that tells every started process when it was forked: this JVM's
     * {@link System#nanoTime()} (Linux's CLOCK_MONOTONIC, the same clock in every process of the
     * node) just before the fork, in nanoseconds, so that a process can measure its own start-up
     * from the fork on (the wireup benchmark's "time to wired").
     */
    public static final String FORK_NS = "JPMIX_FORK_NS";
    /** How many processes may be starting at once. */
    static final int FORKERS = 8;
    /**
     * The threads every launched process is forked from, all started at once (a thread's start, too,
     * waits for a core); a fixed pool's threads never time out.
     */
    private static final ThreadPoolExecutor FORKER = new ThreadPoolExecutor(FORKERS, FORKERS, 0, TimeUnit.SECONDS,
            new LinkedBlockingQueue<>(), new ThreadFactory() {
                private final AtomicInteger next = new AtomicInteger();

                @Override
                public Thread newThread(Runnable r) {
                    Thread t = new Thread(r, "jpmix-launch-forker-" + next.getAndIncrement());
                    t.setDaemon(true);
                    return t;
                }
            });
    private static volatile Path setpriv;
    private static volatile boolean probed;

    static {
        FORKER.prestartAllCoreThreads();
    }

    private Spawner() {
    }

    /**
     * Starts {@code pb}'s command under {@code setpriv --pdeathsig KILL} (when this machine has it) on a
     * forker thread, and returns at once; {@link #await} gets the process. Thread-safe.
     */
    public static Future<Process> submit(ProcessBuilder pb) {
        Path sp = setpriv();
        if (sp != null) {
            List<String> cmd = new ArrayList<>();
            cmd.add(sp.toString());
            cmd.addAll(DEATH_SIGNAL);
            cmd.addAll(pb.command());
            pb.command(cmd);
        }
        return FORKER.submit(() -> {
            pb.environment().put(FORK_NS, Long.toString(System.nanoTime()));
            return pb.start();
        });
    }

    /**
     * The process {@code started} ({@link #submit}) started, once it runs.
     *
     * @param program what it runs, for the message of an interrupted wait
     * @throws IOException why it could not be started, or that the wait was interrupted (the process,
     *     started meanwhile, is killed: none is lost)
     */
    public static Process await(Future<Process> started, String program) throws IOException {
        try {
            return started.get();
        } catch (InterruptedException e) {
            // the fork goes on in the forker: the process it starts must not be lost
            Thread.currentThread().interrupt();
            try {
                started.get(30, TimeUnit.SECONDS).destroyForcibly();
            } catch (Exception ignored) {
                // the start failed: nothing to end
            }
            throw new IOException("interrupted while starting " + program, e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /**
     * Null when processes are started under {@code setpriv}; else the line that says they are not, and
     * what that means.
     */
    public static String warning() {
        return setpriv() != null ? null
                : "setpriv (util-linux 2.33+) not found: the job's processes outlive pmixrun if it is killed with SIGKILL";
    }

    /** {@code setpriv} from PATH (else /usr/bin), if it takes {@code --pdeathsig}; probed once. */
    private static synchronized Path setpriv() {
        if (!probed) {
            probed = true;
            setpriv = find();
        }
        return setpriv;
    }

    private static Path find() {
        List<Path> candidates = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(":")) {
                if (!dir.isEmpty()) {
                    candidates.add(Path.of(dir, "setpriv"));
                }
            }
        }
        candidates.add(Path.of("/usr/bin/setpriv"));
        for (Path p : candidates) {
            if (Files.isRegularFile(p) && Files.isExecutable(p) && works(p)) {
                return p;
            }
        }
        return null;
    }

    /** Whether {@code setpriv} knows {@code --pdeathsig} (util-linux 2.33 and later): it runs {@code true} with it. */
    private static boolean works(Path setpriv) {
        try {
            List<String> cmd = new ArrayList<>(List.of(setpriv.toString()));
            cmd.addAll(DEATH_SIGNAL);
            cmd.add("true");
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
