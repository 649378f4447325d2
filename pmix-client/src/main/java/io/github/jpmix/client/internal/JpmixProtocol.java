package io.github.jpmix.client.internal;

import io.github.jpmix.client.transport.TransportClient;
import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.App;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.PData;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.QueryResults;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
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
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.agrona.DirectBuffer;

/**
 * Not API. {@link ServerProtocol} to a JPMIx server: requests over the node-local transport
 * ({@code docs/protocol.md}), job facts and posted data read in place from the server's mapped store
 * ({@link GdsClientStore}); a fence's release names the modex generation to read from then on.
 */
public final class JpmixProtocol implements ServerProtocol {
    /** A request's own {@code PMIX_TIMEOUT} gets this much more, so the server's timeout answers first. */
    private static final Duration TIMEOUT_MARGIN = Duration.ofSeconds(2);

    private final Proc self;
    private final TransportClient connection;
    private final ClientStore store;
    private final GetRouter gets;
    private final ModexExchange modex;
    /** The server's identity, from its URI. */
    private final Proc server;
    private volatile PmixException lost;
    private volatile boolean closed;
    private volatile EventSink sink;

    private JpmixProtocol(Proc self, TransportClient connection, ClientStore store, Proc server) {
        this.self = self;
        this.server = server;
        this.connection = connection;
        this.store = store;
        this.gets = new GetRouter(self, store);
        this.modex = new ModexExchange(self, gets);
    }

    /**
     * Connects to the JPMIx server at {@code uri} (a {@code PMIX_SERVER_URI} of JPMIx's form) as
     * {@code self} and attaches its store.
     *
     * @throws PmixException {@link Status#ERR_UNREACH} when the server cannot be reached, the server's
     *     refusal ({@code PMIX_ERR_NOT_FOUND}, {@code PMIX_ERR_INVALID_CRED}) otherwise
     */
    public static JpmixProtocol connect(Proc self, String uri, String version) {
        Path socket = ServerUri.socket(uri);
        List<Info> hello = List.of(
                Info.of(MessageKeys.NSPACE, Value.ofString(self.namespace())),
                Info.of(MessageKeys.RANK, Value.ofRank(self.rank())),
                Info.of(MessageKeys.PID, Value.ofInt64(ProcessHandle.current().pid())),
                Info.of(MessageKeys.VERSION, Value.ofString(version)));
        Holder holder = new Holder();
        long t0 = System.nanoTime();
        TransportClient connection = TransportClient.connect(socket, Messages.reply(hello), new TransportConfig(), holder);
        long t1 = System.nanoTime();
        try {
            List<Info> reply = Messages.replyInfos(connection.handshakeReply());
            Map<String, String> attach = new HashMap<>();
            for (Info i : reply) {
                if (i.key().startsWith(MessageKeys.STORE_PREFIX)) {
                    attach.put(i.key().substring(MessageKeys.STORE_PREFIX.length()), i.value().asString());
                }
            }
            ClientStore store = GdsClientStore.open(attach, self.namespace());
            InitPhases.record(t1 - t0, System.nanoTime() - t1);
            ModexExchange.advance(store, reply);
            JpmixProtocol p = new JpmixProtocol(self, connection, store, ServerUri.proc(uri));
            p.modex.limits(reply);
            holder.protocol = p;
            return p;
        } catch (RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    /** Receives the server's unsolicited messages and learns when it is gone. */
    private static final class Holder implements TransportClient.Handler {
        volatile JpmixProtocol protocol;

        /**
         * What a JPMIx server sends a client unasked (correlation id 0): events, as a NOTIFY message of
         * {@code jpmix.status}, {@code jpmix.source}, {@code jpmix.range} and the event's infos
         * ({@code docs/protocol.md}, "Events").
         */
        @Override
        public void onMessage(int correlationId, DirectBuffer buffer, int offset, int length) {
            JpmixProtocol p = protocol;
            EventSink sink = p == null ? null : p.sink;
            if (correlationId != 0 || sink == null || Messages.op(buffer, offset, length) != Op.NOTIFY) {
                return;
            }
            List<Info> infos = Messages.requestInfos(buffer, offset, length);
            int code = MessageKeys.require(infos, MessageKeys.STATUS).asInt();
            Proc source = MessageKeys.require(infos, MessageKeys.SOURCE).asProc();
            sink.event(code, source, MessageKeys.rest(infos));
        }

        @Override
        public void onDisconnect(PmixException reason) {
            JpmixProtocol p = protocol;
            if (p != null && !p.closed) {
                // the reason says what happened: dropped by the server (and why), closed, or server gone
                p.lost = new PmixException(Status.ERR_LOST_CONNECTION, Transport.rawMessage(reason), reason);
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

    @Override
    public Proc serverProc() {
        return server;
    }

    @Override
    public void eventSink(EventSink sink) {
        this.sink = sink;
        PmixException l = lost;
        if (l != null) {
            sink.lost(l); // gone before the sink was set
        }
    }

    @Override
    public CompletableFuture<Void> registerEvents(List<Integer> codes, List<Info> info) {
        List<Info> fields = new ArrayList<>();
        if (!codes.isEmpty()) {
            fields.add(codes(codes));
        }
        fields.addAll(info);
        return request(Op.REGISTER_EVENTS, fields, null).thenApply(reply -> null);
    }

    @Override
    public CompletableFuture<Void> deregisterEvents(List<Integer> codes, boolean defaults) {
        CompletableFuture<List<Info>> done = codes.isEmpty() ? CompletableFuture.completedFuture(List.of())
                : request(Op.DEREGISTER_EVENTS, List.of(codes(codes)), null);
        if (defaults) {
            done = done.thenCompose(r -> request(Op.DEREGISTER_EVENTS, List.of(), null));
        }
        return done.thenApply(reply -> null);
    }

    private static Info codes(List<Integer> codes) {
        List<Value> values = new ArrayList<>(codes.size());
        for (int c : codes) {
            values.add(Value.ofStatus(c));
        }
        return Info.of(MessageKeys.CODES, Value.ofDataArray(new DataArray(DataType.STATUS, values)));
    }

    @Override
    public CompletableFuture<Void> notifyEvent(int code, int range, List<Info> info) {
        List<Info> fields = new ArrayList<>();
        fields.add(Info.of(MessageKeys.STATUS, Value.ofStatus(code)));
        fields.add(Info.of(MessageKeys.RANGE, Value.of(DataType.DATA_RANGE, range)));
        fields.addAll(info);
        return request(Op.NOTIFY, fields, null).thenApply(reply -> null);
    }

    @Override
    public CompletableFuture<Value> get(Proc target, String key, List<Info> qualifiers) {
        List<Info> fields = new ArrayList<>();
        fields.add(Info.of(MessageKeys.TARGET, Value.ofProc(target)));
        fields.add(Info.of(MessageKeys.KEY, Value.ofString(key)));
        fields.addAll(qualifiers);
        return request(Op.GET, fields, timeoutOf(qualifiers)).thenApply(reply -> MessageKeys.require(reply, MessageKeys.VALUE));
    }

    /**
     * Waits for the server to take the data (one round trip on the rings): a commit it refuses (a
     * limit, {@code docs/protocol.md}) fails with its status, and none of the batch is held there. What
     * failed to go because the server is gone stays posted for the next commit.
     */
    @Override
    public void commit() {
        List<Info> batch = modex.takePosts();
        try {
            Requests.await(send(Messages.request(Op.COMMIT, batch), null), () -> lost != null);
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

    /** A fence's release names the newest modex generation: the store reads it from then on. */
    @Override
    public CompletableFuture<Runnable> fence(Collection<Proc> procs, List<Info> directives) {
        return send(modex.fence(procs, directives), timeoutOf(directives))
                .thenApply(reply -> () -> ModexExchange.advance(store, reply));
    }

    @Override
    public CompletableFuture<List<Proc>> resolvePeers(String node, String nspace, List<Info> directives) {
        List<Info> fields = new ArrayList<>();
        if (node != null) {
            fields.add(Info.of(MessageKeys.NODE, Value.ofString(node)));
        }
        if (nspace != null) {
            fields.add(Info.of(MessageKeys.NSPACE, Value.ofString(nspace)));
        }
        fields.addAll(directives); // the server bounds the host's answer by their PMIX_TIMEOUT
        return request(Op.RESOLVE_PEERS, fields, timeoutOf(directives))
                .thenApply(reply -> MessageKeys.procs(MessageKeys.require(reply, MessageKeys.PROCS)));
    }

    @Override
    public CompletableFuture<List<String>> resolveNodes(String nspace, List<Info> directives) {
        List<Info> fields = new ArrayList<>();
        if (nspace != null) {
            fields.add(Info.of(MessageKeys.NSPACE, Value.ofString(nspace)));
        }
        fields.addAll(directives);
        return request(Op.RESOLVE_NODES, fields, timeoutOf(directives))
                .thenApply(reply -> MessageKeys.require(reply, MessageKeys.NODES).asDataArray().elements(String.class));
    }

    @Override
    public CompletableFuture<QueryResults> query(List<Query> queries) {
        return request(Op.QUERY, Requests.query(queries), null).thenApply(Requests::queryResults);
    }

    @Override
    public CompletableFuture<Void> log(List<Info> data, List<Info> directives) {
        return request(Op.LOG, Requests.log(data, directives), null).thenApply(reply -> null);
    }

    @Override
    public CompletableFuture<Void> abort(int status, String message, Collection<Proc> procs) {
        List<Info> fields = new ArrayList<>();
        fields.add(Info.of(MessageKeys.STATUS, Value.ofStatus(status)));
        fields.add(Info.of(MessageKeys.MESSAGE, Value.ofString(message)));
        if (!procs.isEmpty()) {
            fields.add(Info.of(MessageKeys.PROCS, Value.ofDataArray(DataArray.of(DataType.PROC, List.copyOf(procs)))));
        }
        return request(Op.ABORT, fields, null).thenApply(reply -> null);
    }

    // ---- publish / lookup, spawn, connect (docs/protocol.md, "Publish, spawn, connect") ----

    @Override
    public CompletableFuture<Void> publish(List<Info> data, List<Info> directives) {
        return request(Op.PUBLISH, Requests.publish(data, directives), timeoutOf(directives)).thenApply(reply -> null);
    }

    @Override
    public CompletableFuture<List<PData>> lookup(List<String> keys, List<Info> directives) {
        return request(Op.LOOKUP, Requests.keys(keys, directives), timeoutOf(directives))
                .thenApply(reply -> MessageKeys.require(reply, MessageKeys.PDATA).asDataArray().elements(PData.class));
    }

    @Override
    public CompletableFuture<Void> unpublish(List<String> keys, List<Info> directives) {
        return request(Op.UNPUBLISH, Requests.keys(keys, directives), timeoutOf(directives)).thenApply(reply -> null);
    }

    @Override
    public CompletableFuture<String> spawn(List<App> apps, List<Info> jobInfo) {
        return request(Op.SPAWN, Requests.spawn(apps, jobInfo), timeoutOf(jobInfo))
                .thenApply(reply -> MessageKeys.require(reply, MessageKeys.NSPACE).asString());
    }

    @Override
    public CompletableFuture<Void> connect(Collection<Proc> procs, List<Info> directives, boolean connect) {
        List<Info> fields = new ArrayList<>();
        fields.add(Info.of(MessageKeys.PROCS, Value.ofDataArray(DataArray.of(DataType.PROC, List.copyOf(procs)))));
        fields.addAll(directives);
        return request(connect ? Op.CONNECT : Op.DISCONNECT, fields, timeoutOf(directives)).thenApply(reply -> null);
    }

    @Override
    public void finalizeAndClose() {
        try {
            if (lost == null && connection.isConnected()) {
                Requests.await(request(Op.FINALIZE, List.of(), Duration.ofSeconds(5)), () -> lost != null);
            }
        } catch (PmixException e) {
            // the server is gone or slow: the connection closes anyway
        } finally {
            closed = true;
            connection.close();
            store.close();
        }
    }

    private CompletableFuture<List<Info>> request(byte op, List<Info> fields, Duration timeout) {
        return send(Messages.request(op, fields), timeout);
    }

    private CompletableFuture<List<Info>> send(byte[] payload, Duration timeout) {
        // no timer for a request without PMIX_TIMEOUT: it waits for the server (or its loss) anyway
        return (timeout == null ? connection.request(payload) : connection.request(payload, timeout))
                .thenApply(Messages::replyInfos);
    }

    /** A request's own {@code PMIX_TIMEOUT} plus {@link #TIMEOUT_MARGIN}; null without one. */
    static Duration timeoutOf(List<Info> info) {
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

    @Override
    public String toString() {
        return "JpmixProtocol[" + self + " -> " + connection + "]";
    }
}
