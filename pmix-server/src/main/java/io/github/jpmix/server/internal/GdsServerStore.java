package io.github.jpmix.server.internal;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Value;
import io.github.jpmix.gds.Gds;
import io.github.jpmix.gds.GdsReader;
import io.github.jpmix.gds.GdsStore;
import io.github.jpmix.gds.Registration;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Not API. {@link ServerStore} on pmix-gds's memory-mapped store, in the session directory. */
final class GdsServerStore implements ServerStore {
    private final GdsStore store;
    private final GdsReader reader;
    /** The registrations by namespace, for what the store does not answer key by key ({@link #registration}). */
    private final Map<String, Registration> registrations = new java.util.concurrent.ConcurrentHashMap<>();

    private GdsServerStore(GdsStore store) {
        this.store = store;
        this.reader = store.reader();
    }

    static GdsServerStore create(Path sessionDirectory, String hostname) {
        return new GdsServerStore(Gds.mappedStore(sessionDirectory, hostname));
    }

    @Override
    public void registerNamespace(String nspace, int nlocalprocs, List<Info> info) {
        Registration r = Registration.parse(nspace, nlocalprocs, info);
        store.register(r);
        registrations.put(nspace, r);
    }

    @Override
    public void deregisterNamespace(String nspace) {
        registrations.remove(nspace);
        store.deregister(nspace);
    }

    @Override
    public Optional<Registration> registration(String nspace) {
        return Optional.ofNullable(registrations.get(nspace));
    }

    @Override
    public boolean hasNamespace(String nspace) {
        return reader.hasNamespace(nspace);
    }

    @Override
    public Map<String, String> attachInfo(String nspace) {
        return store.attachInfo();
    }

    @Override
    public Optional<Value> get(Proc target, String key, List<Info> qualifiers, Proc requester) {
        return Optional.ofNullable(reader.get(target, key, qualifiers, requester));
    }

    @Override
    public long publishModex(Map<Proc, Map<String, Value>> data) {
        return store.publishModex(data);
    }

    @Override
    public long modexGeneration() {
        return store.modexGeneration();
    }

    @Override
    public List<String> nodes(String nspace) {
        return reader.nodes(nspace);
    }

    @Override
    public List<Proc> peers(String node, String nspace) {
        int[] ranks = reader.peers(nspace, node);
        List<Proc> out = new ArrayList<>(ranks.length);
        for (int r : ranks) {
            out.add(new Proc(nspace, r));
        }
        return out;
    }

    @Override
    public List<String> namespaces() {
        // sorted: merged answers (resolve with a null namespace) come out the same every time
        return reader.namespaces().stream().sorted().toList();
    }

    @Override
    public void close() {
        registrations.clear();
        store.close();
    }
}
