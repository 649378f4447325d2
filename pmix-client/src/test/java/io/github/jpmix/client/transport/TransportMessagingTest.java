package io.github.jpmix.client.transport;

import static io.github.jpmix.client.transport.Fixtures.assertMentions;
import static io.github.jpmix.client.transport.Fixtures.assertStatus;
import static io.github.jpmix.client.transport.Fixtures.bytes;
import static io.github.jpmix.client.transport.Fixtures.closeAll;
import static io.github.jpmix.client.transport.Fixtures.config;
import static io.github.jpmix.client.transport.Fixtures.failure;
import static io.github.jpmix.client.transport.Fixtures.pattern;
import static io.github.jpmix.client.transport.Fixtures.poll;
import static io.github.jpmix.client.transport.Fixtures.ringFiles;
import static io.github.jpmix.client.transport.Fixtures.text;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.client.transport.Fixtures.Departure;
import io.github.jpmix.client.transport.Fixtures.Inbox;
import io.github.jpmix.client.transport.Fixtures.Message;
import io.github.jpmix.client.transport.Fixtures.Recorder;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.transport.Protocol;
import io.github.jpmix.common.internal.transport.TransportConfig;
import io.github.jpmix.server.internal.transport.ClientConnection;
import io.github.jpmix.server.internal.transport.TransportServer;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.ringbuffer.RingBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TransportMessagingTest {
    private static final Duration FIVE_SECONDS = Duration.ofSeconds(5);
    private static final int SMALL_RING = 64 * 1024;

    @TempDir
    Path dir;

    private final Recorder recorder = new Recorder();
    private final List<AutoCloseable> open = new ArrayList<>();
    private final ExecutorService pool = Executors.newFixedThreadPool(4);

    @AfterEach
    void closeEverything() throws Exception {
        pool.shutdownNow();
        closeAll(open, dir);
        assertTrue(pool.awaitTermination(5, TimeUnit.SECONDS));
    }

    private TransportServer server(TransportConfig config, TransportServer.Handler handler) {
        TransportServer server = TransportServer.start(dir.resolve("server.sock"), config, recorder.acceptor(), handler);
        open.add(server);
        return server;
    }

    private TransportServer server() {
        return server(config(), recorder);
    }

    private TransportClient client(TransportConfig config, TransportClient.Handler handler) {
        TransportClient client = TransportClient.connect(dir.resolve("server.sock"), bytes("hello"), config, handler);
        open.add(client);
        return client;
    }

    private TransportClient client() {
        return client(config(), new Inbox());
    }

    @Test
    void shouldMatchRepliesToRequestsFromManyThreads() throws Exception {
        server();
        TransportClient client = client();
        List<Future<?>> workers = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            int thread = t;
            workers.add(pool.submit(() -> {
                List<CompletableFuture<byte[]>> replies = new ArrayList<>();
                for (int i = 0; i < 200; i++) {
                    replies.add(client.request(bytes("t" + thread + "-" + i), FIVE_SECONDS));
                }
                for (int i = 0; i < 200; i++) {
                    assertEquals("t" + thread + "-" + i, text(replies.get(i).join()));
                }
                return null;
            }));
        }
        for (Future<?> w : workers) {
            w.get(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void shouldPushNotificationsAndLateRepliesToTheClientsHandler() throws Exception {
        server(config(), new Recorder() {
            @Override
            public void onMessage(ClientConnection c, int correlationId, DirectBuffer buffer, int offset, int length) {
                c.reply(correlationId, bytes("ack"));
                pool.submit(() -> { // later, from another thread: a release for the same request, then a notification
                    c.reply(correlationId, bytes("release"));
                    c.send(bytes("note"));
                });
            }
        });
        Inbox inbox = new Inbox();
        TransportClient client = client(config(), inbox);

        CompletableFuture<byte[]> ack = client.request(bytes("fence"), FIVE_SECONDS);

        assertEquals("ack", text(ack.get(5, TimeUnit.SECONDS)));
        Message release = poll(inbox.messages, 5000);
        Message note = poll(inbox.messages, 5000);
        assertEquals("release", release.text());
        assertTrue(release.correlationId() != 0);
        assertEquals("note", note.text());
        assertEquals(0, note.correlationId());
    }

    @Test
    void shouldFailRequestsWithTheServersErrorAndKeepServing() throws Exception {
        server(config(), new Recorder() {
            @Override
            public void onMessage(ClientConnection c, int correlationId, DirectBuffer buffer, int offset, int length) {
                switch (text(buffer, offset, length)) {
                    case "missing" -> c.replyError(correlationId, Status.ERR_NOT_FOUND, "no key foo");
                    case "pmix-throw" -> throw new PmixException(Status.ERR_BAD_PARAM, "bad key bar");
                    case "throw" -> throw new IllegalStateException("handler bug");
                    default -> c.reply(correlationId, buffer, offset, length);
                }
            }
        });
        TransportClient client = client();

        PmixException missing = failure(client.request(bytes("missing"), FIVE_SECONDS), 5);
        PmixException pmix = failure(client.request(bytes("pmix-throw"), FIVE_SECONDS), 5);
        PmixException bug = failure(client.request(bytes("throw"), FIVE_SECONDS), 5);

        assertStatus(Status.ERR_NOT_FOUND, missing);
        assertEquals("PMIX_ERR_NOT_FOUND: no key foo", missing.getMessage());
        assertStatus(Status.ERR_BAD_PARAM, pmix);
        assertEquals("PMIX_ERR_BAD_PARAM: bad key bar", pmix.getMessage());
        assertStatus(Status.ERROR, bug);
        assertMentions(bug, "handler bug");
        assertEquals("ok", text(client.request(bytes("ok"), FIVE_SECONDS).get(5, TimeUnit.SECONDS)));
    }

    @Test
    void shouldTimeOutARequestAndHandAStragglingReplyToTheHandler() throws Exception {
        server();
        Inbox inbox = new Inbox();
        TransportClient client = client(config(), inbox);

        long start = System.nanoTime();
        PmixException e = failure(client.request(bytes("hold:1"), Duration.ofMillis(200)), 5);
        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

        assertStatus(Status.ERR_TIMEOUT, e);
        assertTrue(tookMs >= 150, "timed out after " + tookMs + " ms");
        Message held = poll(recorder.messages, 1000);
        held.connection().reply(held.correlationId(), bytes("late"));
        Message late = poll(inbox.messages, 5000);
        assertEquals("late", late.text());
        assertEquals(held.correlationId(), late.correlationId());
    }

    @Test
    void shouldCarryMessagesTenTimesTheRingCapacityBothWays() throws Exception {
        server(config().ringCapacity(SMALL_RING), recorder);
        TransportClient client = client();
        byte[] big = pattern(10 * SMALL_RING, 3);

        byte[] echoed = client.request(big, Duration.ofSeconds(20)).get(20, TimeUnit.SECONDS);

        assertArrayEquals(big, echoed);
        assertEquals(big.length, poll(recorder.messages, 1000).length());
    }

    @Test
    void shouldInterleaveLargeAndSmallMessagesFromConcurrentSenders() throws Exception {
        List<byte[]> large = Collections.synchronizedList(new ArrayList<>());
        List<String> small = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch all = new CountDownLatch(20 + 300);
        server(config().ringCapacity(SMALL_RING), new Recorder() {
            @Override
            public void onMessage(ClientConnection c, int correlationId, DirectBuffer buffer, int offset, int length) {
                byte[] copy = new byte[length];
                buffer.getBytes(offset, copy);
                if (length > 1000) {
                    large.add(copy);
                } else {
                    small.add(Fixtures.text(copy));
                }
                all.countDown();
            }
        });
        TransportClient client = client();
        int largeLength = 3 * SMALL_RING + 123;

        Future<?> big = pool.submit(() -> {
            for (int i = 0; i < 20; i++) {
                client.send(pattern(largeLength, i));
            }
            return null;
        });
        Future<?> little = pool.submit(() -> {
            for (int i = 0; i < 300; i++) {
                client.send(bytes("s" + i));
            }
            return null;
        });
        big.get(30, TimeUnit.SECONDS);
        little.get(30, TimeUnit.SECONDS);

        assertTrue(all.await(30, TimeUnit.SECONDS));
        for (int i = 0; i < 20; i++) {
            assertArrayEquals(pattern(largeLength, i), large.get(i), "large message " + i);
        }
        for (int i = 0; i < 300; i++) {
            assertEquals("s" + i, small.get(i));
        }
    }

    @Test
    void shouldFailASendWhoseRingStaysFullAndAbortAHalfSentMessage() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        List<String> received = Collections.synchronizedList(new ArrayList<>());
        server(config().ringCapacity(SMALL_RING), new Recorder() {
            @Override
            public void onMessage(ClientConnection c, int correlationId, DirectBuffer buffer, int offset, int length) {
                received.add(length > 100 ? "large" : text(buffer, offset, length));
                if (text(buffer, offset, Math.min(length, 5)).equals("block")) {
                    entered.countDown();
                    await(release); // the conductor stops reading: the request ring fills up
                }
                if (correlationId != 0) {
                    c.reply(correlationId, bytes("ok"));
                }
            }
        });
        TransportClient client = client(config().sendTimeout(300, TimeUnit.MILLISECONDS), new Inbox());
        try {
            client.send(bytes("block"));
            assertTrue(entered.await(5, TimeUnit.SECONDS));

            long start = System.nanoTime();
            // 3x the ring: the first fragments fit, then the ring stays full
            PmixException e = assertThrows(PmixException.class, () -> client.send(pattern(3 * SMALL_RING, 1)));
            long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertStatus(Status.ERR_OUT_OF_RESOURCE, e);
            assertMentions(e, "stayed full");
            assertTrue(tookMs >= 250, "gave up after " + tookMs + " ms");
        } finally {
            release.countDown();
        }
        client.send(bytes("after"));
        assertEquals("ok", text(client.request(bytes("req"), FIVE_SECONDS).get(5, TimeUnit.SECONDS)));
        assertEquals(List.of("block", "after", "req"), received, "the half-sent message was dropped");
        assertTrue(client.isConnected());
    }

    @Test
    void shouldFailAServerSendWhenTheClientStopsReading() throws Exception {
        server(config().ringCapacity(SMALL_RING).sendTimeout(300, TimeUnit.MILLISECONDS), recorder);
        CountDownLatch release = new CountDownLatch(1);
        List<Integer> lengths = Collections.synchronizedList(new ArrayList<>());
        client(config(), (correlationId, buffer, offset, length) -> {
            lengths.add(length);
            await(release); // the receiver stops reading: the reply ring fills up
        });
        ClientConnection c = poll(recorder.accepted, 2000);

        int sent = 0;
        long start = System.nanoTime();
        PmixException e = null;
        while (e == null && sent < 1000) {
            try {
                c.send(new byte[4000]);
                sent++;
            } catch (PmixException full) {
                e = full;
            }
        }
        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

        assertStatus(Status.ERR_OUT_OF_RESOURCE, e);
        assertTrue(sent > 5 && sent < SMALL_RING / 4000 + 2, "sent " + sent + " before the ring was full");
        assertTrue(tookMs >= 250, "gave up after " + tookMs + " ms");
        release.countDown();
        c.send(new byte[1]);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (lengths.size() < sent + 1 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(sent + 1, lengths.size());
    }

    @Test
    void shouldDropAClientWhoseFragmentsLieAboutTheirLength() throws Exception {
        server();
        Inbox inbox = new Inbox();
        TransportClient liar = client(config(), inbox);
        TransportClient honest = client();
        RingBuffer requests = liar.ring().requests();
        int index = requests.tryClaim(Protocol.RECORD_FRAGMENT, Protocol.FRAGMENT_HEADER_LENGTH + 8);
        requests.buffer().putInt(index + Protocol.FRAGMENT_MESSAGE_ID_OFFSET, 1);
        requests.buffer().putInt(index + Protocol.FRAGMENT_INDEX_OFFSET, 0);
        requests.buffer().putInt(index + Protocol.FRAGMENT_TOTAL_LENGTH_OFFSET, Integer.MAX_VALUE);
        requests.commit(index);
        liar.send(bytes("poke")); // rings the doorbell if the server sleeps

        Departure gone = poll(recorder.departures, 5000);
        assertEquals(liar.id(), gone.connection().id());
        assertFalse(gone.clean());
        PmixException lost = poll(inbox.disconnects, 5000);
        assertStatus(Status.ERR_LOST_CONNECTION, lost);
        assertStatus(Status.ERR_LOST_CONNECTION, failure(liar.request(bytes("x"), FIVE_SECONDS), 5));
        assertEquals("fine", text(honest.request(bytes("fine"), FIVE_SECONDS).get(5, TimeUnit.SECONDS)));
    }

    @Test
    void shouldServe32ClientsAtOnce() throws Exception {
        TransportServer server = server();
        List<Future<TransportClient>> connecting = new ArrayList<>();
        for (int i = 0; i < 32; i++) {
            connecting.add(pool.submit(() -> client()));
        }
        List<TransportClient> clients = new ArrayList<>();
        for (Future<TransportClient> f : connecting) {
            clients.add(f.get(30, TimeUnit.SECONDS));
        }
        List<CompletableFuture<byte[]>> replies = new ArrayList<>();
        for (TransportClient c : clients) {
            for (int j = 0; j < 5; j++) {
                replies.add(c.request(bytes(c.id() + ":" + j), FIVE_SECONDS));
            }
        }
        int k = 0;
        for (TransportClient c : clients) {
            for (int j = 0; j < 5; j++) {
                assertEquals(c.id() + ":" + j, text(replies.get(k++).get(10, TimeUnit.SECONDS)));
            }
        }
        assertEquals(32, server.connectionCount());
        assertEquals(32, ringFiles(dir).size());

        for (TransportClient c : clients) {
            c.close();
        }
        for (int i = 0; i < 32; i++) {
            Departure d = poll(recorder.departures, 5000);
            assertTrue(d.clean(), d.toString());
            assertFalse(d.ringFileExisted(), "ring file deleted before onDisconnect");
        }
        assertEquals(0, server.connectionCount());
    }

    @Test
    void shouldReportAClientsGoodbyeAsACleanEnd() throws Exception {
        server();
        TransportClient client = client();
        client.send(bytes("last words"));

        client.close();

        Departure d = poll(recorder.departures, 5000);
        assertTrue(d.clean());
        assertEquals("last words", poll(recorder.messages, 1000).text(), "delivered before onDisconnect");
        assertFalse(client.isConnected());
        assertStatus(Status.ERR_LOST_CONNECTION, assertThrows(PmixException.class, () -> client.send(bytes("x"))));
        assertStatus(Status.ERR_LOST_CONNECTION, failure(client.request(bytes("x"), FIVE_SECONDS), 1));
    }

    @Test
    void shouldTellTheClientWhenTheServerClosesItsConnection() throws Exception {
        server();
        Inbox inbox = new Inbox();
        TransportClient client = client(config(), inbox);
        CompletableFuture<byte[]> held = client.request(bytes("hold:1"), Duration.ofSeconds(30));
        ClientConnection c = poll(recorder.accepted, 2000);
        c.send(bytes("bye soon"));

        c.close();

        PmixException reason = poll(inbox.disconnects, 5000);
        assertStatus(Status.ERR_LOST_CONNECTION, reason);
        assertMentions(reason, "closed the connection");
        assertEquals("bye soon", poll(inbox.messages, 1000).text(), "what was sent before close arrives");
        assertStatus(Status.ERR_LOST_CONNECTION, failure(held, 2));
        assertTrue(poll(recorder.departures, 5000).clean());
        assertFalse(c.isOpen());
        assertStatus(Status.ERR_LOST_CONNECTION, assertThrows(PmixException.class, () -> c.send(bytes("x"))));
    }

    @Test
    void shouldFailPendingRequestsAtOnceWhenTheServerStops() throws Exception {
        TransportServer server = server();
        TransportClient client = client();
        CompletableFuture<byte[]> held = client.request(bytes("hold:1"), Duration.ofSeconds(30));
        poll(recorder.messages, 2000);

        server.close();

        assertStatus(Status.ERR_LOST_CONNECTION, failure(held, 2));
        assertStatus(Status.ERR_LOST_CONNECTION, failure(client.request(bytes("x"), FIVE_SECONDS), 1));
        assertTrue(poll(recorder.departures, 1000).clean());
    }

    @Test
    void shouldDropAClientWhoseHeartbeatStops() throws Exception {
        server(config().heartbeatInterval(50, TimeUnit.MILLISECONDS).heartbeatTimeout(300, TimeUnit.MILLISECONDS),
                recorder);
        Inbox inbox = new Inbox();
        // a client that beats once at connect, then not for 30 s: as good as hung
        TransportClient client = client(config().heartbeatInterval(30, TimeUnit.SECONDS)
                .heartbeatTimeout(60, TimeUnit.SECONDS), inbox);

        Departure d = poll(recorder.departures, 5000);
        assertFalse(d.clean());
        assertEquals(client.id(), d.connection().id());
        assertStatus(Status.ERR_LOST_CONNECTION, poll(inbox.disconnects, 5000));
    }

    /**
     * docs/transport.md, "Faults on the ring file": a truncated ring is a lost connection to the caller,
     * never an {@code InternalError} (JDK 17 reports the fault of a compiled write or read later, where
     * the thread next calls into the VM's runtime: once the caller's own wait, which threw it).
     */
    @Test
    void shouldFailCallsWithALostConnectionNotAnInternalErrorWhenTheRingFileIsTruncated() throws Exception {
        server();
        TransportClient client = client();
        for (int i = 0; i < 20_000; i++) { // the send and receive paths compiled, as in a running job
            client.request(bytes("warm-" + i), FIVE_SECONDS).get(5, TimeUnit.SECONDS);
        }
        try (RandomAccessFile f = new RandomAccessFile(client.ring().path().toFile(), "rw")) {
            f.setLength(0); // a buggy process of the same user
        }
        Throwable failure = null;
        for (int i = 0; failure == null; i++) {
            assertTrue(i < 100_000, "calls still answered after the ring file was cut");
            try {
                client.request(bytes("after-" + i), FIVE_SECONDS).get(10, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                failure = e.getCause();
            } catch (Throwable t) {
                failure = t; // thrown at the caller itself
            }
        }
        PmixException e = assertInstanceOf(PmixException.class, failure, String.valueOf(failure));
        assertStatus(Status.ERR_LOST_CONNECTION, e);
        ExecutionException later = assertThrows(ExecutionException.class,
                () -> client.request(bytes("later"), FIVE_SECONDS).get(10, TimeUnit.SECONDS));
        assertStatus(Status.ERR_LOST_CONNECTION, assertInstanceOf(PmixException.class, later.getCause()));
    }

    @Test
    void shouldKeepTheThreadsAliveWhenCallbacksThrow() throws Exception {
        Recorder throwing = new Recorder() {
            @Override
            public void onMessage(ClientConnection c, int correlationId, DirectBuffer buffer, int offset, int length) {
                if (correlationId == 0) {
                    c.send(bytes("boom"));
                    throw new IllegalStateException("server handler bug");
                }
                super.onMessage(c, correlationId, buffer, offset, length);
            }

            @Override
            public void onDisconnect(ClientConnection c, boolean clean) {
                super.onDisconnect(c, clean);
                throw new IllegalStateException("onDisconnect bug");
            }
        };
        server(config(), throwing);
        TransportClient client = client(config(), (correlationId, buffer, offset, length) -> {
            throw new IllegalStateException("client handler bug");
        });

        client.send(bytes("one way"));
        assertEquals("still", text(client.request(bytes("still"), FIVE_SECONDS).get(5, TimeUnit.SECONDS)));
        client.close();
        poll(throwing.departures, 5000);
        TransportClient next = client();
        assertEquals("alive", text(next.request(bytes("alive"), FIVE_SECONDS).get(5, TimeUnit.SECONDS)));
    }

    /**
     * Both sides go to sleep at the first idle poll, and the client pauses at random: every
     * round trip runs through the asleep flag and the doorbell. A lost wake-up would show up as a
     * request that times out.
     */
    @Test
    void shouldNeverLoseAWakeUpWhenBothSidesSleepEagerly() throws Exception {
        TransportConfig eager = config().idleSpins(0).idleYields(0);
        server(eager, recorder);
        TransportClient client = client(config().idleSpins(0).idleYields(0), new Inbox());
        ThreadLocalRandom random = ThreadLocalRandom.current();

        for (int i = 0; i < 2000; i++) {
            if (random.nextInt(4) == 0) {
                LockSupport.parkNanos(random.nextLong(200_000));
            }
            byte[] reply = client.request(bytes("r" + i), Duration.ofSeconds(5)).get(6, TimeUnit.SECONDS);
            assertEquals("r" + i, text(reply));
        }
        assertNull(recorder.departures.poll());
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
