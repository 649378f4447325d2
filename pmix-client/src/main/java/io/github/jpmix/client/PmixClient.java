package io.github.jpmix.client;

import io.github.jpmix.client.internal.EventSink;
import io.github.jpmix.client.internal.GetRouter;
import io.github.jpmix.client.internal.JpmixProtocol;
import io.github.jpmix.client.internal.ModexExchange;
import io.github.jpmix.client.internal.QueryCache;
import io.github.jpmix.client.internal.ServerProtocol;
import io.github.jpmix.client.internal.openpmix.OpenPmixProtocol;
import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.App;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Key;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PData;
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
    /** This process's event handlers and their chain. */
    private final EventChain events;
    /** Whether a lost server with no handler to hear of it ends this process ({@link #init()}'s client only). */
    private final boolean endsWithServer;
    private volatile boolean closed;

    private PmixClient(Proc self, ServerProtocol server, boolean endsWithServer) {
        this.self = self;
        this.server = server;
        this.gets = server.gets();
        this.modex = server.modex();
        this.endsWithServer = endsWithServer;
        this.events = new EventChain(self, this::oneshotRan);
        server.eventSink(new EventSink() {
            @Override
            public void event(int code, Proc source, List<Info> info) {
                events.deliver(code, source, info);
            }

            @Override
            public void lost(PmixException reason) {
                serverLost(reason);
            }
        });
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
        return init(System.getenv(), true);
    }

    /**
     * {@link #init()} from an explicit environment, for embedding and tests. Unlike {@link #init()}'s, this
     * client does not end the process when its server goes ({@link #registerEventHandler}, "Lost server").
     */
    public static PmixClient init(Map<String, String> env) {
        return init(env, false);
    }

    private static PmixClient init(Map<String, String> env, boolean endsWithServer) {
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
        return new PmixClient(self, server, endsWithServer);
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
     * keys": the local store, then the server for another namespace, whose host may fetch that namespace's
     * information), or a key a process posted. {@code PMIX_LOCAL_PROCS} is this node's processes (of this
     * session) whatever process is named: "The process identifier is ignored for this attribute".
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
        if (key.equals(Keys.LOCAL_PROCS.name())) {
            // reserved-keys.tex, node realm: PMIX_LOCAL_PROCS is a "shortcut for PMIx_Resolve_peers for the
            // local node and a NULL namespace argument. The process identifier is ignored for this attribute."
            return resolvePeersAsync(null, null, info)
                    .thenApply(procs -> Value.ofDataArray(DataArray.of(DataType.PROC, procs)));
        }
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
     * OpenPMIx server it does not wait (libpmix's client waits for the reply, then ignores its status); a
     * refusal shows at the next fence or get. What a JPMIx server would refuse for its limits, {@link #put}
     * refuses first.
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
     * <p>The search is "restricted to searching within the current session": a namespace of another
     * session (registered with another {@code PMIX_SESSION_ID} than this process's job) is
     * {@code PMIX_ERR_INVALID_NAMESPACE}, and a null namespace means every namespace of this session.
     *
     * @param node a host name; null means this node
     * @param nspace a namespace; null means every namespace of this session
     * @param info directives: {@code PMIX_TIMEOUT} (seconds) bounds the wait for the answer
     * @return empty when the node hosts none of them
     * @throws PmixException {@code PMIX_ERR_INVALID_NAMESPACE} for an unknown namespace or one of another
     *     session, {@code PMIX_ERR_DATA_VALUE_NOT_FOUND} when the node's peers were not given and cannot
     *     be derived, {@code PMIX_ERR_TIMEOUT} when the {@code PMIX_TIMEOUT} passed first
     */
    public List<Proc> resolvePeers(String node, String nspace, Info... info) {
        return join(resolvePeersAsync(node, nspace, info));
    }

    /** {@link #resolvePeers} without blocking. */
    public CompletableFuture<List<Proc>> resolvePeersAsync(String node, String nspace, Info... info) {
        try {
            checkOpen();
            return server.resolvePeers(node, nspace, List.of(info));
        } catch (PmixException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * {@code PMIx_Resolve_nodes}: the nodes hosting {@code nspace}'s processes (null: every namespace's of
     * this session; a namespace of another session is unknown, as for {@link #resolvePeers}).
     *
     * @param info directives: {@code PMIX_TIMEOUT} (seconds) bounds the wait for the answer
     * @throws PmixException {@code PMIX_ERR_INVALID_NAMESPACE} for an unknown namespace or one of another
     *     session, {@code PMIX_ERR_TIMEOUT} when the {@code PMIX_TIMEOUT} passed first
     */
    public List<String> resolveNodes(String nspace, Info... info) {
        return join(resolveNodesAsync(nspace, info));
    }

    /** {@link #resolveNodes} without blocking. */
    public CompletableFuture<List<String>> resolveNodesAsync(String nspace, Info... info) {
        try {
            checkOpen();
            return server.resolveNodes(nspace, List.of(info));
        } catch (PmixException e) {
            return CompletableFuture.failedFuture(e);
        }
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

    // ---- publish / lookup, spawn, connect ----

    /**
     * {@code PMIx_Publish}: makes {@code data} available to other processes' {@link #lookup}, through the
     * server's host, which keeps it.
     *
     * @param data key/value pairs; keys must not be reserved ({@code pmix} prefix)
     * @param directives {@code PMIX_RANGE} (who may look it up; default {@code PMIX_RANGE_SESSION}),
     *     {@code PMIX_PERSISTENCE} (how long it lives; default {@code PMIX_PERSIST_SESSION}), {@code PMIX_TIMEOUT}
     * @throws PmixException {@code PMIX_ERR_BAD_PARAM} (no data, a reserved key), {@code PMIX_ERR_DUPLICATE_KEY}
     *     (published already in that range), {@code PMIX_ERR_NOT_SUPPORTED} (the host keeps no such data)
     */
    public void publish(List<Info> data, Info... directives) {
        join(publishAsync(data, directives));
    }

    /** {@link #publish} without blocking ({@code PMIx_Publish_nb}). */
    public CompletableFuture<Void> publishAsync(List<Info> data, Info... directives) {
        try {
            checkOpen();
            Objects.requireNonNull(data, "data");
            if (data.isEmpty()) {
                throw new PmixException(Status.ERR_BAD_PARAM, "publish: no data");
            }
            for (Info i : data) {
                if (Keys.isReserved(i.key())) {
                    throw new PmixException(Status.ERR_BAD_PARAM, "publish: '" + i.key() + "' is a reserved key");
                }
            }
            return server.publish(List.copyOf(data), Arrays.asList(directives));
        } catch (PmixException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * {@code PMIx_Lookup}: the data published under {@code keys} that this process may see, each with its
     * publisher.
     *
     * @param directives {@code PMIX_RANGE}, {@code PMIX_WAIT} (wait until that many of the keys are published,
     *     {@code 0} or {@code true}: all), {@code PMIX_TIMEOUT} (seconds to wait at most)
     * @return one entry per key found (a key not found has none)
     * @throws PmixException {@code PMIX_ERR_NOT_FOUND} (none found), {@code PMIX_ERR_TIMEOUT} (the wait ran out)
     */
    public List<PData> lookup(List<String> keys, Info... directives) {
        return join(lookupAsync(keys, directives));
    }

    /** {@link #lookup} without blocking ({@code PMIx_Lookup_nb}). */
    public CompletableFuture<List<PData>> lookupAsync(List<String> keys, Info... directives) {
        try {
            checkOpen();
            Objects.requireNonNull(keys, "keys");
            if (keys.isEmpty()) {
                throw new PmixException(Status.ERR_BAD_PARAM, "lookup: no keys");
            }
            keys.forEach(Info::checkKey);
            return server.lookup(List.copyOf(keys), Arrays.asList(directives));
        } catch (PmixException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * {@code PMIx_Unpublish}: withdraws what this process published under {@code keys} (empty: all of it).
     *
     * @param directives {@code PMIX_RANGE} (only what was published in that range)
     */
    public void unpublish(List<String> keys, Info... directives) {
        checkOpen();
        Objects.requireNonNull(keys, "keys");
        keys.forEach(Info::checkKey);
        join(server.unpublish(List.copyOf(keys), Arrays.asList(directives)));
    }

    /**
     * {@code PMIx_Spawn}: asks the host to start a new job of these applications, and returns its namespace
     * once its processes are started. Its processes find this one as {@code PMIX_PARENT_ID}; {@link #connect}
     * with them to share a fence and read each other's data.
     *
     * @param jobInfo job-level directives ({@code PMIX_WDIR}, ...)
     * @throws PmixException {@code PMIX_ERR_BAD_PARAM} (no apps, a non-positive process count),
     *     {@code PMIX_ERR_NOT_SUPPORTED} (the host cannot spawn), the host's failure to start the job
     */
    public String spawn(List<App> apps, List<Info> jobInfo) {
        return join(spawnAsync(apps, jobInfo));
    }

    /** {@link #spawn} without blocking ({@code PMIx_Spawn_nb}). */
    public CompletableFuture<String> spawnAsync(List<App> apps, List<Info> jobInfo) {
        try {
            checkOpen();
            Objects.requireNonNull(apps, "apps");
            Objects.requireNonNull(jobInfo, "jobInfo");
            if (apps.isEmpty()) {
                throw new PmixException(Status.ERR_BAD_PARAM, "spawn: no applications");
            }
            for (App a : apps) {
                if (a.maxProcs() <= 0) {
                    throw new PmixException(Status.ERR_BAD_PARAM, "spawn: " + a.cmd() + " asks for " + a.maxProcs() + " processes");
                }
            }
            return server.spawn(List.copyOf(apps), List.copyOf(jobInfo));
        } catch (PmixException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * {@code PMIx_Connect}: collective over {@code procs} (a {@link Rank#WILDCARD} rank: the whole namespace),
     * which must include this process; returns when every participant has called it. Afterwards the
     * participants' namespaces read each other's facts and posted data and may fence together.
     *
     * @param info {@code PMIX_TIMEOUT}
     * @throws PmixException {@code PMIX_ERR_BAD_PARAM} (no participants, this process not among them),
     *     {@code PMIX_ERR_INVALID_NAMESPACE}, {@code PMIX_ERR_TIMEOUT}, {@code PMIX_ERR_PROC_TERM_WO_SYNC}
     */
    public void connect(Collection<Proc> procs, Info... info) {
        checkOpen();
        Objects.requireNonNull(procs, "procs");
        join(server.connect(List.copyOf(procs), Arrays.asList(info), true));
    }

    /** {@code PMIx_Disconnect}: collective over {@code procs} as {@link #connect}. */
    public void disconnect(Collection<Proc> procs, Info... info) {
        checkOpen();
        Objects.requireNonNull(procs, "procs");
        join(server.connect(List.copyOf(procs), Arrays.asList(info), false));
    }

    // ---- events ----

    /**
     * {@code PMIx_Register_event_handler}: {@code handler} is called for events of {@code codes} (empty: every
     * event not marked {@code PMIX_EVENT_NON_DEFAULT}, a default handler), in the chain order
     * {@code docs/events.md} describes. Events come from peers that notify them ({@link #notifyEvent}), from
     * the server (a peer of this job that died or aborted: {@code PMIX_ERR_PROC_ABORTED},
     * {@code PMIX_EVENT_PROC_TERMINATED}, ..., with {@code PMIX_EVENT_AFFECTED_PROC}), from the host, and from
     * this process ({@code PMIX_ERR_LOST_CONNECTION} when the server goes).
     *
     * <p>Directives among {@code info}: {@code PMIX_EVENT_HDLR_NAME}, {@code PMIX_EVENT_HDLR_FIRST},
     * {@code ..._LAST}, {@code ..._FIRST_IN_CATEGORY}, {@code ..._LAST_IN_CATEGORY}, {@code ..._BEFORE},
     * {@code ..._AFTER}, {@code ..._PREPEND}, {@code ..._APPEND}, {@code PMIX_EVENT_ONESHOT}, and
     * {@code PMIX_EVENT_AFFECTED_PROC(S)} (only events about those processes).
     *
     * <p><b>Lost server.</b> When the server goes (it died, or dropped this process) before {@link #close},
     * every handler of {@code PMIX_ERR_LOST_CONNECTION} and every default handler hears of it at once, source
     * the server. With no such handler, the client {@link #init()} made ends the process after a grace period,
     * exit status 195 (= -61 & 0xff, what an Open MPI process exits with when its server goes), unless
     * a handler was registered or the client closed meanwhile: an orphaned job never lingers. The grace period
     * is the system property {@code jpmix.lostServerGraceMillis} (default 3000; negative: never end the
     * process). OpenPMIx 4.2.2's library does not end the process itself; it hands the event to the handlers
     * for it and the default handlers after its one-second caching window, and none if there are none
     * ({@code mca/ptl/base/ptl_base_sendrecv.c:242-248}, {@code event/pmix_event.h:202-243},
     * {@code event/pmix_event_notification.c:1362-1384}); Open MPI's default handler is what ends its processes.
     *
     * @return the handler's reference, for {@link #deregisterEventHandler}
     * @throws PmixException {@code PMIX_ERR_EVENT_REGISTRATION} for a position that cannot be had (a second
     *     first or last handler, a name nobody has, a name taken), the server's refusal otherwise
     */
    public long registerEventHandler(List<Integer> codes, List<Info> info, EventHandler handler) {
        Objects.requireNonNull(codes, "codes");
        Objects.requireNonNull(info, "info");
        Objects.requireNonNull(handler, "handler");
        checkOpen();
        EventChain.Registration r = events.add(codes, info, handler);
        List<Info> about = new java.util.ArrayList<>();
        for (Info i : info) {
            if (i.is(Keys.EVENT_AFFECTED_PROC) || i.is(Keys.EVENT_AFFECTED_PROCS)) {
                about.add(i);
            }
        }
        try {
            join(server.registerEvents(r.codes, about));
        } catch (PmixException e) {
            events.remove(r.id);
            throw e;
        }
        return r.id;
    }

    /**
     * {@code PMIx_Deregister_event_handler}: the handler is called no more; the server stops sending the codes no
     * other handler takes.
     *
     * @throws PmixException {@code PMIX_ERR_NOT_FOUND} for a reference that names no handler
     */
    public void deregisterEventHandler(long handler) {
        checkOpen();
        EventChain.Registration r = events.remove(handler);
        if (r == null) {
            throw new PmixException(Status.ERR_NOT_FOUND, "deregister event handler: no handler " + handler);
        }
        join(unused(r));
    }

    /** Tells the server of the codes (and the default registration) nobody takes once {@code r} is gone. */
    private CompletableFuture<Void> unused(EventChain.Registration r) {
        java.util.Set<Integer> left = events.codes();
        List<Integer> gone = new java.util.ArrayList<>();
        for (int c : r.codes) {
            if (!left.contains(c)) {
                gone.add(c);
            }
        }
        boolean defaults = r.codes.isEmpty() && !events.hasDefault();
        if (gone.isEmpty() && !defaults) {
            return CompletableFuture.completedFuture(null);
        }
        return server.deregisterEvents(gone, defaults);
    }

    private void oneshotRan(EventChain.Registration r) {
        if (!closed && server.lost() == null) {
            unused(r).exceptionally(e -> null);
        }
    }

    /**
     * {@code PMIx_Notify_event}: this process's own handlers for {@code status} run (as OpenPMIx's client runs
     * them, {@code event/pmix_event_notification.c:221-314}), and unless {@code range} is
     * {@code PMIX_RANGE_PROC_LOCAL} the server delivers the event to the other processes in the range that
     * registered for it: {@code PMIX_RANGE_NAMESPACE} this job, {@code LOCAL} this node, {@code CUSTOM} the
     * processes of {@code PMIX_EVENT_CUSTOM_RANGE}, {@code SESSION} and {@code GLOBAL} this node's and, through
     * the host, other nodes'. Returns once the server has delivered it.
     *
     * @param source null: this process; the server names the sender as the source whatever is given here
     * @param info e.g. {@code PMIX_EVENT_AFFECTED_PROC(S)}, {@code PMIX_EVENT_CUSTOM_RANGE},
     *     {@code PMIX_EVENT_NON_DEFAULT}, {@code PMIX_EVENT_TEXT_MESSAGE}, and data of the caller's own
     * @throws PmixException {@code PMIX_ERR_BAD_PARAM} for range {@code CUSTOM} without
     *     {@code PMIX_EVENT_CUSTOM_RANGE}
     */
    public void notifyEvent(int status, Proc source, int range, List<Info> info) {
        Objects.requireNonNull(info, "info");
        checkOpen();
        if (range == io.github.jpmix.common.DataRange.CUSTOM && info.stream().noneMatch(i -> i.is(Keys.EVENT_CUSTOM_RANGE))) {
            throw new PmixException(Status.ERR_BAD_PARAM, "notify event: range CUSTOM without PMIX_EVENT_CUSTOM_RANGE");
        }
        events.deliver(status, source == null ? self : source, info);
        if (range != io.github.jpmix.common.DataRange.PROC_LOCAL) {
            join(server.notifyEvent(status, range, info));
        }
    }

    /**
     * The server is gone: {@code PMIX_ERR_LOST_CONNECTION} to the handlers that take it, or, with none, the
     * end of the process after the grace period ({@link #registerEventHandler}, "Lost server"). A client that
     * finalized hears nothing, as OpenPMIx's ({@code ptl_base_sendrecv.c:242-243}).
     */
    private void serverLost(PmixException reason) {
        if (closed) {
            return;
        }
        List<Info> info = List.of(Info.of(Keys.EVENT_AFFECTED_PROC, server.serverProc()),
                Info.of(Keys.EVENT_TEXT_MESSAGE, String.valueOf(reason.getMessage())));
        if (events.takes(Status.ERR_LOST_CONNECTION, false)) {
            events.deliver(Status.ERR_LOST_CONNECTION, server.serverProc(), info);
            return;
        }
        long grace = Long.getLong(LOST_SERVER_GRACE_PROPERTY, DEFAULT_LOST_SERVER_GRACE_MILLIS);
        if (!endsWithServer || grace < 0) {
            return;
        }
        Thread t = new Thread(() -> {
            try {
                Thread.sleep(grace);
            } catch (InterruptedException e) {
                return;
            }
            if (closed) {
                return;
            }
            if (events.takes(Status.ERR_LOST_CONNECTION, false)) {
                events.deliver(Status.ERR_LOST_CONNECTION, server.serverProc(), info);
                return;
            }
            System.err.println("jpmix: " + self + ": lost the PMIx server (" + reason.getMessage() + ") and no handler of "
                    + "PMIX_ERR_LOST_CONNECTION is registered: ending the process (exit 195) after " + grace + " ms");
            System.exit(LOST_SERVER_EXIT_STATUS);
        }, "jpmix-lost-server " + self);
        t.setDaemon(true);
        t.start();
    }

    /** The system property that sets how long a process whose server went waits before it ends (milliseconds; negative: never). */
    public static final String LOST_SERVER_GRACE_PROPERTY = "jpmix.lostServerGraceMillis";
    /** The grace period when {@link #LOST_SERVER_GRACE_PROPERTY} is not set. */
    public static final long DEFAULT_LOST_SERVER_GRACE_MILLIS = 3_000;
    /** The exit status of a process ended because its server went: -61 ({@code PMIX_ERR_LOST_CONNECTION}) & 0xff, as Open MPI's. */
    public static final int LOST_SERVER_EXIT_STATUS = 195;

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
        events.close();
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
