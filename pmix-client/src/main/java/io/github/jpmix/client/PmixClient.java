package io.github.jpmix.client;

import io.github.jpmix.client.internal.GetRouter;
import io.github.jpmix.client.internal.JpmixProtocol;
import io.github.jpmix.client.internal.ModexExchange;
import io.github.jpmix.client.internal.QueryCache;
import io.github.jpmix.client.internal.ServerProtocol;
import io.github.jpmix.client.internal.openpmix.OpenPmixProtocol;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Key;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.QueryResults;
import io.github.jpmix.common.Rank;
import io.github.jpmix.common.Scope;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.JvmFlags;
import io.github.jpmix.common.internal.protocol.Requests;
import io.github.jpmix.common.internal.transport.ServerUri;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * A PMIx client: what an application process uses to learn its world and exchange data with its
 * peers ({@code PMIx_Init} ... {@code PMIx_Finalize}).
 *
 * <p>{@link #init()} connects to the server that started this process (the environment its
 * {@code setupFork} made). Under a JPMIx server, a {@link #get} of a job, app, node or process fact,
 * or of a value a peer posted before the last fence, is a lookup in the server's memory-mapped store,
 * in this process: no request, no copy. What the store does not hold goes to the server, which follows
 * the retrieval rules of {@code reserved-keys.tex}.
 *
 * <p>Under a server built on OpenPMIx 4.2.2's server library (Slurm's, PRRTE's: one whose
 * {@code setupFork} sets only OpenPMIx's {@code PMIX_SERVER_URI41} and friends), the client speaks
 * OpenPMIx's client protocol over TCP ({@code docs/openpmix.md}, "JPMIx's client under an OpenPMIx
 * server"): the job data the server sends at init is held in this process and gets of facts answer from
 * it by the same rules; a peer's posted values come from the server on the first get after a fence.
 * The API, the statuses and the retrieval rules are the same.
 *
 * <p>Conventions (ARCHITECTURE.md): a null {@code Proc} means this process; {@link Rank#WILDCARD}
 * asks for job-level data; a call the Standard answers with "success and nothing" returns an empty
 * list; every other status is a {@link PmixException} with that status. After the server is gone,
 * every call fails promptly with {@code PMIX_ERR_LOST_CONNECTION}.
 *
 * <p>Thread-safe: any thread may call any method.
 */
public final class PmixClient implements AutoCloseable {
    static {
        JvmFlags.disableChronicleAnalytics();
    }

    private final Proc self;
    /** How the server is spoken to: JPMIx's transport or OpenPMIx's protocol. */
    private final ServerProtocol server;
    /** Where a get is answered: here (own posts, the store) or by the server. */
    private final GetRouter gets;
    /** What this process posted, its fence requests, the generations its releases name. */
    private final ModexExchange modex;
    private final QueryCache queryCache = new QueryCache();
    private volatile boolean closed;

    private PmixClient(Proc self, ServerProtocol server) {
        this.self = self;
        this.server = server;
        this.gets = server.gets();
        this.modex = server.modex();
    }

    /**
     * Connects to the server named by this process's environment ({@code PMIX_NAMESPACE},
     * {@code PMIX_RANK}, and {@code PMIX_SERVER_URI} of a JPMIx server or {@code PMIX_SERVER_URI41}
     * (or an older name) of an OpenPMIx one, as the server's {@code setupFork} made them). A JPMIx
     * server's own variable wins when both are set (a JPMIx server sets both).
     *
     * @throws PmixException {@link Status#ERR_INIT} when the environment does not name a server,
     *     {@link Status#ERR_UNREACH} when the server cannot be reached (an OpenPMIx server that refuses
     *     this process closes the connection: this status too), the server's refusal
     *     ({@code PMIX_ERR_NOT_FOUND}, {@code PMIX_ERR_INVALID_CRED}) otherwise
     */
    public static PmixClient init() {
        return init(System.getenv());
    }

    /** {@link #init()} from an explicit environment, for embedding and tests. */
    public static PmixClient init(Map<String, String> env) {
        Objects.requireNonNull(env, "env");
        String nspace = required(env, "PMIX_NAMESPACE");
        int rank = Rank.parse(required(env, "PMIX_RANK"));
        Proc self = new Proc(nspace, rank);
        String jpmix = env.get("PMIX_SERVER_URI");
        ServerProtocol server;
        if (jpmix != null && ServerUri.isJpmix(jpmix)) {
            server = JpmixProtocol.connect(self, jpmix, env.getOrDefault("PMIX_VERSION", ""));
        } else {
            String openpmix = OpenPmixProtocol.serverUri(env);
            if (openpmix == null) {
                throw new PmixException(Status.ERR_INIT, "init: neither PMIX_SERVER_URI (JPMIx) nor "
                        + String.join(", ", OpenPmixProtocol.URI_VARIABLES)
                        + " (OpenPMIx) is set: this process was not started by a PMIx server");
            }
            server = OpenPmixProtocol.connect(self, openpmix, env);
        }
        return new PmixClient(self, server);
    }

    private static String required(Map<String, String> env, String name) {
        String v = env.get(name);
        if (v == null || v.isEmpty()) {
            throw new PmixException(Status.ERR_INIT, "init: " + name + " is not set: this process was not started by a PMIx server");
        }
        return v;
    }

    /** This process's name ({@code PMIX_PROCID}). */
    public Proc proc() {
        return self;
    }

    // ---- get ----

    /**
     * {@code PMIx_Get}: a reserved key per {@code reserved-keys.tex} ("Retrieval rules for reserved
     * keys": the local store, then the server for another namespace), or a key a process posted.
     *
     * @param proc the target; null means this process, {@link Rank#WILDCARD} job-level data
     * @param info qualifiers and directives: {@code PMIX_SESSION_INFO}, {@code PMIX_JOB_INFO},
     *     {@code PMIX_APP_INFO} (+{@code PMIX_APPNUM}), {@code PMIX_NODE_INFO} (+{@code PMIX_HOSTNAME}
     *     or {@code PMIX_NODEID}), {@code PMIX_SESSION_ID}, {@code PMIX_IMMEDIATE}, {@code PMIX_TIMEOUT}
     * @throws PmixException {@code PMIX_ERR_NOT_FOUND}, {@code PMIX_ERR_TIMEOUT}, ...
     */
    public Value get(Proc proc, String key, Info... info) {
        if (info.length == 0 && proc != null && key != null && !closed && server.lost() == null) {
            // a fact read before: one hash lookup, fast even before the JIT has compiled this path
            Value v = gets.known(proc, key);
            if (v != null) {
                return v;
            }
        }
        // answered in this process without a future: the common case, a lookup in the store
        Value local = getHere(proc, key, info);
        return local != null ? local : join(getFromServer(proc, key, info));
    }

    /** A typed {@link #get}: the value read as the key's Java type, or {@code PMIX_ERR_TYPE_MISMATCH}. */
    public <T> T get(Proc proc, Key<T> key, Info... info) {
        return key.read(get(proc, key.name(), info));
    }

    /** {@link #get} without blocking: completed at once from the store, or when the server answers. */
    public CompletableFuture<Value> getAsync(Proc proc, String key, Info... info) {
        try {
            Value local = getHere(proc, key, info);
            return local != null ? CompletableFuture.completedFuture(local) : getFromServer(proc, key, info);
        } catch (PmixException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * A get answered in this process ({@link GetRouter}): the value, or null when the server must answer.
     *
     * @throws PmixException {@code PMIX_ERR_NOT_FOUND} when this process's store is the final word
     */
    private Value getHere(Proc proc, String key, Info[] info) {
        checkOpen();
        return gets.local(proc, key, info);
    }

    private CompletableFuture<Value> getFromServer(Proc proc, String key, Info[] info) {
        return server.get(proc == null ? self : proc, key, Arrays.asList(info));
    }

    // ---- put, commit, fence ----

    /**
     * {@code PMIx_Put}: posts a value for peers to get after the next {@link #commit} (and fence).
     * A key posted again replaces the old value.
     *
     * @param scope {@link Scope#LOCAL} (this node only), {@link Scope#REMOTE} (other nodes only) or
     *     {@link Scope#GLOBAL}
     * @throws PmixException {@link Status#ERR_BAD_PARAM} for a reserved ("pmix"-prefixed) or
     *     over-long key or a bad scope; {@link Status#ERR_OUT_OF_RESOURCE} when this process's
     *     posted data would pass the server's limit on one client's posts (its
     *     {@code maxPostedBytesPerClient} or {@code maxPostedKeysPerClient}, named in the message,
     *     which the server states at the handshake); nothing is stored then
     */
    public void put(int scope, String key, Value value) {
        checkOpen();
        Info.checkKey(key);
        Objects.requireNonNull(value, "value");
        if (Keys.isReserved(key)) {
            throw new PmixException(Status.ERR_BAD_PARAM, "put: '" + key + "' is a reserved key: clients may not post it");
        }
        if (scope != Scope.LOCAL && scope != Scope.REMOTE && scope != Scope.GLOBAL) {
            throw new PmixException(Status.ERR_BAD_PARAM, "put: scope must be LOCAL, REMOTE or GLOBAL, not " + Scope.toString(scope));
        }
        modex.put(scope, key, value);
    }

    /**
     * {@code PMIx_Commit}: sends what was posted since the last commit to the server. Under a JPMIx
     * server it waits for the server to take the data (one round trip on the rings, microseconds): a
     * commit the server refuses fails here, with the server's status, never silently. Under an
     * OpenPMIx server it does not wait, as libpmix's client does not; a refusal shows at the next fence
     * or get. What a JPMIx server would refuse for its limits, {@link #put} refuses first.
     *
     * @throws PmixException {@code PMIX_ERR_OUT_OF_RESOURCE} naming the limit when the server refuses
     *     the data (none of this commit is taken; later puts and commits work as before);
     *     {@code PMIX_ERR_LOST_CONNECTION} when the server is gone (what failed to go stays posted for
     *     the next commit)
     */
    public void commit() {
        checkOpen();
        server.commit();
    }

    /**
     * {@code PMIx_Fence}: waits until every participant has entered; with {@code PMIX_COLLECT_DATA}
     * their posted data is readable afterwards.
     *
     * @param procs the participants; empty means every process of this namespace
     * @param info {@code PMIX_COLLECT_DATA}, {@code PMIX_TIMEOUT}
     */
    public void fence(Collection<Proc> procs, Info... info) {
        // the release is applied on this thread, not the receiver's: under a JPMIx server the new
        // generation is mapped here, and the Chronicle query context this thread's gets need is made
        // here (by the generation's descriptor check), not twice
        join(fenceRequest(procs, info)).run();
    }

    /** {@link #fence} without blocking. */
    public CompletableFuture<Void> fenceAsync(Collection<Proc> procs, Info... info) {
        try {
            return fenceRequest(procs, info).thenAccept(Runnable::run);
        } catch (PmixException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private CompletableFuture<Runnable> fenceRequest(Collection<Proc> procs, Info[] info) {
        checkOpen();
        return server.fence(procs, Arrays.asList(info));
    }

    // ---- resolve, query, log, abort ----

    /**
     * {@code PMIx_Resolve_peers}: the processes of {@code nspace} on {@code node}, as the server (or
     * its host) answers per {@code spec/resolve-peers-nodes-hierarchy.rst}. Under an OpenPMIx server this
     * namespace's peers come from the job data, other namespaces' from the server's proc tables.
     *
     * @param node a host name; null means this node
     * @param nspace a namespace; null means every namespace
     * @return empty when the node hosts none of them
     * @throws PmixException {@code PMIX_ERR_INVALID_NAMESPACE} for an unknown namespace,
     *     {@code PMIX_ERR_DATA_VALUE_NOT_FOUND} when the node's peers were not given and cannot be derived
     */
    public List<Proc> resolvePeers(String node, String nspace) {
        checkOpen();
        return join(server.resolvePeers(node, nspace));
    }

    /**
     * {@code PMIx_Resolve_nodes}: the nodes hosting {@code nspace}'s processes (null: every namespace's).
     *
     * @throws PmixException {@code PMIX_ERR_INVALID_NAMESPACE} for an unknown namespace
     */
    public List<String> resolveNodes(String nspace) {
        checkOpen();
        return join(server.resolveNodes(nspace));
    }

    /**
     * {@code PMIx_Query_info}: the server (and, first, its host) answers each query; see {@link QueryResults} for
     * the answers' form. Keys the server answers: {@code PMIX_QUERY_NAMESPACES}, {@code PMIX_QUERY_NAMESPACE_INFO},
     * {@code PMIX_QUERY_JOB_STATUS}, {@code PMIX_QUERY_PROC_TABLE}, {@code PMIX_QUERY_LOCAL_PROC_TABLE},
     * {@code PMIX_QUERY_SPAWN_SUPPORT}, {@code PMIX_QUERY_DEBUG_SUPPORT}, {@code PMIX_QUERY_SUPPORTED_KEYS},
     * {@code PMIX_QUERY_AVAIL_SERVERS}, {@code PMIX_QUERY_ATTRIBUTE_SUPPORT}, {@code PMIX_LOCAL_PROCS},
     * {@code PMIX_NODE_LIST}, and any reserved key of a data realm.
     *
     * <p>Answers are cached in this client: a query asked again (same keys and qualifiers) is answered from the
     * cache unless it carries {@code PMIX_QUERY_REFRESH_CACHE} (the Standard: "The local cache shall be checked
     * prior to querying the PMIx server ... Queries that include the PMIX_QUERY_REFRESH_CACHE attribute shall
     * bypass the local cache and retrieve a new value for the query, refreshing the values in the cache").
     * Dynamic answers (proc tables, job status) therefore need that qualifier each time.
     *
     * @return status {@code PMIX_SUCCESS} (all answered) or {@code PMIX_ERR_PARTIAL_SUCCESS}, one answer per query
     * @throws PmixException {@code PMIX_ERR_NOT_FOUND} (nothing answered), {@code PMIX_ERR_NOT_SUPPORTED} (no key
     *     supported), {@code PMIX_ERR_BAD_PARAM} (no queries, a required qualifier missing, e.g. {@code PMIX_NSPACE}
     *     of {@code PMIX_QUERY_PROC_TABLE})
     */
    public QueryResults query(List<Query> queries) {
        return join(queryAsync(queries));
    }

    /** {@link #query} without blocking ({@code PMIx_Query_info_nb}). */
    public CompletableFuture<QueryResults> queryAsync(List<Query> queries) {
        try {
            checkOpen();
            QueryCache.Plan plan = queryCache.plan(queries);
            if (plan.toServer().isEmpty()) {
                return CompletableFuture.completedFuture(plan.cached());
            }
            return server.query(plan.toServer())
                    .handle((answers, error) -> queryCache.merge(plan, answers, error, server.lost() != null));
        } catch (PmixException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * {@code PMIx_Log}: the server hands each data entry (a channel: {@code PMIX_LOG_STDOUT},
     * {@code PMIX_LOG_STDERR}, {@code PMIX_LOG_SYSLOG}, {@code PMIX_LOG_EMAIL}, ...) to its host, adding this
     * process's verified {@code PMIX_USERID} and {@code PMIX_GRPID}. Success means the data was handed off, not
     * that it arrived; with {@code PMIX_LOG_ONCE} among the directives, that the first channel able to take it
     * did. {@code PMIX_LOG_GENERATE_TIMESTAMP} makes this client add {@code PMIX_LOG_TIMESTAMP} (now, in seconds).
     *
     * @throws PmixException {@code PMIX_ERR_BAD_PARAM} for no data or a malformed entry,
     *     {@code PMIX_ERR_NOT_SUPPORTED} when no channel could take the data
     */
    public void log(List<Info> data, List<Info> directives) {
        join(logAsync(data, directives));
    }

    /** {@link #log} without blocking ({@code PMIx_Log_nb}). */
    public CompletableFuture<Void> logAsync(List<Info> data, List<Info> directives) {
        try {
            checkOpen();
            Objects.requireNonNull(data, "data");
            Objects.requireNonNull(directives, "directives");
            return server.log(data, directives);
        } catch (PmixException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * {@code PMIx_Abort}: asks the host to abort {@code procs} (empty: this namespace) with
     * {@code status}. Returns if the host does not kill this process.
     */
    public void abort(int status, String message, Collection<Proc> procs) {
        checkOpen();
        join(server.abort(status, message == null ? "" : message, procs == null ? List.of() : procs));
    }

    // ---- finalize ----

    /**
     * {@code PMIx_Finalize}: tells the server this process is done and disconnects. Idempotent;
     * afterwards every call fails with {@code PMIX_ERR_INIT}.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        server.finalizeAndClose();
    }

    // ---- plumbing ----

    private void checkOpen() {
        if (closed) {
            throw new PmixException(Status.ERR_INIT, "client of " + self + " is finalized");
        }
        PmixException l = server.lost();
        if (l != null) {
            throw new PmixException(Status.ERR_LOST_CONNECTION, l.getMessage(), l);
        }
    }

    /** Waits for a request, turning its failure back into the {@link PmixException} it carries. */
    private <T> T join(CompletableFuture<T> f) {
        return Requests.await(f, () -> server.lost() != null);
    }

    @Override
    public String toString() {
        return "PmixClient[" + self + "]";
    }
}
