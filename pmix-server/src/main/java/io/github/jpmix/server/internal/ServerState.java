package io.github.jpmix.server.internal;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Rank;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.PeerLog;
import io.github.jpmix.common.internal.protocol.MessageKeys;
import io.github.jpmix.server.HostModule;
import io.github.jpmix.server.internal.front.ClientLink;
import io.github.jpmix.server.internal.front.Reply;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Not API. The server's shared state and the lock that guards it: the registered clients, the
 * posted data, the store, the host, and a timer for {@code PMIX_TIMEOUT}s. Handlers take
 * {@link #lock} to change state and release it before calling the host or replying.
 */
public final class ServerState {
    static final System.Logger LOG = System.getLogger("io.github.jpmix.server");
    /** Refused connections and handshakes, logged per peer (what the kernel says of it) at most a few a minute. */
    static final PeerLog REFUSALS = new PeerLog(LOG);

    final Object lock = new Object();
    final HostModule host;
    final ServerStore store;
    final String hostname;
    final Map<Proc, ClientRecord> clients = new HashMap<>();
    /** Local clients registered per namespace, for wildcard participants. */
    final Map<String, Set<Proc>> localByNamespace = new HashMap<>();
    final ModexData modex;
    /**
     * Namespaces registered from the host's {@code namespaceInfo} answer, not by the host: a
     * {@code registerNamespace} of one replaces it. Guarded by {@link #lock}.
     */
    final Set<String> learnedNamespaces = new java.util.HashSet<>();
    final ScheduledExecutorService timer;
    /** The host's attributes per function ({@code PMIx_Register_attributes}), for attribute-support queries. */
    final Map<String, List<io.github.jpmix.common.RegAttr>> hostAttributes = new java.util.LinkedHashMap<>();
    /** What {@code PMIX_QUERY_AVAIL_SERVERS} says of this server; set once the server listens. */
    volatile List<Info> serverInfo = List.of();
    /** What {@code PMIX_QUERY_AVAIL_SERVERS} says of the node's other servers ({@link ServerScan}); none until set. */
    volatile java.util.function.Supplier<List<List<Info>>> otherServers = List::of;

    /**
     * What one client may hold at the server: posted bytes and keys, waiting gets
     * ({@code ServerOptions.maxPostedBytesPerClient} and the rest).
     */
    record ClientLimits(long postedBytes, int postedKeys, int parkedGets) {
        static final ClientLimits DEFAULT = new ClientLimits(64L << 20, 100_000, 10_000);
    }

    /** Set once, before the first client connects. */
    volatile ClientLimits limits = ClientLimits.DEFAULT;

    ServerState(HostModule host, ServerStore store, String hostname) {
        this.host = host;
        this.store = store;
        this.hostname = hostname;
        this.modex = new ModexData(clients::containsKey);
        ScheduledThreadPoolExecutor t = new ScheduledThreadPoolExecutor(1, r -> {
            Thread th = new Thread(r, "jpmix-server-timer");
            th.setDaemon(true);
            return th;
        });
        t.setRemoveOnCancelPolicy(true);
        this.timer = t;
    }

    /** The local clients among {@code procs}, a wildcard rank standing for every local client of its namespace. */
    Set<Proc> localParticipants(List<Proc> procs) {
        Set<Proc> out = new LinkedHashSet<>();
        for (Proc p : procs) {
            if (p.rank() == Rank.WILDCARD) {
                out.addAll(localByNamespace.getOrDefault(p.namespace(), Set.of()));
            } else if (clients.containsKey(p)) {
                out.add(p);
            }
        }
        return out;
    }

    /**
     * For each wildcard participant's namespace, how many of its processes must arrive: the local
     * processes the host registered ({@code nlocalprocs}) or, if more, the clients registered, as
     * OpenPMIx's {@code new_tracker} counts {@code nptr->nlocalprocs}. Under {@link #lock}.
     */
    Map<String, Integer> localCounts(List<Proc> procs) {
        Map<String, Integer> out = new HashMap<>();
        for (Proc p : procs) {
            if (p.rank() == Rank.WILDCARD) {
                int registered = localByNamespace.getOrDefault(p.namespace(), Set.of()).size();
                int given = store.registration(p.namespace()).map(io.github.jpmix.gds.Registration::nlocalprocs).orElse(0);
                out.put(p.namespace(), Math.max(registered, given));
            }
        }
        return out;
    }

    // ---- sessions (resolve-peers-nodes-hierarchy.rst: "restricted to searching within the current session") ----

    /** The {@code PMIX_SESSION_ID} {@code nspace} was registered with; null for none or an unknown namespace. Under {@link #lock}. */
    Integer sessionOf(String nspace) {
        return store.registration(nspace).flatMap(io.github.jpmix.gds.Registration::session)
                .map(io.github.jpmix.gds.Registration.Session::id).orElse(null);
    }

    /**
     * The namespaces of {@code session} (every one when null), sorted. A namespace registered without a
     * session id is in none: hosts that give session ids give them to every job. Under {@link #lock}.
     */
    List<String> namespacesOf(Integer session) {
        if (session == null) {
            return store.namespaces();
        }
        List<String> out = new ArrayList<>();
        for (String ns : store.namespaces()) {
            if (session.equals(sessionOf(ns))) {
                out.add(ns);
            }
        }
        return out;
    }

    /**
     * The processes on {@code node} of every namespace of {@code session} (every namespace for null),
     * those whose peers on the node cannot be derived skipped. Under {@link #lock}.
     */
    List<Proc> sessionPeers(String node, Integer session) {
        Set<Proc> all = new LinkedHashSet<>();
        for (String ns : namespacesOf(session)) {
            try {
                all.addAll(store.peers(node, ns));
            } catch (PmixException e) {
                if (e.status() != Status.ERR_DATA_VALUE_NOT_FOUND) {
                    throw e;
                }
            }
        }
        return List.copyOf(all);
    }

    /**
     * Largest unpublished modex data a fence release (or handshake reply) carries, in bytes; more is
     * published as a new generation instead (docs/gds.md, "Generations"). One ring record holds it.
     */
    static final int MODEX_INLINE_LIMIT = 16 * 1024;
    /**
     * How long the modex data releases carry must go without a new release before it is published as
     * a generation anyway: each publication makes every reader map a new file at its next release (a
     * map of the file and a check of its header, MapFile), so it waits for a quiet moment instead of
     * interrupting a burst of fences.
     */
    static final long MODEX_FLUSH_NANOS = 100_000_000L;
    /** A {@link #flushModex} is scheduled. Guarded by {@link #lock}. */
    private boolean modexFlushScheduled;
    /**
     * When a release last carried ({@link #modexView}) or deferred ({@link #deferModex}) unpublished data
     * ({@link System#nanoTime()}). Guarded by {@link #lock}.
     */
    private long modexCarriedAt;

    /**
     * What a reader is told of the modex data (under {@link #lock}), for a fence release or a
     * handshake reply: the newest generation, and the data that generation lacks when it is at most
     * {@link #MODEX_INLINE_LIMIT} bytes; more is published as a new generation first. The reader reads
     * that data ahead of the generation, so a round of small posts needs no new file and no reader
     * maps one (docs/gds.md, "Generations"). Data carried so is published once no release has carried
     * any for {@link #MODEX_FLUSH_NANOS} (for tools, and so that releases stop carrying it), or at once
     * when it outgrows the limit.
     *
     * @throws RuntimeException from the store when a generation cannot be written
     */
    List<Info> modexView() {
        byte[] unpublished = null;
        if (modex.changed()) {
            unpublished = modex.unpublished(MODEX_INLINE_LIMIT);
            if (unpublished == null) {
                publishModex();
            } else {
                publishWhenQuiet();
            }
        }
        Info generation = Info.of(MessageKeys.MODEX_GENERATION, Value.ofUint64(store.modexGeneration()));
        Info version = Info.of(MessageKeys.MODEX_VERSION, Value.ofUint64(modex.version()));
        if (unpublished == null || unpublished.length == 0) {
            return List.of(generation, version);
        }
        return List.of(generation, version, Info.of(MessageKeys.MODEX_UNPUBLISHED, Value.ofByteObject(unpublished)));
    }

    /**
     * For a release that tells no reader of the store (every recipient asks the server for what it
     * reads: OpenPMIx's clients): new modex data is not published on the fence's path but waits for
     * the flush, as data a release carried does. Publishing a job's first generation took 14-23 ms in
     * a launcher JVM that had not run that code yet, while every rank of an 8-rank Open MPI job waited
     * for the release of the fence in its {@code MPI_Init}. Under {@link #lock}.
     */
    void deferModex() {
        if (modex.changed()) {
            publishWhenQuiet();
        }
    }

    /** Leaves the new modex data unpublished until no release has carried or deferred any for {@link #MODEX_FLUSH_NANOS}. */
    private void publishWhenQuiet() {
        modexCarriedAt = System.nanoTime();
        scheduleModexFlush(MODEX_FLUSH_NANOS);
    }

    private void scheduleModexFlush(long delayNanos) {
        if (!modexFlushScheduled) {
            try {
                timer.schedule(this::flushModex, delayNanos, TimeUnit.NANOSECONDS);
                modexFlushScheduled = true;
            } catch (java.util.concurrent.RejectedExecutionException e) {
                // the server is closing: nothing will read a later generation
            }
        }
    }

    /** Writes everything this node's processes may read as the next store generation (under {@link #lock}). */
    private void publishModex() {
        store.publishModex(modex.visibleHere());
        modex.published();
    }

    /** Publishes the modex data {@link #modexView} carried, once releases have been quiet long enough. */
    private void flushModex() {
        synchronized (lock) {
            modexFlushScheduled = false;
            long quiet = System.nanoTime() - modexCarriedAt;
            if (quiet < MODEX_FLUSH_NANOS) {
                scheduleModexFlush(MODEX_FLUSH_NANOS - quiet);
                return;
            }
            try {
                if (modex.changed()) {
                    publishModex();
                }
            } catch (RuntimeException e) {
                // the store is closed or full: the data stays held, and readers still ask the server for it
                LOG.log(System.Logger.Level.DEBUG, "modex flush failed: " + e);
            }
        }
    }

    /** Whether {@code procs} name only processes of this node (so no other node takes part). */
    boolean allLocal(List<Proc> procs) {
        for (Proc p : procs) {
            if (p.rank() == Rank.WILDCARD) {
                // every rank of the namespace must be a local client: its job size equals its local count
                List<String> nodes;
                try {
                    nodes = store.nodes(p.namespace());
                } catch (PmixException e) {
                    return false;
                }
                if (nodes.size() > 1 || (nodes.size() == 1 && !nodes.get(0).equals(hostname))) {
                    return false;
                }
            } else if (!clients.containsKey(p)) {
                return false;
            }
        }
        return true;
    }

    /** Sends a successful reply; a client that went away in the meantime is skipped. */
    static void reply(ClientRecord client, int correlationId, List<Info> infos) {
        reply(client, correlationId, Reply.of(infos));
    }

    /** {@link #reply(ClientRecord, int, List)} of one reply for many clients (encoded once for the rings). */
    static void reply(ClientRecord client, int correlationId, Reply reply) {
        ClientLink link = client.link;
        if (correlationId == 0 || link == null) {
            return;
        }
        try {
            link.reply(correlationId, reply);
        } catch (PmixException e) {
            LOG.log(System.Logger.Level.DEBUG, "reply to " + client.proc + " dropped: " + e.getMessage());
        }
    }

    /** Sends an error reply with the status of {@code error} (a {@link PmixException}, else {@code PMIX_ERROR}). */
    static void replyError(ClientRecord client, int correlationId, Throwable error) {
        ClientLink link = client.link;
        if (correlationId == 0 || link == null) {
            return;
        }
        PmixException pe = asPmix(error);
        try {
            link.replyError(correlationId, pe.status(), pe.getMessage());
        } catch (PmixException e) {
            LOG.log(System.Logger.Level.DEBUG, "error reply to " + client.proc + " dropped: " + e.getMessage());
        }
    }

    /** The PMIx exception behind a host's or the store's failure. */
    static PmixException asPmix(Throwable error) {
        Throwable t = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        if (t instanceof PmixException pe) {
            return pe;
        }
        return new PmixException(Status.ERROR, String.valueOf(t), t);
    }

    /** Whether a host answered "not supported" (its default). */
    static boolean isNotSupported(Throwable error) {
        return error != null && asPmix(error).status() == Status.ERR_NOT_SUPPORTED;
    }

    /** Seconds of {@code PMIX_TIMEOUT} among the infos, 0 for none. */
    static int timeoutSeconds(List<Info> infos) {
        for (Info i : infos) {
            if (i.key().equals(io.github.jpmix.common.Keys.TIMEOUT.name())) {
                int t = i.value().asInt();
                if (t < 0) {
                    throw new PmixException(Status.ERR_BAD_PARAM, "PMIX_TIMEOUT must not be negative: " + t);
                }
                return t;
            }
        }
        return 0;
    }

    /** Whether a boolean attribute is set (present without a value counts as true, as in PMIx). */
    static boolean flag(List<Info> infos, String key) {
        for (Info i : infos) {
            if (i.key().equals(key)) {
                return i.value().type() == io.github.jpmix.common.DataType.UNDEF || i.value().asBoolean();
            }
        }
        return false;
    }

    void schedule(Runnable task, int seconds) {
        timer.schedule(task, seconds, TimeUnit.SECONDS);
    }

    List<ClientRecord> clientsOf(String nspace) {
        List<ClientRecord> out = new ArrayList<>();
        for (ClientRecord c : clients.values()) {
            if (c.proc.namespace().equals(nspace)) {
                out.add(c);
            }
        }
        return out;
    }
}
