/**
 * Not API. {@code PmixClient} under a server built on OpenPMIx 4.2.2's server library (Slurm's, PRRTE's,
 * a host of one's own): {@link io.github.jpmix.client.internal.openpmix.OpenPmixProtocol} speaks its
 * client protocol over TCP as an OpenPMIx client with the {@code hash} storage component does, and
 * {@link io.github.jpmix.client.internal.openpmix.HashStore} holds what that component holds, the job
 * data of the init reply ({@link io.github.jpmix.client.internal.openpmix.JobData}) and the peers'
 * values gets brought, so that gets answer by the same rules as under a JPMIx server.
 * {@code docs/openpmix.md} ("JPMIx's client under an OpenPMIx server") is the source of truth; the
 * byte layouts shared with the server's front are pmix-common's {@code common.internal.openpmix}.
 *
 * <p>Threading: as {@code PmixClient}'s; the connection's reader thread completes futures and drops
 * events.
 */
package io.github.jpmix.client.internal.openpmix;
