package io.github.jpmix.server.internal.transport;

import static io.github.jpmix.common.internal.transport.Transport.LOG;
import static java.lang.System.Logger.Level.DEBUG;
import static java.lang.System.Logger.Level.ERROR;
import static java.lang.System.Logger.Level.WARNING;

import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.LogText;
import io.github.jpmix.common.internal.MappedFaults;
import io.github.jpmix.common.internal.transport.Protocol;
import io.github.jpmix.common.internal.transport.RingFile;
import io.github.jpmix.common.internal.transport.Transport;
import io.github.jpmix.common.internal.transport.TransportConfig;
import java.io.IOException;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Not API. The server's single conductor thread, its event loop: one {@link Selector} over the
 * listening socket and every client socket (new connections, handshakes, doorbells, goodbyes, EOF),
 * a poll of every client's request ring, and the periodic duties (heartbeats, handshake deadlines).
 * The handshakes themselves, from {@code accept()} to ACCEPT or REJECT, are {@link Handshakes}'
 * state machine, which hands each established connection back here ({@link #established}).
 *
 * <p><b>Duty cycle.</b> Poll all request rings (at most {@link Transport#POLL_LIMIT} records per
 * client per pass, for fairness) and run queued tasks; look at the sockets without blocking at
 * least every millisecond while busy; when a pass finds nothing, spin, then yield, then sleep:
 * set the server's asleep flag in every client's control block, re-check every ring, and block
 * in {@code select} until a doorbell, a socket event, a task, or the next duty.
 *
 * <p>Everything here runs on the conductor thread except {@link #requestClose},
 * {@link #requestDropFaulted}, {@link #requestDoorbell} and {@link #stop}, which queue work and wake
 * the selector. Rings are unmapped only here, and only between polls.
 *
 * <p><b>Faults.</b> A client's ring file is shared with that client, which may truncate it, and lives
 * on a file system that may fill up: then touching the mapping raises a SIGBUS, which the JVM turns
 * into an {@code InternalError} in the thread that touched it. Every touch of a client's ring here
 * (polls, the asleep flags, heartbeats, the last drain) is guarded per client: a fault drops that
 * client as lost ({@code onDisconnect(c, false)}) and the conductor goes on serving the others. A fault
 * reported later than the access that caused it is caught around the whole pass and pinned on the
 * clients whose ring files are truncated ({@link RingFile#isIntact()}). Ring files are written in
 * full when they are made, so a full file system refuses a client at its handshake instead of
 * faulting later.
 */
final class ServerConductor implements Runnable {
    private static final long SELECT_WHILE_BUSY_NS = TimeUnit.MILLISECONDS.toNanos(1);

    private final Path socketPath;
    private final TransportConfig config;
    private final TransportServer.Handler handler;
    private final ServerSocketChannel serverChannel;
    private final Selector selector;
    private final SelectionKey serverKey;
    private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final Transport.Idler idler;
    private final ByteBuffer socketBytes = ByteBuffer.allocate(64);
    private final ByteBuffer conductorDoorbell = ByteBuffer.allocate(1);
    private final Handshakes handshakes;
    private ClientConnection[] clients = new ClientConnection[0];
    private long nextHeartbeatNs;
    private long nextDutyNs;
    private volatile boolean running = true;
    private volatile int connectionCount;

    ServerConductor(Path socketPath, TransportConfig config, TransportServer.Acceptor acceptor,
            TransportServer.Handler handler, ServerSocketChannel serverChannel, Selector selector) throws IOException {
        this.socketPath = socketPath;
        this.config = config;
        this.handler = handler;
        this.serverChannel = serverChannel;
        this.selector = selector;
        this.idler = new Transport.Idler(config.idleSpins(), config.idleYields());
        this.handshakes = new Handshakes(this, socketPath, config, acceptor, handler, serverChannel, selector);
        serverChannel.configureBlocking(false);
        this.serverKey = serverChannel.register(selector, SelectionKey.OP_ACCEPT);
    }

    int connectionCount() {
        return connectionCount;
    }

    boolean isRunning() {
        return running;
    }

    /** Any thread: asks the conductor to stop; it closes every connection on its way out. */
    void stop() {
        running = false;
        selector.wakeup();
    }

    /** Any thread: closes a connection at the conductor's next safe point. */
    void requestClose(ClientConnection c, boolean clean, String reason) {
        tasks.add(() -> closeConnection(c, clean, reason));
        selector.wakeup();
    }

    /** Any thread: drops a client whose ring file faulted under a send, at the conductor's next safe point. */
    void requestDropFaulted(ClientConnection c, Throwable fault) {
        tasks.add(() -> dropFaulted(c, fault));
        selector.wakeup();
    }

    /**
     * Conductor thread, inside a ring poll (a handler met a fault): the rings are checked once the
     * poll is over, as a drop must not unmap the ring being read.
     */
    void requestFaultCheck(ClientConnection suspect, InternalError fault) {
        tasks.add(() -> onFault(suspect, fault));
    }

    /** Any thread: rings a client's doorbell from the conductor (for senders that must not touch the socket). */
    void requestDoorbell(ClientConnection c) {
        tasks.add(() -> {
            if (!c.disconnected) {
                c.writeDoorbell(conductorDoorbell);
            }
        });
        selector.wakeup();
    }

    @Override
    public void run() {
        try {
            long now = System.nanoTime();
            nextHeartbeatNs = now + config.heartbeatIntervalNs();
            nextDutyNs = nextHeartbeatNs;
            lastSelectNs = now;
            // A fault on a mapped file surfaces where MappedFaults.surface says (at the access on
            // JDK 25; on JDK 17 at the next runtime call or safepoint, which may be a line of the fault
            // handling itself), once per faulting access (a truncated ring read in a loop faults
            // several times): so both the turn and the loop around it catch it, and handling retries
            // when a later one interrupts it. Only a stop ends the conductor.
            while (running) {
                try {
                    while (running) {
                        try {
                            pass();
                        } catch (InternalError e) {
                            onStrayFault(e);
                        }
                    }
                } catch (InternalError late) {
                    onStrayFault(late);
                }
            }
        } catch (Throwable t) {
            LOG.log(ERROR, "transport server conductor failed; closing the server at " + socketPath, t);
        } finally {
            shutdown();
        }
    }

    private long lastSelectNs;

    /** One turn of the duty cycle (see the class comment). */
    private void pass() throws IOException {
        int work = pollRings() + runTasks();
        long now = System.nanoTime();
        if (now - lastSelectNs >= SELECT_WHILE_BUSY_NS) {
            lastSelectNs = now;
            selector.selectNow();
            work += processKeys();
        }
        if (now - nextDutyNs >= 0) {
            duties(now);
        }
        if (work > 0) {
            idler.reset();
        } else if (idler.idle()) {
            sleep();
            idler.reset();
            lastSelectNs = System.nanoTime();
        }
    }

    /**
     * A fault on a mapped file surfaced outside the per-client guards (the JVM reports a SIGBUS on
     * an unsafe access a little after it happened): every client whose ring file no longer covers
     * its mapping is dropped; the server goes on serving the rest.
     */
    private void onStrayFault(InternalError e) {
        InternalError pending = e;
        for (int reports = 0; pending != null; reports++) {
            try {
                onFault(null, pending);
                pending = null;
            } catch (InternalError late) {
                if (reports >= MAX_LATE_FAULT_REPORTS) {
                    throw late;
                }
                pending = late;
            }
        }
    }

    /** Late fault reports one stray-fault handling absorbs before the conductor gives up. */
    private static final int MAX_LATE_FAULT_REPORTS = 1000;

    /** Faults on one client's ring without a truncated file before that client is dropped all the same. */
    private static final int FAULTS_BEFORE_DROP = 3;

    /**
     * A fault surfaced on the conductor, perhaps later than the access that caused it, so perhaps
     * under another client's guard: every client whose ring file is truncated is dropped. When none
     * is, the fault was not a ring's (a store file's, reported late) unless {@code suspect} (the
     * client whose ring was being touched) keeps faulting: then it is dropped too. Only ever called
     * outside a ring poll, as a drop unmaps the ring.
     */
    void onFault(ClientConnection suspect, InternalError e) {
        int dropped = 0;
        for (ClientConnection c : clients) {
            if (!c.disconnected && !c.ring().isIntact()) {
                dropFaulted(c, e);
                dropped++;
            }
        }
        if (dropped > 0 || lastRingFaultNs != 0 && System.nanoTime() - lastRingFaultNs < RECENT_RING_FAULT_NS) {
            return; // a late report of a ring fault already handled
        }
        if (suspect != null && !suspect.disconnected && ++suspect.faults >= FAULTS_BEFORE_DROP) {
            dropFaulted(suspect, e);
            return;
        }
        LOG.log(WARNING, "a fault on a mapped file surfaced on the conductor"
                + (suspect != null ? " while serving " + suspect : "") + " and no client's ring file is truncated;"
                + " going on: " + e.getMessage());
    }

    /**
     * Conductor thread: whether a fault met while serving {@code c} is better explained by another
     * client's ring: one is truncated now, or one was dropped for a fault moments ago (the JVM may
     * report each faulting access of it, one after another, late).
     */
    boolean anotherRingFaulted(ClientConnection c) {
        if (lastRingFaultNs != 0 && System.nanoTime() - lastRingFaultNs < RECENT_RING_FAULT_NS) {
            return true;
        }
        for (ClientConnection other : clients) {
            if (other != c && !other.disconnected && !other.ring().isIntact()) {
                return true;
            }
        }
        return false;
    }

    /** How long after a ring fault a fault elsewhere is taken for a late report of it. */
    private static final long RECENT_RING_FAULT_NS = TimeUnit.SECONDS.toNanos(5);
    /** When a client was last dropped for a ring fault (0: never). */
    private long lastRingFaultNs;

    /** Drops a client whose ring file faulted: lost, like a client that died (its ring is never touched again). */
    void dropFaulted(ClientConnection c, Throwable fault) {
        if (c.disconnected) {
            return;
        }
        c.faulted = true;
        lastRingFaultNs = System.nanoTime();
        String reason = "its ring file " + c.ringFile() + " faulted (truncated, or its file system is full): "
                + fault.getMessage();
        LOG.log(WARNING, "dropping " + c + ": " + reason);
        disconnect(c, false, reason);
    }

    /**
     * Drops a client for what it did or failed to do: it is told why first, if its ring has room (it
     * reads that as the reason of its lost connection), then it is disconnected as lost.
     */
    private void drop(ClientConnection c, String reason) {
        LOG.log(WARNING, "dropping " + c + ": " + reason);
        try {
            UnsafeBuffer notice = Transport.encodeError(Status.ERR_LOST_CONNECTION, "the server dropped this client: "
                    + reason);
            c.sender().offer(0, Protocol.FLAG_ERROR, notice, 0, notice.capacity());
        } catch (RuntimeException e) {
            // the notice is a courtesy; the disconnect below is what counts
        }
        disconnect(c, false, reason);
    }

    private int pollRings() {
        int work = 0;
        for (ClientConnection c : clients) {
            if (c.disconnected) {
                continue;
            }
            try {
                // a message found is handled after MappedFaults.surface (ClientConnection.dispatch);
                // an empty poll's fault, reported late on JDK 17, surfaces after the pass (below):
                // one call per pass, not two per client, which took about 40 % of an 8-rank fence
                work += c.receiver().poll(Transport.POLL_LIMIT);
            } catch (InternalError e) {
                onFault(c, e);
                continue;
            }
            String error = c.receiver().error();
            if (error != null) {
                drop(c, error);
            }
        }
        try {
            MappedFaults.surface();
        } catch (InternalError e) {
            onFault(null, e); // which ring: the one whose file is truncated
        }
        return work;
    }

    private int runTasks() {
        int n = 0;
        Runnable task;
        while ((task = tasks.poll()) != null) {
            n++;
            try {
                task.run();
            } catch (Throwable t) {
                LOG.log(WARNING, "transport server task failed", t);
            }
        }
        return n;
    }

    /**
     * Marks the server asleep in every client's control block, re-checks every ring (a client that
     * wrote before it could see the flag is found here), then blocks until a socket event, a task
     * or the next duty. See docs/transport.md, "Waking".
     */
    private void sleep() throws IOException {
        ClientConnection[] cs = clients;
        for (ClientConnection c : cs) {
            if (c.disconnected) {
                continue; // dropped by a fault met earlier in this loop: its ring is unmapped
            }
            try {
                c.ring().asleep(RingFile.SERVER, true);
                MappedFaults.surface();
            } catch (InternalError e) {
                onFault(c, e);
            }
        }
        VarHandle.fullFence(); // flags stored before the rings are re-read (Dekker with RingSender.wakePeer)
        boolean ready = !tasks.isEmpty();
        for (int i = 0; i < cs.length && !ready; i++) {
            if (cs[i].disconnected) {
                continue;
            }
            try {
                ready = RingFile.hasCommittedRecord(cs[i].ring().requests());
                MappedFaults.surface();
            } catch (InternalError e) {
                onFault(cs[i], e);
                ready = true;
            }
        }
        if (ready) {
            selector.selectNow();
        } else {
            long waitNs = nextDutyNs - System.nanoTime();
            selector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(waitNs) + 1));
        }
        for (ClientConnection c : cs) {
            if (!c.disconnected) {
                try {
                    c.ring().asleep(RingFile.SERVER, false);
                    MappedFaults.surface();
                } catch (InternalError e) {
                    onFault(c, e);
                }
            }
        }
        processKeys();
    }

    private int processKeys() {
        int n = 0;
        for (Iterator<SelectionKey> it = selector.selectedKeys().iterator(); it.hasNext();) {
            SelectionKey key = it.next();
            it.remove();
            n++;
            if (!key.isValid()) {
                continue;
            }
            if (key == serverKey) {
                handshakes.acceptAll();
            } else if (key.attachment() instanceof Handshakes.Pending p) {
                handshakes.onEvent(p, key);
            } else if (key.attachment() instanceof ClientConnection c) {
                onClientSocket(c);
            }
        }
        return n;
    }

    /** Conductor thread: the duties run no later than {@code deadlineNs} (a handshake's deadline). */
    void dutyBy(long deadlineNs) {
        if (deadlineNs - nextDutyNs < 0) {
            nextDutyNs = deadlineNs;
        }
    }

    /** Conductor thread: a handshake ended with ACCEPT; from now on the client's ring is polled. */
    void established(ClientConnection c) {
        c.established = true;
        c.lastClientHeartbeat = c.ring().heartbeat(RingFile.CLIENT);
        c.lastHeartbeatChangeNs = System.nanoTime();
        c.key.attach(c);
        ClientConnection[] grown = Arrays.copyOf(clients, clients.length + 1);
        grown[clients.length] = c;
        clients = grown;
        connectionCount = grown.length;
        LOG.log(DEBUG, () -> "connected " + c);
    }

    // ---------------------------------------------------------------- established connections

    private void onClientSocket(ClientConnection c) {
        while (!c.disconnected) {
            socketBytes.clear();
            int n;
            try {
                n = c.channel().read(socketBytes);
            } catch (IOException e) {
                disconnect(c, c.goodbyeReceived, "socket error: " + e.getMessage());
                return;
            }
            if (n < 0) {
                disconnect(c, c.goodbyeReceived, c.goodbyeReceived ? "said goodbye" : "closed its socket");
                return;
            }
            if (n == 0) {
                return;
            }
            for (int i = 0; i < n; i++) {
                if (socketBytes.get(i) == Protocol.GOODBYE) {
                    c.goodbyeReceived = true;
                }
            }
        }
    }

    private void duties(long now) {
        if (now - nextHeartbeatNs >= 0) {
            nextHeartbeatNs = now + config.heartbeatIntervalNs();
            long epochMs = System.currentTimeMillis();
            for (ClientConnection c : clients) {
                if (c.disconnected) {
                    continue;
                }
                long beat;
                try {
                    c.ring().heartbeat(RingFile.SERVER, epochMs);
                    beat = c.ring().heartbeat(RingFile.CLIENT);
                    MappedFaults.surface();
                } catch (InternalError e) {
                    onFault(c, e);
                    continue;
                }
                if (beat != c.lastClientHeartbeat) {
                    c.lastClientHeartbeat = beat;
                    c.lastHeartbeatChangeNs = now;
                } else if (now - c.lastHeartbeatChangeNs > config.heartbeatTimeoutNs()) {
                    drop(c, "no heartbeat for " + LogText.duration(now - c.lastHeartbeatChangeNs)
                            + " (the heartbeat timeout is " + LogText.duration(config.heartbeatTimeoutNs())
                            + "): hung or stopped?");
                }
            }
        }
        nextDutyNs = handshakes.expire(now, nextHeartbeatNs);
    }

    private void closeConnection(ClientConnection c, boolean clean, String reason) {
        if (c.disconnected) {
            return;
        }
        if (clean) {
            try {
                c.channel().write(ByteBuffer.wrap(new byte[] {Protocol.GOODBYE}));
            } catch (IOException e) {
                // the client is gone already; the disconnect below reports it all the same
            }
        }
        disconnect(c, clean, reason);
    }

    /**
     * Ends a connection, once: no send touches its ring after the sender is closed; the client's
     * last complete messages are delivered (a producer that died mid-record leaves nothing
     * complete after that record: its ring has one producer writing in order); the ring file is
     * unmapped and deleted; then the handler hears {@code onDisconnect}.
     */
    void disconnect(ClientConnection c, boolean clean, String reason) {
        if (c.disconnected) {
            return;
        }
        try {
            // a fault still pending (this ring's, or another's reported late) surfaces here where the
            // JDK allows it (MappedFaults.surface), before anything is changed, not half-way
            // through, where it would leave the host unaware
            MappedFaults.surface();
        } catch (InternalError fault) {
            if (!c.ring().isIntact()) {
                c.faulted = true; // its last messages went with the file's pages
            } else {
                requestFaultCheck(c, fault);
            }
        }
        c.disconnected = true;
        // JDK 17's C2 code delivers a fault reported late at any safepoint (MappedFaults.surface),
        // so another may still surface in the steps below, and it left a client half-disconnected that
        // the host never heard of. Each step is safe to repeat: they are done again until all are.
        for (int reports = 0;; reports++) {
            try {
                release(c, reason);
                break;
            } catch (InternalError late) {
                c.faulted = true; // its ring is not read again: it may be unmapped already
                if (reports >= MAX_LATE_FAULT_REPORTS) {
                    LOG.log(WARNING, "disconnecting " + c + ": faults kept surfacing; its ring file may stay: " + late);
                    break;
                }
            }
        }
        LOG.log(DEBUG, () -> "disconnected " + c + " clean=" + clean + ": " + reason);
        try {
            handler.onDisconnect(c, clean);
        } catch (Throwable t) {
            LOG.log(WARNING, "onDisconnect threw for " + c + " (ignored)", t);
        }
    }

    /**
     * What a disconnect undoes (after {@link ClientConnection#disconnected} is set), each step safe to
     * repeat: the sender closed, the connection forgotten and its socket closed, its last messages read
     * unless its ring faulted, the ring unmapped and deleted.
     */
    private void release(ClientConnection c, String reason) {
        c.sender().close("connection to " + c + " is closed: " + reason);
        if (c.established) {
            ClientConnection[] rest = Arrays.stream(clients).filter(x -> x != c).toArray(ClientConnection[]::new);
            clients = rest;
            connectionCount = rest.length;
        } else {
            handshakes.forget(c);
        }
        if (c.key != null) {
            c.key.cancel();
        }
        closeQuietly(c.channel());
        RingFile ring = c.ring();
        if (!c.faulted) {
            try {
                // RingBuffer.unblock() frees a ring whose producer died mid-claim. It is a no-op on a
                // OneToOneRingBuffer (returns false): with one producer writing in order, nothing complete
                // can lie behind a torn record. Kept so a many-to-one ring would do the right thing.
                ring.requests().unblock();
                c.receiver().drain();
                MappedFaults.surface();
            } catch (InternalError e) {
                c.faulted = true; // what it sent last is lost with the file's pages
                LOG.log(WARNING, "the ring file of " + c + " faulted while its last messages were read: "
                        + e.getMessage());
            }
        }
        discard(ring);
    }

    /** Unmaps and deletes a ring file no connection uses. */
    static void discard(RingFile ring) {
        try {
            ring.unmap();
        } catch (InternalError e) {
            // a fault this thread recorded earlier and nothing surfaced; spent now (RingFile.unmap)
            LOG.log(WARNING, "a fault of a mapped file surfaced while " + ring.path() + " was unmapped: "
                    + e.getMessage());
            ring.unmap();
        }
        try {
            ring.delete();
        } catch (IOException e) {
            LOG.log(WARNING, "cannot delete ring file " + ring.path(), e);
        }
    }

    private void shutdown() {
        running = false;
        for (ClientConnection c : clients) {
            try {
                closeConnection(c, true, "the server closed");
            } catch (Throwable t) {
                LOG.log(WARNING, "closing " + c + " failed", t);
            }
        }
        handshakes.closeAll();
        closeQuietly(serverChannel);
        try {
            Files.deleteIfExists(socketPath);
        } catch (IOException e) {
            LOG.log(WARNING, "cannot delete socket " + socketPath, e);
        }
        try {
            selector.close();
        } catch (IOException e) {
            LOG.log(WARNING, "cannot close the selector", e);
        }
        tasks.clear();
        LOG.log(DEBUG, () -> "transport server at " + socketPath + " stopped");
    }

    static void closeQuietly(java.io.Closeable c) {
        try {
            c.close();
        } catch (IOException e) {
            // nothing to do: closing is best effort
        }
    }
}
