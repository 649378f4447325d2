package io.github.jpmix.tool.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.testing.Child;
import io.github.jpmix.testing.NativePrograms;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Killing pmixrun never orphans its job: for SIGTERM, SIGINT, SIGHUP and SIGKILL of the launcher, a job of
 * a Java rank (a PMIx client), {@code sleep} and the libpmix test client (which ignores SIGTERM, so the
 * launcher's SIGKILL after the grace ends it) leaves no process running 2 s after the launcher is gone.
 * For the first three the launcher ends the job itself, says so in one line and exits 128 + the signal;
 * SIGKILL gives it no chance, and the kernel ends the ranks (each runs under {@code setpriv --pdeathsig KILL}).
 */
class LauncherSignalTest {
    /** How long a rank may outlive the launcher. */
    private static final long OUTLIVE_MS = 2_000;
    private static Path pmixClient;

    @TempDir
    static Path bin;
    @TempDir
    Path tmp;
    private final List<ProcessHandle> started = new ArrayList<>();

    @BeforeAll
    static void compile() {
        pmixClient = NativePrograms.pmix("pmix-server/src/test/c/pmix_client.c", bin);
    }

    @AfterEach
    void cleanUp() {
        started.forEach(ProcessHandle::destroyForcibly);
    }

    @ParameterizedTest(name = "SIG{0}")
    @ValueSource(strings = {"TERM", "INT", "HUP", "KILL"})
    void shouldLeaveNoRankRunningWhenPmixrunIsSignalled(String signal) throws Exception {
        List<String> cmd = new ArrayList<>();
        // the launcher handles these signals unless it was started with them ignored (a background job of a
        // non-interactive shell ignores SIGINT): start it with their default whatever started the build
        cmd.addAll(List.of("env", "--default-signal=TERM,INT,HUP"));
        cmd.addAll(Pmixruns.command(List.of("-n", "1", LaunchedProgram.class.getName(), "sleep", ":",
                "-n", "1", "sleep", "600", ":", "-n", "1", pmixClient.toString(), "hang")));
        Path err = tmp.resolve("pmixrun.err");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(err.toFile());
        pb.environment().put("TMPDIR", tmp.toString());
        Child launcher = Child.start(pb);
        started.add(launcher.process.toHandle());
        // the Java rank (0) and the C client (2) say READY once they are clients, in either order
        Set<String> ready = new HashSet<>();
        while (ready.size() < 2) {
            String line = launcher.await("READY ", 120_000).text();
            ready.add(line.split(" ")[1]);
        }
        List<ProcessHandle> ranks = launcher.process.toHandle().children().toList();
        started.addAll(ranks);
        assertEquals(3, ranks.size(), "the launcher's children: " + ranks.stream().map(p -> p.info().commandLine()).toList());

        long sent = System.nanoTime();
        if (signal.equals("KILL")) {
            launcher.kill();
        } else {
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(launcher.pid())).start();
            assertTrue(kill.waitFor(10, TimeUnit.SECONDS) && kill.exitValue() == 0, "kill -" + signal);
        }
        int exit = launcher.awaitExit(30_000);
        long ended = System.nanoTime();
        for (ProcessHandle rank : ranks) {
            while (running(rank.pid()) && System.nanoTime() - ended < OUTLIVE_MS * 1_000_000) {
                Thread.sleep(20);
            }
            assertFalse(running(rank.pid()), "rank pid " + rank.pid() + " (" + rank.info().command().orElse("?")
                    + ") outlived pmixrun (SIG" + signal + ") by " + OUTLIVE_MS + " ms");
        }
        String stderr = Files.readString(err);
        System.out.printf("[LauncherSignalTest] SIG%s: pmixrun exited %d after %d ms%n", signal, exit,
                (ended - sent) / 1_000_000);
        int number = switch (signal) {
            case "HUP" -> 1;
            case "INT" -> 2;
            case "KILL" -> 9;
            default -> 15;
        };
        assertEquals(128 + number, exit, stderr);
        if (!signal.equals("KILL")) {
            List<String> lines = stderr.lines().toList();
            assertTrue(lines.contains("pmixrun: got SIG" + signal + "; terminating the job"), stderr);
            assertTrue(lines.get(lines.size() - 1).endsWith("; exit " + (128 + number)), stderr);
            // the ranks the launcher ended get no line each: one event ended the job, one line says so
            assertEquals(4, lines.size(), stderr);
        }
    }

    /** Whether process {@code pid} still runs: it exists and is not a zombie waiting for a parent to reap it. */
    private static boolean running(long pid) throws IOException {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            return stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
        } catch (NoSuchFileException e) {
            return false;
        }
    }
}
