package io.github.jpmix.tool;

import static io.github.jpmix.tool.ToolTestSupport.HOST;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.Proc;
import io.github.jpmix.common.internal.transport.RendezvousFile;
import io.github.jpmix.tool.ToolTestSupport.ServerProcess;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The life of rendezvous files with real server JVMs: one system server per node, taken over after
 * its holder is SIGKILLed; files removed on close and by the shutdown hook; stale files of dead
 * processes taken over by the next server owning the name; foreign files never deleted.
 */
class RendezvousLifecycleProcessTest {
    @TempDir
    Path root;

    private ToolOptions options(Path sys, Path session) {
        return new ToolOptions().hostname(HOST).systemTmpdir(sys).serverTmpdir(session);
    }

    @Test
    void shouldAllowOneSystemServerAndTakeOverAfterItsHolderWasKilled() throws Exception {
        Files.createDirectories(root.resolve("s1"));
        Files.createDirectories(root.resolve("s2"));
        Path sysFile = root.resolve(RendezvousFile.systemName(HOST));
        try (ServerProcess first = ServerProcess.started("--system", "--system-tmpdir", root.toString(),
                "--server-tmpdir", root.resolve("s1").toString(), "--nspace", "first")) {
            assertEquals(List.of(sysFile), first.files);

            try (ServerProcess second = ServerProcess.start("--system", "--system-tmpdir", root.toString(),
                    "--server-tmpdir", root.resolve("s2").toString(), "--nspace", "second")) {
                assertFalse(second.awaitReady(), "a second system server started: " + second.lines);
                assertTrue(second.error.startsWith("ERROR PMIX_ERR_EXISTS"), second.error);
                assertTrue(second.error.contains("cannot be the system-level server of " + HOST), second.error);
                assertTrue(second.error.contains("live server pid " + first.pid), second.error);
                assertEquals(3, second.awaitExit());
            }
            assertEquals(first.pid, RendezvousFile.read(sysFile).pid(), "the refused server left the file alone");

            first.kill(); // SIGKILL: no hook runs, the file stays behind
            assertTrue(Files.exists(sysFile));
            ServerEntry stale = PmixTool.servers(options(root, root.resolve("s1"))).get(0);
            assertEquals(ServerEntry.State.STALE, stale.state());
            assertEquals(first.pid, stale.pid());
        }
        try (ServerProcess second = ServerProcess.started("--system", "--system-tmpdir", root.toString(),
                "--server-tmpdir", root.resolve("s2").toString(), "--nspace", "second")) {
            assertEquals(second.pid, RendezvousFile.read(sysFile).pid(), "the stale file was taken over");
            try (PmixTool tool = PmixTool.connect(options(root, root).connectToSystem(true))) {
                assertEquals(new Proc("second", 0), tool.serverProc().orElseThrow());
            }
            assertEquals(0, second.closeServer());
        }
        assertFalse(Files.exists(sysFile), "close() removes the system file");
        try (var left = Files.list(root)) {
            assertEquals(Set.of("s1", "s2"), Set.copyOf(left.map(p -> p.getFileName().toString())
                    .filter(n -> !n.startsWith("jpmix.")).toList()), "nothing else left in the system tmpdir");
        }
    }

    @Test
    void shouldRemoveOnlyItsOwnFilesOnCloseAndLeaveForeignOnes() throws Exception {
        Path d = Files.createDirectories(root.resolve("d"));
        // a file with the untagged name that is not a rendezvous file: skipped, never touched
        Path untagged = d.resolve(RendezvousFile.sessionName(HOST));
        byte[] foreignBytes = "somebody else's notes\n".getBytes(StandardCharsets.UTF_8);
        Files.write(untagged, foreignBytes);
        try (ServerProcess srv = ServerProcess.started("--tool", "--server-tmpdir", d.toString(),
                "--system-tmpdir", root.toString(), "--nspace", "srvD")) {
            Path pidFile = d.resolve(RendezvousFile.pidName(HOST, srv.pid));
            Path nsFile = d.resolve(RendezvousFile.nspaceName(HOST, "srvD"));
            assertEquals(Set.of(pidFile, nsFile), Set.copyOf(srv.files));
            assertArrayEquals(foreignBytes, Files.readAllBytes(untagged));
            // somebody replaces the namespace file while the server runs: on close it is not the server's
            Files.delete(nsFile);
            Files.writeString(nsFile, ToolTestSupport.rendezvousText("other.0;unix:/nowhere/x.sock", 1));
            assertEquals(0, srv.closeServer());
            assertFalse(Files.exists(pidFile), "its own file is removed on close");
            assertTrue(Files.exists(nsFile), "a file that replaced its own is not removed");
            assertEquals("other.0;unix:/nowhere/x.sock", RendezvousFile.read(nsFile).uri());
            assertArrayEquals(foreignBytes, Files.readAllBytes(untagged));
        }
    }

    @Test
    void shouldTakeOverStaleFilesAndRemoveItsOwnInTheShutdownHook() throws Exception {
        Path e = Files.createDirectories(root.resolve("e"));
        long dead = ToolTestSupport.deadPid();
        Path untagged = e.resolve(RendezvousFile.sessionName(HOST));
        Path nsFile = e.resolve(RendezvousFile.nspaceName(HOST, "srvE"));
        Files.writeString(untagged, ToolTestSupport.rendezvousText("ghost.0;unix:/nowhere/g.sock", dead));
        Files.writeString(nsFile, ToolTestSupport.rendezvousText("ghost.0;unix:/nowhere/g.sock", dead));
        try (ServerProcess srv = ServerProcess.started("--tool", "--server-tmpdir", e.toString(),
                "--system-tmpdir", root.toString(), "--nspace", "srvE")) {
            Path pidFile = e.resolve(RendezvousFile.pidName(HOST, srv.pid));
            assertEquals(Set.of(pidFile, nsFile, untagged), Set.copyOf(srv.files));
            assertEquals(srv.pid, RendezvousFile.read(untagged).pid(), "the stale untagged file was taken over");
            assertEquals(srv.pid, RendezvousFile.read(nsFile).pid(), "the stale namespace file was taken over");
            try (PmixTool tool = PmixTool.connect(options(e, e))) {
                assertEquals(new Proc("srvE", 0), tool.serverProc().orElseThrow());
            }
            assertEquals(0, srv.exitWithoutClose()); // System.exit without close(): the shutdown hook cleans up
            for (Path f : srv.files) {
                assertFalse(Files.exists(f), f + " left after a normal JVM exit");
            }
        }
        try (var left = Files.list(e)) {
            assertEquals(List.of(), left.toList(), "the session and tool directories are gone too");
        }
    }
}
