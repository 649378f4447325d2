/**
 * Not API. The server's machinery, one class per PMIx operation family as OpenPMIx splits
 * {@code src/server/pmix_server_{fence,get,dmodex}.c}: {@link io.github.jpmix.server.internal.RequestDispatcher}
 * only dispatches; {@link io.github.jpmix.server.internal.FenceHandler} (with its
 * {@link io.github.jpmix.server.internal.FenceTracker}s), {@link io.github.jpmix.server.internal.GetHandler}
 * (with {@link io.github.jpmix.server.internal.NamespaceFetch} for namespaces only the host knows),
 * {@link io.github.jpmix.server.internal.ModexData} and the client registry do the work. Tools
 * (RFC0010, {@code docs/tools.md}): {@link io.github.jpmix.server.internal.Rendezvous} (the tool
 * listener and the rendezvous files, each a {@link io.github.jpmix.server.internal.PublishedFile})
 * and {@link io.github.jpmix.server.internal.ToolConnections} (admission and identity). Queries and
 * logs, from clients and tools alike ({@code docs/protocol.md}, "Queries", "Logs"):
 * {@link io.github.jpmix.server.internal.QueryHandler} (host first, then the server's own answers; the
 * resolve calls of {@link io.github.jpmix.server.internal.ResolveHandler} are queries too) and
 * {@link io.github.jpmix.server.internal.LogHandler}; {@link io.github.jpmix.server.internal.ServerScan} finds the
 * node's other servers for {@code PMIX_QUERY_AVAIL_SERVERS}; the process states and proc table they report live in
 * {@link io.github.jpmix.server.internal.ClientRecord} and {@link io.github.jpmix.server.internal.ProcTable}.
 * Publish, lookup, unpublish and spawn go to the host ({@link io.github.jpmix.server.internal.PublishHandler});
 * connect and disconnect are collectives tracked like fences ({@link io.github.jpmix.server.internal.ConnectHandler};
 * {@code docs/protocol.md}, "Publish, spawn, connect").
 *
 * <p><b>Threading.</b> Requests arrive on the transport's conductor thread; host upcalls complete on
 * the host's threads. All mutable state is guarded by one lock (the server's), held only while
 * state changes (and a reply is queued on a ring), never while calling the host.
 */
package io.github.jpmix.server.internal;
