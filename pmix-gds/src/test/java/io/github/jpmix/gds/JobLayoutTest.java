package io.github.jpmix.gds;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Rank;
import io.github.jpmix.common.Status;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class JobLayoutTest {
    @Test
    void shouldDeriveNodeAndLocalRankOfEveryRankFromRanges() {
        // a cyclic-ish map: node a hosts 0-1 and 4, node b hosts 2-3 and 5
        JobLayout l = JobLayout.ofRanks(List.of("a", "b"), List.of(new int[] {0, 1, 4}, new int[] {2, 3, 5}));
        assertEquals(6, l.jobSize());
        assertEquals(4, l.rangeCount());
        int[] node = {0, 0, 1, 1, 0, 1};
        int[] local = {0, 1, 0, 1, 2, 2};
        for (int r = 0; r < 6; r++) {
            assertEquals(node[r], l.nodeOf(r), "node of " + r);
            assertEquals(local[r], l.localRankOf(r), "local rank of " + r);
        }
        assertEquals("b", l.hostnameOf(5));
        assertArrayEquals(new int[] {0, 1, 4}, l.ranksOn(0));
        assertEquals(2, l.leaderOf(1));
        assertEquals(-1, l.nodeOf(6));
        assertEquals(-1, l.nodeOf(Rank.WILDCARD));
        assertEquals(1, l.nodeIndex("b"));
        assertEquals(-1, l.nodeIndex("c"));
    }

    @Test
    void shouldHoldAMillionRankJobInTenThousandRanges() {
        List<String> nodes = new ArrayList<>();
        List<List<int[]>> ranges = new ArrayList<>();
        for (int n = 0; n < 10_000; n++) {
            nodes.add(String.format("nid%05d", n));
            ranges.add(List.of(new int[] {n * 100, 100}));
        }
        JobLayout l = JobLayout.of(nodes, ranges);
        assertEquals(1_000_000, l.jobSize());
        assertEquals(10_000, l.rangeCount());
        assertEquals(9_999, l.nodeOf(999_999));
        assertEquals(99, l.localRankOf(999_999));
        assertEquals("nid04321", l.hostnameOf(432_150));
    }

    @Test
    void shouldRejectARankOnTwoNodesAndUnequalMaps() {
        // regex-format.md section 8: "the two parsed lists must have the same length. Otherwise the
        // namespace registration fails with BAD_PARAM"
        PmixException e = assertThrows(PmixException.class,
                () -> JobLayout.ofRanks(List.of("a"), List.of(new int[] {0}, new int[] {1})));
        assertEquals(Status.ERR_BAD_PARAM, e.status());
        e = assertThrows(PmixException.class,
                () -> JobLayout.ofRanks(List.of("a", "b"), List.of(new int[] {0, 1}, new int[] {1})));
        assertEquals(Status.ERR_BAD_PARAM, e.status());
        e = assertThrows(PmixException.class,
                () -> JobLayout.ofRanks(List.of("a", "a"), List.of(new int[] {0}, new int[] {1})));
        assertEquals(Status.ERR_BAD_PARAM, e.status());
        e = assertThrows(PmixException.class,
                () -> JobLayout.ofRanks(List.of("a"), List.of(new int[] {Rank.WILDCARD})));
        assertEquals(Status.ERR_BAD_PARAM, e.status());
    }

    @Test
    void shouldHandleRanksPastTwoToTheThirtyOne() {
        int big = (int) 3_000_000_000L;
        JobLayout l = JobLayout.ofRanks(List.of("a", "b"), List.of(new int[] {0}, new int[] {big, big + 1}));
        assertEquals(1, l.nodeOf(big + 1));
        assertEquals(1, l.localRankOf(big + 1));
        assertEquals(0, l.nodeOf(0));
    }

    @Test
    void shouldAllowANodeWithNoRanks() {
        JobLayout l = JobLayout.ofRanks(List.of("a", "b"), List.of(new int[] {0}, new int[0]));
        assertEquals(0, l.nodeSize(1));
        assertEquals(Rank.UNDEF, l.leaderOf(1));
        assertArrayEquals(new int[0], l.ranksOn(1));
    }
}
