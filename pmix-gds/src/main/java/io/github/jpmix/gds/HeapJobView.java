package io.github.jpmix.gds;

import io.github.jpmix.common.Value;
import java.util.Map;

/** A namespace held on the heap: the {@link JobImage} itself. Immutable and thread-safe. */
final class HeapJobView extends JobView {
    private final Map<String, Value> entries;
    private final Topology topology;

    HeapJobView(JobImage image) {
        super(image.descriptor);
        this.entries = Map.copyOf(image.entries);
        this.topology = image.topology;
    }

    @Override
    Value lookup(CharSequence storageKey) {
        return entries.get(storageKey.toString());
    }

    @Override
    Topology topology() {
        return topology;
    }
}
