package io.github.jpmix.server.internal;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.LogText;
import io.github.jpmix.common.internal.protocol.MessageKeys;
import io.github.jpmix.common.internal.protocol.Messages;
import io.github.jpmix.common.internal.protocol.Op;
import io.github.jpmix.common.internal.transport.PeerCredentials;
import io.github.jpmix.server.internal.front.ClientHandle;
import io.github.jpmix.server.internal.front.ClientLink;
import io.github.jpmix.server.internal.front.JobFacts;
import io.github.jpmix.server.internal.front.ServerBackend;
import io.github.jpmix.server.internal.transport.ClientConnection;
import io.github.jpmix.server.internal.transport.TransportServer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.agrona.DirectBuffer;

/**
 * Not API. The conductor of the server, behind both fronts ({@link ServerBackend}): admits clients
 * at the handshake, hands each request to the handler of its operation family, and learns of
 * departures. It holds no logic of its own beyond
 * that dispatch; every exception a handler throws becomes an error reply with its status, never
 * crossing to the client as anything else.
 */
public final class RequestDispatcher implements TransportServer.Acceptor, TransportServer.Handler, ServerBackend {
    private static final System.Logger.Level INFO = System.Logger.Level.INFO;
    private static final System.Logger.Level WARNING = System.Logger.Level.WARNING;

    private final ServerState state;
    private final FenceHandler fences;
    private final GetHandler gets;
    private final ResolveHandler resolves;
    private final ToolConnections tools;
    private final QueryHandler queries;
    private final LogHandler logs;
    private final EventHandler events;
    private final Proc serverProc;

    public RequestDispatcher(ServerState state, Proc serverProc) {
        this.state = state;
        this.serverProc = serverProc;
        this.events = new EventHandler(state);
        this.tools = new ToolConnections(state);
        this.fences = new FenceHandler(state);
        this.gets = new GetHandler(state);
        this.queries = new QueryHandler(state);
        this.resolves = new ResolveHandler(queries);
        this.logs = new LogHandler(state);
    }

    // ---- admission ----

    /**
     * Rejects, before the transport makes a ring file, a hello that does not decode (with the hello's
     * tight limits) or names a client that is not registered; the full checks are {@link #accept}'s.
     */
    @Override
    public void precheck(PeerCredentials credentials, byte[] handshake) {
        List<Info> hello = Messages.helloInfos(handshake);
        if (ToolConnections.isTool(hello)) {
            return;
        }
        Proc proc = new Proc(MessageKeys.require(hello, MessageKeys.NSPACE).asString(),
                MessageKeys.require(hello, MessageKeys.RANK).asInt());
        synchronized (state.lock) {
            registeredUid(proc, credentials.userName());
        }
    }

    @Override
    public byte[] accept(ClientConnection connection, byte[] handshake) {
        List<Info> hello = Messages.helloInfos(handshake);
        if (ToolConnections.isTool(hello)) {
            return tools.accept(connection, hello);
        }
        Proc proc = new Proc(MessageKeys.require(hello, MessageKeys.NSPACE).asString(),
                MessageKeys.require(hello, MessageKeys.RANK).asInt());
        Value pidField = MessageKeys.find(hello, MessageKeys.PID);
        long pid = pidField == null ? connection.pid() : pidField.asLong();
        ClientRecord client;
        synchronized (state.lock) {
            Object peer = connection.credentials().userName();
            if (!connection.credentials().hasUid(registeredUid(proc, peer)) || !connection.credentials().hasGid(registeredGid(proc))) {
                ClientRecord c = state.clients.get(proc);
                ServerState.REFUSALS.log(WARNING, peer, () -> "refused " + LogText.peer(proc.toString()) + " (claims pid "
                        + pid + "): credentials " + connection.credentials() + " are not the registered uid " + c.uid
                        + " gid " + c.gid);
                throw new PmixException(Status.ERR_INVALID_CRED, "handshake: credentials " + connection.credentials()
                        + " do not match those registered for " + proc);
            }
            client = admitLocked(proc, pid, new RingLink(connection), "transport");
            client.connection = connection;
            connection.attach(client);
        }
        List<Info> reply = new ArrayList<>();
        state.store.attachInfo(proc.namespace()).forEach((k, v) -> reply.add(Info.of(MessageKeys.STORE_PREFIX + k, Value.ofString(v))));
        synchronized (state.lock) {
            reply.addAll(state.modexView());
        }
        reply.add(Info.of(MessageKeys.HOSTNAME, Value.ofString(state.hostname)));
        reply.add(Info.of(MessageKeys.LIMIT_POSTED_BYTES, Value.ofUint64(state.limits.postedBytes())));
        reply.add(Info.of(MessageKeys.LIMIT_POSTED_KEYS, Value.ofUint32(state.limits.postedKeys())));
        connectedUpcall(client);
        return Messages.reply(reply);
    }

    /**
     * The uid registered for {@code proc}; refuses (logged, rate-limited per {@code peer}, what the
     * kernel says of it) an unregistered one. Under the state lock.
     */
    private int registeredUid(Proc proc, Object peer) {
        ClientRecord c = state.clients.get(proc);
        if (c == null) {
            ServerState.REFUSALS.log(WARNING, peer, () -> "refused " + LogText.peer(proc.toString()) + ": not registered");
            throw new PmixException(Status.ERR_NOT_FOUND, "handshake: " + proc + " is not registered with this server");
        }
        return c.uid;
    }

    private int registeredGid(Proc proc) {
        return state.clients.get(proc).gid;
    }

    @Override
    public ClientHandle admit(Proc proc, int uid, int gid, long pid, ClientLink link, String front) {
        ClientRecord client;
        synchronized (state.lock) {
            Object peer = "uid " + Integer.toUnsignedString(uid);
            int registered = registeredUid(proc, peer);
            if (uid != registered || gid != registeredGid(proc)) {
                int registeredGid = registeredGid(proc);
                ServerState.REFUSALS.log(WARNING, peer, () -> "refused " + LogText.peer(proc.toString()) + " (" + front
                        + ", claims pid " + pid + "): uid " + uid + " gid " + gid + " are not the registered uid "
                        + registered + " gid " + registeredGid);
                throw new PmixException(Status.ERR_INVALID_CRED, "handshake: uid " + uid + " gid " + gid
                        + " are not those registered for " + proc);
            }
            client = admitLocked(proc, pid, link, front);
        }
        connectedUpcall(client);
        return client;
    }

    /** Connects a registered client whose credentials passed (under the state lock). */
    private ClientRecord admitLocked(Proc proc, long pid, ClientLink link, String front) {
        ClientRecord client = state.clients.get(proc);
        if (client.link != null && client.link.isOpen()) {
            throw new PmixException(Status.ERR_EXISTS, "handshake: " + proc + " is already connected");
        }
        if (!client.isAlive()) {
            throw new PmixException(Status.ERR_NOT_FOUND, "handshake: " + proc + " has already terminated");
        }
        client.link = link;
        client.connected(pid);
        ServerState.LOG.log(System.Logger.Level.DEBUG, "connected " + client + " through " + front);
        return client;
    }

    private void connectedUpcall(ClientRecord client) {
        CompletionStage<Void> s;
        try {
            s = state.host.clientConnected(client.proc, List.of());
        } catch (RuntimeException e) {
            s = CompletableFuture.failedFuture(e);
        }
        s.whenComplete((ok, error) -> {
            if (error != null && !ServerState.isNotSupported(error)) {
                ServerState.LOG.log(WARNING, "host refused " + client.proc + ": " + error);
                ClientLink l = client.link;
                if (l != null) {
                    l.close();
                }
            }
        });
    }

    // ---- requests ----

    @Override
    public void onMessage(ClientConnection connection, int correlationId, DirectBuffer buffer, int offset, int length) {
        ClientRecord client = (ClientRecord) connection.attachment();
        int op = Messages.op(buffer, offset, length);
        List<Info> infos = Messages.requestInfos(buffer, offset, length);
        if (client.tool && tools.intercept(client, op, correlationId)) {
            return;
        }
        request(client, correlationId, op, infos);
    }

    @Override
    public void request(ClientHandle handle, int correlationId, int op, List<Info> infos) {
        ClientRecord client = (ClientRecord) handle;
        try {
            switch (op) {
                case Op.COMMIT -> commit(client, correlationId, infos);
                case Op.FENCE -> fences.onFence(client, correlationId, infos);
                case Op.GET -> gets.onGet(client, correlationId, infos);
                case Op.RESOLVE_PEERS -> resolves.onResolvePeers(client, correlationId, infos);
                case Op.RESOLVE_NODES -> resolves.onResolveNodes(client, correlationId, infos);
                case Op.QUERY -> queries.onQuery(client, correlationId, infos);
                case Op.LOG -> logs.onLog(client, correlationId, infos);
                case Op.ABORT -> abort(client, correlationId, infos);
                case Op.FINALIZE -> finalizeClient(client, correlationId);
                case Op.REGISTER_EVENTS -> events.onRegister(client, correlationId, infos);
                case Op.DEREGISTER_EVENTS -> events.onDeregister(client, correlationId, infos);
                case Op.NOTIFY -> events.onNotify(client, correlationId, infos);
                case Op.JOB_CONTROL -> throw new PmixException(Status.ERR_NOT_SUPPORTED, "job control is not supported by this server");
                default -> throw new PmixException(Status.ERR_NOT_SUPPORTED, "unknown request " + Op.name(op));
            }
        } catch (RuntimeException e) {
            ServerState.replyError(client, correlationId, e);
        }
    }

    private void commit(ClientRecord client, int correlationId, List<Info> infos) {
        for (Info i : infos) {
            if (Keys.isReserved(i.key())) {
                // ARCHITECTURE.md, Conventions: nothing posts a reserved key; the client checks too
                throw new PmixException(Status.ERR_BAD_PARAM, "commit: " + client.proc + " posted reserved key " + i.key());
            }
        }
        ServerState.ClientLimits limits = state.limits;
        synchronized (state.lock) {
            state.modex.commit(client.proc, infos, limits.postedBytes(), limits.postedKeys());
            client.committed = true;
            gets.onCommit(client.proc);
        }
        ServerState.reply(client, correlationId, List.of());
    }

    private void abort(ClientRecord client, int correlationId, List<Info> infos) {
        int status = MessageKeys.require(infos, MessageKeys.STATUS).asInt();
        Value m = MessageKeys.find(infos, MessageKeys.MESSAGE);
        Value p = MessageKeys.find(infos, MessageKeys.PROCS);
        List<Proc> targets = p == null ? List.of() : MessageKeys.procs(p);
        ServerState.LOG.log(INFO, client.proc + " aborts with " + Status.name(status) + ": "
                + (m == null ? "" : LogText.peer(m.asString(), 1024)));
        relay(client, correlationId, () -> state.host.abort(client.proc, status, m == null ? "" : m.asString(), targets)
                .thenRun(() -> {
                    synchronized (state.lock) {
                        client.calledAbort(); // the proc table shows PMIX_PROC_STATE_CALLED_ABORT from now on
                    }
                }));
    }

    /** Calls a host upcall and answers the client with its outcome. */
    private static void relay(ClientRecord client, int correlationId, java.util.function.Supplier<CompletionStage<Void>> upcall) {
        CompletionStage<Void> s;
        try {
            s = upcall.get();
        } catch (RuntimeException e) {
            s = CompletableFuture.failedFuture(e);
        }
        s.whenComplete((ok, error) -> {
            if (error != null) {
                ServerState.replyError(client, correlationId, error);
            } else {
                ServerState.reply(client, correlationId, List.of());
            }
        });
    }

    private void finalizeClient(ClientRecord client, int correlationId) {
        synchronized (state.lock) {
            client.finalizedNow();
        }
        fences.onClientFinalized(client.proc);
        CompletionStage<Void> s;
        try {
            s = state.host.clientFinalized(client.proc);
        } catch (RuntimeException e) {
            s = CompletableFuture.failedFuture(e);
        }
        s.whenComplete((ok, error) -> ServerState.reply(client, correlationId, List.of()));
    }

    // ---- departures ----

    /** The host is deregistering {@code nspace} (under the state lock): gets waiting on its processes go. */
    void onNamespaceDeregistering(String nspace) {
        gets.onNamespaceGone(nspace);
    }

    /** The host deregistered a namespace: fences that wait for it fail (see {@link FenceHandler#onNamespaceGone}). */
    void onNamespaceDeregistered(String nspace) {
        fences.onNamespaceGone(nspace);
    }

    @Override
    public void onDisconnect(ClientConnection connection, boolean clean) {
        ClientRecord client = (ClientRecord) connection.attachment();
        if (client == null) {
            return;
        }
        if (client.tool) {
            tools.onDisconnect(client, clean);
            return;
        }
        synchronized (state.lock) {
            if (client.connection == connection) {
                client.connection = null;
            }
        }
        closed(client, client.link instanceof RingLink r && r.connection == connection ? r : null, clean);
    }

    @Override
    public void closed(ClientHandle handle, ClientLink link, boolean clean) {
        ClientRecord client = (ClientRecord) handle;
        boolean lost;
        synchronized (state.lock) {
            if (link != null && client.link == link) {
                client.link = null;
                client.events.clear();
            }
            lost = !client.finalized;
            if (lost) {
                client.lost();
                gets.onClientLost(client.proc);
            }
        }
        if (lost) {
            ServerState.LOG.log(INFO, client.proc + " (pid " + client.pid + ") left without finalizing");
            fences.onClientLost(client.proc);
            try {
                int now;
                synchronized (state.lock) {
                    now = client.state;
                }
                state.host.clientTerminated(client.proc, now);
            } catch (RuntimeException e) {
                ServerState.LOG.log(WARNING, "host failed on clientTerminated(" + client.proc + "): " + e);
            }
        }
    }

    // ---- what fronts read ----

    @Override
    public JobFacts jobFacts(String namespace) {
        return JobFactsExport.of(state, namespace);
    }

    @Override
    public Map<String, Value> posted(Proc proc) {
        synchronized (state.lock) {
            return state.modex.visible(proc);
        }
    }

    @Override
    public String hostname() {
        return state.hostname;
    }

    @Override
    public Proc serverProc() {
        return serverProc;
    }

    /** Tool connections (RFC0010): the runtime enables them when it opens a tool listener. */
    public ToolConnections tools() {
        return tools;
    }
}
