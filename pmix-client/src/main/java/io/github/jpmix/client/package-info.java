/**
 * The PMIx client library an application process uses: init from the environment the server's
 * {@code setupFork} made, get/put/commit/fence, resolve peers and nodes, query, log, abort.
 *
 * <p><b>What it owns.</b> {@link io.github.jpmix.client.PmixClient} ({@code PMIx_Init} ...
 * {@code PMIx_Finalize}), and {@link io.github.jpmix.client.WireupDemo}, the demo {@code bin/pmixrun}
 * runs when given no program. Under a JPMIx server a get of a job, app, node or process fact, or of a
 * value a peer posted before the last fence, is a lookup in the server's memory-mapped store in this
 * process; everything else is a request to the server over the node-local transport, whose client end
 * ({@code io.github.jpmix.client.transport}) pmix-tool's {@code PmixTool} connects through too. Under a
 * server built on OpenPMIx 4.2.2's library the client speaks OpenPMIx's client protocol over TCP
 * instead ({@code docs/openpmix.md}, "JPMIx's client under an OpenPMIx server"): the same API, statuses
 * and retrieval rules. What {@code PmixClient} hands off (the protocol of its server, where a get is
 * answered, the query cache, its side of the modex, the store binding) is
 * {@code io.github.jpmix.client.internal}.
 *
 * <p><b>Threading.</b> {@code PmixClient} is thread-safe; futures of the async calls complete on the
 * connection's receiver thread, so a dependent stage must not block there.
 */
package io.github.jpmix.client;
