package io.github.jpmix.server.internal.launch;

import io.github.jpmix.common.DataRange;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PData;
import io.github.jpmix.common.Persistence;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Not API. The launcher's store of published data ({@code PMIx_Publish}, {@code PMIx_Lookup},
 * {@code PMIx_Unpublish}), the part of a host the Standard leaves to it: one node, one session, so
 * every range but {@code PMIX_RANGE_NAMESPACE} and {@code PMIX_RANGE_PROC_LOCAL} reaches every process
 * the launcher started.
 *
 * <ul>
 *   <li>Range ({@code PMIX_RANGE}, default {@code PMIX_RANGE_SESSION}): a value published with
 *       {@code NAMESPACE} is seen by its publisher's namespace only, with {@code PROC_LOCAL} by its
 *       publisher only. A lookup's own range narrows where it looks the same way. A key may be published
 *       once per range and publisher scope: again is {@code PMIX_ERR_DUPLICATE_KEY}.
 *   <li>Persistence ({@code PMIX_PERSISTENCE}, default {@code PMIX_PERSIST_SESSION}): {@code FIRST_READ}
 *       goes with the first lookup that returns it, {@code PROC} when its publisher ends, {@code APP} and
 *       {@code SESSION} when its publisher's namespace ends (the launcher runs one session; an app of a
 *       namespace ends with it), {@code INDEF} only when unpublished.
 *   <li>Waiting ({@code PMIX_WAIT}: a count of keys, 0 or {@code true} for all): a lookup that finds
 *       fewer waits for later publishes, at most {@code PMIX_TIMEOUT} seconds (then {@code PMIX_ERR_TIMEOUT})
 *       or until its requester ends. Without it a lookup answers what is there, {@code PMIX_ERR_NOT_FOUND}
 *       for nothing.
 * </ul>
 *
 * <p>Thread-safe; futures complete outside the store's lock.
 */
public final class PublishStore implements AutoCloseable {
    /** One published value. */
    private record Entry(Proc owner, String key, io.github.jpmix.common.Value value, int range, int persistence) {
    }

    /** A lookup waiting for keys. */
    private static final class Waiter {
        final Proc requester;
        final List<String> keys;
        final int range;
        final int needed;
        final CompletableFuture<List<PData>> result = new CompletableFuture<>();
        ScheduledFuture<?> timeout;

        Waiter(Proc requester, List<String> keys, int range, int needed) {
            this.requester = requester;
            this.keys = keys;
            this.range = range;
            this.needed = needed;
        }
    }

    private final Object lock = new Object();
    /** Published values per key, oldest first. Guarded by {@link #lock}. */
    private final Map<String, List<Entry>> entries = new LinkedHashMap<>();
    private final List<Waiter> waiters = new ArrayList<>();
    private final ScheduledExecutorService timer;

    public PublishStore() {
        ScheduledThreadPoolExecutor t = (ScheduledThreadPoolExecutor) Executors.newScheduledThreadPool(1, r -> {
            Thread th = new Thread(r, "pmixrun-lookup-timer");
            th.setDaemon(true);
            return th;
        });
        t.setRemoveOnCancelPolicy(true);
        this.timer = t;
    }

    /**
     * Publishes {@code data} for {@code owner}.
     *
     * @throws PmixException {@link Status#ERR_DUPLICATE_KEY} when a key is published already in that
     *     range (nothing is published then), {@link Status#ERR_BAD_PARAM} for a reserved key or no data
     */
    public void publish(Proc owner, List<Info> data, List<Info> directives) {
        if (data.isEmpty()) {
            throw new PmixException(Status.ERR_BAD_PARAM, "publish: no data");
        }
        int range = range(directives);
        int persistence = intOf(directives, Keys.PERSISTENCE.name(), Persistence.SESSION);
        List<Map.Entry<Waiter, List<PData>>> ready;
        synchronized (lock) {
            for (Info i : data) {
                if (Keys.isReserved(i.key())) {
                    throw new PmixException(Status.ERR_BAD_PARAM, "publish: '" + i.key() + "' is a reserved key");
                }
                for (Entry e : entries.getOrDefault(i.key(), List.of())) {
                    if (e.range() == range && visible(e, owner, range)) {
                        throw new PmixException(Status.ERR_DUPLICATE_KEY, "publish: " + i.key() + " is published already by "
                                + e.owner() + " in " + DataRange.name(range));
                    }
                }
            }
            for (Info i : data) {
                entries.computeIfAbsent(i.key(), k -> new ArrayList<>())
                        .add(new Entry(owner, i.key(), i.value(), range, persistence));
            }
            ready = satisfiedWaiters();
        }
        for (Map.Entry<Waiter, List<PData>> r : ready) {
            if (r.getKey().timeout != null) {
                r.getKey().timeout.cancel(false);
            }
            r.getKey().result.complete(r.getValue());
        }
    }

    /**
     * Looks up {@code keys} for {@code requester}: completes with what it finds (waiting with
     * {@code PMIX_WAIT}), fails with {@code PMIX_ERR_NOT_FOUND} or {@code PMIX_ERR_TIMEOUT}.
     */
    public CompletableFuture<List<PData>> lookup(Proc requester, List<String> keys, List<Info> directives) {
        if (keys.isEmpty()) {
            return CompletableFuture.failedFuture(new PmixException(Status.ERR_BAD_PARAM, "lookup: no keys"));
        }
        int range;
        int timeout;
        try {
            range = range(directives);
            timeout = Math.max(0, intOf(directives, Keys.TIMEOUT.name(), 0));
        } catch (PmixException e) {
            return CompletableFuture.failedFuture(e);
        }
        int needed = waitFor(directives, keys.size());
        Waiter w = new Waiter(requester, List.copyOf(keys), range, needed);
        synchronized (lock) {
            if (needed == 0 || count(w) >= needed) {
                List<PData> found = take(w);
                if (found.isEmpty()) {
                    return CompletableFuture.failedFuture(new PmixException(Status.ERR_NOT_FOUND,
                            "lookup: none of " + keys + " is published in " + DataRange.name(range)));
                }
                return CompletableFuture.completedFuture(found);
            }
            waiters.add(w);
            if (timeout > 0) {
                w.timeout = timer.schedule(() -> expire(w, new PmixException(Status.ERR_TIMEOUT,
                        "lookup: " + keys + " not published within " + timeout + " s")), timeout, TimeUnit.SECONDS);
            }
        }
        return w.result;
    }

    /**
     * Withdraws what {@code owner} published under {@code keys} (all of it when empty) in the range of
     * {@code directives} (any range when not given).
     *
     * @throws PmixException {@link Status#ERR_NOT_FOUND} when keys were named and none was published by {@code owner}
     */
    public void unpublish(Proc owner, List<String> keys, List<Info> directives) {
        Integer range = directives.stream().anyMatch(i -> i.is(Keys.RANGE)) ? range(directives) : null;
        int removed = 0;
        synchronized (lock) {
            for (Iterator<Map.Entry<String, List<Entry>>> it = entries.entrySet().iterator(); it.hasNext(); ) {
                Map.Entry<String, List<Entry>> m = it.next();
                if (!keys.isEmpty() && !keys.contains(m.getKey())) {
                    continue;
                }
                int before = m.getValue().size();
                m.getValue().removeIf(e -> e.owner().equals(owner) && (range == null || e.range() == range));
                removed += before - m.getValue().size();
                if (m.getValue().isEmpty()) {
                    it.remove();
                }
            }
        }
        if (removed == 0 && !keys.isEmpty()) {
            throw new PmixException(Status.ERR_NOT_FOUND, "unpublish: " + owner + " has not published " + keys);
        }
    }

    /** A process ended: what it published with {@code PMIX_PERSIST_PROC} goes, and its waiting lookups. */
    public void procEnded(Proc proc) {
        List<Waiter> gone = new ArrayList<>();
        synchronized (lock) {
            removeWhere(e -> e.persistence() == Persistence.PROC && e.owner().equals(proc));
            for (Waiter w : waiters) {
                if (w.requester.equals(proc)) {
                    gone.add(w); // expire() takes it off the list
                }
            }
        }
        gone.forEach(w -> expire(w, new PmixException(Status.ERR_PROC_TERM_WO_SYNC, "lookup: " + proc + " ended")));
    }

    /** A namespace ended: what its processes published with {@code PMIX_PERSIST_APP}, {@code SESSION} or {@code PROC} goes. */
    public void namespaceEnded(String nspace) {
        synchronized (lock) {
            removeWhere(e -> e.owner().namespace().equals(nspace) && e.persistence() != Persistence.INDEF);
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }

    // ---- under the lock ----

    private void removeWhere(java.util.function.Predicate<Entry> doomed) {
        for (Iterator<List<Entry>> it = entries.values().iterator(); it.hasNext(); ) {
            List<Entry> l = it.next();
            l.removeIf(doomed);
            if (l.isEmpty()) {
                it.remove();
            }
        }
    }

    /** How many of the waiter's keys are there for it. */
    private int count(Waiter w) {
        int n = 0;
        for (String k : w.keys) {
            if (find(k, w.requester, w.range) != null) {
                n++;
            }
        }
        return n;
    }

    /** The waiter's keys that are there, removing those to be read once. */
    private List<PData> take(Waiter w) {
        List<PData> out = new ArrayList<>();
        for (String k : w.keys) {
            Entry e = find(k, w.requester, w.range);
            if (e != null) {
                out.add(new PData(e.owner(), e.key(), e.value()));
                if (e.persistence() == Persistence.FIRST_READ) {
                    List<Entry> l = entries.get(k);
                    l.remove(e);
                    if (l.isEmpty()) {
                        entries.remove(k);
                    }
                }
            }
        }
        return out;
    }

    /** The newest entry of {@code key} the requester may see within the lookup's range. */
    private Entry find(String key, Proc requester, int lookupRange) {
        List<Entry> l = entries.get(key);
        if (l == null) {
            return null;
        }
        for (int i = l.size() - 1; i >= 0; i--) {
            Entry e = l.get(i);
            if (visible(e, requester, e.range()) && visible(e, requester, lookupRange)) {
                return e;
            }
        }
        return null;
    }

    /** Whether {@code e} is within {@code range} of {@code who}: one node and one session, so only two ranges narrow. */
    private static boolean visible(Entry e, Proc who, int range) {
        return switch (range) {
            case DataRange.NAMESPACE -> e.owner().namespace().equals(who.namespace());
            case DataRange.PROC_LOCAL -> e.owner().equals(who);
            default -> true;
        };
    }

    /** The waiters now satisfied, removed from the list, each with its data taken (completed outside the lock). */
    private List<Map.Entry<Waiter, List<PData>>> satisfiedWaiters() {
        List<Map.Entry<Waiter, List<PData>>> ready = new ArrayList<>();
        for (Iterator<Waiter> it = waiters.iterator(); it.hasNext(); ) {
            Waiter w = it.next();
            if (count(w) >= w.needed) {
                it.remove();
                ready.add(Map.entry(w, take(w)));
            }
        }
        return ready;
    }

    // ---- outside the lock ----

    private void expire(Waiter w, PmixException error) {
        synchronized (lock) {
            if (!waiters.remove(w)) {
                return; // answered meanwhile
            }
        }
        if (w.timeout != null) {
            w.timeout.cancel(false);
        }
        w.result.completeExceptionally(error);
    }

    private static int range(List<Info> directives) {
        int range = intOf(directives, Keys.RANGE.name(), DataRange.SESSION);
        if (range == DataRange.UNDEF) {
            return DataRange.SESSION;
        }
        if (range == DataRange.INVALID || !DataRange.isKnown(range)) {
            throw new PmixException(Status.ERR_BAD_PARAM, "unknown PMIX_RANGE " + range);
        }
        return range;
    }

    /** {@code PMIX_WAIT}: a count of keys (0: all) or a flag (true: all); absent: no waiting (0 needed). */
    private static int waitFor(List<Info> directives, int keys) {
        for (Info i : directives) {
            if (i.is(Keys.WAIT)) {
                if (i.value().type() == DataType.BOOL) {
                    return i.value().asBoolean() ? keys : 0;
                }
                if (i.value().type() == DataType.UNDEF) {
                    return keys;
                }
                int n = i.value().asInt();
                return n <= 0 || n > keys ? keys : n;
            }
        }
        return 0;
    }

    private static int intOf(List<Info> directives, String key, int absent) {
        for (Info i : directives) {
            if (i.key().equals(key)) {
                return i.value().asInt();
            }
        }
        return absent;
    }
}
