package io.github.jpmix.gds;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import java.util.List;
import java.util.Set;

/**
 * Reads a store: the server's own view ({@link GdsStore#reader()}, which knows every registered
 * namespace) or a client's or tool's ({@link Gds#attach}, which knows its own namespace and those it
 * was told to {@link #attachNamespace attach}).
 *
 * <p><b>Threading.</b> Every method may be called from many threads at once, and while the writer
 * registers, deregisters and publishes. A reader never sees a namespace half registered or a modex
 * generation half written: it sees all of one or none of it.
 *
 * <p><b>Cost.</b> On a Chronicle store a {@code get} of a stored fact or a {@code modex} read finds
 * the entry in the mapped file and decodes the value in place: no request to the server, no copy of
 * the stored bytes, nothing allocated but the returned value. Derived facts of remote processes read
 * the namespace's {@link JobLayout}, built on first use from the file (O(nodes + ranges)).
 */
public interface GdsReader extends AutoCloseable {
    /**
     * {@code PMIx_Get} of a reserved key (or any key a host registered), by the realm rules of
     * {@code spec/reserved-keys.tex}:
     * <ol>
     *   <li>The realm is the one a qualifier names ({@code PMIX_SESSION_INFO}, {@code PMIX_JOB_INFO},
     *       {@code PMIX_APP_INFO}, {@code PMIX_NODE_INFO}, {@code PMIX_PROC_INFO}; two different ones are
     *       {@link Status#ERR_BAD_PARAM}), else the key's default realm ({@code Keys.defaultRealm}); a
     *       {@code PMIX_HOSTNAME} or {@code PMIX_NODEID} qualifier alone implies the node realm.</li>
     *   <li><b>Session</b>: {@code target} is ignored; the session of {@code PMIX_SESSION_ID}, else the
     *       requester's, else the target namespace's.</li>
     *   <li><b>Job</b> ({@code target} rank {@code WILDCARD} or {@code UNDEF}): the host's job-level
     *       value, else derived: {@code PMIX_JOB_SIZE} (the maps' size), {@code PMIX_NODE_LIST} (node
     *       names joined by {@code ,}), {@code PMIX_NUM_NODES}, {@code PMIX_JOB_NUM_APPS} (the app
     *       arrays, else 1). The per-node job keys {@code PMIX_LOCAL_PEERS}, {@code PMIX_LOCALLDR},
     *       {@code PMIX_LOCAL_SIZE}, {@code PMIX_LOCAL_CPUSETS} read the node a {@code PMIX_HOSTNAME} or
     *       {@code PMIX_NODEID} qualifier names, else the local node: the host's value for that node,
     *       else derived from the maps ({@code PMIX_LOCAL_PEERS} as {@code "r1,r2,..."}), else
     *       {@code nlocalprocs} as the local node's {@code PMIX_LOCAL_SIZE}.</li>
     *   <li><b>Application</b>: the application of the {@code PMIX_APPNUM} qualifier, else of the target
     *       rank, else (rank {@code WILDCARD}) the requester's if the namespace is its own, else 0;
     *       the host's value, else derived ({@code PMIX_APPLDR}, {@code PMIX_APP_SIZE},
     *       {@code PMIX_LOCAL_SIZE}, {@code PMIX_NUM_NODES}); a single-application job answers with its
     *       job-level values.</li>
     *   <li><b>Node</b>: the node of a {@code PMIX_HOSTNAME}/{@code PMIX_NODEID} qualifier, else the node
     *       of a specific target rank, else the local node; the host's value for that node from any known
     *       namespace, else derived: {@code PMIX_HOSTNAME}, {@code PMIX_NODEID} (given, else the node's
     *       index in the node map), {@code PMIX_NODE_SIZE} (the processes of every namespace this reader
     *       knows on that node).</li>
     *   <li><b>Process</b>: the host's value for the rank, else derived for any rank the maps place or
     *       below the job size: {@code PMIX_RANK}, {@code PMIX_NSPACE}, {@code PMIX_APPNUM},
     *       {@code PMIX_APP_RANK}, {@code PMIX_GLOBAL_RANK} ({@code PMIX_NPROC_OFFSET} + rank),
     *       {@code PMIX_LOCAL_RANK}, {@code PMIX_NODE_RANK} (equal to the local rank: the store knows
     *       only this job's order on the node), {@code PMIX_HOSTNAME}, {@code PMIX_NODEID}; else the
     *       host's job-level value. {@code PMIX_PROCID} is the requester.</li>
     *   <li>A key of another realm asked of a specific rank without a realm qualifier first reads the
     *       host's value for that rank, then its own realm (as OpenPMIx falls back to job data). A key no
     *       realm claims reads the rank's data, its application's, the job's, the session's, then the
     *       local node's.</li>
     * </ol>
     * Values the host gave always win over derived ones.
     *
     * @param target the process asked about; null means the requester's namespace, rank {@code WILDCARD}
     * @param qualifiers the get's info array (qualifiers the store does not read are ignored)
     * @param requester the calling process, or null (the server itself)
     * @return the value, or null if the store has the namespace but not the key
     *     ({@code PMIX_ERR_NOT_FOUND})
     * @throws PmixException {@link Status#ERR_INVALID_NAMESPACE} if this reader has no copy of the
     *     namespace (or of the session {@code PMIX_SESSION_ID} names): "the request is forwarded to the
     *     local PMIx server"; {@link Status#ERR_BAD_PARAM} for a qualifier of the wrong type
     */
    Value get(Proc target, String key, List<Info> qualifiers, Proc requester);

    /**
     * A value a process posted ({@code PMIx_Put}), in the newest modex generation this reader knows.
     *
     * @return the value, or null if that process posted no such key by that generation
     */
    Value modex(Proc target, String key);

    /** The newest modex generation this reader reads; 0 before the first publish. */
    long modexGeneration();

    /**
     * Tells the reader a generation at least {@code generation} exists (the server sends the number in
     * fence releases); it reads that generation or a newer one from now on. A generation not newer
     * than the current one is ignored.
     *
     * @throws PmixException {@link Status#ERR_FILE_OPEN_FAILURE} if no such generation can be found
     */
    void advanceModex(long generation);

    /** Whether this reader knows the namespace. */
    boolean hasNamespace(String namespace);

    /** The namespaces this reader knows. */
    Set<String> namespaces();

    /**
     * Makes a registered namespace known to this reader (a client that learns of another job); true if
     * it is known now, false if the store has no such namespace.
     */
    boolean attachNamespace(String namespace);

    /**
     * {@code PMIx_Resolve_nodes}: the host's {@code PMIX_NODE_LIST}, else the nodes of the node map and
     * node arrays; empty if the namespace has none.
     *
     * @throws PmixException {@link Status#ERR_INVALID_NAMESPACE} for a namespace this reader does not know
     */
    List<String> nodes(String namespace);

    /**
     * {@code PMIx_Resolve_peers} for one node: the ranks of the host's {@code PMIX_LOCAL_PEERS} for it,
     * else (JPMIx's extension, {@code spec/resolve-peers-nodes-hierarchy.rst}) the ranks the proc map
     * places there; empty if the node is not one of the namespace's.
     *
     * @throws PmixException {@link Status#ERR_INVALID_NAMESPACE} for a namespace this reader does not
     *     know; {@link Status#ERR_DATA_VALUE_NOT_FOUND} if the host gave neither
     */
    int[] peers(String namespace, String node);

    /** Unmaps what this reader mapped; a closed reader must not be used. Idempotent. */
    @Override
    void close();

    /**
     * The keys a store derives in {@code realm} when the host gave none ({@code PMIX_JOB_SIZE} from the
     * maps, a process's {@code PMIX_LOCAL_RANK}, ...): with what the host gave, every key a get of that
     * realm can find. The job realm's include the node-level keys a get answers for the job on a node
     * ({@code PMIX_LOCAL_PEERS}, {@code PMIX_LOCAL_SIZE}, {@code PMIX_LOCALLDR}).
     */
    static java.util.Set<String> derivedKeys(io.github.jpmix.common.Keys.Realm realm) {
        return Resolver.DERIVED.get(realm);
    }
}
