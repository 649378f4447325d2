package io.github.jpmix.server.internal;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Query;
import io.github.jpmix.server.HostModule;
import io.github.jpmix.server.WireupInfo;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;

/**
 * A server's state on a real store without a transport, with a scriptable host: the handlers' unit tests call
 * them directly. Job "job" has ranks 0,1 on this node ({@link #NODE}) and 2,3 on "n2".
 */
final class ServerFixture implements AutoCloseable {
    static final String NODE = "n1";

    /** The host's answer to a query upcall; default: not supported. */
    volatile BiFunction<Proc, List<Query>, CompletionStage<List<Info>>> onQuery =
            (p, q) -> HostModule.notSupported("query");
    /** The host's answer to each log entry; default: not supported. */
    volatile LogScript onLog = (p, data, dirs) -> HostModule.notSupported("log");
    final List<List<Query>> queriesSeen = new CopyOnWriteArrayList<>();
    final List<String> logsSeen = new CopyOnWriteArrayList<>();
    final List<List<Info>> logDirectives = new CopyOnWriteArrayList<>();

    interface LogScript {
        CompletionStage<Void> log(Proc requester, List<Info> data, List<Info> directives);
    }

    final ServerState state;

    ServerFixture(Path dir) {
        HostModule host = new HostModule() {
            @Override
            public CompletionStage<List<Info>> query(Proc requester, List<Query> queries) {
                queriesSeen.add(queries);
                return onQuery.apply(requester, queries);
            }

            @Override
            public CompletionStage<Void> log(Proc requester, List<Info> data, List<Info> directives) {
                data.forEach(i -> logsSeen.add(i.key() + "=" + i.value().asString()));
                logDirectives.add(directives);
                return onLog.log(requester, data, directives);
            }
        };
        state = new ServerState(host, GdsServerStore.create(dir, NODE), NODE);
        WireupInfo job = WireupInfo.of("job").node(NODE, 0, 1).node("n2", 2, 3);
        state.store.registerNamespace("job", 2, job.build(NODE));
        state.store.registerNamespace("other", 1, WireupInfo.of("other").node(NODE, 0).build(NODE));
    }

    /** Registers a local client of this server, as {@code registerClient} does. */
    ClientRecord client(Proc proc, int uid, int gid) {
        synchronized (state.lock) {
            ClientRecord c = new ClientRecord(proc, uid, gid);
            state.clients.put(proc, c);
            state.localByNamespace.computeIfAbsent(proc.namespace(), n -> new java.util.HashSet<>()).add(proc);
            return c;
        }
    }

    static <T> T await(CompletionStage<T> s) throws Exception {
        return s.toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    static <T> CompletionStage<T> done(T v) {
        return CompletableFuture.completedFuture(v);
    }

    @Override
    public void close() {
        state.timer.shutdownNow();
        state.store.close();
    }
}
