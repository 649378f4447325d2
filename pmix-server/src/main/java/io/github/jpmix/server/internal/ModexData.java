package io.github.jpmix.server.internal;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Scope;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.protocol.MessageKeys;
import io.github.jpmix.common.internal.protocol.ModexFrames;
import io.github.jpmix.common.internal.protocol.PostedSize;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
 * <p>Contribution bytes (what {@code HostModule.fence} and {@code directModex} carry) are
 * {@link ModexFrames}: per process its posted infos with their scopes. Hosts concatenate the
 * contributions of all nodes; frames make the concatenation readable.
 */
final class ModexData {
    private record Posted(Value value, int scope, long size) {
    }

    private final Map<Proc, Map<String, Posted>> posted = new HashMap<>();
    /** What each local client's held keys count against its posted-bytes limit ({@link PostedSize}). */
    private final Map<Proc, Long> postedBytes = new HashMap<>();
    /**
     * The keys posted or received since the last {@link #published()}, per process: what the newest
     * store generation lacks (docs/gds.md, "Generations").
     */
    private final Map<Proc, Set<String>> unpublished = new LinkedHashMap<>();
    private final Predicate<Proc> isLocal;
    /** {@link #unpublished(int)}'s last answer, until the next change. */
    private byte[] unpublishedFrames;
    /** Grows with every change of what readers see: a value held, a publication, a namespace forgotten. */
    private long version;

    ModexData(Predicate<Proc> isLocal) {
        this.isLocal = isLocal;
    }

    /** A local client's commit without limits (tests). */
    void commit(Proc proc, List<Info> infos) {
        commit(proc, infos, Long.MAX_VALUE, Integer.MAX_VALUE);
    }

    /**
     * A local client's commit: its posted infos, scope in their directives ({@link MessageKeys#posted}).
     * All or nothing: when what the client would then hold passes a limit ({@link PostedSize}), nothing
     * of it is taken.
     *
     * @throws PmixException {@link Status#ERR_OUT_OF_RESOURCE} naming the limit
     */
    void commit(Proc proc, List<Info> infos, long maxBytes, int maxKeys) {
        Map<String, Posted> mine = posted.get(proc);
        long bytes = postedBytes.getOrDefault(proc, 0L);
        int keys = mine == null ? 0 : mine.size();
        Map<String, Long> batch = new HashMap<>();
        for (Info i : infos) {
            long size = PostedSize.of(i.key(), i.value());
            Long before = batch.get(i.key());
            if (before == null) {
                Posted old = mine == null ? null : mine.get(i.key());
                if (old == null) {
                    keys++;
                } else {
                    bytes -= old.size;
                }
            } else {
                bytes -= before;
            }
            batch.put(i.key(), size);
            bytes += size;
        }
        if (keys > maxKeys) {
            throw new PmixException(Status.ERR_OUT_OF_RESOURCE, "commit: " + proc + " would hold " + keys
                    + " posted keys, over the server's maxPostedKeysPerClient=" + maxKeys + " (nothing of this commit was taken)");
        }
        if (bytes > maxBytes) {
            throw new PmixException(Status.ERR_OUT_OF_RESOURCE, "commit: " + proc + " would hold " + bytes
                    + " bytes of posted data, over the server's maxPostedBytesPerClient=" + maxBytes
                    + " (nothing of this commit was taken)");
        }
        if (mine == null) {
            mine = new LinkedHashMap<>();
            posted.put(proc, mine);
        }
        for (Info i : infos) {
            hold(proc, mine, i);
        }
        postedBytes.put(proc, bytes);
    }

    private void hold(Proc proc, Map<String, Posted> data, Info posted) {
        data.put(posted.key(), new Posted(posted.value(), MessageKeys.scopeOf(posted),
                PostedSize.of(posted.key(), posted.value())));
        unpublished.computeIfAbsent(proc, p -> new LinkedHashSet<>()).add(posted.key());
        unpublishedFrames = null;
        version++;
    }

    /** The version of what readers see ({@code jpmix.modex.version}, docs/protocol.md): grows with every change. */
    long version() {
        return version;
    }

    /**
     * Whether anything was posted or received since the last {@link #published()}: a fence that
     * brought nothing new releases with the generation already published instead of writing a
     * new one (docs/gds.md, "Generations").
     */
    boolean changed() {
        return !unpublished.isEmpty();
    }

    /** What is held now is in the newest store generation. */
    void published() {
        unpublished.clear();
        unpublishedFrames = null;
        version++;
    }

    /**
     * What this node's processes may read that the newest generation lacks, as {@link ModexFrames}
     * (each key with its newest value), when those frames take at most {@code limit} bytes; null when
     * they take more (then publish a generation instead), empty when there is nothing.
     */
    byte[] unpublished(int limit) {
        if (unpublishedFrames == null) {
            Map<Proc, List<Info>> data = new LinkedHashMap<>();
            for (Map.Entry<Proc, Set<String>> e : unpublished.entrySet()) {
                Map<String, Posted> held = posted.getOrDefault(e.getKey(), Map.of());
                List<Info> infos = new ArrayList<>(e.getValue().size());
                for (String key : e.getValue()) {
                    Posted p = held.get(key);
                    if (p != null && visibleHere(e.getKey(), p.scope)) {
                        infos.add(Info.of(key, p.value));
                    }
                }
                if (!infos.isEmpty()) {
                    data.put(e.getKey(), infos);
                }
            }
            unpublishedFrames = data.isEmpty() ? new byte[0] : ModexFrames.encode(data);
        }
        return unpublishedFrames.length <= limit ? unpublishedFrames : null;
    }

    /** A namespace was deregistered: its processes' data goes, from lookups and from what releases carry. */
    void forget(String nspace) {
        posted.keySet().removeIf(p -> p.namespace().equals(nspace));
        postedBytes.keySet().removeIf(p -> p.namespace().equals(nspace));
        if (unpublished.keySet().removeIf(p -> p.namespace().equals(nspace))) {
            unpublishedFrames = null;
            version++;
        }
    }

    /** A posted value this node's processes may read, or null. */
    Value lookup(Proc proc, String key) {
        Map<String, Posted> data = posted.get(proc);
        Posted p = data == null ? null : data.get(key);
        return p != null && visibleHere(proc, p.scope) ? p.value : null;
    }

    /** What this node's processes may read of {@code proc}'s posted data: key to newest value; empty if nothing. */
    Map<String, Value> visible(Proc proc) {
        Map<String, Posted> data = posted.get(proc);
        if (data == null) {
            return Map.of();
        }
        Map<String, Value> out = new LinkedHashMap<>();
        for (Map.Entry<String, Posted> p : data.entrySet()) {
            if (visibleHere(proc, p.getValue().scope)) {
                out.put(p.getKey(), p.getValue().value);
            }
        }
        return out;
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
        for (Proc p : posted.keySet()) {
            Map<String, Value> values = visible(p);
            if (!values.isEmpty()) {
                out.put(p, values);
            }
        }
        return out;
    }

    /** The contribution of these local processes to other nodes: their REMOTE and GLOBAL data. */
    byte[] contribution(Collection<Proc> procs) {
        Map<Proc, List<Info>> out = new LinkedHashMap<>();
        for (Proc proc : procs) {
            Map<String, Posted> data = posted.get(proc);
            List<Info> infos = new ArrayList<>();
            if (data != null) {
                for (Map.Entry<String, Posted> p : data.entrySet()) {
                    if (p.getValue().scope != Scope.LOCAL) {
                        infos.add(MessageKeys.posted(p.getKey(), p.getValue().value, p.getValue().scope));
                    }
                }
            }
            out.put(proc, infos);
        }
        return ModexFrames.encode(out);
    }

    /**
     * Takes in contributions (this node's own frames included, which are skipped: local data is
     * already here, with its LOCAL-scoped keys the contribution lacks).
     *
     * @throws PmixException {@link Status#ERR_UNPACK_FAILURE} for bytes that are not frames
     */
    void absorb(byte[] contributions) {
        for (ModexFrames.Frame frame : ModexFrames.decode(contributions)) {
            if (isLocal.test(frame.proc())) {
                continue;
            }
            Map<String, Posted> theirs = posted.computeIfAbsent(frame.proc(), p -> new LinkedHashMap<>());
            for (Info i : frame.infos()) {
                hold(frame.proc(), theirs, i);
            }
        }
    }
}
