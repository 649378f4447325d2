package io.github.jpmix.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The {@code toString(int)} printers against what OpenPMIx 4.2.2's {@code PMIx_*_string}
 * functions print, read from {@value #RESOURCE} (written by {@code src/test/c/dump_strings.c}; the
 * C library is not called here).
 *
 * <p>The expectation for each printed value follows JPMIx's rule ({@link ConstantNames}): a value
 * JPMIx has OpenPMIx's text for prints exactly that text; where OpenPMIx prints its "not found"
 * string, JPMIx prints the value's name if it has one, else its number; bits of a mask that
 * OpenPMIx ignores are appended by name or as hex. The only values OpenPMIx names that JPMIx does
 * not are listed in {@link #NAMED_ONLY_INSIDE_OPENPMIX}.
 */
class PrettyPrinterTest {
    static final String RESOURCE = "openpmix-4.2.2-strings.tsv";

    /**
     * A printer family as the TSV's first column names it.
     *
     * @param print JPMIx's printer
     * @param names its name table
     * @param notFound what OpenPMIx prints for a value its printer has no case for; {@code null}
     *     for the bit masks, whose printers word any value
     */
    record Family(IntFunction<String> print, ConstantNames names, String notFound) {
    }

    static final Map<String, Family> FAMILIES = Map.ofEntries(
            Map.entry("Status", new Family(Status::toString, Status.names(), "ERROR STRING NOT FOUND")),
            Map.entry("ProcState", new Family(ProcState::toString, ProcState.names(), "UNKNOWN STATE")),
            Map.entry("JobState", new Family(JobState::toString, JobState.names(), "UNKNOWN")),
            Map.entry("Scope", new Family(Scope::toString, Scope.names(), "UNKNOWN SCOPE")),
            Map.entry("Persistence", new Family(Persistence::toString, Persistence.names(), "UNKNOWN PERSISTENCE")),
            Map.entry("DataRange", new Family(DataRange::toString, DataRange.names(), "UNKNOWN")),
            Map.entry("AllocDirective", new Family(AllocDirective::toString, AllocDirective.names(), "UNSPECIFIED")),
            Map.entry("LinkState", new Family(LinkState::toString, LinkState.names(), "UNKNOWN")),
            Map.entry("DataType", new Family(DataType::toString, DataType.names(), "UNKNOWN")),
            Map.entry("InfoDirectives", new Family(InfoDirectives::toString, InfoDirectives.names(), null)),
            Map.entry("IofChannel", new Family(IofChannel::toString, IofChannel.names(), null)));

    /**
     * Values 4.2.2's library prints a name for although its public headers do not define them;
     * JPMIx, which defines what the headers define, prints them as numbers. Status: internal codes
     * of OpenPMIx's {@code src/util/pmix_error.h} (-1363 "FABRIC_NOT_PARSEABLE", -1366
     * "TAKE-NEXT-OPTION", -1367 "PMIX TEMPORARILY UNAVAILABLE") and {@code PMIX_MAX_ERR_CONSTANT}
     * ({@code INT_MIN}, "PMIX_ERR_WILDCARD"). DataType: {@code PMIX_MODEX} (29) and
     * {@code PMIX_INFO_ARRAY} (44), v1-v3 types the headers dropped.
     */
    static final Map<String, Set<Integer>> NAMED_ONLY_INSIDE_OPENPMIX = Map.of(
            "Status", Set.of(-1363, -1366, -1367, Integer.MIN_VALUE),
            "DataType", Set.of(29, 44));

    /** One line of the TSV: what OpenPMIx printed for a value. */
    record Row(String family, int value, String text) {
        @Override
        public String toString() {
            return family + " " + value + " -> \"" + text + "\"";
        }
    }

    private static List<Row> cachedRows;

    /** The TSV's rows, read once. */
    static synchronized List<Row> rows() {
        if (cachedRows == null) {
            cachedRows = List.copyOf(read());
        }
        return cachedRows;
    }

    private static List<Row> read() {
        InputStream in = PrettyPrinterTest.class.getResourceAsStream(RESOURCE);
        assertNotNull(in, "missing test resource " + RESOURCE + "; see src/test/c/README.md");
        List<Row> out = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.startsWith("#")) {
                    continue;
                }
                String[] cols = line.split("\t", 3); // the text may end in spaces: keep them
                if (cols.length != 3) {
                    fail(RESOURCE + ": not family<TAB>value<TAB>string: '" + line + "'");
                }
                out.add(new Row(cols[0], Integer.parseInt(cols[1]), cols[2]));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(RESOURCE, e);
        }
        return out;
    }

    static Stream<String> families() {
        return FAMILIES.keySet().stream().sorted();
    }

    /**
     * One case per family rather than per value (there are about 6,000 values): every mismatch of
     * the family is listed in the one failure.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("families")
    void shouldPrintWhatOpenPmixPrints(String name) {
        Family family = FAMILIES.get(name);
        List<Row> familyRows = rows().stream().filter(r -> r.family().equals(name)).toList();
        assertTrue(familyRows.size() > 2, "only " + familyRows.size() + " rows for " + name + " in " + RESOURCE);
        List<String> mismatches = new ArrayList<>();
        for (Row row : familyRows) {
            String expected = expected(row, family);
            String actual = family.print().apply(row.value());
            if (!expected.equals(actual)) {
                mismatches.add(row + ": expected \"" + expected + "\" but JPMIx prints \"" + actual + "\"");
            }
        }
        assertEquals(List.of(), mismatches, name + ".toString(int) against " + RESOURCE);
    }

    private static String expected(Row row, Family family) {
        int v = row.value();
        switch (row.family()) {
            case "InfoDirectives": {
                // PMIx bits REQD..PERSISTENT are worded (or, PERSISTENT, deliberately not) by the
                // reference; unnamed bits of the reserved top 16 stay silent; the rest is appended
                List<String> extra = extraBits(v & ~0x1F, InfoDirectives.DIR_RESERVED, InfoDirectives::isKnown,
                        InfoDirectives::name);
                return extra.isEmpty() ? row.text() : row.text() + ":" + String.join(":", extra);
            }
            case "IofChannel": {
                List<String> extra = extraBits(v & ~0x0F, IofChannel.ALL_CHANNELS, IofChannel::isKnown,
                        IofChannel::name);
                String words = extra.stream().map(w -> w + " ").collect(Collectors.joining());
                return extra.isEmpty() ? row.text() : row.text().equals("NONE") ? words : row.text() + words;
            }
            default:
                if (family.names().hasText(v)) {
                    return row.text(); // a text JPMIx has must be OpenPMIx's, byte for byte
                }
                if (row.text().equals(family.notFound())) {
                    return family.names().name(v); // the name, else the number
                }
                if (!NAMED_ONLY_INSIDE_OPENPMIX.getOrDefault(row.family(), Set.of()).contains(v)) {
                    return row.text(); // OpenPMIx has a text JPMIx lacks: report it as a mismatch
                }
                return family.names().number(v);
        }
    }

    /** The appended words for mask bits no PMIx word covers: defined names, then the rest in hex. */
    private static List<String> extraBits(int bits, int silent, IntPredicate isKnown, IntFunction<String> name) {
        List<String> words = new ArrayList<>();
        int hex = 0;
        for (int bit = 1; bit != 0; bit <<= 1) {
            if ((bits & bit) == 0) {
                continue;
            }
            if (isKnown.test(bit)) {
                words.add(name.apply(bit));
            } else if ((bit & silent) == 0) {
                hex |= bit;
            }
        }
        if (hex != 0) {
            words.add("0x" + Integer.toHexString(hex));
        }
        return words;
    }

    @Test
    void shouldCoverEveryFamilyAndEveryNamedValue() {
        Set<String> families = rows().stream().map(Row::family).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(new TreeSet<>(FAMILIES.keySet()), families, "families in " + RESOURCE);
        FAMILIES.forEach((name, family) -> {
            Set<Integer> printed = rows().stream().filter(r -> r.family().equals(name)).map(Row::value)
                    .collect(Collectors.toSet());
            Set<Integer> missing = family.names().builtInSymbols().values().stream()
                    .filter(v -> !printed.contains(v)).collect(Collectors.toCollection(TreeSet::new));
            assertEquals(Set.of(), missing, name + " values that " + RESOURCE + " does not cover");
        });
    }

    @Test
    void shouldListExactlyTheValuesOnlyOpenPmixNames() {
        NAMED_ONLY_INSIDE_OPENPMIX.forEach((name, values) -> {
            Family family = FAMILIES.get(name);
            for (int v : values) {
                Row row = rows().stream().filter(r -> r.family().equals(name) && r.value() == v).findFirst()
                        .orElseGet(() -> fail(name + " " + v + " is not in " + RESOURCE));
                assertTrue(!row.text().equals(family.notFound()) && !family.names().isKnown(v),
                        row + ": listed as named only inside OpenPMIx, but it is not (any more)");
            }
        });
    }

    @Test
    void shouldReadTheResourceTextsUntrimmed() {
        Row stdin = rows().stream().filter(r -> r.family().equals("IofChannel") && r.value() == IofChannel.STDIN)
                .findFirst().orElseThrow();
        assertEquals("STDIN ", stdin.text(), "PMIx_IOF_channel_string's texts end in a space");
    }
}
