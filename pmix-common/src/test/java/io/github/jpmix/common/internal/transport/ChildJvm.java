package io.github.jpmix.common.internal.transport;

import static org.junit.jupiter.api.Assertions.fail;

import io.github.jpmix.common.internal.JvmFlags;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** A child JVM running {@link TransportChildMain}, with the JVM flags JPMIx processes need. */
final class ChildJvm implements AutoCloseable {
    /** Quick start-up for short-lived test children. */
    static final List<String> FAST_START = List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xmx64m",
            "-XX:-UsePerfData");

    private static final String EOF = "\u0000EOF";

    final Process process;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

    private ChildJvm(Process process) {
        this.process = process;
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    lines.add(line);
                }
            } catch (IOException e) {
                // the child died; EOF below says so
            }
            lines.add(EOF);
        }, "child-stdout-" + process.pid());
        reader.setDaemon(true);
        reader.start();
    }

    static ChildJvm start(List<String> jvmOptions, String... args) throws IOException {
        List<String> command = new ArrayList<>(JvmFlags.javaCommand(jvmOptions, TransportChildMain.class.getName()));
        command.addAll(List.of(args));
        return new ChildJvm(new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start());
    }

    /** Waits for a stdout line starting with {@code prefix}; returns it. */
    String awaitLine(String prefix, long millis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (true) {
            long left = deadline - System.nanoTime();
            String line = lines.poll(Math.max(0, left), TimeUnit.NANOSECONDS);
            if (line == null) {
                return fail("child " + process.pid() + " printed no '" + prefix + "' within " + millis + " ms");
            }
            if (line.equals(EOF)) {
                return fail("child " + process.pid() + " ended before printing '" + prefix + "'");
            }
            if (line.startsWith(prefix)) {
                return line;
            }
        }
    }

    /** Asks the child to end in order (it exits when stdin closes). */
    void closeStdin() throws IOException {
        process.getOutputStream().close();
    }

    /** CPU time (user + system) the child has used, from /proc/&lt;pid&gt;/stat, in nanoseconds. */
    long cpuNanos() throws IOException {
        return procStatCpuNanos(process.pid());
    }

    static long procStatCpuNanos(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]); // utime, stime (fields 14, 15)
        return ticks * 10_000_000L; // USER_HZ is 100 on Linux
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
