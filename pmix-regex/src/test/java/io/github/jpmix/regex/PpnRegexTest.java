package io.github.jpmix.regex;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Rank;
import io.github.jpmix.common.Status;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Proc maps, case by case against regex-format.md sections 5, 6, 8 and 9. "Reference" cases are
 * byte for byte what OpenPMIx 4.2.2 returns (checked with benchmarks/reference/regex/regex_ref).
 */
class PpnRegexTest {

    /** {@code "0,1;2"} to ranks per node. */
    static List<int[]> map(String text) {
        List<int[]> nodes = new ArrayList<>();
        for (String node : text.split(";")) {
            nodes.add(Arrays.stream(node.split(",")).mapToLong(Long::parseLong).mapToInt(v -> (int) v).toArray());
        }
        return nodes;
    }

    static String text(List<int[]> nodes) {
        StringBuilder b = new StringBuilder();
        for (int[] node : nodes) {
            if (b.length() > 0) {
                b.append(';');
            }
            for (int i = 0; i < node.length; i++) {
                b.append(i > 0 ? "," : "").append(Rank.toUnsignedLong(node[i]));
            }
        }
        return b.toString();
    }

    static void assertMap(String expected, List<int[]> actual) {
        assertEquals(expected, text(actual));
    }

    /** The typed API, whose text form the reference gets. */
    static Stream<Arguments> referenceGeneration() {
        return Stream.of(
                // Section 5.4: ranges per node, ';' between nodes.
                Arguments.of("5.4 blocks", "0,1,2;3,4,5;6,7,8,9", "pmix[0-2;3-5;6-9]"),
                Arguments.of("5.4 one node", "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15", "pmix[0-15]"),
                Arguments.of("5.3 out of order opens a range", "0,1,2,3,4,5,6,7,8,9,10,11,13,12", "pmix[0-11,13,12]"),
                Arguments.of("5.3 the current range is reset per node", "0,1,2;3,4,5,6;7,8,9,10,11", "pmix[0-2;3-6;7-11]"),
                Arguments.of("9.2 duplicates", "0,1,1,2,2,3,3,4,5,6,7,8", "pmix[0-1,1-2,2-3,3-8]"),
                // Section 5.5: longer than the input -> raw + input; equal length keeps native.
                Arguments.of("5.5 short map goes raw", "0,1,2,3", "raw:0,1,2,3"),
                Arguments.of("5.5 equal length stays native", "10,11,12,13", "pmix[10-13]"),
                Arguments.of("5.5 single rank", "5", "raw:5"),
                Arguments.of("5.5 cyclic map", "0,2,4,6,8", "raw:0,2,4,6,8"),
                // Section 9.3: below 2^31-1 the reference is exact.
                Arguments.of("9.3 range ending at 2^31-2", "2147483640,2147483641,2147483642,2147483643,2147483644,2147483645,2147483646",
                        "pmix[2147483640-2147483646]"),
                // Section 9.3 + 5.5: past 2^31 the reference's native form is longer, it answers raw, and that is right.
                Arguments.of("9.3 ranks past 2^31 go raw like the reference", "2147483646,2147483647,2147483648,2147483649,2147483650,2147483651",
                        "raw:2147483646,2147483647,2147483648,2147483649,2147483650,2147483651"),
                Arguments.of("9.3 2^31-1 as a range end goes raw like the reference", "2147483645,2147483646,2147483647",
                        "raw:2147483645,2147483646,2147483647"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("referenceGeneration")
    void shouldGenerateWhatTheReferenceGenerates(String name, String input, String expected) {
        assertEquals(expected, PpnRegex.generate(map(input)));
        assertEquals(expected, PpnRegex.generate(input), "text form");
        assertMap(input, PpnRegex.parse(expected));
    }

    /** Where the reference's output does not parse back. */
    @Test
    void shouldWriteLargeRanksSoBothParsersReadThem() {
        // Section 9.3/6.5: the reference writes pmix[-1294967296--1294967281] (0..1294967296 to its
        // parser); JPMIx writes ranks of 2^31-1 and up one by one, which both parsers copy.
        List<int[]> nodes = new ArrayList<>();
        int[] big = new int[40];
        for (int i = 0; i < big.length; i++) {
            big[i] = (int) (3_000_000_000L + i);
        }
        nodes.add(big);
        String map = PpnRegex.generate(nodes);
        assertEquals("raw:" + text(nodes), map, "native would be longer than the text");
        assertMap(text(nodes), PpnRegex.parse(map));
        // Native when it pays: a long run below 2^31-1 and singles above.
        int[] mixed = new int[1000];
        for (int i = 0; i < 999; i++) {
            mixed[i] = i;
        }
        mixed[999] = (int) 4_000_000_000L;
        assertEquals("pmix[0-998,4000000000]", PpnRegex.generate(List.of(mixed)));
        int[] across = {2147483640, 2147483641, 2147483642, 2147483643, 2147483644, 2147483645, 2147483646, 2147483647, (int) 2147483648L};
        String s = PpnRegex.generate(List.of(across, new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13}));
        assertEquals("pmix[2147483640-2147483646,2147483647,2147483648;0-13]", s);
        assertMap(text(List.of(across, new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13})), PpnRegex.parse(s));
    }

    /** The text form, {@code PMIx_generate_ppn}'s own input. */
    static Stream<Arguments> textGeneration() {
        return Stream.of(
                // Section 5.1: empty nodes vanish, as in the reference.
                Arguments.of("5.1 empty node vanishes (reference)", "0;;1", "raw:0;;1", "0;1"),
                Arguments.of("5.1 empty elements vanish (reference)", ",0;1", "raw:,0;1", ",0;1"),
                Arguments.of("5.1 leading separator (reference)", ";0,1,2,3,4,5,6,7,8,9", "pmix[0-9]", "0,1,2,3,4,5,6,7,8,9"),
                // Section 5.1/9.5: nothing but separators crashes the reference: the empty map.
                Arguments.of("9.5 empty text", "", "raw:", ""),
                Arguments.of("9.5 separators only", ";;", "raw:;;", ""),
                // Section 5.3: strtol spellings are read as the reference reads them.
                Arguments.of("5.3 leading zeros (reference)", "007,008,009,010,011,012", "pmix[7-12]", "7,8,9,10,11,12"),
                Arguments.of("5.3 plus signs (reference)", "+5,+6,+7,+8,+9,+10", "pmix[5-10]", "5,6,7,8,9,10"),
                // Section 9.4: a continuing range adds all its ranks (the reference gives pmix[0-1,4-10]).
                Arguments.of("9.4 continuing range", "0,1-3,4,5,6,7,8,9,10", "pmix[0-10]", "0,1,2,3,4,5,6,7,8,9,10"),
                // Section 8: raw is never expanded, so a text with ranges is not sent raw as it is.
                Arguments.of("8 header example", "1-4;2-5;8,10,11,12;6,7,9", "pmix[1-4;2-5;8,10-12;6-7,9]", "1,2,3,4;2,3,4,5;8,10,11,12;6,7,9"),
                Arguments.of("8 one range", "0-15", "pmix[0-15]", "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15"),
                Arguments.of("8 short ranges expand in raw", "0-1;2-3", "raw:0,1;2,3", "0,1;2,3"),
                // Section 5.3: what is not a rank is passed on verbatim where the reference does so.
                Arguments.of("5.3 negative elements (reference)", "-1,-2", "raw:-1,-2", "-1,-2"),
                Arguments.of("5.3 letters (reference)", "a,b", "raw:a,b", "a,b"),
                Arguments.of("5.3 reversed range (reference)", "3-0", "raw:3-0", "3-0"),
                Arguments.of("5.3 hex (reference)", "0x10", "raw:0x10", "0x10"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("textGeneration")
    void shouldGenerateFromTheTextForm(String name, String input, String expected, String localPeers) {
        assertEquals(expected, PpnRegex.generate(input));
        assertEquals(localPeers.isEmpty() ? List.of() : Arrays.asList(localPeers.split(";")), PpnRegex.parseLocalPeers(expected));
    }

    static Stream<Arguments> rejectedText() {
        return Stream.of(
                // Section 5.2: a node of commas only crashes the reference.
                Arguments.of("5.2 comma-only node", ",", "node 0 ',' has no ranks"),
                Arguments.of("5.2 comma-only middle node", "0;,;1", "at 2: node 1 ',' has no ranks"),
                // Section 9.3: the reference's native form misreads these.
                Arguments.of("9.3 UNDEF", "4294967295", "element '4294967295' is not a rank"),
                Arguments.of("9.3 WILDCARD", "4294967294", "element '4294967294' is not a rank"),
                Arguments.of("9.4 range past the valid ranks", "0-4294967295,1,2,3,4,5,6,7,8,9,10,11,12,13", "not a rank"),
                Arguments.of("ranges too big to expand", "0-4294967000", "more than"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rejectedText")
    void shouldRejectTextTheReferenceWouldMisread(String name, String input, String message) {
        PmixException e = assertThrows(PmixException.class, () -> PpnRegex.generate(input));
        assertEquals(Status.ERR_BAD_PARAM, e.status());
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    @Test
    void shouldGenerateRawForTheEmptyMap() {
        // The reference crashes on an empty map (section 9.5); JPMIx pairs it with the empty node map.
        assertEquals("raw:", PpnRegex.generate(List.of()));
        assertEquals(List.of(), PpnRegex.parse("raw:"));
        assertEquals(List.of(), PpnRegex.parseLocalPeers("raw:"));
    }

    static Stream<Arguments> rejectedMaps() {
        return Stream.of(
                Arguments.of("5.1 node without ranks", List.of(new int[] {0}, new int[0], new int[] {1}), "node 1 has no ranks"),
                Arguments.of("9.3 PMIX_RANK_UNDEF", List.of(new int[] {Rank.UNDEF}), "(UNDEF), not a valid process rank"),
                Arguments.of("9.3 PMIX_RANK_WILDCARD", List.of(new int[] {0, Rank.WILDCARD}), "rank 1 is 4294967294 (WILDCARD)"),
                Arguments.of("PMIX_RANK_VALID itself", List.of(new int[] {Rank.VALID}), "4294967245"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rejectedMaps")
    void shouldRejectMapsOpenPmixCannotCarry(String name, List<int[]> map, String message) {
        PmixException e = assertThrows(PmixException.class, () -> PpnRegex.generate(map));
        assertEquals(Status.ERR_BAD_PARAM, e.status());
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    @Test
    void shouldAcceptTheLargestValidRank() {
        int last = Rank.VALID - 1;
        assertMap("4294967244", PpnRegex.parse(PpnRegex.generate(List.of(new int[] {last}))));
    }

    @Test
    void shouldRejectNulls() {
        assertThrows(NullPointerException.class, () -> PpnRegex.generate((List<int[]>) null));
        assertThrows(NullPointerException.class, () -> PpnRegex.generate((String) null));
        assertThrows(NullPointerException.class, () -> PpnRegex.generate(Arrays.asList(new int[] {0}, null)));
        assertThrows(NullPointerException.class, () -> PpnRegex.parse((String) null));
    }

    /** What a client sees: PMIX_LOCAL_PEERS strings (section 6, 8) and ranks. */
    static Stream<Arguments> clientView() {
        return Stream.of(
                Arguments.of("6 blocks", "pmix[0-2;3-5;6-9]", "0,1,2;3,4,5;6,7,8,9"),
                // Section 6.4: single elements are copied verbatim.
                Arguments.of("6.4 verbatim leading zeros", "pmix[007,8]", "007,8"),
                // Section 6.5: '-' splits at its first occurrence; both sides are strtol'd.
                Arguments.of("6.5 reference output for 4294967295", "pmix[-1]", "0,1"),
                Arguments.of("6.5 reference output for 4294967294", "pmix[-2]", "0,1,2"),
                Arguments.of("6.5 wrapped pair", "pmix[-2--1]", "0,1,2"),
                Arguments.of("6.5 large singles", "pmix[2147483640-2147483646,2147483647,3000000000]",
                        "2147483640,2147483641,2147483642,2147483643,2147483644,2147483645,2147483646,2147483647,3000000000"),
                // Section 8: raw, blob and the fallback keep per-node strings verbatim.
                Arguments.of("8 raw is not expanded", "raw:0-3", "0-3"),
                Arguments.of("8 raw drops empty nodes", "raw:0;;1;", "0;1"),
                Arguments.of("8 raw keeps the text", "raw:,0;1", ",0;1"),
                Arguments.of("1 untagged plain map", "0,1;2,3", "0,1;2,3"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("clientView")
    void shouldParseLocalPeersAsAClientSeesThem(String name, String regex, String expected) {
        assertEquals(Arrays.asList(expected.split(";")), PpnRegex.parseLocalPeers(regex));
    }

    @Test
    void shouldParseRanks() {
        assertMap("0,1,2;3,4,5;6,7,8,9", PpnRegex.parse("pmix[0-2;3-5;6-9]"));
        assertMap("7,8", PpnRegex.parse("pmix[007,8]"));
        assertMap("0,1", PpnRegex.parse("pmix[-1]"));
        assertMap("0;1", PpnRegex.parse("raw:,0;1"));
        assertMap("5,6", PpnRegex.parse("raw:+5, 6"));
        assertMap("4294967295", PpnRegex.parse("raw:4294967295"));
        assertArrayEquals(new int[] {(int) 3_000_000_000L}, PpnRegex.parse("pmix[3000000000]").get(0));
    }

    static Stream<Arguments> unrankable() {
        return Stream.of(
                Arguments.of("8 raw range is not a rank", "raw:0-3", "expected a rank, not '0-3'"),
                Arguments.of("8 raw junk", "raw:x", "expected a rank, not 'x'"),
                Arguments.of("8 raw negative", "raw:-1,-2", "expected a rank, not '-1'"),
                Arguments.of("8 raw comma-only node", "raw:0;,;1", "node 1 has no ranks"),
                Arguments.of("8 past 32 bits", "raw:4294967296", "does not fit in 32 bits"),
                Arguments.of("6.5 negative expansion", "pmix[3000000000-3000000001]", "holds negative numbers"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("unrankable")
    void shouldRejectElementsThatAreNotRanks(String name, String regex, String message) {
        PmixException e = assertThrows(PmixException.class, () -> PpnRegex.parse(regex));
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    static Stream<Arguments> malformed() {
        return Stream.of(
                Arguments.of("6.2 empty map", "pmix[]", "at 5: no nodes"),
                Arguments.of("6.2 only a separator", "pmix[;]", "at 5: empty node"),
                Arguments.of("6.3 comma-only map", "pmix[,]", "at 5: empty element"),
                Arguments.of("6.3 comma-only node", "pmix[0;,;1]", "at 7: empty element"),
                Arguments.of("6.2 empty node", "pmix[0;;1]", "at 7: empty node"),
                Arguments.of("6.3 trailing comma", "pmix[0,]", "at 7: empty element"),
                Arguments.of("6.2 trailing semicolon", "pmix[0;]", "at 7: empty node"),
                Arguments.of("6.1 no closing bracket", "pmix[0-3", "does not end with ']'"),
                Arguments.of("6.4 junk single", "pmix[a]", "expected a rank, not 'a'"),
                Arguments.of("6.4 space", "pmix[ 5]", "expected a rank"),
                Arguments.of("6.5 open range", "pmix[1-]", "expected a rank or a range a-b, not '1-'"),
                Arguments.of("6.5 three bounds", "pmix[1-3-5]", "not '1-3-5'"),
                Arguments.of("6.5 reversed range", "pmix[3-0]", "range 3-0 is reversed"),
                Arguments.of("6.5 range wrapping to reversed", "pmix[2147483646--2147483645]", "is reversed"),
                Arguments.of("6.5 range ending at INT_MAX never ends", "pmix[2147483645-2147483647]", "ends at 2147483647"),
                Arguments.of("6.5 billions of ranks", "pmix[0-2000000000]", "more than " + RegexLimits.DEFAULT.maxEntries()),
                Arguments.of("9.3 the reference's own output for 3000000000+", "pmix[-1294967296--1294967288]", "more than"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void shouldRejectMalformedNativeMapsNamingThePosition(String name, String regex, String message) {
        PmixException e = assertThrows(PmixException.class, () -> PpnRegex.parseLocalPeers(regex));
        assertEquals(Status.ERR_BAD_PARAM, e.status());
        assertTrue(e.getMessage().contains(message), () -> e.getMessage());
        assertTrue(e.getMessage().startsWith("PMIX_ERR_BAD_PARAM: proc map: at "), e.getMessage());
        assertThrows(PmixException.class, () -> PpnRegex.parse(regex));
    }

    @Test
    void shouldHandleALargeMapLinearly() {
        List<int[]> nodes = new ArrayList<>();
        for (int k = 0; k < 100_000; k++) {
            int[] r = new int[16];
            for (int i = 0; i < 16; i++) {
                r[i] = k * 16 + i;
            }
            nodes.add(r);
        }
        long t0 = System.nanoTime();
        String map = PpnRegex.generate(nodes);
        List<int[]> back = PpnRegex.parse(map);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(text(nodes), text(back));
        assertTrue(ms < 5_000, "took " + ms + " ms");
    }
}
