/**
 * Not API. The byte-level layout of OpenPMIx 4.2.2's client-server protocol that both of its ends
 * in JPMIx share: the server's front for OpenPMIx clients ({@code server.internal.openpmix}) and the
 * client and tool that speak to an OpenPMIx server ({@code client.transport.OpenPmixConnection} and
 * what uses it). {@code docs/openpmix.md} is the source of truth; the study with OpenPMIx's
 * {@code file:line} citations is {@code shared/spec/openpmix-wire-4.2.2.md}.
 *
 * <p><b>What it owns.</b> {@link io.github.jpmix.common.internal.openpmix.ConnectMessage}, the message
 * a client or tool sends after {@code connect()};
 * {@link io.github.jpmix.common.internal.openpmix.Frames}, the 16-byte header of every later message;
 * {@link io.github.jpmix.common.internal.openpmix.Commands}, the command ids that start every request;
 * and {@link io.github.jpmix.common.internal.openpmix.OpenPmixUri}, the server URI. The payloads are
 * bfrops v41 buffers ({@code common.internal.bfrops}); what each command carries is in its sender's
 * and receiver's code, each citing the OpenPMIx lines it follows.
 *
 * <p>Immutable values and static helpers; thread-safe.
 */
package io.github.jpmix.common.internal.openpmix;
