package io.github.jpmix.tool;

import static io.github.jpmix.tool.ToolTestSupport.HOST;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.tool.ToolTestSupport.ServerProcess;
import io.github.jpmix.tool.cli.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tool trusts a rendezvous file, and the socket a JPMIx file names, only when owned by the tool's
 * user or root in a directory others cannot change ({@code docs/tools.md}, "Trust"). Another real user
 * ({@link OtherUser}) listens on a socket of its own and plants files naming it; the tool (root, here)
 * lists them as not trusted with the reason and never connects to that socket, which counts every
 * connection; only a URI given outright reaches it.
 *
 * <pre>
 * root/                 0755 root: server and system tmpdir of the search
 * root/evil/            0755 the other user's: its socket s.sock and its pmix.node0.tool.&lt;its pid&gt;
 * root/pmix.node0.tool.listener   root's file naming the other user's socket
 * root/open/            0777 root, not sticky: root's file naming a live JPMIx server
 * root/sticky/          1777 root, like /tmp: a live JPMIx server's files, and one the other user planted
 * </pre>
 */
class ToolTrustProcessTest {
    /** Listens on a Unix socket as the other user, writes its rendezvous file, prints ACCEPTED per connection. */
    private static final String LISTENER = String.join("\n",
            "import os, socket, sys, time",
            "path, rndz = sys.argv[1], sys.argv[2]",
            "s = socket.socket(socket.AF_UNIX)",
            "s.bind(path)",
            "os.chmod(path, 0o666)",
            "s.listen(8)",
            "uri = 'evil.0;unix:' + path",
            "with open(rndz, 'w') as f:",
            "    f.write(uri + '\\n4.2.2\\n' + str(os.getpid()) + '\\n' + str(os.getuid()) + ':' + str(os.getgid())",
            "            + '\\n' + time.ctime() + '\\n\\n')",
            "print('READY', os.getpid(), flush=True)",
            "while True:",
            "    c, _ = s.accept()",
            "    print('ACCEPTED', flush=True)",
            "    c.close()");

    @TempDir
    Path root;

    @Test
    void shouldSkipAnotherUsersFilesAndSocketsWithAReasonAndNeverConnectToThem() throws Exception {
        OtherUser other = OtherUser.get();
        ToolTestSupport.chmod(root, "rwxr-xr-x");
        Path evil = other.mkdir(root.resolve("evil"));
        Path open = Files.createDirectory(root.resolve("open"));
        ToolTestSupport.chmod(open, "rwxrwxrwx");
        Path sticky = Files.createDirectory(root.resolve("sticky"));
        assertEquals(0, new ProcessBuilder("chmod", "1777", sticky.toString()).start().waitFor());

        Path socket = evil.resolve("s.sock");
        Path script = Files.writeString(root.resolve("listener.py"), LISTENER);
        ToolTestSupport.chmod(script, "rw-r--r--");
        try (OtherUser.Running listener = other.start("/usr/bin/python3", script.toString(), socket.toString(),
                evil.resolve("pmix." + HOST + ".tool.listener").toString());
                ServerProcess srv = ServerProcess.started("--tool", "--server-tmpdir", sticky.toString(),
                        "--system-tmpdir", root.toString(), "--nspace", "srv")) {
            String ready = listener.next(60);
            assertTrue(ready.startsWith("READY "), ready);
            String evilUri = "evil.0;unix:" + socket;
            // root's file naming the other user's socket, and the other user's file in the sticky directory
            Path rootsFile = Files.writeString(root.resolve("pmix." + HOST + ".tool.listener"),
                    ToolTestSupport.rendezvousText(evilUri, listener.process.pid()));
            ToolTestSupport.chmod(rootsFile, "rw-------");
            other.write(sticky.resolve("pmix." + HOST + ".tool.planted"), ToolTestSupport.rendezvousText(evilUri,
                    listener.process.pid()));
            // root's file in a directory anyone may write, naming the live server
            Path openFile = Files.writeString(open.resolve("pmix." + HOST + ".tool.open"),
                    ToolTestSupport.rendezvousText(srv.toolUri, srv.pid));
            ToolTestSupport.chmod(openFile, "rw-------");

            ToolOptions o = new ToolOptions().hostname(HOST).serverTmpdir(root).systemTmpdir(root);
            Map<Path, ServerEntry> seen = null;
            long searchMicros = 0;
            for (int round = 0; round < 3; round++) { // the last one warm
                long t0 = System.nanoTime();
                seen = PmixTool.servers(o).stream().collect(Collectors.toMap(ServerEntry::path, Function.identity()));
                searchMicros = (System.nanoTime() - t0) / 1000;
            }
            String all = seen.values().toString();
            String owner = "uid " + other.uid + ", neither this tool's user (uid 0) nor root";
            assertProblem(seen.get(evil.resolve("pmix." + HOST + ".tool.listener")), "not trusted: owned by " + owner, all);
            assertProblem(seen.get(rootsFile), "not trusted: its socket " + socket + " is owned by " + owner, all);
            assertProblem(seen.get(sticky.resolve("pmix." + HOST + ".tool.planted")), "not trusted: owned by " + owner, all);
            assertProblem(seen.get(openFile), "not trusted: its directory " + open + " may be written by others (mode 777)", all);
            for (Path f : srv.files) {
                assertEquals(ServerEntry.State.LIVE, seen.get(f).state(), all); // in the sticky directory, like /tmp
            }
            System.out.println("search of " + seen.size() + " files, 4 not trusted (warm): " + searchMicros + " us");

            // no direction: the one trusted server, not an ambiguity with the planted ones
            try (PmixTool tool = PmixTool.connect(o)) {
                assertEquals("srv", tool.serverProc().orElseThrow().namespace());
            }
            // asked for by its pid: skipped with the reason, never connected to
            PmixException byPid = assertThrows(PmixException.class, () -> PmixTool.connect(new ToolOptions().hostname(HOST)
                    .serverTmpdir(evil).systemTmpdir(evil).serverNamespace("listener")));
            assertEquals(Status.ERR_UNREACH, byPid.status(), byPid::getMessage);
            assertTrue(byPid.getMessage().contains("not trusted: owned by uid " + other.uid), byPid::getMessage);
            // named as an attachment file: PMIX_ERR_NO_PERMISSIONS, saying how to connect anyway
            PmixException attached = assertThrows(PmixException.class,
                    () -> PmixTool.connect(new ToolOptions().hostname(HOST).attachmentFile(rootsFile)));
            assertEquals(Status.ERR_NO_PERMISSIONS, attached.status(), attached::getMessage);
            assertTrue(attached.getMessage().contains("give the URI it names with --uri"), attached::getMessage);

            // jpmix servers shows the live server only; -v adds every skipped file with its reason
            String[] where = {"--tmpdir", root.toString(), "--system-tmpdir", root.toString(), "--hostname", HOST};
            Cli.Result plain = Cli.run(args("servers", where));
            assertEquals(0, plain.exit(), plain::toString);
            assertTrue(plain.out().contains("4 skipped") && !plain.out().contains("not trusted: "), plain::toString);
            Cli.Result verbose = Cli.run(args("servers", where, "-v"));
            assertEquals(4, verbose.out().lines().filter(l -> l.contains("not trusted: ")).count(), verbose::toString);
            System.out.println("jpmix servers -v:\n" + verbose.out());

            assertTrue(listener.lines.stream().noneMatch(l -> l.equals("ACCEPTED")), listener.lines::toString);
            // a URI given outright is the user's choice: that does reach the socket (and fails, it is no server)
            PmixException outright = assertThrows(PmixException.class,
                    () -> PmixTool.connect(new ToolOptions().hostname(HOST).serverUri(evilUri)));
            assertEquals("ACCEPTED", listener.next(30), outright::getMessage);
            assertTrue(listener.lines.isEmpty(), listener.lines::toString);
        }
    }

    private static void assertProblem(ServerEntry e, String problem, String all) {
        assertTrue(e != null, "not listed; listed: " + all);
        assertEquals(ServerEntry.State.UNREADABLE, e.state(), e::toString);
        assertTrue(e.problem().startsWith(problem), e::toString);
    }

    private static String[] args(String command, String[] where, String... more) {
        List<String> a = new ArrayList<>();
        a.add(command);
        a.addAll(List.of(where));
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }
}
