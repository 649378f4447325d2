package io.github.jpmix.client;

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
 * A child JVM (or any child process) whose stdout is read line by line as it comes, each line
 * stamped with the moment it arrived, so a test can wait for a line and time an event from outside
 * (e.g. from a SIGKILL to the error the survivors print). Stderr goes to the test's stderr.
 */
final class Child implements AutoCloseable {
    /** Quick start-up and a small footprint for short-lived test children (64 of them share 2 cores). */
    static final List<String> SMALL = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx128m",
            "-Xss512k", "-XX:-UsePerfData");

    /** One line of the child's stdout and {@link System#nanoTime()} when the test read it. */
    record Line(String text, long nanos) {
    }

    private static final Line EOF = new Line("\u0000EOF", 0);

    final Process process;
    private final BlockingQueue<Line> lines = new LinkedBlockingQueue<>();
    /** Everything printed so far, for failure messages. */
    private final ConcurrentLinkedQueue<String> transcript = new ConcurrentLinkedQueue<>();

    Child(Process process) {
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

    /** Starts {@code mainClass} in a JVM like this one ({@link JvmFlags#javaCommand}) with extra environment. */
    static Child start(List<String> jvmOptions, Map<String, String> env, String mainClass, String... args)
            throws IOException {
        List<String> cmd = new ArrayList<>(JvmFlags.javaCommand(jvmOptions, mainClass));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT);
        pb.environment().putAll(env);
        return new Child(pb.start());
    }

    long pid() {
        return process.pid();
    }

    /** Waits for the next line starting with {@code prefix} (skipping others); fails the test after {@code millis}. */
    Line await(String prefix, long millis) throws InterruptedException {
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

    /** Writes one line to the child's stdin. */
    void send(String line) throws IOException {
        OutputStream out = process.getOutputStream();
        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** Sends SIGKILL and returns {@link System#nanoTime()} just before it was sent. */
    long kill() {
        long t = System.nanoTime();
        process.destroyForcibly(); // SIGKILL on Linux
        return t;
    }

    /** Waits for the child to end; fails the test if it does not within {@code millis}. */
    int awaitExit(long millis) throws InterruptedException {
        if (!process.waitFor(millis, TimeUnit.MILLISECONDS)) {
            throw new AssertionError("child " + pid() + " still runs after " + millis + " ms; it printed " + transcript);
        }
        return process.exitValue();
    }

    /** Forgets what the child printed so far (a long-lived child's transcript would otherwise grow with every job). */
    void clearTranscript() {
        transcript.clear();
    }

    String transcript() {
        return String.join("\n", transcript);
    }

    private String exitText() {
        return process.isAlive() ? "still running" : "exit " + process.exitValue();
    }

    /** Open file descriptors of process {@code pid}, from /proc. */
    static int openFds(long pid) throws IOException {
        try (var s = Files.list(Path.of("/proc/" + pid + "/fd"))) {
            return (int) s.count();
        }
    }

    /** Threads of process {@code pid}, from /proc. */
    static int threads(long pid) throws IOException {
        for (String l : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
            if (l.startsWith("Threads:")) {
                return Integer.parseInt(l.substring(8).trim());
            }
        }
        throw new IOException("no Threads: line in /proc/" + pid + "/status");
    }

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
