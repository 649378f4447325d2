package io.github.jpmix.server.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.Proc;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** When a fence operation is complete: every expected process, and all of a wildcard namespace's local ones, arrived. */
class FenceTrackerTest {
    private static FenceTracker.Arrival request(int id) {
        return new FenceTracker.Arrival(null, id);
    }

    @Test
    void shouldCompleteWhenEveryNamedProcessArrivedOnce() {
        Proc a0 = new Proc("a", 0);
        Proc a1 = new Proc("a", 1);
        FenceTracker t = new FenceTracker(List.of(a0, a1), Set.of(a0, a1), Map.of(), List.of());
        assertFalse(t.complete());
        t.arrive(a0, request(1));
        assertFalse(t.complete());
        t.arrive(a0, request(2)); // the same arrival handed over again: its request replaced, not counted twice
        assertFalse(t.complete());
        assertEquals(2, t.arrived.get(a0).correlationId());
        t.arrive(a1, request(3));
        assertTrue(t.complete());
        assertEquals(List.of(a0, a1), List.copyOf(t.arrived.keySet()));
    }

    @Test
    void shouldWaitForEveryLocalProcessOfAWildcardNamespaceRegisteredOrNot() {
        // "a" runs 3 processes here, only a:0 registered when the operation began; b:0 is named
        Proc a0 = new Proc("a", 0);
        Proc b0 = new Proc("b", 0);
        FenceTracker t = new FenceTracker(List.of(Proc.wildcard("a"), b0), Set.of(a0, b0), Map.of("a", 3), List.of());
        t.arrive(b0, request(1));
        t.arrive(a0, request(2));
        t.arrive(new Proc("a", 2), request(3));
        assertFalse(t.complete(), "two of a's three processes");
        t.arrive(new Proc("a", 2), request(4));
        assertFalse(t.complete(), "a repeated arrival is not a third process");
        t.arrive(new Proc("a", 1), request(5));
        assertTrue(t.complete());
    }

    @Test
    void shouldNotCountAnotherNamespacesProcessesForAWildcard() {
        FenceTracker t = new FenceTracker(List.of(Proc.wildcard("a")), Set.of(), Map.of("a", 1), List.of());
        t.arrive(new Proc("c", 0), request(1));
        assertFalse(t.complete());
        t.arrive(new Proc("a", 0), request(2));
        assertTrue(t.complete());
    }
}
