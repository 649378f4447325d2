/**
 * Not API. The server's front for unmodified OpenPMIx 4.2.2 clients ({@code docs/openpmix.md}, the
 * source of truth for the bytes): a loopback TCP listener speaking OpenPMIx's client-server protocol
 * (the connect handshake, 16-byte framed requests and replies, bfrops v41 non-described buffers,
 * OpenPMIx's commands), turned into the same server requests JPMIx's own clients make. Behind it sit
 * the server's registered clients, fence tracker and modex store ({@code server.internal.front}), so
 * C and Java ranks of one job fence together and read each other's data. The connect message, the
 * frame header, the command ids and the URI are pmix-common's ({@code common.internal.openpmix}),
 * shared with JPMIx's client for OpenPMIx servers.
 *
 * <p>Threading: one front thread reads and hands in requests; replies come from any thread
 * ({@code OpenPmixConnection}). Clients use OpenPMIx's {@code hash} storage component, so the job's
 * data travels over the socket: at init ({@code JobDataReply}) and on every get the client cannot
 * answer itself.
 */
package io.github.jpmix.server.internal.openpmix;
