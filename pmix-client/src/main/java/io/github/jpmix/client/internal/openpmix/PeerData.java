package io.github.jpmix.client.internal.openpmix;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Rank;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.openpmix.ClientRequests;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * Not API. Peers' posted values from an OpenPMIx server: one {@code GETNB} per peer and fence, whose
 * reply carries all of the peer's values ({@code server/pmix_server_get.c:734-868}), kept in the
 * {@link HashStore} until the next fence.
 *
 * <ul>
 *   <li><b>Coalescing</b>, as OpenPMIx's client does ({@code client/pmix_client_get.c:1055-1065}): while a
 *       peer's fetch is on its way, another get of that peer waits for the same reply. A get of another
 *       key whose shared fetch fails asks again on its own, so it never sees a status meant for another key.</li>
 *   <li><b>After a collecting fence</b> ({@code PMIX_COLLECT_DATA}), the first get of a participant on this
 *       node also fetches every other local participant's values, all requests at once: the process said
 *       it wants everybody's data, which OpenPMIx's shared-memory storage would have put in its reach by
 *       then. Gets of N peers then cost about one round trip instead of N. Only local participants: a
 *       remote one's values take the server's host a direct modex each.</li>
 * </ul>
 *
 * <p>Thread-safe: the bookkeeping is under this object's lock; replies complete on the connection's
 * reader thread.
 */
final class PeerData {
    /** A peer's fetch: the key it asked for, and the peer's values when the reply comes. */
    private record Fetch(String key, CompletableFuture<Map<String, Value>> values) {
    }

    /** How the fetches reach the server. */
    interface Sender {
        /** One request, with a timeout (or null); completes with its reply. */
        CompletableFuture<byte[]> send(byte[] payload, Duration timeout);

        /**
         * Several requests without a timeout, in one write where the connection can: one system call
         * here, and one segment the server reads at once, rather than one each (a collecting fence's
         * first miss at N = 8: seven GETNBs). The replies complete the futures in the same order.
         */
        default List<CompletableFuture<byte[]>> sendAll(List<byte[]> payloads) {
            List<CompletableFuture<byte[]>> out = new ArrayList<>(payloads.size());
            for (byte[] p : payloads) {
                out.add(send(p, null));
            }
            return out;
        }
    }

    private final HashStore store;
    private final Sender send;
    /** The fetches of this epoch, by peer. Guarded by this. */
    private final Map<Proc, Fetch> inFlight = new HashMap<>();
    /** The local participants of the last fence, when it collected data; empty otherwise. Guarded by this. */
    private Set<Proc> collected = Set.of();
    /** Whether this epoch's first miss fetched every collected peer already. Guarded by this. */
    private boolean prefetched;
    /** The epoch {@link #inFlight} belongs to. Guarded by this. */
    private long epoch;

    /** @param send sends GETNB requests and completes with their replies */
    PeerData(HashStore store, Sender send) {
        this.store = store;
        this.send = send;
    }

    /**
     * A posted key of {@code target} that the store lacks: from the peer's fetch of this epoch, started
     * now if there is none.
     */
    CompletableFuture<Value> get(Proc target, String key) {
        Fetch f;
        synchronized (this) {
            roll();
            List<Proc> fetch = new ArrayList<>();
            if (!inFlight.containsKey(target)) {
                fetch.add(target);
            }
            if (!prefetched && collected.contains(target)) {
                prefetched = true;
                for (Proc p : collected) {
                    if (!p.equals(target) && !inFlight.containsKey(p) && !store.isCached(p)) {
                        fetch.add(p);
                    }
                }
            }
            if (!fetch.isEmpty()) {
                fetch(fetch, key);
            }
            f = inFlight.get(target);
        }
        Fetch shared = f;
        String what = "get " + key + " of " + target;
        return shared.values().handle((values, error) -> {
            if (error == null) {
                Value v = values.get(key);
                if (v == null) {
                    throw new PmixException(Status.ERR_NOT_FOUND, what + " not found");
                }
                return CompletableFuture.completedFuture(v);
            }
            if (!shared.key().equals(key)) {
                // the fetch asked for another key (e.g. one the peer never posted): ask for this one
                return single(target, key, List.of(), null);
            }
            return CompletableFuture.<Value>failedFuture(error);
        }).thenCompose(Function.identity());
    }

    /**
     * A get with a request of its own (one with qualifiers: {@code PMIX_TIMEOUT}, ...); the values its
     * reply brings are kept as any fetch's.
     */
    CompletableFuture<Value> single(Proc target, String key, List<Info> qualifiers, Duration timeout) {
        long e = store.epoch();
        String what = "get " + key + " of " + target;
        return send.send(ClientRequests.get(target, qualifiers, key), timeout).thenApply(reply -> {
            Value found = null;
            for (ClientRequests.ProcValues pv : ClientRequests.getReply(reply, what)) {
                keep(pv, e);
                Value v = pv.values().get(key);
                if (v != null && (found == null || pv.proc().equals(target))) {
                    found = v;
                }
            }
            if (found == null) {
                throw new PmixException(Status.ERR_NOT_FOUND, what + " not found");
            }
            return found;
        });
    }

    /** Starts the fetches of {@code targets}' values with {@code key}, sent together (under this lock). */
    private void fetch(List<Proc> targets, String key) {
        List<byte[]> payloads = new ArrayList<>(targets.size());
        for (Proc t : targets) {
            payloads.add(ClientRequests.get(t, List.of(), key));
        }
        List<CompletableFuture<byte[]>> replies = send.sendAll(payloads);
        for (int i = 0; i < targets.size(); i++) {
            fetched(targets.get(i), key, replies.get(i));
        }
    }

    /** Files the fetch of {@code target}'s values, whose reply comes in {@code answer} (under this lock). */
    private void fetched(Proc target, String key, CompletableFuture<byte[]> answer) {
        long e = epoch;
        String what = "get " + key + " of " + target;
        CompletableFuture<Map<String, Value>> values = answer.thenApply(reply -> {
            Map<String, Value> mine = Map.of();
            for (ClientRequests.ProcValues pv : ClientRequests.getReply(reply, what)) {
                keep(pv, e);
                if (pv.proc().equals(target)) {
                    mine = pv.values();
                }
            }
            return mine;
        });
        inFlight.put(target, new Fetch(key, values));
    }

    private void keep(ClientRequests.ProcValues pv, long e) {
        if (Rank.isValid(pv.proc().rank())) {
            store.cache(pv.proc(), pv.values(), e);
        }
    }

    /** A new epoch began (a fence completed): this one's fetches are forgotten. */
    private void roll() {
        long now = store.epoch();
        if (now != epoch) {
            epoch = now;
            inFlight.clear();
            prefetched = false;
        }
    }

    /**
     * A fence completed: its collecting participants on this node ({@code localPeers}) are fetched together
     * on the first miss of this epoch; a fence that did not collect data leaves no such set.
     */
    synchronized void fenced(boolean collect, Collection<Proc> participants, int[] localPeers, Proc self) {
        roll();
        if (!collect) {
            collected = Set.of();
            return;
        }
        Set<Proc> local = new LinkedHashSet<>();
        for (int r : localPeers) {
            Proc p = new Proc(self.namespace(), r);
            if (!p.equals(self) && (participants.isEmpty() || participants.contains(p)
                    || participants.contains(Proc.wildcard(self.namespace())))) {
                local.add(p);
            }
        }
        collected = local;
    }
}
