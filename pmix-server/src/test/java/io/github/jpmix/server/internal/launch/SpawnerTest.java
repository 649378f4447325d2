package io.github.jpmix.server.internal.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Processes submitted together all start, each with its fork time; one that cannot start fails alone. */
class SpawnerTest {
    /** More processes than forker threads, submitted before any is awaited. */
    @Test
    void shouldStartEveryProcessSubmittedTogether() throws Exception {
        List<Future<Process>> started = new ArrayList<>();
        for (int i = 0; i < Spawner.FORKERS + 3; i++) {
            started.add(Spawner.submit(new ProcessBuilder("/bin/sh", "-c", "echo $0 $" + Spawner.FORK_NS, "proc" + i)));
        }
        for (int i = 0; i < started.size(); i++) {
            Process p = Spawner.await(started.get(i), "/bin/sh");
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "proc" + i + " did not end");
            assertEquals(0, p.exitValue(), out);
            String[] words = out.split(" ");
            assertEquals("proc" + i, words[0], out);
            assertTrue(Long.parseLong(words[1]) != 0, out); // the forker's System.nanoTime() before the fork
        }
    }

    @Test
    void shouldReportAProcessThatCannotStartAndStartTheOthers() throws Exception {
        Future<Process> first = Spawner.submit(new ProcessBuilder("/bin/sh", "-c", "exit 3"));
        Future<Process> broken = Spawner.submit(new ProcessBuilder("/bin/sh", "-c", "exit 0")
                .directory(new File("/nonexistent/directory")));
        Future<Process> last = Spawner.submit(new ProcessBuilder("/bin/sh", "-c", "exit 4"));
        IOException e = assertThrows(IOException.class, () -> Spawner.await(broken, "/bin/sh"));
        assertTrue(e.getMessage().contains("/nonexistent/directory") || e.getMessage().contains("No such file"),
                e.getMessage());
        Process p1 = Spawner.await(first, "/bin/sh");
        Process p3 = Spawner.await(last, "/bin/sh");
        assertTrue(p1.waitFor(30, TimeUnit.SECONDS) && p3.waitFor(30, TimeUnit.SECONDS));
        assertEquals(3, p1.exitValue());
        assertEquals(4, p3.exitValue());
    }
}
