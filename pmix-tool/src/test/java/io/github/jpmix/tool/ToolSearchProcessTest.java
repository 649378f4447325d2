package io.github.jpmix.tool;

import static io.github.jpmix.tool.ToolTestSupport.HOST;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.transport.PeerCredentials;
import io.github.jpmix.common.internal.transport.RendezvousFile;
import io.github.jpmix.tool.ToolTestSupport.ServerProcess;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * RFC0010's connection procedure against real servers, each in its own JVM: a system server and two
 * session servers in separate tmpdirs under one root ({@code docs/tools.md}):
 *
 * <pre>
 * root/               system tmpdir: pmix.sys.node0 (the system server "sys")
 * root/s/             the system server's own server tmpdir (no session files)
 * root/a/             pmix.node0.tool, pmix.node0.tool.&lt;pid A&gt;, pmix.node0.tool.srvA
 * root/b/             the same for srvB, whose host admits every tool
 * root/empty/         no rendezvous file: a system tmpdir without a system server
 * </pre>
 */
class ToolSearchProcessTest {
    @TempDir
    static Path root;
    static Path empty;
    static ServerProcess sys;
    static ServerProcess srvA;
    static ServerProcess srvB;

    @BeforeAll
    static void startServers() throws Exception {
        ToolTestSupport.chmod(root, "rwxr-xr-x"); // another user's tool must reach the servers' tool sockets
        for (String d : List.of("s", "a", "b", "empty")) {
            Files.createDirectories(root.resolve(d));
        }
        empty = root.resolve("empty");
        // start all three, then wait: the JVMs start in parallel
        sys = ServerProcess.start("--system", "--server-tmpdir", root.resolve("s").toString(),
                "--system-tmpdir", root.toString(), "--nspace", "sys");
        srvA = ServerProcess.start("--tool", "--server-tmpdir", root.resolve("a").toString(),
                "--system-tmpdir", root.toString(), "--nspace", "srvA");
        srvB = ServerProcess.start("--tool", "--allow-tools", "--server-tmpdir", root.resolve("b").toString(),
                "--system-tmpdir", root.toString(), "--nspace", "srvB");
        for (ServerProcess s : List.of(sys, srvA, srvB)) {
            assertTrue(s.awaitReady(), "server did not start: " + s.error + " " + s.lines);
        }
    }

    @AfterAll
    static void stopServers() throws Exception {
        for (ServerProcess s : new ServerProcess[] {sys, srvA, srvB}) {
            if (s != null) {
                s.close();
            }
        }
    }

    private static ToolOptions options() {
        return new ToolOptions().hostname(HOST);
    }

    private static Proc connectAndGetServer(ToolOptions o) {
        try (PmixTool tool = PmixTool.connect(o)) {
            return tool.serverProc().orElseThrow();
        }
    }

    @Test
    void shouldPublishTheFilesOpenPmixNamesWithTheirModes() throws Exception {
        assertEquals(List.of(root.resolve("pmix.sys." + HOST)), sys.files);
        assertEquals(Set.of(root.resolve("a/pmix.node0.tool." + srvA.pid), root.resolve("a/pmix.node0.tool.srvA"),
                root.resolve("a/pmix.node0.tool")), Set.copyOf(srvA.files));
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(sys.files.get(0))));
        for (Path f : srvA.files) {
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(f)), f.toString());
        }
        // OpenPMIx 4.2.2's lines: URI, version, pid, uid:gid, ctime (+ its newline); then JPMIx's start time
        List<String> lines = Files.readAllLines(root.resolve("a/pmix.node0.tool.srvA"), StandardCharsets.UTF_8);
        assertEquals(srvA.toolUri, lines.get(0));
        assertTrue(lines.get(0).startsWith("srvA.0;unix:/"), lines.get(0));
        assertEquals("4.2.2", lines.get(1));
        assertEquals(Long.toString(srvA.pid), lines.get(2));
        assertEquals(Integer.toUnsignedString(PeerCredentials.currentUid()) + ":"
                + Integer.toUnsignedString(PeerCredentials.currentGid()), lines.get(3));
        assertTrue(lines.get(4).matches("[A-Z][a-z]{2} [A-Z][a-z]{2} [ 123]\\d \\d\\d:\\d\\d:\\d\\d \\d{4}"), lines.get(4));
        assertEquals("", lines.get(5));
        assertTrue(lines.get(6).matches("jpmix\\.start=\\d+"), lines.get(6));
    }

    @Test
    void shouldPickTheSystemServerWhenNotDirected() {
        assertEquals(new Proc("sys", 0), connectAndGetServer(options().systemTmpdir(root).serverTmpdir(root)));
        // PMIX_CONNECT_TO_SYSTEM, and the list form of the options
        assertEquals(new Proc("sys", 0), connectAndGetServer(ToolOptions.fromInfo(List.of(
                io.github.jpmix.common.Info.flag(io.github.jpmix.common.Keys.CONNECT_TO_SYSTEM),
                io.github.jpmix.common.Info.of(io.github.jpmix.common.Keys.SYSTEM_TMPDIR, root.toString()),
                io.github.jpmix.common.Info.of(io.github.jpmix.common.Keys.HOSTNAME, HOST)))));
    }

    @Test
    void shouldListWhatAToolCanSee() {
        List<ServerEntry> all = PmixTool.servers(options().systemTmpdir(root).serverTmpdir(root));
        assertEquals(ServerEntry.Kind.SYSTEM, all.get(0).kind());
        assertEquals(ServerEntry.State.LIVE, all.get(0).state());
        assertEquals(sys.pid, all.get(0).pid());
        Set<String> sessions = all.stream().filter(e -> e.kind() == ServerEntry.Kind.SESSION)
                .map(e -> e.state() + " " + e.nspace() + " " + e.pid() + " " + root.relativize(e.path()))
                .collect(Collectors.toSet());
        assertEquals(Set.of(
                "LIVE srvA " + srvA.pid + " a/pmix.node0.tool", "LIVE srvA " + srvA.pid + " a/pmix.node0.tool." + srvA.pid,
                "LIVE srvA " + srvA.pid + " a/pmix.node0.tool.srvA",
                "LIVE srvB " + srvB.pid + " b/pmix.node0.tool", "LIVE srvB " + srvB.pid + " b/pmix.node0.tool." + srvB.pid,
                "LIVE srvB " + srvB.pid + " b/pmix.node0.tool.srvB"), sessions);
    }

    @Test
    void shouldRefuseToGuessBetweenTwoSessionServers() {
        PmixException e = assertThrows(PmixException.class,
                () -> PmixTool.connect(options().systemTmpdir(empty).serverTmpdir(root)));
        assertEquals(Status.ERR_UNREACH, e.status());
        String m = e.getMessage();
        assertTrue(m.contains("found 2 PMIx session servers"), m);
        assertTrue(m.contains("pid " + srvA.pid + " nspace srvA (" + root.resolve("a/pmix.node0.tool." + srvA.pid) + ")"), m);
        assertTrue(m.contains("pid " + srvB.pid + " nspace srvB (" + root.resolve("b/pmix.node0.tool." + srvB.pid) + ")"), m);
        assertTrue(m.contains("--pid, --nspace or --uri"), m);
    }

    @Test
    void shouldSelectASessionServerByItsExactPid() throws Exception {
        assertEquals(new Proc("srvB", 0), connectAndGetServer(options().systemTmpdir(empty).serverTmpdir(root).serverPid(srvB.pid)));
        // a pid is a direction: the system server is not tried first
        assertEquals(new Proc("srvA", 0), connectAndGetServer(options().systemTmpdir(root).serverTmpdir(root).serverPid(srvA.pid)));
        // OpenPMIx matches "pmix.<host>.tool.<pid>" as a prefix: a decoy named <pid A>0 that leads to srvB
        Path decoy = empty.resolve(RendezvousFile.pidName(HOST, srvA.pid) + "0");
        Files.copy(root.resolve("b/pmix.node0.tool." + srvB.pid), decoy);
        try {
            for (int i = 0; i < 3; i++) {
                assertEquals(new Proc("srvA", 0), connectAndGetServer(options().systemTmpdir(empty).serverTmpdir(root).serverPid(srvA.pid)));
            }
            // and a pid that is a prefix of srvA's finds nothing
            long prefix = srvA.pid / 10;
            PmixException e = assertThrows(PmixException.class,
                    () -> PmixTool.connect(options().systemTmpdir(empty).serverTmpdir(root).serverPid(prefix)));
            assertEquals(Status.ERR_UNREACH, e.status());
            assertTrue(e.getMessage().contains("no live session server with pid " + prefix), e.getMessage());
        } finally {
            Files.delete(decoy);
        }
    }

    @Test
    void shouldSelectASessionServerByItsExactNamespace() {
        assertEquals(new Proc("srvA", 0), connectAndGetServer(options().systemTmpdir(empty).serverTmpdir(root).serverNamespace("srvA")));
        assertEquals(new Proc("srvB", 0), connectAndGetServer(options().serverTmpdir(root).systemTmpdir(root).serverNamespace("srvB")));
        PmixException e = assertThrows(PmixException.class,
                () -> PmixTool.connect(options().systemTmpdir(empty).serverTmpdir(root).serverNamespace("srv")));
        assertEquals(Status.ERR_UNREACH, e.status());
        // pid and namespace must name the same server
        PmixException both = assertThrows(PmixException.class, () -> PmixTool.connect(
                options().systemTmpdir(empty).serverTmpdir(root).serverPid(srvA.pid).serverNamespace("srvB")));
        assertEquals(Status.ERR_UNREACH, both.status());
        assertTrue(both.getMessage().contains("names namespace srvA, not srvB"), both.getMessage());
    }

    @Test
    void shouldConnectByUriAndByAttachmentFile() {
        assertEquals(new Proc("srvA", 0), connectAndGetServer(options().serverUri(srvA.toolUri)));
        assertEquals(new Proc("srvB", 0), connectAndGetServer(options().attachmentFile(root.resolve("b/pmix.node0.tool.srvB"))));
        assertEquals(new Proc("sys", 0), connectAndGetServer(options().serverUri("file:" + root.resolve("pmix.sys." + HOST))));
        PmixException e = assertThrows(PmixException.class,
                () -> PmixTool.connect(options().attachmentFile(empty.resolve("pmix.node0.tool.none"))));
        assertEquals(Status.ERR_UNREACH, e.status());
    }

    @Test
    void shouldSkipStaleAndUnreadableFilesInsteadOfStopping() throws Exception {
        Path a = root.resolve("a");
        long dead = ToolTestSupport.deadPid();
        Path stale = a.resolve(RendezvousFile.pidName(HOST, dead));
        Files.writeString(stale, ToolTestSupport.rendezvousText("ghost.0;unix:" + a.resolve("ghost.sock"), dead));
        Path junk = a.resolve("pmix.node0.tool.junk");
        Files.write(junk, new byte[] {0, 1, 2, '\n', 'x'});
        Path noPid = a.resolve("pmix.node0.tool.nopid");
        Files.writeString(noPid, "ghost2.0;unix:/nonexistent/x.sock\n");
        try {
            // srvA is the only live session server there, whatever lies around
            assertEquals(new Proc("srvA", 0), connectAndGetServer(options().systemTmpdir(a).serverTmpdir(a)));
            List<ServerEntry> seen = PmixTool.servers(options().systemTmpdir(a).serverTmpdir(a));
            ServerEntry s = seen.stream().filter(x -> x.path().equals(stale)).findFirst().orElseThrow();
            assertEquals(ServerEntry.State.STALE, s.state());
            assertEquals(dead, s.pid());
            assertEquals("ghost", s.nspace());
            ServerEntry j = seen.stream().filter(x -> x.path().equals(junk)).findFirst().orElseThrow();
            assertEquals(ServerEntry.State.UNREADABLE, j.state());
            assertEquals(ServerEntry.State.UNREADABLE, seen.stream().filter(x -> x.path().equals(noPid)).findFirst().orElseThrow().state());
            // asked for by pid, the stale one is reported, not connected to
            PmixException e = assertThrows(PmixException.class,
                    () -> PmixTool.connect(options().systemTmpdir(a).serverTmpdir(a).serverPid(dead)));
            assertEquals(Status.ERR_UNREACH, e.status());
            assertTrue(e.getMessage().contains("is gone"), e.getMessage());
        } finally {
            Files.delete(stale);
            Files.delete(junk);
            Files.delete(noPid);
        }
    }

    @Test
    void shouldRefuseAnotherUsersToolUnlessTheHostAdmitsIt(@TempDir Path copy) throws Exception {
        assumeTrue(ToolTestSupport.isRoot(), "running a tool as another user needs root (setpriv); this JVM is not root");
        ToolTestSupport.chmod(copy, "rwxr-xr-x");
        // srvA's host has no toolConnected: only its own user (root) and root may connect
        String refused = ToolTestSupport.runToolAsNobody(copy, "uri=" + srvA.toolUri);
        assertTrue(refused.contains("ERROR PMIX_ERR_NO_PERMISSIONS"), refused);
        assertTrue(refused.contains("only the server's user (uid 0) and root may"), refused);
        // srvB's host admits every tool
        String admitted = ToolTestSupport.runToolAsNobody(copy, "uri=" + srvB.toolUri);
        assertTrue(admitted.contains("CONNECTED srvB.tool."), admitted);
        assertTrue(admitted.contains(" srvB:0"), admitted);
        assertTrue(admitted.contains("QUERY "), admitted);
        // searching, nobody reads only the system file (mode 0644); the session files are its owner's (0600)
        String searched = ToolTestSupport.runToolAsNobody(copy, "server-tmpdir=" + root, "system-tmpdir=" + root);
        assertTrue(searched.contains("ERROR PMIX_ERR_NO_PERMISSIONS"), searched);
        assertTrue(searched.contains("the system server"), searched);
    }
}
