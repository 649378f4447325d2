/**
 * Not API. The server end of the node-local transport (the ring front): how clients and tools on
 * this node reach a JPMIx server, over a Unix socket and per-client ring files
 * ({@code docs/transport.md}). It carries opaque byte messages; the PMIx protocol on top is the
 * server's {@code RequestDispatcher} and {@code ToolConnections}.
 *
 * <p><b>The API, in transport terms.</b>
 * {@link io.github.jpmix.server.internal.transport.TransportServer#start} with an {@code Acceptor}
 * (accepts a handshake with reply bytes or rejects it with a PMIx status) and a {@code Handler}
 * ({@code onMessage}, {@code onDisconnect}); each client is a
 * {@link io.github.jpmix.server.internal.transport.ClientConnection} ({@code send}, {@code reply},
 * {@code replyError}, {@code close}, credentials, an attachment slot).
 *
 * <p><b>Inside.</b> One conductor thread ({@code ServerConductor}): a {@code Selector} over the
 * listening socket and every client socket, a poll of every client's request ring, the periodic
 * duties (heartbeats, handshake deadlines) and every callback. The handshake state machine
 * ({@code Handshakes}) takes each accepted socket from HELLO to ACCEPT or REJECT without blocking
 * and hands established connections back to the conductor. What both ends share (frames, ring
 * file, sender, receiver, settings) is pmix-common's {@code io.github.jpmix.common.internal.transport}.
 */
package io.github.jpmix.server.internal.transport;
