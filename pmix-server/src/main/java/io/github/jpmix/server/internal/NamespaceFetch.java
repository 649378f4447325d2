package io.github.jpmix.server.internal;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Not API. A get of a reserved key of a namespace the server holds nothing of, per
 * {@code reserved-keys.tex}, "Retrieval rules for reserved keys":
 * <ol>
 *   <li>"If the request included the PMIX_IMMEDIATE attribute, then the server will respond to the
 *       client with the PMIX_ERR_NOT_FOUND status."
 *   <li>"If the host has provided the DBCX module function interface ..., then the server shall pass the
 *       request to its host for servicing": the host's {@code namespaceInfo} upcall, once per namespace
 *       however many gets wait for it. What it answers is registered as a namespace with no local
 *       processes (so later gets, the clients' own included, find it in the store), and "the server shall
 *       search it ... for the requested key, returning the value if it is found or the
 *       PMIX_ERR_NOT_FOUND error constant." The host's {@code PMIX_ERR_NOT_FOUND} and
 *       {@code PMIX_ERR_TIMEOUT} reach the client as they are; the get's own {@code PMIX_TIMEOUT} ends
 *       its wait with {@code PMIX_ERR_TIMEOUT} too.
 *   <li>"If the host does not support the DBCX interface, then the server will respond to the client
 *       with the PMIX_ERR_NOT_FOUND status": the upcall's {@code PMIX_ERR_NOT_SUPPORTED}.
 * </ol>
 */
final class NamespaceFetch {
    /** How a get is answered: its value, or {@code PMIX_ERR_NOT_FOUND} for null. */
    interface Answer {
        void answer(ClientRecord caller, int correlationId, Proc target, String key, Value value);
    }

    private final ServerState state;
    private final Answer answer;
    /** Upcalls in flight per namespace, for gets that arrive meanwhile. Guarded by the state lock. */
    private final Map<String, CompletableFuture<Void>> inFlight = new HashMap<>();

    NamespaceFetch(ServerState state, Answer answer) {
        this.state = state;
        this.answer = answer;
    }

    /** A reserved-key get whose target namespace the store does not hold. */
    void onUnknown(ClientRecord caller, int correlationId, Proc target, String key, List<Info> qualifiers) {
        String nspace = target.namespace();
        if (ServerState.flag(qualifiers, Keys.IMMEDIATE.name())) {
            throw new PmixException(Status.ERR_NOT_FOUND, "get: namespace of " + target
                    + " is not known here and PMIX_IMMEDIATE forbids asking the host");
        }
        int timeout = ServerState.timeoutSeconds(qualifiers);
        CompletableFuture<Void> learned;
        boolean ask = false;
        synchronized (state.lock) {
            learned = inFlight.get(nspace);
            if (learned == null) {
                learned = new CompletableFuture<>();
                inFlight.put(nspace, learned);
                ask = true;
            }
        }
        if (ask) {
            List<Info> directives = new ArrayList<>(qualifiers);
            directives.add(Info.of(Keys.PROCID, caller.proc));
            directives.add(Info.of(Keys.REQUIRED_KEY, key));
            ask(nspace, directives, learned);
        }
        CompletableFuture<Void> bounded = timeout > 0 ? learned.copy().orTimeout(timeout, TimeUnit.SECONDS) : learned;
        bounded.whenComplete((ok, error) -> {
            if (error != null) {
                ServerState.replyError(caller, correlationId, failure(error, target, key, timeout));
                return;
            }
            Value v;
            try {
                synchronized (state.lock) {
                    v = state.store.get(target, key, qualifiers, caller.proc).orElse(null);
                }
            } catch (RuntimeException e) {
                ServerState.replyError(caller, correlationId, e);
                return;
            }
            answer.answer(caller, correlationId, target, key, v);
        });
    }

    /** Calls the upcall and registers its answer; completes {@code learned} either way. */
    private void ask(String nspace, List<Info> directives, CompletableFuture<Void> learned) {
        CompletionStage<List<Info>> host;
        try {
            host = state.host.namespaceInfo(nspace, List.copyOf(directives));
            if (host == null) {
                throw new PmixException(Status.ERROR, "host namespaceInfo upcall returned null");
            }
        } catch (RuntimeException e) {
            host = CompletableFuture.failedFuture(e);
        }
        host.whenComplete((info, error) -> {
            RuntimeException failed = null;
            synchronized (state.lock) {
                inFlight.remove(nspace);
                if (error == null) {
                    try {
                        register(nspace, info == null ? List.of() : info);
                    } catch (RuntimeException e) {
                        failed = e;
                    }
                }
            }
            if (error != null) {
                learned.completeExceptionally(error);
            } else if (failed != null) {
                learned.completeExceptionally(failed);
            } else {
                learned.complete(null);
            }
        });
    }

    /** Registers what the host answered as a namespace with no local processes (under the state lock). */
    private void register(String nspace, List<Info> info) {
        if (state.store.hasNamespace(nspace)) {
            return; // the host registered it itself meanwhile: its registration stands
        }
        state.store.registerNamespace(nspace, 0, info);
        state.localByNamespace.putIfAbsent(nspace, new HashSet<>());
        state.learnedNamespaces.add(nspace);
    }

    private static PmixException failure(Throwable error, Proc target, String key, int timeout) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        if (cause instanceof TimeoutException) {
            return new PmixException(Status.ERR_TIMEOUT, "get: the host did not deliver the namespace of " + target
                    + " within the PMIX_TIMEOUT of " + timeout + " s");
        }
        PmixException pe = ServerState.asPmix(cause);
        if (pe.status() == Status.ERR_NOT_SUPPORTED) {
            return new PmixException(Status.ERR_NOT_FOUND, "get: '" + key + "' of " + target
                    + ": the namespace is not known here and the host has no namespace information", pe);
        }
        if (pe.status() == Status.ERR_NOT_FOUND || pe.status() == Status.ERR_TIMEOUT) {
            return new PmixException(pe.status(), "get: '" + key + "' of " + target + ": the host found no namespace: "
                    + pe.getMessage(), pe);
        }
        return pe;
    }
}
