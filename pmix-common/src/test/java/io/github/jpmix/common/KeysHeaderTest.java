package io.github.jpmix.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.OpenPmixHeaders.Macro;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Checks {@link Keys} against the installed OpenPMIx 4.2.2 headers: every attribute {@code #define} of
 * {@code pmix_common.h} and {@code pmix_deprecated.h} is a key with the same string and the type its comment names,
 * and every key is such a define. The headers are found and read by {@link OpenPmixHeaders}; CI installs them
 * ({@code apt-get install -y libpmix-dev}), and without them this test fails rather than skips.
 */
class KeysHeaderTest {
    /**
     * The PMIx data type of each C type a header comment or reserved-keys.tex names. {@code varies} is a key whose
     * value carries its own type (a {@code Key<Value>}); no comment at all is {@code PMIX_ATTR_UNDEF}'s placeholder.
     */
    static final Map<String, Integer> C_TYPES = Map.ofEntries(
            Map.entry("char*", DataType.STRING),
            Map.entry("bool", DataType.BOOL),
            Map.entry("int", DataType.INT),
            Map.entry("int32_t", DataType.INT32),
            Map.entry("uint16_t", DataType.UINT16),
            Map.entry("uint32_t", DataType.UINT32),
            Map.entry("uint64_t", DataType.UINT64),
            Map.entry("size_t", DataType.SIZE),
            Map.entry("pid_t", DataType.PID),
            Map.entry("float", DataType.FLOAT),
            Map.entry("double", DataType.DOUBLE),
            Map.entry("time_t", DataType.TIME),
            Map.entry("pmix_rank_t", DataType.PROC_RANK),
            Map.entry("pmix_proc_t", DataType.PROC),
            Map.entry("pmix_proc_t*", DataType.PROC),
            Map.entry("pmix_data_array_t", DataType.DATA_ARRAY),
            Map.entry("pmix_data_array_t*", DataType.DATA_ARRAY),
            Map.entry("pmix_proc_t array", DataType.DATA_ARRAY),
            Map.entry("pmix_status_t", DataType.STATUS),
            Map.entry("pmix_proc_state_t", DataType.PROC_STATE),
            Map.entry("pmix_envar_t*", DataType.ENVAR),
            Map.entry("pmix_byte_object_t", DataType.BYTE_OBJECT),
            Map.entry("pmix_scope_t", DataType.SCOPE),
            Map.entry("pmix_persistence_t", DataType.PERSIST),
            Map.entry("pmix_data_range_t", DataType.DATA_RANGE),
            Map.entry("pmix_link_state_t", DataType.LINK_STATE),
            Map.entry("pmix_topology_t*", DataType.TOPO),
            Map.entry("pmix_cpuset_t*", DataType.PROC_CPUSET),
            Map.entry("pmix_geometry_t", DataType.GEOMETRY),
            Map.entry("pmix_device_type_t", DataType.DEVTYPE),
            Map.entry("pmix_storage_medium_t", DataType.STOR_MEDIUM),
            Map.entry("pmix_storage_accessibility_t", DataType.STOR_ACCESS),
            Map.entry("pmix_storage_persistence_t", DataType.STOR_PERSIST),
            Map.entry("pmix_storage_access_type_t", DataType.STOR_ACCESS_TYPE),
            Map.entry("varies", DataType.VALUE),
            Map.entry("", DataType.UNDEF));

    /** Attributes Keys leaves out: their value is an address in one process (the Keys class comment). */
    static final Map<String, String> LEFT_OUT = Map.of(
            "PMIX_EVENT_RETURN_OBJECT", "void*",
            "PMIX_FABRIC_COST_MATRIX", "pointer",
            "PMIX_EVENT_BASE", "struct event_base *",
            "PMIX_TOPOLOGY", "hwloc_topology_t");

    /** Where reserved-keys.tex, authoritative for the keys it declares, gives another type than the header. */
    static final Map<String, Integer> TEX_TYPES = Map.of("PMIX_LOCAL_CPUSETS", DataType.DATA_ARRAY);

    /** Keys that are no string {@code #define} of the header: PMIX_PROC_INFO is data type 38 there. */
    static final Set<String> NOT_IN_HEADER = Set.of("PMIX_PROC_INFO");

    /** The string-valued {@code #define PMIX_...}s of both headers, by macro. */
    private static Map<String, Macro> defines;

    @BeforeAll
    static void readHeaders() {
        defines = OpenPmixHeaders.installed().stringMacros();
    }

    /** The string a define stands for. */
    private static String string(Macro d) {
        return d.stringValue().orElseThrow();
    }

    @Test
    void shouldReadTheAttributesOfBothHeaders() {
        assertTrue(defines.size() > 500, "only " + defines.size() + " string defines");
        assertEquals("pmix.rank", string(defines.get("PMIX_RANK")));
        assertEquals(OpenPmixHeaders.DEPRECATED_H, defines.get("PMIX_PROC_URI").file());
    }

    @Test
    void shouldDeclareEveryHeaderAttributeWithItsString() {
        List<String> wrong = new ArrayList<>();
        for (Macro d : defines.values()) {
            if (!Keys.isReserved(string(d)) || LEFT_OUT.containsKey(d.name())) {
                continue;
            }
            Key<?> key = KeysTest.byMacro(d.name()).orElse(null);
            if (key == null || !key.name().equals(string(d))) {
                wrong.add(d.name() + " \"" + string(d) + "\" is " + key);
            }
        }
        assertEquals(List.of(), wrong);
    }

    @Test
    void shouldTypeEveryKeyAsItsHeaderCommentSays() {
        List<String> wrong = new ArrayList<>();
        for (Macro d : defines.values()) {
            Key<?> key = KeysTest.byMacro(d.name()).orElse(null);
            if (key == null) {
                continue;
            }
            Integer type = TEX_TYPES.getOrDefault(d.name(), C_TYPES.get(d.typeComment()));
            if (type == null) {
                wrong.add(d.name() + ": map the C type '" + d.typeComment() + "' in C_TYPES");
            } else if (type != key.type()) {
                wrong.add(d.name() + " (" + d.typeComment() + ") is " + DataType.name(key.type()) + ", expected "
                        + DataType.name(type));
            }
        }
        assertEquals(List.of(), wrong);
    }

    @Test
    void shouldOverrideTheHeaderOnlyWhereItsCommentDisagreesWithTheTex() {
        TEX_TYPES.forEach((macro, type) -> assertFalse(type.equals(C_TYPES.get(defines.get(macro).typeComment())),
                macro + " no longer needs its override"));
    }

    @Test
    void shouldNameEveryKeyAfterAHeaderDefine() {
        Set<String> strays = new TreeSet<>();
        KeysTest.keyFields().keySet().forEach(field -> {
            if (!defines.containsKey("PMIX_" + field) && !NOT_IN_HEADER.contains("PMIX_" + field)) {
                strays.add(field);
            }
        });
        assertEquals(Set.of(), strays);
        NOT_IN_HEADER.forEach(macro -> assertFalse(defines.containsKey(macro), macro + " is now in the header"));
    }

    @Test
    void shouldLeaveOutOnlyAttributesWhoseValueIsAPointer() {
        LEFT_OUT.forEach((macro, cType) -> {
            assertEquals(cType, defines.get(macro).typeComment(), macro);
            assertTrue(KeysTest.byMacro(macro).isEmpty(), macro);
            assertTrue(Keys.byName(string(defines.get(macro))).isEmpty(), macro);
        });
    }

    @Test
    void shouldNotMistakeEnvironmentVariableNamesForKeys() {
        // #define PMIX_LAUNCHER_RNDZ_URI "PMIX_LAUNCHER_RNDZ_URI": a name for getenv, not an attribute
        Set<String> envNames = new TreeSet<>();
        defines.values().stream().filter(d -> !Keys.isReserved(string(d))).forEach(d -> envNames.add(d.name()));
        assertEquals(Set.of("PMIX_LAUNCHER_RNDZ_URI", "PMIX_LAUNCHER_RNDZ_FILE", "PMIX_KEEPALIVE_PIPE"), envNames);
        envNames.forEach(macro -> assertTrue(KeysTest.byMacro(macro).isEmpty(), macro));
    }

    @Test
    void shouldDeprecateExactlyTheKeysOfPmixDeprecatedH() throws NoSuchFieldException {
        for (String field : KeysTest.keyFields().keySet()) {
            Macro d = defines.get("PMIX_" + field);
            boolean deprecated = d != null && d.file().equals(OpenPmixHeaders.DEPRECATED_H);
            assertEquals(deprecated, Keys.class.getField(field).isAnnotationPresent(Deprecated.class), field);
        }
    }
}
