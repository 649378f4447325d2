package io.github.jpmix.client.transport;

import static io.github.jpmix.client.transport.Fixtures.assertMentions;
import static io.github.jpmix.client.transport.Fixtures.assertStatus;
import static io.github.jpmix.client.transport.Fixtures.bytes;
import static io.github.jpmix.client.transport.Fixtures.closeAll;
import static io.github.jpmix.client.transport.Fixtures.config;
import static io.github.jpmix.client.transport.Fixtures.poll;
import static io.github.jpmix.client.transport.Fixtures.ringFiles;
import static io.github.jpmix.client.transport.Fixtures.text;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.jpmix.client.transport.Fixtures.Inbox;
import io.github.jpmix.client.transport.Fixtures.Recorder;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.transport.PeerCredentials;
import io.github.jpmix.common.internal.transport.Protocol;
import io.github.jpmix.common.internal.transport.RingFile;
import io.github.jpmix.common.internal.transport.TransportConfig;
import io.github.jpmix.server.internal.transport.ClientConnection;
import io.github.jpmix.server.internal.transport.TransportServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TransportHandshakeTest {
    @TempDir
    Path dir;

    private final Recorder recorder = new Recorder();
    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void closeEverything() throws Exception {
        closeAll(open, dir);
    }

    private TransportServer startServer(TransportServer.Acceptor acceptor, TransportConfig config) {
        TransportServer server = TransportServer.start(dir.resolve("server.sock"), config, acceptor, recorder);
        open.add(server);
        return server;
    }

    private TransportClient connect(String handshake) {
        TransportClient client = TransportClient.connect(dir.resolve("server.sock"), bytes(handshake), config(),
                new Inbox());
        open.add(client);
        return client;
    }

    @Test
    void shouldAcceptWithTheReplyAndTheKernelsCredentials() throws Exception {
        TransportServer server = startServer(recorder.acceptor(), config());
        TransportClient client = connect("ns.0");

        assertEquals("welcome ns.0", text(client.handshakeReply()));
        ClientConnection c = poll(recorder.accepted, 2000);
        assertEquals(client.id(), c.id());
        assertTrue(c.credentials().hasUid(PeerCredentials.currentUid()), c.credentials().toString());
        assertTrue(c.credentials().hasGid(PeerCredentials.currentGid()), c.credentials().toString());
        assertFalse(c.credentials().hasUid(PeerCredentials.currentUid() + 1));
        assertEquals(ProcessHandle.current().pid(), c.pid());
        assertEquals(dir.resolve("ring-" + c.id()), c.ringFile());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(c.ringFile())));
        assertEquals(ProcessHandle.current().pid(), client.ring().pid(RingFile.SERVER));
        assertEquals(ProcessHandle.current().pid(), client.ring().pid(RingFile.CLIENT));
        assertEquals("ok", text(client.request(bytes("ok"), Duration.ofSeconds(5)).get(5, TimeUnit.SECONDS)));
        assertEquals(1, server.connectionCount());
    }

    @Test
    void shouldRejectWithTheAcceptorsStatusAndMessage() throws Exception {
        AtomicReference<String> user = new AtomicReference<>();
        startServer((c, handshake) -> {
            user.set(c.credentials().userName());
            throw new PmixException(Status.ERR_INVALID_CRED, "user " + c.credentials().userName()
                    + " is not registered for " + text(handshake));
        }, config());

        PmixException e = assertThrows(PmixException.class, () -> connect("ns.7"));

        assertStatus(Status.ERR_INVALID_CRED, e);
        assertEquals("PMIX_ERR_INVALID_CRED: user " + user.get() + " is not registered for ns.7", e.getMessage());
        assertEquals(List.of(), ringFiles(dir));
        assertNull(recorder.departures.poll(200, TimeUnit.MILLISECONDS), "a rejected client is not disconnected");
    }

    @Test
    void shouldRejectWithErrorWhenTheAcceptorThrowsSomethingElse() {
        startServer((c, handshake) -> {
            throw new IllegalStateException("acceptor bug");
        }, config());

        PmixException e = assertThrows(PmixException.class, () -> connect("x"));

        assertStatus(Status.ERROR, e);
        assertMentions(e, "acceptor bug");
    }

    @Test
    void shouldFailWithUnreachNamingTheSocketWhenNoServerListens() throws Exception {
        Path missing = dir.resolve("missing.sock");
        PmixException e = assertThrows(PmixException.class,
                () -> TransportClient.connect(missing, bytes("x"), config(), new Inbox()));
        assertStatus(Status.ERR_UNREACH, e);
        assertMentions(e, missing.toString());

        Path stale = dir.resolve("stale.sock"); // a dead server's socket file: nobody listens
        ServerSocketChannel dead = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        dead.bind(UnixDomainSocketAddress.of(stale));
        dead.close();
        assertTrue(Files.exists(stale));
        e = assertThrows(PmixException.class, () -> TransportClient.connect(stale, bytes("x"), config(), new Inbox()));
        assertStatus(Status.ERR_UNREACH, e);
        assertMentions(e, stale.toString());

        // and a new server replaces the stale socket file
        TransportServer server = TransportServer.start(stale, config(), recorder.acceptor(), recorder);
        open.add(server);
        TransportClient client = TransportClient.connect(stale, bytes("x"), config(), new Inbox());
        open.add(client);
        assertEquals("welcome x", text(client.handshakeReply()));
    }

    @Test
    void shouldSkipRingFilesAKilledServerLeftBehind() throws Exception {
        Path stale = Files.write(dir.resolve("ring-1"), bytes("left by a killed server"));
        startServer(recorder.acceptor(), config());

        TransportClient client = connect("after a crash");

        assertEquals(2, client.id());
        assertEquals("ok", text(client.request(bytes("ok"), Duration.ofSeconds(5)).get(5, TimeUnit.SECONDS)));
        assertEquals("left by a killed server", text(Files.readAllBytes(stale)), "not ours to touch");
        Files.delete(stale);
    }

    @Test
    void shouldRefuseASecondServerOnALiveSocketAndDeleteTheSocketOnClose() {
        TransportServer first = startServer(recorder.acceptor(), config());
        PmixException e = assertThrows(PmixException.class,
                () -> TransportServer.start(first.socketPath(), config(), recorder.acceptor(), recorder));
        assertStatus(Status.ERR_EXISTS, e);
        first.close();
        assertFalse(Files.exists(first.socketPath()));
    }

    @Test
    void shouldDropAPeerThatSendsGarbageAndStayHealthy() throws Exception {
        startServer(recorder.acceptor(), config());
        try (SocketChannel raw = rawConnection()) {
            raw.write(ByteBuffer.wrap(bytes("GET / HTTP/1.1\r\nHost: x\r\n\r\n")));
            assertEquals(0, readUntilEof(raw, 2000).length, "the server hangs up without a word");
        }
        TransportClient client = connect("after garbage");
        assertEquals("ok", text(client.request(bytes("ok"), Duration.ofSeconds(5)).get(5, TimeUnit.SECONDS)));
    }

    @Test
    void shouldRejectAnOversizedHandshakeLengthWithoutReadingIt() throws Exception {
        startServer(recorder.acceptor(), config());
        try (SocketChannel raw = rawConnection()) {
            raw.write(hello(Protocol.VERSION, 1 << 30));
            ByteBuffer reply = ByteBuffer.wrap(readUntilEof(raw, 2000));
            assertEquals(Protocol.KIND_REJECT, reply.getShort(6));
            assertEquals(Status.ERR_BAD_PARAM, reply.getInt(8));
            assertTrue(text(java.util.Arrays.copyOfRange(reply.array(), Protocol.REPLY_HEADER_LENGTH,
                    reply.limit())).contains("handshake length=1073741824"));
        }
        assertNull(recorder.accepted.poll(), "the acceptor never saw it");
    }

    @Test
    void shouldRejectAnotherProtocolVersion() throws Exception {
        startServer(recorder.acceptor(), config());
        try (SocketChannel raw = rawConnection()) {
            raw.write(hello((short) 99, 0));
            ByteBuffer reply = ByteBuffer.wrap(readUntilEof(raw, 2000));
            assertEquals(Protocol.KIND_REJECT, reply.getShort(6));
            assertEquals(Status.ERR_NOT_SUPPORTED, reply.getInt(8));
        }
    }

    @Test
    void shouldTimeOutASilentPeerWhileServingOthers() throws Exception {
        startServer(recorder.acceptor(), config().handshakeTimeout(300, TimeUnit.MILLISECONDS));
        try (SocketChannel silent = rawConnection(); SocketChannel halfway = rawConnection()) {
            halfway.write(ByteBuffer.wrap(new byte[] {0x4A, 0x50})); // two bytes of a header, then nothing
            TransportClient client = connect("meanwhile");
            assertEquals("ok", text(client.request(bytes("ok"), Duration.ofSeconds(5)).get(5, TimeUnit.SECONDS)));
            long start = System.nanoTime();
            assertEquals(0, readUntilEof(silent, 3000).length);
            assertEquals(0, readUntilEof(halfway, 3000).length);
            long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(tookMs < 3000, "silent peers dropped after " + tookMs + " ms");
        }
    }

    @Test
    void shouldRefuseAClientHandshakeOver64KiB() {
        startServer(recorder.acceptor(), config());
        PmixException e = assertThrows(PmixException.class, () -> TransportClient.connect(dir.resolve("server.sock"),
                new byte[Protocol.MAX_HANDSHAKE_LENGTH + 1], config(), new Inbox()));
        assertStatus(Status.ERR_BAD_PARAM, e);
    }

    @Test
    void shouldRefuseASocketPathLongerThanTheKernelAllows() {
        Path tooLong = dir.resolve("x".repeat(120) + ".sock");
        PmixException e = assertThrows(PmixException.class,
                () -> TransportServer.start(tooLong, config(), recorder.acceptor(), recorder));
        assertStatus(Status.ERR_BAD_PARAM, e);
        assertMentions(e, "at most 107");
    }

    // ------------------------------------------------------------------ raw socket helpers

    private SocketChannel rawConnection() throws IOException {
        return SocketChannel.open(UnixDomainSocketAddress.of(dir.resolve("server.sock")));
    }

    private static ByteBuffer hello(short version, int payloadLength) {
        ByteBuffer b = ByteBuffer.allocate(Protocol.HELLO_HEADER_LENGTH);
        b.putInt(Protocol.MAGIC).putShort(version).putShort(Protocol.KIND_HELLO).putInt(1 << 20).putLong(1)
                .putInt(payloadLength);
        return b.flip();
    }

    /** Everything the server sends until it closes; fails if it does not close in time. */
    private static byte[] readUntilEof(SocketChannel channel, long millis) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        channel.configureBlocking(false);
        try (Selector selector = Selector.open()) {
            channel.register(selector, SelectionKey.OP_READ);
            ByteBuffer b = ByteBuffer.allocate(4096);
            while (true) {
                b.clear();
                int n;
                try {
                    n = channel.read(b);
                } catch (IOException reset) {
                    return out.toByteArray();
                }
                if (n < 0) {
                    return out.toByteArray();
                }
                out.write(b.array(), 0, n);
                if (n == 0) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        return fail("the server did not close the connection within " + millis + " ms");
                    }
                    selector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
                    selector.selectedKeys().clear();
                }
            }
        }
    }

    @Test
    void shouldEncodeHandshakeFramesAsDocumented() {
        ByteBuffer hello = Protocol.encodeHello(4096, 42, new byte[] {7, 8});
        assertEquals(Protocol.HELLO_HEADER_LENGTH + 2, hello.remaining());
        assertEquals(0x4A504D58, hello.getInt(0));
        assertEquals(1, hello.getShort(4));
        assertEquals(Protocol.KIND_HELLO, hello.getShort(6));
        assertEquals(4096, hello.getInt(8));
        assertEquals(42, hello.getLong(12));
        assertEquals(2, hello.getInt(20));
        ByteBuffer accept = Protocol.encodeAccept(3, 4096, "ring-3", new byte[] {9});
        byte[] tail = new byte[accept.remaining() - Protocol.REPLY_HEADER_LENGTH];
        accept.get(Protocol.REPLY_HEADER_LENGTH, tail);
        assertArrayEquals(bytes("ring-3\u0009"), tail);
        assertEquals(6, accept.getInt(20));
        assertEquals(1, accept.getInt(24));
    }
}
