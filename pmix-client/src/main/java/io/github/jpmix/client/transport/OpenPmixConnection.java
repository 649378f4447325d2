package io.github.jpmix.client.transport;

import static java.lang.System.Logger.Level.DEBUG;
import static java.lang.System.Logger.Level.WARNING;
import static java.util.Objects.requireNonNull;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.LogText;
import io.github.jpmix.common.internal.openpmix.ConnectMessage;
import io.github.jpmix.common.internal.openpmix.Frames;
import io.github.jpmix.common.internal.openpmix.OpenPmixUri;
import io.github.jpmix.common.internal.transport.PeerCredentials;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import jdk.net.ExtendedSocketOptions;

/**
 * The client end of OpenPMIx 4.2.2's client-server protocol (not for applications: see the package
 * page): a TCP connection to a server built on OpenPMIx's server library (Slurm's, PRRTE's, a host
 * of one's own), as {@code docs/openpmix.md} describes it from the server's side.
 *
 * <ul>
 *   <li><b>Connect</b> ({@code mca/ptl/base/ptl_base_fns.c:763-1064}): one {@link ConnectMessage}, then
 *       the server's verdict. A client ({@link #connectClient}, type 0) reads a big-endian status and its
 *       index; a tool ({@link #connectTool}, type 3 or 4) reads the status, the identity the server gave
 *       it (type 3 only: a 256-byte NUL-padded namespace and a rank), the server's own identity the same
 *       way, and the credential check's status. A server that refuses closes the socket without a byte
 *       ({@code ptl_base_connection_hdlr.c:434-451}): {@link Status#ERR_UNREACH}.</li>
 *   <li><b>Frames</b> ({@link Frames}): a 16-byte big-endian header, then the payload. Each request takes
 *       the next tag from 101 on; its one reply carries the same tag and completes the request's future.
 *       Tag 0 is an event the server sends unasked, handed to the {@link Handler}.</li>
 *   <li><b>Loss</b> ({@code ptl_base_sendrecv.c:221-249}): when the socket closes or a frame is
 *       malformed, every pending and later request fails with {@link Status#ERR_LOST_CONNECTION} and the
 *       handler hears it once. The handshake waits at most its timeout (OpenPMIx's own client waits
 *       forever by default, notes §1.4).</li>
 * </ul>
 *
 * <p><b>Threading.</b> One reader daemon thread per connection blocks on the socket, completes futures
 * and runs the handler. Writes come from any thread, one whole frame at a time under a lock.
 */
public final class OpenPmixConnection implements ServerConnection {
    private static final System.Logger LOG = System.getLogger("io.github.jpmix.client");
    /** The largest payload read: a bigger frame is a broken server (the server front takes as much). */
    public static final int MAX_MESSAGE = 64 << 20;
    /** How long a handshake may take unless told otherwise. */
    public static final Duration HANDSHAKE_TIMEOUT = Duration.ofSeconds(10);

    /** What a server sends that is not the reply to a pending request, and its departure. */
    public interface Handler {
        /** An event (tag 0) on the reader thread; {@code payload} is the handler's to keep. */
        default void onEvent(byte[] payload) {
        }

        /**
         * The connection is gone for a reason other than {@link #close()} on this side; called once,
         * on the reader thread, after every pending request has failed.
         */
        default void onDisconnect(PmixException reason) {
        }
    }

    private final String uri;
    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;
    private final Handler handler;
    private final int index;
    private final Proc self;
    private final Proc server;
    private final Map<Integer, CompletableFuture<byte[]>> pending = new ConcurrentHashMap<>();
    private final AtomicInteger nextTag = new AtomicInteger(Frames.FIRST_TAG - 1);
    private final Object writeLock = new Object();
    private final Thread reader;
    /** Whether {@code TCP_QUICKACK} works here (Linux). Guarded by the write lock. */
    private boolean quickAck = true;
    private volatile boolean closeRequested;
    private volatile boolean closed;
    private volatile PmixException closedReason;

    private OpenPmixConnection(String uri, Socket socket, DataInputStream in, OutputStream out, int index, Proc self,
            Proc server, Handler handler) {
        this.uri = uri;
        this.socket = socket;
        this.in = in;
        this.out = out;
        this.index = index;
        this.self = self;
        this.server = server;
        this.handler = handler;
        this.reader = new Thread(this::read, "jpmix-openpmix-client-" + self);
        this.reader.setDaemon(true);
    }

    /**
     * Connects as the client {@code self} that the server at {@code uri} started (connection type 0:
     * psec {@code native} with this process's effective uid and gid, version 4.2.2, bfrops {@code v41},
     * non-described buffers, storage component {@code hash}) and waits for the server's verdict.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} for a URI that is not an OpenPMIx one;
     *     {@link Status#ERR_UNREACH} when nobody listens there or the server refuses (it closes
     *     without a word); the server's status when it answers with one; {@link Status#ERR_TIMEOUT}
     *     when it does not answer within {@code timeout}
     */
    public static OpenPmixConnection connectClient(String uri, Proc self, Duration timeout, Handler handler) {
        requireNonNull(self, "self");
        ConnectMessage hello = ConnectMessage.client(self, PeerCredentials.currentUid(), PeerCredentials.currentGid());
        return connect(uri, hello, timeout, handler, self);
    }

    /**
     * Connects as a tool ({@code PMIx_tool_init}): type 4 with the identity {@code given}, or type 3
     * (the server names the tool) when it is null; {@code infos} is the tool's packed
     * {@code P(SIZE n) P(INFO x n)}, which the server hands its host with the request.
     *
     * @throws PmixException as {@link #connectClient}; the server's status when it refuses the tool
     *     with one ({@code PMIX_ERR_NOT_SUPPORTED} from a host without tool support, ...)
     */
    public static OpenPmixConnection connectTool(String uri, Proc given, byte[] infos, Duration timeout, Handler handler) {
        requireNonNull(infos, "infos");
        ConnectMessage hello = ConnectMessage.tool(given, PeerCredentials.currentUid(), PeerCredentials.currentGid(), infos);
        return connect(uri, hello, timeout, handler, given);
    }

    private static OpenPmixConnection connect(String uri, ConnectMessage hello, Duration timeout, Handler handler,
            Proc given) {
        requireNonNull(uri, "uri");
        requireNonNull(timeout, "timeout");
        requireNonNull(handler, "handler");
        OpenPmixUri where = OpenPmixUri.parse(uri);
        Socket s = new Socket();
        try {
            try {
                s.connect(where.address(), (int) Math.max(1, timeout.toMillis()));
            } catch (IOException e) {
                throw new PmixException(Status.ERR_UNREACH, "no PMIx server listens at " + uri + ": " + e.getMessage(), e);
            }
            s.setTcpNoDelay(true);
            if (s.supportedOptions().contains(ExtendedSocketOptions.TCP_QUICKACK)) {
                s.setOption(ExtendedSocketOptions.TCP_QUICKACK, true);
            }
            s.setSoTimeout((int) Math.max(1, timeout.toMillis()));
            // buffered: DataInputStream reads an int a byte at a time, a system call each on a bare socket stream
            DataInputStream in = new DataInputStream(new BufferedInputStream(s.getInputStream(), 64 * 1024));
            OutputStream out = s.getOutputStream();
            ByteBuffer m = hello.encode();
            out.write(m.array(), 0, m.limit());
            out.flush();
            int status = handshakeInt(in, uri);
            if (status != Status.SUCCESS) {
                throw refused(uri, status);
            }
            int index;
            Proc self;
            Proc server;
            if (hello.flag() == ConnectMessage.SIMPLE_CLIENT) {
                // status, then this client's index in the server's peer array (ptl_base_fns.c:982-1001)
                index = handshakeInt(in, uri);
                self = given;
                server = where.server();
            } else {
                // ptl_base_fns.c:1005-1064: the assigned id (type 3), the server's id, the credential check
                self = hello.flag() == ConnectMessage.TOOL_NEEDS_ID ? new Proc(nspaceField(in, uri), handshakeInt(in, uri)) : given;
                server = new Proc(nspaceField(in, uri), handshakeInt(in, uri));
                int cred = handshakeInt(in, uri);
                if (cred != Status.SUCCESS) {
                    throw refused(uri, cred);
                }
                index = 0;
            }
            s.setSoTimeout(0);
            OpenPmixConnection c = new OpenPmixConnection(uri, s, in, out, index, self, server, handler);
            c.reader.start();
            return c;
        } catch (SocketTimeoutException e) {
            close(s);
            throw new PmixException(Status.ERR_TIMEOUT, "the PMIx server at " + uri + " did not answer the handshake within "
                    + timeout.toMillis() + " ms", e);
        } catch (IOException e) {
            close(s);
            throw new PmixException(Status.ERR_UNREACH, "handshake with the PMIx server at " + uri + " failed: " + e, e);
        } catch (RuntimeException e) {
            close(s);
            throw e;
        }
    }

    private static PmixException refused(String uri, int status) {
        if (status == Status.ERR_READY_FOR_HANDSHAKE) {
            return new PmixException(Status.ERR_NOT_SUPPORTED, "the PMIx server at " + uri
                    + " asks for a security handshake (PMIX_ERR_READY_FOR_HANDSHAKE), which psec native does not do");
        }
        return new PmixException(status, "the PMIx server at " + uri + " refused this process: " + Status.name(status));
    }

    private static int handshakeInt(DataInputStream in, String uri) throws IOException {
        try {
            return in.readInt(); // big-endian: PMIX_PTL_RECV_U32 is ntohl (ptl_base_handshake.h)
        } catch (EOFException e) {
            throw new PmixException(Status.ERR_UNREACH, "the PMIx server at " + uri
                    + " closed the connection during the handshake (it refused this process)", e);
        }
    }

    /** A namespace as {@code PMIX_PTL_RECV_NSPACE} reads it: {@link ConnectMessage#NSPACE_FIELD} bytes, NUL-padded. */
    private static String nspaceField(DataInputStream in, String uri) throws IOException {
        byte[] b = new byte[ConnectMessage.NSPACE_FIELD];
        try {
            in.readFully(b);
        } catch (EOFException e) {
            throw new PmixException(Status.ERR_UNREACH, "the PMIx server at " + uri + " closed the connection during the handshake", e);
        }
        int n = 0;
        while (n < b.length && b[n] != 0) {
            n++;
        }
        if (n == 0 || n == b.length) {
            throw new PmixException(Status.ERR_UNPACK_FAILURE, "the PMIx server at " + uri + " sent a malformed namespace in its handshake");
        }
        return new String(b, 0, n, StandardCharsets.UTF_8);
    }

    /** The URI this connection reached. */
    public String uri() {
        return uri;
    }

    /** This process's identity: a client's own, a tool's given or assigned one. */
    public Proc self() {
        return self;
    }

    /** The server's identity: from the URI (a client), or as the server stated it (a tool). */
    public Proc server() {
        return server;
    }

    /** The index the server gave this client (0 for a tool), sent in every header. */
    public int index() {
        return index;
    }

    @Override
    public boolean isConnected() {
        return !closed;
    }

    @Override
    public CompletableFuture<byte[]> request(byte[] payload) {
        return request(payload, null);
    }

    @Override
    public CompletableFuture<byte[]> request(byte[] payload, Duration timeout) {
        return submit(List.of(requireNonNull(payload, "payload")), timeout).get(0);
    }

    /**
     * Sends requests without a timeout in one write (one system call, and a segment the server reads at
     * once); the futures complete with the replies, in the order of {@code payloads}.
     */
    public List<CompletableFuture<byte[]>> requestAll(List<byte[]> payloads) {
        return submit(payloads, null);
    }

    /**
     * Files a future for each request under a tag of its own, writes the frames at once, then starts the
     * timers ({@code timeout} null: none), so that they do not delay the write.
     */
    private List<CompletableFuture<byte[]>> submit(List<byte[]> payloads, Duration timeout) {
        int n = payloads.size();
        if (n == 0) {
            return List.of();
        }
        List<CompletableFuture<byte[]>> futures = new ArrayList<>(n);
        int[] tags = new int[n];
        ByteBuffer[] frames = new ByteBuffer[n];
        int total = 0;
        for (int i = 0; i < n; i++) {
            tags[i] = nextTag();
            frames[i] = Frames.frame(index, tags[i], requireNonNull(payloads.get(i), "payload"));
            total += frames[i].limit();
            CompletableFuture<byte[]> f = new CompletableFuture<>();
            futures.add(f);
            pending.put(tags[i], f);
        }
        if (closed) { // the reader sets closed before it fails the pending map: one of us sees the other
            fail(tags, futures, lostConnection());
            return futures;
        }
        byte[] all = frames[0].array();
        if (n > 1) {
            all = new byte[total];
            int at = 0;
            for (ByteBuffer b : frames) {
                System.arraycopy(b.array(), 0, all, at, b.limit());
                at += b.limit();
            }
        }
        try {
            write(all, total);
        } catch (PmixException e) {
            fail(tags, futures, e);
            return futures;
        }
        if (timeout != null) {
            for (int i = 0; i < n; i++) {
                RequestTimer.expire(pending, tags[i], futures.get(i), timeout, "the PMIx server at " + uri);
            }
        }
        return futures;
    }

    private void fail(int[] tags, List<CompletableFuture<byte[]>> futures, PmixException e) {
        for (int i = 0; i < tags.length; i++) {
            pending.remove(tags[i]);
            futures.get(i).completeExceptionally(e);
        }
    }

    /**
     * Sends a message with a tag of its own and expects no reply ({@code DEREGEVENTS},
     * {@code pmix_event_registration.c:1131}).
     */
    @Override
    public void send(byte[] payload) {
        requireNonNull(payload, "payload");
        if (closed) {
            throw lostConnection();
        }
        write(nextTag(), payload);
    }

    private void write(int tag, byte[] payload) {
        ByteBuffer frame = Frames.frame(index, tag, payload);
        write(frame.array(), frame.limit());
    }

    /** Writes {@code length} bytes of whole frames. */
    private void write(byte[] frames, int length) {
        try {
            synchronized (writeLock) {
                out.write(frames, 0, length);
                quickAck();
            }
        } catch (IOException e) {
            // the reader finds out what happened to the socket and fails everything pending
            throw new PmixException(Status.ERR_LOST_CONNECTION, "writing to the PMIx server at " + uri + " failed: " + e, e);
        }
    }

    /**
     * Asks the kernel to acknowledge the server's next segment at once. Linux delays the acknowledgement
     * of what comes in after this side has written (it hopes to send it with its next message), and
     * OpenPMIx's server writes without {@code TCP_NODELAY}: when it has two replies for this client in a
     * row (a commit's, then a fence's that comes once the other participants entered), Nagle's algorithm
     * holds the second until the first is acknowledged: 40 ms (measured: a 2-rank modex round took 44 ms).
     * The mode does not last, hence after every write. Under the write lock.
     */
    private void quickAck() {
        if (quickAck) {
            try {
                socket.setOption(ExtendedSocketOptions.TCP_QUICKACK, true);
            } catch (IOException | UnsupportedOperationException e) {
                quickAck = false;
            }
        }
    }

    /** Tags from 101 on; after 2^32 requests the counter skips the reserved ones again. */
    private int nextTag() {
        while (true) {
            int t = nextTag.incrementAndGet();
            if (Integer.compareUnsigned(t, Frames.FIRST_TAG) >= 0) {
                return t;
            }
            nextTag.compareAndSet(t, Frames.FIRST_TAG - 1);
        }
    }

    /**
     * Closes the socket: pending requests fail with {@link Status#ERR_LOST_CONNECTION}, the handler is
     * not told. Waits for the reader thread unless called on it. Idempotent.
     */
    @Override
    public void close() {
        closeRequested = true;
        close(socket);
        if (Thread.currentThread() != reader) {
            try {
                reader.join(TimeUnit.SECONDS.toMillis(10));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public String toString() {
        return "OpenPmixConnection{" + self + " -> " + server + " at " + uri + (closed ? ", closed" : "") + "}";
    }

    // ---------------------------------------------------------------- reader thread

    private void read() {
        PmixException reason;
        try {
            while (true) {
                in.readInt(); // the server's index: not needed
                int tag = in.readInt();
                long length = Integer.toUnsignedLong(in.readInt());
                in.readInt();
                if (length > MAX_MESSAGE) {
                    reason = new PmixException(Status.ERR_LOST_CONNECTION, "the PMIx server at " + uri + " sent a message of "
                            + length + " bytes (at most " + MAX_MESSAGE + "): dropped the connection");
                    break;
                }
                byte[] payload = new byte[(int) length];
                in.readFully(payload);
                dispatch(tag, payload);
            }
        } catch (EOFException e) {
            reason = new PmixException(Status.ERR_LOST_CONNECTION, "lost the connection to the PMIx server at " + uri
                    + " (server gone)");
        } catch (IOException e) {
            reason = new PmixException(Status.ERR_LOST_CONNECTION, closeRequested
                    ? "the connection to the PMIx server at " + uri + " was closed by this process"
                    : "lost the connection to the PMIx server at " + uri + ": " + e.getMessage());
        } catch (Throwable t) {
            LOG.log(WARNING, "reader of the connection to " + uri + " failed", t);
            reason = new PmixException(Status.ERR_LOST_CONNECTION, "reader failed: " + t, t);
        }
        shutdown(reason);
    }

    private void dispatch(int tag, byte[] payload) {
        if (tag == Frames.TAG_NOTIFY) {
            try {
                handler.onEvent(payload);
            } catch (RuntimeException e) {
                LOG.log(WARNING, "the event handler of the connection to " + uri + " threw (ignored)", e);
            }
            return;
        }
        CompletableFuture<byte[]> f = pending.remove(tag);
        if (f != null) {
            f.complete(payload);
        } else if (Integer.compareUnsigned(tag, Frames.FIRST_TAG) >= 0) {
            // a reply after its request timed out, or one nobody asked for (ptl_base_sendrecv.c:855-863)
            LOG.log(DEBUG, () -> "OpenPMIx server at " + uri + ": a message with tag " + Integer.toUnsignedString(tag)
                    + " nobody waits for (" + payload.length + " bytes): dropped");
        }
        // tags 1 (heartbeat) and 2 (IOF): this client asks for neither
    }

    private void shutdown(PmixException reason) {
        closedReason = reason;
        closed = true;
        close(socket);
        for (Integer tag : pending.keySet()) {
            CompletableFuture<byte[]> f = pending.remove(tag);
            if (f != null) {
                f.completeExceptionally(new PmixException(reason.status(), message(reason), reason));
            }
        }
        if (!closeRequested) {
            LOG.log(DEBUG, () -> "OpenPMIx connection " + self + " ended: " + LogText.peer(reason.getMessage()));
            try {
                handler.onDisconnect(reason);
            } catch (Throwable t) {
                LOG.log(WARNING, "onDisconnect threw (ignored)", t);
            }
        }
    }

    private PmixException lostConnection() {
        PmixException reason = closedReason;
        return reason == null
                ? new PmixException(Status.ERR_LOST_CONNECTION, "not connected to the PMIx server at " + uri)
                : new PmixException(reason.status(), message(reason), reason);
    }

    /** A PmixException's message without its status prefix (a new one adds it again). */
    private static String message(PmixException e) {
        String m = e.getMessage();
        String prefix = Status.name(e.status()) + ": ";
        return m.startsWith(prefix) ? m.substring(prefix.length()) : m;
    }

    private static void close(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // best effort
        }
    }
}
