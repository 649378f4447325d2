package io.github.jpmix.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.Proc;
import io.github.jpmix.common.internal.transport.PeerCredentials;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The idle cost of a fence: eight client JVMs blocked in a fence (a ninth rank holds it
 * back) and their server use under 2% of one core together over 10 s, measured as utime + stime from
 * {@code /proc/<pid>/stat} of the eight children and of this JVM (which runs the server). The window
 * starts at least 3 s after the last client entered the fence, past the fresh JVMs' JIT and GC activity
 * (on a loaded machine that takes longer: it starts after the first second that was quiet, 30 s at
 * most); nothing is subtracted. Then the held-back rank arrives and every client must be released at once (liveness:
 * within 5 s). Slow: about 30 s with the JVM start-ups.
 */
@Tag("slow")
class IdleFenceTest {
    private static final int CLIENTS = 8;
    private static final long WINDOW_MS = 10_000;

    @TempDir
    Path tmp;
    TestHost host;

    @BeforeEach
    void startHost() {
        host = new TestHost(tmp);
    }

    @AfterEach
    void stopHost() {
        host.close();
    }

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void shouldUseUnderTwoPercentOfACoreWhileEightClientsWaitInAFence() throws Exception {
        host.job("idle", CLIENTS + 1);
        Proc held = new Proc("idle", CLIENTS);
        // registered now, so the fence of the whole namespace waits for it
        host.server.registerClient(held, PeerCredentials.currentUid(), PeerCredentials.currentGid());
        List<LinkedBlockingQueue<String>> outputs = new ArrayList<>();
        List<Process> children = new ArrayList<>();
        for (int r = 0; r < CLIENTS; r++) {
            Process p = host.spawn(new Proc("idle", r), "fence-wait");
            children.add(p);
            outputs.add(lines(p));
        }
        for (int r = 0; r < CLIENTS; r++) {
            awaitLine(outputs.get(r), "FENCING " + r, 240);
        }
        // past the start-up JIT and GC, every side gone to sleep: at least 3 s, and until one second used
        // under the bound (on a loaded machine the fresh JVMs' compilations finish later), 30 s at most
        long self = ProcessHandle.current().pid();
        Thread.sleep(3000);
        long quietTicks = Math.round(0.02 * clockTicksPerSecond());
        for (int settle = 0; settle < 27; settle++) {
            long before = ticks(self, children);
            Thread.sleep(1000);
            if (ticks(self, children) - before <= quietTicks) {
                break;
            }
        }

        long server0 = cpuTicks(self);
        long cpu0 = ticks(self, children);
        long wall0 = System.nanoTime();
        Thread.sleep(WINDOW_MS);
        long wall = System.nanoTime() - wall0;
        long server1 = cpuTicks(self);
        for (Process p : children) {
            assertTrue(p.isAlive(), "a client left the fence early");
        }
        long cpu1 = ticks(self, children);
        double cpuSeconds = (cpu1 - cpu0) / (double) clockTicksPerSecond();
        double share = cpuSeconds / (wall / 1e9);
        System.out.printf("idle fence: %d clients + server used %.3f s of CPU in %.1f s: %.2f%% of one core"
                + " (the server's JVM, with the test's threads: %.3f s)%n", CLIENTS, cpuSeconds, wall / 1e9, share * 100,
                (server1 - server0) / (double) clockTicksPerSecond());
        assertTrue(share < 0.02, String.format("%d waiting clients and their server used %.2f%% of one core",
                CLIENTS, share * 100));

        // the last rank arrives: everybody asleep in the fence is woken and released
        long arrive;
        try (PmixClient last = PmixClient.init(host.server.setupFork(held))) {
            arrive = System.nanoTime();
            last.fence(List.of());
        }
        for (int r = 0; r < CLIENTS; r++) {
            String line = awaitLine(outputs.get(r), "FENCED " + r, 5);
            long released = Long.parseLong(line.substring(line.lastIndexOf(' ') + 1));
            System.out.printf("rank %d released %.2f ms after the last arrival%n", r, (released - arrive) / 1e6);
        }
        for (Process p : children) {
            assertTrue(p.waitFor(30, TimeUnit.SECONDS));
            assertEquals(0, p.exitValue());
        }
    }

    /** utime + stime of this JVM and the children together, in clock ticks. */
    private static long ticks(long self, List<Process> children) throws IOException {
        long t = cpuTicks(self);
        for (Process p : children) {
            t += cpuTicks(p.pid());
        }
        return t;
    }

    /** utime + stime of a process, in clock ticks ({@code /proc/<pid>/stat} fields 14 and 15). */
    static long cpuTicks(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }

    /** {@code getconf CLK_TCK}; 100 (Linux's USER_HZ) if it cannot be asked. */
    static long clockTicksPerSecond() {
        try {
            Process p = new ProcessBuilder("getconf", "CLK_TCK").start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
            if (p.waitFor(5, TimeUnit.SECONDS) && p.exitValue() == 0) {
                return Long.parseLong(out);
            }
        } catch (IOException | NumberFormatException e) {
            // fall back below
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 100;
    }

    private static LinkedBlockingQueue<String> lines(Process p) {
        LinkedBlockingQueue<String> q = new LinkedBlockingQueue<>();
        Thread t = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    q.add(line);
                }
            } catch (IOException e) {
                // the child ended
            }
        }, "child-" + p.pid());
        t.setDaemon(true);
        t.start();
        return q;
    }

    private static String awaitLine(LinkedBlockingQueue<String> q, String prefix, int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (true) {
            String line = q.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (line == null) {
                throw new AssertionError("no line '" + prefix + "' within " + seconds + " s");
            }
            if (line.startsWith(prefix)) {
                return line;
            }
        }
    }
}
