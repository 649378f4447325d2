package io.github.jpmix.server.internal;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Proc;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ScheduledFuture;

/**
 * Not API. One fence operation in progress on this node: its participants as the clients named
 * them, the local participants it waits for, and who has arrived (with the request to answer).
 * Guarded by the server lock.
 */
final class FenceTracker {
    /** Who arrived, and the request each waits on. */
    record Arrival(ClientRecord client, int correlationId) {
    }

    final List<Proc> participants;
    /** The registered local clients among the participants. */
    final Set<Proc> expected;
    /**
     * Per namespace with a wildcard participant, how many of its processes run here: all of them must
     * arrive, registered when the operation began or not ({@link FenceHandler}, "Wildcard").
     */
    final Map<String, Integer> localCounts;
    /** Who arrived, in order: read it, and add to it with {@link #arrive} only. */
    final Map<Proc, Arrival> arrived = new LinkedHashMap<>();
    /** How many of {@link #expected} have arrived. */
    private int expectedArrived;
    /** Per namespace of {@link #localCounts}, how many of its processes have arrived. */
    private final Map<String, Integer> arrivedPerNamespace = new HashMap<>();
    /** The directives of the first arrival (PMIx requires all participants to pass the same). */
    final List<Info> directives;
    /** {@code PMIX_COLLECT_DATA}: true if any participant asked for it. */
    boolean collectData;
    ScheduledFuture<?> timeout;
    boolean done;
    /** This node's contribution and the host's fence of it, once asked (by the completing thread). */
    byte[] contribution;
    java.util.concurrent.CompletionStage<byte[]> hostFence;

    FenceTracker(List<Proc> participants, Set<Proc> expected, Map<String, Integer> localCounts, List<Info> directives) {
        this.participants = participants;
        this.expected = expected;
        this.localCounts = localCounts;
        this.directives = directives;
    }

    /**
     * Notes that {@code proc} arrived with request {@code a}; a process that arrived already only has its
     * request replaced (the same arrival handed over again). The counts make {@link #complete} a few
     * comparisons, however many take part: it runs at every arrival, and checking every expected
     * process each time made a fence of N local processes cost N squared lookups.
     */
    void arrive(Proc proc, Arrival a) {
        if (arrived.put(proc, a) != null) {
            return;
        }
        if (expected.contains(proc)) {
            expectedArrived++;
        }
        if (localCounts.containsKey(proc.namespace())) {
            arrivedPerNamespace.merge(proc.namespace(), 1, Integer::sum);
        }
    }

    /** Whether every expected process, and every process of each wildcard namespace here, has arrived. */
    boolean complete() {
        if (expectedArrived < expected.size()) {
            return false;
        }
        for (Map.Entry<String, Integer> e : localCounts.entrySet()) {
            if (arrivedPerNamespace.getOrDefault(e.getKey(), 0) < e.getValue()) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code proc} takes part: expected by name, or a process of a wildcard namespace. */
    boolean expects(Proc proc) {
        return expected.contains(proc) || localCounts.containsKey(proc.namespace());
    }

    @Override
    public String toString() {
        int local = expected.size();
        for (Map.Entry<String, Integer> e : localCounts.entrySet()) {
            local += Math.max(0, e.getValue() - (int) expected.stream().filter(p -> p.namespace().equals(e.getKey())).count());
        }
        return "fence" + participants + " (" + arrived.size() + "/" + local + " local arrived)";
    }
}
