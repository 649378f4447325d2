package io.github.jpmix.gds;

import io.github.jpmix.common.Value;

/**
 * One namespace as a reader sees it: its {@link Descriptor}, its entries by {@link StoreKeys}, and
 * its {@link Topology}. The realm rules ({@link Resolver}) are written against this, once for both
 * implementations.
 *
 * <p>Implementations are thread-safe: many threads look up at once.
 */
abstract class JobView {
    final Descriptor desc;

    JobView(Descriptor desc) {
        this.desc = desc;
    }

    String namespace() {
        return desc.namespace;
    }

    /** The value stored under a key ({@link StoreKeys}), or null. The key may be a reused builder. */
    abstract Value lookup(CharSequence storageKey);

    /** The namespace's nodes and layout; may be built on first use. */
    abstract Topology topology();

    /** Frees what the view holds once no lookup uses it any more; lookups after it find nothing. */
    void retire() {
    }

    final Value job(String key) {
        return lookup(StoreKeys.job(key));
    }

    final Value session(String key) {
        return lookup(StoreKeys.session(key));
    }

    final Value app(long appnum, String key) {
        return lookup(StoreKeys.app(appnum, key));
    }

    /** A node slot's own value; no lookup at all for a slot the host gave nothing for. */
    final Value node(int slot, String key) {
        return slot < 0 || !desc.hasNodeData(slot) ? null : lookup(StoreKeys.node(slot, key));
    }

    /** A rank's own value; no lookup at all for a rank the host gave nothing for (every remote rank). */
    final Value proc(int rank, String key) {
        return desc.hasProcData(rank) ? lookup(StoreKeys.proc(rank, key)) : null;
    }
}
