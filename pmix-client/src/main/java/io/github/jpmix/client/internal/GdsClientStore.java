package io.github.jpmix.client.internal;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.protocol.ModexFrames;
import io.github.jpmix.gds.Gds;
import io.github.jpmix.gds.GdsReader;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Not API. {@link ClientStore} on a pmix-gds reader attached to the server's store: reads happen in
 * this process, in the server's mapped files. A namespace other than the client's own is attached
 * on first use when the server's store has it.
 *
 * <p><b>Facts read once are kept.</b> A namespace's file is written once and never changes while it
 * is registered (docs/gds.md), so a reserved key asked without qualifiers gives the same answer
 * every time, as long as the set of namespaces this reader knows is the same (a node's
 * {@code PMIX_NODE_SIZE} counts every namespace known). Such answers are kept on the heap in a
 * direct-mapped table of {@link #SLOTS} entries (a newer answer takes the slot of an older one with
 * the same hash bits): a repeated get is one array read and a comparison, no Chronicle query and no
 * allocation, fast even before the JIT has compiled the path (a process reads most facts in its first
 * milliseconds, interpreted). The last answer found is also remembered with the very objects it was
 * asked with, so a get repeated with the same {@code Proc} and key strings compares three references.
 * Memory stays bounded whatever the job size. Attaching a namespace starts an empty table.
 */
public final class GdsClientStore implements ClientStore {
    /** Entries of the table of kept answers (a power of two). */
    static final int SLOTS = 4096;

    /** A kept answer; immutable, so a racy read of a slot sees a whole one (final fields). */
    private static final class Fact {
        final Fact[] table;
        final int hash;
        final Proc target;
        final String namespace;
        final int rank;
        final String key;
        final Proc requester;
        final Value value;

        Fact(Fact[] table, int hash, Proc target, String key, Proc requester, Value value) {
            this.table = table;
            this.hash = hash;
            this.target = target;
            this.namespace = target.namespace();
            this.rank = target.rank();
            this.key = key;
            this.requester = requester;
            this.value = value;
        }

        /** Plain comparisons: a record's equals runs through method handles, slow until compiled. */
        boolean is(int h, String ns, int r, String k, Proc req) {
            return hash == h && rank == r && key.equals(k) && namespace.equals(ns)
                    && (requester == req || (requester != null && req != null && requester.rank() == req.rank()
                            && requester.namespace().equals(req.namespace())));
        }
    }

    private final GdsReader reader;
    /** Replaced (never cleared) when the namespaces known change: a get in flight keeps its own table. */
    private volatile Fact[] facts = new Fact[SLOTS];
    /** Posted data newer than the mapped modex generation (immutable maps), from the newest release. */
    private volatile Map<Proc, Map<String, Value>> unpublished = Map.of();
    /** The server's version of that data ({@code jpmix.modex.version}). Guarded by this. */
    private long modexVersion = -1;
    /** The last answer found; racy on purpose (a stale or missing one only costs the table lookup). */
    private Fact last;

    /** On any reader (tests use a heap store's). */
    GdsClientStore(GdsReader reader) {
        this.reader = reader;
    }

    /** On a reader this process has already (a heap store's, holding job data a server sent). */
    public static GdsClientStore of(GdsReader reader) {
        return new GdsClientStore(reader);
    }

    /** Attaches to the store the handshake described, for namespace {@code nspace}. */
    public static GdsClientStore open(Map<String, String> attachInfo, String nspace) {
        return new GdsClientStore(Gds.attach(attachInfo, nspace));
    }

    private static int hash(String namespace, int rank, String key) {
        int h = (namespace.hashCode() * 31 + rank) * 31 + key.hashCode();
        return h ^ (h >>> 16);
    }

    @Override
    public Value known(Proc target, String key, Proc requester) {
        Fact[] table = facts;
        Fact f = last;
        if (f != null && f.target == target && f.key == key && f.requester == requester && f.table == table) {
            return f.value;
        }
        String ns = target.namespace();
        int rank = target.rank();
        int h = hash(ns, rank, key);
        f = table[h & (SLOTS - 1)];
        if (f != null && f.is(h, ns, rank, key, requester)) {
            last = f;
            return f.value;
        }
        return null;
    }

    @Override
    public Optional<Value> get(Proc target, String key, List<Info> qualifiers, Proc requester) {
        Fact[] table = facts;
        if (qualifiers.isEmpty()) {
            Value known = known(target, key, requester);
            if (known != null) {
                return Optional.of(known);
            }
        }
        if (!reader.hasNamespace(target.namespace())) {
            if (!reader.attachNamespace(target.namespace())) {
                throw new PmixException(Status.ERR_INVALID_NAMESPACE, "namespace " + target.namespace() + " is not in this store");
            }
            // answers derived from the namespaces known before may differ now; attach happened first,
            // so a get that takes the new table reads with the new namespace
            facts = new Fact[SLOTS];
            return get(target, key, qualifiers, requester);
        }
        Value v = reader.get(target, key, qualifiers, requester);
        if (qualifiers.isEmpty() && v != null) {
            int h = hash(target.namespace(), target.rank(), key);
            table[h & (SLOTS - 1)] = new Fact(table, h, target, key, requester, v);
        }
        return Optional.ofNullable(v);
    }

    @Override
    public Optional<Value> modex(Proc target, String key) {
        Map<String, Value> newer = unpublished.get(target);
        Value v = newer == null ? null : newer.get(key);
        return Optional.ofNullable(v != null ? v : reader.modex(target, key));
    }

    @Override
    public synchronized void advanceModex(long generation, long version, byte[] frames) {
        if (version <= modexVersion) {
            return;
        }
        Map<Proc, Map<String, Value>> data = Map.of();
        if (frames != null) {
            data = new HashMap<>();
            for (ModexFrames.Frame f : ModexFrames.decode(frames)) {
                Map<String, Value> values = new HashMap<>(f.infos().size() * 2);
                for (Info i : f.infos()) {
                    values.put(i.key(), i.value());
                }
                data.put(f.proc(), values);
            }
        }
        reader.advanceModex(generation);
        modexVersion = version;
        // after the generation: the data is newer than the generation it came with, and a reader that
        // meanwhile takes the old data with the new generation reads values the fence has not yet returned
        this.unpublished = data;
    }

    @Override
    public void close() {
        reader.close();
    }
}
