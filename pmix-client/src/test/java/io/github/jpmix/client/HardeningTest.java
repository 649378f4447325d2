package io.github.jpmix.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.ProcState;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.protocol.MessageKeys;
import io.github.jpmix.common.internal.protocol.Messages;
import io.github.jpmix.common.internal.transport.Protocol;
import io.github.jpmix.common.internal.transport.RingFile;
import io.github.jpmix.common.internal.transport.ServerUri;
import io.github.jpmix.common.internal.transport.TransportConfig;
import io.github.jpmix.server.ServerOptions;
import io.github.jpmix.testing.Child;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a hostile neighbour, a full disk or oversized data does to a server, with real separate JVMs
 * and real sockets: one client's truncated ring file drops only that client; a full session file
 * system fails calls with a status and hangs nobody; hostile handshakes cost a bounded log line, no
 * memory and no stall of other clients' fences; the per-client limits fail the caller, not the job;
 * a client dropped for its heartbeat is told so. Measured figures are printed as {@code [harden] ...}.
 */
class HardeningTest {
    /** The longest log line one hostile message may cause (its formatted record). */
    static final int MAX_LOG_BYTES_PER_MESSAGE = 1024;

    @TempDir
    Path tmp;
    private TestHost host;
    private final List<Child> children = new ArrayList<>();

    @AfterEach
    void stop() {
        children.forEach(Child::close);
        if (host != null) {
            host.close();
        }
    }

    private TestHost host(UnaryOperator<ServerOptions> tune) {
        host = new TestHost(tmp, tune);
        return host;
    }

    private Child launch(Proc proc, String... args) throws IOException {
        Child c = host.launch(proc, Child.SMALL, HardeningScenarios.class, args);
        children.add(c);
        return c;
    }

    static void note(String what) {
        System.out.println("[harden] " + what);
    }

    // ---------------------------------------------------------------- faults on mapped files

    @Test
    void shouldDropOnlyTheClientWhoseRingFileIsTruncatedWhileTheOthersFence() throws Exception {
        host(o -> o);
        host.job("trunc", 4);
        List<Child> fencers = new ArrayList<>();
        for (int r = 0; r < 3; r++) {
            fencers.add(launch(new Proc("trunc", r), "fence-loop", "0,1,2", "1500"));
        }
        Child victim = launch(new Proc("trunc", 3), "fence-loop", "3", "0");
        for (Child c : fencers) {
            c.await("LOOPING", 60_000);
        }
        victim.await("LOOPING", 60_000);
        fencers.get(0).await("FENCES 100", 60_000);

        Path ring = ringOf(victim.pid());
        long cut = System.nanoTime();
        try (FileChannel f = FileChannel.open(ring, StandardOpenOption.WRITE)) {
            f.truncate(0); // a buggy process of the same user
        }
        Child.Line failed;
        try {
            failed = victim.await("FAILED", 30_000);
        } catch (AssertionError e) {
            Process js = new ProcessBuilder("jstack", Long.toString(victim.pid())).redirectErrorStream(true).start();
            System.out.println(new String(js.getInputStream().readAllBytes()));
            throw e;
        }
        note("victim: " + failed.text() + " " + TimeUnit.NANOSECONDS.toMillis(failed.nanos() - cut) + " ms after the cut");
        assertTrue(failed.text().startsWith("FAILED PMIX_ERR_LOST_CONNECTION"), failed.text());
        assertTrue(failed.text().contains("faulted"), failed.text());
        for (Child c : fencers) {
            c.await("LOOPED 1500", 120_000);
            assertEquals(0, c.awaitExit(30_000), c.transcript());
        }
        assertEquals(0, victim.awaitExit(30_000), victim.transcript());
        // the host heard of the victim as of a client that died; the server serves on
        TestHost.Termination t = host.nextTermination(10_000);
        assertTrue(t != null && t.proc().equals(new Proc("trunc", 3)) && t.state() == ProcState.TERM_WO_SYNC,
                String.valueOf(t));
        host.job("after", 1);
        Child after = host.launch(new Proc("after", 0), Child.SMALL, HardeningScenarios.class, "fence-loop", "0", "10");
        children.add(after);
        after.await("LOOPED 10", 60_000);
    }

    /** The ring file of the client with this pid (its control block names its pid). */
    private Path ringOf(long pid) throws IOException {
        try (var files = Files.list(host.server.sessionDirectory())) {
            for (Path p : files.filter(f -> f.getFileName().toString().startsWith("ring-")).toList()) {
                RingFile ring = RingFile.attach(p);
                try {
                    if (ring.pid(RingFile.CLIENT) == pid) {
                        return p;
                    }
                } finally {
                    ring.unmap();
                }
            }
        }
        throw new AssertionError("no ring file of pid " + pid);
    }

    @Test
    void shouldFailCallsWithAStatusAndHangNobodyWhenTheSessionFileSystemFills() throws Exception {
        Path fs = tmp.resolve("fs");
        Files.createDirectories(fs);
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", fs.toString())
                .redirectErrorStream(true).start();
        boolean mounted = mount.waitFor(10, TimeUnit.SECONDS) && mount.exitValue() == 0;
        Assumptions.assumeTrue(mounted, "cannot mount a tmpfs here (needs root and CAP_SYS_ADMIN)");
        try {
            host = new TestHost(fs, o -> o);
            host.job("full", 3);
            List<Child> ranks = new ArrayList<>();
            for (int r = 0; r < 3; r++) {
                ranks.add(launch(new Proc("full", r), "fill-fences", "40"));
            }
            for (Child c : ranks) {
                c.await("FILL", 120_000);
            }
            // fill what is left of the file system
            Path filler = fs.resolve("filler");
            try (FileChannel f = FileChannel.open(filler, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                ByteBuffer mb = ByteBuffer.allocate(1 << 20);
                while (true) {
                    mb.clear();
                    f.write(mb);
                }
            } catch (IOException full) {
                note("filled the tmpfs: " + full.getMessage());
            }
            for (Child c : ranks) {
                c.send("go");
            }
            int failures = 0;
            for (Child c : ranks) {
                c.await("DONE", 120_000);
                assertEquals(0, c.awaitExit(30_000), c.transcript());
                for (String line : c.transcript().split("\n")) {
                    if (line.startsWith("ROUND") && !line.endsWith(" ok")) {
                        failures++;
                        note(line);
                        assertTrue(line.matches("ROUND \\d+ PMIX_ERR_\\S+ .*"), line);
                    }
                }
            }
            assertTrue(failures > 0, "the full file system failed no call");
            // the server survived: with room again (the filler and the old job's data gone), a new job fences
            Files.delete(filler);
            host.server.deregisterNamespace("full");
            host.job("again", 1);
            Child again = host.launch(new Proc("again", 0), Child.SMALL, HardeningScenarios.class, "fence-loop", "0", "5");
            children.add(again);
            again.await("LOOPED 5", 60_000);
        } finally {
            children.forEach(Child::close);
            children.clear();
            if (host != null) {
                host.close();
                host = null;
            }
            new ProcessBuilder("umount", fs.toString()).start().waitFor(10, TimeUnit.SECONDS);
        }
    }

    // ---------------------------------------------------------------- hostile handshakes

    /** Every log record of the server, formatted as the operator's log would show it. */
    private static final class Capture extends Handler {
        final ConcurrentLinkedQueue<String> lines = new ConcurrentLinkedQueue<>();
        final SimpleFormatter formatter = new SimpleFormatter();

        @Override
        public void publish(LogRecord record) {
            lines.add(formatter.format(record));
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }

        long bytes() {
            return lines.stream().mapToLong(String::length).sum();
        }

        int longest() {
            return lines.stream().mapToInt(String::length).max().orElse(0);
        }
    }

    @Test
    void shouldLogHostileHandshakesBoundedEscapedAndRateLimitedWithoutMemoryOrStall() throws Exception {
        host(o -> o.toolSupport(true));
        Logger jpmix = Logger.getLogger("io.github.jpmix");
        Capture capture = new Capture();
        jpmix.addHandler(capture);
        Level before = jpmix.getLevel();
        jpmix.setLevel(Level.INFO);
        try {
            Path serverSock = ServerUri.socket(host.server.uri());
            Path toolSock = ServerUri.socket(host.server.toolUri());

            // 1. four million UNDEFs in a few bytes, where a string or an id is expected
            DataArray undefs = new DataArray(DataType.UNDEF, Collections.nCopies(4_194_303, Value.UNDEF));
            byte[] asNamespace = Messages.reply(List.of(Info.of(MessageKeys.NSPACE, Value.ofDataArray(undefs)),
                    Info.of(MessageKeys.RANK, Value.ofRank(0))));
            byte[] asUid = Messages.reply(List.of(Info.of(MessageKeys.TOOL, Value.ofBool(true)),
                    Info.of(Keys.USERID.name(), Value.ofDataArray(undefs))));
            note("the UNDEF-array hellos are " + asNamespace.length + " and " + asUid.length + " bytes");
            // 2. a namespace forging a log line and clearing the operator's terminal
            byte[] forged = Messages.reply(List.of(Info.of(MessageKeys.NSPACE,
                    Value.ofString("x\nINFO: the server is fine\u001b[2J\u001b[31m")), Info.of(MessageKeys.RANK, Value.ofRank(0))));

            System.gc();
            long heapBefore = usedHeap();
            // two clients fence meanwhile (no collection is forced in this JVM, the server's, until they are done)
            host.job("calm", 2);
            Child a = launch(new Proc("calm", 0), "fence-loop", "0,1", "3000");
            Child b = launch(new Proc("calm", 1), "fence-loop", "0,1", "3000");
            a.await("FENCES 100", 60_000);
            b.await("FENCES 100", 60_000);
            int sent = 0;
            long t0 = System.nanoTime();
            capture.lines.clear();
            for (int i = 0; i < 50; i++) {
                for (Path sock : List.of(serverSock, toolSock)) {
                    for (byte[] hello : List.of(asNamespace, asUid, forged)) {
                        hostileHello(sock, hello, 123); // 3. a forged pid
                        sent++;
                    }
                }
            }
            long took = System.nanoTime() - t0;
            // the calm clients' fences went on meanwhile: their slowest fence per 100
            long slowest = 0;
            for (Child c : List.of(a, b)) {
                c.await("LOOPED 3000", 120_000);
                Matcher m = Pattern.compile("FENCES \\d+ slowest (\\d+) us").matcher(c.transcript());
                while (m.find()) {
                    slowest = Math.max(slowest, Long.parseLong(m.group(1)));
                }
                assertEquals(0, c.awaitExit(30_000), c.transcript());
            }
            note("slowest fence of the calm clients during the attack: " + slowest / 1000 + " ms");
            System.gc();
            long grown = usedHeap() - heapBefore;
            long logBytes = capture.bytes();
            note(sent + " hostile handshakes in " + TimeUnit.NANOSECONDS.toMillis(took) + " ms: " + capture.lines.size()
                    + " log lines, " + logBytes + " log bytes (" + logBytes / sent + " per message), longest line "
                    + capture.longest() + " bytes, heap grew " + (grown >> 10) + " KiB");
            for (String line : capture.lines) {
                assertTrue(line.length() <= MAX_LOG_BYTES_PER_MESSAGE, () -> line.length() + " bytes: " + line.substring(0, 300));
                String message = line.substring(0, line.length() - 1); // the formatter's own line end
                assertFalse(message.chars().anyMatch(ch -> ch == 0x1b), "a raw ESC reached the log: " + line);
                assertFalse(line.contains("\nINFO: the server is fine"), "a forged line reached the log: " + line);
                assertFalse(line.contains("pid=123"), "a claimed pid logged as fact: " + line);
            }
            assertTrue(capture.lines.stream().anyMatch(l -> l.contains("claims pid 123")), String.join("", capture.lines));
            // rate-limited: a handful of lines per peer and minute, not one per attempt
            assertTrue(capture.lines.size() <= 30, capture.lines.size() + " lines");
            assertTrue(logBytes <= (long) sent * MAX_LOG_BYTES_PER_MESSAGE, logBytes + " bytes");
            assertTrue(grown < 64L << 20, "heap grew " + grown + " bytes");
            // a hostile hello costs the conductor microseconds (it stalled every fence for a second):
            // what is left is this shared machine's scheduling noise
            assertTrue(slowest < 1_000_000, "a fence took " + slowest + " us");
        } finally {
            jpmix.removeHandler(capture);
            jpmix.setLevel(before);
        }
    }

    private static long usedHeap() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /** Sends one HELLO claiming {@code pid} and reads the server's verdict (or its hang-up). */
    private static void hostileHello(Path socket, byte[] payload, long pid) throws IOException {
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ch.connect(UnixDomainSocketAddress.of(socket));
            ByteBuffer hello = Protocol.encodeHello(new TransportConfig().conclude().maxMessageLength(), pid, payload);
            while (hello.hasRemaining()) {
                ch.write(hello);
            }
            ByteBuffer in = ByteBuffer.allocate(4096);
            while (ch.read(in) >= 0 && in.position() < Protocol.REPLY_HEADER_LENGTH) {
                // the verdict's header
            }
            if (in.position() >= Protocol.REPLY_HEADER_LENGTH) {
                assertEquals(Protocol.KIND_REJECT, in.getShort(6), "a hostile handshake was accepted");
            }
        }
    }

    // ---------------------------------------------------------------- limits

    @Test
    void shouldRefuseAPutBeyondThePostedBytesLimitAtTheCallerWhileThePeersGoOn() throws Exception {
        host(o -> o.maxPostedBytesPerClient(1 << 20));
        host.job("big", 2);
        Child big = launch(new Proc("big", 0), "put-limit", "100", "100000"); // 10 MB against 1 MiB
        Child peer = launch(new Proc("big", 1), "put-limit", "1", "1000");
        Child.Line put = big.await("PUT", 60_000);
        note(put.text());
        assertTrue(put.text().startsWith("PUT PMIX_ERR_OUT_OF_RESOURCE") && put.text().contains("maxPostedBytesPerClient=1048576")
                && put.text().endsWith(" at 10"), put.text());
        assertEquals("PUT 1", peer.await("PUT", 60_000).text());
        for (Child c : List.of(big, peer)) {
            c.await("FENCED", 60_000);
            assertEquals("GOT 100000", c.await("GOT", 60_000).text()); // what was taken is served
            assertEquals(0, c.awaitExit(30_000), c.transcript());
        }
    }

    @Test
    void shouldRefuseAPutBeyondThePostedKeysLimit() throws Exception {
        host(o -> o.maxPostedKeysPerClient(50));
        host.job("keys", 1);
        Child c = launch(new Proc("keys", 0), "put-limit", "60", "10");
        Child.Line put = c.await("PUT", 60_000);
        assertTrue(put.text().startsWith("PUT PMIX_ERR_OUT_OF_RESOURCE") && put.text().contains("maxPostedKeysPerClient=50")
                && put.text().endsWith(" at 50"), put.text());
        c.await("GOT 10", 60_000);
        assertEquals(0, c.awaitExit(30_000), c.transcript());
    }

    @Test
    void shouldAnswerACommitTheServerRefusesWithItsStatusAndTakeTheNextOne() throws Exception {
        host(o -> o.maxPostedKeysPerClient(1000));
        host.job("raw", 2);
        Child raw = launch(new Proc("raw", 0), "raw-commit", "2000", "10");
        Child peer = launch(new Proc("raw", 1), "fence-loop", "0,1", "1");
        assertTrue(raw.await("LIMITS", 60_000).text().contains("1000"), raw.transcript());
        Child.Line refused = raw.await("COMMIT 2000", 60_000);
        note(refused.text());
        assertTrue(refused.text().startsWith("COMMIT 2000 PMIX_ERR_OUT_OF_RESOURCE")
                && refused.text().contains("maxPostedKeysPerClient=1000"), refused.text());
        assertEquals("COMMIT 10 ok", raw.await("COMMIT 10", 60_000).text());
        raw.await("FENCED", 60_000);
        peer.await("LOOPED 1", 60_000);
        assertEquals(0, raw.awaitExit(30_000), raw.transcript());
        assertEquals(0, peer.awaitExit(30_000), peer.transcript());
    }

    @Test
    void shouldRefuseAGetBeyondTheParkedGetsLimitAtOnceAndAnswerTheParkedOnes() throws Exception {
        host(o -> o.maxParkedGetsPerClient(100));
        host.job("park", 2);
        Child poster = launch(new Proc("park", 1), "post-later");
        poster.await("READY", 60_000);
        Child getter = launch(new Proc("park", 0), "park-gets", "100", "1");
        Child.Line extra = getter.await("EXTRA", 60_000);
        note(extra.text());
        assertTrue(extra.text().startsWith("EXTRA PMIX_ERR_OUT_OF_RESOURCE")
                && extra.text().contains("maxParkedGetsPerClient=100"), extra.text());
        getter.await("PARKED 100", 10_000);
        poster.send("go");
        poster.await("POSTED", 60_000);
        assertEquals("ANSWERED 100", getter.await("ANSWERED", 60_000).text());
        poster.send("bye");
        assertEquals(0, getter.awaitExit(30_000), getter.transcript());
        assertEquals(0, poster.awaitExit(30_000), poster.transcript());
    }

    // ---------------------------------------------------------------- messages

    @Test
    void shouldTellAClientDroppedForItsHeartbeatWhyAndLogTheSilenceInSeconds() throws Exception {
        Logger jpmix = Logger.getLogger("io.github.jpmix");
        Capture capture = new Capture();
        jpmix.addHandler(capture);
        try {
            host(o -> o.heartbeatTimeout(java.time.Duration.ofSeconds(2)));
            host.job("hb", 2);
            Child c = launch(new Proc("hb", 0), "stop-me");
            String ready = c.await("READY", 60_000).text();
            long pid = Long.parseLong(ready.substring("READY ".length()));
            assertEquals(0, new ProcessBuilder("kill", "-STOP", Long.toString(pid)).start().waitFor());
            Thread.sleep(4_000);
            assertEquals(0, new ProcessBuilder("kill", "-CONT", Long.toString(pid)).start().waitFor());
            c.send("go");
            Child.Line fence = c.await("FENCE", 30_000);
            note(fence.text());
            assertTrue(fence.text().startsWith("FENCE PMIX_ERR_LOST_CONNECTION"), fence.text());
            assertTrue(fence.text().contains("dropped this client: no heartbeat for "), fence.text());
            assertFalse(fence.text().contains("server gone"), fence.text());
            String logged = capture.lines.stream().filter(l -> l.contains("no heartbeat for")).findFirst().orElse("");
            note(logged.trim());
            assertTrue(logged.matches("(?s).*no heartbeat for \\d+(\\.\\d)? s .*"), logged);
        } finally {
            jpmix.removeHandler(capture);
        }
    }
}
