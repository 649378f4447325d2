package io.github.jpmix.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RankTest {
    @Test
    void shouldCompareAndPrintUnsigned() {
        int big = (int) 3_000_000_000L;
        assertTrue(Rank.compare(big, 5) > 0);
        assertEquals("3000000000", Rank.toString(big));
        assertEquals(3_000_000_000L, Rank.toUnsignedLong(big));
        assertEquals(big, Rank.parse("3000000000"));
    }

    @Test
    void shouldTreatEverythingFromValidUpAsReserved() {
        // pmix_common.h: #define PMIX_RANK_IS_VALID(r) ((r) < PMIX_RANK_VALID)
        assertTrue(Rank.isValid(0));
        assertTrue(Rank.isValid(Rank.VALID - 1));
        assertFalse(Rank.isValid(Rank.VALID));
        for (int special : new int[] {Rank.UNDEF, Rank.WILDCARD, Rank.LOCAL_NODE, Rank.INVALID, Rank.LOCAL_PEERS}) {
            assertFalse(Rank.isValid(special), Rank.toString(special));
            assertEquals(special, Rank.parse(Rank.toString(special)));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "-1", "4294967296", "1x", " 1", "+1"})
    void shouldRejectWhatIsNotAnUnsignedRank(String text) {
        PmixException e = assertThrows(PmixException.class, () -> Rank.parse(text));
        assertEquals(Status.ERR_BAD_PARAM, e.status());
    }

    @Test
    void shouldPrintProcsAsNamespaceColonRank() {
        assertEquals("ns:7", new Proc("ns", 7).toString());
        assertEquals("ns:WILDCARD", Proc.wildcard("ns").toString());
        assertEquals(Status.ERR_BAD_PARAM,
                assertThrows(PmixException.class, () -> new Proc("n".repeat(256), 0)).status());
    }
}
