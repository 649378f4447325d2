package io.github.jpmix.server.internal;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Proc;
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
    final Map<Proc, Arrival> arrived = new LinkedHashMap<>();
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

    boolean complete() {
        if (!arrived.keySet().containsAll(expected)) {
            return false;
        }
        for (Map.Entry<String, Integer> e : localCounts.entrySet()) {
            int n = 0;
            for (Proc p : arrived.keySet()) {
                if (p.namespace().equals(e.getKey())) {
                    n++;
                }
            }
            if (n < e.getValue()) {
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
