package io.github.jpmix.gds;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A store on the heap of one process: the server's reader reads it, nobody else can. Registrations
 * become immutable {@link HeapJobView}s; each modex generation is an immutable snapshot of the union,
 * swapped in with one volatile write, so readers never lock and never see half of anything.
 */
final class HeapStore implements GdsStore {
    private final String localHost;
    private final Reader reader;
    /** The union of everything posted, per process and key; the writer's, guarded by this. */
    private final Map<Proc, Map<String, Value>> union = new HashMap<>();
    private volatile Snapshot modex = new Snapshot(0, Map.of());
    /** The number of the last snapshot made; never reused. */
    private long generation;
    private boolean closed;

    private record Snapshot(long generation, Map<Proc, Map<String, Value>> data) {
    }

    HeapStore(String localHost) {
        this.localHost = Objects.requireNonNull(localHost, "localHost");
        this.reader = new Reader();
    }

    @Override
    public synchronized void register(Registration registration) {
        Objects.requireNonNull(registration, "registration");
        open();
        if (reader.hasNamespace(registration.namespace())) {
            throw new PmixException(Status.ERR_EXISTS, "register: namespace '" + registration.namespace()
                    + "' is registered");
        }
        reader.add(new HeapJobView(JobImage.of(registration, localHost)));
    }

    /** As {@link MappedStore#deregister}: the data leaves what readers see at once, and with the last namespace, every snapshot. */
    @Override
    public synchronized boolean deregister(String namespace) {
        Objects.requireNonNull(namespace, "namespace");
        boolean held = union.keySet().removeIf(p -> p.namespace().equals(namespace));
        boolean was = reader.remove(namespace);
        if (reader.namespaces().isEmpty()) {
            union.clear();
            modex = new Snapshot(0, Map.of());
        } else if (held) {
            snapshot();
        }
        return was;
    }

    @Override
    public synchronized long publishModex(Map<Proc, ? extends Map<String, Value>> posted) {
        Objects.requireNonNull(posted, "posted");
        open();
        AbstractReader.checkPosted(posted);
        posted.forEach((p, kv) -> union.computeIfAbsent(p, x -> new HashMap<>()).putAll(kv));
        return snapshot();
    }

    private long snapshot() {
        Map<Proc, Map<String, Value>> copy = new HashMap<>(union.size() * 2);
        union.forEach((p, kv) -> copy.put(p, Map.copyOf(kv)));
        modex = new Snapshot(++generation, copy);
        return generation;
    }

    @Override
    public long modexGeneration() {
        return modex.generation();
    }

    @Override
    public GdsReader reader() {
        return reader;
    }

    /** A heap store cannot be attached from another process: the map says so, and {@link Gds#attach} refuses it. */
    @Override
    public Map<String, String> attachInfo() {
        return Map.of(Gds.KIND, Gds.KIND_HEAP, Gds.HOST, localHost);
    }

    @Override
    public String localHost() {
        return localHost;
    }

    @Override
    public synchronized void close() {
        closed = true;
        reader.removeAll();
        union.clear();
        modex = new Snapshot(modex.generation(), Map.of());
    }

    private void open() {
        if (closed) {
            throw new PmixException(Status.ERR_INIT, "gds: store is closed");
        }
    }

    private final class Reader extends AbstractReader {
        Reader() {
            super(localHost);
        }

        @Override
        Value modexLookup(Proc target, String key) {
            Map<String, Value> kv = modex.data().get(target);
            return kv == null ? null : kv.get(key);
        }

        @Override
        public long modexGeneration() {
            return modex.generation();
        }

        /** The heap reader always reads the newest generation. */
        @Override
        public void advanceModex(long generation) {
        }

        /** The heap store's reader knows every registered namespace already. */
        @Override
        public boolean attachNamespace(String namespace) {
            return hasNamespace(namespace);
        }

        /** The server's reader closes with its store. */
        @Override
        public void close() {
        }
    }
}
