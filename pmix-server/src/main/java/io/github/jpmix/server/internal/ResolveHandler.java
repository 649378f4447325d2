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
import io.github.jpmix.common.internal.protocol.MessageKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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
 *
 * <p><b>Session.</b> "There is no parameter by which one can specify a session within which the job
 * should be found, so the APIs are restricted to searching within the current session ... If the
 * namespace cannot be found, then the API will return the PMIX_ERR_INVALID_NAMESPACE status." When the
 * requester's job was registered with a {@code PMIX_SESSION_ID}, a namespace registered with another
 * one is refused so before the host is asked, and the query carries that {@code PMIX_SESSION_ID} as a
 * qualifier (the server then merges only that session's namespaces for a null namespace).
 *
 * <p><b>Directives</b> the requester passed (e.g. {@code PMIX_TIMEOUT}) follow as qualifiers; a
 * {@code PMIX_TIMEOUT} ends the wait for the host with {@code PMIX_ERR_TIMEOUT}.
 */
final class ResolveHandler {
    private final ServerState state;
    private final QueryHandler queries;

    ResolveHandler(ServerState state, QueryHandler queries) {
        this.state = state;
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
        resolve(caller, correlationId, new Query(List.of(Keys.LOCAL_PROCS.name()),
                session(caller, ns, qualifiers, infos)),
                v -> List.of(Info.of(MessageKeys.PROCS, Value.ofDataArray(DataArray.of(DataType.PROC,
                        v.asDataArray().elements(Proc.class))))));
    }

    void onResolveNodes(ClientRecord caller, int correlationId, List<Info> infos) {
        Value ns = MessageKeys.find(infos, MessageKeys.NSPACE);
        List<Info> qualifiers = new ArrayList<>();
        if (ns != null) {
            qualifiers.add(Info.of(Keys.NSPACE, ns.asString()));
        }
        resolve(caller, correlationId, new Query(List.of(Keys.NODE_LIST.name()), session(caller, ns, qualifiers, infos)),
                v -> {
                    String s = v.asString();
                    List<String> nodes = s.isEmpty() ? List.of() : List.of(s.split(","));
                    return List.of(Info.of(MessageKeys.NODES, Value.ofDataArray(DataArray.of(DataType.STRING, nodes))));
                });
    }

    /**
     * The query's qualifiers: {@code base}, the requester's session id if its job has one, and the
     * requester's directives.
     *
     * @throws PmixException {@code PMIX_ERR_INVALID_NAMESPACE} for a namespace of another session
     */
    private List<Info> session(ClientRecord caller, Value nspace, List<Info> base, List<Info> infos) {
        List<Info> out = new ArrayList<>(base);
        synchronized (state.lock) {
            Integer own = state.sessionOf(caller.proc.namespace());
            if (own != null) {
                Integer theirs = nspace == null ? own : state.sessionOf(nspace.asString());
                if (theirs != null && !theirs.equals(own)) {
                    throw new PmixException(Status.ERR_INVALID_NAMESPACE, "resolve: namespace " + nspace.asString()
                            + " is in session " + Integer.toUnsignedString(theirs) + ", not in the requester's session "
                            + Integer.toUnsignedString(own));
                }
                out.add(Info.of(Keys.SESSION_ID, own));
            }
        }
        out.addAll(MessageKeys.rest(infos));
        return out;
    }

    /** Runs the one query and replies with its answer converted, or with its failure's exact status. */
    private void resolve(ClientRecord caller, int correlationId, Query query, Function<Value, List<Info>> reply) {
        int timeout = ServerState.timeoutSeconds(query.qualifiers());
        CompletableFuture<List<QueryHandler.Outcome>> run = queries.run(caller, List.of(query)).toCompletableFuture();
        if (timeout > 0) {
            run = run.copy().orTimeout(timeout, TimeUnit.SECONDS);
        }
        run.whenComplete((outcomes, error) -> {
            if (error != null) {
                Throwable t = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
                ServerState.replyError(caller, correlationId, t instanceof TimeoutException
                        ? new PmixException(Status.ERR_TIMEOUT, "resolve: no answer within the PMIX_TIMEOUT of " + timeout + " s")
                        : t);
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
