package io.github.jpmix.client.internal;

import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.protocol.MessageKeys;
import io.github.jpmix.common.internal.protocol.Messages;
import io.github.jpmix.common.internal.protocol.Op;
import io.github.jpmix.common.internal.protocol.PostedSize;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
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
    /**
     * What each key this process posted counts against the server's limits ({@link PostedSize}):
     * the newest value of every key, committed or pending ({@link #sizes}, totalling {@link #bytes}),
     * and what the server took ({@link #held}), to go back to when it refuses a commit. Guarded by
     * {@link #pending}.
     */
    private final Map<String, Long> sizes = new HashMap<>();
    private final Map<String, Long> held = new HashMap<>();
    private long bytes;
    /** The server's limits (from the handshake reply); none when it did not send them. */
    private long maxBytes = Long.MAX_VALUE;
    private long maxKeys = Long.MAX_VALUE;
    /** See {@link EncodedFence}. */
    private EncodedFence lastFence;

    public ModexExchange(Proc self, GetRouter gets) {
        this.self = Objects.requireNonNull(self, "self");
        this.gets = Objects.requireNonNull(gets, "gets");
    }

    /** The server's limits on what this process may post, as its handshake reply states them (absent: none). */
    public void limits(List<Info> handshakeReply) {
        Value b = MessageKeys.find(handshakeReply, MessageKeys.LIMIT_POSTED_BYTES);
        Value k = MessageKeys.find(handshakeReply, MessageKeys.LIMIT_POSTED_KEYS);
        synchronized (pending) {
            maxBytes = b == null ? Long.MAX_VALUE : b.asLong();
            maxKeys = k == null ? Long.MAX_VALUE : Integer.toUnsignedLong(k.asInt());
        }
    }

    /**
     * Posts {@code value} (checked by the caller) for the next commit; this process's gets see it at once.
     *
     * @throws PmixException {@link Status#ERR_OUT_OF_RESOURCE} naming the server's limit when this
     *     process's posted data would pass it; nothing is stored then
     */
    public void put(int scope, String key, Value value) {
        long size = PostedSize.of(key, value);
        synchronized (pending) {
            Long old = sizes.get(key);
            long keys = sizes.size() + (old == null ? 1 : 0);
            long total = bytes - (old == null ? 0 : old) + size;
            if (keys > maxKeys) {
                throw new PmixException(Status.ERR_OUT_OF_RESOURCE, "put: '" + key + "' would be this process's "
                        + keys + "th posted key, over the server's maxPostedKeysPerClient=" + maxKeys);
            }
            if (total > maxBytes) {
                throw new PmixException(Status.ERR_OUT_OF_RESOURCE, "put: '" + key + "' (" + size
                        + " bytes) would make this process's posted data " + total
                        + " bytes, over the server's maxPostedBytesPerClient=" + maxBytes);
            }
            sizes.put(key, size);
            bytes = total;
            pending.put(key, MessageKeys.posted(key, value, scope));
            gets.posted(key, value);
        }
    }

    /** The server took {@code batch}: what it holds is what was counted for it. */
    public void committed(List<Info> batch) {
        synchronized (pending) {
            for (Info i : batch) {
                held.put(i.key(), PostedSize.of(i.key(), i.value()));
            }
        }
    }

    /**
     * The server refused {@code batch} (a limit): it holds none of it, so its keys count what the
     * server still holds, unless posted again meanwhile. The refused values stay visible to this
     * process's own gets until posted again (the caller was told the commit failed).
     */
    public void refused(List<Info> batch) {
        synchronized (pending) {
            for (Info i : batch) {
                if (pending.containsKey(i.key())) {
                    continue;
                }
                Long now = sizes.remove(i.key());
                bytes -= now == null ? 0 : now;
                Long before = held.get(i.key());
                if (before != null) {
                    sizes.put(i.key(), before);
                    bytes += before;
                }
            }
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
