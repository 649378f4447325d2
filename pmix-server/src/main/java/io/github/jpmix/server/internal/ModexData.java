package io.github.jpmix.server.internal;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Scope;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.Codec;
import io.github.jpmix.common.internal.wire.WireKeys;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Not API. Every value processes have posted that this server holds: committed by its local
 * clients, or received from other nodes in fence results and direct-modex answers. A key posted
 * again replaces the old value (the newest wins). Guarded by the server lock.
 *
 * <p>Scopes, as {@code pmix_common.h} defines them: {@code PMIX_LOCAL} data is for processes on the
 * same node only, {@code PMIX_REMOTE} for processes on other nodes only, {@code PMIX_GLOBAL} for
 * both. So a node's contribution to a fence carries its local processes' REMOTE and GLOBAL data,
 * and what this node's processes may read ({@link #visibleHere}) is the LOCAL and GLOBAL data of
 * local processes plus everything received from other nodes.
 *
 * <p>Contribution bytes (what {@code HostModule.fence} and {@code directModex} carry): frames of a
 * little-endian {@code int32} length and a codec {@code List<Info>}: the proc (field
 * {@code jpmix.target}) followed by its posted infos with their scopes. Hosts concatenate the
 * contributions of all nodes; frames make the concatenation readable.
 */
final class ModexData {
    private record Posted(Value value, int scope) {
    }

    private final Map<Proc, Map<String, Posted>> posted = new HashMap<>();
    private final Predicate<Proc> isLocal;
    /** Something was posted or received since the last {@link #published()}. */
    private boolean changed;

    ModexData(Predicate<Proc> isLocal) {
        this.isLocal = isLocal;
    }

    /** A local client's commit: its posted infos, scope in their directives ({@link WireKeys#posted}). */
    void commit(Proc proc, List<Info> infos) {
        Map<String, Posted> mine = posted.computeIfAbsent(proc, p -> new LinkedHashMap<>());
        for (Info i : infos) {
            mine.put(i.key(), new Posted(i.value(), WireKeys.scopeOf(i)));
            changed = true;
        }
    }

    /**
     * Whether anything was posted or received since the last {@link #published()}: a fence that
     * brought nothing new releases with the generation already published instead of writing a
     * new one (docs/gds.md, "Generations").
     */
    boolean changed() {
        return changed;
    }

    /** What is held now is in the newest store generation. */
    void published() {
        changed = false;
    }

    /** A posted value this node's processes may read, or null. */
    Value lookup(Proc proc, String key) {
        Map<String, Posted> data = posted.get(proc);
        Posted p = data == null ? null : data.get(key);
        return p != null && visibleHere(proc, p.scope) ? p.value : null;
    }

    /** Whether anything of {@code proc} is held. */
    boolean holds(Proc proc) {
        return posted.containsKey(proc);
    }

    private boolean visibleHere(Proc proc, int scope) {
        return !isLocal.test(proc) || scope != Scope.REMOTE;
    }

    /** Everything this node's processes may read, for a new store generation. */
    Map<Proc, Map<String, Value>> visibleHere() {
        Map<Proc, Map<String, Value>> out = new HashMap<>(posted.size() * 2);
        for (Map.Entry<Proc, Map<String, Posted>> e : posted.entrySet()) {
            Map<String, Value> values = new LinkedHashMap<>();
            for (Map.Entry<String, Posted> p : e.getValue().entrySet()) {
                if (visibleHere(e.getKey(), p.getValue().scope)) {
                    values.put(p.getKey(), p.getValue().value);
                }
            }
            if (!values.isEmpty()) {
                out.put(e.getKey(), values);
            }
        }
        return out;
    }

    /** The contribution of these local processes to other nodes: their REMOTE and GLOBAL data. */
    byte[] contribution(Collection<Proc> procs) {
        List<byte[]> frames = new ArrayList<>();
        int total = 0;
        for (Proc proc : procs) {
            Map<String, Posted> data = posted.get(proc);
            List<Info> infos = new ArrayList<>();
            infos.add(Info.of(WireKeys.TARGET, Value.ofProc(proc)));
            if (data != null) {
                for (Map.Entry<String, Posted> p : data.entrySet()) {
                    if (p.getValue().scope != Scope.LOCAL) {
                        infos.add(WireKeys.posted(p.getKey(), p.getValue().value, p.getValue().scope));
                    }
                }
            }
            byte[] frame = Codec.local().encode(infos);
            frames.add(frame);
            total += 4 + frame.length;
        }
        ByteBuffer out = ByteBuffer.allocate(total).order(ByteOrder.LITTLE_ENDIAN);
        for (byte[] f : frames) {
            out.putInt(f.length).put(f);
        }
        return out.array();
    }

    /**
     * Takes in contributions (this node's own frames included, which are skipped: local data is
     * already here, with its LOCAL-scoped keys the contribution lacks).
     *
     * @throws PmixException {@link Status#ERR_UNPACK_FAILURE} for bytes that are not frames
     */
    void absorb(byte[] contributions) {
        ByteBuffer in = ByteBuffer.wrap(contributions).order(ByteOrder.LITTLE_ENDIAN);
        while (in.hasRemaining()) {
            if (in.remaining() < 4) {
                throw new PmixException(Status.ERR_UNPACK_FAILURE, "modex: truncated frame header at " + in.position());
            }
            int length = in.getInt();
            if (length < 0 || length > in.remaining()) {
                throw new PmixException(Status.ERR_UNPACK_FAILURE,
                        "modex: frame of " + length + " bytes at " + (in.position() - 4) + " overruns the data");
            }
            List<Info> infos = Codec.local().decodeInfos(new org.agrona.concurrent.UnsafeBuffer(contributions), in.position(), length);
            in.position(in.position() + length);
            Proc proc = WireKeys.require(infos, WireKeys.TARGET).asProc();
            if (isLocal.test(proc)) {
                continue;
            }
            Map<String, Posted> theirs = posted.computeIfAbsent(proc, p -> new LinkedHashMap<>());
            for (Info i : infos) {
                if (!WireKeys.isField(i)) {
                    theirs.put(i.key(), new Posted(i.value(), WireKeys.scopeOf(i)));
                    changed = true;
                }
            }
        }
    }
}
