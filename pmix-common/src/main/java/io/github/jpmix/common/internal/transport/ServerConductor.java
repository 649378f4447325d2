package io.github.jpmix.common.internal.transport;

import static io.github.jpmix.common.internal.transport.Transport.LOG;
import static java.lang.System.Logger.Level.DEBUG;
import static java.lang.System.Logger.Level.ERROR;
import static java.lang.System.Logger.Level.INFO;
import static java.lang.System.Logger.Level.WARNING;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import java.io.IOException;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.agrona.SystemUtil;

/**
 * Not API. The server's single conductor thread: one {@link Selector} over the listening socket
 * and every client socket (new connections, handshakes, doorbells, goodbyes, EOF), a poll of every
 * client's request ring, and the periodic duties (heartbeats, handshake deadlines).
 *
 * <p><b>Duty cycle.</b> Poll all request rings (at most {@link Transport#POLL_LIMIT} records per
 * client per pass, for fairness) and run queued tasks; look at the sockets without blocking at
 * least every millisecond while busy; when a pass finds nothing, spin, then yield, then sleep:
 * set the server's asleep flag in every client's control block, re-check every ring, and block
 * in {@code select} until a doorbell, a socket event, a task, or the next duty.
 *
 * <p>Everything here runs on the conductor thread except {@link #requestClose},
 * {@link #requestDoorbell} and {@link #stop}, which queue work and wake the selector. Rings are
 * unmapped only here, and only between polls.
 */
final class ServerConductor implements Runnable {
    private static final int MAX_PENDING_HANDSHAKES = 256;
    private static final long SELECT_WHILE_BUSY_NS = TimeUnit.MILLISECONDS.toNanos(1);

    /** A connection between accept() and the end of its handshake. */
    private static final class PendingHandshake {
        final SocketChannel channel;
        final SelectionKey key;
        final PeerCredentials credentials;
        final long deadlineNs;
        final ByteBuffer header = ByteBuffer.allocate(Protocol.HELLO_HEADER_LENGTH);
        ByteBuffer payload;
        int peerMaxMessageLength;
        long pid;
        ByteBuffer out;
        ClientConnection accepted;

        PendingHandshake(SocketChannel channel, SelectionKey key, PeerCredentials credentials, long deadlineNs) {
            this.channel = channel;
            this.key = key;
            this.credentials = credentials;
            this.deadlineNs = deadlineNs;
        }
    }

    private final Path socketPath;
    private final Path directory;
    private final TransportConfig config;
    private final TransportServer.Acceptor acceptor;
    private final TransportServer.Handler handler;
    private final ServerSocketChannel serverChannel;
    private final Selector selector;
    private final SelectionKey serverKey;
    private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final Transport.Idler idler;
    private final ByteBuffer socketBytes = ByteBuffer.allocate(64);
    private final ByteBuffer conductorDoorbell = ByteBuffer.allocate(1);
    private final List<PendingHandshake> pending = new ArrayList<>();
    private final int ownUid = PeerCredentials.currentUid();
    private final long ownPid = ProcessHandle.current().pid();
    private ClientConnection[] clients = new ClientConnection[0];
    private int nextClientId = 1;
    private long nextHeartbeatNs;
    private long nextDutyNs;
    private volatile boolean running = true;
    private volatile int connectionCount;

    ServerConductor(Path socketPath, TransportConfig config, TransportServer.Acceptor acceptor,
            TransportServer.Handler handler, ServerSocketChannel serverChannel, Selector selector) throws IOException {
        this.socketPath = socketPath;
        this.directory = Objects.requireNonNull(socketPath.getParent(), "socket directory");
        this.config = config;
        this.acceptor = acceptor;
        this.handler = handler;
        this.serverChannel = serverChannel;
        this.selector = selector;
        this.idler = new Transport.Idler(config.idleSpins(), config.idleYields());
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
            long lastSelectNs = now;
            while (running) {
                int work = pollRings() + runTasks();
                now = System.nanoTime();
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
        } catch (Throwable t) {
            LOG.log(ERROR, "transport server conductor failed; closing the server at " + socketPath, t);
        } finally {
            shutdown();
        }
    }

    private int pollRings() {
        int work = 0;
        for (ClientConnection c : clients) {
            if (c.disconnected) {
                continue;
            }
            work += c.receiver().poll(Transport.POLL_LIMIT);
            String error = c.receiver().error();
            if (error != null) {
                LOG.log(WARNING, "dropping " + c + ": " + error);
                disconnect(c, false, error);
            }
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
            c.ring().asleep(RingFile.SERVER, true);
        }
        VarHandle.fullFence(); // flags stored before the rings are re-read (Dekker with RingSender.wakePeer)
        boolean ready = !tasks.isEmpty();
        for (int i = 0; i < cs.length && !ready; i++) {
            ready = RingFile.hasCommittedRecord(cs[i].ring().requests());
        }
        if (ready) {
            selector.selectNow();
        } else {
            long waitNs = nextDutyNs - System.nanoTime();
            selector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(waitNs) + 1));
        }
        for (ClientConnection c : cs) {
            if (!c.disconnected) {
                c.ring().asleep(RingFile.SERVER, false);
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
                acceptAll();
            } else if (key.attachment() instanceof PendingHandshake p) {
                onHandshakeEvent(p, key);
            } else if (key.attachment() instanceof ClientConnection c) {
                onClientSocket(c);
            }
        }
        return n;
    }

    // ---------------------------------------------------------------- handshake

    private void acceptAll() {
        while (true) {
            SocketChannel channel;
            try {
                channel = serverChannel.accept();
            } catch (IOException e) {
                LOG.log(WARNING, "accept on " + socketPath + " failed", e);
                return;
            }
            if (channel == null) {
                return;
            }
            if (pending.size() >= MAX_PENDING_HANDSHAKES) {
                LOG.log(WARNING, "refusing a connection on " + socketPath + ": " + pending.size()
                        + " handshakes already in progress");
                closeQuietly(channel);
                continue;
            }
            try {
                PeerCredentials credentials = PeerCredentials.of(channel);
                channel.configureBlocking(false);
                SelectionKey key = channel.register(selector, SelectionKey.OP_READ);
                long deadline = System.nanoTime() + config.handshakeTimeoutNs();
                PendingHandshake p = new PendingHandshake(channel, key, credentials, deadline);
                key.attach(p);
                pending.add(p);
                if (deadline - nextDutyNs < 0) {
                    nextDutyNs = deadline;
                }
            } catch (IOException e) {
                LOG.log(WARNING, "cannot set up a connection on " + socketPath, e);
                closeQuietly(channel);
            }
        }
    }

    private void onHandshakeEvent(PendingHandshake p, SelectionKey key) {
        try {
            if (p.out != null) {
                if (key.isWritable()) {
                    flushReply(p);
                }
                return;
            }
            readHello(p);
        } catch (IOException e) {
            failPending(p, "I/O error during the handshake: " + e.getMessage());
        }
    }

    private void readHello(PendingHandshake p) throws IOException {
        while (true) {
            ByteBuffer target = p.payload != null ? p.payload : p.header;
            if (!target.hasRemaining()) {
                if (p.payload == null) {
                    if (!parseHello(p)) {
                        return;
                    }
                    continue;
                }
                completeHandshake(p);
                return;
            }
            int n = p.channel.read(target);
            if (n < 0) {
                failPending(p, "closed its socket during the handshake");
                return;
            }
            if (n == 0) {
                return;
            }
        }
    }

    /** Validates a complete hello header; false when the handshake was ended (rejected or dropped). */
    private boolean parseHello(PendingHandshake p) throws IOException {
        ByteBuffer h = p.header;
        int magic = h.getInt(0);
        if (magic != Protocol.MAGIC) {
            failPending(p, "sent magic=0x" + Integer.toHexString(magic) + ": not a JPMIx transport client");
            return false;
        }
        p.pid = h.getLong(Protocol.HELLO_PID_OFFSET);
        short version = h.getShort(4);
        if (version != Protocol.VERSION) {
            reject(p, Status.ERR_NOT_SUPPORTED, "transport protocol version=" + version
                    + " is not supported; this server speaks version=" + Protocol.VERSION);
            return false;
        }
        short kind = h.getShort(6);
        if (kind != Protocol.KIND_HELLO) {
            failPending(p, "sent handshake kind=" + kind + " instead of HELLO");
            return false;
        }
        int length = h.getInt(Protocol.HELLO_PAYLOAD_LENGTH_OFFSET);
        if (length < 0 || length > Protocol.MAX_HANDSHAKE_LENGTH) {
            reject(p, Status.ERR_BAD_PARAM, "handshake length=" + length + " is outside [0, "
                    + Protocol.MAX_HANDSHAKE_LENGTH + "]");
            return false;
        }
        int peerMax = h.getInt(Protocol.HELLO_MAX_MESSAGE_LENGTH_OFFSET);
        if (peerMax < TransportConfig.MIN_MAX_MESSAGE_LENGTH || peerMax > TransportConfig.MAX_MAX_MESSAGE_LENGTH) {
            reject(p, Status.ERR_BAD_PARAM, "client maxMessageLength=" + peerMax + " is outside ["
                    + TransportConfig.MIN_MAX_MESSAGE_LENGTH + ", " + TransportConfig.MAX_MAX_MESSAGE_LENGTH + "]");
            return false;
        }
        p.peerMaxMessageLength = peerMax;
        p.payload = ByteBuffer.allocate(length);
        return true;
    }

    private void completeHandshake(PendingHandshake p) throws IOException {
        int id;
        String ringName;
        RingFile ring;
        while (true) {
            id = nextClientId++;
            ringName = "ring-" + id;
            try {
                ring = RingFile.create(directory.resolve(ringName), config.ringCapacity(), id, ownPid);
                break;
            } catch (FileAlreadyExistsException e) {
                // left behind by a server that was killed: not ours to delete, take the next id
                LOG.log(DEBUG, () -> "skipping client id " + e.getFile() + ": the file exists");
            } catch (IOException | RuntimeException e) {
                LOG.log(WARNING, "cannot create ring file " + directory.resolve(ringName), e);
                reject(p, Status.ERR_OUT_OF_RESOURCE, "server cannot create ring file " + ringName + ": " + e);
                return;
            }
        }
        if (!p.credentials.hasUid(ownUid)) {
            // The file is 0600: it must belong to the client's user (possible when the server is root).
            try {
                Files.setOwner(ring.path(), p.credentials.user());
            } catch (IOException | RuntimeException e) {
                discard(ring);
                reject(p, Status.ERR_NO_PERMISSIONS, "server cannot give ring file " + ringName + " to user "
                        + p.credentials.userName() + ": " + e);
                return;
            }
        }
        ClientConnection c = new ClientConnection(this, id, p.credentials, p.pid, p.channel, ring, config,
                p.peerMaxMessageLength, handler);
        c.key = p.key;
        p.accepted = c; // from here on, the end of this connection is reported by onDisconnect
        byte[] reply;
        try {
            reply = Objects.requireNonNull(acceptor.accept(c, p.payload.array()), "the acceptor's reply");
            if (reply.length > Protocol.MAX_HANDSHAKE_LENGTH) {
                throw new PmixException(Status.ERR_BAD_PARAM, "handshake reply of " + reply.length
                        + " bytes exceeds " + Protocol.MAX_HANDSHAKE_LENGTH);
            }
        } catch (Throwable t) {
            p.accepted = null;
            c.disconnected = true;
            c.sender().close("rejected");
            discard(ring);
            if (!(t instanceof PmixException)) {
                LOG.log(WARNING, "acceptor threw; rejecting " + c, t);
            }
            reject(p, Transport.statusOf(t), Transport.messageOf(t));
            return;
        }
        p.out = Protocol.encodeAccept(id, config.maxMessageLength(), ringName, reply);
        flushReply(p);
    }

    private void reject(PendingHandshake p, int status, String message) throws IOException {
        LOG.log(INFO, "rejecting the connection from " + p.credentials + " pid=" + p.pid + ": "
                + Status.name(status) + " " + message);
        p.accepted = null;
        p.out = Protocol.encodeReject(status, message);
        flushReply(p);
    }

    private void flushReply(PendingHandshake p) throws IOException {
        p.channel.write(p.out);
        if (p.out.hasRemaining()) {
            p.key.interestOps(SelectionKey.OP_WRITE);
            return;
        }
        if (p.accepted == null) {
            closePending(p);
            return;
        }
        pending.remove(p);
        ClientConnection c = p.accepted;
        c.established = true;
        c.lastClientHeartbeat = c.ring().heartbeat(RingFile.CLIENT);
        c.lastHeartbeatChangeNs = System.nanoTime();
        p.key.attach(c);
        p.key.interestOps(SelectionKey.OP_READ);
        ClientConnection[] grown = Arrays.copyOf(clients, clients.length + 1);
        grown[clients.length] = c;
        clients = grown;
        connectionCount = grown.length;
        LOG.log(DEBUG, () -> "connected " + c);
    }

    private void failPending(PendingHandshake p, String reason) {
        LOG.log(WARNING, "handshake with " + p.credentials + " failed: " + reason);
        if (p.accepted != null) {
            disconnect(p.accepted, false, reason);
        } else {
            closePending(p);
        }
    }

    private void closePending(PendingHandshake p) {
        pending.remove(p);
        p.key.cancel();
        closeQuietly(p.channel);
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
                c.ring().heartbeat(RingFile.SERVER, epochMs);
                long beat = c.ring().heartbeat(RingFile.CLIENT);
                if (beat != c.lastClientHeartbeat) {
                    c.lastClientHeartbeat = beat;
                    c.lastHeartbeatChangeNs = now;
                } else if (now - c.lastHeartbeatChangeNs > config.heartbeatTimeoutNs()) {
                    String reason = "heartbeat unchanged for "
                            + SystemUtil.formatDuration(now - c.lastHeartbeatChangeNs) + " (hung?)";
                    LOG.log(WARNING, "dropping " + c + ": " + reason);
                    disconnect(c, false, reason);
                }
            }
        }
        long next = nextHeartbeatNs;
        for (PendingHandshake p : pending.toArray(new PendingHandshake[0])) {
            if (now - p.deadlineNs >= 0) {
                failPending(p, "timed out after " + SystemUtil.formatDuration(config.handshakeTimeoutNs()));
            } else if (p.deadlineNs - next < 0) {
                next = p.deadlineNs;
            }
        }
        nextDutyNs = next;
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
    private void disconnect(ClientConnection c, boolean clean, String reason) {
        if (c.disconnected) {
            return;
        }
        c.disconnected = true;
        c.sender().close("connection to " + c + " is closed: " + reason);
        if (c.established) {
            ClientConnection[] rest = Arrays.stream(clients).filter(x -> x != c).toArray(ClientConnection[]::new);
            clients = rest;
            connectionCount = rest.length;
        } else {
            pending.removeIf(p -> p.accepted == c);
        }
        if (c.key != null) {
            c.key.cancel();
        }
        closeQuietly(c.channel());
        RingFile ring = c.ring();
        // RingBuffer.unblock() frees a ring whose producer died mid-claim. It is a no-op on a
        // OneToOneRingBuffer (returns false): with one producer writing in order, nothing complete
        // can lie behind a torn record. Kept so a many-to-one ring would do the right thing.
        ring.requests().unblock();
        c.receiver().drain();
        ring.unmap();
        try {
            ring.delete();
        } catch (IOException e) {
            LOG.log(WARNING, "cannot delete ring file " + ring.path(), e);
        }
        LOG.log(DEBUG, () -> "disconnected " + c + " clean=" + clean + ": " + reason);
        try {
            handler.onDisconnect(c, clean);
        } catch (Throwable t) {
            LOG.log(WARNING, "onDisconnect threw for " + c + " (ignored)", t);
        }
    }

    private void discard(RingFile ring) {
        ring.unmap();
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
        for (PendingHandshake p : pending.toArray(new PendingHandshake[0])) {
            if (p.accepted != null) {
                disconnect(p.accepted, false, "the server closed");
            } else {
                closePending(p);
            }
        }
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

    private static void closeQuietly(java.io.Closeable c) {
        try {
            c.close();
        } catch (IOException e) {
            // nothing to do: closing is best effort
        }
    }
}
