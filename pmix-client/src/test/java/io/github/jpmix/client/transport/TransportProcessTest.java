package io.github.jpmix.client.transport;

import static io.github.jpmix.client.transport.Fixtures.assertMentions;
import static io.github.jpmix.client.transport.Fixtures.assertStatus;
import static io.github.jpmix.client.transport.Fixtures.bytes;
import static io.github.jpmix.client.transport.Fixtures.closeAll;
import static io.github.jpmix.client.transport.Fixtures.config;
import static io.github.jpmix.client.transport.Fixtures.failure;
import static io.github.jpmix.client.transport.Fixtures.poll;
import static io.github.jpmix.client.transport.Fixtures.ringFiles;
import static io.github.jpmix.client.transport.Fixtures.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.client.transport.Fixtures.Departure;
import io.github.jpmix.client.transport.Fixtures.Inbox;
import io.github.jpmix.client.transport.Fixtures.Recorder;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.transport.PeerCredentials;
import io.github.jpmix.server.internal.transport.ClientConnection;
import io.github.jpmix.server.internal.transport.TransportServer;
import io.github.jpmix.testing.Child;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The transport between real processes: child JVMs that exchange messages, die, or idle. */
class TransportProcessTest {
    @TempDir
    Path dir;

    private final Recorder recorder = new Recorder();
    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void closeEverything() throws Exception {
        closeAll(open, dir);
    }

    private Path socket() {
        return dir.resolve("server.sock");
    }

    private TransportServer server() {
        TransportServer server = TransportServer.start(socket(), config(), recorder.acceptor(), recorder);
        open.add(server);
        return server;
    }

    private Child child(String... args) throws Exception {
        Child child = Child.start(Child.SMALL, Map.of(), TransportChildMain.class.getName(), args);
        open.add(child);
        return child;
    }

    @Test
    void shouldExchangeMessagesWithAClientProcess() throws Exception {
        server();
        Child child = child("echo-client", socket().toString(), "300");

        child.await("DONE 300", 30_000);

        ClientConnection c = poll(recorder.accepted, 1000);
        assertEquals(child.process.pid(), c.pid());
        assertTrue(c.credentials().hasUid(PeerCredentials.currentUid()));
        assertTrue(poll(recorder.departures, 5000).clean(), "the child closed in order");
        assertTrue(child.process.waitFor(10, TimeUnit.SECONDS));
        assertEquals(0, child.process.exitValue());
        assertEquals(300, recorder.messages.size());
    }

    @Test
    void shouldNoticeAKilledClientAtOnceAndServeTheNextOne() throws Exception {
        TransportServer server = server();
        Child child = child("stream-client", socket().toString());
        child.await("STREAMING", 30_000);
        ClientConnection c = poll(recorder.accepted, 1000);

        child.process.destroyForcibly(); // SIGKILL, mid-stream
        child.process.onExit().get(10, TimeUnit.SECONDS);
        long diedAt = System.nanoTime();
        Departure d = poll(recorder.departures, 1000);
        long noticedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - diedAt);

        assertEquals(c, d.connection());
        assertFalse(d.clean(), "killed, not closed");
        assertFalse(d.ringFileExisted(), "ring file deleted before onDisconnect");
        assertTrue(noticedMs < 1000, "noticed after " + noticedMs + " ms");
        assertEquals(List.of(), ringFiles(dir));
        assertEquals(0, server.connectionCount());
        TransportClient next = TransportClient.connect(socket(), bytes("next"), config(), new Inbox());
        open.add(next);
        assertEquals("still here", text(next.request(bytes("still here"), Duration.ofSeconds(5)).get(5, TimeUnit.SECONDS)));
    }

    @Test
    void shouldFailPendingRequestsPromptlyWhenTheServerProcessIsKilled() throws Exception {
        Child server = child("server", socket().toString());
        server.await("READY", 30_000);
        Inbox inbox = new Inbox();
        TransportClient client = TransportClient.connect(socket(), bytes("me"), config(), inbox);
        open.add(client);
        assertEquals("echo", text(client.request(bytes("echo"), Duration.ofSeconds(5)).get(5, TimeUnit.SECONDS)));
        CompletableFuture<byte[]> held = client.request(bytes("hold:forever"), Duration.ofSeconds(60));

        long start = System.nanoTime();
        server.process.destroyForcibly();
        PmixException e = failure(held, 2);
        long failedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

        assertStatus(Status.ERR_LOST_CONNECTION, e);
        assertTrue(failedMs < 2000, "failed after " + failedMs + " ms");
        assertStatus(Status.ERR_LOST_CONNECTION, poll(inbox.disconnects, 1000));
        assertStatus(Status.ERR_LOST_CONNECTION, failure(client.request(bytes("x"), Duration.ofSeconds(5)), 1));
        assertStatus(Status.ERR_LOST_CONNECTION, assertThrows(PmixException.class, () -> client.send(bytes("x"))));
        server.process.onExit().get(10, TimeUnit.SECONDS);
        PmixException unreachable = assertThrows(PmixException.class,
                () -> TransportClient.connect(socket(), bytes("again"), config(), new Inbox()));
        assertStatus(Status.ERR_UNREACH, unreachable);
        assertMentions(unreachable, socket().toString());
        // the dead server's ring file stays for whoever cleans the session directory
        ringFiles(dir).forEach(p -> p.toFile().delete());
    }

    /**
     * A server with idle client processes (and one idle in-process client) sleeps in the kernel:
     * measured CPU time, not timed latency. Bounds are generous (5% of wall time); the expected
     * figure is about 0.
     */
    @Test
    void shouldUseAlmostNoCpuWhenIdle() throws Exception {
        TransportServer server = server();
        List<Child> children = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            children.add(child("idle-client", socket().toString()));
        }
        for (Child c : children) {
            c.await("CONNECTED", 30_000);
        }
        TransportClient local = TransportClient.connect(socket(), bytes("local"), config(), new Inbox());
        open.add(local);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (server.connectionCount() < 4 && System.nanoTime() < deadline) {
            Thread.sleep(10); // a client may return from connect a moment before the server counts it
        }
        assertEquals(4, server.connectionCount());
        Thread.sleep(500); // let the children's JVMs finish starting up

        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long conductor = server.conductorThread().getId();
        long receiver = local.receiverThread().getId();
        long conductor0 = threads.getThreadCpuTime(conductor);
        long receiver0 = threads.getThreadCpuTime(receiver);
        long[] child0 = new long[children.size()];
        for (int i = 0; i < child0.length; i++) {
            child0[i] = children.get(i).cpuNanos();
        }
        long wall0 = System.nanoTime();
        Thread.sleep(3000);
        long wall = System.nanoTime() - wall0;
        double conductorShare = (threads.getThreadCpuTime(conductor) - conductor0) / (double) wall;
        double receiverShare = (threads.getThreadCpuTime(receiver) - receiver0) / (double) wall;

        assertTrue(conductorShare < 0.05, "conductor used " + percent(conductorShare) + " of a CPU");
        assertTrue(receiverShare < 0.05, "client receiver used " + percent(receiverShare) + " of a CPU");
        for (int i = 0; i < child0.length; i++) {
            double share = (children.get(i).cpuNanos() - child0[i]) / (double) wall;
            assertTrue(share < 0.05, "idle client process used " + percent(share) + " of a CPU");
        }
        for (Child c : children) {
            c.closeStdin();
        }
        for (int i = 0; i < children.size(); i++) {
            assertTrue(poll(recorder.departures, 10_000).clean());
        }
    }

    private static String percent(double share) {
        return String.format("%.2f%%", share * 100);
    }
}
