package io.github.jpmix.testing;

import io.github.jpmix.common.internal.JvmFlags;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The child process of a multi-process test, the one harness every JPMIx module's process tests
 * use (pmix-common's test-jar): a JVM started like the launcher starts one ({@link JvmFlags#javaCommand}:
 * JPMIx's JVM flags, this JVM's class path) with extra options and environment, or any process a
 * test started itself. Its stdout is read line by line as it comes, each line stamped with the
 * moment it arrived, so a test can wait for a line and time an event from outside (e.g. from a
 * SIGKILL to the error the survivors print); everything it printed is kept for failure messages.
 * Stdin takes lines; {@link #kill} is SIGKILL; {@code /proc} gives its descriptors, threads and CPU
 * time. Failures are {@link AssertionError}s naming the child and what it printed.
 *
 * <p>Thread-safe: the reader thread fills a queue; one test thread waits on it.
 */
public final class Child implements AutoCloseable {
    /** Quick start-up and a small footprint for short-lived test children (64 of them share 2 cores). */
    public static final List<String> SMALL = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx128m",
            "-Xss512k", "-XX:-UsePerfData");

    /** One line of the child's stdout and {@link System#nanoTime()} when the test read it. */
    public record Line(String text, long nanos) {
    }

    private static final Line EOF = new Line("\u0000EOF", 0);

    /** The process; a test may read its exit value or its pid. */
    public final Process process;
    private final BlockingQueue<Line> lines = new LinkedBlockingQueue<>();
    /** Everything printed so far, for failure messages. */
    private final ConcurrentLinkedQueue<String> transcript = new ConcurrentLinkedQueue<>();

    /** Reads the stdout of a process the test started (its stdout must be a pipe). */
    public Child(Process process) {
        this.process = process;
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    lines.add(new Line(line, System.nanoTime()));
                    transcript.add(line);
                }
            } catch (IOException e) {
                // the child is gone: EOF below says so
            }
            lines.add(EOF);
        }, "child-stdout-" + process.pid());
        reader.setDaemon(true);
        reader.start();
    }

    /** The command that runs {@code mainClass} with {@code args} in a JVM like this one ({@link JvmFlags#javaCommand}). */
    public static List<String> command(List<String> jvmOptions, String mainClass, String... args) {
        List<String> cmd = new ArrayList<>(JvmFlags.javaCommand(jvmOptions, mainClass));
        cmd.addAll(List.of(args));
        return cmd;
    }

    /**
     * Starts {@code mainClass} in a JVM like this one with extra environment; its stderr goes to the
     * test's stderr.
     */
    public static Child start(List<String> jvmOptions, Map<String, String> env, String mainClass, String... args)
            throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command(jvmOptions, mainClass, args))
                .redirectError(ProcessBuilder.Redirect.INHERIT);
        pb.environment().putAll(env);
        return new Child(pb.start());
    }

    /** Starts what {@code builder} describes (working directory, stderr, environment as it says). */
    public static Child start(ProcessBuilder builder) throws IOException {
        return new Child(builder.start());
    }

    public long pid() {
        return process.pid();
    }

    /** Waits for the next line starting with {@code prefix} (skipping others); fails the test after {@code millis}. */
    public Line await(String prefix, long millis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (true) {
            Line l = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (l == null) {
                throw new AssertionError("child " + pid() + " printed no '" + prefix + "' within " + millis
                        + " ms; it printed " + transcript);
            }
            if (l == EOF) {
                lines.add(EOF); // later waits fail at once too
                throw new AssertionError("child " + pid() + " ended (" + exitText() + ") before printing '" + prefix
                        + "'; it printed " + transcript);
            }
            if (l.text().startsWith(prefix)) {
                return l;
            }
        }
    }

    /** The next line, or null once the child's stdout has ended; fails the test if none comes within {@code millis}. */
    public Line next(long millis) throws InterruptedException {
        Line l = lines.poll(millis, TimeUnit.MILLISECONDS);
        if (l == null) {
            throw new AssertionError("child " + pid() + " printed nothing more within " + millis + " ms; it printed "
                    + transcript);
        }
        if (l == EOF) {
            lines.add(EOF);
            return null;
        }
        return l;
    }

    /**
     * The lines up to and including the first that starts with {@code prefix}, or up to the end of the
     * child's stdout if none does; fails the test if the child goes quiet for {@code millis}.
     */
    public List<String> linesUntil(String prefix, long millis) throws InterruptedException {
        List<String> out = new ArrayList<>();
        for (Line l; (l = next(millis)) != null; ) {
            out.add(l.text());
            if (l.text().startsWith(prefix)) {
                break;
            }
        }
        return out;
    }

    /** Writes one line to the child's stdin. */
    public void send(String line) throws IOException {
        OutputStream out = process.getOutputStream();
        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** Closes the child's stdin: a child that reads it until its end takes this as "end in order". */
    public void closeStdin() throws IOException {
        process.getOutputStream().close();
    }

    /** Sends SIGKILL and returns {@link System#nanoTime()} just before it was sent. */
    public long kill() {
        long t = System.nanoTime();
        process.destroyForcibly(); // SIGKILL on Linux
        return t;
    }

    /** Waits for the child to end; fails the test if it does not within {@code millis}. */
    public int awaitExit(long millis) throws InterruptedException {
        if (!process.waitFor(millis, TimeUnit.MILLISECONDS)) {
            throw new AssertionError("child " + pid() + " still runs after " + millis + " ms; it printed " + transcript);
        }
        return process.exitValue();
    }

    /** Forgets what the child printed so far (a long-lived child's transcript would otherwise grow with every job). */
    public void clearTranscript() {
        transcript.clear();
    }

    /** What the child printed so far, one line per line. */
    public String transcript() {
        return String.join("\n", transcript);
    }

    private String exitText() {
        return process.isAlive() ? "still running" : "exit " + process.exitValue();
    }

    /** CPU time (user + system) the child has used so far, in nanoseconds. */
    public long cpuNanos() throws IOException {
        return cpuNanos(process.pid());
    }

    /** CPU time (user + system) process {@code pid} has used so far, from /proc/&lt;pid&gt;/stat, in nanoseconds. */
    public static long cpuNanos(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]); // utime, stime (fields 14, 15)
        return ticks * 10_000_000L; // USER_HZ is 100 on Linux
    }

    /** Open file descriptors of process {@code pid}, from /proc. */
    public static int openFds(long pid) throws IOException {
        try (var s = Files.list(Path.of("/proc/" + pid + "/fd"))) {
            return (int) s.count();
        }
    }

    /** Threads of process {@code pid}, from /proc. */
    public static int threads(long pid) throws IOException {
        for (String l : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
            if (l.startsWith("Threads:")) {
                return Integer.parseInt(l.substring(8).trim());
            }
        }
        throw new IOException("no Threads: line in /proc/" + pid + "/status");
    }

    /** Kills the child if it still runs (SIGKILL) and waits for it, at most 10 s. */
    @Override
    public void close() {
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
