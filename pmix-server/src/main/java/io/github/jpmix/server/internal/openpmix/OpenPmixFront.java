package io.github.jpmix.server.internal.openpmix;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.LogText;
import io.github.jpmix.common.internal.PeerLog;
import io.github.jpmix.common.internal.bfrops.Bfrops;
import io.github.jpmix.common.internal.openpmix.ConnectMessage;
import io.github.jpmix.common.internal.openpmix.Frames;
import io.github.jpmix.common.internal.openpmix.OpenPmixUri;
import io.github.jpmix.server.internal.front.ClientHandle;
import io.github.jpmix.server.internal.front.ServerBackend;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import jdk.net.ExtendedSocketOptions;

/**
 * Not API. The server's second front: OpenPMIx 4.2.2's client-server protocol on a loopback TCP port
 * ({@code docs/openpmix.md}), so that unmodified libpmix programs and Open MPI ranks are served by the
 * same server as JPMIx's Java clients.
 *
 * <p>One thread ({@code jpmix-openpmix-front}) runs a selector over the listening socket and every
 * connection: it accepts, reads each client's connect message and admits it (its version, buffer
 * type and storage component checked, its uid taken from the kernel, {@link LoopbackPeer}), then
 * reads framed requests and hands them to the {@link ServerBackend} ({@link RequestAdapter}).
 * Replies are written by whichever thread completes a request; the front's thread writes what a
 * socket could not take at once. A client refused at the handshake is closed without a byte, as
 * OpenPMIx's own server does: its client ignores an error status in the connect reply and would take
 * itself for connected ({@code ptl_base_fns.c:583-599}).
 *
 * <p>A connection that breaks the protocol (an oversized frame, bytes before the handshake ends) is
 * closed, and its client counts as gone without finalizing; the others are not affected.
 */
public final class OpenPmixFront implements AutoCloseable {
    static final System.Logger LOG = System.getLogger("io.github.jpmix.server");
    /** The client version this front speaks: OpenPMIx 4.2.x ({@code docs/openpmix.md}, "Versions"). */
    static final String VERSION_PREFIX = "4.2.";
    static final String GDS = ConnectMessage.GDS_HASH;
    /** The largest request payload taken; a bigger frame closes the connection. */
    static final int MAX_MESSAGE = 64 << 20;
    private static final long DUTY_MS = 500;

    private final ServerBackend backend;
    /** How long a connection may take to send its connect message: the transport's handshake timeout. */
    private final long handshakeTimeoutNs;
    private final ServerSocketChannel listener;
    private final Selector selector;
    private final String uri;
    private final Thread thread;
    private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    /** Who connected, from the kernel's tables, off the front's thread. */
    private final LoopbackPeer.Lookups lookups;
    /** Each namespace's job data, packed once ({@link JobDataReply}). */
    private final Map<String, byte[]> jobData = new ConcurrentHashMap<>();
    /** Front thread only. */
    private final List<OpenPmixConnection> connections = new ArrayList<>();
    private int nextIndex;
    /** The earliest connect-message deadline of a connection yet to complete its handshake; front thread only. */
    private long nextHandshakeDeadline;
    /** Whether {@code TCP_QUICKACK} works here (Linux); front thread only. */
    private boolean quickAck = true;
    private volatile boolean running = true;

    private OpenPmixFront(ServerBackend backend, ServerSocketChannel listener, Selector selector, long handshakeTimeoutNs)
            throws IOException {
        this.backend = backend;
        this.handshakeTimeoutNs = handshakeTimeoutNs;
        this.nextHandshakeDeadline = System.nanoTime() + handshakeTimeoutNs;
        this.listener = listener;
        this.selector = selector;
        int port = ((InetSocketAddress) listener.getLocalAddress()).getPort();
        Proc server = backend.serverProc();
        // "<server nspace>.<rank>;tcp4://<address>:<port>" (ptl_base_listener.c:592-593); the client splits at the last '.'
        this.uri = OpenPmixUri.format(server, "127.0.0.1", port);
        listener.configureBlocking(false);
        listener.register(selector, SelectionKey.OP_ACCEPT);
        this.thread = new Thread(this::run, "jpmix-openpmix-front");
        thread.setDaemon(true);
        this.lookups = new LoopbackPeer.Lookups("jpmix-openpmix-peers");
    }

    /**
     * Listens on an ephemeral port of 127.0.0.1 (loopback only: OpenPMIx's credential is not worth
     * more over a network) and starts serving; a connection that sends no complete connect message
     * within {@code handshakeTimeoutNs} is closed.
     *
     * @throws PmixException {@link Status#ERR_INIT} when no port can be had
     */
    public static OpenPmixFront start(ServerBackend backend, long handshakeTimeoutNs) {
        ServerSocketChannel listener = null;
        try {
            listener = ServerSocketChannel.open();
            listener.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0));
            OpenPmixFront front = new OpenPmixFront(backend, listener, Selector.open(), handshakeTimeoutNs);
            front.thread.start();
            return front;
        } catch (IOException e) {
            if (listener != null) {
                try {
                    listener.close();
                } catch (IOException ignored) {
                    // already failing
                }
            }
            throw new PmixException(Status.ERR_INIT, "openpmix front: cannot listen on 127.0.0.1: " + e, e);
        }
    }

    /** The URI OpenPMIx's clients find in {@code PMIX_SERVER_URI41} and its older names. */
    public String uri() {
        return uri;
    }

    /** A namespace was deregistered: its packed job data goes (a later one of the same name is another job). */
    public void forget(String namespace) {
        jobData.remove(namespace);
    }

    /**
     * Any thread: processes of {@code namespace} are about to start. Their job data is packed now, on the
     * caller's thread, before the host forks, rather than when the first client asks ({@code REQ}): a
     * fresh server took 23-30 ms for the first reply of a two-rank job, all of it inside the clients'
     * {@code PMIx_Init}. Nor while the host forks: the starting processes take the cores, and packing on
     * the front's thread then took 60-72 ms (15 ms of processor time) for 8 ranks on 2 cores, while
     * every client's connection waited behind it; before the forks it takes 10-18 ms. A namespace whose
     * facts cannot be had is left for the request to say so.
     */
    public void prepare(String namespace) {
        try {
            jobData(namespace);
        } catch (PmixException e) {
            LOG.log(System.Logger.Level.DEBUG, () -> "job data of " + namespace + " not prepared: " + e.getMessage());
        }
    }

    ServerBackend backend() {
        return backend;
    }

    byte[] jobData(String namespace) {
        return jobData.computeIfAbsent(namespace, n -> JobDataReply.encode(backend.jobFacts(n)));
    }

    // ---- the front's thread ----

    private void run() {
        while (running) {
            try {
                selector.select(DUTY_MS);
                for (SelectionKey k : selector.selectedKeys()) {
                    if (!k.isValid()) {
                        continue;
                    }
                    if (k.isAcceptable()) {
                        accept();
                    } else {
                        OpenPmixConnection c = (OpenPmixConnection) k.attachment();
                        if (k.isWritable()) {
                            flush(c);
                        }
                        if (k.isValid() && k.isReadable()) {
                            read(c);
                        }
                    }
                }
                selector.selectedKeys().clear();
                for (Runnable t; (t = tasks.poll()) != null;) {
                    t.run();
                }
                expireHandshakes();
            } catch (IOException | RuntimeException e) {
                LOG.log(System.Logger.Level.ERROR, "openpmix front: " + e, e);
            }
        }
        for (OpenPmixConnection c : new ArrayList<>(connections)) {
            c.markClosed();
            closeQuietly(c.channel);
        }
        connections.clear();
        closeQuietly(listener);
        try {
            selector.close();
        } catch (IOException ignored) {
            // going away
        }
    }

    private void accept() throws IOException {
        SocketChannel ch;
        while ((ch = listener.accept()) != null) {
            ch.configureBlocking(false);
            ch.socket().setTcpNoDelay(true);
            OpenPmixConnection c = new OpenPmixConnection(this, ch, nextIndex++, System.nanoTime() + handshakeTimeoutNs,
                    new LoopbackPeer.Query((InetSocketAddress) ch.getLocalAddress(), (InetSocketAddress) ch.getRemoteAddress()));
            if (c.handshakeDeadline - nextHandshakeDeadline < 0) {
                nextHandshakeDeadline = c.handshakeDeadline;
            }
            c.key = ch.register(selector, SelectionKey.OP_READ, c);
            connections.add(c);
        }
    }

    /**
     * Acknowledges what was just read at once. OpenPMIx's client writes without {@code TCP_NODELAY}, and
     * some of its messages get no reply ({@code DEREGEVENTS}): Linux delays the acknowledgement of such a
     * segment (it hopes to send it with a reply), and the client's Nagle algorithm holds its next message
     * until then: 40 ms (measured with strace: the {@code FINALIZE} after four {@code DEREGEVENTS} in
     * {@code MPI_Finalize} answered 41 ms after it was written). The mode does not last, hence after
     * every read.
     */
    private void quickAck(SocketChannel ch) {
        if (quickAck) {
            try {
                ch.setOption(ExtendedSocketOptions.TCP_QUICKACK, true);
            } catch (IOException | UnsupportedOperationException e) {
                quickAck = false;
            }
        }
    }

    private void read(OpenPmixConnection c) {
        try {
            c.ensureCapacity(c.filled + 4096);
            int n = c.channel.read(ByteBuffer.wrap(c.in, c.filled, c.in.length - c.filled));
            if (n < 0) {
                close(c, "closed its connection");
                return;
            }
            c.filled += n;
            quickAck(c.channel);
            int done = c.client == null ? handshake(c) : frames(c);
            if (done > 0) {
                System.arraycopy(c.in, done, c.in, 0, c.filled - done);
                c.filled -= done;
            }
        } catch (IOException e) {
            close(c, "connection failed: " + e.getMessage());
        } catch (PmixException e) {
            close(c, LogText.peer(e.getMessage()));
        }
    }

    /** Reads the connect message when it is all there; returns the bytes used. */
    private int handshake(OpenPmixConnection c) throws IOException {
        if (c.connect != null) {
            // the client waits for the reply before it sends anything else
            throw OpenPmixConnection.protocol("bytes after the connect message, before its reply");
        }
        if (c.filled < ConnectMessage.HEADER) {
            return 0;
        }
        int body = ConnectMessage.bodyLength(ByteBuffer.wrap(c.in, 0, ConnectMessage.HEADER));
        int total = ConnectMessage.HEADER + body;
        c.ensureCapacity(total);
        if (c.filled < total) {
            return 0;
        }
        byte[] bytes = java.util.Arrays.copyOfRange(c.in, ConnectMessage.HEADER, total);
        if (c.filled > total) {
            // the client waits for the reply before it sends anything else
            throw OpenPmixConnection.protocol("bytes after the connect message, before its reply");
        }
        ConnectMessage m = ConnectMessage.parse(bytes);
        admit(c, m);
        return total;
    }

    /**
     * Checks what the connect message says and asks who is at the other end ({@link LoopbackPeer}); the
     * client is admitted on the front's thread once the answer is in ({@link #admit(OpenPmixConnection, int)}).
     */
    private void admit(OpenPmixConnection c, ConnectMessage m) {
        String refusal = null;
        if (m.flag() != ConnectMessage.SIMPLE_CLIENT) {
            refusal = "only clients this server started are served on this port (tools and singletons are not)";
        } else if (!m.version().startsWith(VERSION_PREFIX)) {
            refusal = "its library is OpenPMIx " + LogText.peer(m.version(), 32) + "; this server speaks 4.2.x";
        } else if (!m.bfrops().equals(Bfrops.MODULE) || m.bufferType() != Bfrops.BUFFER_NON_DESC) {
            refusal = "it packs with " + LogText.peer(m.bfrops(), 32) + " buffer type " + m.bufferType()
                    + "; this server speaks v41 non-described buffers (PMIX_BFROP_BUFFER_TYPE=PMIX_BFROP_BUFFER_NON_DESC)";
        } else if (!m.gds().equals(GDS)) {
            refusal = "it stores job data with " + LogText.peer(m.gds(), 32) + "; this server serves the hash component only"
                    + " (PMIX_GDS_MODULE=hash)";
        } else if (!m.psec().equals("native") && !m.psec().equals("none")) {
            refusal = "it authenticates with " + LogText.peer(m.psec(), 32) + "; this server takes native or none";
        }
        if (refusal != null) {
            throw OpenPmixConnection.protocol("refused " + who(m) + ": " + refusal);
        }
        c.connect = m;
        lookups.submit(c.ends, (uid, failure) -> {
            tasks.add(() -> looked(c, uid, failure));
            selector.wakeup();
        });
    }

    /** The front's thread: the kernel's answer for {@code c}'s socket is in (a uid, or why there is none). */
    private void looked(OpenPmixConnection c, int uid, PmixException failure) {
        if (!connections.contains(c)) {
            return; // closed meanwhile (its deadline, the server's close)
        }
        if (failure != null) {
            close(c, "refused " + who(c.connect) + ": " + failure.getMessage());
            return;
        }
        try {
            admit(c, uid);
        } catch (PmixException e) {
            close(c, LogText.peer(e.getMessage()));
        }
    }

    /** Admits the client of {@link OpenPmixConnection#connect}, whose socket the kernel says {@code uid} owns. */
    private void admit(OpenPmixConnection c, int uid) {
        ConnectMessage m = c.connect;
        c.uid = uid;
        int gid = -1;
        if (m.psec().equals("native")) {
            int[] claimed = m.nativeIds();
            if (claimed[0] != uid) {
                throw OpenPmixConnection.protocol("refused " + who(m) + ": it claims uid " + Integer.toUnsignedString(claimed[0])
                        + ", the kernel says uid " + uid);
            }
            gid = claimed[1];
        }
        Proc proc = new Proc(m.nspace(), m.rank());
        ClientHandle client;
        try {
            client = backend.admit(proc, uid, gid, 0, c, "openpmix");
        } catch (PmixException e) {
            throw OpenPmixConnection.protocol("refused " + who(m) + ": " + e.getMessage());
        }
        c.client = client;
        c.connect = null;
        // status and index, both big-endian uint32 (ptl_base_connection_hdlr.c:367-390)
        c.send(ByteBuffer.allocate(8).order(ByteOrder.BIG_ENDIAN).putInt(Status.SUCCESS).putInt(c.index).flip());
    }

    private static String who(ConnectMessage m) {
        return "OpenPMIx " + (m.flag() == ConnectMessage.SIMPLE_CLIENT ? "client " + LogText.peer(m.nspace()) + ":"
                + Integer.toUnsignedString(m.rank()) : "connection of type " + m.flag());
    }

    /** Hands in every complete frame; returns the bytes used. */
    private int frames(OpenPmixConnection c) {
        int at = 0;
        while (c.filled - at >= Frames.HEADER) {
            ByteBuffer h = ByteBuffer.wrap(c.in);
            int tag = Frames.tag(h, at);
            long nbytes = Frames.length(h, at);
            if (nbytes > MAX_MESSAGE) {
                throw OpenPmixConnection.protocol("a message of " + nbytes + " bytes (at most " + MAX_MESSAGE + ")");
            }
            int total = Frames.HEADER + (int) nbytes;
            if (c.filled - at < total) {
                c.ensureCapacity(c.filled - at + total);
                break;
            }
            RequestAdapter.handle(c, tag, c.in, at + Frames.HEADER, (int) nbytes);
            at += total;
        }
        return at;
    }

    private void flush(OpenPmixConnection c) {
        try {
            c.flush();
        } catch (IOException e) {
            close(c, "connection failed: " + e.getMessage());
        }
    }

    /**
     * Closes the connections whose connect message is overdue. The first deadline is kept, so that the
     * pass after every message (a fence of 16 clients wakes the front 16 times) looks at nothing until
     * one is due.
     */
    private void expireHandshakes() {
        long now = System.nanoTime();
        if (now - nextHandshakeDeadline < 0) {
            return;
        }
        long next = now + handshakeTimeoutNs;
        List<OpenPmixConnection> overdue = new ArrayList<>();
        for (OpenPmixConnection c : connections) {
            if (c.client == null && c.connect == null) {
                if (now - c.handshakeDeadline > 0) {
                    overdue.add(c);
                } else if (c.handshakeDeadline - next < 0) {
                    next = c.handshakeDeadline;
                }
            }
        }
        nextHandshakeDeadline = next;
        for (OpenPmixConnection c : overdue) {
            close(c, "sent no complete connect message within " + TimeUnit.NANOSECONDS.toMillis(handshakeTimeoutNs) + " ms");
        }
    }

    /** Closes a connection (front thread); an admitted client's departure goes to the backend. */
    private void close(OpenPmixConnection c, String why) {
        if (!connections.remove(c)) {
            return;
        }
        boolean wasOpen = c.isOpen();
        c.markClosed();
        closeQuietly(c.channel);
        if (c.client != null) {
            LOG.log(System.Logger.Level.DEBUG, "openpmix: " + c.who() + " " + why);
            backend.closed(c.client, c, false);
        } else if (wasOpen) {
            // a refused or failed connect: at most a few lines a minute per peer user (docs/openpmix.md, "Connect")
            String line = "openpmix: " + c.who() + " from " + c.ends.peer() + " " + LogText.peer(why, 1024);
            if (c.uid >= 0) {
                REFUSALS.log(System.Logger.Level.WARNING, "uid " + Integer.toUnsignedString(c.uid), () -> line);
            } else {
                // the peer's socket stays listed until its process closes it too
                lookups.submit(c.ends, (uid, failure) -> REFUSALS.log(System.Logger.Level.WARNING,
                        failure != null ? "unknown" : "uid " + Integer.toUnsignedString(uid), () -> line));
            }
        }
    }

    /** Refused connects, logged per peer user at most {@link PeerLog#BURST} a minute. */
    private static final PeerLog REFUSALS = new PeerLog(LOG);

    /** Any thread: a connection has queued bytes to write. */
    void wantWrite(OpenPmixConnection c) {
        tasks.add(() -> {
            if (c.key != null && c.key.isValid() && c.hasQueued()) {
                c.key.interestOps(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
            }
        });
        selector.wakeup();
    }

    /** Any thread: closes a connection at the front's next pass (the server is done with the client). */
    void closeLater(OpenPmixConnection c) {
        tasks.add(() -> close(c, "was closed by the server"));
        selector.wakeup();
    }

    private static void closeQuietly(java.io.Closeable c) {
        try {
            c.close();
        } catch (IOException ignored) {
            // nothing to do
        }
    }

    /** Stops listening and closes every connection (the server is closing). */
    @Override
    public void close() {
        running = false;
        lookups.close();
        selector.wakeup();
        if (Thread.currentThread() != thread) {
            try {
                thread.join(TimeUnit.SECONDS.toMillis(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
