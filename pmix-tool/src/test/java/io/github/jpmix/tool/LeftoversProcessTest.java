package io.github.jpmix.tool;

import static io.github.jpmix.tool.ToolTestSupport.HOST;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.internal.transport.Leftovers;
import io.github.jpmix.common.internal.transport.ServerUri;
import io.github.jpmix.tool.ToolTestSupport.ServerProcess;
import io.github.jpmix.tool.cli.Cli;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a SIGKILLed server leaves (its session directory, its tool directory, three rendezvous files)
 * is removed by the next server's start and by {@code jpmix clean}, never what belongs to a live
 * server, to another user, or to another process that now has the dead server's pid
 * ({@code docs/tools.md}, "Leftovers of dead servers"). The servers are real JVMs.
 */
class LeftoversProcessTest {
    @TempDir
    Path dir;

    private String[] server(String nspace) {
        return new String[] {"--tool", "--server-tmpdir", dir.toString(), "--system-tmpdir", dir.toString(), "--nspace", nspace};
    }

    /** The session directory, the tool directory and the rendezvous files of a server. */
    private static List<Path> filesOf(ServerProcess s) {
        Path session = ServerUri.socket(s.uri).getParent();
        List<Path> all = new ArrayList<>(List.of(session, ServerUri.socket(s.toolUri).getParent()));
        all.addAll(s.files);
        return all;
    }

    private List<String> names() throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void shouldHaveTheNextServerRemoveAKilledServersFiles() throws Exception {
        ServerProcess dead = ServerProcess.started(server("dead"));
        List<Path> left = filesOf(dead);
        assertEquals(5, left.size(), left::toString);
        dead.kill();
        for (Path p : left) {
            assertTrue(Files.exists(p, LinkOption.NOFOLLOW_LINKS), p + " gone already: " + names());
        }
        Path foreign = null;
        try {
            OtherUser other = OtherUser.get();
            // another user's dead server, as it would be: its session directory and a rendezvous file
            foreign = other.mkdir(dir.resolve("jpmix." + HOST + "." + ToolTestSupport.deadPid() + ".0"));
        } catch (org.opentest4j.TestAbortedException e) {
            // not root: the other user's part is shown where it can be
        }
        long t0 = System.nanoTime();
        try (ServerProcess next = ServerProcess.started(server("next"))) {
            long ms = (System.nanoTime() - t0) / 1_000_000;
            Path untagged = dir.resolve("pmix." + HOST + ".tool");
            for (Path p : left) {
                if (p.equals(untagged)) {
                    // reclaimed, then claimed by the next server
                    assertTrue(Files.readString(p).startsWith(next.toolUri + "\n"), p + " is still the dead server's");
                } else {
                    assertFalse(Files.exists(p, LinkOption.NOFOLLOW_LINKS), p + " is still there: " + names());
                }
            }
            for (Path p : filesOf(next)) {
                assertTrue(Files.exists(p), p + " of the live server: " + names());
            }
            if (foreign != null) {
                assertTrue(Files.isDirectory(foreign), "another user's directory was removed: " + names());
            }
            System.out.println("the next server's JVM, started to READY in " + ms + " ms, removed the killed server's "
                    + left.size() + " entries; left: " + names());
        }
    }

    @Test
    void shouldHaveJpmixCleanRemoveOnlyDeadServersFiles() throws Exception {
        try (ServerProcess live = ServerProcess.started(server("live"))) {
            ServerProcess dead = ServerProcess.started(server("dead"));
            List<Path> left = filesOf(dead);
            dead.kill();
            String[] where = {"--tmpdir", dir.toString(), "--system-tmpdir", dir.toString(), "--hostname", HOST};

            Cli.Result dry = Cli.run(args("clean", where, "-n", "-v"));
            assertEquals(0, dry.exit(), dry::toString);
            for (Path p : left) {
                assertTrue(dry.out().contains("would remove " + p + " ("), dry::toString);
                assertTrue(Files.exists(p, LinkOption.NOFOLLOW_LINKS), "a dry run removed " + p);
            }
            for (Path p : filesOf(live)) {
                assertTrue(dry.out().contains("kept " + p + " (") && !dry.out().contains("would remove " + p + " ("), dry::toString);
            }
            assertTrue(dry.out().contains("its server (pid " + live.pid + ") runs"), dry::toString);

            long t0 = System.nanoTime();
            Cli.Result clean = Cli.run(args("clean", where));
            long micros = (System.nanoTime() - t0) / 1000;
            assertEquals(0, clean.exit(), clean::toString);
            // the live server holds the untagged name: the dead one had two directories and two files
            assertEquals(4, left.size(), left::toString);
            assertTrue(clean.out().contains("removed 4, kept 5"), clean::toString);
            for (Path p : left) {
                assertFalse(Files.exists(p, LinkOption.NOFOLLOW_LINKS), p + ": " + clean);
            }
            try (PmixTool tool = PmixTool.connect(new ToolOptions().hostname(HOST).serverTmpdir(dir).systemTmpdir(dir))) {
                assertEquals("live", tool.serverProc().orElseThrow().namespace());
            }
            Cli.Result again = Cli.run(args("clean", where));
            assertTrue(again.out().startsWith("removed 0, kept 5"), again::toString);
            System.out.println("jpmix clean (in this JVM) took " + micros + " us:\n" + clean.out());
        }
    }

    /**
     * A pid that runs again is not its old server: a directory made before that process started, and a
     * rendezvous file whose start time is not that process's, are a dead server's. The rest stays:
     * another node's names, a file JPMIx did not write, a symbolic link, another user's entries.
     */
    @Test
    void shouldJudgeReusedPidsNamesAndOwners() throws Exception {
        Process sleeper = new ProcessBuilder("sleep", "120").start();
        try {
            long pid = sleeper.pid();
            long started = sleeper.info().startInstant().orElseThrow().toEpochMilli();
            long deadPid = ToolTestSupport.deadPid();
            Path reused = Files.createDirectory(dir.resolve("jpmix." + HOST + "." + pid + ".0"));
            Files.writeString(reused.resolve("server.sock"), "");
            Files.setLastModifiedTime(reused, FileTime.from(Instant.now().minusSeconds(3600)));
            Path current = Files.createDirectory(dir.resolve("jpmix." + HOST + "." + pid + ".1"));
            String uri = "srv.0;unix:" + dir.resolve("x.sock");
            Path wrongStart = Files.writeString(dir.resolve("pmix." + HOST + ".tool." + pid),
                    ToolTestSupport.rendezvousText(uri, pid) + "jpmix.start=" + (started - 3_600_000) + "\n");
            Path rightStart = Files.writeString(dir.resolve("pmix." + HOST + ".tool.right"),
                    ToolTestSupport.rendezvousText(uri, pid) + "jpmix.start=" + started + "\n");
            Path openPmix = Files.writeString(dir.resolve("pmix." + HOST + ".tool.openpmix"),
                    ToolTestSupport.rendezvousText("pmix-server.1;tcp4://127.0.0.1:1", deadPid));
            Path temporary = Files.writeString(dir.resolve(".pmix." + HOST + ".tool.tmp." + deadPid + ".3"), "x");
            Path otherNode = Files.createDirectory(dir.resolve("jpmix.node1." + deadPid + ".0"));
            Path link = Files.createSymbolicLink(dir.resolve("pmix." + HOST + ".tool.link"), wrongStart);
            List<Path> foreign = new ArrayList<>();
            try {
                OtherUser other = OtherUser.get();
                assertEquals(0, new ProcessBuilder("chmod", "1777", dir.toString()).start().waitFor());
                foreign.add(other.mkdir(dir.resolve("jpmix." + HOST + "." + deadPid + ".0")));
                foreign.add(other.write(dir.resolve("pmix." + HOST + ".tool." + deadPid),
                        ToolTestSupport.rendezvousText(uri, deadPid) + "jpmix.start=1\n"));
            } catch (org.opentest4j.TestAbortedException e) {
                // not root: no second user
            }
            // a dead pid, but a process holds the directory's socket (as after a clock step that makes a live
            // server look younger than its directory): kept, and so is a file naming that socket
            Path held = Files.createDirectory(dir.resolve("jpmix." + HOST + "." + deadPid + ".5"));
            java.nio.channels.ServerSocketChannel listening = java.nio.channels.ServerSocketChannel.open(java.net.StandardProtocolFamily.UNIX);
            listening.bind(java.net.UnixDomainSocketAddress.of(held.resolve("server.sock")));
            Path heldFile = Files.writeString(dir.resolve("pmix." + HOST + ".tool.held"), ToolTestSupport.rendezvousText(
                    "held.0;unix:" + held.resolve("server.sock"), deadPid) + "jpmix.start=1\n");
            // a busy tmpdir: 2000 entries that are none of JPMIx's business
            for (int i = 0; i < 2000; i++) {
                Files.writeString(dir.resolve("unrelated-" + i), "");
            }

            Leftovers.Report dry = Leftovers.reclaim(List.of(dir), HOST, true);
            long t0 = System.nanoTime();
            Leftovers.Report r = Leftovers.reclaim(List.of(dir), HOST, false);
            long micros = (System.nanoTime() - t0) / 1000;
            assertEquals(dry.removed(), r.removed());
            List<Path> removed = r.removed().stream().map(Leftovers.Entry::path).toList();
            assertEquals(List.of(temporary, reused, wrongStart), removed, r::toString);
            assertTrue(r.failed().isEmpty(), r::toString);
            for (Path p : List.of(current, rightStart, openPmix, otherNode, link, held, heldFile)) {
                assertTrue(Files.exists(p, LinkOption.NOFOLLOW_LINKS), p + " was removed");
            }
            for (Path p : foreign) {
                assertTrue(Files.exists(p), p + " was removed");
                assertTrue(r.kept().stream().anyMatch(e -> e.path().equals(p) && e.reason().startsWith("owned by uid ")), r::toString);
            }
            assertTrue(r.kept().stream().anyMatch(e -> e.path().equals(openPmix)
                    && e.reason().equals("not written by JPMIx (no jpmix.start line)")), r::toString);
            for (Path p : List.of(held, heldFile)) {
                assertTrue(r.kept().stream().anyMatch(e -> e.path().equals(p)
                        && e.reason().equals("a process holds its socket " + held.resolve("server.sock"))), r::toString);
            }
            assertTrue(r.kept().stream().anyMatch(e -> e.path().equals(current)
                    && e.reason().equals("its server (pid " + pid + ") runs")), r::toString);
            long rescan = Long.MAX_VALUE;
            for (int i = 0; i < 5; i++) {
                long t1 = System.nanoTime();
                assertTrue(Leftovers.reclaim(List.of(dir), HOST, false).removed().isEmpty());
                rescan = Math.min(rescan, (System.nanoTime() - t1) / 1000);
            }
            System.out.println("reclaim of a tmpdir with " + names().size() + " entries: " + micros + " us (best of 5 later"
                    + " scans that find nothing to remove: " + rescan + " us); removed "
                    + r.removed() + "; kept " + r.kept());
            listening.close(); // the process lets go of the socket: now the pid decides, and it is dead
            assertEquals(List.of(held, heldFile), Leftovers.reclaim(List.of(dir), HOST, false).removed().stream()
                    .map(Leftovers.Entry::path).toList());
        } finally {
            sleeper.destroyForcibly();
            sleeper.waitFor(30, TimeUnit.SECONDS);
        }
    }

    private static String[] args(String command, String[] where, String... more) {
        List<String> a = new ArrayList<>();
        a.add(command);
        a.addAll(List.of(where));
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }
}
