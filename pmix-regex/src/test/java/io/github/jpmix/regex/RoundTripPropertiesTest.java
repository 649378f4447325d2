package io.github.jpmix.regex;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Rank;
import io.github.jpmix.common.Status;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** parse(generate(x)) == x, in order, for node lists and proc maps; parsers fail only with BAD_PARAM. */
class RoundTripPropertiesTest {

    @Provide
    Arbitrary<String> hostname() {
        Arbitrary<String> prefix = Arbitraries.oneOf(
                Arbitraries.of("node", "nid", "cn", "c", "gpu", "compute", "r", "x", "a", "Node", "NODE", "n", "", "login"),
                Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(70));
        Arbitrary<String> digits = Arbitraries.oneOf(
                Arbitraries.integers().between(0, 2000).map(String::valueOf),
                Combinators.combine(Arbitraries.integers().between(1, 8), Arbitraries.integers().between(0, 99))
                        .as((w, v) -> String.format("%0" + w + "d", v)),
                Arbitraries.longs().between(2_147_483_640L, 2_147_483_660L).map(String::valueOf),
                Arbitraries.longs().between(0, Long.MAX_VALUE).map(String::valueOf),
                Arbitraries.strings().numeric().ofMinLength(18).ofMaxLength(30));
        Arbitrary<String> suffix = Arbitraries.of("", "", "", "n1", "ib", "a", "n02", ".local", "-ib", ".example.com", "_eth", "[0]", ":1", "]");
        Arbitrary<String> numbered = Combinators.combine(prefix, digits, suffix).as((p, d, s) -> p + d + s);
        Arbitrary<String> literal = Arbitraries.of("login", "head", "zzz", "node]", "node:1", "nöde1", "a.b", "raw:x", "pmix", "pmix[a]",
                "blob:", "x y", "ünïcødé");
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(8, numbered),
                net.jqwik.api.Tuple.of(1, literal),
                net.jqwik.api.Tuple.of(1, Arbitraries.strings().ofMinLength(1).ofMaxLength(12).excludeChars(',', '\0')));
    }

    @Provide
    Arbitrary<List<String>> nodeLists() {
        Arbitrary<List<String>> runs = Combinators.combine(
                        Arbitraries.of("node", "nid", "c", ""), Arbitraries.integers().between(1, 4),
                        Arbitraries.integers().between(0, 50), Arbitraries.integers().between(1, 30))
                .as((p, w, start, len) -> {
                    List<String> out = new ArrayList<>();
                    for (int i = 0; i < len; i++) {
                        out.add(p + String.format("%0" + w + "d", start + i));
                    }
                    return out;
                });
        Arbitrary<List<String>> mixed = hostname().list().ofMaxSize(40);
        return Combinators.combine(runs, mixed, Arbitraries.integers().between(0, 2), Arbitraries.randoms())
                .as((r, m, how, random) -> {
                    List<String> out = new ArrayList<>(r);
                    out.addAll(m);
                    if (how == 1) {
                        java.util.Collections.shuffle(out, random);
                    } else if (how == 2 && !out.isEmpty()) {
                        out.addAll(out.subList(0, Math.min(3, out.size())));
                    }
                    return out;
                });
    }

    @Property(tries = 1500)
    void shouldParseGeneratedNodeMapsBackInOrder(@ForAll("nodeLists") List<String> names) {
        assertEquals(names, NodeRegex.parse(NodeRegex.generate(names)));
    }

    @Property(tries = 300)
    void shouldParseNodeBlobsBack(@ForAll("nodeLists") List<String> names) {
        assertEquals(names, NodeRegex.parse(NodeRegex.generateBlob(names)));
    }

    @Provide
    Arbitrary<List<int[]>> procMaps() {
        long maxRank = Rank.toUnsignedLong(Rank.VALID) - 1;
        Arbitrary<Long> base = Arbitraries.oneOf(Arbitraries.just(0L), Arbitraries.longs().between(0, 100_000),
                Arbitraries.longs().between(2_147_483_600L, 2_147_483_650L), Arbitraries.longs().between(maxRank - 2000, maxRank - 1000));
        Arbitrary<int[]> node = Combinators.combine(base, Arbitraries.integers().between(1, 40), Arbitraries.integers().between(0, 3),
                        Arbitraries.longs().between(0, maxRank).array(long[].class).ofMinSize(1).ofMaxSize(5))
                .as((b, n, style, random) -> {
                    int[] r = new int[n];
                    for (int i = 0; i < n; i++) {
                        long v;
                        switch (style) {
                            case 0:
                                v = b + i;
                                break;
                            case 1:
                                v = b + 3L * i;
                                break;
                            case 2:
                                v = b + (i ^ 1);
                                break;
                            default:
                                v = random[i % random.length];
                                break;
                        }
                        r[i] = (int) Math.min(v, maxRank);
                    }
                    return r;
                });
        return node.list().ofMaxSize(30);
    }

    @Property(tries = 1500)
    void shouldParseGeneratedProcMapsBack(@ForAll("procMaps") List<int[]> map) {
        String expected = PpnRegexTest.text(map);
        String regex = PpnRegex.generate(map);
        assertEquals(expected, PpnRegexTest.text(PpnRegex.parse(regex)));
        assertEquals(PpnRegex.parseLocalPeers(expected), PpnRegex.parseLocalPeers(regex).stream()
                .map(s -> PpnRegexTest.text(List.of(PpnRegex.parse("raw:" + s).get(0)))).toList());
    }

    @Property(tries = 300)
    void shouldParseProcMapBlobsBack(@ForAll("procMaps") List<int[]> map) {
        assertEquals(PpnRegexTest.text(map), PpnRegexTest.text(PpnRegex.parse(PpnRegex.generateBlob(map))));
    }

    /** The text form with ranges, leading zeros and stray separators reads back as the map it means. */
    @Property(tries = 1000)
    void shouldParseGeneratedTextFormsBack(@ForAll("procMaps") List<int[]> map, @ForAll java.util.Random random) {
        StringBuilder text = new StringBuilder();
        for (int[] node : map) {
            if (text.length() > 0 || random.nextInt(10) == 0) {
                text.append(';');
            }
            int i = 0;
            boolean first = true;
            while (i < node.length) {
                int j = i;
                while (j + 1 < node.length && Rank.toUnsignedLong(node[j + 1]) == Rank.toUnsignedLong(node[j]) + 1) {
                    j++;
                }
                text.append(first ? (random.nextInt(20) == 0 ? "," : "") : ",");
                first = false;
                if (j > i && random.nextBoolean()) {
                    text.append(Rank.toUnsignedLong(node[i])).append('-').append(Rank.toUnsignedLong(node[j]));
                    i = j + 1;
                } else {
                    text.append("0".repeat(random.nextInt(10) == 0 ? 2 : 0)).append(Rank.toUnsignedLong(node[i]));
                    i++;
                }
            }
        }
        String regex = PpnRegex.generate(text.toString());
        assertEquals(PpnRegexTest.text(map), PpnRegexTest.text(PpnRegex.parse(regex)), () -> text + " -> " + regex);
    }

    @Provide
    Arbitrary<String> nativeish() {
        Arbitrary<String> body = Arbitraries.strings().withChars("pmix[]:,-;0123456789abn ").ofMaxLength(40);
        return body.map(b -> "pmix[" + b);
    }

    /** Whatever the string, parsing returns or fails with BAD_PARAM: never another exception, never a hang. */
    @Property(tries = 3000)
    void shouldFailOnlyWithBadParam(@ForAll("nativeish") String regex) {
        RegexLimits limits = new RegexLimits(100_000, 10_000_000);
        for (Runnable parse : List.<Runnable>of(() -> NodeRegex.parse(regex, limits), () -> PpnRegex.parse(regex, limits),
                () -> PpnRegex.parseLocalPeers(regex, limits), () -> PpnRegex.generate(regex))) {
            try {
                parse.run();
            } catch (PmixException e) {
                assertEquals(Status.ERR_BAD_PARAM, e.status(), e.getMessage());
            }
        }
    }
}
