package io.github.jpmix.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.ProcInfo;
import io.github.jpmix.common.ProcState;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.QueryResults;
import io.github.jpmix.common.Status;
import io.github.jpmix.testing.NativePrograms;
import io.github.jpmix.tool.cli.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code PmixTool} and {@code jpmix} against a host on the installed OpenPMIx 4.2.2 server library
 * ({@code pmix-client/src/test/c/pmix_host.c} with {@code --tool}: rendezvous files
 * {@code pmix.sys.<host>}, {@code pmix.<host>.tool}, {@code .tool.<pid>}, {@code .tool.pmix-server} in its
 * tmpdir) running a job of two C ranks ({@code pmix_client hang}): the tool finds the host through those
 * files, connects with OpenPMIx's tool handshake and lists the job's processes; files another user could
 * have planted are not trusted.
 */
class OpenPmixToolTest {
    @TempDir
    static Path tmp;
    static Path dir;
    static String hostname;
    static Process host;
    /** The ranks' pids, by rank. */
    static final List<Long> ranks = new ArrayList<>();
    static Path executable;

    @BeforeAll
    static void startHost() throws Exception {
        Path bin = Files.createDirectory(tmp.resolve("bin"));
        Path pmixHost = NativePrograms.pmix("pmix-client/src/test/c/pmix_host.c", bin);
        executable = NativePrograms.pmix("pmix-server/src/test/c/pmix_client.c", bin);
        dir = Files.createDirectory(tmp.resolve("host"));
        Path out = tmp.resolve("job.out");
        host = new ProcessBuilder(pmixHost.toString(), "-n", "2", "--gds", "hash", "--tool", "--tmpdir", dir.toString(),
                "--timeout", "300", "--", executable.toString(), "hang")
                .redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (ranks.size() < 2) {
            ranks.clear();
            Long[] byRank = new Long[2];
            for (String l : Files.readAllLines(out)) {
                if (l.startsWith("READY ")) { // READY <rank> <pid> hang
                    String[] f = l.split(" ");
                    byRank[Integer.parseInt(f[1])] = Long.parseLong(f[2]);
                }
            }
            if (byRank[0] != null && byRank[1] != null) {
                ranks.addAll(List.of(byRank));
            }
            if (System.nanoTime() > deadline || !host.isAlive()) {
                throw new AssertionError("pmix_host's job did not start: " + Files.readString(out));
            }
            Thread.sleep(20);
        }
        try (Stream<Path> files = Files.list(dir)) {
            // pmix.sys.<host>: the name pmix_host's gethostname() gave (JPMIx's default may be the FQDN)
            hostname = files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("pmix.sys."))
                    .map(n -> n.substring("pmix.sys.".length())).findFirst().orElseThrow();
        }
    }

    @AfterAll
    static void stopHost() throws Exception {
        if (host != null) {
            host.destroyForcibly();
            host.waitFor(10, TimeUnit.SECONDS);
        }
        // the ranks end by themselves once their server is gone (pmix_client hang); never leave one behind
        for (long pid : ranks) {
            ProcessHandle.of(pid).ifPresent(p -> {
                try {
                    p.onExit().get(10, TimeUnit.SECONDS);
                } catch (Exception e) {
                    p.destroyForcibly();
                }
            });
        }
    }

    private static ToolOptions options() {
        return new ToolOptions().serverTmpdir(dir).systemTmpdir(dir).hostname(hostname);
    }

    private static Cli.Result jpmix(String... args) {
        List<String> a = new ArrayList<>(List.of(args));
        a.addAll(List.of("--tmpdir", dir.toString(), "--system-tmpdir", dir.toString(), "--hostname", hostname));
        return Cli.run(a.toArray(String[]::new));
    }

    @Test
    void shouldListTheOpenPmixHostsRendezvousFiles() {
        List<ServerEntry> seen = PmixTool.servers(options());
        assertEquals(4, seen.size(), seen::toString);
        for (ServerEntry e : seen) {
            assertEquals(ServerEntry.State.LIVE, e.state(), e::toString);
            assertTrue(e.isOpenPmix(), e::toString);
            assertEquals(host.pid(), e.pid(), e::toString);
            assertEquals("pmix-server", e.nspace(), e::toString);
        }
        assertEquals(ServerEntry.Kind.SYSTEM, seen.get(0).kind());
        Cli.Result servers = jpmix("servers");
        assertEquals(0, servers.exit(), servers::toString);
        assertEquals(4, servers.out().lines().filter(l -> l.matches("(system|session) +live +" + host.pid() + " +pmix-server +openpmix .*"))
                .count(), servers::toString);
    }

    /** {@code jpmix ps}: the host answers {@code PMIX_QUERY_NAMESPACES} and the job's proc table. */
    @Test
    void shouldShowTheProcessesOfTheHostsJob() {
        Cli.Result ps = jpmix("ps");
        assertEquals(0, ps.exit(), ps::toString);
        for (int r = 0; r < 2; r++) {
            String row = "pmix-host-" + host.pid() + " +" + r + " +" + ranks.get(r) + " +running +- +" + hostname + " +"
                    + java.util.regex.Pattern.quote(executable.toString());
            assertTrue(ps.out().lines().anyMatch(l -> l.matches(row)), row + "\n" + ps);
        }
        Cli.Result json = jpmix("ps", "--json");
        assertEquals(0, json.exit(), json::toString);
        assertTrue(json.out().contains("\"pid\":" + ranks.get(1)), json::toString);
        Cli.Result query = jpmix("query", "PMIX_QUERY_NAMESPACES");
        assertEquals(0, query.exit(), query::toString);
        assertTrue(query.out().contains("pmix-host-" + host.pid()), query::toString);
    }

    /**
     * OpenPMIx's tool handshake: without an identity the host names the tool ({@code pmix_host}: its
     * job's namespace + {@code -tool-<k>}, rank 0); with one ({@code PMIX_TOOL_NSPACE}/{@code _RANK}) it keeps it.
     */
    @Test
    void shouldConnectWithOpenPmixsToolHandshake() {
        try (PmixTool tool = PmixTool.connect(options())) {
            assertTrue(tool.proc().namespace().startsWith("pmix-host-" + host.pid() + "-tool-"), tool::toString);
            assertEquals(0, tool.proc().rank());
            assertEquals(new Proc("pmix-server", (int) host.pid()), tool.serverProc().orElseThrow());
            QueryResults r = tool.query(List.of(Query.qualified(Keys.QUERY_PROC_TABLE.name(),
                    Info.of(Keys.NSPACE, "pmix-host-" + host.pid()))));
            List<ProcInfo> table = r.value(0).orElseThrow().asDataArray().elements(ProcInfo.class);
            assertEquals(2, table.size(), table::toString);
            assertEquals(ranks.get(0).intValue(), table.get(0).pid());
            assertEquals(ProcState.RUNNING, table.get(0).state());
            PmixException e = assertThrows(PmixException.class, () -> tool.query(List.of(Query.of("pmix.qry.nothing"))));
            assertEquals(Status.ERR_NOT_FOUND, e.status());
        }
        try (PmixTool tool = PmixTool.connect(options().toolProc(new Proc("my.tool", 3)))) {
            assertEquals(new Proc("my.tool", 3), tool.proc());
            assertTrue(tool.query(List.of(Query.of(Keys.QUERY_NAMESPACES.name()))).isComplete());
        }
    }

    /**
     * Another user can listen on a loopback port as well as the host: an OpenPMIx rendezvous file in a
     * directory others may write, or owned by another user than the tool's or root, is listed as not
     * trusted and never connected to.
     */
    @Test
    void shouldNotTrustFilesOthersCouldHavePlanted() throws IOException {
        Path open = Files.createDirectory(tmp.resolve("open"));
        Files.copy(dir.resolve("pmix.sys." + hostname), open.resolve("pmix.sys." + hostname), StandardCopyOption.COPY_ATTRIBUTES);
        ToolTestSupport.chmod(open, "rwxrwxrwx");
        ToolOptions o = new ToolOptions().serverTmpdir(open).systemTmpdir(open).hostname(hostname);
        ServerEntry e = PmixTool.servers(o).get(0);
        assertEquals(ServerEntry.State.UNREADABLE, e.state(), e::toString);
        assertTrue(e.problem().contains("may be written by others (mode 777)"), e::toString);
        PmixException refused = assertThrows(PmixException.class, () -> PmixTool.connect(o.connectToSystem(true)));
        assertEquals(Status.ERR_UNREACH, refused.status(), refused::getMessage);

        assumeTrue(ToolTestSupport.isRoot(), "giving a file to another user needs root");
        Path other = Files.createDirectory(tmp.resolve("other"));
        Path f = Files.copy(dir.resolve("pmix.sys." + hostname), other.resolve("pmix.sys." + hostname));
        Files.setAttribute(f, "unix:uid", 65534);
        ServerEntry foreign = PmixTool.servers(new ToolOptions().serverTmpdir(other).systemTmpdir(other).hostname(hostname)).get(0);
        assertEquals(ServerEntry.State.UNREADABLE, foreign.state(), foreign::toString);
        assertTrue(foreign.problem().contains("owned by uid 65534"), foreign::toString);
        PmixException viaFile = assertThrows(PmixException.class, () -> PmixTool.connect(new ToolOptions().attachmentFile(f)));
        assertEquals(Status.ERR_NO_PERMISSIONS, viaFile.status(), viaFile::getMessage);
    }
}
