package io.github.jpmix.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The shared name table, on fresh instances so that nothing leaks into the real families. */
class ConstantNamesTest {

    private static ConstantNames sample() {
        return new ConstantNames("sample", false)
                .constant(0, "PMIX_S_ZERO", "ZERO TEXT")
                .constant(1, "PMIX_S_ONE", null)
                .alias(1, "PMIX_S_UNO");
    }

    @Test
    void shouldPrintTheTextThenTheNameThenTheNumber() {
        ConstantNames names = sample();
        assertEquals("ZERO TEXT", names.print(0));
        assertEquals("PMIX_S_ONE", names.print(1), "no OpenPMIx text: the name");
        assertEquals("2", names.print(2), "no name: the number");
        assertEquals("PMIX_S_ZERO", names.name(0));
        assertTrue(names.hasText(0));
        assertFalse(names.hasText(1));
    }

    @Test
    void shouldPrintUnknownValuesSignedOnlyForSignedFamilies() {
        assertEquals("4294967295", sample().name(-1), "a C unsigned type");
        assertEquals("-1", new ConstantNames("signed", true).name(-1));
        assertEquals("-3001", new ConstantNames("signed", true).print(-3001));
    }

    @Test
    void shouldNeverPrintTheAliasOfAValue() {
        ConstantNames names = sample();
        assertEquals("PMIX_S_ONE", names.name(1));
        assertEquals(1, names.valueOf("PMIX_S_UNO"));
        assertEquals(Map.of("PMIX_S_ZERO", 0, "PMIX_S_ONE", 1, "PMIX_S_UNO", 1), names.builtInSymbols());
    }

    @Test
    void shouldRefuseRegistrationMistakes() {
        assertThrows(IllegalStateException.class, () -> sample().constant(1, "PMIX_S_AGAIN", null),
                "a second constant for a value must be an alias");
        assertThrows(IllegalStateException.class, () -> sample().constant(5, "PMIX_S_ONE", null),
                "a symbol registered twice");
        assertThrows(IllegalStateException.class, () -> sample().alias(7, "PMIX_S_SEVEN"),
                "an alias of nothing");
    }

    @Test
    void shouldNameAValueOnDefine() {
        ConstantNames names = sample();
        assertFalse(names.isKnown(200));
        assertEquals("HOST_STATE", names.define(200, "HOST_STATE"));
        assertTrue(names.isKnown(200));
        assertEquals("HOST_STATE", names.name(200));
        assertEquals("HOST_STATE", names.print(200), "a defined value prints its name");
        assertEquals(200, names.valueOf("HOST_STATE"));
        assertFalse(names.builtInSymbols().containsKey("HOST_STATE"));
        assertTrue(names.symbols().containsKey("HOST_STATE"));
    }

    @Test
    void shouldKeepTheFirstNameAndAcceptTheSecondAsAnAlias() {
        ConstantNames names = sample();
        assertEquals("PMIX_S_ONE", names.define(1, "MY_ONE"), "a named value keeps its name");
        assertEquals("PMIX_S_ONE", names.name(1));
        assertEquals(1, names.valueOf("MY_ONE"));
        assertEquals("A", names.define(300, "A"));
        assertEquals("A", names.define(300, "B"));
        assertEquals(300, names.valueOf("B"));
    }

    @Test
    void shouldAcceptTheSameDefinitionTwice() {
        ConstantNames names = sample();
        assertEquals("HOST_X", names.define(201, "HOST_X"));
        assertEquals("HOST_X", names.define(201, "HOST_X"));
    }

    @Test
    void shouldRefuseANameThatStandsForAnotherValue() {
        ConstantNames names = sample();
        PmixException e = assertThrows(PmixException.class, () -> names.define(9, "PMIX_S_ONE"));
        assertEquals(Status.ERR_BAD_PARAM, e.status());
        assertTrue(e.getMessage().contains("PMIX_S_ONE") && e.getMessage().contains("9"), e.getMessage());
        assertFalse(names.isKnown(9), "a refused definition leaves nothing behind");
        assertEquals(1, names.valueOf("PMIX_S_ONE"));
    }

    @Test
    void shouldRefuseBlankAndNullNames() {
        assertEquals(Status.ERR_BAD_PARAM, assertThrows(PmixException.class, () -> sample().define(9, " ")).status());
        assertThrows(NullPointerException.class, () -> sample().define(9, null));
    }

    @Test
    void shouldLookUpNamesWithOrWithoutThePmixPrefix() {
        ConstantNames names = sample();
        assertEquals(0, names.valueOf("PMIX_S_ZERO"));
        assertEquals(0, names.valueOf("S_ZERO"));
        PmixException e = assertThrows(PmixException.class, () -> names.valueOf("S_NINE"));
        assertEquals(Status.ERR_BAD_PARAM, e.status());
        assertTrue(e.getMessage().contains("S_NINE"), e.getMessage());
    }

    @Test
    void shouldWordUnknownBitsByNameThenInHex() {
        ConstantNames names = new ConstantNames("mask", false).constant(0x1, "PMIX_M_A", null);
        assertEquals(List.of(), names.unknownBits(0, 0));
        assertEquals(List.of("0x300"), names.unknownBits(0x300, 0));
        names.define(0x200, "MY_BIT");
        assertEquals(List.of("MY_BIT", "0x100"), names.unknownBits(0x300, 0));
        assertEquals(List.of("0x80000000"), names.unknownBits(0x8000_0000, 0));
    }

    @Test
    void shouldKeepSilentBitsSilentUnlessNamed() {
        ConstantNames names = new ConstantNames("mask", false);
        assertEquals(List.of("0x100"), names.unknownBits(0xFFFF_0100, 0xFFFF_0000));
        names.define(0x1_0000, "MY_RESERVED_BIT");
        assertEquals(List.of("MY_RESERVED_BIT", "0x100"), names.unknownBits(0xFFFF_0100, 0xFFFF_0000));
    }

    @Test
    void shouldGiveAValueOneNameWhenThreadsRaceToDefineIt() throws Exception {
        ConstantNames names = sample();
        int threads = 8;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<String>> results = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                String name = "RACER_" + i;
                results.add(pool.submit(() -> {
                    start.await();
                    return names.define(1000, name);
                }));
            }
            start.countDown();
            Set<String> winners = new java.util.HashSet<>();
            for (Future<String> f : results) {
                winners.add(f.get());
            }
            assertEquals(Set.of(names.name(1000)), winners, "every caller learns the one name that prints");
            assertEquals(threads, names.symbols().keySet().stream().filter(s -> s.startsWith("RACER_"))
                    .collect(Collectors.toSet()).size(), "the losers' names became aliases");
        } finally {
            pool.shutdownNow();
        }
    }
}
