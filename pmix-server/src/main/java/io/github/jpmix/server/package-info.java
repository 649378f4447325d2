/**
 * The PMIx server library a host (resource manager daemon) embeds, its host upcall interface, and
 * the reference launcher.
 *
 * <p><b>What it owns.</b> {@link io.github.jpmix.server.PmixServer} ({@code PMIx_server_init} ...
 * {@code PMIx_server_finalize}: register namespaces and clients, {@code setupFork}, the processes'
 * launches and exits) with its {@link io.github.jpmix.server.ServerOptions};
 * {@link io.github.jpmix.server.HostModule}, the host's upcalls (fence, direct modex, query, log,
 * abort, client and tool connections, publish/lookup/unpublish, spawn, connect/disconnect), each "not
 * supported" by default;
 * {@link io.github.jpmix.server.WireupInfo}, the builder of a job's wireup information (node and proc
 * maps, per-app, per-node and per-process facts); and {@link io.github.jpmix.server.Launcher}, the
 * reference launcher {@code bin/pmixrun} runs (pmix-tool's {@code Pmixrun} gives it its default
 * program), with its log channels ({@code LocalLogChannels}), its store of published data and the jobs
 * its processes spawn.
 *
 * <p><b>Inside.</b> {@code io.github.jpmix.server.internal} is the server's machinery, one handler
 * per PMIx operation family; the job data lives in pmix-gds's store. Clients and tools reach the
 * server through fronts, each in a package of its own beside the machinery: the node-local ring
 * transport is {@code io.github.jpmix.server.internal.transport} ({@code docs/transport.md}); another
 * front (a protocol other processes speak) gets a package of its own there and hands the same
 * requests to the same handlers. The launcher's helpers are {@code io.github.jpmix.server.internal.launch}.
 *
 * <p><b>Threading.</b> {@code PmixServer} is thread-safe; host upcalls are made without the server's
 * lock held, and a host may complete their stages on any thread.
 */
package io.github.jpmix.server;
