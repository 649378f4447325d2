package io.github.jpmix.tool.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.internal.transport.RendezvousFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A SIGKILLed {@code pmixrun} leaves its session directory, its tool directory and three rendezvous
 * files; the next {@code pmixrun} in the same tmpdir removes them as it starts, and {@code jpmix clean}
 * does the same without starting a server ({@code docs/tools.md}, "Leftovers of dead servers").
 */
class LauncherLeftoversTest {
    @TempDir
    Path tmp;

    /** The JPMIx entries of the tmpdir: session and tool directories, rendezvous files and temporaries. */
    private List<String> jpmixEntries() throws Exception {
        try (Stream<Path> s = Files.list(tmp)) {
            return s.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith("jpmix.") || n.startsWith("pmix.") || n.startsWith(".pmix.") || n.startsWith(".jpmix."))
                    .sorted().toList();
        }
    }

    /** Starts pmixrun with a rank that sleeps, waits for its rendezvous files, kills it with SIGKILL. */
    private List<String> killedLauncher() throws Exception {
        ProcessBuilder pb = new ProcessBuilder(Pmixruns.command(List.of("-n", "1", "sleep", "600"))).directory(tmp.toFile())
                .redirectOutput(tmp.resolve("killed.out").toFile()).redirectError(tmp.resolve("killed.err").toFile());
        pb.environment().put("TMPDIR", tmp.toString());
        Process launcher = pb.start();
        Path pidFile = tmp.resolve(RendezvousFile.pidName(RendezvousFile.defaultHostname(), launcher.pid()));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!(Files.exists(pidFile) && launcher.toHandle().children().findAny().isPresent())) {
            assertTrue(launcher.isAlive() && System.nanoTime() < deadline, "pmixrun did not start: " + Files.readString(
                    tmp.resolve("killed.err")));
            Thread.sleep(50);
        }
        launcher.destroyForcibly();
        assertTrue(launcher.waitFor(60, TimeUnit.SECONDS));
        List<String> left = jpmixEntries();
        assertEquals(5, left.size(), left::toString); // session and tool directory, three rendezvous files
        return left;
    }

    @Test
    void shouldHaveTheNextPmixrunAndJpmixCleanRemoveAKilledPmixrunsFiles() throws Exception {
        List<String> left = killedLauncher();
        long t0 = System.nanoTime();
        Pmixruns.Run next = Pmixruns.run(tmp, Map.of(), 180, "-n", "1", "true");
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(0, next.exit(), next::both);
        assertEquals(List.of(), jpmixEntries(), "after the next pmixrun (the killed one left " + left + ")");
        System.out.println("killed pmixrun left " + left + "; the next pmixrun (" + ms + " ms in all) left nothing");

        left = killedLauncher();
        Cli.Result clean = Cli.run("clean", "--tmpdir", tmp.toString(), "--system-tmpdir", tmp.toString());
        assertEquals(0, clean.exit(), clean::toString);
        assertTrue(clean.out().contains("removed 5, kept 0"), clean::toString);
        assertEquals(List.of(), jpmixEntries(), clean::toString);
        System.out.println("jpmix clean after a killed pmixrun:\n" + clean.out());
    }
}
