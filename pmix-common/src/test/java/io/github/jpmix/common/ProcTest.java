package io.github.jpmix.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProcTest {

    @Test
    void shouldPrintNamespaceAndRankAsRankPrintsIt() {
        assertEquals("job1:3", new Proc("job1", 3).toString());
        assertEquals("job1:WILDCARD", Proc.wildcard("job1").toString());
        assertEquals("job1:3000000000", new Proc("job1", (int) 3_000_000_000L).toString());
    }

    @Test
    void shouldSortByNamespaceThenUnsignedRank() {
        List<Proc> procs = new ArrayList<>(List.of(new Proc("b", 0), Proc.wildcard("a"), new Proc("a", 2),
                new Proc("a", (int) 3_000_000_000L)));
        Collections.sort(procs);
        assertEquals(List.of(new Proc("a", 2), new Proc("a", (int) 3_000_000_000L), Proc.wildcard("a"),
                new Proc("b", 0)), procs);
    }

    @Test
    void shouldAcceptANamespaceOfExactlyTheMaximumBytes() {
        assertEquals(Proc.MAX_NSLEN, new Proc("n".repeat(Proc.MAX_NSLEN), 0).namespace().length());
    }

    @Test
    void shouldRejectANamespaceLongerInUtf8Bytes() {
        String twoByteChars = "é".repeat(128); // 128 chars, 256 bytes
        PmixException e = assertThrows(PmixException.class, () -> new Proc(twoByteChars, 0));
        assertEquals(Status.ERR_BAD_PARAM, e.status());
        assertTrue(e.getMessage().contains("255"), e.getMessage());
        assertThrows(PmixException.class, () -> new Proc("n".repeat(Proc.MAX_NSLEN + 1), 0));
        assertThrows(NullPointerException.class, () -> new Proc(null, 0));
    }

    @Test
    void shouldMatchTheSameRankOrAWildcardOfTheSameNamespace() {
        Proc a1 = new Proc("a", 1);
        assertTrue(a1.matches(new Proc("a", 1)));
        assertTrue(a1.matches(Proc.wildcard("a")));
        assertTrue(Proc.wildcard("a").matches(a1));
        assertFalse(a1.matches(new Proc("a", 2)));
        assertFalse(a1.matches(Proc.wildcard("b")));
        assertTrue(a1.matchesAny(List.of(new Proc("b", 1), Proc.wildcard("a"))));
        assertFalse(a1.matchesAny(List.of()));
    }
}
