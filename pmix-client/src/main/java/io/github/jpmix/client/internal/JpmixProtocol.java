package io.github.jpmix.client.internal;

import io.github.jpmix.client.transport.TransportClient;
import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
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
    private volatile PmixException lost;
    private volatile boolean closed;

    private JpmixProtocol(Proc self, TransportClient connection, ClientStore store) {
        this.self = self;
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
        // the store's start-up (Chronicle's, docs/startup.md) runs on another thread during the handshake
        GdsClientStore.prepare(socket, self.namespace());
        List<Info> hello = List.of(
                Info.of(MessageKeys.NSPACE, Value.ofString(self.namespace())),
                Info.of(MessageKeys.RANK, Value.ofRank(self.rank())),
                Info.of(MessageKeys.PID, Value.ofInt64(ProcessHandle.current().pid())),
                Info.of(MessageKeys.VERSION, Value.ofString(version)));
        Holder holder = new Holder();
        TransportClient connection = TransportClient.connect(socket, Messages.reply(hello), new TransportConfig(), holder);
        try {
            List<Info> reply = Messages.replyInfos(connection.handshakeReply());
            Map<String, String> attach = new HashMap<>();
            for (Info i : reply) {
                if (i.key().startsWith(MessageKeys.STORE_PREFIX)) {
                    attach.put(i.key().substring(MessageKeys.STORE_PREFIX.length()), i.value().asString());
                }
            }
            ClientStore store = GdsClientStore.open(attach, self.namespace());
            ModexExchange.advance(store, reply);
            JpmixProtocol p = new JpmixProtocol(self, connection, store);
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

        @Override
        public void onMessage(int correlationId, DirectBuffer buffer, int offset, int length) {
            // a JPMIx server sends its clients nothing unsolicited: replies only
        }

        @Override
        public void onDisconnect(PmixException reason) {
            JpmixProtocol p = protocol;
            if (p != null && !p.closed) {
                // the reason says what happened: dropped by the server (and why), closed, or server gone
                p.lost = new PmixException(Status.ERR_LOST_CONNECTION, Transport.rawMessage(reason), reason);
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
    public CompletableFuture<List<Proc>> resolvePeers(String node, String nspace) {
        List<Info> fields = new ArrayList<>();
        if (node != null) {
            fields.add(Info.of(MessageKeys.NODE, Value.ofString(node)));
        }
        if (nspace != null) {
            fields.add(Info.of(MessageKeys.NSPACE, Value.ofString(nspace)));
        }
        return request(Op.RESOLVE_PEERS, fields, null).thenApply(reply -> MessageKeys.procs(MessageKeys.require(reply, MessageKeys.PROCS)));
    }

    @Override
    public CompletableFuture<List<String>> resolveNodes(String nspace) {
        List<Info> fields = nspace == null ? List.of() : List.of(Info.of(MessageKeys.NSPACE, Value.ofString(nspace)));
        return request(Op.RESOLVE_NODES, fields, null)
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
