package io.github.jpmix.client;

import io.github.jpmix.client.internal.ClientStore;
import io.github.jpmix.client.internal.GdsClientStore;
import io.github.jpmix.client.internal.GetRouter;
import io.github.jpmix.client.internal.ModexExchange;
import io.github.jpmix.client.internal.QueryCache;
import io.github.jpmix.client.transport.TransportClient;
import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
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
import io.github.jpmix.common.internal.protocol.MessageKeys;
import io.github.jpmix.common.internal.protocol.Messages;
import io.github.jpmix.common.internal.protocol.Op;
import io.github.jpmix.common.internal.protocol.Requests;
import io.github.jpmix.common.internal.transport.ServerUri;
import io.github.jpmix.common.internal.transport.Transport;
import io.github.jpmix.common.internal.transport.TransportConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import org.agrona.DirectBuffer;

/**
 * A PMIx client: what an application process uses to learn its world and exchange data with its
 * peers ({@code PMIx_Init} ... {@code PMIx_Finalize}).
 *
 * <p>{@link #init()} connects to the server that started this process (the environment its
 * {@code setupFork} made). A {@link #get} of a job, app, node or process fact, or of a value a peer
 * posted before the last fence, is a lookup in the server's memory-mapped store, in this process:
 * no request, no copy. What the store does not hold goes to the server, which follows the
 * retrieval rules of {@code reserved-keys.tex}.
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

    /** How long a request that has no {@code PMIX_TIMEOUT} of its own may take (fences wait for peers). */
    private static final Duration NO_TIMEOUT = Duration.ofDays(365);
    /** A request's own {@code PMIX_TIMEOUT} gets this much more, so the server's timeout answers first. */
    private static final Duration TIMEOUT_MARGIN = Duration.ofSeconds(2);

    private final Proc self;
    private final TransportClient connection;
    private final ClientStore store;
    /** Where a get is answered: here (own posts, the store) or by the server. */
    private final GetRouter gets;
    /** What this process posted, its fence requests, the generations its releases name. */
    private final ModexExchange modex;
    private volatile PmixException lost;
    private final QueryCache queryCache = new QueryCache();
    private volatile boolean closed;

    private PmixClient(Proc self, TransportClient connection, ClientStore store) {
        this.self = self;
        this.connection = connection;
        this.store = store;
        this.gets = new GetRouter(self, store);
        this.modex = new ModexExchange(self, gets);
    }

    /**
     * Connects to the server named by this process's environment ({@code PMIX_NAMESPACE},
     * {@code PMIX_RANK}, {@code PMIX_SERVER_URI}, as the server's {@code setupFork} made it).
     *
     * @throws PmixException {@link Status#ERR_INIT} when the environment does not name a server,
     *     {@link Status#ERR_UNREACH} when the server cannot be reached, the server's refusal
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
        Path socket = ServerUri.socket(required(env, "PMIX_SERVER_URI"));
        // the store's start-up (Chronicle's, docs/startup.md) runs on another thread during the handshake
        GdsClientStore.prepare(socket, nspace);
        Proc self = new Proc(nspace, rank);
        List<Info> hello = List.of(
                Info.of(MessageKeys.NSPACE, Value.ofString(nspace)),
                Info.of(MessageKeys.RANK, Value.ofRank(rank)),
                Info.of(MessageKeys.PID, Value.ofInt64(ProcessHandle.current().pid())),
                Info.of(MessageKeys.VERSION, Value.ofString(env.getOrDefault("PMIX_VERSION", ""))));
        Holder holder = new Holder();
        TransportClient connection = TransportClient.connect(socket, Messages.reply(hello),
                new TransportConfig(), holder);
        try {
            List<Info> reply = Messages.replyInfos(connection.handshakeReply());
            Map<String, String> attach = new HashMap<>();
            for (Info i : reply) {
                if (i.key().startsWith(MessageKeys.STORE_PREFIX)) {
                    attach.put(i.key().substring(MessageKeys.STORE_PREFIX.length()), i.value().asString());
                }
            }
            ClientStore store = GdsClientStore.open(attach, nspace);
            ModexExchange.advance(store, reply);
            PmixClient client = new PmixClient(self, connection, store);
            client.modex.limits(reply);
            holder.client = client;
            return client;
        } catch (RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    private static String required(Map<String, String> env, String name) {
        String v = env.get(name);
        if (v == null || v.isEmpty()) {
            throw new PmixException(Status.ERR_INIT, "init: " + name + " is not set: this process was not started by a PMIx server");
        }
        return v;
    }

    /** Receives the server's unsolicited messages and learns when it is gone. */
    private static final class Holder implements TransportClient.Handler {
        volatile PmixClient client;

        @Override
        public void onMessage(int correlationId, DirectBuffer buffer, int offset, int length) {
            // a JPMIx server sends its clients nothing unsolicited: replies only
        }

        @Override
        public void onDisconnect(PmixException reason) {
            PmixClient c = client;
            if (c != null && !c.closed) {
                // the reason says what happened: dropped by the server (and why), closed, or server gone
                c.lost = new PmixException(Status.ERR_LOST_CONNECTION, Transport.rawMessage(reason), reason);
            }
        }
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
        if (info.length == 0 && proc != null && key != null && !closed && lost == null) {
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
        List<Info> qualifiers = Arrays.asList(info);
        List<Info> fields = new ArrayList<>();
        fields.add(Info.of(MessageKeys.TARGET, Value.ofProc(proc == null ? self : proc)));
        fields.add(Info.of(MessageKeys.KEY, Value.ofString(key)));
        fields.addAll(qualifiers);
        return request(Op.GET, fields, timeoutOf(qualifiers)).thenApply(reply -> MessageKeys.require(reply, MessageKeys.VALUE));
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
     * {@code PMIx_Commit}: sends what was posted since the last commit to the server and waits for it
     * to take the data (one round trip on the rings, microseconds): a commit the server refuses fails
     * here, with the server's status, never silently. What the server would refuse for its limits,
     * {@link #put} refuses first.
     *
     * @throws PmixException {@code PMIX_ERR_OUT_OF_RESOURCE} naming the limit when the server refuses
     *     the data (none of this commit is taken; later puts and commits work as before);
     *     {@code PMIX_ERR_LOST_CONNECTION} when the server is gone (what failed to go stays posted for
     *     the next commit)
     */
    public void commit() {
        checkOpen();
        List<Info> batch = modex.takePosts();
        try {
            join(send(Messages.request(Op.COMMIT, batch), NO_TIMEOUT));
        } catch (PmixException e) {
            if (e.status() == Status.ERR_LOST_CONNECTION || e.status() == Status.ERR_UNREACH) {
                modex.restore(batch); // kept for the next commit, unless posted again meanwhile
            } else {
                modex.refused(batch); // the server holds none of it: the caller is told
            }
            throw e;
        }
        modex.committed(batch);
    }

    /**
     * {@code PMIx_Fence}: waits until every participant has entered; with {@code PMIX_COLLECT_DATA}
     * their posted data is readable afterwards.
     *
     * @param procs the participants; empty means every process of this namespace
     * @param info {@code PMIX_COLLECT_DATA}, {@code PMIX_TIMEOUT}
     */
    public void fence(Collection<Proc> procs, Info... info) {
        // the new generation is mapped on this thread, not the receiver's: the receiver goes back to
        // its ring at once, and the Chronicle query context this thread's gets need is made here
        // (by the generation's descriptor check), not twice
        advance(join(fenceRequest(procs, info)));
    }

    /** {@link #fence} without blocking. */
    public CompletableFuture<Void> fenceAsync(Collection<Proc> procs, Info... info) {
        try {
            return fenceRequest(procs, info).thenAccept(this::advance);
        } catch (PmixException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private CompletableFuture<List<Info>> fenceRequest(Collection<Proc> procs, Info[] info) {
        checkOpen();
        List<Info> directives = Arrays.asList(info);
        return send(modex.fence(procs, directives), timeoutOf(directives));
    }

    /** A fence's release names the newest modex generation: read it from now on. */
    private void advance(List<Info> reply) {
        ModexExchange.advance(store, reply);
    }

    // ---- resolve, query, log, abort ----

    /**
     * {@code PMIx_Resolve_peers}: the processes of {@code nspace} on {@code node}, as the server (or
     * its host) answers per {@code spec/resolve-peers-nodes-hierarchy.rst}.
     *
     * @param node a host name; null means this node
     * @param nspace a namespace; null means every namespace
     * @return empty when the node hosts none of them
     * @throws PmixException {@code PMIX_ERR_INVALID_NAMESPACE} for an unknown namespace,
     *     {@code PMIX_ERR_DATA_VALUE_NOT_FOUND} when the node's peers were not given and cannot be derived
     */
    public List<Proc> resolvePeers(String node, String nspace) {
        checkOpen();
        List<Info> fields = new ArrayList<>();
        if (node != null) {
            fields.add(Info.of(MessageKeys.NODE, Value.ofString(node)));
        }
        if (nspace != null) {
            fields.add(Info.of(MessageKeys.NSPACE, Value.ofString(nspace)));
        }
        List<Info> reply = join(request(Op.RESOLVE_PEERS, fields, NO_TIMEOUT));
        return MessageKeys.procs(MessageKeys.require(reply, MessageKeys.PROCS));
    }

    /**
     * {@code PMIx_Resolve_nodes}: the nodes hosting {@code nspace}'s processes (null: every namespace's).
     *
     * @throws PmixException {@code PMIX_ERR_INVALID_NAMESPACE} for an unknown namespace
     */
    public List<String> resolveNodes(String nspace) {
        checkOpen();
        List<Info> fields = nspace == null ? List.of() : List.of(Info.of(MessageKeys.NSPACE, Value.ofString(nspace)));
        List<Info> reply = join(request(Op.RESOLVE_NODES, fields, NO_TIMEOUT));
        return MessageKeys.require(reply, MessageKeys.NODES).asDataArray().elements(String.class);
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
            return request(Op.QUERY, Requests.query(plan.toServer()), NO_TIMEOUT)
                    .handle((reply, error) -> queryCache.merge(plan, reply, error, lost != null));
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
            return request(Op.LOG, Requests.log(data, directives), NO_TIMEOUT).thenApply(reply -> null);
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
        List<Info> fields = new ArrayList<>();
        fields.add(Info.of(MessageKeys.STATUS, Value.ofStatus(status)));
        fields.add(Info.of(MessageKeys.MESSAGE, Value.ofString(message == null ? "" : message)));
        if (procs != null && !procs.isEmpty()) {
            fields.add(Info.of(MessageKeys.PROCS, Value.ofDataArray(DataArray.of(DataType.PROC, List.copyOf(procs)))));
        }
        join(request(Op.ABORT, fields, NO_TIMEOUT));
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
        try {
            if (lost == null && connection.isConnected()) {
                join(request(Op.FINALIZE, List.of(), Duration.ofSeconds(5)));
            }
        } catch (PmixException e) {
            // the server is gone or slow: the connection closes anyway
        } finally {
            closed = true;
            connection.close();
            store.close();
        }
    }

    // ---- plumbing ----

    private void checkOpen() {
        if (closed) {
            throw new PmixException(Status.ERR_INIT, "client of " + self + " is finalized");
        }
        PmixException l = lost;
        if (l != null) {
            throw new PmixException(Status.ERR_LOST_CONNECTION, l.getMessage(), l);
        }
    }

    private CompletableFuture<List<Info>> request(byte op, List<Info> fields, Duration timeout) {
        checkOpen();
        return send(Messages.request(op, fields), timeout);
    }

    private CompletableFuture<List<Info>> send(byte[] payload, Duration timeout) {
        // no timer for a request without PMIX_TIMEOUT: it waits for the server (or its loss) anyway
        return (timeout == NO_TIMEOUT ? connection.request(payload) : connection.request(payload, timeout))
                .thenApply(Messages::replyInfos);
    }

    private static Duration timeoutOf(List<Info> info) {
        for (Info i : info) {
            if (i.is(Keys.TIMEOUT)) {
                int seconds = i.value().asInt();
                if (seconds > 0) {
                    return Duration.ofSeconds(seconds).plus(TIMEOUT_MARGIN);
                }
            }
        }
        return NO_TIMEOUT;
    }

    /** Waits for a request, turning its failure back into the {@link PmixException} it carries. */
    private <T> T join(CompletableFuture<T> f) {
        return Requests.await(f, () -> lost != null);
    }

    @Override
    public String toString() {
        return "PmixClient[" + self + "]";
    }
}
