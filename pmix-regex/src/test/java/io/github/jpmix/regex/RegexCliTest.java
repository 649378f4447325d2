package io.github.jpmix.regex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link RegexCli}: in process with redirected streams, and as a separate java process. */
class RegexCliTest {

    record Result(int status, String out, String err) {
        List<String> lines() {
            List<String> l = new ArrayList<>(Arrays.asList(out.split("\n", -1)));
            assertEquals("", l.remove(l.size() - 1), "output ends with a newline");
            return l;
        }
    }

    static Result run(String input, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = RegexCli.run(args, new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), out,
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void shouldAnswerOneLinePerLineAndGoOnAfterABadLine() {
        Result r = run("pmix[node[1:1-3]]\npmix[node[1:5-3]]\n\nraw:a,b\n", "parse-nodes");
        assertEquals(1, r.status(), "a rejected line makes the exit status 1");
        assertEquals(List.of("node1,node2,node3",
                "ERROR PMIX_ERR_BAD_PARAM node map: at 12: range 5-3 is reversed in 'pmix[node[1:5-3]]'", "", "a,b"), r.lines());
    }

    @Test
    void shouldGenerateAndParseEveryMode() {
        assertEquals(List.of("pmix[node[3:1-3,10],nodeA,c[1:1]n1,c[1:1]n2]", "raw:", "ERROR PMIX_ERR_BAD_PARAM node map: name 1 is empty;"
                + " no node-map form can carry an empty name", "pmix[a]"),
                run("node001,node002,node003,node010,nodeA,c1n1,c1n2\n\na,,b\na,\n", "generate-nodes").lines());
        assertEquals(List.of("pmix[0-2;3-5;6-9]", "raw:0,2,4,6,8", "raw:-1,-2"),
                run("0,1,2;3,4,5;6,7,8,9\n0,2,4,6,8\n-1,-2", "generate-ppn", "--as-openpmix").lines());
        assertEquals(List.of("0,1,2;3,4,5;6,7,8,9", "0-3", ""), run("pmix[0-2;3-5;6-9]\nraw:0-3\nraw:\n", "parse-ppn").lines());
    }

    @Test
    void shouldPrintBlobsAsBase64AndReadThemBack() {
        Result gen = run("node1,node2,x[1]\n", "generate-nodes", "--blob");
        String line = gen.lines().get(0);
        assertTrue(line.startsWith("base64:"), line);
        byte[] blob = Base64.getDecoder().decode(line.substring(7));
        assertEquals(List.of("node1", "node2", "x[1]"), NodeRegex.parse(blob));
        assertEquals(List.of("node1,node2,x[1]"), run(line + "\n", "parse-nodes").lines());
        Result ppn = run("0-3;4,5\n", "generate-ppn", "--blob");
        assertEquals(List.of("0,1,2,3;4,5"), run(ppn.out(), "parse-ppn").lines());
    }

    @Test
    void shouldEscapeOutputThatCouldBeMistakenForAProtocolWord() {
        List<String> lines = run("raw:base64:abc\nraw:ERROR x\nraw:tab\there\n", "parse-nodes").lines();
        assertEquals("base64:" + Base64.getEncoder().encodeToString("base64:abc".getBytes(StandardCharsets.UTF_8)), lines.get(0));
        assertEquals("base64:" + Base64.getEncoder().encodeToString("ERROR x".getBytes(StandardCharsets.UTF_8)), lines.get(1));
        assertEquals("base64:" + Base64.getEncoder().encodeToString("tab\there".getBytes(StandardCharsets.UTF_8)), lines.get(2));
        assertTrue(run("base64:!!!\n", "parse-nodes").lines().get(0).startsWith("ERROR PMIX_ERR_BAD_PARAM input: bad base64"));
    }

    @Test
    void shouldKeepUtf8AndRejectMalformedUtf8() {
        assertEquals(List.of("pmix[nöde1,nöde2]"), run("nöde1,nöde2\n", "generate-nodes").lines());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RegexCli.run(new String[] {"parse-nodes"}, new ByteArrayInputStream(new byte[] {'a', (byte) 0xC3, '\n', 'b', '\n'}), out,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        String[] lines = out.toString(StandardCharsets.UTF_8).split("\n");
        assertTrue(lines[0].startsWith("ERROR PMIX_ERR_BAD_PARAM node map: the map is not UTF-8"), lines[0]);
        assertEquals("b", lines[1]);
    }

    @Test
    void shouldHandleATenThousandNameLine() {
        StringBuilder in = new StringBuilder();
        for (int i = 0; i < 10_000; i++) {
            in.append(i == 0 ? "" : ",").append(i % 3 == 0 ? "c" + i + "n" + (i % 7) : "nid" + String.format("%05d", i));
        }
        String names = in.toString();
        Result gen = run(names + "\n", "generate-nodes");
        assertEquals(1, gen.lines().size());
        assertEquals(List.of(names), run(gen.out(), "parse-nodes").lines());
    }

    /** A proc map must be ranks: generate-ppn refuses what PMIx_generate_ppn would pass on as raw: + text. */
    @Test
    void shouldRefuseProcMapsThatAreNotRanks() {
        Result r = run("x,y\n0,1;;2\n0,1;2\n;0\n0,,1\n", "generate-ppn");
        assertEquals(1, r.status());
        assertEquals(List.of(
                "ERROR PMIX_ERR_BAD_PARAM proc map: at 0: element 'x' of node 0 is not a rank or a range a-b in 'x,y'",
                "ERROR PMIX_ERR_BAD_PARAM proc map: at 4: node 1 is empty in '0,1;;2'",
                "raw:0,1;2", // valid: a native form would be longer than the text
                "ERROR PMIX_ERR_BAD_PARAM proc map: at 0: node 0 is empty in ';0'",
                "ERROR PMIX_ERR_BAD_PARAM proc map: at 2: element '' of node 0 is not a rank or a range a-b in '0,,1'"), r.lines());
        // as OpenPMIx takes it (to compare with the reference)
        Result ref = run("x,y\n0,1;;2\n", "generate-ppn", "--as-openpmix");
        assertEquals(0, ref.status());
        assertEquals(List.of("raw:x,y", "raw:0,1;;2"), ref.lines());
    }

    @Test
    void shouldPrintHelp() {
        Result r = run("", "--help");
        assertEquals(0, r.status());
        assertTrue(r.out().startsWith("usage: "), r.out());
        assertTrue(r.out().contains("generate-nodes"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"nonsense", "--blob", "parse-nodes --blob", "parse-nodes parse-ppn", "parse-nodes --max-entries",
        "parse-nodes --max-entries x", "parse-nodes --max-chars 0"})
    void shouldRejectABadCommandLineWithUsageAndStatus2(String args) {
        Result r = run("a\n", args.split(" "));
        assertEquals(2, r.status());
        assertEquals("", r.out());
        assertTrue(r.err().contains("usage: "), r.err());
    }

    @Test
    void shouldApplyLimitOptions() {
        assertTrue(run("pmix[n[1:0-9]]\n", "parse-nodes", "--max-entries", "5").lines().get(0).contains("more than 5 entries"));
        assertEquals(List.of("n0,n1,n2"), run("pmix[n[1:0-2]]\n", "parse-nodes", "--max-entries", "5").lines());
    }

    @Test
    void shouldProcessTheLastLineWithoutNewline() {
        assertEquals(List.of("a", "b"), run("raw:a\nraw:b", "parse-nodes").lines());
    }

    /** The real thing: a separate JVM, stdin and stdout pipes. */
    @Test
    void shouldRunAsASeparateProcess(@TempDir Path dir) throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        StringBuilder big = new StringBuilder();
        for (int i = 0; i < 10_000; i++) {
            big.append(i == 0 ? "" : ",").append("node").append(String.format("%05d", (i * 7919) % 10_000));
        }
        String input = "node1,node2\nnode1,,node2\n" + big + "\nlogin,node3\n";
        Path in = dir.resolve("in.txt");
        Files.writeString(in, input);
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), RegexCli.class.getName(), "generate-nodes")
                .redirectInput(in.toFile())
                .redirectError(dir.resolve("err.txt").toFile())
                .start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(1, p.exitValue(), () -> "a line was rejected: " + readQuietly(dir.resolve("err.txt")));
        String[] lines = new String(out, StandardCharsets.UTF_8).split("\n");
        assertEquals(4, lines.length);
        assertEquals("pmix[node[1:1-2]]", lines[0]);
        assertTrue(lines[1].startsWith("ERROR PMIX_ERR_BAD_PARAM node map: name 1 is empty"), lines[1]);
        assertEquals(Arrays.asList(big.toString().split(",")), NodeRegex.parse(lines[2]));
        assertEquals("pmix[login,node[1:3]]", lines[3]);

        Process bad = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), RegexCli.class.getName(), "frobnicate")
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        try (OutputStream o = bad.getOutputStream()) {
            o.flush();
        }
        String err = new String(bad.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(bad.waitFor(60, TimeUnit.SECONDS));
        assertEquals(2, bad.exitValue());
        assertTrue(err.contains("unknown MODE or option: frobnicate") && err.contains("usage: "), err);
    }

    private static String readQuietly(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            return e.toString();
        }
    }
}
