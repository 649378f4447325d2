package io.github.jpmix.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.tool.cli.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The connection options of {@code jpmix} (--pid, --nspace, --uri, --system, --tmpdir) against two
 * live session servers, each in its own JVM, and a stale file: the command line follows
 * {@link PmixTool#connect}'s search (docs/tools.md) and says what it found.
 */
class CliServerSelectionTest {
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
    void shouldListPickAndRefuseToGuessBetweenServers() throws Exception {
        try (ToolTestSupport.ServerProcess a = ToolTestSupport.ServerProcess.started("--server-tmpdir", sessions.toString(),
                "--system-tmpdir", system.toString(), "--tool", "--nspace", "srvA");
                ToolTestSupport.ServerProcess b = ToolTestSupport.ServerProcess.started("--server-tmpdir", sessions.toString(),
                        "--system-tmpdir", system.toString(), "--tool", "--nspace", "srvB")) {
            long dead = ToolTestSupport.deadPid();
            Path stale = sessions.resolve("pmix." + ToolTestSupport.HOST + ".tool." + dead);
            Files.writeString(stale, ToolTestSupport.rendezvousText(a.toolUri, dead));

            Cli.Result servers = jpmix("servers");
            assertEquals(0, servers.exit(), servers::toString);
            for (ToolTestSupport.ServerProcess s : List.of(a, b)) {
                assertTrue(servers.out().lines().anyMatch(l -> l.matches("session +live +" + s.pid + " +" + s.nspace
                        + " +jpmix +" + sessions.resolve("pmix." + ToolTestSupport.HOST + ".tool." + s.pid) + ".*")), servers::toString);
            }
            assertTrue(servers.out().lines().noneMatch(l -> l.contains(stale.toString())), servers::toString);
            assertTrue(servers.out().contains("1 skipped (stale, not trusted or unreadable)"), servers::toString);
            Cli.Result verbose = jpmix("servers", "-v");
            assertTrue(verbose.out().lines().anyMatch(l -> l.matches("session +stale +" + dead + " .*" + stale + " .*")),
                    verbose::toString);
            Cli.Result json = jpmix("servers", "--json");
            assertTrue(json.out().contains("{\"kind\":\"session\",\"state\":\"stale\",\"pid\":" + dead), json::toString);

            // two live session servers and no direction: refuse to guess, name both, say how to pick
            Cli.Result guess = jpmix("ps");
            assertEquals(3, guess.exit(), guess::toString);
            assertTrue(guess.err().contains("PMIX_ERR_UNREACH") && guess.err().contains(Long.toString(a.pid))
                    && guess.err().contains(Long.toString(b.pid)) && guess.err().contains("--pid"), guess::toString);

            Cli.Result byPid = jpmix("query", "--pid", Long.toString(b.pid), "PMIX_QUERY_AVAIL_SERVERS", "--json");
            assertEquals(0, byPid.exit(), byPid::toString);
            // the answering server lists itself first, then the node's other live servers
            String listed = byPid.out();
            assertTrue(listed.contains("\"srvB\"") && (!listed.contains("\"srvA\"")
                    || listed.indexOf("\"srvB\"") < listed.indexOf("\"srvA\"")), byPid::toString);
            Cli.Result byNspace = jpmix("ps", "--nspace", "srvA");
            assertEquals(0, byNspace.exit(), byNspace::toString);
            assertEquals("no processes: the server has no jobs\n", byNspace.out());
            Cli.Result byUri = jpmix("ps", "--uri", b.toolUri);
            assertEquals(0, byUri.exit(), byUri::toString);
            Cli.Result noSystem = jpmix("ps", "--system");
            assertEquals(3, noSystem.exit(), noSystem::toString);
        }
    }
}
