package io.github.jpmix.client.internal.openpmix;

import static java.lang.System.Logger.Level.DEBUG;

import io.github.jpmix.client.internal.EventSink;
import io.github.jpmix.client.internal.GetRouter;
import io.github.jpmix.client.internal.ModexExchange;
import io.github.jpmix.client.internal.ServerProtocol;
import io.github.jpmix.client.transport.OpenPmixConnection;
import io.github.jpmix.common.App;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PData;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.ProcInfo;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.QueryResults;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.openpmix.ClientRequests;
import io.github.jpmix.common.internal.openpmix.Commands;
import io.github.jpmix.common.internal.openpmix.OpenPmixUri;
import io.github.jpmix.common.internal.protocol.Requests;
import io.github.jpmix.common.internal.transport.PeerCredentials;
import io.github.jpmix.common.internal.transport.RendezvousFile;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Not API. {@link ServerProtocol} to a server built on OpenPMIx 4.2.2's server library, speaking its
 * client protocol over TCP as an OpenPMIx client with the {@code hash} storage component does
 * ({@code docs/openpmix.md}, "JPMIx's client under an OpenPMIx server"):
 *
 * <ul>
 *   <li><b>init</b>: the connect handshake ({@link OpenPmixConnection}), then {@code REQ}; the job data
 *       of the reply is held in this process ({@link HashStore}), and gets of job, application, node and
 *       process facts answer from it by JPMIx's retrieval rules. A reserved key it lacks goes to the
 *       server with {@code PMIX_IMMEDIATE}, as OpenPMIx's client sends it.</li>
 *   <li><b>put/commit</b>: {@code COMMIT} with a LOCAL and a REMOTE section, a GLOBAL value in both, every
 *       value posted so far each time ({@code client/pmix_client.c:1376-1480}); the call does not wait
 *       for the reply, as libpmix's does not (it ignores its status, notes §1.10): the socket keeps it
 *       ahead of this process's next request.</li>
 *   <li><b>fence</b>: {@code FENCENB}, answered when every participant entered; no data rides on the
 *       reply.</li>
 *   <li><b>get of a peer's posted key</b>: {@code GETNB}; the reply carries every value of the peer,
 *       kept until the next fence ({@link HashStore}).</li>
 *   <li><b>query, log, abort, finalize</b>: their commands; resolve peers and nodes read the job data
 *       for this namespace, and the server's proc tables ({@code PMIX_QUERY_PROC_TABLE}) for others.</li>
 *   <li><b>events</b>: {@code REGEVENTS}, {@code DEREGEVENTS} (no reply) and {@code NOTIFY}; an event the
 *       server sends (tag 0) goes to the {@link EventSink}. When the socket closes, every pending and later
 *       call fails with {@code PMIX_ERR_LOST_CONNECTION}, and the sink hears of it.</li>
 * </ul>
 */
public final class OpenPmixProtocol implements ServerProtocol {
    private static final System.Logger LOG = System.getLogger("io.github.jpmix.client");
    /** The environment variables an OpenPMIx server may name itself by, in the order its client tries them ({@code ptl_base_fns.c:126-162}). */
    public static final List<String> URI_VARIABLES = List.of("PMIX_SERVER_URI41", "PMIX_SERVER_URI4", "PMIX_SERVER_URI3",
            "PMIX_SERVER_URI2", "PMIX_SERVER_URI21");
    /** A request's own {@code PMIX_TIMEOUT} gets this much more, so the server's timeout answers first. */
    private static final Duration TIMEOUT_MARGIN = Duration.ofSeconds(2);
    /** How long finalize waits for the server's reply, as OpenPMIx's client does ({@code pmix_client.c:1072}). */
    private static final Duration FINALIZE_WAIT = Duration.ofSeconds(2);

    private final Proc self;
    private final OpenPmixConnection connection;
    private final HashStore store;
    private final String localHost;
    private final GetRouter gets;
    private final ModexExchange modex;
    /** Peers' posted values: fetched, coalesced, fetched together after a collecting fence. */
    private final PeerData peers;
    /** Every value posted so far, by key, with its scope: each COMMIT sends them all. Guarded by itself. */
    private final Map<String, Info> committed = new LinkedHashMap<>();
    /** {@link #localRanks()}, once read. */
    private volatile int[] localRanks;
    private volatile PmixException lost;
    private volatile boolean closed;
    private volatile EventSink sink;

    private OpenPmixProtocol(Proc self, OpenPmixConnection connection, HashStore store, String localHost) {
        this.self = self;
        this.connection = connection;
        this.store = store;
        this.localHost = localHost;
        this.gets = new GetRouter(self, store);
        this.modex = new ModexExchange(self, gets);
        this.peers = new PeerData(store, new PeerData.Sender() {
            @Override
            public CompletableFuture<byte[]> send(byte[] payload, Duration timeout) {
                return request(payload, timeout);
            }

            @Override
            public List<CompletableFuture<byte[]>> sendAll(List<byte[]> payloads) {
                return connection.requestAll(payloads);
            }
        });
    }

    /**
     * The OpenPMIx server URI an environment names: the first of {@link #URI_VARIABLES} that is set,
     * else a {@code PMIX_SERVER_URI} of OpenPMIx's form; null when there is none.
     */
    public static String serverUri(Map<String, String> env) {
        for (String name : URI_VARIABLES) {
            String v = env.get(name);
            if (v != null && !v.isEmpty()) {
                return v;
            }
        }
        String v = env.get("PMIX_SERVER_URI");
        return v != null && OpenPmixUri.isOpenPmix(v) ? v : null;
    }

    /**
     * Connects as {@code self} to the OpenPMIx server at {@code uri}, asks for the job data and holds it.
     *
     * @param env the process's environment: {@code PMIX_HOSTNAME} names this node when the job data does not
     * @throws PmixException {@link Status#ERR_UNREACH} when the server cannot be reached or refuses this
     *     process, {@link Status#ERR_TIMEOUT} when it does not answer, the codec's statuses for job data
     *     that cannot be read
     */
    public static OpenPmixProtocol connect(Proc self, String uri, Map<String, String> env) {
        Holder holder = new Holder();
        OpenPmixConnection c = OpenPmixConnection.connectClient(uri, self, OpenPmixConnection.HANDSHAKE_TIMEOUT, holder);
        try {
            byte[] reply = Requests.await(c.request(ClientRequests.req(), OpenPmixConnection.HANDSHAKE_TIMEOUT), () -> false);
            JobData job = JobData.parse(reply, self, hostname(env));
            OpenPmixProtocol p = new OpenPmixProtocol(self, c, new HashStore(job), job.localHost());
            holder.protocol = p;
            if (!c.isConnected()) {
                throw new PmixException(Status.ERR_LOST_CONNECTION, "the OpenPMIx server at " + uri + " closed the connection during init");
            }
            return p;
        } catch (RuntimeException e) {
            c.close();
            throw e;
        }
    }

    /** This node's name before the job data says: {@code PMIX_HOSTNAME}, else the host name up to its first dot ({@code runtime/pmix_init.c:399-414}). */
    private static String hostname(Map<String, String> env) {
        String h = env.get("PMIX_HOSTNAME");
        if (h != null && !h.isEmpty()) {
            return h;
        }
        h = RendezvousFile.defaultHostname();
        int dot = h.indexOf('.');
        return dot > 0 ? h.substring(0, dot) : h;
    }

    /** Receives the server's events and learns when it is gone. */
    private static final class Holder implements OpenPmixConnection.Handler {
        volatile OpenPmixProtocol protocol;

        /** An event (tag 0) for this process's handlers ({@code client/pmix_client.c:148-254}). */
        @Override
        public void onEvent(byte[] payload) {
            OpenPmixProtocol p = protocol;
            EventSink sink = p == null ? null : p.sink;
            ClientRequests.EventMessage e;
            try {
                e = ClientRequests.event(payload);
            } catch (PmixException ex) {
                LOG.log(DEBUG, () -> "an unreadable OpenPMIx event dropped: " + ex.getMessage());
                return;
            }
            if (sink == null) {
                LOG.log(DEBUG, () -> "OpenPMIx event " + Status.name(e.code()) + " from " + e.source() + " before init dropped");
                return;
            }
            sink.event(e.code(), e.source(), e.info());
        }

        @Override
        public void onDisconnect(PmixException reason) {
            OpenPmixProtocol p = protocol;
            if (p != null && !p.closed) {
                p.lost = new PmixException(Status.ERR_LOST_CONNECTION, "lost the server: " + message(reason), reason);
                EventSink sink = p.sink;
                if (sink != null) {
                    sink.lost(p.lost);
                }
            }
        }
    }

    @Override
    public GetRouter gets() {
        return gets;
    }

    @Override
    public ModexExchange modex() {
        return modex;
    }

    @Override
    public PmixException lost() {
        return lost;
    }

    /** This node's name in the job data. */
    public String localHost() {
        return localHost;
    }

    // ---- events ----

    @Override
    public Proc serverProc() {
        return connection.server();
    }

    @Override
    public void eventSink(EventSink sink) {
        this.sink = sink;
        PmixException l = lost;
        if (l != null) {
            sink.lost(l); // gone before the sink was set
        }
    }

    /**
     * {@code REGEVENTS}; the server's status comes back as it is (libpmix turns a refusal into
     * {@code PMIX_ERR_SERVER_FAILED_REQUEST}, {@code pmix_event_registration.c:145-175}; the server's own
     * status says more).
     */
    @Override
    public CompletableFuture<Void> registerEvents(List<Integer> codes, List<Info> info) {
        return request(ClientRequests.registerEvents(codes, info), null).thenApply(reply -> {
            ClientRequests.success(reply, "register events");
            return null;
        });
    }

    /**
     * {@code DEREGEVENTS}, which the server does not answer: the codes, and {@code INT32_MIN}
     * ({@code PMIX_MAX_ERR_CONSTANT}) for the last default handler ({@code pmix_event_registration.c:958-1000}).
     */
    @Override
    public CompletableFuture<Void> deregisterEvents(List<Integer> codes, boolean defaults) {
        List<Integer> all = new ArrayList<>(codes);
        if (defaults) {
            all.add(Integer.MIN_VALUE);
        }
        try {
            checkConnected();
            connection.send(ClientRequests.deregisterEvents(all));
            return CompletableFuture.completedFuture(null);
        } catch (PmixException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    @Override
    public CompletableFuture<Void> notifyEvent(int code, int range, List<Info> info) {
        return request(ClientRequests.notifyEvent(code, range, info), null).thenApply(reply -> {
            ClientRequests.success(reply, "notify event");
            return null;
        });
    }

    // ---- get ----

    /**
     * A get {@link GetRouter} leaves to the server ({@code client/pmix_client_get.c:935-1080}): a
     * posted key of a process from its values of this epoch ({@link PeerData}); a reserved key of this
     * namespace with {@code PMIX_IMMEDIATE} added (the job data lacked it: "request it from the server, but
     * do so under the "immediate" use-case"), one of another namespace as rank {@code WILDCARD} without it,
     * so that the server may ask its host for that namespace ({@code reserved-keys.tex}, "Retrieval rules
     * for reserved keys", item 2; libpmix: "we are asking about the job-level info from another namespace.
     * It seems that we don't have it - go and ask server").
     */
    @Override
    public CompletableFuture<Value> get(Proc target, String key, List<Info> qualifiers) {
        if (!Keys.isReserved(key)) {
            return qualifiers.isEmpty() ? peers.get(target, key) : peers.single(target, key, qualifiers, timeoutOf(qualifiers));
        }
        List<Info> infos = new ArrayList<>(qualifiers);
        boolean own = target.namespace().equals(self.namespace());
        boolean immediate = false;
        for (Info i : qualifiers) {
            immediate |= i.is(Keys.IMMEDIATE);
        }
        if (own && !immediate) {
            infos.add(Info.flag(Keys.IMMEDIATE));
        }
        Proc asked = own ? target : Proc.wildcard(target.namespace());
        String what = "get " + key + " of " + target;
        return request(ClientRequests.get(asked, infos, key), timeoutOf(qualifiers)).thenApply(reply -> {
            Value found = null;
            for (ClientRequests.ProcValues pv : ClientRequests.getReply(reply, what)) {
                Value v = pv.values().get(key);
                if (v != null && (found == null || pv.proc().equals(target))) {
                    found = v;
                }
            }
            if (found == null) {
                throw new PmixException(Status.ERR_NOT_FOUND, what + " not found");
            }
            return found;
        });
    }

    // ---- commit, fence ----

    /**
     * Does not wait for the server's reply: the socket keeps the commit ahead of this process's next
     * request. libpmix's client waits for the reply ({@code client/pmix_client.c:1481-1536}) and ignores
     * its status (notes §1.10); waiting made no difference here (modex rounds at N = 8 under
     * {@code pmix_host}: 1.1-1.6 ms either way). The reply's status is only logged; a server that refused
     * the data says so at the next fence or get (JPMIx's front does, {@code docs/openpmix.md}).
     *
     * @throws PmixException {@code PMIX_ERR_LOST_CONNECTION} when the server is gone
     */
    @Override
    public void commit() {
        byte[] payload;
        synchronized (committed) {
            for (Info i : modex.takePosts()) {
                committed.remove(i.key()); // a value posted again goes last, as it was posted last
                committed.put(i.key(), i);
            }
            payload = ClientRequests.commit(committed);
        }
        checkConnected();
        connection.request(payload).whenComplete((reply, error) -> {
            if (error != null) {
                LOG.log(DEBUG, () -> "commit of " + self + " failed: " + error.getMessage());
            } else {
                try {
                    ClientRequests.success(reply, "commit");
                } catch (PmixException e) {
                    LOG.log(DEBUG, () -> "commit of " + self + " refused: " + e.getMessage());
                }
            }
        });
    }

    @Override
    public CompletableFuture<Runnable> fence(Collection<Proc> procs, List<Info> directives) {
        List<Proc> list = procs == null || procs.isEmpty() ? List.of(Proc.wildcard(self.namespace())) : List.copyOf(procs);
        boolean collect = false;
        for (Info i : directives) {
            collect |= i.is(Keys.COLLECT_DATA) && (i.value().type() == DataType.UNDEF || i.value().asBoolean());
        }
        boolean collecting = collect;
        return request(ClientRequests.fence(list, directives), timeoutOf(directives)).thenApply(reply -> {
            ClientRequests.success(reply, "fence");
            return () -> {
                store.forgetPeers();
                peers.fenced(collecting, list, localRanks(), self);
            };
        });
    }

    // ---- resolve ----

    @Override
    public CompletableFuture<List<Proc>> resolvePeers(String node, String nspace, List<Info> directives) {
        return bounded(resolvePeers(node, nspace), directives, "resolve peers");
    }

    @Override
    public CompletableFuture<List<String>> resolveNodes(String nspace, List<Info> directives) {
        return bounded(resolveNodes(nspace), directives, "resolve nodes");
    }

    /**
     * {@code f} failed with {@code PMIX_ERR_TIMEOUT} once the {@code PMIX_TIMEOUT} among {@code directives} has
     * passed: the OpenPMIx server has no resolve request to bound, so this side keeps the time.
     */
    private static <T> CompletableFuture<T> bounded(CompletableFuture<T> f, List<Info> directives, String what) {
        int seconds = 0;
        for (Info i : directives) {
            if (i.is(Keys.TIMEOUT)) {
                seconds = i.value().asInt();
            }
        }
        if (seconds <= 0) {
            return f;
        }
        int s = seconds;
        return f.copy().orTimeout(s, java.util.concurrent.TimeUnit.SECONDS).exceptionallyCompose(e -> {
            Throwable t = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
            return CompletableFuture.failedFuture(t instanceof java.util.concurrent.TimeoutException
                    ? new PmixException(Status.ERR_TIMEOUT, what + ": no answer within the PMIX_TIMEOUT of " + s + " s")
                    : t);
        });
    }

    private CompletableFuture<List<Proc>> resolvePeers(String node, String nspace) {
        String host = node == null ? localHost : node;
        if (self.namespace().equals(nspace)) {
            return CompletableFuture.completedFuture(ownPeers(host));
        }
        // other namespaces (all of them, when null) from the server's proc tables
        return procTables(nspace).thenApply(tables -> {
            List<Proc> out = new ArrayList<>();
            if (nspace == null) {
                out.addAll(ownPeers(host));
            }
            for (ProcInfo p : tables) {
                if (host.equals(p.hostname()) && !out.contains(p.proc())) {
                    out.add(p.proc());
                }
            }
            return out;
        });
    }

    /**
     * This namespace's ranks on this node, as far as the job data says (none when it does not); the
     * init reply's job data does not change, so they are read once, not parsed again at every fence.
     */
    private int[] localRanks() {
        int[] r = localRanks;
        if (r == null) {
            try {
                r = store.peers(self.namespace(), localHost);
            } catch (PmixException e) {
                r = new int[0];
            }
            localRanks = r;
        }
        return r;
    }

    /** This namespace's ranks on {@code host}, from the job data ({@code GdsReader.peers}). */
    private List<Proc> ownPeers(String host) {
        List<Proc> out = new ArrayList<>();
        for (int r : store.peers(self.namespace(), host)) {
            out.add(new Proc(self.namespace(), r));
        }
        return out;
    }

    private CompletableFuture<List<String>> resolveNodes(String nspace) {
        if (self.namespace().equals(nspace)) {
            return CompletableFuture.completedFuture(store.nodes(self.namespace()));
        }
        return procTables(nspace).thenApply(tables -> {
            Set<String> out = new LinkedHashSet<>();
            if (nspace == null) {
                out.addAll(store.nodes(self.namespace()));
            }
            for (ProcInfo p : tables) {
                if (p.hostname() != null && !p.hostname().isEmpty()) {
                    out.add(p.hostname());
                }
            }
            return List.copyOf(out);
        });
    }

    /**
     * The proc tables of {@code nspace}, or (null) of every namespace but this one the server names
     * ({@code PMIX_QUERY_NAMESPACES}); a server that cannot tell leaves the others out.
     */
    private CompletableFuture<List<ProcInfo>> procTables(String nspace) {
        CompletableFuture<List<String>> names = nspace != null ? CompletableFuture.completedFuture(List.of(nspace))
                : query(List.of(Query.of(Keys.QUERY_NAMESPACES.name())))
                        .thenApply(r -> r.value(0).map(v -> List.of(v.asString().split(","))).orElse(List.<String>of()))
                        .exceptionally(e -> List.of());
        return names.thenCompose(list -> {
            List<Query> queries = new ArrayList<>();
            for (String ns : list) {
                if (!ns.isEmpty() && !ns.equals(self.namespace())) {
                    queries.add(Query.qualified(Keys.QUERY_PROC_TABLE.name(), Info.of(Keys.NSPACE, ns)));
                }
            }
            if (queries.isEmpty()) {
                return CompletableFuture.completedFuture(List.<ProcInfo>of());
            }
            return query(queries).handle((r, e) -> {
                if (e != null) {
                    PmixException pe = Requests.failure(e instanceof CompletionException && e.getCause() != null ? e.getCause() : e,
                            lost != null);
                    if (nspace != null) {
                        // the namespace is neither this one nor one the server could describe
                        throw new PmixException(pe.status() == Status.ERR_NOT_FOUND ? Status.ERR_INVALID_NAMESPACE : pe.status(),
                                "resolve: namespace " + nspace + ": " + message(pe), pe);
                    }
                    return List.<ProcInfo>of();
                }
                List<ProcInfo> out = new ArrayList<>();
                for (int i = 0; i < queries.size(); i++) {
                    r.value(i).filter(v -> v.type() == DataType.DATA_ARRAY)
                            .ifPresent(v -> out.addAll(v.asDataArray().elements(ProcInfo.class)));
                }
                return out;
            });
        });
    }

    // ---- query, log, abort ----

    @Override
    public CompletableFuture<QueryResults> query(List<Query> queries) {
        return request(ClientRequests.query(queries), null).thenApply(reply -> ClientRequests.queryResults(reply, queries));
    }

    @Override
    public CompletableFuture<Void> log(List<Info> data, List<Info> directives) {
        return request(ClientRequests.log(data, directives), null).thenApply(reply -> {
            ClientRequests.success(reply, "log");
            return null;
        });
    }

    @Override
    public CompletableFuture<Void> abort(int status, String message, Collection<Proc> procs) {
        return request(ClientRequests.abort(status, message, procs), null).thenApply(reply -> {
            ClientRequests.success(reply, "abort");
            return null;
        });
    }

    // ---- publish / lookup, spawn, connect (docs/openpmix.md, "Publish, spawn, connect") ----

    @Override
    public CompletableFuture<Void> publish(List<Info> data, List<Info> directives) {
        return request(ClientRequests.publish(PeerCredentials.currentUid(), data, directives), timeoutOf(directives))
                .thenApply(reply -> {
                    ClientRequests.success(reply, "publish");
                    return null;
                });
    }

    @Override
    public CompletableFuture<List<PData>> lookup(List<String> keys, List<Info> directives) {
        return request(ClientRequests.keys(Commands.LOOKUPNB, PeerCredentials.currentUid(), keys, directives),
                timeoutOf(directives)).thenApply(ClientRequests::lookupReply);
    }

    @Override
    public CompletableFuture<Void> unpublish(List<String> keys, List<Info> directives) {
        return request(ClientRequests.keys(Commands.UNPUBLISHNB, PeerCredentials.currentUid(), keys, directives),
                timeoutOf(directives)).thenApply(reply -> {
                    ClientRequests.success(reply, "unpublish");
                    return null;
                });
    }

    /** The new job's data that follows the namespace is not kept: its facts come from the server when asked. */
    @Override
    public CompletableFuture<String> spawn(List<App> apps, List<Info> jobInfo) {
        return request(ClientRequests.spawn(apps, jobInfo), timeoutOf(jobInfo)).thenApply(ClientRequests::spawnReply);
    }

    /** The other namespaces' job data a connect brings is not kept: their facts come from the server when asked. */
    @Override
    public CompletableFuture<Void> connect(Collection<Proc> procs, List<Info> directives, boolean connect) {
        return request(ClientRequests.connect(connect ? Commands.CONNECTNB : Commands.DISCONNECTNB, List.copyOf(procs),
                directives), timeoutOf(directives)).thenApply(reply -> {
                    ClientRequests.success(reply, connect ? "connect" : "disconnect");
                    return null;
                });
    }

    // ---- finalize ----

    /** The server answers FINALIZE before this side closes ({@code pmix_client.c:1065-1140}; notes §8). */
    @Override
    public void finalizeAndClose() {
        try {
            if (lost == null && connection.isConnected()) {
                Requests.await(connection.request(ClientRequests.finalizeRequest(), FINALIZE_WAIT), () -> lost != null);
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

    private CompletableFuture<byte[]> request(byte[] payload, Duration timeout) {
        return timeout == null ? connection.request(payload) : connection.request(payload, timeout);
    }

    private void checkConnected() {
        PmixException l = lost;
        if (l != null) {
            throw new PmixException(Status.ERR_LOST_CONNECTION, message(l), l);
        }
    }

    /** A request's own {@code PMIX_TIMEOUT} plus {@link #TIMEOUT_MARGIN}; null without one. */
    private static Duration timeoutOf(List<Info> info) {
        for (Info i : info) {
            if (i.is(Keys.TIMEOUT)) {
                int seconds = i.value().asInt();
                if (seconds > 0) {
                    return Duration.ofSeconds(seconds).plus(TIMEOUT_MARGIN);
                }
            }
        }
        return null;
    }

    private static String message(PmixException e) {
        String m = e.getMessage();
        String prefix = Status.name(e.status()) + ": ";
        return m.startsWith(prefix) ? m.substring(prefix.length()) : m;
    }

    @Override
    public String toString() {
        return "OpenPmixProtocol[" + self + " -> " + connection + "]";
    }
}
