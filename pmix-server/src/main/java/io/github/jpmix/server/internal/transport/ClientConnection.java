package io.github.jpmix.server.internal.transport;

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
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Not API. The server's end of one connected client: its identity (id, kernel-checked
 * credentials, claimed pid), a slot for the PMIx layer's per-client state, and the reply ring.
 *
 * <p><b>Threading.</b> {@link #send}, {@link #reply}, {@link #replyError} and {@link #close} may be
 * called from any thread; sends to one client are serialised. A send blocks while the client's
 * ring is full, up to the send timeout: on the conductor thread (inside a handler) that stalls
 * every client, so bulk data is better sent from another thread. Once the connection is closed
 * every send fails with {@link Status#ERR_LOST_CONNECTION}.
 */
public final class ClientConnection {
    private final ServerConductor conductor;
    private final int id;
    private final PeerCredentials credentials;
    private final long pid;
    private final SocketChannel channel;
    private final RingFile ring;
    private final RingSender sender;
    private final RingReceiver receiver;
    /** Used under the sender's ring lock only. */
    private final ByteBuffer doorbell = ByteBuffer.allocate(1);
    private volatile Object attachment;

    // conductor-thread state
    SelectionKey key;
    boolean established;
    boolean disconnected;
    boolean goodbyeReceived;
    /** Its ring file faulted: the mapping is never read again, only unmapped. */
    boolean faulted;
    /** Faults met while serving it with no truncated ring file to blame (see {@code ServerConductor.onFault}). */
    int faults;
    long lastClientHeartbeat;
    long lastHeartbeatChangeNs;

    ClientConnection(ServerConductor conductor, int id, PeerCredentials credentials, long pid, SocketChannel channel,
            RingFile ring, TransportConfig config, int peerMaxMessageLength,
            TransportServer.Handler handler) {
        this.conductor = conductor;
        this.id = id;
        this.credentials = credentials;
        this.pid = pid;
        this.channel = channel;
        this.ring = ring;
        String name = describe(id, credentials, pid);
        this.sender = new RingSender(ring.replies(), ring, RingFile.CLIENT, this::ringDoorbell,
                config.sendTimeoutNs(), peerMaxMessageLength, name);
        this.receiver = new RingReceiver(ring.requests(), config.maxMessageLength(),
                (correlationId, flags, buffer, offset, length) ->
                        dispatch(handler, correlationId, buffer, offset, length), name);
    }

    /** The id the server gave this client, unique for the server's lifetime (also in its ring file name). */
    public int id() {
        return id;
    }

    /** The peer's effective uid and gid as the kernel reported them when it connected. */
    public PeerCredentials credentials() {
        return credentials;
    }

    /** The pid the client claimed in its handshake (not checked by the kernel). */
    public long pid() {
        return pid;
    }

    /** The client's ring file (deleted once the connection is gone). */
    public Path ringFile() {
        return ring.path();
    }

    /** The PMIx layer's per-client state, or null. */
    public Object attachment() {
        return attachment;
    }

    /** Sets the PMIx layer's per-client state (any thread; visible to every thread). */
    public void attach(Object state) {
        this.attachment = state;
    }

    /** Whether messages can still be sent (false once the client is gone or closed). */
    public boolean isOpen() {
        return !sender.isClosed();
    }

    /** Sends a notification (correlation id 0). See the class comment for blocking and failures. */
    public void send(byte[] payload) {
        requireNonNull(payload, "payload");
        send(new UnsafeBuffer(payload), 0, payload.length);
    }

    public void send(DirectBuffer buffer, int offset, int length) {
        requireNonNull(buffer, "buffer");
        send(0, 0, buffer, offset, length);
    }

    /** Every send goes through here: a send that finds the ring file faulted has the client dropped. */
    private void send(int correlationId, int flags, DirectBuffer buffer, int offset, int length) {
        try {
            sender.send(correlationId, flags, buffer, offset, length);
        } catch (PmixException e) {
            if (sender.isFaulted()) {
                conductor.requestDropFaulted(this, e);
            }
            throw e;
        }
    }

    /**
     * Answers the client's request {@code correlationId}: completes its {@code request} future. May
     * be called later and from another thread; a second message with the same id reaches the
     * client's handler (e.g. a release pushed long after the request was acknowledged).
     */
    public void reply(int correlationId, byte[] payload) {
        requireNonNull(payload, "payload");
        reply(correlationId, new UnsafeBuffer(payload), 0, payload.length);
    }

    public void reply(int correlationId, DirectBuffer buffer, int offset, int length) {
        requireNonNull(buffer, "buffer");
        checkCorrelationId(correlationId);
        send(correlationId, Protocol.FLAG_REPLY, buffer, offset, length);
    }

    /** Fails the client's request {@code correlationId} with a PmixException of this status and message. */
    public void replyError(int correlationId, int status, String message) {
        requireNonNull(message, "message");
        checkCorrelationId(correlationId);
        UnsafeBuffer error = Transport.encodeError(status, message);
        send(correlationId, Protocol.FLAG_REPLY | Protocol.FLAG_ERROR, error, 0, error.capacity());
    }

    /**
     * Closes the connection on purpose: the client is told goodbye, then {@code onDisconnect(this,
     * true)} runs on the conductor thread. Returns at once; idempotent.
     */
    public void close() {
        conductor.requestClose(this, true, "closed by the server");
    }

    /** The kernel's word on the peer as fact, its handshake's pid as a claim. */
    @Override
    public String toString() {
        return describe(id, credentials, pid);
    }

    private static String describe(int id, PeerCredentials credentials, long pid) {
        return "client " + id + " (" + credentials + ", claims pid " + pid + ")";
    }

    SocketChannel channel() {
        return channel;
    }

    RingFile ring() {
        return ring;
    }

    RingSender sender() {
        return sender;
    }

    RingReceiver receiver() {
        return receiver;
    }

    private static void checkCorrelationId(int correlationId) {
        if (correlationId == 0) {
            throw new PmixException(Status.ERR_BAD_PARAM, "reply needs the request's correlation id, not 0");
        }
    }

    /** Handlings of one message that faults of other clients' rings may interrupt before it fails. */
    private static final int MAX_INTERRUPTED_HANDLINGS = 8;

    private void dispatch(TransportServer.Handler handler, int correlationId, DirectBuffer buffer, int offset,
            int length) {
        try {
            // JDK 17 reports a SIGBUS of compiled code later, where the JVM chooses, which may be in the
            // handler of the next message, another client's, and once per faulting access: the
            // conductor checks the rings once this poll is over. When another client's ring file is
            // truncated, or was dropped for a fault moments ago, this message was only interrupted
            // (at its decode, the first allocation, as a rule): it is handled again.
            try {
                // a fault pending from an earlier access (another ring's, or this message's own
                // read) surfaces here where the JDK allows it (MappedFaults.surface), before the
                // handler has changed anything
                MappedFaults.surface();
            } catch (InternalError fault) {
                conductor.requestFaultCheck(this, fault);
                if (!ring.isIntact()) {
                    return; // its own ring is cut: the fault check drops it (lost connection), no answer
                }
            }
            for (int attempt = 1;; attempt++) {
                try {
                    handler.onMessage(this, correlationId, buffer, offset, length);
                    break;
                } catch (InternalError fault) {
                    conductor.requestFaultCheck(this, fault);
                    if (!ring.isIntact()) {
                        return; // as above: the client is dropped, not answered
                    }
                    if (attempt >= MAX_INTERRUPTED_HANDLINGS || !conductor.anotherRingFaulted(this)) {
                        throw fault;
                    }
                    Transport.LOG.log(System.Logger.Level.DEBUG, "a fault of another client's ring interrupted a"
                            + " message from " + this + "; handling it again");
                }
            }
        } catch (Throwable t) {
            if (!isOpen()) {
                Transport.LOG.log(System.Logger.Level.DEBUG, "handler threw on a message from closed " + this, t);
                return;
            }
            Transport.LOG.log(System.Logger.Level.WARNING, "handler threw on a message from " + this
                    + (correlationId != 0 ? "; failing its request " + correlationId : ""), t);
            if (correlationId != 0) {
                try {
                    replyError(correlationId, Transport.statusOf(t), Transport.messageOf(t));
                } catch (RuntimeException e) {
                    Transport.LOG.log(System.Logger.Level.WARNING, "cannot send the error reply to " + this, e);
                }
            }
        }
    }

    /**
     * Called under the sender's ring lock when the client sleeps. A thread with its interrupt flag
     * set must not touch the channel (NIO would close it), so it leaves the doorbell to the
     * conductor.
     */
    private void ringDoorbell() {
        if (Thread.currentThread().isInterrupted()) {
            conductor.requestDoorbell(this);
            return;
        }
        writeDoorbell(doorbell);
    }

    /** Writes one doorbell byte through {@code buffer} (owned by the calling thread or lock). */
    void writeDoorbell(ByteBuffer buffer) {
        try {
            buffer.clear();
            buffer.put(0, Protocol.DOORBELL);
            channel.write(buffer); // 0 bytes written = socket buffer full = the client has bytes to wake it
        } catch (IOException e) {
            if (!channel.isOpen()) {
                conductor.requestClose(this, false, "socket closed while ringing the doorbell: " + e);
            }
        }
    }
}
