package io.github.jpmix.regex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Node maps, case by case against regex-format.md sections 3, 4, 8 and 9. Expected strings
 * marked "reference" are what OpenPMIx 4.2.2 returns (checked with
 * benchmarks/reference/regex/regex_ref); the others are where JPMIx departs from a reference
 * output that does not parse back.
 */
class NodeRegexTest {

    static List<String> names(String commaList) {
        return RegexCli.names(commaList);
    }

    /** Generation that equals the reference byte for byte (its output parses back). */
    static Stream<Arguments> referenceGeneration() {
        return Stream.of(
                // Section 3.1: one empty token after a final comma is ignored.
                Arguments.of("3.1 trailing comma ends the list", "a1,a2,", "pmix[a[1:1-2]]"),
                // Section 3.2: letters before the first digit are the prefix; letters and digits
                // after it are skipped, so c1n1 has suffix n1.
                Arguments.of("3.2 suffix with digits", "c1n1,c1n2", "pmix[c[1:1]n1,c[1:1]n2]"),
                Arguments.of("3.2 any other character makes a literal", "node1-ib,node2-ib", "pmix[node1-ib,node2-ib]"),
                Arguments.of("3.2 no digit makes a literal", "nodeA,nodeB", "pmix[nodeA,nodeB]"),
                // Section 3.3: literals are never merged, duplicates stay.
                Arguments.of("3.3 duplicate literals stay", "login,login", "pmix[login,login]"),
                Arguments.of("3.3 literal keeps its place", "node001,node002,node003,node010,nodeA,c1n1,c1n2",
                        "pmix[node[3:1-3,10],nodeA,c[1:1]n1,c[1:1]n2]"),
                // Section 3.4: width is the digit count, leading zeros included.
                Arguments.of("3.4 width counts leading zeros", "node001,node002", "pmix[node[3:1-2]]"),
                // Section 3.5: skip flags keep the order across other prefixes.
                Arguments.of("3.5 the a28n01,a99n02,a28n02 comment", "a28n01,a99n02,a28n02", "pmix[a[2:28]n01,a[2:99,28]n02]"),
                Arguments.of("3.5 alternating prefixes", "a1,b1,a2,b2", "pmix[a[1:1],b[1:1],a[1:2],b[1:2]]"),
                Arguments.of("3.5 out of sequence opens a range", "node3,node1,node2", "pmix[node[1:3,1-2]]"),
                Arguments.of("3.5 width change splits groups", "node8,node9,node10,node11,node12", "pmix[node[1:8-9],node[2:10-12]]"),
                Arguments.of("3.5 prefix-less numbers", "01,02,03", "pmix[[2:1-3]]"),
                Arguments.of("3.5 suffix without separator", "node1ib,node2ib", "pmix[node[1:1-2]ib]"),
                // Section 3.7: no length rule for node maps.
                Arguments.of("3.7 longer than the input", "node1", "pmix[node[1:1]]"),
                Arguments.of("3.7 raw: text is just a literal", "raw:node1,node2", "pmix[raw:node1,node[1:2]]"),
                // Section 9.2: duplicates open a new range.
                Arguments.of("9.2 duplicates kept", "node1,node1", "pmix[node[1:1,1]]"),
                Arguments.of("9.2 duplicates across ranges", "node1,node1,node2,node2", "pmix[node[1:1,1-2,2]]"),
                // Section 9.3: 2^31 prints as -2147483648 and reads back right, alone or as a range end.
                Arguments.of("9.3 2^31 alone", "node2147483648", "pmix[node[10:-2147483648]]"),
                Arguments.of("9.3 range ending at 2^31", "node2147483646,node2147483647,node2147483648",
                        "pmix[node[10:2147483646--2147483648]]"),
                // Section 9.6: 50 to 56 letters: correct in the reference here, and in JPMIx.
                Arguments.of("9.6 49-letter prefix", "q".repeat(49) + "1," + "q".repeat(49) + "2", "pmix[" + "q".repeat(49) + "[1:1-2]]"),
                Arguments.of("9.6 50-letter prefix", "p".repeat(50) + "1," + "p".repeat(50) + "2", "pmix[" + "p".repeat(50) + "[1:1-2]]"),
                // Section 9.7: ']' and ':' are fine inside literals.
                Arguments.of("9.7 ']' in a literal", "node]", "pmix[node]]"),
                Arguments.of("9.7 ':' in a literal", "node:1", "pmix[node:1]"),
                // Section 9.8: different widths never share a group.
                Arguments.of("9.8 leading zeros", "node01,node001,node1", "pmix[node[2:1],node[3:1],node[1:1]]"),
                // Section 9.9: non-ASCII characters are neither letters nor digits.
                Arguments.of("9.9 non-ASCII makes a literal", "nöde1", "pmix[nöde1]"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("referenceGeneration")
    void shouldGenerateWhatTheReferenceGenerates(String name, String input, String expected) {
        assertEquals(expected, NodeRegex.generate(names(input)));
        assertEquals(names(input), NodeRegex.parse(expected), "parses back");
    }

    /** Where the reference's output does not parse back: JPMIx's own, order-preserving, output. */
    static Stream<Arguments> fixedGeneration() {
        return Stream.of(
                // Section 9.1: the reference merges past literals and prefix-less names.
                Arguments.of("9.1 merge past a literal", "a1,zzz,a2", "pmix[a[1:1],zzz,a[1:2]]"),
                Arguments.of("9.1 merge past login", "node1,login,node2,node3", "pmix[node[1:1],login,node[1:2-3]]"),
                Arguments.of("9.1 merge past a prefixed name", "1,x1,2", "pmix[[1:1],x[1:1],[1:2]]"),
                Arguments.of("9.1 merge past dotted names", "node1.example.com,node1,node2.example.com,node2",
                        "pmix[node1.example.com,node[1:1],node2.example.com,node[1:2]]"),
                // Section 9.3: exact numbers up to 2^63-1 (OpenPMIx's parser reads them right).
                Arguments.of("9.3 2^32+1", "node4294967297", "pmix[node[10:4294967297]]"),
                Arguments.of("9.3 3000000000", "node3000000000", "pmix[node[10:3000000000]]"),
                Arguments.of("9.3 run across 2^31", "node2147483646,node2147483647,node2147483648,node2147483649",
                        "pmix[node[10:2147483646-2147483649]]"),
                Arguments.of("9.3 range starting at 2^31", "node2147483648,node2147483649", "pmix[node[10:2147483648-2147483649]]"),
                Arguments.of("9.3 2^63-1", "node9223372036854775807", "pmix[node[19:9223372036854775807]]"),
                Arguments.of("9.3 2^63 is a literal", "node9223372036854775808", "pmix[node9223372036854775808]"),
                Arguments.of("9.3 23 digits is a literal", "node99999999999999999999999,node1", "pmix[node99999999999999999999999,node[1:1]]"),
                // Section 9.6: 57 and more letters crash the reference (stack smashing).
                Arguments.of("9.6 60-letter prefix", "q".repeat(60) + "7", "pmix[" + "q".repeat(60) + "[1:7]]"),
                Arguments.of("9.6 200-letter literal", "z".repeat(200), "pmix[" + "z".repeat(200) + "]"),
                // Section 9.7: '[' cannot be in a native name: the list goes raw.
                Arguments.of("9.7 '[' in a name", "node1,a[1:1],node2", "raw:node1,a[1:1],node2"),
                Arguments.of("9.7 '[' in a name that starts with raw:", "raw:x,b[", "raw:raw:x,b["));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixedGeneration")
    void shouldGenerateAnOrderPreservingMapWhereTheReferenceIsWrong(String name, String input, String expected) {
        assertEquals(expected, NodeRegex.generate(names(input)));
        assertEquals(names(input), NodeRegex.parse(expected), "parses back, in order");
    }

    @Test
    void shouldGenerateRawForTheEmptyListAndParseItBackEmpty() {
        // Section 1 table and 9.5: the empty list gives "raw:"; it parses back to no nodes.
        assertEquals("raw:", NodeRegex.generate(List.of()));
        assertEquals(List.of(), NodeRegex.parse("raw:"));
        assertEquals(List.of(), NodeRegex.parse(""));
    }

    static Stream<Arguments> ungeneratable() {
        return Stream.of(
                // Section 9.5: empty items become empty literals that no parser accepts.
                Arguments.of("9.5 a lone comma", List.of(""), "name 0 is empty"),
                Arguments.of("9.5 empty middle name", List.of("a", "", "b"), "name 1 is empty"),
                Arguments.of("9.7 comma inside a name", List.of("a,b"), "contains ','"),
                Arguments.of("NUL inside a name", List.of("a\0b"), "contains NUL"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ungeneratable")
    void shouldRejectNamesNoFormCanCarry(String name, List<String> input, String message) {
        PmixException e = assertThrows(PmixException.class, () -> NodeRegex.generate(input));
        assertEquals(Status.ERR_BAD_PARAM, e.status());
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    @Test
    void shouldRejectNulls() {
        assertThrows(NullPointerException.class, () -> NodeRegex.generate(null));
        assertThrows(NullPointerException.class, () -> NodeRegex.generate(Arrays.asList("a", null)));
        assertThrows(NullPointerException.class, () -> NodeRegex.parse((String) null));
        assertThrows(NullPointerException.class, () -> NodeRegex.parse("raw:", null));
    }

    /** Parsing what OpenPMIx generates: a client sees exactly these names. */
    static Stream<Arguments> clientView() {
        return Stream.of(
                // Section 9.1: a reordered reference map reads reordered; the client reads the map.
                Arguments.of("9.1 reordered past zzz", "pmix[a[1:1-2],zzz]", "a1,a2,zzz"),
                Arguments.of("9.1 reordered past login", "pmix[node[1:1-3],login]", "node1,node2,node3,login"),
                // Section 9.3 and 4.4: range bounds are digit runs, the sign of %d is skipped.
                Arguments.of("9.3 node3000000000 as the reference writes it", "pmix[node[10:-1294967296]]", "node1294967296"),
                Arguments.of("9.3 node4294967297 as the reference writes it", "pmix[node[10:1]]", "node0000000001"),
                Arguments.of("9.3 wrapped run", "pmix[node[10:2147483646--2147483647]]", "node2147483646,node2147483647"),
                Arguments.of("9.3 saturated strtol", "pmix[node[19:-1]]", "node0000000000000000001"),
                // Section 4.2: literals may hold ':' and ']'; a ranged item may have no prefix.
                Arguments.of("4.2 literal with ']'", "pmix[node]]", "node]"),
                Arguments.of("4.2 literal with ':'", "pmix[node:1]", "node:1"),
                Arguments.of("4.2 no prefix, with suffix", "pmix[[1:1-3]a1]", "1a1,2a1,3a1"),
                Arguments.of("4.5 zero padding", "pmix[node[3:1-2,5-7,100]]", "node001,node002,node005,node006,node007,node100"),
                Arguments.of("4.5 leading zeros in a bound", "pmix[node[3:001-003]]", "node001,node002,node003"),
                Arguments.of("4.5 wide width", "pmix[x[28:5]]", "x0000000000000000000000000005"),
                Arguments.of("4.5 2^63-1", "pmix[node[19:9223372036854775806-9223372036854775807]]",
                        "node9223372036854775806,node9223372036854775807"),
                // Section 8: raw and the base fallback split on ',' and drop empty pieces.
                Arguments.of("8 raw", "raw:a,b,,c,", "a,b,c"),
                Arguments.of("8 raw of raw", "raw:raw:abc", "raw:abc"),
                Arguments.of("8 raw keeps brackets", "raw:a[1:1],b", "a[1:1],b"),
                Arguments.of("1 untagged plain list", "node1,,node2,", "node1,node2"),
                Arguments.of("4.1 other tag is plain", "xyz[1:1-3]", "xyz[1:1-3]"),
                Arguments.of("4.1 pmix without bracket is plain", "pmix", "pmix"),
                Arguments.of("4.1 pmixx[ is plain", "pmixx[a]", "pmixx[a]"),
                Arguments.of("7 blob: without NUL is plain", "blob:", "blob:"),
                // Section 9.10: the header's "pmix:" tag exists nowhere in the code; it is plain text.
                Arguments.of("9.10 pmix: tag of the header is plain", "pmix:node1,node2", "pmix:node1,node2"),
                Arguments.of("7 blob prefix is plain", "blobfish1,blobfish2", "blobfish1,blobfish2"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("clientView")
    void shouldParseWhatAClientWouldSee(String name, String regex, String expected) {
        assertEquals(names(expected), NodeRegex.parse(regex));
    }

    /** Malformed native strings: the reference falls back to splitting garbage, or crashes. */
    static Stream<Arguments> malformed() {
        return Stream.of(
                Arguments.of("4.4 reversed range", "pmix[node[1:5-3]]", "node map: at 12: range 5-3 is reversed in 'pmix[node[1:5-3]]'"),
                Arguments.of("4.1 no closing bracket", "pmix[node[1:1]", "at 9: missing ']' after the ranges"),
                Arguments.of("4.1 no closing bracket after a literal", "pmix[node", "at 9: the map does not end with ']'"),
                Arguments.of("9.7 text after the bracket", "pmix[a,b]x", "does not end with ']'"),
                Arguments.of("4.1 tag only", "pmix[", "does not end with ']'"),
                Arguments.of("4.2 empty map", "pmix[]", "at 5: no items"),
                Arguments.of("4.2 leading empty item", "pmix[,a]", "at 5: empty item"),
                Arguments.of("4.2 middle empty item", "pmix[a,,b]", "at 7: empty item"),
                Arguments.of("4.2 trailing empty item", "pmix[a,]", "at 7: empty item after ','"),
                Arguments.of("4.2 missing width", "pmix[node[:1]]", "at 10: missing width"),
                Arguments.of("4.2 missing colon", "pmix[node[1]]", "at 11: expected ':' after the width"),
                Arguments.of("4.2 width with sign", "pmix[node[-2:1-3]]", "at 10: missing width"),
                Arguments.of("4.5 width 0", "pmix[[0:5]]", "width 0"),
                Arguments.of("4.2 absurd width", "pmix[a[99999999999:1]]", "width 99999999999 is absurd"),
                Arguments.of("4.2 huge width", "pmix[a[999999999999999999999999:1]]", "is absurd"),
                Arguments.of("4.2 missing closing bracket of the ranges", "pmix[node[1:1-3]", "at 9: missing ']' after the ranges"),
                Arguments.of("4.2 unclosed ranges", "pmix[node[1:1-3,a]", "at 9: missing ']' after the ranges"),
                Arguments.of("4.2 no ranges", "pmix[node[1:]]", "at 12: no ranges"),
                Arguments.of("4.2 bracket in ranges", "pmix[a[1:1[2]]", "unbalanced '['"),
                Arguments.of("4.2 bracket in prefix", "pmix[a]b[1:1]]", "unbalanced ']' in the prefix"),
                Arguments.of("4.2 bracket in suffix", "pmix[a[1:1]]]", "unbalanced ']' in the suffix"),
                Arguments.of("4.2 two ranged items glued", "pmix[a[1:1]b[1:2]]", "unbalanced '[' in the suffix"),
                Arguments.of("4.3 empty range first", "pmix[node[1:,1]]", "at 12: empty range"),
                Arguments.of("4.3 empty range last", "pmix[node[1:1,]]", "at 14: empty range"),
                Arguments.of("4.4 open range", "pmix[node[1:1-]]", "expected a number to end the range"),
                Arguments.of("4.4 three bounds", "pmix[node[1:1-3-5]]", "expected a number to end the range"),
                Arguments.of("4.4 junk in a range", "pmix[node[1:a1b2]]", "expected a number"),
                Arguments.of("4.4 letters after a number", "pmix[node[1:1x]]", "unexpected 'x'"),
                Arguments.of("4.5 value wider than width", "pmix[node[1:5-12]]", "value 12 is wider than its width 1"),
                Arguments.of("9.6 value overwrites the prefix", "pmix[ab[1:12345]]", "wider than its width"),
                Arguments.of("9.6 value of 2^32-1 in width 1", "pmix[node[1:4294967295]]", "wider than its width"),
                Arguments.of("4.4 number too large", "pmix[n[30:99999999999999999999]]", "too large"),
                Arguments.of("9.7 brackets inside a name", "pmix[pmix[node[1:1-2]]]", "at 10: missing width"),
                Arguments.of("4.6 reversed after sign skipping", "pmix[node[10:-2147483648--2147483646]]", "is reversed"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void shouldRejectMalformedNativeMapsNamingThePosition(String name, String regex, String message) {
        PmixException e = assertThrows(PmixException.class, () -> NodeRegex.parse(regex));
        assertEquals(Status.ERR_BAD_PARAM, e.status());
        assertTrue(e.getMessage().contains(message), () -> "message: " + e.getMessage());
        assertTrue(e.getMessage().startsWith("PMIX_ERR_BAD_PARAM: node map: "), e.getMessage());
    }

    @Test
    void shouldFailFastOnARangeOfBillionsOfNames() {
        long t0 = System.nanoTime();
        PmixException e = assertThrows(PmixException.class, () -> NodeRegex.parse("pmix[n[10:0-9999999999]]"));
        assertTrue(e.getMessage().contains("more than " + RegexLimits.DEFAULT.maxEntries() + " entries"), e.getMessage());
        assertTrue(System.nanoTime() - t0 < 1_000_000_000L, "fails before expanding");
    }

    @Test
    void shouldFailOnManyRangesTogetherPastTheLimit() {
        StringBuilder b = new StringBuilder("pmix[");
        for (int i = 0; i < 100; i++) {
            b.append(i == 0 ? "" : ",").append("a").append(i).append("[6:0-99999]");
        }
        String regex = b.append(']').toString();
        PmixException e = assertThrows(PmixException.class, () -> NodeRegex.parse(regex, new RegexLimits(1_000_000, 1L << 40)));
        assertTrue(e.getMessage().contains("more than 1000000 entries"), e.getMessage());
    }

    @Test
    void shouldApplyTheCharacterLimit() {
        PmixException e = assertThrows(PmixException.class, () -> NodeRegex.parse("pmix[n[100:0-99]]", new RegexLimits(1000, 5000)));
        assertTrue(e.getMessage().contains("more than 5000 characters"), e.getMessage());
        assertEquals(100, NodeRegex.parse("pmix[n[100:0-99]]", new RegexLimits(1000, 20_000)).size());
        assertThrows(PmixException.class, () -> NodeRegex.parse("raw:a,b,c", new RegexLimits(2, 100)));
    }

    @Test
    void shouldRejectNonsenseLimits() {
        assertThrows(PmixException.class, () -> new RegexLimits(0, 10));
        assertThrows(PmixException.class, () -> new RegexLimits(10, 0));
    }

    @Test
    void shouldQuoteLongInputAsAnExcerpt() {
        String regex = "pmix[" + "a1,".repeat(1000) + "b[1:9-1]]";
        PmixException e = assertThrows(PmixException.class, () -> NodeRegex.parse(regex));
        assertTrue(e.getMessage().contains("range 9-1 is reversed"), e.getMessage());
        assertTrue(e.getMessage().length() < 400, e.getMessage());
        assertTrue(e.getMessage().contains("(" + regex.length() + " chars)"), e.getMessage());
    }

    @Test
    void shouldParseBytesAsUtf8() {
        assertEquals(List.of("nöde1"), NodeRegex.parse("pmix[nöde1]".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        PmixException e = assertThrows(PmixException.class, () -> NodeRegex.parse(new byte[] {'a', (byte) 0xff}));
        assertTrue(e.getMessage().contains("not UTF-8"), e.getMessage());
    }

    @Test
    void shouldReturnUnmodifiableLists() {
        List<String> names = NodeRegex.parse("pmix[a[1:1-2]]");
        assertThrows(UnsupportedOperationException.class, () -> names.add("x"));
    }

    @Test
    void shouldGenerateLargeListsInOrder() {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 100_000; i++) {
            names.add(i % 97 == 5 ? "login" + i + ".site" : String.format("nid%06d", i + i / 50));
        }
        String map = NodeRegex.generate(names);
        assertEquals(names, NodeRegex.parse(map));
        Collections.shuffle(names, new java.util.Random(7));
        assertEquals(names, NodeRegex.parse(NodeRegex.generate(names)));
    }
}
