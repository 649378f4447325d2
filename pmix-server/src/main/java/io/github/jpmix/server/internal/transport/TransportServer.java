package io.github.jpmix.server.internal.transport;

import static java.util.Objects.requireNonNull;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.transport.PeerCredentials;
import io.github.jpmix.common.internal.transport.Protocol;
import io.github.jpmix.common.internal.transport.Transport;
import io.github.jpmix.common.internal.transport.TransportConfig;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.TimeUnit;
import org.agrona.DirectBuffer;

/**
 * Not API. The server end of the node-local transport: listens on a Unix socket in the session
 * directory, runs the handshake, gives each accepted client a ring file next to the socket, and
 * delivers the clients' messages on one conductor thread. Protocol and formats:
 * {@code docs/transport.md}.
 *
 * <p>Threading: {@link Acceptor} and {@link Handler} run on the conductor thread, one call at a
 * time; they must not block for long (every client waits meanwhile). {@link #close()} may be
 * called from any thread, a handler included.
 */
public final class TransportServer implements AutoCloseable {
    /** Decides whether a client may connect. */
    @FunctionalInterface
    public interface Acceptor {
        /**
         * Called on the conductor thread for each client whose handshake arrived.
         *
         * @param connection the would-be connection: its id and kernel-checked credentials are
         *        set, its ring exists; attach per-client state here. It may be used to send at once.
         * @param handshake the opaque bytes the client passed to {@code TransportClient.connect}
         * @return the reply bytes handed to the client (at most 64 KiB; may be empty)
         * @throws PmixException to reject: the client's connect fails with this status and message
         *         (any other exception rejects with {@link Status#ERROR})
         */
        byte[] accept(ClientConnection connection, byte[] handshake);

        /**
         * Called on the conductor thread before anything is made for the client (no ring file, no
         * id): a cheap look at the handshake that rejects what {@link #accept} would surely reject
         * (bytes that do not decode, an unknown client), so a refused or hostile peer costs no file.
         *
         * @throws PmixException to reject, as {@link #accept} does
         */
        default void precheck(PeerCredentials credentials, byte[] handshake) {
        }
    }

    /** Receives the clients' messages and their departures. */
    public interface Handler {
        /**
         * A message from a client, on the conductor thread. The buffer is a view into the ring
         * (or a reassembly buffer), valid only during the call: copy what you keep.
         *
         * @param correlationId non-zero when the client waits for a reply: answer it with
         *        {@link ClientConnection#reply} or {@link ClientConnection#replyError}, now or
         *        later, from any thread. If this method throws for such a message, the client
         *        gets an error reply with the exception's status (or {@link Status#ERROR}).
         */
        void onMessage(ClientConnection connection, int correlationId, DirectBuffer buffer, int offset, int length);

        /**
         * A client is gone, exactly once per accepted connection, on the conductor thread. By then
         * every complete message it sent has been delivered, sends to it fail, and its ring file
         * is deleted.
         *
         * @param clean true when it ended in order: the client said goodbye before closing, or this
         *        side closed it ({@link ClientConnection#close}, {@link #close}); false when the
         *        process died, its socket failed, it broke the protocol or its heartbeat stopped
         */
        void onDisconnect(ClientConnection connection, boolean clean);
    }

    private final Path socketPath;
    private final ServerConductor conductor;
    private final Thread thread;

    private TransportServer(Path socketPath, ServerConductor conductor) {
        this.socketPath = socketPath;
        this.conductor = conductor;
        this.thread = new Thread(conductor, "jpmix-transport-server");
        this.thread.setDaemon(true);
    }

    /**
     * Listens on {@code socketPath} (its directory, which must exist, also receives the ring
     * files) and starts the conductor thread. A stale socket file nobody listens on is replaced.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} for a bad path or config,
     *         {@link Status#ERR_EXISTS} when a server already listens there or the path is not a
     *         socket, {@link Status#ERR_INIT} when the socket cannot be created
     */
    public static TransportServer start(Path socketPath, TransportConfig config, Acceptor acceptor, Handler handler) {
        requireNonNull(socketPath, "socketPath");
        requireNonNull(config, "config").conclude();
        requireNonNull(acceptor, "acceptor");
        requireNonNull(handler, "handler");
        Path socket = socketPath.toAbsolutePath();
        Protocol.checkSocketPath(socket, Status.ERR_BAD_PARAM);
        Path directory = socket.getParent();
        if (directory == null || !Files.isDirectory(directory)) {
            throw new PmixException(Status.ERR_BAD_PARAM, "socket directory " + directory + " does not exist");
        }
        removeStaleSocket(socket);
        ServerSocketChannel channel = null;
        Selector selector = null;
        try {
            channel = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            channel.bind(UnixDomainSocketAddress.of(socket), 128);
            selector = Selector.open();
            TransportServer server = new TransportServer(socket,
                    new ServerConductor(socket, config, acceptor, handler, channel, selector));
            server.thread.start();
            return server;
        } catch (IOException | RuntimeException e) {
            closeQuietly(channel);
            closeQuietly(selector);
            throw new PmixException(Status.ERR_INIT, "cannot listen on " + socket + ": " + e, e);
        }
    }

    /** The absolute path of the listening socket. */
    public Path socketPath() {
        return socketPath;
    }

    /** The number of established connections. */
    public int connectionCount() {
        return conductor.connectionCount();
    }

    public boolean isRunning() {
        return conductor.isRunning();
    }

    /**
     * Stops the server: every client is told goodbye and reported with {@code onDisconnect(c,
     * true)}, ring files and the socket file are deleted. Waits for the conductor unless called on
     * it. Idempotent.
     */
    @Override
    public void close() {
        conductor.stop();
        if (Thread.currentThread() != thread) {
            try {
                thread.join(TimeUnit.SECONDS.toMillis(10));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (thread.isAlive()) {
                Transport.LOG.log(System.Logger.Level.WARNING, "transport conductor at " + socketPath
                        + " did not stop within 10 s");
            }
        }
    }

    @Override
    public String toString() {
        return "TransportServer{" + socketPath + ", connections=" + connectionCount() + "}";
    }

    /** The conductor thread, for tests and diagnostics (e.g. its CPU time); do not interrupt or join it. */
    public Thread conductorThread() {
        return thread;
    }

    private static void removeStaleSocket(Path socket) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(socket, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            return; // nothing there
        }
        if (!attributes.isOther()) {
            throw new PmixException(Status.ERR_EXISTS, socket + " exists and is not a socket");
        }
        boolean listening;
        try (SocketChannel probe = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            listening = probe.connect(UnixDomainSocketAddress.of(socket));
        } catch (IOException refused) {
            listening = false;
        }
        if (listening) {
            throw new PmixException(Status.ERR_EXISTS, "a server already listens on " + socket);
        }
        try {
            Files.deleteIfExists(socket);
        } catch (IOException e) {
            throw new PmixException(Status.ERR_EXISTS, "cannot remove stale socket " + socket + ": " + e, e);
        }
    }

    private static void closeQuietly(java.io.Closeable c) {
        if (c != null) {
            try {
                c.close();
            } catch (IOException e) {
                // best effort
            }
        }
    }
}
