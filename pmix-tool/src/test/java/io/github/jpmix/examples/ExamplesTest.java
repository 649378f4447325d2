package io.github.jpmix.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.internal.JvmFlags;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The guides' examples are real programs: each guide's code blocks are the example files word for
 * word, and the examples run as real processes, the application under the reference launcher and
 * under the example host.
 */
class ExamplesTest {
    private static final Path EXAMPLES = Path.of("src/test/java/io/github/jpmix/examples");
    private static final Pattern BLOCK = Pattern.compile(
            "<!-- example: (\\S+) -->\\s*```java\\n(.*?)```", Pattern.DOTALL);

    @TempDir
    Path tmp;

    @Test
    void shouldShowTheExampleFilesInTheGuidesWordForWord() throws IOException {
        for (String guide : List.of("application-guide.md", "host-guide.md")) {
            String text = Files.readString(Path.of("..", "docs", guide));
            Matcher m = BLOCK.matcher(text);
            int blocks = 0;
            while (m.find()) {
                String file = Files.readString(EXAMPLES.resolve(m.group(1)));
                assertEquals(file, m.group(2), "docs/" + guide + ": the block of " + m.group(1) + " differs from the file");
                blocks++;
            }
            assertEquals(1, blocks, "docs/" + guide + " shows one example");
        }
    }

    @Test
    void shouldRunTheApplicationUnderTheLauncher() throws Exception {
        List<String> out = run("io.github.jpmix.server.Launcher", "-n", "2", HelloPmix.class.getName(), ":", "-n", "1",
                HelloPmix.class.getName());
        for (int r = 0; r < 3; r++) {
            String rank = Integer.toString(r);
            assertTrue(out.stream().anyMatch(l -> l.matches("hello from rank " + rank + " of 3 on \\S+: 3 endpoints read, "
                    + "3 local peers, 1 node\\(s\\)")), out::toString);
        }
    }

    @Test
    void shouldRunTheApplicationUnderTheExampleHost() throws Exception {
        List<String> out = run(MiniHost.class.getName(), "2", HelloPmix.class.getName());
        assertEquals(4, out.stream().filter(l -> l.startsWith("hello from rank ")).count(), out::toString);
        assertTrue(out.contains("host: job example.1 done") && out.contains("host: job example.2 done")
                && out.contains("host: 0 process(es) failed"), out::toString);
    }

    /** Runs a main class in a JVM of its own (its server's files under {@link #tmp}); its output, after exit 0. */
    private List<String> run(String mainClass, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(JvmFlags.javaCommand(List.of(), mainClass));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("TMPDIR", tmp.toString());
        Process p = pb.start();
        List<String> lines = new ArrayList<>();
        try (var in = p.inputReader(StandardCharsets.UTF_8)) {
            in.lines().forEach(lines::add);
        }
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), () -> String.join("\n", lines));
        return lines;
    }
}
