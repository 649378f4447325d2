package io.github.jpmix.server.internal.transport;

import static io.github.jpmix.common.internal.transport.Transport.LOG;
import static java.lang.System.Logger.Level.DEBUG;
import static java.lang.System.Logger.Level.INFO;
import static java.lang.System.Logger.Level.WARNING;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.LogText;
import io.github.jpmix.common.internal.PeerLog;
import io.github.jpmix.common.internal.transport.PeerCredentials;
import io.github.jpmix.common.internal.transport.Protocol;
import io.github.jpmix.common.internal.transport.RingFile;
import io.github.jpmix.common.internal.transport.Transport;
import io.github.jpmix.common.internal.transport.TransportConfig;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Not API. The server's handshake state machine ({@code docs/transport.md}, "Handshake"): from
 * {@code accept()} to an established connection or a rejection. Each accepted socket is a
 * {@link Pending} handshake that reads the HELLO header, checks magic, version, kind and lengths,
 * reads the payload, creates the client's ring file (owned by the client's user), asks the
 * {@link TransportServer.Acceptor}, and writes ACCEPT or REJECT, all without blocking: the
 * {@link ServerConductor}'s selector calls {@link #onEvent} whenever the socket is ready. A handshake
 * that does not finish within the handshake timeout is dropped ({@link #expire}).
 *
 * <p>Conductor thread only. On ACCEPT the connection is handed to the conductor
 * ({@link ServerConductor#established}); a connection the acceptor saw but whose handshake failed
 * later is ended through the conductor too, so the handler hears {@code onDisconnect} for it.
 */
final class Handshakes {
    private static final int MAX_PENDING_HANDSHAKES = 256;
    /** The longest refusal message a log line quotes. */
    private static final int MAX_LOGGED_MESSAGE = 512;
    /** Refused and failed handshakes, logged per peer user at most {@link PeerLog#BURST} a minute. */
    private static final PeerLog REFUSALS = new PeerLog(LOG);

    /** A connection between accept() and the end of its handshake. */
    static final class Pending {
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

        Pending(SocketChannel channel, SelectionKey key, PeerCredentials credentials, long deadlineNs) {
            this.channel = channel;
            this.key = key;
            this.credentials = credentials;
            this.deadlineNs = deadlineNs;
        }
    }

    private final ServerConductor conductor;
    private final Path socketPath;
    private final Path directory;
    private final TransportConfig config;
    private final TransportServer.Acceptor acceptor;
    private final TransportServer.Handler handler;
    private final ServerSocketChannel serverChannel;
    private final Selector selector;
    private final List<Pending> pending = new ArrayList<>();
    private final int ownUid = PeerCredentials.currentUid();
    private final long ownPid = ProcessHandle.current().pid();
    private int nextClientId = 1;

    Handshakes(ServerConductor conductor, Path socketPath, TransportConfig config, TransportServer.Acceptor acceptor,
            TransportServer.Handler handler, ServerSocketChannel serverChannel, Selector selector) {
        this.conductor = conductor;
        this.socketPath = socketPath;
        this.directory = Objects.requireNonNull(socketPath.getParent(), "socket directory");
        this.config = config;
        this.acceptor = acceptor;
        this.handler = handler;
        this.serverChannel = serverChannel;
        this.selector = selector;
    }

    /** Accepts every connection waiting on the listening socket; each starts a handshake with a deadline. */
    void acceptAll() {
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
                ServerConductor.closeQuietly(channel);
                continue;
            }
            try {
                PeerCredentials credentials = PeerCredentials.of(channel);
                channel.configureBlocking(false);
                SelectionKey key = channel.register(selector, SelectionKey.OP_READ);
                long deadline = System.nanoTime() + config.handshakeTimeoutNs();
                Pending p = new Pending(channel, key, credentials, deadline);
                key.attach(p);
                pending.add(p);
                conductor.dutyBy(deadline);
            } catch (IOException e) {
                LOG.log(WARNING, "cannot set up a connection on " + socketPath, e);
                ServerConductor.closeQuietly(channel);
            }
        }
    }

    /** The socket of a handshake is ready: read the hello, or write the rest of the verdict. */
    void onEvent(Pending p, SelectionKey key) {
        try {
            if (p.out != null) {
                if (key.isWritable()) {
                    flushReply(p);
                }
                return;
            }
            readHello(p);
        } catch (IOException e) {
            fail(p, "I/O error during the handshake: " + e.getMessage());
        }
    }

    /**
     * Drops every handshake past its deadline.
     *
     * @return the earlier of {@code next} and the deadline of the handshakes still running
     */
    long expire(long now, long next) {
        for (Pending p : pending.toArray(new Pending[0])) {
            if (now - p.deadlineNs >= 0) {
                fail(p, "timed out after " + LogText.duration(config.handshakeTimeoutNs()));
            } else if (p.deadlineNs - next < 0) {
                next = p.deadlineNs;
            }
        }
        return next;
    }

    /** A connection the acceptor saw ended before its handshake did: forget its handshake. */
    void forget(ClientConnection c) {
        pending.removeIf(p -> p.accepted == c);
    }

    /** The server is closing: every handshake ends (an accepted one through the conductor's disconnect). */
    void closeAll() {
        for (Pending p : pending.toArray(new Pending[0])) {
            if (p.accepted != null) {
                conductor.disconnect(p.accepted, false, "the server closed");
            } else {
                close(p);
            }
        }
    }

    private void readHello(Pending p) throws IOException {
        while (true) {
            ByteBuffer target = p.payload != null ? p.payload : p.header;
            if (!target.hasRemaining()) {
                if (p.payload == null) {
                    if (!parseHello(p)) {
                        return;
                    }
                    continue;
                }
                complete(p);
                return;
            }
            int n = p.channel.read(target);
            if (n < 0) {
                fail(p, "closed its socket during the handshake");
                return;
            }
            if (n == 0) {
                return;
            }
        }
    }

    /** Validates a complete hello header; false when the handshake was ended (rejected or dropped). */
    private boolean parseHello(Pending p) throws IOException {
        ByteBuffer h = p.header;
        int magic = h.getInt(0);
        if (magic != Protocol.MAGIC) {
            fail(p, "sent magic=0x" + Integer.toHexString(magic) + ": not a JPMIx transport client");
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
            fail(p, "sent handshake kind=" + kind + " instead of HELLO");
            return false;
        }
        int length = h.getInt(Protocol.HELLO_PAYLOAD_LENGTH_OFFSET);
        if (length < 0 || length > Protocol.MAX_HELLO_LENGTH) {
            reject(p, Status.ERR_BAD_PARAM, "handshake length=" + length + " is outside [0, "
                    + Protocol.MAX_HELLO_LENGTH + "]");
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

    /** The whole hello is in: a ring file for the client, the acceptor's verdict, ACCEPT or REJECT. */
    private void complete(Pending p) throws IOException {
        try {
            acceptor.precheck(p.credentials, p.payload.array());
        } catch (Throwable t) {
            if (!(t instanceof PmixException)) {
                LOG.log(WARNING, "acceptor's precheck threw; rejecting " + who(p), t);
            }
            reject(p, Transport.statusOf(t), Transport.messageOf(t));
            return;
        }
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
                ServerConductor.discard(ring);
                reject(p, Status.ERR_NO_PERMISSIONS, "server cannot give ring file " + ringName + " to user "
                        + p.credentials.userName() + ": " + e);
                return;
            }
        }
        ClientConnection c = new ClientConnection(conductor, id, p.credentials, p.pid, p.channel, ring, config,
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
            ServerConductor.discard(ring);
            if (!(t instanceof PmixException)) {
                LOG.log(WARNING, "acceptor threw; rejecting " + c, t);
            }
            reject(p, Transport.statusOf(t), Transport.messageOf(t));
            return;
        }
        p.out = Protocol.encodeAccept(id, config.maxMessageLength(), ringName, reply);
        flushReply(p);
    }

    private void reject(Pending p, int status, String message) throws IOException {
        // the message may quote the peer's bytes: bounded and escaped, and a peer's refusals rate-limited
        REFUSALS.log(INFO, p.credentials.userName(), () -> "rejecting the connection from " + who(p) + ": "
                + Status.name(status) + " " + LogText.peer(message, MAX_LOGGED_MESSAGE));
        p.accepted = null;
        p.out = Protocol.encodeReject(status, message);
        flushReply(p);
    }

    /** Writes what is left of the verdict; once all of it is out, the connection is established or closed. */
    private void flushReply(Pending p) throws IOException {
        p.channel.write(p.out);
        if (p.out.hasRemaining()) {
            p.key.interestOps(SelectionKey.OP_WRITE);
            return;
        }
        if (p.accepted == null) {
            close(p);
            return;
        }
        pending.remove(p);
        p.key.interestOps(SelectionKey.OP_READ);
        conductor.established(p.accepted);
    }

    private void fail(Pending p, String reason) {
        REFUSALS.log(WARNING, p.credentials.userName(), () -> "handshake with " + who(p) + " failed: "
                + LogText.peer(reason, MAX_LOGGED_MESSAGE));
        if (p.accepted != null) {
            conductor.disconnect(p.accepted, false, reason);
        } else {
            close(p);
        }
    }

    /** The peer as the kernel names it, and the pid it claims (once its hello header is in). */
    private static String who(Pending p) {
        return p.credentials + (p.pid != 0 ? ", claims pid " + p.pid : "");
    }

    private void close(Pending p) {
        pending.remove(p);
        p.key.cancel();
        ServerConductor.closeQuietly(p.channel);
    }
}
