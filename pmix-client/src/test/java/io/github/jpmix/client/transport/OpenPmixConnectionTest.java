package io.github.jpmix.client.transport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.openpmix.ConnectMessage;
import io.github.jpmix.common.internal.openpmix.Frames;
import io.github.jpmix.common.internal.openpmix.OpenPmixUri;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link OpenPmixConnection} against a stand-in OpenPMIx server on a loopback port: what it sends at
 * connect, how it reads the verdicts of a client's and a tool's handshake, tags and framing, events,
 * and every way a server can go away or misbehave (refusing without a byte, never answering, an
 * oversized frame, dying with requests pending).
 */
class OpenPmixConnectionTest {
    private static final Proc ME = new Proc("job", 3);
    private ServerSocket listener;
    private String uri;
    private Socket peer;

    @BeforeEach
    void listen() throws IOException {
        listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        uri = OpenPmixUri.format(new Proc("pmix-server", 4242), "127.0.0.1", listener.getLocalPort());
    }

    @AfterEach
    void close() throws IOException {
        if (peer != null) {
            peer.close();
        }
        listener.close();
    }

    /**
     * Runs {@code task} on a thread of its own: the stand-in server's accept and the client's connect
     * block at once, and the common pool may have a single thread (2 cores; on JDK 25 CompletableFuture
     * then queues the second task behind the first).
     */
    private static <T> CompletableFuture<T> async(Supplier<T> task) {
        return CompletableFuture.supplyAsync(task, r -> {
            Thread t = new Thread(r, "stand-in");
            t.setDaemon(true);
            t.start();
        });
    }

    /** Accepts the connection and reads the connect message, on another thread. */
    private CompletableFuture<ConnectMessage> accept() {
        return async(() -> {
            try {
                peer = listener.accept();
                DataInputStream in = new DataInputStream(peer.getInputStream());
                byte[] header = new byte[ConnectMessage.HEADER];
                in.readFully(header);
                byte[] body = new byte[ConnectMessage.bodyLength(ByteBuffer.wrap(header))];
                in.readFully(body);
                return ConnectMessage.parse(body);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    private void reply(int... ints) throws IOException {
        DataOutputStream out = new DataOutputStream(peer.getOutputStream());
        for (int i : ints) {
            out.writeInt(i);
        }
        out.flush();
    }

    /** Reads one framed request: its tag and payload. */
    private int[] readRequest(byte[][] payload) throws IOException {
        DataInputStream in = new DataInputStream(peer.getInputStream());
        int pindex = in.readInt();
        int tag = in.readInt();
        int n = in.readInt();
        in.readInt();
        payload[0] = new byte[n];
        in.readFully(payload[0]);
        return new int[] {pindex, tag};
    }

    private void send(int tag, byte[] payload) throws IOException {
        ByteBuffer f = Frames.frame(0, tag, payload);
        peer.getOutputStream().write(f.array(), 0, f.limit());
    }

    private OpenPmixConnection client(OpenPmixConnection.Handler handler) throws Exception {
        CompletableFuture<ConnectMessage> hello = accept();
        CompletableFuture<OpenPmixConnection> c = async(
                () -> OpenPmixConnection.connectClient(uri, ME, Duration.ofSeconds(10), handler));
        ConnectMessage m = hello.get(10, TimeUnit.SECONDS);
        assertEquals(ConnectMessage.SIMPLE_CLIENT, m.flag());
        assertEquals("job", m.nspace());
        assertEquals(3, m.rank());
        assertEquals("hash", m.gds());
        assertEquals("v41", m.bfrops());
        reply(Status.SUCCESS, 7); // status, index
        return c.get(10, TimeUnit.SECONDS);
    }

    @Test
    void shouldMatchRepliesToTheirTagsAndHandEventsToTheHandler() throws Exception {
        LinkedBlockingQueue<byte[]> events = new LinkedBlockingQueue<>();
        try (OpenPmixConnection c = client(new OpenPmixConnection.Handler() {
            @Override
            public void onEvent(byte[] payload) {
                events.add(payload);
            }
        })) {
            assertEquals(7, c.index());
            assertEquals(new Proc("pmix-server", 4242), c.server());
            CompletableFuture<byte[]> first = c.request(new byte[] {1});
            CompletableFuture<byte[]> second = c.request(new byte[] {2});
            byte[][] p = new byte[1][];
            int[] h1 = readRequest(p);
            assertEquals(7, h1[0], "the handshake's index in every header");
            assertEquals(Frames.FIRST_TAG, h1[1]);
            int[] h2 = readRequest(p);
            assertEquals(Frames.FIRST_TAG + 1, h2[1]);
            send(Frames.TAG_NOTIFY, new byte[] {9, 9});
            send(h2[1], new byte[] {22});
            send(h1[1], new byte[] {11});
            assertArrayEquals(new byte[] {22}, second.get(5, TimeUnit.SECONDS));
            assertArrayEquals(new byte[] {11}, first.get(5, TimeUnit.SECONDS));
            assertArrayEquals(new byte[] {9, 9}, events.poll(5, TimeUnit.SECONDS));
            // a reply nobody waits for is dropped; the connection goes on
            send(9999, new byte[] {1});
            CompletableFuture<byte[]> third = c.request(new byte[] {3}, Duration.ofMillis(200));
            PmixException e = assertThrows(PmixException.class, () -> join(third));
            assertEquals(Status.ERR_TIMEOUT, e.status());
            assertTrue(c.isConnected());
        }
    }

    @Test
    void shouldSendRequestsTogetherAndMatchTheirReplies() throws Exception {
        try (OpenPmixConnection c = client(new OpenPmixConnection.Handler() {
        })) {
            List<byte[]> requests = List.of(new byte[] {1}, new byte[] {2, 2}, new byte[] {3, 3, 3});
            List<CompletableFuture<byte[]>> replies = c.requestAll(requests);
            byte[][] p = new byte[1][];
            int[] tags = new int[3];
            for (int i = 0; i < 3; i++) {
                int[] h = readRequest(p);
                assertEquals(7, h[0]);
                assertArrayEquals(requests.get(i), p[0], "request " + i + " in order, whole");
                tags[i] = h[1];
            }
            assertEquals(List.of(Frames.FIRST_TAG, Frames.FIRST_TAG + 1, Frames.FIRST_TAG + 2), List.of(tags[0], tags[1], tags[2]));
            send(tags[2], new byte[] {33});
            send(tags[0], new byte[] {11});
            send(tags[1], new byte[] {22});
            assertArrayEquals(new byte[] {11}, replies.get(0).get(5, TimeUnit.SECONDS));
            assertArrayEquals(new byte[] {22}, replies.get(1).get(5, TimeUnit.SECONDS));
            assertArrayEquals(new byte[] {33}, replies.get(2).get(5, TimeUnit.SECONDS));
            // the server gone: requests sent together fail together
            peer.close();
            List<CompletableFuture<byte[]>> lost = c.requestAll(List.of(new byte[] {4}, new byte[] {5}));
            for (CompletableFuture<byte[]> f : lost) {
                PmixException e = assertThrows(PmixException.class, () -> join(f));
                assertEquals(Status.ERR_LOST_CONNECTION, e.status());
            }
        }
    }

    @Test
    void shouldFailEveryPendingAndLaterRequestWhenTheServerGoes() throws Exception {
        CompletableFuture<PmixException> told = new CompletableFuture<>();
        OpenPmixConnection c = client(new OpenPmixConnection.Handler() {
            @Override
            public void onDisconnect(PmixException reason) {
                told.complete(reason);
            }
        });
        CompletableFuture<byte[]> pending = c.request(new byte[] {1});
        readRequest(new byte[1][]);
        peer.close();
        assertEquals(Status.ERR_LOST_CONNECTION, assertThrows(PmixException.class, () -> join(pending)).status());
        assertEquals(Status.ERR_LOST_CONNECTION, told.get(5, TimeUnit.SECONDS).status());
        assertFalse(c.isConnected());
        assertEquals(Status.ERR_LOST_CONNECTION, assertThrows(PmixException.class, () -> join(c.request(new byte[] {2}))).status());
        assertEquals(Status.ERR_LOST_CONNECTION, assertThrows(PmixException.class, () -> c.send(new byte[] {3})).status());
        c.close();
    }

    @Test
    void shouldDropAServerThatSendsAnOversizedFrame() throws Exception {
        try (OpenPmixConnection c = client(new OpenPmixConnection.Handler() { })) {
            CompletableFuture<byte[]> pending = c.request(new byte[] {1});
            DataOutputStream out = new DataOutputStream(peer.getOutputStream());
            out.writeInt(0);
            out.writeInt(Frames.FIRST_TAG);
            out.writeInt(OpenPmixConnection.MAX_MESSAGE + 1);
            out.writeInt(0);
            out.flush();
            PmixException e = assertThrows(PmixException.class, () -> join(pending));
            assertEquals(Status.ERR_LOST_CONNECTION, e.status());
            assertTrue(e.getMessage().contains("at most"), e.getMessage());
        }
    }

    /** OpenPMIx's server refuses a client by closing the socket without a byte (notes §1.3). */
    @Test
    void shouldTakeAClosedSocketForARefusal() throws Exception {
        CompletableFuture<ConnectMessage> hello = accept();
        CompletableFuture<OpenPmixConnection> c = async(
                () -> OpenPmixConnection.connectClient(uri, ME, Duration.ofSeconds(10), new OpenPmixConnection.Handler() { }));
        hello.get(10, TimeUnit.SECONDS);
        peer.close();
        PmixException e = assertThrows(PmixException.class, () -> join(c));
        assertEquals(Status.ERR_UNREACH, e.status());
    }

    @Test
    void shouldNotWaitForeverForAVerdict() throws Exception {
        CompletableFuture<ConnectMessage> hello = accept();
        long t0 = System.nanoTime();
        PmixException e = assertThrows(PmixException.class,
                () -> OpenPmixConnection.connectClient(uri, ME, Duration.ofMillis(300), new OpenPmixConnection.Handler() { }));
        assertEquals(Status.ERR_TIMEOUT, e.status());
        assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(5));
        hello.get(5, TimeUnit.SECONDS);
    }

    @Test
    void shouldReportNobodyListening() throws Exception {
        listener.close();
        PmixException e = assertThrows(PmixException.class,
                () -> OpenPmixConnection.connectClient(uri, ME, Duration.ofSeconds(2), new OpenPmixConnection.Handler() { }));
        assertEquals(Status.ERR_UNREACH, e.status());
    }

    /** A tool's handshake (flag 3): status, the assigned identity, the server's, the credential check. */
    @Test
    void shouldReadTheIdentityTheServerGivesATool() throws Exception {
        CompletableFuture<ConnectMessage> hello = accept();
        CompletableFuture<OpenPmixConnection> c = async(() -> OpenPmixConnection.connectTool(uri, null,
                new byte[] {2, 0}, Duration.ofSeconds(10), new OpenPmixConnection.Handler() { }));
        ConnectMessage m = hello.get(10, TimeUnit.SECONDS);
        assertEquals(ConnectMessage.TOOL_NEEDS_ID, m.flag());
        assertArrayEquals(new byte[] {2, 0}, m.blob());
        DataOutputStream out = new DataOutputStream(peer.getOutputStream());
        out.writeInt(Status.SUCCESS);
        out.write(nspaceField("job-tool-1"));
        out.writeInt(0);
        out.write(nspaceField("pmix-server"));
        out.writeInt(4242);
        out.writeInt(Status.SUCCESS);
        out.flush();
        try (OpenPmixConnection tool = c.get(10, TimeUnit.SECONDS)) {
            assertEquals(new Proc("job-tool-1", 0), tool.self());
            assertEquals(new Proc("pmix-server", 4242), tool.server());
        }
    }

    @Test
    void shouldTakeAToolRefusalStatus() throws Exception {
        CompletableFuture<ConnectMessage> hello = accept();
        CompletableFuture<OpenPmixConnection> c = async(() -> OpenPmixConnection.connectTool(uri,
                new Proc("t", 0), new byte[] {2, 0}, Duration.ofSeconds(10), new OpenPmixConnection.Handler() { }));
        assertEquals(ConnectMessage.TOOL_GIVEN_ID, hello.get(10, TimeUnit.SECONDS).flag());
        reply(Status.ERR_NOT_SUPPORTED);
        assertEquals(Status.ERR_NOT_SUPPORTED, assertThrows(PmixException.class, () -> join(c)).status());
    }

    private static byte[] nspaceField(String ns) {
        return Arrays.copyOf(ns.getBytes(StandardCharsets.UTF_8), ConnectMessage.NSPACE_FIELD);
    }

    private static <T> T join(CompletableFuture<T> f) throws Exception {
        try {
            return f.get(10, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof PmixException pe) {
                throw pe;
            }
            throw e;
        }
    }
}
