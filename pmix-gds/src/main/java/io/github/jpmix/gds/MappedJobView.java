package io.github.jpmix.gds;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.codec.Codec;
import java.nio.file.Path;
import java.util.List;

/**
 * A namespace read from its job file. The descriptor is read on attach (a handful of values); the
 * topology, O(nodes + ranges), on the first lookup that needs it, so attaching costs the same for a
 * job of ten processes and of a million. Thread-safe.
 */
final class MappedJobView extends JobView {
    private final Mapping mapping;
    private volatile Topology topology;

    private MappedJobView(Descriptor desc, Mapping mapping) {
        super(desc);
        this.mapping = mapping;
    }

    /**
     * Maps a job file; null if there is none.
     *
     * @throws PmixException {@link Status#ERR_FILE_READ_FAILURE} if it is not a job file of this
     *     version or of another namespace
     */
    static MappedJobView open(Path file, String namespace) {
        Mapping m = Mapping.open(file);
        if (m == null) {
            return null;
        }
        try {
            List<Info> infos = m.read(StoreKeys.DESCRIPTOR, (b, len) -> Codec.local().decodeInfos(b, 0, len));
            if (infos == null) {
                throw new PmixException(Status.ERR_FILE_READ_FAILURE, "gds: " + file + " has no descriptor");
            }
            Descriptor d = Descriptor.decode(infos, file.toString());
            if (!d.namespace.equals(namespace)) {
                throw new PmixException(Status.ERR_FILE_READ_FAILURE, "gds: " + file + " holds namespace '"
                        + d.namespace + "', not '" + namespace + "'");
            }
            return new MappedJobView(d, m);
        } catch (RuntimeException e) {
            m.retire();
            throw e;
        }
    }

    @Override
    Value lookup(CharSequence storageKey) {
        return mapping.value(storageKey);
    }

    @Override
    Topology topology() {
        Topology t = topology;
        if (t == null) {
            synchronized (this) {
                t = topology;
                if (t == null) {
                    t = mapping.read(StoreKeys.TOPOLOGY, (b, len) -> Topology.decode(b, 0, len, desc.hasLayout));
                    if (t == null) {
                        // retired before anybody needed it: a topology of nothing but the local slot
                        t = Topology.empty(desc.localSlot);
                    }
                    topology = t;
                }
            }
        }
        return t;
    }

    @Override
    void retire() {
        mapping.retire();
    }
}
