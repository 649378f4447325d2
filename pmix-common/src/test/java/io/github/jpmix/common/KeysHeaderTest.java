package io.github.jpmix.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Checks {@link Keys} against the installed OpenPMIx 4.2.2 headers: every attribute {@code #define} of
 * {@code pmix_common.h} and {@code pmix_deprecated.h} is a key with the same string and the type its comment names,
 * and every key is such a define. CI installs the headers ({@code apt-get install -y libpmix-dev}); without them
 * this test fails rather than skips.
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

    private static Map<String, Define> defines;

    @BeforeAll
    static void readHeaders() throws IOException {
        defines = Headers.attributeDefines(Headers.includeDir());
    }

    @Test
    void shouldReadTheAttributesOfBothHeaders() {
        assertTrue(defines.size() > 500, "only " + defines.size() + " string defines");
        assertEquals("pmix.rank", defines.get("PMIX_RANK").string());
        assertEquals("pmix_deprecated.h", defines.get("PMIX_PROC_URI").file());
    }

    @Test
    void shouldDeclareEveryHeaderAttributeWithItsString() {
        List<String> wrong = new ArrayList<>();
        for (Define d : defines.values()) {
            if (!Keys.isReserved(d.string()) || LEFT_OUT.containsKey(d.macro())) {
                continue;
            }
            Key<?> key = KeysTest.byMacro(d.macro()).orElse(null);
            if (key == null || !key.name().equals(d.string())) {
                wrong.add(d.macro() + " \"" + d.string() + "\" is " + key);
            }
        }
        assertEquals(List.of(), wrong);
    }

    @Test
    void shouldTypeEveryKeyAsItsHeaderCommentSays() {
        List<String> wrong = new ArrayList<>();
        for (Define d : defines.values()) {
            Key<?> key = KeysTest.byMacro(d.macro()).orElse(null);
            if (key == null) {
                continue;
            }
            Integer type = TEX_TYPES.getOrDefault(d.macro(), C_TYPES.get(d.cType()));
            if (type == null) {
                wrong.add(d.macro() + ": map the C type '" + d.cType() + "' in C_TYPES");
            } else if (type != key.type()) {
                wrong.add(d.macro() + " (" + d.cType() + ") is " + DataType.name(key.type()) + ", expected "
                        + DataType.name(type));
            }
        }
        assertEquals(List.of(), wrong);
    }

    @Test
    void shouldOverrideTheHeaderOnlyWhereItsCommentDisagreesWithTheTex() {
        TEX_TYPES.forEach((macro, type) -> assertFalse(type.equals(C_TYPES.get(defines.get(macro).cType())),
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
            assertEquals(cType, defines.get(macro).cType(), macro);
            assertTrue(KeysTest.byMacro(macro).isEmpty(), macro);
            assertTrue(Keys.byName(defines.get(macro).string()).isEmpty(), macro);
        });
    }

    @Test
    void shouldNotMistakeEnvironmentVariableNamesForKeys() {
        // #define PMIX_LAUNCHER_RNDZ_URI "PMIX_LAUNCHER_RNDZ_URI": a name for getenv, not an attribute
        Set<String> envNames = new TreeSet<>();
        defines.values().stream().filter(d -> !Keys.isReserved(d.string())).forEach(d -> envNames.add(d.macro()));
        assertEquals(Set.of("PMIX_LAUNCHER_RNDZ_URI", "PMIX_LAUNCHER_RNDZ_FILE", "PMIX_KEEPALIVE_PIPE"), envNames);
        envNames.forEach(macro -> assertTrue(KeysTest.byMacro(macro).isEmpty(), macro));
    }

    @Test
    void shouldDeprecateExactlyTheKeysOfPmixDeprecatedH() throws NoSuchFieldException {
        for (String field : KeysTest.keyFields().keySet()) {
            Define d = defines.get("PMIX_" + field);
            boolean deprecated = d != null && d.file().equals("pmix_deprecated.h");
            assertEquals(deprecated, Keys.class.getField(field).isAnnotationPresent(Deprecated.class), field);
        }
    }

    /** One {@code #define PMIX_X "string" // (type) ...} of a header. */
    record Define(String macro, String string, String cType, String file) {
    }

    /**
     * Finds and reads the OpenPMIx headers. Kept small and private to this test until the general header helper
     * ({@code OpenPmixHeaders}) lands.
     */
    static final class Headers {
        private static final Pattern DEFINE =
                Pattern.compile("^\\s*#\\s*define\\s+(PMIX_\\w+)\\s+\"([^\"]*)\"\\s*(?://\\s*\\(([^)]*)\\))?");

        private Headers() {
        }

        /** The directory holding pmix_common.h: pkg-config's, else the usual places; fails with how to install. */
        static Path includeDir() {
            List<Path> candidates = new ArrayList<>();
            String fromPkgConfig = pkgConfigIncludeDir();
            if (fromPkgConfig != null) {
                candidates.add(Path.of(fromPkgConfig));
            }
            candidates.add(Path.of("/usr/lib/x86_64-linux-gnu/pmix2/include"));
            candidates.add(Path.of("/usr/include/pmix"));
            candidates.add(Path.of("/usr/include"));
            for (Path dir : candidates) {
                if (Files.isRegularFile(dir.resolve("pmix_common.h"))) {
                    return dir;
                }
            }
            return fail("pmix_common.h is in none of " + candidates
                    + ": install the OpenPMIx headers (apt-get install -y libpmix-dev)");
        }

        private static String pkgConfigIncludeDir() {
            try {
                Process p = new ProcessBuilder("pkg-config", "--variable=includedir", "pmix")
                        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
                try (InputStream out = p.getInputStream()) {
                    String dir = new String(out.readAllBytes(), StandardCharsets.UTF_8).trim();
                    return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0 && !dir.isEmpty() ? dir : null;
                }
            } catch (IOException e) {
                return null; // no pkg-config: try the usual places
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }

        /** Every string-valued {@code #define PMIX_...} of pmix_common.h and pmix_deprecated.h, by macro. */
        static Map<String, Define> attributeDefines(Path includeDir) throws IOException {
            Map<String, Define> defines = new LinkedHashMap<>();
            for (String file : List.of("pmix_common.h", "pmix_deprecated.h")) {
                for (String line : Files.readAllLines(includeDir.resolve(file), StandardCharsets.UTF_8)) {
                    Matcher m = DEFINE.matcher(line);
                    if (m.find()) {
                        String cType = m.group(3) == null ? "" : m.group(3).trim();
                        defines.put(m.group(1), new Define(m.group(1), m.group(2), cType, file));
                    }
                }
            }
            return defines;
        }
    }
}
