package io.github.jpmix.client.internal;

import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.protocol.MessageKeys;
import io.github.jpmix.common.internal.protocol.Messages;
import io.github.jpmix.common.internal.protocol.Op;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Not API. A client's side of the modex ({@code PMIx_Put}, {@code PMIx_Commit}, {@code PMIx_Fence}):
 * what it posted since its last commit, the fence request (encoded once for a loop of identical
 * fences), and the modex generation a fence release or the handshake reply names, which its store
 * reads from then on ({@code docs/protocol.md}, {@code docs/gds.md} "Generations").
 *
 * <p>Thread-safe: the posts are guarded by their map; the last fence request is racy on purpose (a
 * stale one is only encoded again).
 */
public final class ModexExchange {
    private final Proc self;
    private final GetRouter gets;
    /** Posted since the last commit, by key. Guarded by itself. */
    private final Map<String, Info> pending = new LinkedHashMap<>();
    /** See {@link EncodedFence}. */
    private EncodedFence lastFence;

    public ModexExchange(Proc self, GetRouter gets) {
        this.self = Objects.requireNonNull(self, "self");
        this.gets = Objects.requireNonNull(gets, "gets");
    }

    /** Posts {@code value} (checked by the caller) for the next commit; this process's gets see it at once. */
    public void put(int scope, String key, Value value) {
        synchronized (pending) {
            pending.put(key, MessageKeys.posted(key, value, scope));
            gets.posted(key, value);
        }
    }

    /** Everything posted since the last call, for a COMMIT request; forgotten here ({@link #restore} if unsent). */
    public List<Info> takePosts() {
        synchronized (pending) {
            List<Info> batch = new ArrayList<>(pending.values());
            pending.clear();
            return batch;
        }
    }

    /** A commit could not send {@code batch}: keep it for the next one, except keys posted again meanwhile. */
    public void restore(List<Info> batch) {
        synchronized (pending) {
            for (Info i : batch) {
                pending.putIfAbsent(i.key(), i);
            }
        }
    }

    /**
     * The FENCE request for {@code procs} (empty or null: this process's namespace) with these
     * directives: the last one again when they are the same.
     */
    public byte[] fence(Collection<Proc> procs, List<Info> directives) {
        List<Proc> list = procs == null || procs.isEmpty() ? List.of(Proc.wildcard(self.namespace())) : List.copyOf(procs);
        EncodedFence f = lastFence;
        if (f == null || !f.procs().equals(list) || !f.directives().equals(directives)) {
            List<Info> fields = new ArrayList<>();
            fields.add(Info.of(MessageKeys.PROCS, Value.ofDataArray(DataArray.of(DataType.PROC, list))));
            fields.addAll(directives);
            f = new EncodedFence(list, List.copyOf(directives), Messages.request(Op.FENCE, fields));
            lastFence = f;
        }
        return f.payload();
    }

    /**
     * The last fence request's participants, directives and bytes: a loop of identical fences (the
     * usual case) encodes the request once. Never written to after it is made, so it is sent again as is.
     */
    private record EncodedFence(List<Proc> procs, List<Info> directives, byte[] payload) {
    }

    /**
     * A fence release or the handshake reply names the newest modex generation and carries the
     * (small) posted data it lacks, if any: {@code store} reads both from now on (docs/gds.md,
     * "Generations"). A reply without a generation changes nothing.
     */
    public static void advance(ClientStore store, List<Info> reply) {
        Value gen = MessageKeys.find(reply, MessageKeys.MODEX_GENERATION);
        if (gen == null) {
            return;
        }
        Value carried = MessageKeys.find(reply, MessageKeys.MODEX_UNPUBLISHED);
        store.advanceModex(gen.asLong(), MessageKeys.require(reply, MessageKeys.MODEX_VERSION).asLong(),
                carried == null ? null : carried.asBytes());
    }
}
