package io.github.jpmix.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class KeysTest {
    /**
     * The strings that have more than one key, as in OpenPMIx 4.2.2 (the "Aliases" of the Keys class comment): each
     * set is the field names sharing one string.
     */
    static final Set<Set<String>> ALIASES = Set.of(
            Set.of("ALLOC_FABRIC", "ALLOC_NETWORK"),
            Set.of("ALLOC_FABRIC_ID", "ALLOC_NETWORK_ID"),
            Set.of("ALLOC_FABRIC_QOS", "ALLOC_NETWORK_QOS"),
            Set.of("ALLOC_FABRIC_TYPE", "ALLOC_NETWORK_TYPE"),
            Set.of("ALLOC_FABRIC_PLANE", "ALLOC_NETWORK_PLANE"),
            Set.of("ALLOC_FABRIC_ENDPTS", "ALLOC_NETWORK_ENDPTS"),
            Set.of("ALLOC_FABRIC_ENDPTS_NODE", "ALLOC_NETWORK_ENDPTS_NODE"),
            Set.of("ALLOC_FABRIC_SEC_KEY", "ALLOC_NETWORK_SEC_KEY"),
            Set.of("PROC_INFO_ARRAY", "PROC_DATA"),
            Set.of("JOB_CTRL_CHECKPOINT_SIGNAL", "JOB_CTRL_CHECKPOINT_TIMEOUT"),
            // two types for one string
            Set.of("QUERY_QUALIFIERS", "QUERY_SUPPORTED_QUALIFIERS"),
            Set.of("FABRIC_COORDINATES", "FABRIC_DEVICE_COORDINATES"));

    /** Every public {@code Key} constant of {@link Keys}, by field name, in declaration order. */
    static Map<String, Key<?>> keyFields() {
        Map<String, Key<?>> keys = new LinkedHashMap<>();
        for (Field f : Keys.class.getDeclaredFields()) {
            if (f.getType() == Key.class && Modifier.isPublic(f.getModifiers())) {
                try {
                    keys.put(f.getName(), (Key<?>) f.get(null));
                } catch (IllegalAccessException e) {
                    throw new AssertionError(f.getName(), e);
                }
            }
        }
        return keys;
    }

    /** The constant named after a C macro ({@code "PMIX_RANK"} gives {@link Keys#RANK}), if there is one. */
    static Optional<Key<?>> byMacro(String macro) {
        return Optional.ofNullable(keyFields().get(macro.substring("PMIX_".length())));
    }

    @ParameterizedTest(name = "\"{0}\" reserved: {1}")
    @CsvSource({"pmix.rank, true", "pmix, true", "pmixfoo, true", "PMIX_RANK, false", "mykey, false", "'', false",
        "pmi.x, false", "' pmix.rank', false", "Pmix.rank, false"})
    void shouldTreatExactlyTheKeysStartingWithPmixAsReserved(String key, boolean reserved) {
        assertEquals(reserved, Keys.isReserved(key));
    }

    @Test
    void shouldAnswerKeyIsReservedByTheSameRule() {
        Keys.all().forEach(k -> assertTrue(k.isReserved(), k.name()));
        assertFalse(Key.of("mykey", DataType.STRING).isReserved());
        assertTrue(Key.of("pmix.mine", DataType.STRING).isReserved());
        assertThrows(NullPointerException.class, () -> Keys.isReserved(null));
    }

    @Test
    void shouldFindKeysByTheirString() {
        assertSame(Keys.RANK, Keys.byName("pmix.rank").orElseThrow());
        assertSame(Keys.NODE_MAP, Keys.byName("pmix.nmap").orElseThrow());
        assertSame(Keys.QUERY_PROC_TABLE, Keys.byName("pmix.qry.ptable").orElseThrow());
        assertEquals(Optional.empty(), Keys.byName("pmix.no.such.key"));
        assertEquals(Optional.empty(), Keys.byName("PMIX_RANK"));
        assertEquals(Optional.empty(), Keys.byName(""));
    }

    @Test
    void shouldFindEveryKeyByItsString() {
        for (Map.Entry<String, Key<?>> e : keyFields().entrySet()) {
            Key<?> found = Keys.byName(e.getValue().name()).orElseThrow(() -> new AssertionError(e.getKey()));
            assertEquals(e.getValue().name(), found.name(), e.getKey());
            assertTrue(Keys.all().contains(e.getValue()), e.getKey() + " is not in all()");
        }
    }

    @Test
    void shouldShareStringsOnlyAmongTheDocumentedAliases() {
        Map<String, Set<String>> fieldsByString = new TreeMap<>();
        keyFields().forEach((field, key) -> fieldsByString.computeIfAbsent(key.name(), s -> new TreeSet<>()).add(field));
        Set<Set<String>> shared = fieldsByString.values().stream().filter(s -> s.size() > 1).collect(Collectors.toSet());
        assertEquals(ALIASES, shared);
    }

    @Test
    void shouldResolveAnAliasToTheKeyDeclaredFirst() {
        // the deprecated name comes second
        assertSame(Keys.PROC_INFO_ARRAY, Keys.byName("pmix.pdata").orElseThrow());
        assertSame(Keys.ALLOC_FABRIC_SEC_KEY, Keys.byName("pmix.alloc.nsec").orElseThrow());
        // two types for one string: byName gives the first, all() has both
        assertSame(Keys.QUERY_QUALIFIERS, Keys.byName("pmix.qry.quals").orElseThrow());
        assertSame(Keys.FABRIC_COORDINATES, Keys.byName("pmix.fab.coord").orElseThrow());
        assertTrue(Keys.all().contains(Keys.QUERY_SUPPORTED_QUALIFIERS));
        assertTrue(Keys.all().contains(Keys.FABRIC_DEVICE_COORDINATES));
    }

    @Test
    void shouldListEachDistinctKeyOnceInAnUnmodifiableAll() {
        assertEquals(Set.copyOf(keyFields().values()).size(), Keys.all().size());
        assertEquals(Keys.all().size(), Set.copyOf(Keys.all()).size());
        assertThrows(UnsupportedOperationException.class, () -> Keys.all().add(Keys.RANK));
        assertThrows(UnsupportedOperationException.class, () -> Keys.all().clear());
        assertTrue(Keys.all().size() > 500, "only " + Keys.all().size() + " keys");
    }

    @Test
    void shouldDeclareEachFieldWithTheJavaTypeOfItsDataType() {
        for (Field f : Keys.class.getDeclaredFields()) {
            if (f.getType() != Key.class) {
                continue;
            }
            Key<?> key = keyFields().get(f.getName());
            Object declared = ((ParameterizedType) f.getGenericType()).getActualTypeArguments()[0];
            assertEquals(key.javaType(), declared, f.getName());
            assertEquals(Value.javaType(key.type()), key.javaType(), f.getName());
            assertTrue(Modifier.isStatic(f.getModifiers()) && Modifier.isFinal(f.getModifiers()), f.getName());
        }
    }

    @Test
    void shouldMakeAndReadValuesOfAKeysType() {
        assertEquals(Value.ofRank(5), Keys.RANK.value(5));
        assertEquals(5, Keys.RANK.read(Value.ofRank(5)));
        assertEquals(Value.ofString("ns"), Keys.NSPACE.value("ns"));
        assertEquals(Value.ofUint32(4), Keys.JOB_SIZE.value(4));
        assertEquals(7L, Keys.QUERY_NUM_PSETS.read(Value.ofSize(7)));
        assertEquals(Info.of("pmix.collect", Value.ofBool(true)), Info.flag(Keys.COLLECT_DATA));
        assertEquals(Status.ERR_BAD_PARAM, assertThrows(PmixException.class, () -> Keys.LOCAL_RANK.value(70_000)).status());
        assertEquals(Status.ERR_TYPE_MISMATCH,
                assertThrows(PmixException.class, () -> Keys.RANK.read(Value.ofString("5"))).status());
        assertSame(Value.UNDEF, Keys.ATTR_UNDEF.value(null));
    }

    @Test
    void shouldPassTheValueOfAKeyWhoseTypeVariesThrough() {
        // pmix_common.h: PMIX_DEBUG_STOP_ON_EXEC is a bool, a rank or an array of procs
        assertEquals(DataType.VALUE, Keys.DEBUG_STOP_ON_EXEC.type());
        Value all = Value.ofBool(true);
        Value one = Value.ofRank(3);
        assertSame(all, Keys.DEBUG_STOP_ON_EXEC.value(all));
        assertSame(one, Keys.DEBUG_STOP_ON_EXEC.read(one));
        assertEquals(DataType.PROC_RANK, Info.of(Keys.DEBUG_STOP_IN_INIT, one).value().type());
    }

    @Test
    void shouldPlaceKeysInTheirRealms() {
        assertEquals(Set.of(Keys.Realm.PROC), Keys.realmsOf(Keys.RANK));
        assertEquals(Optional.of(Keys.Realm.PROC), Keys.defaultRealm("pmix.rank"));
        assertEquals(EnumSet.of(Keys.Realm.SESSION, Keys.Realm.JOB, Keys.Realm.APP), Keys.realmsOf(Keys.NODE_MAP));
        assertEquals(Optional.of(Keys.Realm.JOB), Keys.defaultRealm(Keys.NODE_MAP));
        assertEquals(Optional.of(Keys.Realm.SESSION), Keys.defaultRealm(Keys.UNIV_SIZE));
        assertEquals(Optional.of(Keys.Realm.NODE), Keys.defaultRealm(Keys.HOSTNAME));
        assertEquals(Optional.of(Keys.Realm.APP), Keys.defaultRealm(Keys.APP_SIZE));
        assertEquals(Set.of(), Keys.realmsOf("mykey"));
        assertEquals(Set.of(), Keys.realmsOf(Keys.COLLECT_DATA));
        assertEquals(Optional.empty(), Keys.defaultRealm(Keys.JOB_INFO));
        assertThrows(UnsupportedOperationException.class, () -> Keys.realmsOf(Keys.RANK).add(Keys.Realm.JOB));
    }

    @Test
    void shouldNameEachRealmsQualifier() {
        assertSame(Keys.SESSION_INFO, Keys.Realm.SESSION.qualifier());
        assertSame(Keys.JOB_INFO, Keys.Realm.JOB.qualifier());
        assertSame(Keys.APP_INFO, Keys.Realm.APP.qualifier());
        assertSame(Keys.NODE_INFO, Keys.Realm.NODE.qualifier());
        assertSame(Keys.PROC_INFO, Keys.Realm.PROC.qualifier());
    }

    /** The keys the server, client and tool build on, with the types they rely on. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "NSPACE, STRING", "RANK, PROC_RANK", "JOBID, STRING", "APPNUM, UINT32", "UNIV_SIZE, UINT32",
        "JOB_SIZE, UINT32", "LOCAL_SIZE, UINT32", "NODE_SIZE, UINT32", "MAX_PROCS, UINT32", "CLUSTER_ID, STRING",
        "NODE_MAP, STRING", "PROC_MAP, STRING", "NODE_LIST, STRING", "NODEID, UINT32", "HOSTNAME, STRING",
        "LOCAL_PEERS, STRING", "LOCAL_CPUSETS, DATA_ARRAY", "LOCALLDR, PROC_RANK", "APPLDR, PROC_RANK",
        "GLOBAL_RANK, PROC_RANK", "APP_RANK, PROC_RANK", "LOCAL_RANK, UINT16", "NODE_RANK, UINT16",
        "TMPDIR, STRING", "NSDIR, STRING", "PROCDIR, STRING", "SESSION_ID, UINT32", "SESSION_INFO, BOOL",
        "JOB_INFO, BOOL", "APP_INFO, BOOL", "NODE_INFO, BOOL", "PROC_INFO, BOOL", "COLLECT_DATA, BOOL",
        "TIMEOUT, INT", "IMMEDIATE, BOOL", "OPTIONAL, BOOL", "REQUIRED_KEY, STRING", "GET_REFRESH_CACHE, BOOL",
        "DATA_SCOPE, SCOPE", "SERVER_URI, STRING", "SERVER_TMPDIR, STRING", "SYSTEM_TMPDIR, STRING",
        "SERVER_NSPACE, STRING", "SERVER_RANK, PROC_RANK", "SERVER_PIDINFO, PID", "SERVER_TOOL_SUPPORT, BOOL",
        "SERVER_SYSTEM_SUPPORT, BOOL", "TOOL_NSPACE, STRING", "TOOL_RANK, UINT32", "TOOL_ATTACHMENT_FILE, STRING",
        "CONNECT_TO_SYSTEM, BOOL", "CONNECT_SYSTEM_FIRST, BOOL", "CONNECT_MAX_RETRIES, UINT32",
        "CONNECT_RETRY_DELAY, UINT32", "TOOL_CONNECT_OPTIONAL, BOOL", "TOOL_DO_NOT_CONNECT, BOOL",
        "QUERY_NAMESPACES, STRING", "QUERY_NAMESPACE_INFO, DATA_ARRAY", "QUERY_JOB_STATUS, STATUS",
        "QUERY_PROC_TABLE, DATA_ARRAY", "QUERY_LOCAL_PROC_TABLE, DATA_ARRAY", "QUERY_SPAWN_SUPPORT, STRING",
        "QUERY_DEBUG_SUPPORT, STRING", "QUERY_SUPPORTED_KEYS, STRING", "QUERY_AVAIL_SERVERS, DATA_ARRAY",
        "QUERY_ATTRIBUTE_SUPPORT, DATA_ARRAY", "QUERY_REFRESH_CACHE, BOOL", "LOCAL_PROCS, DATA_ARRAY",
        "LOG_STDERR, STRING", "LOG_STDOUT, STRING", "LOG_SYSLOG, STRING", "LOG_SYSLOG_PRI, INT", "LOG_ONCE, BOOL",
        "USERID, UINT32", "GRPID, UINT32", "VERSION_INFO, STRING", "PROC_STATE_STATUS, PROC_STATE",
        "EXIT_CODE, INT", "JOB_NUM_APPS, UINT32", "APP_SIZE, UINT32", "NUM_NODES, UINT32",
        "LOCALITY_STRING, STRING", "PROCID, PROC", "PARENT_ID, PROC", "SPAWNED, BOOL",
        "DEBUG_STOP_ON_EXEC, VALUE", "DEBUG_TARGET, PROC", "EVENT_AFFECTED_PROC, PROC", "EVENT_TIMESTAMP, TIME"})
    void shouldDeclareTheKeysTheModulesBuildOn(String field, String type) throws ReflectiveOperationException {
        Key<?> key = (Key<?>) Keys.class.getField(field).get(null);
        assertEquals(DataType.class.getField(type).getInt(null), key.type(),
                field + " is " + DataType.name(key.type()) + ", not PMIX_" + type);
    }
}
