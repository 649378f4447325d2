/**
 * Not API. What a front of the server and the server behind it agree on ("Two fronts, one server",
 * {@code ARCHITECTURE.md}): a client reaches the server through JPMIx's own transport (the socket
 * and rings of {@code server.internal.transport}) or through OpenPMIx 4.2.2's client-server
 * protocol ({@code server.internal.openpmix}); behind both sit the same registered clients, the
 * same fence tracker and the same modex store, so C and Java ranks of one job fence together and
 * read each other's data.
 *
 * <p>A front turns its wire format into the server's requests (the operation codes of
 * {@code common.internal.protocol.Op} with {@code MessageKeys} fields, the form JPMIx's own
 * clients send) and hands them to the {@link io.github.jpmix.server.internal.front.ServerBackend};
 * the server answers through the {@link io.github.jpmix.server.internal.front.ClientLink} the front
 * gave at admission, which turns each reply back into the front's wire format. Nothing here
 * depends on either front or on the server's internals, so the packages form no cycle.
 */
package io.github.jpmix.server.internal.front;
