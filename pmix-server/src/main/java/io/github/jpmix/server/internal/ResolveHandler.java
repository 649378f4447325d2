package io.github.jpmix.server.internal;

import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.wire.WireKeys;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Not API. {@code PMIx_Resolve_peers}, {@code PMIx_Resolve_nodes} and queries, following
 * {@code spec/resolve-peers-nodes-hierarchy.rst}: "When the server receives a request ... it first
 * checks to see if its host supports the query upcall. If the host does support it, then the server
 * will relay the request to the host via that interface. If the host does not support that
 * interface, or if the host indicates it does not support that particular query, then the server
 * will construct the response."
 *
 * <p>The relayed queries: resolve peers is {@code PMIX_LOCAL_PROCS} qualified by
 * {@code PMIX_HOSTNAME} (and {@code PMIX_NSPACE} when one namespace is asked), answered with a data
 * array of procs; resolve nodes is {@code PMIX_NODE_LIST} qualified by {@code PMIX_NSPACE},
 * answered with a comma-delimited string.
 */
final class ResolveHandler {
    private final ServerState state;

    ResolveHandler(ServerState state) {
        this.state = state;
    }

    void onResolvePeers(ClientRecord caller, int correlationId, List<Info> infos) {
        Value n = WireKeys.find(infos, WireKeys.NODE);
        Value ns = WireKeys.find(infos, WireKeys.NSPACE);
        String node = n == null ? state.hostname : n.asString();
        String nspace = ns == null ? null : ns.asString();
        List<Info> qualifiers = new ArrayList<>();
        qualifiers.add(Info.of(Keys.HOSTNAME, node));
        if (nspace != null) {
            qualifiers.add(Info.of(Keys.NSPACE, nspace));
        }
        askHost(caller, new Query(List.of(Keys.LOCAL_PROCS.name()), qualifiers), result -> {
            List<Proc> procs = result != null ? result.asDataArray().elements(Proc.class) : peers(node, nspace);
            return List.of(Info.of(WireKeys.PROCS, Value.ofDataArray(DataArray.of(DataType.PROC, procs))));
        }, correlationId);
    }

    void onResolveNodes(ClientRecord caller, int correlationId, List<Info> infos) {
        Value ns = WireKeys.find(infos, WireKeys.NSPACE);
        String nspace = ns == null ? null : ns.asString();
        List<Info> qualifiers = nspace == null ? List.of() : List.of(Info.of(Keys.NSPACE, nspace));
        askHost(caller, new Query(List.of(Keys.NODE_LIST.name()), qualifiers), result -> {
            List<String> nodes;
            if (result != null) {
                nodes = result.asString().isEmpty() ? List.of() : List.of(result.asString().split(","));
            } else {
                nodes = nodes(nspace);
            }
            return List.of(Info.of(WireKeys.NODES, Value.ofDataArray(DataArray.of(DataType.STRING, nodes))));
        }, correlationId);
    }

    void onQuery(ClientRecord caller, int correlationId, List<Info> infos) {
        List<Query> queries = new ArrayList<>();
        for (Info i : infos) {
            if (i.key().equals(WireKeys.QUERIES)) {
                queries.addAll(i.value().asDataArray().elements(Query.class));
            }
        }
        if (queries.isEmpty()) {
            throw new PmixException(Status.ERR_BAD_PARAM, "query: no queries");
        }
        CompletionStage<List<Info>> host;
        try {
            host = state.host.query(caller.proc, queries);
        } catch (RuntimeException e) {
            host = CompletableFuture.failedFuture(e);
        }
        host.whenComplete((results, error) -> {
            if (error != null && !ServerState.isNotSupported(error)) {
                ServerState.replyError(caller, correlationId, error);
                return;
            }
            List<Info> out = new ArrayList<>(results == null ? List.of() : results);
            List<Query> left = new ArrayList<>();
            for (Query q : queries) {
                if (out.stream().noneMatch(r -> q.keys().contains(r.key()))) {
                    left.add(q);
                }
            }
            try {
                out.addAll(answer(left));
            } catch (RuntimeException e) {
                ServerState.replyError(caller, correlationId, e);
                return;
            }
            if (out.isEmpty()) {
                ServerState.replyError(caller, correlationId,
                        new PmixException(Status.ERR_NOT_FOUND, "query: nothing answered " + queries));
            } else {
                ServerState.reply(caller, correlationId, out);
            }
        });
    }

    /** The queries the server answers itself. */
    List<Info> answer(List<Query> queries) {
        List<Info> out = new ArrayList<>();
        for (Query q : queries) {
            for (String key : q.keys()) {
                if (key.equals(Keys.QUERY_NAMESPACES.name())) {
                    synchronized (state.lock) {
                        out.add(Info.of(Keys.QUERY_NAMESPACES, String.join(",", state.store.namespaces())));
                    }
                }
            }
        }
        return out;
    }

    private interface Answer {
        List<Info> from(Value hostResult);
    }

    /** Relays one query to the host; its answer (or, when it has none, the server's own) goes to the client. */
    private void askHost(ClientRecord caller, Query query, Answer answer, int correlationId) {
        CompletionStage<List<Info>> host;
        try {
            host = state.host.query(caller.proc, List.of(query));
        } catch (RuntimeException e) {
            host = CompletableFuture.failedFuture(e);
        }
        String key = query.keys().get(0);
        host.whenComplete((results, error) -> {
            if (error != null && !ServerState.isNotSupported(error)) {
                ServerState.replyError(caller, correlationId, error);
                return;
            }
            Value hostValue = null;
            if (results != null) {
                for (Info r : results) {
                    if (r.key().equals(key)) {
                        hostValue = r.value();
                    }
                }
            }
            try {
                ServerState.reply(caller, correlationId, answer.from(hostValue));
            } catch (RuntimeException e) {
                ServerState.replyError(caller, correlationId, e);
            }
        });
    }

    private List<Proc> peers(String node, String nspace) {
        synchronized (state.lock) {
            if (nspace != null) {
                return state.store.peers(node, nspace);
            }
            Set<Proc> all = new LinkedHashSet<>();
            for (String ns : state.store.namespaces()) {
                try {
                    all.addAll(state.store.peers(node, ns));
                } catch (PmixException e) {
                    if (e.status() != Status.ERR_DATA_VALUE_NOT_FOUND) {
                        throw e;
                    }
                }
            }
            return List.copyOf(all);
        }
    }

    private List<String> nodes(String nspace) {
        synchronized (state.lock) {
            if (nspace != null) {
                return state.store.nodes(nspace);
            }
            // regex-format.md section 8: with an empty nspace OpenPMIx "merges all namespaces and removes duplicates"
            Set<String> all = new LinkedHashSet<>();
            for (String ns : state.store.namespaces()) {
                all.addAll(state.store.nodes(ns));
            }
            return List.copyOf(all);
        }
    }
}
