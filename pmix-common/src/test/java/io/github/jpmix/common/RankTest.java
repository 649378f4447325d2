package io.github.jpmix.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class RankTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "0, 0",
        "7, 7",
        "2147483647, 2147483647",
        "-2147483648, 2147483648",
        "-52, 4294967244",
        "-51, 4294967245",
        "-6, 4294967290",
        "-5, LOCAL_PEERS",
        "-4, INVALID",
        "-3, LOCAL_NODE",
        "-2, WILDCARD",
        "-1, UNDEF",
    })
    void shouldPrintRanksUnsignedAndTheSpecialOnesByName(int rank, String printed) {
        assertEquals(printed, Rank.toString(rank));
        assertEquals(rank, Rank.parse(printed), "parse reads back what toString prints");
    }

    @Test
    void shouldPrintTheAppWildcardAsTheUndefRankItEquals() {
        assertEquals(Rank.UNDEF, Rank.APP_WILDCARD);
        assertEquals("UNDEF", Rank.toString(Rank.APP_WILDCARD));
    }

    @Test
    void shouldParseNamesInAnyCaseAndTheStarWildcard() {
        assertEquals(Rank.WILDCARD, Rank.parse("*"));
        assertEquals(Rank.WILDCARD, Rank.parse("wildcard"));
        assertEquals(Rank.LOCAL_PEERS, Rank.parse("Local_Peers"));
        assertEquals(Rank.UNDEF, Rank.parse("4294967295"));
        assertEquals(7, Rank.parse("007"));
    }

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(strings = {"", "-1", "+1", " 1", "1 ", "4294967296", "99999999999999999999", "1e3", "0x10", "rank"})
    void shouldRejectWhatIsNotARank(String text) {
        PmixException e = assertThrows(PmixException.class, () -> Rank.parse(text));
        assertEquals(Status.ERR_BAD_PARAM, e.status());
        assertTrue(e.getMessage().contains("rank"), e.getMessage());
    }

    @Test
    void shouldRejectNull() {
        assertEquals(Status.ERR_BAD_PARAM, assertThrows(PmixException.class, () -> Rank.parse(null)).status());
    }

    @Test
    void shouldCallOnlyRanksBelowTheValidBoundaryValid() {
        assertTrue(Rank.isValid(0));
        assertTrue(Rank.isValid(Integer.MAX_VALUE));
        assertTrue(Rank.isValid(Integer.MIN_VALUE), "2147483648 is a rank, though a negative int");
        assertTrue(Rank.isValid(Rank.VALID - 1));
        assertFalse(Rank.isValid(Rank.VALID));
        for (int special : new int[] {Rank.UNDEF, Rank.WILDCARD, Rank.LOCAL_NODE, Rank.INVALID, Rank.LOCAL_PEERS}) {
            assertFalse(Rank.isValid(special), Rank.toString(special));
        }
    }

    @Test
    void shouldCompareAndWidenUnsigned() {
        assertTrue(Rank.compare(0, Rank.WILDCARD) < 0);
        assertTrue(Rank.compare(Integer.MAX_VALUE, Integer.MIN_VALUE) < 0);
        assertTrue(Rank.compare(Rank.UNDEF, Rank.WILDCARD) > 0);
        assertEquals(0, Rank.compare(5, 5));
        assertEquals(4_294_967_294L, Rank.toUnsignedLong(Rank.WILDCARD));
        assertEquals(2_147_483_648L, Rank.toUnsignedLong(Integer.MIN_VALUE));
    }
}
