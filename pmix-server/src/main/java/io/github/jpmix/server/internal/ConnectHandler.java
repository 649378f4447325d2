package io.github.jpmix.server.internal;

import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Rank;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.protocol.MessageKeys;
import io.github.jpmix.server.internal.front.Reply;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

/**
 * Not API. {@code PMIx_Connect} and {@code PMIx_Disconnect}: collective over their participants like a
 * fence ({@code server/pmix_server_ops.c:1735-2076} tracks them as it tracks fences), then the host's
 * {@code connect} or {@code disconnect} upcall once per operation. A host without it ({@code
 * PMIX_ERR_NOT_SUPPORTED}) completes an operation whose participants are all this server's, as OpenPMIx's
 * server completes an all-local connect without its host. Every participant is then released with the
 * participants ({@code PROCS}): the OpenPMIx front sends the other namespaces' job data with them.
 *
 * <p>This server holds every registered namespace's facts and every local process's posted data, so
 * connected processes of two namespaces read each other's facts and posted data through the usual get;
 * a disconnect changes no data. Operations are told apart by their kind and sorted participant set; a
 * participant that terminates without finalizing fails the operation for the others with {@code
 * PMIX_ERR_PROC_TERM_WO_SYNC}, one that finalizes without joining with {@code PMIX_ERR_UNREACH}, a
 * deregistered namespace with {@code PMIX_ERR_INVALID_NAMESPACE}, a {@code PMIX_TIMEOUT} with {@code
 * PMIX_ERR_TIMEOUT}.
 */
final class ConnectHandler {
    private final ServerState state;
    /** Operations in progress per (kind, participants). Guarded by the state lock. */
    private final Map<List<Object>, FenceTracker> pending = new HashMap<>();

    ConnectHandler(ServerState state) {
        this.state = state;
    }

    void onConnect(ClientRecord caller, int correlationId, List<Info> infos, boolean connect) {
        String what = connect ? "connect" : "disconnect";
        Value field = MessageKeys.find(infos, MessageKeys.PROCS);
        List<Proc> procs = field == null ? List.of() : MessageKeys.procs(field);
        if (procs.isEmpty()) {
            throw new PmixException(Status.ERR_BAD_PARAM, what + ": no participants");
        }
        List<Proc> sorted = List.copyOf(new TreeSet<>(procs));
        boolean member = false;
        for (Proc p : sorted) {
            member |= p.equals(caller.proc) || (p.rank() == Rank.WILDCARD && p.namespace().equals(caller.proc.namespace()));
            if (!Rank.isValid(p.rank()) && p.rank() != Rank.WILDCARD) {
                throw new PmixException(Status.ERR_BAD_PARAM, what + ": participant " + p + " has no valid rank");
            }
        }
        if (!member) {
            throw new PmixException(Status.ERR_BAD_PARAM, what + ": caller " + caller.proc + " is not among the participants " + sorted);
        }
        List<Info> directives = MessageKeys.rest(infos);
        int timeout = ServerState.timeoutSeconds(directives);
        List<Object> id = List.of(connect, sorted);
        FenceTracker ready = null;
        synchronized (state.lock) {
            for (Proc p : sorted) {
                if (!state.store.hasNamespace(p.namespace())) {
                    throw new PmixException(Status.ERR_INVALID_NAMESPACE, what + ": unknown namespace of participant " + p);
                }
            }
            FenceTracker op = pending.get(id);
            if (op == null) {
                Set<Proc> expected = state.localParticipants(sorted);
                for (Proc p : expected) {
                    ClientRecord c = state.clients.get(p);
                    if (c != null && !c.isAlive()) {
                        throw new PmixException(Status.ERR_PROC_TERM_WO_SYNC, what + ": participant " + p + " has terminated");
                    }
                }
                op = new FenceTracker(sorted, expected, state.localCounts(sorted), directives);
                pending.put(id, op);
                if (timeout > 0) {
                    FenceTracker t = op;
                    op.timeout = state.timer.schedule(() -> fail(id, t, new PmixException(Status.ERR_TIMEOUT,
                            what + sorted + " timed out after " + timeout + " s")), timeout, TimeUnit.SECONDS);
                }
            }
            if (op.arrived.containsKey(caller.proc)) {
                throw new PmixException(Status.ERR_BAD_PARAM, what + ": " + caller.proc + " is already in " + what + sorted);
            }
            op.arrive(caller.proc, new FenceTracker.Arrival(caller, correlationId));
            if (op.complete()) {
                pending.remove(id);
                op.done = true;
                ready = op;
            }
        }
        if (ready != null) {
            complete(ready, connect);
        }
    }

    private void complete(FenceTracker op, boolean connect) {
        if (op.timeout != null) {
            op.timeout.cancel(false);
        }
        CompletionStage<Void> host;
        try {
            host = connect ? state.host.connect(op.participants, op.directives) : state.host.disconnect(op.participants, op.directives);
        } catch (RuntimeException e) {
            host = CompletableFuture.failedFuture(e);
        }
        host.whenComplete((ok, error) -> {
            boolean local;
            synchronized (state.lock) {
                local = error != null && ServerState.isNotSupported(error) && state.allLocal(op.participants);
            }
            if (error != null && !local) {
                for (FenceTracker.Arrival a : op.arrived.values()) {
                    ServerState.replyError(a.client(), a.correlationId(), error);
                }
                return;
            }
            Reply reply = Reply.of(List.of(Info.of(MessageKeys.PROCS,
                    Value.ofDataArray(DataArray.of(DataType.PROC, op.participants)))));
            for (FenceTracker.Arrival a : op.arrived.values()) {
                ServerState.reply(a.client(), a.correlationId(), reply);
            }
        });
    }

    private void fail(List<Object> id, FenceTracker op, PmixException error) {
        synchronized (state.lock) {
            if (op.done) {
                return;
            }
            op.done = true;
            pending.remove(id, op);
        }
        if (op.timeout != null) {
            op.timeout.cancel(false);
        }
        for (FenceTracker.Arrival a : op.arrived.values()) {
            ServerState.replyError(a.client(), a.correlationId(), error);
        }
    }

    /** A participant left without finalizing: its operations fail for the others, as fences do. */
    void onClientLost(Proc proc) {
        failWhere(t -> t.expected.contains(proc), () -> new PmixException(Status.ERR_PROC_TERM_WO_SYNC,
                "connect: participant " + proc + " terminated without finalizing"));
    }

    /** A participant finalized without arriving: those operations can never complete. */
    void onClientFinalized(Proc proc) {
        failWhere(t -> t.expected.contains(proc) && !t.arrived.containsKey(proc), () -> new PmixException(Status.ERR_UNREACH,
                "connect: participant " + proc + " finalized without joining"));
    }

    /** The host deregistered a namespace: operations with a participant of it fail. */
    void onNamespaceGone(String nspace) {
        failWhere(t -> t.participants.stream().anyMatch(p -> p.namespace().equals(nspace)),
                () -> new PmixException(Status.ERR_INVALID_NAMESPACE, "connect: namespace " + nspace + " was deregistered"));
    }

    private void failWhere(java.util.function.Predicate<FenceTracker> doomed, java.util.function.Supplier<PmixException> error) {
        List<Map.Entry<List<Object>, FenceTracker>> selected = new ArrayList<>();
        synchronized (state.lock) {
            for (Map.Entry<List<Object>, FenceTracker> e : pending.entrySet()) {
                if (doomed.test(e.getValue())) {
                    selected.add(Map.entry(e.getKey(), e.getValue()));
                }
            }
        }
        for (Map.Entry<List<Object>, FenceTracker> e : selected) {
            fail(e.getKey(), e.getValue(), error.get());
        }
    }
}
