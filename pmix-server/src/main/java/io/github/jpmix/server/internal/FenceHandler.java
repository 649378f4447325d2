package io.github.jpmix.server.internal;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Not API. {@code PMIx_Fence}: collects the local participants, calls the host's fence upcall
 * once per operation with the node's combined contribution, stores what comes back as a new modex
 * generation and releases the participants with its number.
 *
 * <p>Operations are told apart by their participant set (sorted), so concurrent fences over
 * different sets never mix; a process entering a second fence over the same set joins the next
 * operation, not the one it already arrived at.
 *
 * <p><b>Wildcard.</b> A participant {@code {nspace, WILDCARD}} stands for every process of the
 * namespace on this node, however many have registered or connected yet: the operation waits for as
 * many arrivals of the namespace as the host said run here ({@link #localCounts}), as OpenPMIx does.
 */
final class FenceHandler {
    private final ServerState state;
    /** Operations in progress per participant set, oldest first. Guarded by the state lock. */
    private final Map<List<Proc>, List<FenceTracker>> pending = new HashMap<>();

    FenceHandler(ServerState state) {
        this.state = state;
    }

    void onFence(ClientRecord caller, int correlationId, List<Info> infos) {
        List<Proc> procs = participants(caller, MessageKeys.find(infos, MessageKeys.PROCS));
        List<Info> directives = MessageKeys.rest(infos);
        int timeout = ServerState.timeoutSeconds(directives);
        boolean collect = ServerState.flag(directives, Keys.COLLECT_DATA.name());
        FenceTracker ready = null;
        synchronized (state.lock) {
            boolean again = correlationId != 0 && caller.lastFenceCorrelation == correlationId;
            if (!again) {
                checkNamespaces(procs);
            }
            List<FenceTracker> ops = pending.computeIfAbsent(procs, k -> new ArrayList<>());
            FenceTracker op = null;
            for (FenceTracker t : ops) {
                FenceTracker.Arrival a = t.arrived.get(caller.proc);
                if (again ? a != null && a.correlationId() == correlationId : a == null) {
                    op = t;
                    break;
                }
            }
            if (again && op == null) {
                // this arrival, handed over again (ClientRecord.lastFenceCorrelation): counted already,
                // and its operation is done
                if (ops.isEmpty()) {
                    pending.remove(procs);
                }
                return;
            }
            if (op == null) {
                Set<Proc> expected = state.localParticipants(procs);
                for (Proc p : expected) {
                    ClientRecord c = state.clients.get(p);
                    if (c != null && !c.isAlive()) {
                        throw new PmixException(Status.ERR_PROC_TERM_WO_SYNC,
                                "fence: participant " + p + " has terminated");
                    }
                }
                op = new FenceTracker(procs, expected, state.localCounts(procs), directives);
                ops.add(op);
                if (timeout > 0) {
                    FenceTracker t = op;
                    op.timeout = state.timer.schedule(() -> fail(t, new PmixException(Status.ERR_TIMEOUT,
                            "fence: " + t + " timed out after " + timeout + " s")), timeout, TimeUnit.SECONDS);
                }
            }
            op.collectData |= collect;
            op.arrive(caller.proc, new FenceTracker.Arrival(caller, correlationId));
            caller.lastFenceCorrelation = correlationId;
            if (op.complete()) {
                ops.remove(op);
                if (ops.isEmpty()) {
                    pending.remove(procs);
                }
                op.done = true;
                ready = op;
            }
        }
        if (ready != null) {
            // the operation is done and out of the pending list: handling this arrival again (as the
            // transport does with a message a fault interrupted) would open a new operation for it
            FenceTracker op = ready;
            againOnLateFault(op, "completion", () -> complete(op));
        }
    }

    /**
     * Runs a step of an operation; a late fault report there (JDK 17 reports a fault of a client's
     * truncated ring later, where the JVM chooses, which may be here) makes it run once more, logged,
     * and a second failure fails the arrivals. The steps may run twice: the host is asked once per
     * operation ({@link #complete}) and a participant answered twice ignores the second answer.
     */
    private static void againOnLateFault(FenceTracker op, String step, Runnable run) {
        try {
            run.run();
        } catch (InternalError stray) {
            ServerState.LOG.log(System.Logger.Level.WARNING, "a fault of a mapped file interrupted the " + step
                    + " of " + op + "; doing it again: " + stray.getMessage());
            try {
                run.run();
            } catch (RuntimeException | InternalError again) {
                failArrived(op, new PmixException(Status.ERROR, "fence: the " + step + " failed: " + again));
            }
        }
    }

    /** The participants, sorted: none given means the caller's whole namespace (PMIx_Fence with NULL procs). */
    private static List<Proc> participants(ClientRecord caller, Value field) {
        List<Proc> procs = field == null ? List.of(Proc.wildcard(caller.proc.namespace())) : MessageKeys.procs(field);
        if (procs.isEmpty()) {
            procs = List.of(Proc.wildcard(caller.proc.namespace()));
        }
        // one participant (the whole namespace: the usual fence) needs no sorting
        List<Proc> sorted = procs.size() == 1 ? procs : new ArrayList<>(new java.util.TreeSet<>(procs));
        boolean member = false;
        for (Proc p : sorted) {
            if (p.equals(caller.proc) || (p.rank() == Rank.WILDCARD && p.namespace().equals(caller.proc.namespace()))) {
                member = true;
            } else if (!Rank.isValid(p.rank()) && p.rank() != Rank.WILDCARD) {
                throw new PmixException(Status.ERR_BAD_PARAM, "fence: participant " + p + " has no valid rank");
            }
        }
        if (!member) {
            throw new PmixException(Status.ERR_BAD_PARAM,
                    "fence: caller " + caller.proc + " is not among the participants " + sorted);
        }
        return List.copyOf(sorted);
    }

    private void checkNamespaces(List<Proc> procs) {
        for (Proc p : procs) {
            if (!state.store.hasNamespace(p.namespace())) {
                throw new PmixException(Status.ERR_INVALID_NAMESPACE, "fence: unknown namespace in participant " + p);
            }
        }
    }

    private void complete(FenceTracker op) {
        if (op.timeout != null) {
            op.timeout.cancel(false);
        }
        if (op.hostFence == null) { // a completion done again (see onFence) asks the host once
            byte[] contribution;
            synchronized (state.lock) {
                contribution = op.collectData ? state.modex.contribution(op.arrived.keySet()) : new byte[0];
            }
            CompletionStage<byte[]> host;
            try {
                host = state.host.fence(op.participants, op.directives, contribution);
            } catch (RuntimeException e) {
                host = CompletableFuture.failedFuture(e);
            }
            op.contribution = contribution;
            op.hostFence = host;
        }
        byte[] own = op.contribution;
        op.hostFence.whenComplete((data, error) -> {
            // whenComplete drops what its action throws: nothing may escape, or the participants
            // would wait for good
            try {
                againOnLateFault(op, "release", () -> finish(op, own, data, error));
            } catch (RuntimeException | InternalError e) {
                // an InternalError: a mapped file's fault that surfaced in the failure path itself
                failArrived(op, ServerState.asPmix(e));
            }
        });
    }

    private void finish(FenceTracker op, byte[] own, byte[] data, Throwable error) {
        if (error != null && ServerState.isNotSupported(error) && allLocal(op)) {
            // no other node takes part: this node's contribution is the whole answer
            release(op, own);
        } else if (error != null) {
            failArrived(op, ServerState.asPmix(error));
        } else {
            release(op, data == null ? new byte[0] : data);
        }
    }

    /** Whether only this node takes part; asked only when the host has no fence (it lists the job's nodes). */
    private boolean allLocal(FenceTracker op) {
        synchronized (state.lock) {
            return state.allLocal(op.participants);
        }
    }

    private void release(FenceTracker op, byte[] data) {
        List<Info> view;
        try {
            synchronized (state.lock) {
                if (op.collectData && data.length > 0) {
                    state.modex.absorb(data);
                }
                // nothing new since the last generation: no file to write, none for clients to map;
                // a little new data rides in the release itself (docs/gds.md, "Generations"); a
                // release that tells no reader of the store writes no file on the fence's path
                if (toldOfStore(op)) {
                    view = state.modexView();
                } else {
                    state.deferModex();
                    view = List.of();
                }
            }
        } catch (RuntimeException e) {
            failArrived(op, ServerState.asPmix(e));
            return;
        }
        Reply reply = Reply.of(view);
        for (FenceTracker.Arrival a : op.arrived.values()) {
            ServerState.reply(a.client(), a.correlationId(), reply);
        }
    }

    /** Whether a participant the release goes to reads the store's files (under the state lock). */
    private static boolean toldOfStore(FenceTracker op) {
        for (FenceTracker.Arrival a : op.arrived.values()) {
            if (a.client().link != null && a.client().link.readsStore()) {
                return true;
            }
        }
        return false;
    }

    /** Fails an operation still pending (timeout, lost participant): everybody who arrived gets the error. */
    private void fail(FenceTracker op, PmixException error) {
        synchronized (state.lock) {
            if (op.done) {
                return;
            }
            op.done = true;
            List<FenceTracker> ops = pending.get(op.participants);
            if (ops != null) {
                ops.remove(op);
                if (ops.isEmpty()) {
                    pending.remove(op.participants);
                }
            }
        }
        if (op.timeout != null) {
            op.timeout.cancel(false);
        }
        failArrived(op, error);
    }

    private static void failArrived(FenceTracker op, PmixException error) {
        for (FenceTracker.Arrival a : op.arrived.values()) {
            ServerState.replyError(a.client(), a.correlationId(), error);
        }
    }

    /**
     * The host deregistered a namespace: a pending operation with a participant of it can never
     * complete, so it fails for whoever arrived (participants of other namespaces among them) with
     * {@code PMIX_ERR_INVALID_NAMESPACE} instead of leaving them to hang.
     */
    void onNamespaceGone(String nspace) {
        failWhere(t -> t.participants.stream().anyMatch(p -> p.namespace().equals(nspace)),
                () -> new PmixException(Status.ERR_INVALID_NAMESPACE,
                        "fence: namespace " + nspace + " of a participant was deregistered"));
    }

    /**
     * A local client finalized: a pending operation that expects it and that it has not arrived at can
     * never complete, so it fails for the others with {@code PMIX_ERR_UNREACH} at once instead of
     * leaving them to hang (or to wait for their {@code PMIX_TIMEOUT}). Operations it arrived at
     * complete as usual.
     */
    void onClientFinalized(Proc proc) {
        failWhere(t -> t.expects(proc) && !t.arrived.containsKey(proc),
                () -> new PmixException(Status.ERR_UNREACH,
                        "fence: participant " + proc + " finalized without entering the fence"));
    }

    /**
     * A local client is gone without finalizing: every pending operation it takes part in fails for
     * the others with {@code PMIX_ERR_PROC_TERM_WO_SYNC}, instead of hanging. That includes one it
     * had already arrived at: its participants would otherwise wait on for the rest and then be
     * released into a job that lost a member (docs/wireup-design.md, "Liveness": the server
     * "removes it from every pending fence").
     */
    void onClientLost(Proc proc) {
        failWhere(t -> t.expects(proc),
                () -> new PmixException(Status.ERR_PROC_TERM_WO_SYNC,
                        "fence: participant " + proc + " terminated without finalizing"));
    }

    /** Fails every pending operation {@code doomed} selects (chosen under the state lock), each with its own exception. */
    private void failWhere(Predicate<FenceTracker> doomed, Supplier<PmixException> error) {
        List<FenceTracker> selected = new ArrayList<>();
        synchronized (state.lock) {
            for (List<FenceTracker> ops : pending.values()) {
                for (FenceTracker t : ops) {
                    if (doomed.test(t)) {
                        selected.add(t);
                    }
                }
            }
        }
        for (FenceTracker t : selected) {
            fail(t, error.get());
        }
    }
}
