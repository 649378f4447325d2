/**
 * Not API. What both ends of the node-local transport share: the byte-level contracts a JPMIx
 * server and its clients and tools agree on. The transport carries opaque byte messages between a
 * PMIx server and the processes on its node; the PMIx protocol on top belongs to
 * {@code io.github.jpmix.common.internal.protocol}. The formats and the protocol are specified in
 * {@code docs/transport.md} (the source of truth; this package and the two ends implement it).
 *
 * <p><b>What it owns.</b> The handshake frames, record layouts, message ids and flags
 * ({@link io.github.jpmix.common.internal.transport.Protocol}); the ring file, one per client in
 * the server's session directory, holding a control block and two Agrona
 * {@code OneToOneRingBuffer}s (requests client to server, replies and notifications server to
 * client; layout in {@link io.github.jpmix.common.internal.transport.RingFileDescriptor}); the ring
 * sender (fragmentation of messages larger than one record, flow control, the doorbell when the
 * peer sleeps) and receiver (reassembly, bounds); the idle loop and error payloads
 * ({@link io.github.jpmix.common.internal.transport.Transport}); the settings
 * ({@link io.github.jpmix.common.internal.transport.TransportConfig}); the peer's uid/gid from the
 * kernel ({@code SO_PEERCRED}, {@link io.github.jpmix.common.internal.transport.PeerCredentials});
 * and how a process finds a server: the server URI
 * ({@link io.github.jpmix.common.internal.transport.ServerUri}) and the tool rendezvous file
 * ({@link io.github.jpmix.common.internal.transport.RendezvousFile}, {@code docs/tools.md}); and the
 * removal of what dead servers left ({@link io.github.jpmix.common.internal.transport.Leftovers}), which
 * a starting server and {@code jpmix clean} share.
 *
 * <p><b>The two ends.</b> The server end ({@code TransportServer}, its conductor thread and
 * handshake state machine, one {@code ClientConnection} per client) is pmix-server's
 * {@code io.github.jpmix.server.internal.transport}; the client end ({@code TransportClient}) is
 * pmix-client's {@code io.github.jpmix.client.transport}, which clients and tools both connect
 * through.
 *
 * <p><b>Threading.</b> The server has one conductor thread, a client one receiver daemon thread;
 * both poll their rings, spin briefly when idle, then sleep in the kernel on their socket until a
 * peer rings the doorbell: an idle process uses no CPU (it wakes once per heartbeat interval), a
 * busy exchange never touches the socket. Sends may come from any thread; the producers of one
 * ring are serialised by a lock.
 *
 * <p><b>Naming.</b> "request" = client to server (ring and message kind), "reply" = server to
 * client; "correlation id" pairs them (0 = one-way or notification); "doorbell" and "goodbye" are
 * the one-byte socket signals; "conductor" (server) and "receiver" (client) are the polling threads.
 */
package io.github.jpmix.common.internal.transport;
