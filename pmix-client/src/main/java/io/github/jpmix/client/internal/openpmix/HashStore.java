package io.github.jpmix.client.internal.openpmix;

import io.github.jpmix.client.internal.ClientStore;
import io.github.jpmix.client.internal.GdsClientStore;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Value;
import io.github.jpmix.gds.Gds;
import io.github.jpmix.gds.GdsStore;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Not API. {@link ClientStore} of a client of an OpenPMIx server, in the role of OpenPMIx's {@code hash}
 * storage component: everything is held in this process.
 *
 * <ul>
 *   <li><b>Job facts</b>: the job data the server sent at init ({@link JobData}), registered in a
 *       pmix-gds heap store, so that a get reads them by the same retrieval rules as a JPMIx client
 *       reads its server's mapped store (and is as fast: {@link GdsClientStore} keeps the answers).</li>
 *   <li><b>Peers' posted data</b>: every value a GET reply brought of a process ({@code gds_hash.c:1493-1571}:
 *       a reply carries all of the target's values), so that a get of another key of that process asks
 *       the server nothing. Unlike OpenPMIx's client, which keeps them for good (notes §1.12: a peer's
 *       re-posted value is never seen), they are forgotten when a fence completes: a fence is where a
 *       process's newer posts become visible, as a JPMIx client sees the newest modex generation.</li>
 * </ul>
 *
 * <p>Thread-safe: the heap store's reader and the cache are concurrent.
 */
final class HashStore implements ClientStore {
    private final GdsStore heap;
    private final GdsClientStore facts;
    /** Peers' values fetched since the last fence; written under its lock, read without. */
    private final Map<Proc, Map<String, Value>> peers = new ConcurrentHashMap<>();
    /** Guarded by {@link #peers}; read racily by fetches, which only compare it. */
    private volatile long epoch;

    HashStore(JobData job) {
        this.heap = Gds.heapStore(job.localHost());
        heap.register(job.registration());
        this.facts = GdsClientStore.of(heap.reader());
    }

    @Override
    public Optional<Value> get(Proc target, String key, List<Info> qualifiers, Proc requester) {
        return facts.get(target, key, qualifiers, requester);
    }

    @Override
    public Value known(Proc target, String key, Proc requester) {
        return facts.known(target, key, requester);
    }

    /**
     * As OpenPMIx's client decides ({@code client/pmix_client_get.c:469-511, 910-913, 968-980}): a key
     * of the session or an application, or one asked with a realm qualifier, is answered from the job
     * data alone; any other reserved key the job data lacks is asked of the server (with
     * {@code PMIX_IMMEDIATE}).
     */
    @Override
    public boolean serverMayKnow(Proc target, String key, List<Info> qualifiers) {
        for (Info i : qualifiers) {
            if (i.is(Keys.SESSION_INFO) || i.is(Keys.APP_INFO) || i.is(Keys.NODE_INFO) || i.is(Keys.OPTIONAL)) {
                return false;
            }
        }
        Keys.Realm realm = Keys.defaultRealm(key).orElse(null);
        return realm != Keys.Realm.SESSION && realm != Keys.Realm.APP;
    }

    @Override
    public Optional<Value> modex(Proc target, String key) {
        Map<String, Value> values = peers.get(target);
        return Optional.ofNullable(values == null ? null : values.get(key));
    }

    /** Which fence the cached values belong to: each completed fence starts a new epoch. */
    long epoch() {
        return epoch;
    }

    /**
     * A GET reply's values of {@code proc}, fetched in {@code epoch}: kept until the next fence
     * completes; a reply that comes after that (a fetch of the epoch before) is not kept.
     */
    void cache(Proc proc, Map<String, Value> values, long epoch) {
        synchronized (peers) {
            if (epoch == this.epoch) {
                peers.put(proc, Map.copyOf(values));
            }
        }
    }

    /** Whether {@code proc}'s values of this epoch are here. */
    boolean isCached(Proc proc) {
        return peers.containsKey(proc);
    }

    /** A fence completed: peers may have posted since their values were fetched. */
    void forgetPeers() {
        synchronized (peers) {
            epoch++;
            peers.clear();
        }
    }

    /** {@code PMIx_Resolve_peers} of a namespace in the job data ({@link io.github.jpmix.gds.GdsReader#peers}). */
    int[] peers(String namespace, String node) {
        return heap.reader().peers(namespace, node);
    }

    /** {@code PMIx_Resolve_nodes} of a namespace in the job data ({@link io.github.jpmix.gds.GdsReader#nodes}). */
    List<String> nodes(String namespace) {
        return heap.reader().nodes(namespace);
    }

    /** Generations are JPMIx's; an OpenPMIx server names none. */
    @Override
    public void advanceModex(long generation, long version, byte[] frames) {
    }

    @Override
    public void close() {
        heap.close();
    }
}
