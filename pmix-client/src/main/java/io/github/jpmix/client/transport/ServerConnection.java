package io.github.jpmix.client.transport;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * A connection to one PMIx server, whichever protocol it speaks: JPMIx's node-local transport
 * ({@link TransportClient}) or OpenPMIx 4.2.2's TCP protocol ({@link OpenPmixConnection}). It carries
 * opaque payloads, each in the server's own encoding: a request gets exactly one reply, a one-way
 * message none. {@code PmixClient} and {@code PmixTool} pick the kind when they connect and encode
 * the payloads of that kind's protocol.
 *
 * <p><b>Threading.</b> Any thread may send and close. Futures complete on the connection's reader
 * thread: a dependent stage attached without an executor runs there and must not block.
 *
 * <p><b>Failures.</b> Once the server is gone (its socket closed, or it broke the protocol) every
 * pending and later request fails with {@link Status#ERR_LOST_CONNECTION}, at once.
 */
public interface ServerConnection extends AutoCloseable {
    /**
     * Sends a request; the future completes with the reply's payload, or fails with a
     * {@link PmixException}: the lost connection, or the send's failure. Never throws for those.
     */
    CompletableFuture<byte[]> request(byte[] payload);

    /** {@link #request(byte[])} that fails with {@link Status#ERR_TIMEOUT} when no reply came within {@code timeout}. */
    CompletableFuture<byte[]> request(byte[] payload, Duration timeout);

    /**
     * Sends a message that gets no reply.
     *
     * @throws PmixException {@link Status#ERR_LOST_CONNECTION} once disconnected
     */
    void send(byte[] payload);

    /** False once the connection is gone (closed here, server gone, protocol error). */
    boolean isConnected();

    /** Closes the connection; pending requests fail with {@link Status#ERR_LOST_CONNECTION}. Idempotent. */
    @Override
    void close();
}
