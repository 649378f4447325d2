package io.github.jpmix.server.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.transport.RendezvousFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Claiming a rendezvous file name, taking over stale files, and removing only what was written. */
class PublishedFileTest {
    @TempDir
    Path tmp;

    private static RendezvousFile mine(String uri) {
        return RendezvousFile.forThisProcess(uri, "4.2.2", 0, 0);
    }

    private static String fileOf(long pid) {
        return "ghost.0;unix:/nowhere/g.sock\n4.2.2\n" + pid + "\n0:0\nSat Nov 22 05:27:00 2025\n\n";
    }

    private List<String> names() throws Exception {
        try (var s = Files.list(tmp)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static long deadPid() throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor(30, TimeUnit.SECONDS);
        return p.pid();
    }

    @Test
    void shouldPublishWholeWithItsModeAndNoLeftovers() throws Exception {
        Path session = tmp.resolve("pmix.n.tool.1");
        Path system = tmp.resolve("pmix.sys.n");
        RendezvousFile f = mine("srv.0;unix:/s");
        PublishedFile a = PublishedFile.publish(session, f, PublishedFile.OWNER_ONLY);
        PublishedFile b = PublishedFile.publish(system, f, PublishedFile.WORLD_READABLE);
        assertArrayEquals(f.toBytes(), Files.readAllBytes(session));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(session)));
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(system)));
        assertEquals(List.of("pmix.n.tool.1", "pmix.sys.n"), names());
        a.remove();
        b.remove();
        b.remove();
        assertEquals(List.of(), names());
    }

    /**
     * Many rounds of 8 threads claiming one name: a thread that reads the winner's file between its link
     * and its record as held must not judge it a dead writer's (the pid is this JVM's) and remove it.
     */
    @Test
    void shouldRefuseANameThisJvmHoldsAndLetExactlyOneOfManyClaimIt() throws Exception {
        Path p = tmp.resolve("pmix.sys.n");
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            for (int round = 0; round < 40; round++) {
                List<Future<PublishedFile>> claims = new ArrayList<>();
                for (int i = 0; i < 8; i++) {
                    String uri = "srv" + i + ".0;unix:/s";
                    claims.add(pool.submit((Callable<PublishedFile>) () -> PublishedFile.publish(p, mine(uri), PublishedFile.WORLD_READABLE)));
                }
                PublishedFile winner = null;
                int refused = 0;
                for (Future<PublishedFile> c : claims) {
                    try {
                        winner = c.get(30, TimeUnit.SECONDS);
                    } catch (java.util.concurrent.ExecutionException e) {
                        assertEquals(Status.ERR_EXISTS, ((PmixException) e.getCause()).status(), "round " + round + ": " + e.getCause());
                        refused++;
                    }
                }
                assertEquals(7, refused, "round " + round);
                assertTrue(winner != null && PublishedFile.isHeld(p));
                PmixException again = assertThrows(PmixException.class, () -> PublishedFile.publish(p, mine("x.0;unix:/s"), PublishedFile.WORLD_READABLE));
                assertTrue(again.getMessage().contains("live server pid " + ProcessHandle.current().pid()), again.getMessage());
                winner.remove();
                assertEquals(List.of(), names());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void shouldTakeOverAStaleFileButNotALiveOne() throws Exception {
        Path p = tmp.resolve("pmix.n.tool");
        Files.writeString(p, fileOf(deadPid()));
        PublishedFile f = PublishedFile.publish(p, mine("srv.0;unix:/s"), PublishedFile.OWNER_ONLY);
        assertEquals("srv.0;unix:/s", RendezvousFile.read(p).uri());
        f.remove();
        // a file naming this JVM's pid that this JVM does not hold: left by an earlier process with this pid
        Files.writeString(p, fileOf(ProcessHandle.current().pid()));
        PublishedFile.publish(p, mine("srv.0;unix:/s"), PublishedFile.OWNER_ONLY).remove();
        // pid 1 lives (and the file records no start time): not ours to take
        Files.writeString(p, fileOf(1));
        PmixException e = assertThrows(PmixException.class, () -> PublishedFile.publish(p, mine("srv.0;unix:/s"), PublishedFile.OWNER_ONLY));
        assertEquals(Status.ERR_EXISTS, e.status());
        assertEquals(fileOf(1), Files.readString(p));
        assertEquals(List.of("pmix.n.tool"), names());
    }

    @Test
    void shouldNeverTouchAFileThatIsNotARendezvousFile() throws Exception {
        Path garbage = tmp.resolve("pmix.sys.n");
        Files.writeString(garbage, "my notes\n");
        PmixException e = assertThrows(PmixException.class, () -> PublishedFile.publish(garbage, mine("s.0;unix:/s"), PublishedFile.WORLD_READABLE));
        assertEquals(Status.ERR_EXISTS, e.status());
        assertTrue(e.getMessage().contains("is not a rendezvous file"), e.getMessage());
        assertEquals("my notes\n", Files.readString(garbage));
        // a symbolic link with the name, even to a stale rendezvous file
        Path target = tmp.resolve("target");
        Files.writeString(target, fileOf(deadPid()));
        Path link = Files.createSymbolicLink(tmp.resolve("pmix.n.tool"), target);
        assertThrows(PmixException.class, () -> PublishedFile.publish(link, mine("s.0;unix:/s"), PublishedFile.OWNER_ONLY));
        assertTrue(Files.isSymbolicLink(link));
        assertTrue(Files.exists(target));
    }

    @Test
    void shouldRemoveOnlyTheFileItWrote() throws Exception {
        Path p = tmp.resolve("pmix.n.tool.7");
        PublishedFile f = PublishedFile.publish(p, mine("srv.0;unix:/s"), PublishedFile.OWNER_ONLY);
        byte[] same = Files.readAllBytes(p);
        // replaced by a new file with the very same bytes: another inode, not ours
        Files.delete(p);
        Files.write(p, same);
        f.remove();
        assertTrue(Files.exists(p));
        Files.delete(p);
        PublishedFile g = PublishedFile.publish(p, mine("srv.0;unix:/s"), PublishedFile.OWNER_ONLY);
        // rewritten in place: same inode, other bytes
        Files.write(p, "changed\n".getBytes(StandardCharsets.UTF_8));
        g.remove();
        assertEquals("changed\n", Files.readString(p));
        assertFalse(PublishedFile.isHeld(p));
    }
}
