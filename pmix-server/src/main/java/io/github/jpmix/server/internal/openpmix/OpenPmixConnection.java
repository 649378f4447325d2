package io.github.jpmix.server.internal.openpmix;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.bfrops.BfropsWriter;
import io.github.jpmix.common.internal.openpmix.Commands;
import io.github.jpmix.common.internal.openpmix.ConnectMessage;
import io.github.jpmix.common.internal.openpmix.Frames;
import io.github.jpmix.server.internal.front.ClientHandle;
import io.github.jpmix.server.internal.front.ClientLink;
import io.github.jpmix.server.internal.front.Reply;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Not API. One OpenPMIx client's TCP connection: its handshake, then framed requests and replies
 * ({@code docs/openpmix.md}, "Framing": a 16-byte big-endian header of the sender's index, the tag
 * and the payload length, then the payload). Requests are read and handed in on the front's thread;
 * replies come from any thread and are written at once when the socket takes them, else queued in
 * order and written by the front's thread as the socket drains ({@link ClientLink}).
 */
final class OpenPmixConnection implements ClientLink {
    /** The most a client may leave unread before it is dropped: a client that stops reading must not grow the server. */
    static final long MAX_QUEUED = 64L << 20;

    /** What a request's reply must look like: its command, and for a GET the process it asked about. */
    record Pending(int command, Proc target, String key) {
    }

    final OpenPmixFront front;
    final SocketChannel channel;
    final int index;
    final long handshakeDeadline;
    /** The connection's two ends, kept for the log and the lookup of its peer (a closed channel no longer says). */
    final LoopbackPeer.Query ends;
    SelectionKey key;
    /** Bytes read and not yet handled: [0, filled). Front thread only. */
    byte[] in = new byte[64 * 1024];
    int filled;
    /** The admitted client; null during the handshake. Front thread only. */
    ClientHandle client;
    /** The connect message while the peer's uid is looked up, else null. Front thread only. */
    ConnectMessage connect;
    /** The uid owning the peer's socket as the kernel said it, -1 before the lookup. Front thread only. */
    int uid = -1;
    final Map<Integer, Pending> pending = new ConcurrentHashMap<>();
    /**
     * What the client's commits have posted, key to posted info: OpenPMIx's client sends every value
     * put so far in every commit, and only what changed goes on to the modex store
     * ({@link RequestAdapter}). Emptied when a commit fails, so that the next one carries everything.
     */
    final Map<String, Info> committed = new ConcurrentHashMap<>();
    private final ArrayDeque<ByteBuffer> out = new ArrayDeque<>();
    private long queued;
    private volatile boolean open = true;
    /** A commit the server refused, not yet reported: the next FENCENB or GETNB fails with it. */
    volatile PmixException commitRefusal;

    OpenPmixConnection(OpenPmixFront front, SocketChannel channel, int index, long handshakeDeadline, LoopbackPeer.Query ends) {
        this.front = front;
        this.channel = channel;
        this.index = index;
        this.handshakeDeadline = handshakeDeadline;
        this.ends = ends;
    }

    String who() {
        return client != null ? client.proc().toString() : "connection " + index;
    }

    // ---- ClientLink ----

    @Override
    public void reply(int requestId, Reply reply) {
        Pending p = pending.remove(requestId);
        if (p == null) {
            return;
        }
        send(requestId, Replies.success(front, p, reply));
    }

    @Override
    public void replyError(int requestId, int status, String message) {
        Pending p = pending.remove(requestId);
        if (p == null) {
            return;
        }
        if (p.command() == Commands.COMMIT) {
            committed.clear();
            // libpmix reads no status of a commit: the refusal fails this client's next fence or get
            // (docs/openpmix.md, "Limits")
            commitRefusal = new PmixException(status, message);
        }
        send(requestId, new BfropsWriter().packStatus(status).toByteArray());
    }

    @Override
    public void event(int code, Proc source, int range, List<Info> info) {
        send(0, Replies.event(code, source, range, info));
    }

    @Override
    public boolean isOpen() {
        return open;
    }

    @Override
    public void close() {
        front.closeLater(this);
    }

    // ---- writing ----

    /** Sends one message with {@code tag} (0: an event); dropped when the connection is closed. */
    void send(int tag, byte[] payload) {
        send(Frames.frame(0, tag, payload));
    }

    /** Sends raw bytes (the handshake's reply, a frame). */
    void send(ByteBuffer bytes) {
        boolean wantWrite = false;
        synchronized (this) {
            if (!open) {
                return;
            }
            try {
                if (out.isEmpty()) {
                    channel.write(bytes);
                }
                if (bytes.hasRemaining()) {
                    wantWrite = out.isEmpty();
                    out.add(bytes);
                    queued += bytes.remaining();
                    if (queued > MAX_QUEUED) {
                        throw new IOException(queued + " bytes of replies left unread");
                    }
                }
            } catch (IOException e) {
                OpenPmixFront.LOG.log(System.Logger.Level.DEBUG, "openpmix: writing to " + who() + " failed: " + e);
                front.closeLater(this);
                return;
            }
        }
        if (wantWrite) {
            front.wantWrite(this);
        }
    }

    /** The socket takes more: writes what is queued (front thread). */
    void flush() throws IOException {
        synchronized (this) {
            while (!out.isEmpty()) {
                ByteBuffer b = out.peek();
                int before = b.remaining();
                channel.write(b);
                queued -= before - b.remaining();
                if (b.hasRemaining()) {
                    return;
                }
                out.poll();
            }
            if (key != null && key.isValid()) {
                key.interestOps(SelectionKey.OP_READ);
            }
        }
    }

    boolean hasQueued() {
        synchronized (this) {
            return !out.isEmpty();
        }
    }

    /** Marks the connection closed: nothing more is written (front thread closes the socket). */
    void markClosed() {
        synchronized (this) {
            open = false;
            out.clear();
            queued = 0;
        }
    }

    /** Room for {@code needed} bytes from offset 0 of {@link #in}. */
    void ensureCapacity(int needed) {
        if (needed > in.length) {
            // needed is at most a header and OpenPmixFront.MAX_MESSAGE, so doubling stays far from overflow
            in = java.util.Arrays.copyOf(in, Math.max(needed, in.length * 2));
        }
    }

    static PmixException protocol(String message) {
        return new PmixException(Status.ERR_BAD_PARAM, message);
    }

    @Override
    public String toString() {
        return "openpmix " + who();
    }
}
