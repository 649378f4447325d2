package io.github.jpmix.client.transport;

import static io.github.jpmix.common.internal.transport.Transport.LOG;
import static java.lang.System.Logger.Level.DEBUG;
import static java.lang.System.Logger.Level.WARNING;
import static java.util.Objects.requireNonNull;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.MappedFaults;
import io.github.jpmix.common.internal.transport.PeerCredentials;
import io.github.jpmix.common.internal.transport.Protocol;
import io.github.jpmix.common.internal.transport.RingFile;
import io.github.jpmix.common.internal.transport.RingReceiver;
import io.github.jpmix.common.internal.transport.RingSender;
import io.github.jpmix.common.internal.transport.Transport;
import io.github.jpmix.common.internal.transport.TransportConfig;
import java.io.IOException;
import java.lang.invoke.VarHandle;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The client end of the node-local transport (not for applications: see the package page):
 * connects to a server's Unix socket, runs the handshake, maps its ring file, and then exchanges
 * messages over the rings. One receiver
 * daemon thread polls the reply ring, completes {@link #request} futures, hands every other
 * message to the {@link Handler}, and sleeps on the socket when idle.
 *
 * <p><b>Threading.</b> {@link #send}, {@link #request} and {@link #close} may be called from any
 * thread. Futures complete, and the handler runs, on the receiver thread: a dependent stage
 * attached without an executor runs there too and must not block (waiting there for another
 * reply would wait forever).
 *
 * <p><b>Failures.</b> When the server's socket closes (server died or dropped us) or the server
 * breaks the protocol, every pending and later request fails with
 * {@link Status#ERR_LOST_CONNECTION}, at once, with a message saying which: the server's own reason
 * when it dropped this client (e.g. "no heartbeat for 41.3 s"), "closed the connection" after its
 * goodbye, "server gone" only when its process is gone. A fault on the mapped ring file (SIGBUS:
 * the file was truncated, or its file system is full) ends the connection the same way, naming
 * the file, whether the receiver or a sending thread met it.
 */
public final class TransportClient implements ServerConnection {
    /** Receives what the server sends that is not the reply to a pending request. */
    public interface Handler {
        /**
         * A message from the server, on the receiver thread; the buffer is valid only during the
         * call. {@code correlationId} is 0 for notifications, or the id of an earlier request for
         * a message sent after its reply (or after it timed out).
         */
        void onMessage(int correlationId, DirectBuffer buffer, int offset, int length);

        /**
         * The connection is gone for a reason other than {@link #close()} on this side (server
         * closed it or died, protocol error); called once, on the receiver thread.
         */
        default void onDisconnect(PmixException reason) {
        }
    }

    private final Path socketPath;
    private final SocketChannel channel;
    private final Selector selector;
    private final RingFile ring;
    private final RingSender sender;
    private final RingReceiver receiver;
    private final Handler handler;
    private final TransportConfig config;
    private final int id;
    private final byte[] handshakeReply;
    private final Map<Integer, CompletableFuture<byte[]>> pending = new ConcurrentHashMap<>();
    private final AtomicInteger nextCorrelationId = new AtomicInteger();
    private final AtomicBoolean doorbellRequested = new AtomicBoolean();
    private final ByteBuffer senderDoorbell = ByteBuffer.allocate(1); // under the sender's ring lock
    private final ByteBuffer socketBytes = ByteBuffer.allocate(64);
    private final Thread thread;
    /** Receiver thread only: the server said goodbye (EOF follows, perhaps in a later read). */
    private boolean serverSaidGoodbye;
    /** Receiver thread only: why the server dropped this client, when it said so before closing. */
    private PmixException serverNotice;
    /** A send found the ring file faulted: the receiver ends the connection with this. */
    private volatile PmixException senderFault;
    private volatile boolean closeRequested;
    /** Receiver thread only: the ring file faulted; it is never read again, only unmapped. */
    private boolean faulted;
    /** Receiver thread only: the connection's end was handled (pending calls failed). */
    private boolean shutdownDone;
    private volatile boolean closed;
    private volatile PmixException closedReason;

    private TransportClient(Path socketPath, SocketChannel channel, Selector selector, RingFile ring, int id,
            int serverMaxMessageLength, byte[] handshakeReply, TransportConfig config, Handler handler) {
        this.socketPath = socketPath;
        this.channel = channel;
        this.selector = selector;
        this.ring = ring;
        this.id = id;
        this.handshakeReply = handshakeReply;
        this.config = config;
        this.handler = handler;
        String serverName = "server at " + socketPath;
        this.sender = new RingSender(ring.requests(), ring, RingFile.SERVER, this::ringDoorbell,
                config.sendTimeoutNs(), serverMaxMessageLength, serverName);
        this.receiver = new RingReceiver(ring.replies(), config.maxMessageLength(), this::dispatch, serverName);
        this.thread = new Thread(this::receive, "jpmix-transport-client-" + id);
        this.thread.setDaemon(true);
    }

    /**
     * Connects to the server listening on {@code socketPath}, sends {@code handshake} (opaque to
     * the transport, at most 64 KiB) and waits for the server's verdict, at most the handshake
     * timeout.
     *
     * @throws PmixException {@link Status#ERR_UNREACH} (naming the socket) when no server listens
     *         there or it hangs up; the server's status and message when it rejects the client
     *         (e.g. {@link Status#ERR_INVALID_CRED}); {@link Status#ERR_TIMEOUT} when it does not
     *         answer in time; {@link Status#ERR_NOT_SUPPORTED} for another protocol or layout
     *         version; {@link Status#ERR_BAD_PARAM} for bad arguments
     */
    public static TransportClient connect(Path socketPath, byte[] handshake, TransportConfig config,
            Handler handler) {
        requireNonNull(socketPath, "socketPath");
        requireNonNull(handshake, "handshake");
        requireNonNull(config, "config").conclude();
        requireNonNull(handler, "handler");
        if (handshake.length > Protocol.MAX_HELLO_LENGTH) {
            throw new PmixException(Status.ERR_BAD_PARAM, "handshake of " + handshake.length
                    + " bytes exceeds " + Protocol.MAX_HELLO_LENGTH);
        }
        Path socket = socketPath.toAbsolutePath();
        Protocol.checkSocketPath(socket, Status.ERR_BAD_PARAM);
        SocketChannel channel;
        try {
            channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        } catch (IOException e) {
            throw new PmixException(Status.ERR_OUT_OF_RESOURCE, "cannot open a Unix socket: " + e, e);
        }
        Selector selector = null;
        RingFile ring = null;
        try {
            try {
                channel.connect(UnixDomainSocketAddress.of(socket));
            } catch (IOException e) {
                throw connectFailure(socket, e);
            }
            selector = Selector.open();
            SelectionKey key = Protocol.registerForRead(channel, selector);
            long deadline = System.nanoTime() + config.handshakeTimeoutNs();
            writeFully(channel, selector, key,
                    Protocol.encodeHello(config.maxMessageLength(), ProcessHandle.current().pid(), handshake),
                    deadline, socket);
            ByteBuffer header = ByteBuffer.allocate(Protocol.REPLY_HEADER_LENGTH);
            readOrHangUp(channel, selector, header, deadline, socket);
            if (header.getInt(0) != Protocol.MAGIC) {
                throw new PmixException(Status.ERR_UNREACH, socket + " is not a JPMIx transport socket (magic=0x"
                        + Integer.toHexString(header.getInt(0)) + ")");
            }
            short version = header.getShort(4);
            if (version != Protocol.VERSION) {
                throw new PmixException(Status.ERR_NOT_SUPPORTED, "server at " + socket
                        + " speaks transport protocol version=" + version + ", this client " + Protocol.VERSION);
            }
            short kind = header.getShort(6);
            int status = header.getInt(8);
            int clientId = header.getInt(12);
            int serverMax = header.getInt(16);
            int nameLength = header.getInt(20);
            int dataLength = header.getInt(24);
            if (nameLength < 0 || nameLength > Protocol.MAX_RING_NAME_LENGTH || dataLength < 0
                    || dataLength > Protocol.MAX_HANDSHAKE_LENGTH) {
                throw new PmixException(Status.ERR_UNPACK_FAILURE, "server at " + socket
                        + " sent a malformed handshake reply (nameLength=" + nameLength + " dataLength="
                        + dataLength + ")");
            }
            ByteBuffer body = ByteBuffer.allocate(nameLength + dataLength);
            readOrHangUp(channel, selector, body, deadline, socket);
            byte[] data = new byte[dataLength];
            body.get(nameLength, data);
            if (kind == Protocol.KIND_REJECT) {
                throw new PmixException(status == Status.SUCCESS ? Status.ERROR : status,
                        new String(data, StandardCharsets.UTF_8));
            }
            String ringName = new String(body.array(), 0, nameLength, StandardCharsets.UTF_8);
            if (kind != Protocol.KIND_ACCEPT || !Protocol.isPlainFileName(ringName)
                    || serverMax < TransportConfig.MIN_MAX_MESSAGE_LENGTH) {
                throw new PmixException(Status.ERR_UNPACK_FAILURE, "server at " + socket
                        + " sent a malformed handshake reply (kind=" + kind + " ring=" + ringName + ")");
            }
            ring = attach(socket.resolveSibling(ringName));
            if (ring.clientId() != clientId) {
                throw new PmixException(Status.ERR_BAD_PARAM, "ring file " + ring.path() + " belongs to client "
                        + ring.clientId() + ", not " + clientId);
            }
            ring.pid(RingFile.CLIENT, ProcessHandle.current().pid());
            ring.heartbeat(RingFile.CLIENT, System.currentTimeMillis());
            TransportClient client = new TransportClient(socket, channel, selector, ring, clientId, serverMax, data,
                    config, handler);
            client.thread.start();
            return client;
        } catch (IOException e) {
            PmixException failure = new PmixException(Status.ERR_UNREACH, "handshake with the server at " + socket
                    + " failed: " + e, e);
            cleanUp(channel, selector, ring, failure);
            throw failure;
        } catch (RuntimeException | Error e) {
            cleanUp(channel, selector, ring, e);
            throw e;
        }
    }

    /**
     * Why a connect failed, said as it is: a socket this user may not use is a permission refusal
     * (the server may well be up), not an absent server.
     */
    static PmixException connectFailure(Path socket, IOException e) {
        String m = String.valueOf(e.getMessage());
        if (e instanceof java.nio.file.AccessDeniedException || m.contains("Permission denied")) {
            return new PmixException(Status.ERR_NO_PERMISSIONS, "permission denied connecting to " + socket
                    + ": this user (uid " + Integer.toUnsignedString(PeerCredentials.currentUid())
                    + ") may not use the socket or its directory", e);
        }
        if (e instanceof java.nio.file.NoSuchFileException || m.contains("No such file")) {
            return new PmixException(Status.ERR_UNREACH, "no PMIx server listens on " + socket + ": the socket does not exist", e);
        }
        if (m.contains("Connection refused")) {
            return new PmixException(Status.ERR_UNREACH, "no PMIx server listens on " + socket
                    + ": connection refused (a socket left by a server that is gone?)", e);
        }
        return new PmixException(Status.ERR_UNREACH, "cannot connect to " + socket + ": " + m, e);
    }

    /** The reply bytes the server's acceptor returned. */
    public byte[] handshakeReply() {
        return handshakeReply.clone();
    }

    /** The id the server gave this client. */
    public int id() {
        return id;
    }

    public Path socketPath() {
        return socketPath;
    }

    /** False once the connection is gone (closed here, server gone, protocol error). */
    @Override
    public boolean isConnected() {
        return !closed;
    }

    /**
     * Sends a one-way message (correlation id 0). Blocks while the ring is full.
     *
     * @throws PmixException {@link Status#ERR_LOST_CONNECTION} once disconnected;
     *         {@link Status#ERR_OUT_OF_RESOURCE} when the ring stays full for the send timeout;
     *         {@link Status#ERR_BAD_PARAM} when the payload exceeds the server's limit
     */
    @Override
    public void send(byte[] payload) {
        requireNonNull(payload, "payload");
        send(new UnsafeBuffer(payload), 0, payload.length);
    }

    public void send(DirectBuffer buffer, int offset, int length) {
        requireNonNull(buffer, "buffer");
        checkConnected();
        try {
            sender.send(0, 0, buffer, offset, length);
        } catch (RuntimeException e) {
            noteFault(e);
            throw e;
        }
    }

    /** A send found the ring file faulted: the receiver ends the connection (and fails what is pending). */
    private void noteFault(RuntimeException e) {
        if (e instanceof PmixException pe && sender.isFaulted() && senderFault == null) {
            senderFault = pe;
            selector.wakeup();
        }
    }

    /**
     * Sends a request and returns a future completed with the server's reply payload, or failed
     * with a PmixException: the server's error reply, {@link Status#ERR_TIMEOUT} when no reply came
     * within {@code timeout}, {@link Status#ERR_LOST_CONNECTION} when the connection is or gets
     * lost, or the send's failure. Never throws for those: failures arrive through the future.
     */
    @Override
    public CompletableFuture<byte[]> request(byte[] payload, Duration timeout) {
        requireNonNull(payload, "payload");
        requireNonNull(timeout, "timeout");
        return request(new UnsafeBuffer(payload), 0, payload.length, timeout);
    }

    /**
     * {@link #request(byte[], Duration)} without a timeout: the future completes when the server
     * answers or the connection is lost. Nothing is scheduled (a timer task per request would wake the
     * timer thread each time).
     */
    @Override
    public CompletableFuture<byte[]> request(byte[] payload) {
        requireNonNull(payload, "payload");
        return request(new UnsafeBuffer(payload), 0, payload.length, null);
    }

    /** @param timeout how long to wait for the reply; null for as long as the connection lasts */
    public CompletableFuture<byte[]> request(DirectBuffer buffer, int offset, int length, Duration timeout) {
        requireNonNull(buffer, "buffer");
        if (timeout != null && (timeout.isNegative() || timeout.isZero())) {
            throw new PmixException(Status.ERR_BAD_PARAM, "request timeout=" + timeout + " must be positive");
        }
        int correlationId = nextCorrelationId();
        CompletableFuture<byte[]> future = new CompletableFuture<>();
        pending.put(correlationId, future);
        if (closed) { // the receiver sets closed before it fails the pending map: one of us sees the other
            pending.remove(correlationId);
            future.completeExceptionally(lostConnection());
            return future;
        }
        if (timeout != null) {
            RequestTimer.expire(pending, correlationId, future, timeout, "the server at " + socketPath);
        }
        try {
            sender.send(correlationId, Protocol.FLAG_REQUEST, buffer, offset, length);
        } catch (RuntimeException e) {
            pending.remove(correlationId);
            future.completeExceptionally(e);
            noteFault(e);
        }
        return future;
    }

    /**
     * Closes the connection in order: the server is told goodbye (its {@code onDisconnect} says
     * clean), pending requests fail with {@link Status#ERR_LOST_CONNECTION}. Messages already sent
     * are still delivered to the server. Waits for the receiver thread unless called on it.
     * Idempotent.
     */
    @Override
    public void close() {
        closeRequested = true;
        selector.wakeup();
        if (Thread.currentThread() != thread) {
            try {
                thread.join(TimeUnit.SECONDS.toMillis(10));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public String toString() {
        return "TransportClient{id=" + id + ", " + socketPath + (closed ? ", closed" : "") + "}";
    }

    /** The receiver thread, for tests. */
    Thread receiverThread() {
        return thread;
    }

    /** The ring file, for tests. */
    RingFile ring() {
        return ring;
    }

    // ---------------------------------------------------------------- receiver thread

    private void receive() {
        // The JVM reports a fault on the mapped ring a little after the access, anywhere in this
        // thread, even at the entry of the handler that caught the previous one: every step runs
        // again under a fresh guard until the connection's end has been handled.
        for (int attempt = 0; attempt < 16; attempt++) {
            try {
                try {
                    if (!loopEnded) {
                        runLoop();
                        // a fault of the loop's last touch of the ring shows here, not in a caller's
                        // continuation or the disconnect handler that shutdown runs on this thread
                        MappedFaults.surface();
                        loopEnded = true;
                    }
                    PmixException reason = endReason != null ? endReason : faultOf(faultSeen);
                    if (endReason == null) {
                        endReason = reason;
                        LOG.log(WARNING, "client " + id + ": " + reason.getMessage());
                    }
                    shutdown(reason, endedByUs);
                    return;
                } catch (Throwable t) {
                    ended(t);
                }
            } catch (Throwable t) {
                ended(t);
            }
        }
    }

    /** Receiver thread only: the receive loop failed with {@code t}. */
    private void ended(Throwable t) {
        loopEnded = true;
        if (t instanceof InternalError fault) {
            // SIGBUS on the mapped ring file: truncated, or its pages could not be had. The connection
            // is unusable: every pending and later call fails with this, at once.
            faulted = true;
            if (faultSeen == null) {
                faultSeen = fault;
            }
        } else if (endReason == null) {
            LOG.log(WARNING, "transport receiver of client " + id + " failed", t);
            endReason = new PmixException(Status.ERR_LOST_CONNECTION, "receiver failed: " + t, t);
        }
    }

    /** Receiver thread only: how the receive loop ended. */
    private boolean loopEnded;
    private boolean endedByUs;
    private PmixException endReason;

    /** The receive loop, until the connection ends: sets {@link #endReason} (null after a fault) and {@link #endedByUs}. */
    private void runLoop() throws IOException {
        PmixException reason = null;
        boolean byUs = false;
        Transport.Idler idler = new Transport.Idler(config.idleSpins(), config.idleYields());
        long interval = config.heartbeatIntervalNs();
        long nextHeartbeat = System.nanoTime() + interval;
        while (true) {
            int work = receiver.poll(Transport.POLL_LIMIT);
            if (ringFault != null) {
                throw ringFault; // surfaced in dispatch: the connection ends as faulted
            }
            if (receiver.error() != null) {
                reason = new PmixException(Status.ERR_LOST_CONNECTION, receiver.error());
                break;
            }
            if (senderFault != null) {
                faulted = true;
                reason = senderFault;
                break;
            }
            if (closeRequested) {
                byUs = true;
                reason = new PmixException(Status.ERR_LOST_CONNECTION, "connection to the server at "
                        + socketPath + " was closed by this client");
                break;
            }
            if (doorbellRequested.getAndSet(false)) {
                writeByte(Protocol.DOORBELL);
            }
            long now = System.nanoTime();
            if (now - nextHeartbeat >= 0) {
                ring.heartbeat(RingFile.CLIENT, System.currentTimeMillis());
                nextHeartbeat = now + interval;
            }
            if (work > 0) {
                idler.reset();
                continue;
            }
            if (!idler.idle()) {
                continue;
            }
            idler.reset();
            reason = sleep(nextHeartbeat);
            if (reason != null) {
                break;
            }
        }
        endReason = reason;
        endedByUs = byUs;
    }

    /** Receiver thread only: the fault that ended the connection, when one did. */
    private InternalError faultSeen;
    /** Receiver thread only: a fault of the reply ring that surfaced in {@link #dispatch}. */
    private InternalError ringFault;


    private PmixException faultOf(Throwable fault) {
        return new PmixException(Status.ERR_LOST_CONNECTION, "the ring file " + ring.path()
                + " shared with the server faulted (truncated, or its file system is full): " + fault.getMessage(), fault);
    }

    /**
     * Marks this client asleep, re-checks the reply ring (a server that wrote before it could see
     * the flag is found here), then blocks on the socket until a doorbell, EOF, a local wake-up or
     * the next heartbeat. See docs/transport.md, "Waking".
     *
     * @return why the connection ended, or null to go on
     */
    private PmixException sleep(long nextHeartbeat) throws IOException {
        ring.asleep(RingFile.CLIENT, true);
        VarHandle.fullFence(); // flag stored before the ring is re-read (Dekker with RingSender.wakePeer)
        try {
            if (!RingFile.hasCommittedRecord(ring.replies()) && !closeRequested && !doorbellRequested.get()) {
                long waitNs = nextHeartbeat - System.nanoTime();
                selector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(waitNs) + 1));
            } else {
                selector.selectNow();
            }
        } finally {
            ring.asleep(RingFile.CLIENT, false);
        }
        selector.selectedKeys().clear();
        if (!channel.isOpen()) { // a sender was interrupted inside a socket write: NIO closed the channel
            return new PmixException(Status.ERR_LOST_CONNECTION, "socket to the server at " + socketPath
                    + " was closed by an interrupted thread");
        }
        while (true) {
            socketBytes.clear();
            int n;
            try {
                n = channel.read(socketBytes);
            } catch (IOException e) {
                return new PmixException(Status.ERR_LOST_CONNECTION, "connection to the server at " + socketPath
                        + " failed: " + e.getMessage());
            }
            if (n < 0) {
                return endOfStream();
            }
            if (n == 0) {
                return null;
            }
            for (int i = 0; i < n; i++) {
                serverSaidGoodbye |= socketBytes.get(i) == Protocol.GOODBYE;
            }
        }
    }

    /**
     * The server's socket closed: why, as far as this side can tell. A server that dropped this client
     * said why in its last message; one that closed in order said goodbye; otherwise the server's
     * pid (from the ring's control block) tells whether it is gone or closed us without a word.
     */
    private PmixException endOfStream() {
        if (serverNotice == null) {
            try {
                receiver.poll(Integer.MAX_VALUE); // its last word may still be in the ring
            } catch (InternalError e) {
                faulted = true;
                return faultOf(e);
            }
            if (ringFault != null) {
                faulted = true;
                return faultOf(ringFault);
            }
        }
        if (serverNotice != null) {
            return serverNotice;
        }
        if (serverSaidGoodbye) {
            return new PmixException(Status.ERR_LOST_CONNECTION, "the server at " + socketPath + " closed the connection");
        }
        long serverPid = ring.pid(RingFile.SERVER);
        boolean alive = serverPid > 0 && ProcessHandle.of(serverPid).map(ProcessHandle::isAlive).orElse(false);
        return new PmixException(Status.ERR_LOST_CONNECTION, alive
                ? "the server at " + socketPath + " (pid " + serverPid + ", still running) closed the connection without a reason"
                : "lost the connection to the server at " + socketPath + " (server gone)");
    }

    private void shutdown(PmixException reason, boolean byUs) {
        if (shutdownDone) {
            ring.unmap();
            return;
        }
        if (receiver.error() == null && !faulted && ringFault == null) {
            try {
                receiver.drain(); // what the server wrote before it went still counts
                MappedFaults.surface();
            } catch (Throwable t) {
                LOG.log(WARNING, "draining the reply ring of client " + id + " failed", t);
            }
        }
        closedReason = reason;
        closed = true;
        sender.close(Transport.rawMessage(reason)); // no sender touches the ring after this
        if (byUs) {
            writeByte(Protocol.GOODBYE);
        }
        try {
            channel.close();
            selector.close();
        } catch (IOException e) {
            LOG.log(DEBUG, "closing the socket of client " + id + " failed", e);
        }
        for (Integer correlationId : pending.keySet()) {
            CompletableFuture<byte[]> f = pending.remove(correlationId);
            if (f != null) {
                f.completeExceptionally(new PmixException(reason.status(), Transport.rawMessage(reason), reason));
            }
        }
        shutdownDone = true;
        if (!byUs) {
            LOG.log(DEBUG, () -> "client " + id + " disconnected: " + reason.getMessage());
            try {
                handler.onDisconnect(reason);
            } catch (Throwable t) {
                LOG.log(WARNING, "onDisconnect threw (ignored)", t);
            }
        }
        ring.unmap();
    }

    private void dispatch(int correlationId, int flags, DirectBuffer ringBuffer, int offset, int length) {
        if (ringFault != null) {
            return; // the ring faulted: nothing more read from it is delivered
        }
        // The record is copied out of the ring first, and a fault of that read (thrown at the read on
        // JDK 25, reported at MappedFaults.surface on JDK 17) surfaces before anything is done with
        // it: not in a caller's continuation that a completion below runs on this thread, and not
        // after a torn record's bytes were taken for a reply.
        byte[] bytes = new byte[length];
        for (int read = 1;; read++) {
            try {
                ringBuffer.getBytes(offset, bytes);
                MappedFaults.surface();
                break;
            } catch (InternalError fault) {
                if (read > 1 || !ring.isIntact()) {
                    ringFault = fault; // the receive loop ends the connection: every pending call fails with it
                    return;
                }
                // the ring file is whole: another mapping's fault (a store file's) reported on this
                // thread, or this read's; the record is read once more
                LOG.log(WARNING, "client " + id + ": a fault of a mapped file other than the ring surfaced on the"
                        + " receiver thread: " + fault.getMessage());
            }
        }
        UnsafeBuffer buffer = new UnsafeBuffer(bytes);
        if (correlationId == 0 && (flags & Protocol.FLAG_ERROR) != 0) {
            // the server's last word before it drops this client (docs/transport.md, "Lifecycle")
            PmixException notice = Transport.decodeError(buffer, 0, length);
            serverNotice = new PmixException(notice.status(), Transport.rawMessage(notice) + " (server at " + socketPath + ")");
            return;
        }
        if (correlationId != 0 && (flags & Protocol.FLAG_REPLY) != 0) {
            CompletableFuture<byte[]> future = pending.remove(correlationId);
            if (future != null) {
                if ((flags & Protocol.FLAG_ERROR) != 0) {
                    future.completeExceptionally(Transport.decodeError(buffer, 0, length));
                } else {
                    future.complete(bytes);
                }
                return;
            }
            if ((flags & Protocol.FLAG_ERROR) != 0) {
                LOG.log(DEBUG, () -> "client " + id + ": error reply for request " + correlationId
                        + " nobody waits for: " + Transport.decodeError(buffer, 0, length).getMessage());
                return;
            }
        }
        handler.onMessage(correlationId, buffer, 0, length);
    }

    // ---------------------------------------------------------------- helpers

    /** Under the sender's ring lock. An interrupted thread must not touch the channel (NIO would close it). */
    private void ringDoorbell() {
        if (Thread.currentThread().isInterrupted()) {
            doorbellRequested.set(true);
            selector.wakeup();
            return;
        }
        try {
            senderDoorbell.clear();
            senderDoorbell.put(0, Protocol.DOORBELL);
            channel.write(senderDoorbell);
        } catch (IOException e) {
            selector.wakeup(); // the receiver finds out what happened to the socket
        }
    }

    /** Receiver thread only. */
    private void writeByte(byte b) {
        try {
            channel.write(ByteBuffer.wrap(new byte[] {b}));
        } catch (IOException e) {
            // the socket is gone; the receiver will see EOF
        }
    }

    private void checkConnected() {
        if (closed) {
            throw lostConnection();
        }
    }

    private PmixException lostConnection() {
        PmixException reason = closedReason;
        return reason == null
                ? new PmixException(Status.ERR_LOST_CONNECTION, "not connected to the server at " + socketPath)
                : new PmixException(reason.status(), Transport.rawMessage(reason), reason);
    }

    private int nextCorrelationId() {
        int id;
        do {
            id = nextCorrelationId.incrementAndGet();
        } while (id == 0);
        return id;
    }

    private static RingFile attach(Path path) {
        try {
            return RingFile.attach(path);
        } catch (IOException e) {
            throw new PmixException(Status.ERR_UNREACH, "cannot map ring file " + path + ": " + e, e);
        }
    }

    private static void readOrHangUp(SocketChannel channel, Selector selector, ByteBuffer buffer, long deadline,
            Path socket) throws IOException {
        if (!Protocol.readFully(channel, selector, buffer, deadline, "handshake with the server at " + socket)) {
            throw new PmixException(Status.ERR_UNREACH, "the server at " + socket
                    + " closed the connection during the handshake");
        }
    }

    private static void writeFully(SocketChannel channel, Selector selector, SelectionKey key, ByteBuffer out,
            long deadline, Path socket) throws IOException {
        channel.write(out);
        if (!out.hasRemaining()) {
            return;
        }
        key.interestOps(SelectionKey.OP_WRITE);
        while (out.hasRemaining()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new PmixException(Status.ERR_TIMEOUT, "handshake with the server at " + socket + " timed out");
            }
            selector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
            selector.selectedKeys().clear();
            channel.write(out);
        }
        key.interestOps(SelectionKey.OP_READ);
    }

    private static void cleanUp(SocketChannel channel, Selector selector, RingFile ring, Throwable failure) {
        if (ring != null) {
            try {
                ring.unmap();
            } catch (InternalError fault) { // one that had not surfaced yet; spent now (RingFile.unmap)
                failure.addSuppressed(fault);
                ring.unmap();
            }
        }
        try {
            channel.close();
            if (selector != null) {
                selector.close();
            }
        } catch (IOException e) {
            // best effort
        }
    }
}
