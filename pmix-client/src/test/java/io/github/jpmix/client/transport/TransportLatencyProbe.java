package io.github.jpmix.client.transport;

import io.github.jpmix.common.internal.transport.TransportConfig;
import io.github.jpmix.server.internal.transport.ClientConnection;
import io.github.jpmix.server.internal.transport.TransportServer;
import io.github.jpmix.testing.Child;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.agrona.DirectBuffer;

/**
 * Not a test: measures the transport between two real processes and prints the figures.
 * <ol>
 * <li>Round-trip latency of a 16-byte request and its reply (server in this JVM, client in a child
 * JVM), when both sides are busy (back to back) and when both have gone to sleep on their sockets
 * (a pause before each request); each both with the client waiting in {@code join()} (parks the
 * caller) and spinning on {@code isDone()}.</li>
 * <li>CPU used over a quiet period by this server process (from /proc/self/stat), by its
 * conductor thread, and by each of N idle client processes.</li>
 * </ol>
 * Run after {@code mvn -pl pmix-client -am test-compile}, with the test classpath and the JVM flags:
 * {@code java <jpmix.jvm.flags> -cp <test classpath> io.github.jpmix.client.transport.TransportLatencyProbe
 * [busyCount] [asleepCount] [pauseMs] [idleClients] [idleSeconds]}.
 */
public final class TransportLatencyProbe {
    private TransportLatencyProbe() {
    }

    /** The jpmix.transport.* system properties of this JVM, passed on to the children. */
    private static List<String> transportProperties() {
        List<String> options = new ArrayList<>();
        System.getProperties().forEach((k, v) -> {
            if (k.toString().startsWith("jpmix.transport.")) {
                options.add("-D" + k + "=" + v);
            }
        });
        return options;
    }

    public static void main(String[] args) throws Exception {
        int busy = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
        int asleep = args.length > 1 ? Integer.parseInt(args[1]) : 500;
        int pauseMs = args.length > 2 ? Integer.parseInt(args[2]) : 20;
        int idleClients = args.length > 3 ? Integer.parseInt(args[3]) : 8;
        int idleSeconds = args.length > 4 ? Integer.parseInt(args[4]) : 10;

        Path dir = Files.createTempDirectory("jpmix-probe");
        Path socket = dir.resolve("server.sock");
        TransportConfig config = new TransportConfig().conclude();
        System.out.println("config: " + config + "; cpus=" + Runtime.getRuntime().availableProcessors()
                + "; java=" + Runtime.version());
        TransportServer server = TransportServer.start(socket, config, (c, handshake) -> new byte[0],
                new TransportServer.Handler() {
                    @Override
                    public void onMessage(ClientConnection c, int correlationId, DirectBuffer buffer, int offset,
                            int length) {
                        if (correlationId == 0) {
                            c.send(buffer, offset, length); // ping-pong: one-way both ways
                        } else {
                            c.reply(correlationId, buffer, offset, length);
                        }
                    }

                    @Override
                    public void onDisconnect(ClientConnection c, boolean clean) {
                    }
                });
        try {
            try (Child client = Child.start(transportProperties(), Map.of(), TransportChildMain.class.getName(),
                    "latency-client", socket.toString(), String.valueOf(busy), String.valueOf(busy), String.valueOf(asleep),
                    String.valueOf(pauseMs))) {
                for (int i = 0; i < 6; i++) {
                    System.out.println(client.await("LATENCY", 600_000).text());
                }
                client.await("DONE", 60_000);
            }

            List<Child> idle = new ArrayList<>();
            for (int i = 0; i < idleClients; i++) {
                idle.add(Child.start(transportProperties(), Map.of(), TransportChildMain.class.getName(), "idle-client",
                        socket.toString()));
            }
            for (Child c : idle) {
                c.await("CONNECTED", 60_000);
            }
            Thread.sleep(3000); // JIT and start-up of the children settle
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            long conductorId = server.conductorThread().getId();
            long self = ProcessHandle.current().pid();
            long process0 = Child.cpuNanos(self);
            long conductor0 = threads.getThreadCpuTime(conductorId);
            long[] child0 = new long[idle.size()];
            for (int i = 0; i < child0.length; i++) {
                child0[i] = idle.get(i).cpuNanos();
            }
            long wall0 = System.nanoTime();
            Thread.sleep(TimeUnit.SECONDS.toMillis(idleSeconds));
            long wall = System.nanoTime() - wall0;
            System.out.printf("IDLE %d clients connected, %.1f s: server process %.3f%% CPU, conductor thread %.4f%%%n",
                    server.connectionCount(), wall / 1e9,
                    100.0 * (Child.cpuNanos(self) - process0) / wall,
                    100.0 * (threads.getThreadCpuTime(conductorId) - conductor0) / wall);
            StringBuilder clients = new StringBuilder("IDLE client processes % CPU:");
            for (int i = 0; i < idle.size(); i++) {
                clients.append(String.format(" %.3f", 100.0 * (idle.get(i).cpuNanos() - child0[i]) / wall));
            }
            System.out.println(clients);
            for (Child c : idle) {
                c.close();
            }
        } finally {
            server.close();
            try (var files = Files.list(dir)) {
                files.forEach(p -> p.toFile().delete());
            }
            Files.deleteIfExists(dir);
        }
    }
}
