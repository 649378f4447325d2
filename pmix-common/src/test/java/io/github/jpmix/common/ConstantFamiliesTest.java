package io.github.jpmix.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.IntFunction;
import java.util.function.IntPredicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The contract every plain constant family shares (its public static methods), run over each:
 * a known value prints OpenPMIx's text and its C name, an unknown one its number, a defined one
 * its defined name. The families with logic of their own have their own tests as well.
 */
class ConstantFamiliesTest {

    /** One family's public API and a sample of it. */
    record Api(IntFunction<String> print, IntFunction<String> name, IntPredicate isKnown,
            Definer define, int known, String knownText, String knownName, int free) {
    }

    interface Definer {
        String define(int value, String name);
    }

    static Stream<Named<Api>> families() {
        return Stream.of(
                Named.of("ProcState", new Api(ProcState::toString, ProcState::name, ProcState::isKnown, ProcState::define,
                        ProcState.ABORTED, "PROC ABNORMALLY ABORTED", "PMIX_PROC_STATE_ABORTED", 230)),
                Named.of("JobState", new Api(JobState::toString, JobState::name, JobState::isKnown, JobState::define,
                        JobState.SUSPENDED, "SUSPENDED", "PMIX_JOB_STATE_SUSPENDED", 230)),
                Named.of("Scope", new Api(Scope::toString, Scope::name, Scope::isKnown, Scope::define,
                        Scope.GLOBAL, "SHARE ACROSS ALL NODES", "PMIX_GLOBAL", 230)),
                Named.of("DataRange", new Api(DataRange::toString, DataRange::name, DataRange::isKnown, DataRange::define,
                        DataRange.NAMESPACE, "AVAIL TO PROCESSES IN SAME JOB ONLY", "PMIX_RANGE_NAMESPACE", 230)),
                Named.of("Persistence", new Api(Persistence::toString, Persistence::name, Persistence::isKnown,
                        Persistence::define, Persistence.FIRST_READ, "DELETE ON FIRST ACCESS", "PMIX_PERSIST_FIRST_READ",
                        230)),
                Named.of("AllocDirective", new Api(AllocDirective::toString, AllocDirective::name,
                        AllocDirective::isKnown, AllocDirective::define, AllocDirective.REAQUIRE, "REACQUIRE",
                        "PMIX_ALLOC_REAQUIRE", 230)),
                Named.of("LinkState", new Api(LinkState::toString, LinkState::name, LinkState::isKnown,
                        LinkState::define, LinkState.DOWN, "INACTIVE", "PMIX_LINK_DOWN", 230)),
                Named.of("DataType", new Api(DataType::toString, DataType::name, DataType::isKnown, DataType::define,
                        DataType.PROC_RANK, "PMIX_PROC_RANK", "PMIX_PROC_RANK", 530)),
                Named.of("Status", new Api(Status::toString, Status::name, Status::isKnown, Status::define,
                        Status.ERR_TIMEOUT, "TIMEOUT", "PMIX_ERR_TIMEOUT", -3230)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("families")
    void shouldPrintAKnownValueAsOpenPmixAndNameItAsC(Api api) {
        assertTrue(api.isKnown().test(api.known()));
        assertEquals(api.knownText(), api.print().apply(api.known()));
        assertEquals(api.knownName(), api.name().apply(api.known()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("families")
    void shouldPrintAnUnknownValueAsItsNumber(Api api) {
        int unknown = api.free() + 1;
        assertFalse(api.isKnown().test(unknown));
        assertEquals(Integer.toString(unknown), api.print().apply(unknown));
        assertEquals(Integer.toString(unknown), api.name().apply(unknown));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("families")
    void shouldPrintADefinedValueByItsName(Api api) {
        String name = "JPMIX_TEST_FAMILY_VALUE_" + api.free();
        assertEquals(name, api.define().define(api.free(), name));
        assertTrue(api.isKnown().test(api.free()));
        assertEquals(name, api.name().apply(api.free()));
        assertEquals(name, api.print().apply(api.free()));
        assertEquals(api.knownName(), api.define().define(api.known(), name + "_ALIAS"),
                "a PMIx value keeps its name");
        assertEquals(api.knownText(), api.print().apply(api.known()));
    }
}
