/**
 * Not API: the node-local transport between a PMIx server and the clients (later tools) on its
 * node. It carries opaque byte messages; the PMIx protocol on top belongs to pmix-server and
 * pmix-client. The formats and the protocol are specified in {@code docs/transport.md} (the source
 * of truth; this package implements it).
 *
 * <p><b>What it owns.</b> Rendezvous and handshake over a Unix domain socket, with the peer's
 * uid/gid from the kernel ({@code SO_PEERCRED}, {@link io.github.jpmix.common.internal.transport.PeerCredentials});
 * per client, one ring file in the server's session directory holding a control block and two
 * Agrona {@code OneToOneRingBuffer}s (requests client to server, replies and notifications server
 * to client; layout in {@link io.github.jpmix.common.internal.transport.RingFileDescriptor});
 * fragmentation of messages larger than one ring record; correlation of requests and replies;
 * waking sleepers through doorbell bytes on the socket; liveness (socket close, heartbeats).
 *
 * <p><b>The API, in transport terms.</b> Server side:
 * {@link io.github.jpmix.common.internal.transport.TransportServer#start} with an
 * {@code Acceptor} (accepts a handshake with reply bytes or rejects it with a PMIx status) and a
 * {@code Handler} ({@code onMessage}, {@code onDisconnect}); each client is a
 * {@link io.github.jpmix.common.internal.transport.ClientConnection} ({@code send}, {@code reply},
 * {@code replyError}, {@code close}, credentials, an attachment slot). Client side:
 * {@link io.github.jpmix.common.internal.transport.TransportClient#connect} returns a connection
 * with the handshake reply, {@code send} (one-way), {@code request} (a future completed by the
 * reply with the same correlation id, or failed with a PmixException) and a handler for
 * everything else the server pushes. Settings: {@link io.github.jpmix.common.internal.transport.TransportConfig}.
 *
 * <p><b>Threading model.</b> The server has one conductor thread: a {@code Selector} over the
 * listening socket and all client sockets, a poll of every client's request ring, and every
 * callback. A client has one receiver daemon thread polling its reply ring. Both spin briefly
 * when idle, then sleep in the kernel on their socket until a peer rings the doorbell: an idle
 * process uses no CPU (it wakes once per heartbeat interval), a busy exchange never touches the
 * socket. Sends may come from any thread; the producers of one ring are serialised by a lock.
 *
 * <p><b>Naming.</b> "request" = client to server (ring and message kind), "reply" = server to
 * client; "correlation id" pairs them (0 = one-way or notification); "doorbell" and "goodbye" are
 * the one-byte socket signals; "conductor" (server) and "receiver" (client) are the polling threads.
 */
package io.github.jpmix.common.internal.transport;
