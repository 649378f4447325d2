package io.github.jpmix.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Checks {@link Keys} against the specification texts in {@code shared/spec}: the keys {@code reserved-keys.tex}
 * declares and the realms it puts them in, the wireup information of {@code wireup-info.txt}, and the keys of
 * {@code rfc0010-tool-support.txt}.
 */
class KeysSpecTest {
    private static final Pattern DECLARE = Pattern.compile(
            "\\\\declareAttribute(?:Provisional)?\\{(PMIX_\\w+)\\}\\{\"([^\"]*)\"\\}\\{([^}]*)\\}");
    private static final Pattern PASTE = Pattern.compile("\\\\pasteAttributeItemBegin\\{(PMIX_\\w+)\\}");
    private static final Pattern REALM_SECTION =
            Pattern.compile("\\\\subsection\\{(Session|Job|Application|Process|Node) realm [^}]*\\}");
    private static final Pattern ANY_SECTION = Pattern.compile("\\\\(?:sub)*section\\{");

    /** Realm placements the tex states in a key's prose rather than by its structure. */
    private static final Map<String, Set<Keys.Realm>> PROSE_REALMS =
            // LOCAL_SIZE: "Defaults to job unless the PMIX_APP_INFO and the PMIX_APPNUM qualifiers are given"
            Map.of("PMIX_LOCAL_SIZE", EnumSet.of(Keys.Realm.APP));

    /** Names in rfc0010-tool-support.txt that are no attributes. */
    private static final Map<String, String> RFC0010_NON_ATTRIBUTES = Map.of(
            "PMIX_RANK_WILDCARD", "a rank value",
            "PMIX_UINT32", "a data type",
            "PMIX_QUERY_CONSTRUCT", "a macro",
            "PMIX_INFO_CREATE", "a macro",
            "PMIX_LOAD_INFO", "a macro");

    private static Path spec;
    private static String tex;

    @BeforeAll
    static void readSpec() throws IOException {
        spec = specDir();
        tex = withoutComments(Files.readString(spec.resolve("reserved-keys.tex"), StandardCharsets.UTF_8));
    }

    /**
     * {@code shared/spec}, beside or above the repository: found by walking up from the working directory (the
     * repository lives at /work/main or a clone, with /work/shared beside it).
     */
    static Path specDir() {
        Path start = Path.of("").toAbsolutePath();
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("shared").resolve("spec");
            if (Files.isRegularFile(candidate.resolve("reserved-keys.tex"))) {
                return candidate;
            }
        }
        return fail("no shared/spec/reserved-keys.tex in " + start + " or any directory above it: the spec texts "
                + "live in a shared/ directory beside the repository");
    }

    /** The text without LaTeX comments (a {@code %} to the end of its line; {@code \%} is no comment). */
    private static String withoutComments(String latex) {
        return latex.replaceAll("(?m)(?<!\\\\)%.*$", "");
    }

    @Test
    void shouldDeclareEveryReservedKeyOfTheTexWithItsStringAndType() {
        Matcher m = DECLARE.matcher(tex);
        List<String> wrong = new ArrayList<>();
        int declared = 0;
        while (m.find()) {
            declared++;
            String macro = m.group(1);
            Integer type = KeysHeaderTest.C_TYPES.get(m.group(3).trim());
            Key<?> key = KeysTest.byMacro(macro).orElse(null);
            if (key == null) {
                wrong.add(macro + " is not in Keys");
            } else if (!key.name().equals(m.group(2))) {
                wrong.add(macro + " is \"" + key.name() + "\", the tex says \"" + m.group(2) + "\"");
            } else if (type == null || type != key.type()) {
                wrong.add(macro + " is " + DataType.name(key.type()) + ", the tex says " + m.group(3));
            }
        }
        assertEquals(List.of(), wrong);
        assertEquals(64, declared, "declarations in reserved-keys.tex");
    }

    @Test
    void shouldPlaceKeysInTheRealmsOfTheTexSubsections() {
        Map<String, Set<Keys.Realm>> realms = new LinkedHashMap<>();
        Map<String, Keys.Realm> defaults = new HashMap<>();
        Matcher section = REALM_SECTION.matcher(tex);
        while (section.find()) {
            Keys.Realm realm = realm(section.group(1));
            Matcher next = ANY_SECTION.matcher(tex);
            int end = next.find(section.end()) ? next.start() : tex.length();
            String body = tex.substring(section.end(), end);
            // every key declared or pasted in the subsection can be retrieved from its realm
            Matcher pasted = PASTE.matcher(body);
            while (pasted.find()) {
                realms.computeIfAbsent(pasted.group(1), k -> EnumSet.noneOf(Keys.Realm.class)).add(realm);
            }
            Matcher declared = DECLARE.matcher(body);
            List<Integer> starts = new ArrayList<>();
            List<String> macros = new ArrayList<>();
            while (declared.find()) {
                starts.add(declared.start());
                macros.add(declared.group(1));
            }
            starts.add(body.length());
            for (int i = 0; i < macros.size(); i++) {
                String text = body.substring(starts.get(i), starts.get(i + 1));
                // "Defaults to the \refterm{job} realm": the default is the job, the subsection's realm also works
                Keys.Realm dflt = text.contains("Defaults to the \\refterm{job} realm") ? Keys.Realm.JOB : realm;
                Set<Keys.Realm> set = realms.computeIfAbsent(macros.get(i), k -> EnumSet.noneOf(Keys.Realm.class));
                set.add(realm);
                set.add(dflt);
                defaults.put(macros.get(i), dflt);
            }
        }
        PROSE_REALMS.forEach((macro, extra) -> realms.get(macro).addAll(extra));
        assertTrue(realms.size() > 50, "only " + realms.size() + " keys in realm subsections");

        realms.forEach((macro, expected) -> {
            Key<?> key = KeysTest.byMacro(macro).orElseThrow(() -> new AssertionError(macro + " is not in Keys"));
            assertEquals(expected, Keys.realmsOf(key), macro);
            assertEquals(defaults.get(macro), Keys.defaultRealm(key).orElse(null), macro);
        });
        Set<String> placedByKeys = KeysTest.keyFields().entrySet().stream()
                .filter(e -> !Keys.realmsOf(e.getValue()).isEmpty())
                .map(e -> "PMIX_" + e.getKey())
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(new TreeSet<>(realms.keySet()), placedByKeys, "keys Keys places in a realm");
    }

    private static Keys.Realm realm(String title) {
        switch (title) {
            case "Session":
                return Keys.Realm.SESSION;
            case "Job":
                return Keys.Realm.JOB;
            case "Application":
                return Keys.Realm.APP;
            case "Process":
                return Keys.Realm.PROC;
            default:
                return Keys.Realm.NODE;
        }
    }

    // ---- wireup-info.txt ----

    /** The items of wireup-info.txt, in order; those "provided for each peer" are labelled "peer: ...". */
    static List<String> wireupItems() throws IOException {
        String text = Files.readString(specDir().resolve("wireup-info.txt"), StandardCharsets.UTF_8);
        int peers = text.indexOf("The following list of information should be provided for each peer");
        assertTrue(peers > 0, "wireup-info.txt no longer has its per-peer list");
        List<String> items = new ArrayList<>();
        items.addAll(items(text.substring(0, peers), ""));
        items.addAll(items(text.substring(peers), "peer: "));
        return items;
    }

    /** Each "- " item's label: its text up to the first ':', ' – ' or '. ', whitespace collapsed. */
    private static List<String> items(String text, String prefix) {
        List<String> labels = new ArrayList<>();
        Matcher m = Pattern.compile("(?ms)^- (.*?)(?=^- |\\z)").matcher(text);
        while (m.find()) {
            String item = m.group(1).replaceAll("\\s+", " ").trim();
            String label = item.split(":| – |\\. ", 2)[0].trim();
            labels.add(prefix + label);
        }
        return labels;
    }

    /** Each wireup item with the key that carries it and the type it must have. */
    static Stream<Arguments> wireupKeys() {
        return Stream.of(
                wireup("JobID", "PMIX_NSPACE", DataType.STRING),
                wireup("JobID", "PMIX_JOBID", DataType.STRING),
                wireup("Offset", "PMIX_NPROC_OFFSET", DataType.PROC_RANK),
                wireup("Universe size", "PMIX_UNIV_SIZE", DataType.UINT32),
                wireup("Job size", "PMIX_JOB_SIZE", DataType.UINT32),
                wireup("Local size", "PMIX_LOCAL_SIZE", DataType.UINT32),
                wireup("Node size", "PMIX_NODE_SIZE", DataType.UINT32),
                wireup("Max procs", "PMIX_MAX_PROCS", DataType.UINT32),
                wireup("ClusterID", "PMIX_CLUSTER_ID", DataType.STRING),
                wireup("List of nodes hosting processes in this job", "PMIX_NODE_MAP", DataType.STRING),
                wireup("List of nodes hosting processes in this job", "PMIX_NODE_LIST", DataType.STRING),
                wireup("Map of process ranks to nodes", "PMIX_PROC_MAP", DataType.STRING),
                wireup("Node ID", "PMIX_NODEID", DataType.UINT32),
                wireup("Hostname", "PMIX_HOSTNAME", DataType.STRING),
                wireup("Local peers", "PMIX_LOCAL_PEERS", DataType.STRING),
                wireup("Local cpusets", "PMIX_LOCAL_CPUSETS", DataType.DATA_ARRAY),
                wireup("Local leader", "PMIX_LOCALLDR", DataType.PROC_RANK),
                // deprecated in OpenPMIx 4.2.2, still its only key for the architecture
                wireup("Architecture", "PMIX_ARCH", DataType.UINT32),
                wireup("Node topology", "PMIX_TOPOLOGY2", DataType.TOPO),
                wireup("Top-level temporary directory assigned to this allocated session on this node",
                        "PMIX_TMPDIR", DataType.STRING),
                wireup("Temporary directory assigned to this namespace under the top-level session temporary "
                        + "directory", "PMIX_NSDIR", DataType.STRING),
                wireup("peer: Rank", "PMIX_RANK", DataType.PROC_RANK),
                wireup("peer: Appnum", "PMIX_APPNUM", DataType.UINT32),
                wireup("peer: Application leader", "PMIX_APPLDR", DataType.PROC_RANK),
                wireup("peer: Global rank", "PMIX_GLOBAL_RANK", DataType.PROC_RANK),
                wireup("peer: Application rank", "PMIX_APP_RANK", DataType.PROC_RANK),
                wireup("peer: Local rank", "PMIX_LOCAL_RANK", DataType.UINT16),
                wireup("peer: Node rank", "PMIX_NODE_RANK", DataType.UINT16),
                wireup("peer: Node ID", "PMIX_NODEID", DataType.UINT32),
                // deprecated in OpenPMIx 4.2.2, still its only key for a process's contact URI
                wireup("peer: URI", "PMIX_PROC_URI", DataType.STRING),
                wireup("peer: Cpuset", "PMIX_CPUSET", DataType.STRING),
                wireup("peer: Spawned", "PMIX_SPAWNED", DataType.BOOL),
                wireup("peer: Temporary directory assigned to this process under the namespace temporary directory",
                        "PMIX_PROCDIR", DataType.STRING));
    }

    private static Arguments wireup(String item, String macro, int type) {
        return Arguments.of(item, macro, type);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("wireupKeys")
    void shouldCarryEachWireupItemInAKeyOfASensibleType(String item, String macro, int type) throws IOException {
        assertTrue(wireupItems().contains(item), "wireup-info.txt has no item '" + item + "'");
        Key<?> key = KeysTest.byMacro(macro).orElseThrow(() -> new AssertionError(macro + " is not in Keys"));
        assertEquals(type, key.type(), macro + " is " + DataType.name(key.type()));
    }

    @Test
    void shouldMapEveryWireupItemToAKey() throws IOException {
        Set<String> mapped = wireupKeys().map(a -> (String) a.get()[0]).collect(Collectors.toSet());
        List<String> items = wireupItems();
        assertEquals(31, items.size(), "items in wireup-info.txt: " + items);
        assertEquals(List.of(), items.stream().filter(i -> !mapped.contains(i)).collect(Collectors.toList()),
                "wireup items without a key");
    }

    // ---- rfc0010-tool-support.txt ----

    @Test
    void shouldHaveEveryAttributeRfc0010Names() throws IOException {
        String rfc = Files.readString(spec.resolve("rfc0010-tool-support.txt"), StandardCharsets.UTF_8);
        Set<String> names = new LinkedHashSet<>();
        Matcher m = Pattern.compile("\\bPMIX_[A-Z0-9_]+\\b").matcher(rfc);
        while (m.find()) {
            names.add(m.group());
        }
        assertTrue(names.containsAll(RFC0010_NON_ATTRIBUTES.keySet()), "names no longer in the RFC: "
                + RFC0010_NON_ATTRIBUTES.keySet().stream().filter(n -> !names.contains(n)).collect(Collectors.toList()));
        names.removeAll(RFC0010_NON_ATTRIBUTES.keySet());
        assertFalse(names.isEmpty());
        for (String name : names) {
            assertTrue(KeysTest.byMacro(name).isPresent(), name + " is named in RFC0010 but not in Keys");
        }
    }

    /** What RFC0010 describes in prose (the phrase must be in the text), and the key that does it. */
    static Stream<Arguments> rfc0010Keys() {
        return Stream.of(
                rfc("opted to accept such connections", "PMIX_SERVER_TOOL_SUPPORT", DataType.BOOL),
                rfc("a system-level PMIx connection", "PMIX_SERVER_SYSTEM_SUPPORT", DataType.BOOL),
                rfc("system-level temporary directory", "PMIX_SYSTEM_TMPDIR", DataType.STRING),
                rfc("allocation-specific temporary directories", "PMIX_SERVER_TMPDIR", DataType.STRING),
                rfc("select the desired type of server (system", "PMIX_CONNECT_TO_SYSTEM", DataType.BOOL),
                rfc("first look for a system-level connection", "PMIX_CONNECT_SYSTEM_FIRST", DataType.BOOL),
                rfc("failed to specify a pid", "PMIX_SERVER_PIDINFO", DataType.PID),
                rfc("state – the process state", "PMIX_PROC_STATE_STATUS", DataType.PROC_STATE),
                rfc("exit_code", "PMIX_EXIT_CODE", DataType.INT),
                rfc("PMIX_QUERY_PROC_TABLE", "PMIX_QUERY_LOCAL_PROC_TABLE", DataType.DATA_ARRAY),
                rfc("New query-related PMIx-standard key", "PMIX_QUERY_NAMESPACES", DataType.STRING),
                rfc("New query-related PMIx-standard key", "PMIX_QUERY_JOB_STATUS", DataType.STATUS),
                rfc("stderr or syslog", "PMIX_LOG_STDERR", DataType.STRING),
                rfc("stderr or syslog", "PMIX_LOG_SYSLOG", DataType.STRING),
                rfc("stderr or stdout channels", "PMIX_LOG_STDOUT", DataType.STRING),
                rfc("generalized data store", "PMIX_LOG_GLOBAL_DATASTORE", DataType.BOOL),
                rfc("PMIX_HOSTNAME requests", "PMIX_HOSTNAME", DataType.STRING));
    }

    private static Arguments rfc(String phrase, String macro, int type) {
        return Arguments.of(phrase, macro, type);
    }

    @ParameterizedTest(name = "\"{0}\" -> {1}")
    @MethodSource("rfc0010Keys")
    void shouldHaveTheKeysRfc0010Describes(String phrase, String macro, int type) throws IOException {
        String rfc = Files.readString(spec.resolve("rfc0010-tool-support.txt"), StandardCharsets.UTF_8);
        assertTrue(rfc.replaceAll("\\s+", " ").contains(phrase), "RFC0010 no longer says '" + phrase + "'");
        Key<?> key = KeysTest.byMacro(macro).orElseThrow(() -> new AssertionError(macro + " is not in Keys"));
        assertEquals(type, key.type(), macro + " is " + DataType.name(key.type()));
    }
}
