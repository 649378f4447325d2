package io.github.jpmix.server.internal;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Rank;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.protocol.MessageKeys;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Not API. The gets a client could not answer from its own store.
 *
 * <p>Reserved keys ({@code reserved-keys.tex}, "Retrieval rules for reserved keys"): "the server
 * shall check its data storage for the specified namespace. If it already knows about this
 * namespace, then it shall attempt to lookup the specified key, returning the value if it is found
 * or the PMIX_ERR_NOT_FOUND error constant." A namespace it does not know is
 * {@code PMIX_ERR_NOT_FOUND} too: with {@code PMIX_IMMEDIATE} the rule says so, and without it the
 * rule's direct-modex request for a whole namespace's information has no counterpart in
 * {@code HostModule.directModex}, which fetches one process's posted data.
 *
 * <p>Posted (non-reserved) keys: a value held here is the answer. Otherwise, for a local target
 * that has not committed yet, the get waits for its commit (a commit without the key answers
 * {@code PMIX_ERR_NOT_FOUND}, unless a {@code PMIX_TIMEOUT} lets it wait for later commits); for a
 * remote target the host's {@code directModex} upcall fetches its data; {@code PMIX_IMMEDIATE}
 * answers at once from what is here; {@code PMIX_TIMEOUT} bounds every wait with
 * {@code PMIX_ERR_TIMEOUT}.
 */
final class GetHandler {
    private record Waiter(ClientRecord client, int correlationId, String key, boolean untilTimeout,
            ScheduledFuture<?>[] timeout) {
    }

    private final ServerState state;
    /** Gets waiting for a local process to commit. Guarded by the state lock. */
    private final Map<Proc, List<Waiter>> waiting = new HashMap<>();

    GetHandler(ServerState state) {
        this.state = state;
    }

    void onGet(ClientRecord caller, int correlationId, List<Info> infos) {
        Proc target = MessageKeys.require(infos, MessageKeys.TARGET).asProc();
        String key = MessageKeys.require(infos, MessageKeys.KEY).asString();
        List<Info> qualifiers = MessageKeys.rest(infos);
        if (Keys.isReserved(key)) {
            Optional<Value> v;
            try {
                v = state.store.get(target, key, qualifiers, caller.proc);
            } catch (PmixException e) {
                if (e.status() != Status.ERR_INVALID_NAMESPACE) {
                    throw e;
                }
                throw new PmixException(Status.ERR_NOT_FOUND, "get: namespace of " + target + " is not known here");
            }
            answer(caller, correlationId, target, key, v.orElse(null));
            return;
        }
        if (!Rank.isValid(target.rank())) {
            throw new PmixException(Status.ERR_BAD_PARAM,
                    "get: posted key '" + key + "' needs a process rank, not " + Rank.toString(target.rank()));
        }
        boolean immediate = ServerState.flag(qualifiers, Keys.IMMEDIATE.name());
        int timeout = ServerState.timeoutSeconds(qualifiers);
        boolean askHost = false;
        synchronized (state.lock) {
            Value held = state.modex.lookup(target, key);
            ClientRecord local = state.clients.get(target);
            if (held != null || immediate) {
                answer(caller, correlationId, target, key, held);
                return;
            }
            if (local != null) {
                if (!local.isAlive()) {
                    throw new PmixException(Status.ERR_NOT_FOUND,
                            "get: " + target + " terminated without posting '" + key + "'");
                }
                if (local.committed && timeout == 0) {
                    answer(caller, correlationId, target, key, null);
                    return;
                }
                park(caller, correlationId, target, key, timeout);
                return;
            }
            if (!state.store.hasNamespace(target.namespace())) {
                throw new PmixException(Status.ERR_NOT_FOUND, "get: namespace of " + target + " is not known here");
            }
            askHost = true;
        }
        if (askHost) {
            directModex(caller, correlationId, target, key, qualifiers, timeout);
        }
    }

    private void park(ClientRecord caller, int correlationId, Proc target, String key, int timeout) {
        int max = state.limits.parkedGets();
        if (caller.parkedGets >= max) {
            throw new PmixException(Status.ERR_OUT_OF_RESOURCE, "get: " + caller.proc + " has " + caller.parkedGets
                    + " gets waiting at the server, its maxParkedGetsPerClient=" + max + "; '" + key + "' of " + target
                    + " is not posted yet");
        }
        caller.parkedGets++;
        ScheduledFuture<?>[] timer = new ScheduledFuture<?>[1];
        Waiter w = new Waiter(caller, correlationId, key, timeout > 0, timer);
        waiting.computeIfAbsent(target, p -> new ArrayList<>()).add(w);
        if (timeout > 0) {
            timer[0] = state.timer.schedule(() -> {
                boolean removed;
                synchronized (state.lock) {
                    List<Waiter> ws = waiting.get(target);
                    removed = ws != null && ws.remove(w);
                    if (removed) {
                        unparked(w);
                        if (ws.isEmpty()) {
                            waiting.remove(target);
                        }
                    }
                }
                if (removed) {
                    ServerState.replyError(caller, correlationId, new PmixException(Status.ERR_TIMEOUT,
                            "get: '" + key + "' of " + target + " not posted within " + timeout + " s"));
                }
            }, timeout, TimeUnit.SECONDS);
        }
    }

    /** A local process committed: answer the gets that waited for it. Called under the state lock. */
    void onCommit(Proc proc) {
        List<Waiter> ws = waiting.get(proc);
        if (ws == null) {
            return;
        }
        for (Waiter w : new ArrayList<>(ws)) {
            Value v = state.modex.lookup(proc, w.key);
            if (v != null || !w.untilTimeout) {
                ws.remove(w);
                unparked(w);
                cancelTimeout(w);
                answer(w.client, w.correlationId, proc, w.key, v);
            }
        }
        if (ws.isEmpty()) {
            waiting.remove(proc);
        }
    }

    /**
     * A local process is gone: gets that waited for its data fail, and the gets it was waiting for
     * itself are dropped (nobody is left to answer). Called under the state lock.
     */
    void onClientLost(Proc proc) {
        List<Waiter> ws = waiting.remove(proc);
        if (ws != null) {
            for (Waiter w : ws) {
                unparked(w);
                fail(w, new PmixException(Status.ERR_NOT_FOUND, "get: " + proc + " terminated without posting '" + w.key + "'"));
            }
        }
        dropWhere((target, w) -> w.client.proc.equals(proc), null);
    }

    /**
     * A namespace was deregistered: gets that waited for one of its processes fail with
     * {@code PMIX_ERR_INVALID_NAMESPACE}, and its own processes' gets are dropped, so a long-lived
     * server keeps nothing of a finished job. Called under the state lock.
     */
    void onNamespaceGone(String nspace) {
        dropWhere((target, w) -> target.namespace().equals(nspace) || w.client.proc.namespace().equals(nspace),
                target -> new PmixException(Status.ERR_INVALID_NAMESPACE,
                        "get: namespace of " + target + " was deregistered"));
    }

    /** Removes the waiters {@code which} selects; each fails with {@code why}'s exception, or silently when null. */
    private void dropWhere(java.util.function.BiPredicate<Proc, Waiter> which,
            java.util.function.Function<Proc, PmixException> why) {
        for (var it = waiting.entrySet().iterator(); it.hasNext();) {
            Map.Entry<Proc, List<Waiter>> e = it.next();
            for (var wi = e.getValue().iterator(); wi.hasNext();) {
                Waiter w = wi.next();
                if (which.test(e.getKey(), w)) {
                    wi.remove();
                    unparked(w);
                    if (why == null) {
                        cancelTimeout(w);
                    } else {
                        fail(w, why.apply(e.getKey()));
                    }
                }
            }
            if (e.getValue().isEmpty()) {
                it.remove();
            }
        }
    }

    /** A waiter left {@link #waiting} (under the state lock). */
    private static void unparked(Waiter w) {
        w.client.parkedGets--;
    }

    private static void cancelTimeout(Waiter w) {
        if (w.timeout[0] != null) {
            w.timeout[0].cancel(false);
        }
    }

    private static void fail(Waiter w, PmixException error) {
        cancelTimeout(w);
        ServerState.replyError(w.client, w.correlationId, error);
    }

    private void directModex(ClientRecord caller, int correlationId, Proc target, String key,
            List<Info> qualifiers, int timeout) {
        CompletionStage<byte[]> host;
        try {
            host = state.host.directModex(target, qualifiers);
        } catch (RuntimeException e) {
            host = CompletableFuture.failedFuture(e);
        }
        CompletableFuture<byte[]> bounded = host.toCompletableFuture();
        if (timeout > 0) {
            bounded = bounded.copy().orTimeout(timeout, TimeUnit.SECONDS);
        }
        bounded.whenComplete((data, error) -> {
            if (error != null) {
                Throwable cause = error instanceof java.util.concurrent.CompletionException ? error.getCause() : error;
                if (cause instanceof java.util.concurrent.TimeoutException) {
                    ServerState.replyError(caller, correlationId, new PmixException(Status.ERR_TIMEOUT,
                            "get: host did not deliver the data of " + target + " within " + timeout + " s"));
                } else if (ServerState.isNotSupported(error)) {
                    ServerState.replyError(caller, correlationId, new PmixException(Status.ERR_NOT_FOUND,
                            "get: '" + key + "' of " + target + " is not here and the host has no direct modex"));
                } else {
                    ServerState.replyError(caller, correlationId, error);
                }
                return;
            }
            Value v;
            try {
                synchronized (state.lock) {
                    state.modex.absorb(data == null ? new byte[0] : data);
                    v = state.modex.lookup(target, key);
                }
            } catch (RuntimeException e) {
                ServerState.replyError(caller, correlationId, e);
                return;
            }
            answer(caller, correlationId, target, key, v);
        });
    }

    private static void answer(ClientRecord caller, int correlationId, Proc target, String key, Value v) {
        if (v == null) {
            ServerState.replyError(caller, correlationId,
                    new PmixException(Status.ERR_NOT_FOUND, "get: '" + key + "' of " + target + " not found"));
        } else {
            ServerState.reply(caller, correlationId, List.of(Info.of(MessageKeys.VALUE, v)));
        }
    }
}
