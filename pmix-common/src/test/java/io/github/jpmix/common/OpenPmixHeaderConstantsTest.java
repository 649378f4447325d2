package io.github.jpmix.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every int constant family of JPMIx against the OpenPMIx headers installed on this machine
 * ({@code pmix_common.h} and {@code pmix_deprecated.h}, found by {@link OpenPmixHeaders#locate()}),
 * both ways: each C constant of a checked family has a Java constant of the same value, and each
 * Java constant has a C one.
 *
 * <p><b>Which C constants belong to a family.</b> In {@code pmix_common.h} each family's values
 * directly follow the one-line {@code typedef} of its C type ({@code typedef int pmix_status_t;}
 * opens "PMIX ERROR CONSTANTS", {@code typedef uint8_t pmix_proc_state_t;} "PROCESS STATE
 * DEFINITIONS", ...), so a family is every integer-valued macro after its typedef and before the
 * next typedef; string-valued macros there are attributes, not constants. {@code pmix_deprecated.h}
 * has no typedefs; its headings decide: "DATATYPES" holds data types, "CONSTANTS" status codes,
 * except {@code PMIX_JOB_STATE_PREPPED}, a job state by its prefix. Every integer macro of
 * {@code pmix_deprecated.h} must land in a family, so a new one is noticed.
 *
 * <p><b>How a C name maps to a Java name.</b> Strip the first of the family's C prefixes that
 * matches, then its C suffix if present: {@code PMIX_PROC_STATE_RUNNING} is
 * {@code ProcState.RUNNING}, {@code PMIX_SCOPE_UNDEF} and {@code PMIX_GLOBAL} are
 * {@code Scope.UNDEF} and {@code Scope.GLOBAL}, {@code PMIX_FWD_STDIN_CHANNEL} is
 * {@code IofChannel.STDIN}. The rules are the {@link #FAMILIES} table. Each family's name table
 * must also know the C name ({@code valueOf}/{@code name}), so that what JPMIx prints is the C
 * spelling.
 *
 * <p>Values compare as the C type holds them: {@code pmix_status_t} is signed, every other type
 * unsigned ({@code PMIX_RANK_WILDCARD}, {@code UINT32_MAX-1}, is 4294967294, which Java holds as
 * -2).
 */
class OpenPmixHeaderConstantsTest {

    /**
     * One family: its class, the typedef its C values follow, the C prefixes (tried in order) and
     * the C suffix that the Java names drop, and its name table (absent for {@link Rank}, which
     * prints itself).
     */
    record Family(Class<?> type, String typedef, List<String> prefixes, String suffix, Optional<ConstantNames> names) {
        String javaName(String cName) {
            String name = cName;
            for (String prefix : prefixes) {
                if (name.startsWith(prefix)) {
                    name = name.substring(prefix.length());
                    break;
                }
            }
            return !suffix.isEmpty() && name.endsWith(suffix) ? name.substring(0, name.length() - suffix.length()) : name;
        }

        @Override
        public String toString() {
            return type.getSimpleName();
        }
    }

    static final List<Family> FAMILIES = List.of(
            family(Status.class, "pmix_status_t", Status.names(), "PMIX_"),
            family(DataType.class, "pmix_data_type_t", DataType.names(), "PMIX_"),
            family(ProcState.class, "pmix_proc_state_t", ProcState.names(), "PMIX_PROC_STATE_"),
            family(JobState.class, "pmix_job_state_t", JobState.names(), "PMIX_JOB_STATE_"),
            family(Scope.class, "pmix_scope_t", Scope.names(), "PMIX_SCOPE_", "PMIX_"),
            family(DataRange.class, "pmix_data_range_t", DataRange.names(), "PMIX_RANGE_"),
            family(Persistence.class, "pmix_persistence_t", Persistence.names(), "PMIX_PERSIST_"),
            family(InfoDirectives.class, "pmix_info_directives_t", InfoDirectives.names(), "PMIX_INFO_"),
            family(AllocDirective.class, "pmix_alloc_directive_t", AllocDirective.names(), "PMIX_ALLOC_"),
            new Family(IofChannel.class, "pmix_iof_channel_t", List.of("PMIX_FWD_"), "_CHANNEL",
                    Optional.of(IofChannel.names())),
            family(LinkState.class, "pmix_link_state_t", LinkState.names(), "PMIX_LINK_STATE_", "PMIX_LINK_"),
            new Family(Rank.class, "pmix_rank_t", List.of("PMIX_RANK_", "PMIX_"), "", Optional.empty()));

    private static OpenPmixHeaders headers;
    /** family -> (C name -> macro), the constants of each checked family. */
    private static Map<Family, Map<String, OpenPmixHeaders.Macro>> constants;

    private static Family family(Class<?> type, String typedef, ConstantNames names, String... prefixes) {
        return new Family(type, typedef, List.of(prefixes), "", Optional.of(names));
    }

    @BeforeAll
    static void readHeaders() {
        headers = OpenPmixHeaders.installed();
        constants = new LinkedHashMap<>();
        FAMILIES.forEach(f -> constants.put(f, new LinkedHashMap<>()));
        for (OpenPmixHeaders.Macro m : headers.macros().values()) {
            familyOf(m).ifPresent(f -> constants.get(f).put(m.name(), m));
        }
    }

    /** The family a macro belongs to, by the rules of the class comment. */
    private static Optional<Family> familyOf(OpenPmixHeaders.Macro m) {
        if (m.value().isEmpty() || m.stringValue().isPresent()) {
            return Optional.empty();
        }
        Optional<Family> family = Optional.empty();
        if (m.file().equals(OpenPmixHeaders.COMMON_H)) {
            family = FAMILIES.stream().filter(f -> f.typedef().equals(m.typedef())).findFirst();
        } else if (m.file().equals(OpenPmixHeaders.DEPRECATED_H)) {
            if (m.name().startsWith("PMIX_JOB_STATE_")) {
                family = Optional.of(byType(JobState.class));
            } else if (m.heading().equals("DATATYPES")) {
                family = Optional.of(byType(DataType.class));
            } else if (m.heading().equals("CONSTANTS")) {
                family = Optional.of(byType(Status.class));
            }
        }
        if (family.isPresent() && !headers.isInteger(m.name())) {
            fail(m.name() + " (" + m.where() + ") sits among the " + family.get() + " constants but is not an "
                    + "integer this test can evaluate: '" + m.value() + "'");
        }
        return family;
    }

    private static Family byType(Class<?> type) {
        return FAMILIES.stream().filter(f -> f.type() == type).findFirst().orElseThrow();
    }

    static Stream<Named<Family>> families() {
        return FAMILIES.stream().map(f -> Named.of(f.toString(), f));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("families")
    void shouldDefineEveryHeaderConstantWithItsValue(Family family) {
        Map<String, OpenPmixHeaders.Macro> cConstants = constants.get(family);
        assertTrue(cConstants.size() >= 2, "found only " + cConstants.keySet() + " for " + family + " in "
                + headers.directory() + ": the family rule no longer matches the headers");
        List<String> problems = new ArrayList<>();
        for (OpenPmixHeaders.Macro m : cConstants.values()) {
            String javaName = family.javaName(m.name());
            long cValue = headers.evaluate(m.name());
            Optional<Field> field = constantField(family.type(), javaName);
            if (field.isEmpty()) {
                problems.add(m.name() + " = " + cValue + " (" + m.where() + ") has no Java counterpart "
                        + family + "." + javaName);
                continue;
            }
            int javaValue = intValue(field.get());
            if (asC(family, javaValue) != cValue) {
                problems.add(family + "." + javaName + " = " + asC(family, javaValue) + " but " + m.name() + " = "
                        + cValue + " (" + m.where() + ")");
            }
            family.names().ifPresent(names -> {
                Integer registered = names.symbols().get(m.name());
                if (registered == null || registered != javaValue) {
                    problems.add(family + "'s name table maps " + m.name() + " to " + registered + ", not " + javaValue);
                }
            });
        }
        assertNoProblems(family, problems);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("families")
    void shouldHaveNoJavaConstantTheHeadersLack(Family family) {
        List<String> javaNames = constants.get(family).keySet().stream().map(family::javaName).toList();
        List<String> problems = new ArrayList<>();
        for (Field f : family.type().getFields()) {
            if (isIntConstant(f) && !javaNames.contains(f.getName())) {
                problems.add(family + "." + f.getName() + " = " + intValue(f) + " has no C constant in "
                        + headers.directory() + " (expected one that maps to it by " + family.prefixes() + " + name + '"
                        + family.suffix() + "')");
            }
        }
        assertNoProblems(family, problems);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("families")
    void shouldNameNothingTheHeadersDoNot(Family family) {
        Map<String, Integer> registered = family.names().map(ConstantNames::builtInSymbols).orElse(Map.of());
        List<String> problems = new ArrayList<>();
        registered.forEach((cName, value) -> {
            if (!constants.get(family).containsKey(cName)) {
                problems.add(family + "'s name table has " + cName + " = " + value + ", which the headers do not define");
            }
        });
        assertNoProblems(family, problems);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("families")
    void shouldPrintTheCurrentCName(Family family) {
        ConstantNames names = family.names().orElse(null);
        if (names == null) {
            return; // Rank prints numbers and its own short names; RankTest covers it
        }
        // value -> its C names; where a value has two, print the one pmix_common.h has, not the
        // one pmix_deprecated.h keeps for old code
        Map<Long, List<OpenPmixHeaders.Macro>> byValue = new LinkedHashMap<>();
        constants.get(family).values().forEach(m ->
                byValue.computeIfAbsent(headers.evaluate(m.name()), v -> new ArrayList<>()).add(m));
        List<String> problems = new ArrayList<>();
        byValue.forEach((value, macros) -> {
            List<String> current = macros.stream().filter(m -> m.file().equals(OpenPmixHeaders.COMMON_H))
                    .map(OpenPmixHeaders.Macro::name).toList();
            List<String> expected = current.isEmpty() ? macros.stream().map(OpenPmixHeaders.Macro::name).toList() : current;
            String printed = names.name(value.intValue());
            if (!expected.contains(printed)) {
                problems.add(family + ".name(" + value + ") is " + printed + ", expected " + String.join(" or ", expected));
            }
        });
        assertNoProblems(family, problems);
    }

    @Test
    void shouldPutEveryIntegerConstantOfPmixDeprecatedHIntoAFamily() {
        List<String> unclaimed = headers.macros().values().stream()
                .filter(m -> m.file().equals(OpenPmixHeaders.DEPRECATED_H))
                .filter(m -> !m.value().isEmpty() && headers.isInteger(m.name()))
                .filter(m -> constants.values().stream().noneMatch(c -> c.containsKey(m.name())))
                .map(m -> m.name() + " (" + m.where() + ")")
                .toList();
        assertEquals(List.of(), unclaimed, "integer constants of " + OpenPmixHeaders.DEPRECATED_H
                + " that no checked family claims; add them to a family (and to JPMIx)");
    }

    @Test
    void shouldKeepTheStatusCodesThatMovedToPmixDeprecatedH() {
        Map<String, Long> moved = Map.of(
                "PMIX_ERR_INVALID_NAMESPACE", (long) Status.ERR_INVALID_NAMESPACE,
                "PMIX_ERR_DATA_VALUE_NOT_FOUND", (long) Status.ERR_DATA_VALUE_NOT_FOUND,
                "PMIX_ERR_PROC_ABORTED", (long) Status.ERR_PROC_ABORTED);
        moved.forEach((cName, javaValue) -> {
            assertEquals(OpenPmixHeaders.DEPRECATED_H, headers.macro(cName).file(), cName);
            assertEquals(javaValue.longValue(), headers.evaluate(cName), cName);
            assertTrue(constants.get(byType(Status.class)).containsKey(cName), cName + " is checked as a status");
        });
        assertEquals(-44, Status.ERR_INVALID_NAMESPACE);
        assertEquals(-30, Status.ERR_DATA_VALUE_NOT_FOUND);
        assertEquals(-7, Status.ERR_PROC_ABORTED);
    }

    @Test
    void shouldHoldRanksAsUnsignedInts() {
        Map<String, OpenPmixHeaders.Macro> ranks = constants.get(byType(Rank.class));
        assertEquals("UINT32_MAX-1", headers.macro("PMIX_RANK_WILDCARD").value(), "the form this test must evaluate");
        assertEquals(4_294_967_294L, headers.evaluate("PMIX_RANK_WILDCARD"));
        assertEquals(4_294_967_294L, Rank.toUnsignedLong(Rank.WILDCARD));
        assertEquals(4_294_967_245L, headers.evaluate("PMIX_RANK_VALID"));
        assertEquals("4294967244", Rank.toString(Rank.VALID - 1), "the largest valid rank prints unsigned");
        // PMIX_RANK_IS_VALID(r) is ((r) < PMIX_RANK_VALID), compared as uint32_t
        assertTrue(Rank.isValid((int) (headers.evaluate("PMIX_RANK_VALID") - 1)));
        for (String cName : ranks.keySet()) {
            assertFalse(Rank.isValid((int) headers.evaluate(cName)), cName + " is a reserved rank, not a valid one");
        }
        assertEquals(headers.evaluate("PMIX_RANK_UNDEF"), headers.evaluate("PMIX_APP_WILDCARD"),
                "PMIX_APP_WILDCARD and PMIX_RANK_UNDEF share UINT32_MAX");
    }

    @Test
    void shouldAgreeOnTheLongestNamespace() {
        assertEquals(headers.evaluate("PMIX_MAX_NSLEN"), Proc.MAX_NSLEN);
    }

    /** A Java int as the family's C type holds it: signed for int, unsigned for uintN_t. */
    private static long asC(Family family, int javaValue) {
        String cType = headers.typedefType(family.typedef())
                .orElseGet(() -> fail("no typedef " + family.typedef() + " in " + headers.directory()));
        return cType.startsWith("uint") ? Integer.toUnsignedLong(javaValue) : javaValue;
    }

    private static Optional<Field> constantField(Class<?> type, String name) {
        try {
            Field f = type.getField(name);
            return isIntConstant(f) ? Optional.of(f) : Optional.empty();
        } catch (NoSuchFieldException e) {
            return Optional.empty();
        }
    }

    private static boolean isIntConstant(Field f) {
        int mod = f.getModifiers();
        return Modifier.isPublic(mod) && Modifier.isStatic(mod) && Modifier.isFinal(mod) && f.getType() == int.class;
    }

    private static int intValue(Field f) {
        try {
            return f.getInt(null);
        } catch (IllegalAccessException e) {
            throw new AssertionError(f + " is not readable", e);
        }
    }

    private static void assertNoProblems(Family family, List<String> problems) {
        if (!problems.isEmpty()) {
            fail(problems.size() + " mismatch(es) between " + family + " and the OpenPMIx headers in "
                    + headers.directory() + ":\n  " + String.join("\n  ", problems));
        }
    }
}
