package io.github.jpmix.regex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every case of {@code shared/conformance/regex-sample.tsv} (produced by OpenPMIx 4.2.2 with its
 * default components), through the API and through {@link RegexCli}. The file lives beside the
 * repository ({@code ../shared/} from its root); a missing file fails the test.
 */
class ConformanceSampleTest {
    private static final String SAMPLE = "shared/conformance/regex-sample.tsv";

    record Case(int line, String mode, String input, String expected) {
    }

    /** Walks up from the module directory: the file is next to or above the repository. */
    static Path locate() {
        List<Path> tried = new ArrayList<>();
        for (Path dir = Paths.get("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve(SAMPLE);
            tried.add(candidate);
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        return fail("the conformance sample " + SAMPLE + " is missing; it must sit in shared/ beside the repository."
                + " Looked at: " + tried);
    }

    static List<Case> cases() throws IOException {
        List<Case> cases = new ArrayList<>();
        List<String> lines = Files.readAllLines(locate(), StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            String[] f = l.split("\t", -1);
            assertEquals(3, f.length, "line " + (i + 1) + " of " + SAMPLE + " has " + f.length + " fields");
            cases.add(new Case(i + 1, f[0], f[1], f[2]));
        }
        return cases;
    }

    static String viaApi(String mode, String input) {
        switch (mode) {
            case "generate-nodes":
                return NodeRegex.generate(RegexCli.names(input));
            case "generate-ppn":
                return PpnRegex.generate(input);
            case "parse-nodes":
                return String.join(",", NodeRegex.parse(input));
            case "parse-ppn":
                return String.join(";", PpnRegex.parseLocalPeers(input));
            default:
                return fail("unknown mode " + mode);
        }
    }

    @TestFactory
    List<DynamicTest> shouldMatchEverySampleCaseThroughTheApi() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (Case c : cases()) {
            String name = "line " + c.line() + ": " + c.mode() + " " + abbreviate(c.input());
            tests.add(DynamicTest.dynamicTest(name, () -> assertEquals(c.expected(), viaApi(c.mode(), c.input()))));
        }
        return tests;
    }

    @Test
    void shouldMatchEverySampleCaseThroughTheCli() throws IOException {
        List<Case> cases = cases();
        assertFalse(cases.isEmpty(), "no cases in " + SAMPLE);
        for (String mode : List.of("generate-nodes", "generate-ppn", "parse-nodes", "parse-ppn")) {
            StringBuilder in = new StringBuilder();
            List<Case> mine = new ArrayList<>();
            for (Case c : cases) {
                if (c.mode().equals(mode)) {
                    in.append(c.input()).append('\n');
                    mine.add(c);
                }
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            // generate-ppn as OpenPMIx takes it: the sample has what the reference does with junk
            String[] args = mode.equals("generate-ppn") ? new String[] {mode, "--as-openpmix"} : new String[] {mode};
            int rc = RegexCli.run(args, new ByteArrayInputStream(in.toString().getBytes(StandardCharsets.UTF_8)),
                    out, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            assertEquals(mine.stream().anyMatch(c -> c.expected().startsWith("ERROR ")) ? 1 : 0, rc, mode + ": exit status");
            String[] got = out.toString(StandardCharsets.UTF_8).split("\n", -1);
            assertEquals(mine.size() + 1, got.length, mode + ": one output line per input line");
            for (int i = 0; i < mine.size(); i++) {
                assertEquals(mine.get(i).expected(), got[i], mode + " at sample line " + mine.get(i).line());
            }
        }
    }

    private static String abbreviate(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }
}
