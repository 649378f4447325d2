package io.github.jpmix.tool.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Value;
import io.github.jpmix.gds.Gds;
import io.github.jpmix.gds.GdsStore;
import io.github.jpmix.gds.Registration;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code jpmix} commands that need no server: usage and exit codes, {@code regex}, {@code gds
 * dump}, completion. The server-facing commands are tested against real servers in
 * {@code ToolCommandsTest}.
 */
class JpmixCliTest {
    @TempDir
    Path dir;

    @Test
    void shouldExplainItselfAndFailUsageErrorsWithExitCode2() {
        Cli.Result help = Cli.run("--help");
        assertEquals(0, help.exit(), help::toString);
        for (String command : List.of("ps", "query", "attrs", "regex", "gds", "servers")) {
            assertTrue(help.out().contains(command), () -> "help lists " + command + "\n" + help);
        }
        assertTrue(help.out().contains("Exit codes"), help::toString);

        Cli.Result none = Cli.run();
        assertEquals(2, none.exit(), none::toString);
        Cli.Result unknown = Cli.run("frobnicate");
        assertEquals(2, unknown.exit(), unknown::toString);
        assertTrue(unknown.err().contains("frobnicate"), unknown::toString);
        Cli.Result badKind = Cli.run("regex", "generate", "cats", "a,b");
        assertEquals(2, badKind.exit(), badKind::toString);
        assertTrue(badKind.err().contains("cats"), badKind::toString);
        Cli.Result version = Cli.run("--version");
        assertEquals(0, version.exit());
        assertTrue(version.out().contains("PMIx 4.2.2"), version::toString);
    }

    @Test
    void regexShouldGenerateAndParseMapsAsOpenPmixDoes() {
        // regex-format.md section 3: consecutive numbers with the same prefix and width collapse into a range
        Cli.Result nodes = Cli.run("regex", "generate", "nodes", "node001,node002,node003,node010");
        assertEquals(0, nodes.exit(), nodes::toString);
        assertEquals("pmix[node[3:1-3,10]]\n", nodes.out());
        Cli.Result back = Cli.run("regex", "parse", "nodes", "pmix[node[3:1-3,10]]");
        assertEquals("node001,node002,node003,node010\n", back.out(), back::toString);

        Cli.Result ppn = Cli.run("regex", "generate", "ppn", "0-3;4-7");
        assertEquals(0, ppn.exit(), ppn::toString);
        Cli.Result peers = Cli.run("regex", "parse", "ppn", ppn.out().strip());
        assertEquals("0,1,2,3;4,5,6,7\n", peers.out(), peers::toString);

        // inputs from stdin, one per line, answered in order
        Cli.Result stdin = Cli.withInput("a1,a2\nb7\n", "regex", "generate", "nodes");
        assertEquals("pmix[a[1:1-2]]\npmix[b[1:7]]\n", stdin.out(), stdin::toString);
    }

    @Test
    void regexShouldReportABadInputOnItsLineAndExit1() {
        Cli.Result r = Cli.run("regex", "parse", "nodes", "pmix[node[3:1-3]]", "pmix[node[3:1-", "pmix[x]");
        assertEquals(1, r.exit(), r::toString);
        List<String> lines = r.out().lines().toList();
        assertEquals(3, lines.size(), r::toString);
        assertEquals("node001,node002,node003", lines.get(0));
        assertTrue(lines.get(1).startsWith("ERROR PMIX_ERR_BAD_PARAM "), r::toString);
        assertEquals("x", lines.get(2));

        Cli.Result json = Cli.run("regex", "parse", "nodes", "--json", "pmix[node[3:1-3]]", "pmix[node[3:1-");
        assertEquals(1, json.exit(), json::toString);
        assertTrue(json.out().startsWith("[{\"input\":\"pmix[node[3:1-3]]\",\"output\":\"node001,node002,node003\"},"
                + "{\"input\":\"pmix[node[3:1-\",\"status\":\"PMIX_ERR_BAD_PARAM\",\"error\":"), json::toString);

        Cli.Result blobParse = Cli.run("regex", "parse", "nodes", "--blob", "x");
        assertEquals(2, blobParse.exit(), blobParse::toString);
    }

    @Test
    void gdsDumpShouldPrintTheStoredValuesOfANamespace() {
        try (GdsStore store = Gds.mappedStore(dir, "n1")) {
            store.register(Registration.parse("job1", 2, List.of(
                    Info.of(Keys.NODE_MAP, "n0,n1"), Info.of(Keys.PROC_MAP, "pmix[0-1;2-3]"),
                    Info.of(Keys.JOB_SIZE, 4), Info.of("acme.color", Value.ofString("blue")))));
            store.publishModex(Map.of(new Proc("job1", 2), Map.of("btl.addr", Value.ofString("tcp://n1:2"))));

            Cli.Result text = Cli.run("gds", "dump", "--dir", dir.toString(), "job1");
            assertEquals(0, text.exit(), text::toString);
            List<String> lines = text.out().lines().toList();
            assertTrue(lines.get(0).startsWith("namespace job1 (" + dir + "): "), text::toString);
            assertTrue(lines.get(1).matches("REALM +OF +KEY +VALUE"), text::toString);
            assertTrue(lines.stream().anyMatch(l -> l.matches("job +- +pmix\\.job\\.size +PMIX_UINT32:4")), text::toString);
            assertTrue(lines.stream().anyMatch(l -> l.matches("job +- +acme\\.color +PMIX_STRING:\"blue\"")), text::toString);
            assertTrue(lines.stream().anyMatch(l -> l.matches("posted +2 +btl\\.addr +PMIX_STRING:\"tcp://n1:2\"")), text::toString);

            Cli.Result json = Cli.run("gds", "dump", "--json", "--dir", dir.toString());
            assertEquals(0, json.exit(), json::toString);
            assertTrue(json.out().startsWith("[{\"nspace\":\"job1\",\"directory\":\"" + dir + "\",\"entries\":["), json::toString);
            assertTrue(json.out().contains("{\"realm\":\"job\",\"qualifier\":\"\",\"key\":\"pmix.job.size\",\"type\":\"PMIX_UINT32\",\"value\":4}"),
                    json::toString);

            Cli.Result missing = Cli.run("gds", "dump", "--dir", dir.toString(), "nope");
            assertEquals(1, missing.exit(), missing::toString);
            assertTrue(missing.err().contains("PMIX_ERR_INVALID_NAMESPACE") && missing.err().contains("nope"), missing::toString);
        }
    }

    @Test
    void shouldGenerateABashCompletionScript() {
        Cli.Result r = Cli.run("generate-completion");
        assertEquals(0, r.exit(), r::toString);
        assertTrue(r.out().contains("complete -F") && r.out().contains("jpmix"), r::toString);
    }

    @Test
    void shouldRunAsItsOwnProcessWithMeaningfulExitCodes() throws Exception {
        Cli.Result ok = Cli.process("n1,n2\n", "regex", "generate", "nodes");
        assertEquals(0, ok.exit(), ok::toString);
        assertEquals("pmix[n[1:1-2]]\n", ok.out());
        Cli.Result usage = Cli.process("", "regex", "generate");
        assertEquals(2, usage.exit(), usage::toString);
        assertTrue(usage.err().contains("Missing required parameter"), usage::toString);
    }
}
