package io.github.jpmix.client.transport;

import io.github.jpmix.common.internal.transport.TransportConfig;
import io.github.jpmix.server.internal.transport.ClientConnection;
import io.github.jpmix.server.internal.transport.TransportServer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import org.agrona.DirectBuffer;

/**
 * The main class of the child JVMs the multi-process tests and {@link TransportLatencyProbe}
 * start: a transport client or server that reports progress as lines on stdout and ends when
 * its stdin closes (or when it is killed).
 */
public final class TransportChildMain {
    private TransportChildMain() {
    }

    public static void main(String[] args) throws Exception {
        Path socket = Path.of(args[1]);
        switch (args[0]) {
            case "echo-client" -> echoClient(socket, Integer.parseInt(args[2]));
            case "stream-client" -> streamClient(socket);
            case "idle-client" -> idleClient(socket);
            case "server" -> server(socket);
            case "latency-client" -> latencyClient(socket, Integer.parseInt(args[2]), Integer.parseInt(args[3]),
                    Integer.parseInt(args[4]), Integer.parseInt(args[5]));
            default -> throw new IllegalArgumentException("unknown mode " + args[0]);
        }
    }

    private static TransportClient connect(Path socket) {
        return TransportClient.connect(socket, ("child " + ProcessHandle.current().pid()).getBytes(StandardCharsets.UTF_8),
                new TransportConfig(), (correlationId, buffer, offset, length) -> { });
    }

    private static void say(String line) {
        System.out.println(line);
        System.out.flush();
    }

    private static void echoClient(Path socket, int count) {
        try (TransportClient client = connect(socket)) {
            for (int i = 0; i < count; i++) {
                byte[] reply = client.request(("m" + i).getBytes(StandardCharsets.UTF_8), Duration.ofSeconds(10)).join();
                if (!("m" + i).equals(new String(reply, StandardCharsets.UTF_8))) {
                    say("FAIL at " + i);
                    System.exit(1);
                }
            }
            say("DONE " + count);
        }
    }

    /** Sends as fast as it can until killed. */
    private static void streamClient(Path socket) {
        TransportClient client = connect(socket);
        say("CONNECTED");
        byte[] payload = new byte[256];
        for (long i = 0; ; i++) {
            client.send(payload);
            if (i == 200) {
                say("STREAMING");
            }
        }
    }

    private static void idleClient(Path socket) throws IOException {
        try (TransportClient client = connect(socket)) {
            say("CONNECTED " + client.id());
            waitForStdinToClose();
        }
    }

    /** Echoes requests, except "hold:..." which it never answers. */
    private static void server(Path socket) throws IOException {
        TransportServer server = TransportServer.start(socket, new TransportConfig(), (c, handshake) -> new byte[0],
                new TransportServer.Handler() {
                    @Override
                    public void onMessage(ClientConnection c, int correlationId, DirectBuffer buffer, int offset,
                            int length) {
                        if (correlationId != 0 && !(length >= 5 && buffer.getByte(offset) == 'h'
                                && buffer.getByte(offset + 4) == ':')) {
                            c.reply(correlationId, buffer, offset, length);
                        }
                    }

                    @Override
                    public void onDisconnect(ClientConnection c, boolean clean) {
                    }
                });
        say("READY");
        waitForStdinToClose();
        server.close();
    }

    /**
     * Round trips of a 16-byte request: {@code busy} back to back (both sides keep polling), then
     * {@code asleep} with a pause before each (both sides have gone to sleep on their sockets).
     * "join" waits in {@code CompletableFuture.join()} (the caller parks and is woken by the
     * receiver thread), "spin" spins on {@code isDone()}, "pingpong" sends the next one-way
     * message from the receiver thread itself when the echo arrives (no third thread involved).
     * Prints "LATENCY mode waiting n p50 p90 p99 max" in microseconds.
     */
    private static void latencyClient(Path socket, int warmup, int busy, int asleep, int pauseMs) throws Exception {
        PingPong pingPong = new PingPong();
        try (TransportClient client = TransportClient.connect(socket, new byte[0], new TransportConfig(), pingPong)) {
            pingPong.client = client;
            byte[] payload = new byte[16];
            for (int i = 0; i < warmup; i++) {
                client.request(payload, Duration.ofSeconds(10)).join();
            }
            report("busy", "pingpong", pingPong.run(warmup));
            report("busy", "pingpong", pingPong.run(busy));
            report("busy", "join", run(client, payload, busy, 0, false));
            report("busy", "spin", run(client, payload, busy, 0, true));
            report("asleep", "join", run(client, payload, asleep, pauseMs, false));
            report("asleep", "spin", run(client, payload, asleep, pauseMs, true));
            say("DONE");
        }
    }

    /** One-way messages echoed by the server; the next leaves from the receiver thread. */
    private static final class PingPong implements TransportClient.Handler {
        private final byte[] payload = new byte[16];
        volatile TransportClient client;
        private long[] nanos;
        private int count;
        private long start;
        private java.util.concurrent.CountDownLatch done;

        long[] run(int n) throws InterruptedException {
            nanos = new long[n];
            count = 0;
            done = new java.util.concurrent.CountDownLatch(1);
            start = System.nanoTime();
            client.send(payload);
            if (!done.await(120, java.util.concurrent.TimeUnit.SECONDS)) {
                throw new IllegalStateException("ping-pong stalled at " + count);
            }
            return nanos;
        }

        @Override
        public void onMessage(int correlationId, DirectBuffer buffer, int offset, int length) {
            long now = System.nanoTime();
            nanos[count++] = now - start;
            if (count == nanos.length) {
                done.countDown();
                return;
            }
            start = System.nanoTime();
            client.send(payload);
        }
    }

    private static long[] run(TransportClient client, byte[] payload, int count, int pauseMs, boolean spin)
            throws InterruptedException {
        long[] nanos = new long[count];
        for (int i = 0; i < count; i++) {
            if (pauseMs > 0) {
                Thread.sleep(pauseMs);
            }
            long start = System.nanoTime();
            var reply = client.request(payload, Duration.ofSeconds(10));
            if (spin) {
                while (!reply.isDone()) {
                    Thread.onSpinWait();
                }
            }
            reply.join();
            nanos[i] = System.nanoTime() - start;
        }
        return nanos;
    }

    private static void report(String mode, String waiting, long[] nanos) {
        Arrays.sort(nanos);
        say(String.format("LATENCY %s %s n=%d p50=%.1f p90=%.1f p99=%.1f max=%.1f", mode, waiting, nanos.length,
                micros(nanos, 0.50), micros(nanos, 0.90), micros(nanos, 0.99), nanos[nanos.length - 1] / 1e3));
    }

    private static double micros(long[] sorted, double quantile) {
        return sorted[(int) Math.min(sorted.length - 1, Math.round(quantile * (sorted.length - 1)))] / 1e3;
    }

    private static void waitForStdinToClose() throws IOException {
        InputStream in = System.in;
        while (in.read() >= 0) {
            // nothing: the parent only ever closes stdin
        }
    }
}
