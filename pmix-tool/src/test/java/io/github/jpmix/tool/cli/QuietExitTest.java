package io.github.jpmix.tool.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Jobs end without a stack trace: {@code pmixrun -n 2 : -n 3} of the demo, run again and again (20
 * times, {@code -Djpmix.quietexit.runs=N}), must exit 0 with nothing on stderr that looks like an
 * exception. Every process unmaps its store files at exit while Chronicle's shutdown hook runs; the
 * two once closed the same map, and about one run in ten printed Chronicle's NullPointerException
 * (docs/gds.md, "Generations"). {@code MappingCloseTest} in pmix-gds checks the cause directly.
 */
@Tag("slow")
class QuietExitTest {
    private static final Pattern TRACE = Pattern.compile("(?m)(Exception|^\\s+at \\S+\\()");

    @TempDir
    Path tmp;

    @Test
    @Timeout(3600)
    void shouldEndJobsWithoutAStackTrace() throws Exception {
        int runs = Integer.getInteger("jpmix.quietexit.runs", 20);
        List<String> noisy = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            Path dir = Files.createDirectory(tmp.resolve("run" + i));
            Pmixruns.Run run = Pmixruns.run(dir, Map.of(), 300, "-n", "2", ":", "-n", "3");
            assertEquals(0, run.exit(), run::both);
            if (TRACE.matcher(run.err()).find()) {
                noisy.add("run " + i + ":\n" + run.err());
            }
        }
        assertTrue(noisy.isEmpty(), () -> noisy.size() + " of " + runs + " runs printed a stack trace:\n"
                + String.join("\n", noisy));
    }
}
