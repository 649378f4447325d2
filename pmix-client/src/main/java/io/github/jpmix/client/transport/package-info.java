/**
 * The client side of the node-local transport, used by {@code PmixClient} and {@code PmixTool}:
 * {@link io.github.jpmix.client.transport.TransportClient#connect} reaches a server's Unix socket,
 * runs the handshake, maps the ring file the server made for it, and then exchanges opaque byte
 * messages over the rings ({@code send}, one-way; {@code request}, a future completed by the reply
 * with the same correlation id; a handler for everything else the server pushes). Formats and
 * protocol: {@code docs/transport.md}.
 *
 * <p>Not for applications, which use {@code PmixClient} or {@code PmixTool}: this package is public
 * only because pmix-tool connects through it too, and it may change in any release.
 *
 * <p><b>Threading.</b> One receiver daemon thread per connection polls its reply ring, completes
 * futures and runs the handler; it spins briefly when idle, then sleeps on the socket until the
 * server rings the doorbell. Sends may come from any thread.
 */
package io.github.jpmix.client.transport;
