package io.github.jpmix.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.tool.cli.Cli;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job's namespace picks the server that hosts it: two live session servers in their own JVMs, each
 * hosting one job; {@code --job}, {@code --nspace} given a job's namespace, and the job arguments of
 * {@code ps} and {@code gds dump} reach the right one, while {@code --server-nspace} still names a
 * server by its own namespace (docs/tools.md, "Server or job namespace").
 */
class CliJobSelectionTest {
    @TempDir
    Path sessions;

    @TempDir
    Path system;

    private Cli.Result jpmix(String... args) {
        List<String> a = new ArrayList<>(List.of(args));
        a.addAll(List.of("--tmpdir", sessions.toString(), "--system-tmpdir", system.toString(),
                "--hostname", ToolTestSupport.HOST));
        return Cli.run(a.toArray(String[]::new));
    }

    @Test
    void shouldPickTheServerHostingAJob() throws Exception {
        try (ToolTestSupport.ServerProcess a = ToolTestSupport.ServerProcess.started("--server-tmpdir", sessions.toString(),
                "--system-tmpdir", system.toString(), "--tool", "--allow-tools", "--nspace", "srvA", "--job", "jobA.1");
                ToolTestSupport.ServerProcess b = ToolTestSupport.ServerProcess.started("--server-tmpdir", sessions.toString(),
                        "--system-tmpdir", system.toString(), "--tool", "--allow-tools", "--nspace", "srvB", "--job", "jobB.2")) {
            Cli.Result byJob = jpmix("ps", "--job", "jobB.2");
            assertEquals(0, byJob.exit(), byJob::toString);
            assertTrue(byJob.out().contains("jobB.2") && !byJob.out().contains("jobA.1"), byJob::toString);
            Cli.Result whichServer = jpmix("query", "--job", "jobB.2", "PMIX_QUERY_AVAIL_SERVERS", "--json");
            assertTrue(whichServer.out().contains(Long.toString(b.pid)) && whichServer.out().contains("srvB"),
                    whichServer::toString);

            // --nspace is the server's namespace (PMIX_SERVER_NSPACE), also as --server-nspace ...
            Cli.Result byServer = jpmix("query", "--server-nspace", "srvA", "PMIX_QUERY_NAMESPACES");
            assertEquals(0, byServer.exit(), byServer::toString);
            assertTrue(byServer.out().contains("jobA.1") && !byServer.out().contains("jobB.2"), byServer::toString);
            // ... and, when no server has that namespace, a job's
            Cli.Result nspaceIsJob = jpmix("ps", "--nspace", "jobA.1");
            assertEquals(0, nspaceIsJob.exit(), nspaceIsJob::toString);
            assertTrue(nspaceIsJob.out().contains("jobA.1") && !nspaceIsJob.out().contains("jobB.2"), nspaceIsJob::toString);

            // no option: the job the command is about picks the server
            Cli.Result psJob = jpmix("ps", "jobA.1");
            assertEquals(0, psJob.exit(), psJob::toString);
            assertTrue(psJob.out().contains("jobA.1"), psJob::toString);
            Cli.Result dump = jpmix("gds", "dump", "jobB.2");
            assertEquals(0, dump.exit(), dump::toString);
            assertTrue(dump.out().lines().anyMatch(l -> l.matches("job +- +pmix\\.job\\.size +PMIX_UINT32:1")), dump::toString);
            Cli.Result query = jpmix("query", "PMIX_QUERY_PROC_TABLE", "-q", "PMIX_NSPACE=jobB.2");
            assertEquals(0, query.exit(), query::toString);

            // no server hosts it: not found; nothing names a job: still refuses to guess
            Cli.Result none = jpmix("ps", "--job", "jobC.3");
            assertEquals(1, none.exit(), none::toString);
            assertTrue(none.err().contains("PMIX_ERR_NOT_FOUND") || none.err().contains("no live PMIx server"), none::toString);
            Cli.Result guess = jpmix("ps");
            assertEquals(3, guess.exit(), guess::toString);
            Cli.Result both = jpmix("ps", "--job", "jobA.1", "--pid", Long.toString(a.pid));
            assertEquals(2, both.exit(), both::toString);
        }
    }
}
