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
    final Set<Proc> expected;
    final Map<Proc, Arrival> arrived = new LinkedHashMap<>();
    /** The directives of the first arrival (PMIx requires all participants to pass the same). */
    final List<Info> directives;
    /** {@code PMIX_COLLECT_DATA}: true if any participant asked for it. */
    boolean collectData;
    ScheduledFuture<?> timeout;
    boolean done;

    FenceTracker(List<Proc> participants, Set<Proc> expected, List<Info> directives) {
        this.participants = participants;
        this.expected = expected;
        this.directives = directives;
    }

    boolean complete() {
        return arrived.keySet().containsAll(expected);
    }

    @Override
    public String toString() {
        return "fence" + participants + " (" + arrived.size() + "/" + expected.size() + " local arrived)";
    }
}
