package io.github.jpmix.server.internal;

import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.protocol.MessageKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Not API. {@code PMIx_Resolve_peers} and {@code PMIx_Resolve_nodes}, following
 * {@code spec/resolve-peers-nodes-hierarchy.rst}: "When the server receives a request ... it first
 * checks to see if its host supports the query upcall. If the host does support it, then the server
 * will relay the request to the host via that interface. If the host does not support that
 * interface, or if the host indicates it does not support that particular query, then the server
 * will construct the response."
 *
 * <p>Both are queries, run by {@link QueryHandler} (host first, then the server): resolve peers is
 * {@code PMIX_LOCAL_PROCS} qualified by {@code PMIX_HOSTNAME} (and {@code PMIX_NSPACE} when one namespace is
 * asked), answered with a data array of procs; resolve nodes is {@code PMIX_NODE_LIST} qualified by
 * {@code PMIX_NSPACE}, answered with a comma-delimited string. The query's failure (e.g.
 * {@code PMIX_ERR_INVALID_NAMESPACE}) is the call's.
 */
final class ResolveHandler {
    private final QueryHandler queries;

    ResolveHandler(QueryHandler queries) {
        this.queries = queries;
    }

    void onResolvePeers(ClientRecord caller, int correlationId, List<Info> infos) {
        Value n = MessageKeys.find(infos, MessageKeys.NODE);
        Value ns = MessageKeys.find(infos, MessageKeys.NSPACE);
        List<Info> qualifiers = new ArrayList<>();
        if (n != null) {
            qualifiers.add(Info.of(Keys.HOSTNAME, n.asString()));
        }
        if (ns != null) {
            qualifiers.add(Info.of(Keys.NSPACE, ns.asString()));
        }
        resolve(caller, correlationId, new Query(List.of(Keys.LOCAL_PROCS.name()), qualifiers),
                v -> List.of(Info.of(MessageKeys.PROCS, Value.ofDataArray(DataArray.of(DataType.PROC,
                        v.asDataArray().elements(io.github.jpmix.common.Proc.class))))));
    }

    void onResolveNodes(ClientRecord caller, int correlationId, List<Info> infos) {
        Value ns = MessageKeys.find(infos, MessageKeys.NSPACE);
        List<Info> qualifiers = ns == null ? List.of() : List.of(Info.of(Keys.NSPACE, ns.asString()));
        resolve(caller, correlationId, new Query(List.of(Keys.NODE_LIST.name()), qualifiers), v -> {
            String s = v.asString();
            List<String> nodes = s.isEmpty() ? List.of() : List.of(s.split(","));
            return List.of(Info.of(MessageKeys.NODES, Value.ofDataArray(DataArray.of(DataType.STRING, nodes))));
        });
    }

    /** Runs the one query and replies with its answer converted, or with its failure's exact status. */
    private void resolve(ClientRecord caller, int correlationId, Query query, Function<Value, List<Info>> reply) {
        queries.run(caller, List.of(query)).whenComplete((outcomes, error) -> {
            if (error != null) {
                ServerState.replyError(caller, correlationId, error);
                return;
            }
            QueryHandler.Outcome o = outcomes.get(0);
            if (!o.answered()) {
                PmixException f = o.failures().get(0);
                ServerState.replyError(caller, correlationId, f.getCause() instanceof PmixException c ? c : f);
                return;
            }
            try {
                ServerState.reply(caller, correlationId, reply.apply(o.found().get(0).value()));
            } catch (RuntimeException e) {
                ServerState.replyError(caller, correlationId, e);
            }
        });
    }
}
