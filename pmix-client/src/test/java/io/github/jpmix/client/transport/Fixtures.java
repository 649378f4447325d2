package io.github.jpmix.client.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.internal.transport.TransportConfig;
import io.github.jpmix.server.internal.transport.ClientConnection;
import io.github.jpmix.server.internal.transport.TransportServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.agrona.DirectBuffer;

/** Shared helpers of the transport tests that run a server and clients together. */
final class Fixtures {
    private Fixtures() {
    }

    /** Small spin budget (2 cores shared by everything), fast timeouts for unhappy paths. */
    static TransportConfig config() {
        return new TransportConfig().idleSpins(50).idleYields(5).handshakeTimeout(5, TimeUnit.SECONDS)
                .sendTimeout(5, TimeUnit.SECONDS);
    }

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static String text(DirectBuffer buffer, int offset, int length) {
        byte[] b = new byte[length];
        buffer.getBytes(offset, b);
        return new String(b, StandardCharsets.UTF_8);
    }

    static String text(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }

    /** A payload whose every byte depends on its position and a seed, to catch misplaced chunks. */
    static byte[] pattern(int length, int seed) {
        byte[] b = new byte[length];
        for (int i = 0; i < length; i++) {
            b[i] = (byte) (i * 31 + seed + (i >>> 8) * 7);
        }
        return b;
    }

    /** The PmixException a future failed with (waits at most {@code seconds}). */
    static PmixException failure(CompletableFuture<?> future, long seconds) {
        try {
            future.get(seconds, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            return assertInstanceOf(PmixException.class, e.getCause(), "cause of " + e);
        } catch (TimeoutException e) {
            fail("future still pending after " + seconds + " s");
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
        return fail("future completed normally");
    }

    static <T> T poll(BlockingQueue<T> queue, long millis) throws InterruptedException {
        T value = queue.poll(millis, TimeUnit.MILLISECONDS);
        assertNotNull(value, "nothing arrived within " + millis + " ms");
        return value;
    }

    static List<Path> ringFiles(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().startsWith("ring-")).toList();
        }
    }

    /**
     * A test's teardown: closes what it opened, last first, then fails if a ring file is left in
     * {@code dir} or a transport thread outlives its endpoint.
     */
    static void closeAll(List<AutoCloseable> open, Path dir) throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
        assertEquals(List.of(), ringFiles(dir), "ring files left behind");
        assertNoTransportThreadsLeft();
    }

    /**
     * Fails if a conductor or receiver thread outlives its endpoint (the shared request-timeout
     * thread is expected to stay). Waits up to 2 s for threads that are finishing.
     */
    static void assertNoTransportThreadsLeft() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        while (true) {
            List<String> alive = Thread.getAllStackTraces().keySet().stream()
                    .filter(Thread::isAlive)
                    .map(Thread::getName)
                    .filter(n -> n.startsWith("jpmix-transport-server") || n.startsWith("jpmix-transport-client-"))
                    .toList();
            if (alive.isEmpty()) {
                return;
            }
            if (System.nanoTime() - deadline > 0) {
                fail("transport threads left running: " + alive);
            }
            Thread.sleep(10);
        }
    }

    static void assertStatus(int expected, PmixException e) {
        assertEquals(expected, e.status(), () -> "status of " + e);
    }

    static void assertMentions(PmixException e, String... words) {
        for (String w : words) {
            assertTrue(String.valueOf(e.getMessage()).contains(w), () -> "'" + e.getMessage() + "' lacks '" + w + "'");
        }
    }

    /** A message as a handler saw it. */
    record Message(ClientConnection connection, int correlationId, String text, int length) {
    }

    /** A departure as the server handler saw it. */
    record Departure(ClientConnection connection, boolean clean, boolean ringFileExisted) {
    }

    /**
     * A server handler that records everything and answers requests: "echo:x" replies "x",
     * "hold:x" keeps the request unanswered, anything else with a correlation id gets its payload back.
     */
    static class Recorder implements TransportServer.Handler {
        final BlockingQueue<Message> messages = new LinkedBlockingQueue<>();
        final BlockingQueue<Departure> departures = new LinkedBlockingQueue<>();
        final BlockingQueue<ClientConnection> accepted = new LinkedBlockingQueue<>();

        TransportServer.Acceptor acceptor() {
            return (c, handshake) -> {
                accepted.add(c);
                return bytes("welcome " + text(handshake));
            };
        }

        @Override
        public void onMessage(ClientConnection c, int correlationId, DirectBuffer buffer, int offset, int length) {
            String s = length <= 256 ? text(buffer, offset, length) : null;
            messages.add(new Message(c, correlationId, s, length));
            if (correlationId != 0 && (s == null || !s.startsWith("hold:"))) {
                c.reply(correlationId, buffer, offset, length);
            }
        }

        @Override
        public void onDisconnect(ClientConnection c, boolean clean) {
            departures.add(new Departure(c, clean, Files.exists(c.ringFile())));
        }
    }

    /** A client handler that records what the server pushes. */
    static class Inbox implements TransportClient.Handler {
        final BlockingQueue<Message> messages = new LinkedBlockingQueue<>();
        final BlockingQueue<PmixException> disconnects = new LinkedBlockingQueue<>();

        @Override
        public void onMessage(int correlationId, DirectBuffer buffer, int offset, int length) {
            messages.add(new Message(null, correlationId, length <= 256 ? text(buffer, offset, length) : null, length));
        }

        @Override
        public void onDisconnect(PmixException reason) {
            disconnects.add(reason);
        }
    }
}
