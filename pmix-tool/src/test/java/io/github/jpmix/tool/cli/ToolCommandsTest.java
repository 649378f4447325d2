package io.github.jpmix.tool.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.internal.JvmFlags;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server-facing {@code jpmix} commands against a real {@code pmixrun} job ({@code jpmix ps}
 * against a launcher running 4 processes shows 4 rows in state running/connected, then terminated
 * with exit codes after they end; a killed process shows as aborted/terminated without finalize),
 * run as a user runs them: arguments in, text or JSON and an exit code out.
 */
class ToolCommandsTest {
    @TempDir
    Path tmp;

    private Process launcher;

    @AfterEach
    void stopLauncher() throws InterruptedException {
        if (launcher != null && launcher.isAlive()) {
            launcher.descendants().forEach(ProcessHandle::destroyForcibly);
            launcher.destroyForcibly();
            launcher.waitFor(30, TimeUnit.SECONDS);
        }
    }

    /** {@code pmixrun -n 4 PsJobClient} with its server's files under {@link #tmp}; returns the control directory. */
    private Path startJob(int n) throws IOException, InterruptedException {
        Path control = Files.createDirectory(tmp.resolve("control"));
        List<String> cmd = new ArrayList<>(JvmFlags.javaCommand(List.of(), "io.github.jpmix.server.Launcher"));
        // the tests fail ranks on purpose and look at the job afterwards: it must run on past a failure
        cmd.addAll(List.of("--enable-recovery", "-n", Integer.toString(n), PsJobClient.class.getName(),
                control.toString()));
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectOutput(tmp.resolve("launcher.out").toFile())
                .redirectError(tmp.resolve("launcher.err").toFile());
        pb.environment().put("TMPDIR", tmp.toString());
        launcher = pb.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        for (int r = 0; r < n; r++) {
            while (!Files.exists(control.resolve("ready-" + r))) {
                if (!launcher.isAlive() || System.nanoTime() > deadline) {
                    throw new AssertionError("job not ready: " + Files.readString(tmp.resolve("launcher.err")));
                }
                Thread.sleep(50);
            }
        }
        return control;
    }

    private Cli.Result jpmix(String... args) {
        List<String> a = new ArrayList<>(List.of(args));
        a.addAll(List.of("--tmpdir", tmp.toString(), "--system-tmpdir", tmp.toString()));
        return Cli.run(a.toArray(String[]::new));
    }

    private static void go(Path control, int rank, String how) throws IOException {
        Files.writeString(control.resolve(".go-" + rank), how);
        Files.move(control.resolve(".go-" + rank), control.resolve("go-" + rank));
    }

    /** A regex matching output that holds this rank's proc-table entry in JSON. */
    private static String procJson(int rank, String exit, String state) {
        return "(?s).*\\{\"proc\":\\{\"nspace\":\"pmixrun\\.\\d+\",\"rank\":" + rank + "},\"hostname\":\"[^\"]+\","
                + "\"executable\":\"" + Pattern.quote(PsJobClient.class.getName()) + "\",\"pid\":\\d+,\"exitCode\":" + exit
                + ",\"state\":\"PMIX_PROC_STATE_" + state + "\"}.*";
    }

    private static String row(String out, int rank) {
        Matcher m = Pattern.compile("(?m)^pmixrun\\.\\d+ +" + rank + " .*$").matcher(out);
        assertTrue(m.find(), () -> "no row for rank " + rank + " in\n" + out);
        return m.group();
    }

    @Test
    void psShouldShowTheJobsProcessesThroughTheirLives() throws Exception {
        Path control = startJob(4);

        Cli.Result servers = jpmix("servers");
        assertEquals(0, servers.exit(), servers::toString);
        assertTrue(servers.out().lines().filter(l -> l.matches("session +live +" + launcher.pid() + " .*")).count() == 3,
                servers::toString); // pmix.<host>.tool, .tool.<pid>, .tool.<nspace>

        Cli.Result running = jpmix("ps");
        assertEquals(0, running.exit(), running::toString);
        assertTrue(running.out().startsWith("NSPACE "), running::toString);
        for (int r = 0; r < 4; r++) {
            String pid = Files.readString(control.resolve("ready-" + r));
            String row = row(running.out(), r);
            assertTrue(row.matches(".* " + pid + " +connected +- +\\S+ +" + Pattern.quote(PsJobClient.class.getName())),
                    () -> row + "\n" + running);
        }

        // rank 1 finalizes and exits 0, rank 2 exits 7 without finalizing, rank 3 is killed; rank 0 stays
        go(control, 1, "finalize 0");
        go(control, 2, "exit 7");
        long pid3 = Long.parseLong(Files.readString(control.resolve("ready-3")));
        ProcessHandle.of(pid3).orElseThrow().destroyForcibly();
        Cli.Result ended = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            ended = jpmix("ps", "--json");
            // the lost connection and the launcher's exit report arrive separately: wait for both of each rank
            String o = ended.out();
            if (o.matches(procJson(1, "0", "TERMINATED")) && o.matches(procJson(2, "7", "TERM_WO_SYNC"))
                    && o.matches(procJson(3, "137", "ABORTED_BY_SIG"))) {
                break;
            }
            Thread.sleep(200);
        }
        String json = ended.out();
        assertEquals(0, ended.exit(), ended::toString);
        assertTrue(json.matches(procJson(0, "null", "CONNECTED")), json);
        assertTrue(json.matches(procJson(1, "0", "TERMINATED")), json);
        assertTrue(json.matches(procJson(2, "7", "TERM_WO_SYNC")), json);
        assertTrue(json.matches(procJson(3, "137", "ABORTED_BY_SIG")), json); // 128 + SIGKILL
        Cli.Result text = jpmix("ps");
        assertTrue(row(text.out(), 2).matches(".* term_wo_sync +7 +\\S+ .*"), text::toString);
        assertTrue(row(text.out(), 3).matches(".* aborted_by_sig +137 +\\S+ .*"), text::toString);

        // queries a user would make of the same job
        String nspace = "pmixrun." + launcher.pid();
        Cli.Result ns = jpmix("query", "PMIX_QUERY_NAMESPACES");
        assertEquals(0, ns.exit(), ns::toString);
        assertTrue(ns.out().contains("pmix.qry.ns: PMIX_STRING:\"") && ns.out().contains(nspace), ns::toString);
        Cli.Result status = jpmix("query", "PMIX_QUERY_JOB_STATUS", "-q", "PMIX_NSPACE=" + nspace);
        assertEquals(0, status.exit(), status::toString);
        Cli.Result missing = jpmix("query", "PMIX_QUERY_PROC_TABLE");
        assertEquals(2, missing.exit(), missing::toString);
        assertTrue(missing.err().contains("PMIX_ERR_BAD_PARAM") && missing.err().contains("PMIX_NSPACE"), missing::toString);
        Cli.Result partial = jpmix("query", "PMIX_QUERY_NAMESPACES", "acme.no.such.key");
        assertEquals(4, partial.exit(), partial::toString);
        assertTrue(partial.out().contains("acme.no.such.key: not found"), partial::toString);
        Cli.Result unsupported = jpmix("query", "acme.no.such.key");
        assertEquals(1, unsupported.exit(), unsupported::toString);
        Cli.Result badValue = jpmix("query", "PMIX_QUERY_PROC_TABLE", "-q", "PMIX_RANK=lots");
        assertEquals(2, badValue.exit(), badValue::toString);
        assertTrue(badValue.err().contains("'lots'"), badValue::toString);
        Cli.Result bogus = jpmix("query", "PMIX_QUERY_PROC_TABLE", "-q", "PMIX_NSPACE=" + nspace, "-q", "BOGUS=1");
        assertEquals(2, bogus.exit(), bogus::toString);
        assertTrue(bogus.err().contains("unknown qualifier BOGUS"), bogus::toString);
        Cli.Result notTaken = jpmix("query", "PMIX_QUERY_PROC_TABLE", "-q", "PMIX_NSPACE=" + nspace, "-q", "PMIX_HOSTNAME=x");
        assertEquals(2, notTaken.exit(), notTaken::toString);
        assertTrue(notTaken.err().contains("PMIX_QUERY_PROC_TABLE does not take the qualifier PMIX_HOSTNAME (it takes "
                + "PMIX_NSPACE)"), notTaken::toString);
        // the proc table as a query prints what ps prints: no exit code for the running rank 0
        Cli.Result table = jpmix("query", "PMIX_QUERY_PROC_TABLE", "-q", "PMIX_NSPACE=" + nspace, "--json");
        assertEquals(0, table.exit(), table::toString);
        assertTrue(table.out().matches(procJson(0, "null", "CONNECTED")), table::toString);
        assertTrue(table.out().matches(procJson(2, "7", "TERM_WO_SYNC")), table::toString);

        // the job's stored data, found through the server the options pick
        Cli.Result dump = jpmix("gds", "dump", nspace);
        assertEquals(0, dump.exit(), dump::toString);
        assertTrue(dump.out().lines().anyMatch(l -> l.matches("job +- +pmix\\.job\\.size +PMIX_UINT32:4")), dump::toString);

        go(control, 0, "finalize 0");
        assertTrue(launcher.waitFor(60, TimeUnit.SECONDS));
        assertEquals(7, launcher.exitValue(), () -> "the job's exit code is its first failure's");

        Cli.Result gone = jpmix("ps");
        assertEquals(3, gone.exit(), gone::toString);
        assertTrue(gone.err().contains("PMIX_ERR_UNREACH"), gone::toString);
    }

    @Test
    void attrsShouldListWhatEachSideSupports() throws Exception {
        startJob(1);
        Cli.Result all = jpmix("attrs");
        assertEquals(0, all.exit(), all::toString);
        assertTrue(all.out().contains("CLIENT ATTRIBUTES") && all.out().contains("SERVER ATTRIBUTES"), all::toString);
        Cli.Result get = jpmix("attrs", "--client", "PMIx_Get");
        assertEquals(0, get.exit(), get::toString);
        assertTrue(get.out().contains("PMIx_Get:") && get.out().contains("PMIX_TIMEOUT"), get::toString);
        assertTrue(!get.out().contains("SERVER ATTRIBUTES"), get::toString);
        Cli.Result fns = jpmix("attrs", "--server", "--functions", "--json");
        assertEquals(0, fns.exit(), fns::toString);
        assertTrue(fns.out().startsWith("{\"server\":[") && fns.out().contains("\"PMIx_Query_info\""), fns::toString);
        Cli.Result tool = jpmix("attrs", "--tool", "PMIx_tool_init");
        assertTrue(tool.out().contains("TOOL ATTRIBUTES") && tool.out().contains("PMIX_SERVER_PIDINFO"), tool::toString);
        Cli.Result log = jpmix("attrs", "--host", "PMIx_Log");
        assertTrue(log.out().contains("PMIX_LOG_STDOUT"), log::toString);
    }

    @Test
    void withoutAServerEveryServerCommandExits3() {
        for (String command : List.of("ps", "query", "attrs")) {
            List<String> args = new ArrayList<>(List.of(command));
            if (command.equals("query")) {
                args.add("PMIX_QUERY_NAMESPACES");
            }
            Cli.Result r = jpmix(args.toArray(String[]::new));
            assertEquals(3, r.exit(), r::toString);
            assertTrue(r.err().startsWith("jpmix " + command + ": "), r::toString);
        }
        Cli.Result none = jpmix("servers");
        assertEquals(0, none.exit(), none::toString);
        assertEquals("no rendezvous files found\n", none.out());
    }
}
