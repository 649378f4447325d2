/**
 * The client side of the connections to a PMIx server, used by {@code PmixClient} and {@code PmixTool}:
 * {@link io.github.jpmix.client.transport.ServerConnection}, what both kinds offer (requests answered
 * by one reply each, one-way messages, the loss of the server), and its two kinds.
 * {@link io.github.jpmix.client.transport.TransportClient#connect} reaches a JPMIx server's Unix socket,
 * runs the handshake, maps the ring file the server made for it, and then exchanges opaque byte
 * messages over the rings ({@code send}, one-way; {@code request}, a future completed by the reply
 * with the same correlation id; a handler for everything else the server pushes). Formats and
 * protocol: {@code docs/transport.md}. {@link io.github.jpmix.client.transport.OpenPmixConnection}
 * reaches a server built on OpenPMIx 4.2.2's library over loopback TCP, as a client or a tool, and
 * exchanges its framed messages, matched by tag ({@code docs/openpmix.md}).
 *
 * <p>Not for applications, which use {@code PmixClient} or {@code PmixTool}: this package is public
 * only because pmix-tool connects through it too, and it may change in any release.
 *
 * <p><b>Threading.</b> One receiver daemon thread per connection reads what the server sends,
 * completes futures and runs the handler (a JPMIx connection's spins briefly when idle, then sleeps on
 * the socket until the server rings the doorbell; an OpenPMIx connection's blocks on its socket).
 * Sends may come from any thread.
 */
package io.github.jpmix.client.transport;
