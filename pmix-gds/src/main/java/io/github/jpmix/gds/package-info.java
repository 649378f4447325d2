/**
 * The general data store (GDS): the session, job, application, node and process facts a host
 * registers, and the modex data processes post, stored by realm as {@code spec/reserved-keys.tex}
 * ("Data realms") describes, in memory-mapped files that the processes of a node read in place.
 *
 * <p><b>What it owns.</b> {@link io.github.jpmix.gds.Registration} parses and validates what a host
 * passes to {@code registerNamespace}. {@link io.github.jpmix.gds.GdsStore} is the writer (the
 * server): it registers namespaces and publishes modex generations.
 * {@link io.github.jpmix.gds.GdsReader} is a reader (the server's own, a client's, a tool's): a
 * {@code get} by the realm rules, a {@code modex} read, and what {@code PMIx_Resolve_nodes} and
 * {@code PMIx_Resolve_peers} need. {@link io.github.jpmix.gds.Gds} makes stores and attaches readers.
 * {@link io.github.jpmix.gds.JobLayout} derives where any rank runs from the node and proc maps.
 *
 * <p><b>Two stores, one contract.</b> {@code Gds.heapStore} keeps everything on one process's heap;
 * {@code Gds.mappedStore} writes Chronicle Map files that other processes map. One package-private
 * resolver implements the realm rules over both, and one contract test runs against both (and
 * against a reader attached the way a client attaches). No Chronicle, Agrona or Kryo type appears in
 * the public API.
 *
 * <p><b>Written once, read in place.</b> Each namespace and each modex generation is a file written
 * under a temporary name and renamed into place when complete, and never written again: readers see
 * all of it or nothing, and a reader that dies holding a segment lock cannot stall the writer. A get
 * decodes the value straight from the mapped entry. {@code docs/gds.md} is the source of truth for
 * the files.
 *
 * <p><b>Scale.</b> A job described by {@code PMIX_NODE_MAP} and {@code PMIX_PROC_MAP} is stored as its
 * maps' ranges, node-level entries and full data for the local processes only; node id, hostname,
 * local and node rank, application, application rank and global rank of any other rank are derived
 * on demand. Memory and file size grow with nodes plus local processes, never with the job.
 *
 * <p><b>Threading.</b> Readers are used from many threads at once, while the writer writes; the
 * writer is used from one thread (its methods are synchronized). Immutable values everywhere else.
 *
 * <p><b>Naming.</b> PMIx terms: realm, namespace, rank, application ({@code appnum}), node
 * ({@code hostname}, {@code nodeId}), key, value, generation. Package-private classes: the storage keys
 * ({@code StoreKeys}), a namespace's stored form ({@code JobImage}, {@code Descriptor},
 * {@code Topology}), views ({@code JobView}), the rules ({@code Resolver}), and the Chronicle parts
 * ({@code StoreFiles}, {@code Mapping}, {@code Mapped*}).
 */
package io.github.jpmix.gds;
