package io.github.jpmix.gds;

import static io.github.jpmix.gds.Jobs.LOCAL;
import static io.github.jpmix.gds.Jobs.array;
import static io.github.jpmix.gds.Jobs.info;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Key;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Rank;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The store's contract, run against every implementation (the way JCTools' {@code QueueSanityTest}
 * runs over every queue). Each realm test quotes the {@code reserved-keys.tex} sentence it checks.
 */
abstract class GdsContractTest {
    static final String J1 = "job1";
    static final String J2 = "job2";
    static final Proc ME = new Proc(J1, 4);
    static final Proc WILD = Proc.wildcard(J1);

    GdsStore store;
    GdsReader reader;

    /** A new, empty store whose local node is {@code localHost}. */
    abstract GdsStore newStore(String localHost);

    /** The reader under test; by default the server's. */
    GdsReader newReader(GdsStore s) {
        return s.reader();
    }

    /** Tells a reader that a namespace was registered (a client-side reader must attach it). */
    void registered(GdsReader r, String namespace) {
    }

    @BeforeEach
    void open() {
        store = newStore(LOCAL);
        reader = newReader(store);
    }

    @AfterEach
    void closeStore() {
        reader.close();
        store.close();
    }

    void register(String ns, List<Info> infos) {
        register(ns, 4, infos);
    }

    void register(String ns, int nlocal, List<Info> infos) {
        store.register(Registration.parse(ns, nlocal, infos));
        registered(reader, ns);
    }

    long publish(Map<Proc, Map<String, Value>> posted) {
        long g = store.publishModex(posted);
        reader.advanceModex(g);
        return g;
    }

    Value get(Proc p, Key<?> key, Info... quals) {
        return reader.get(p, key.name(), List.of(quals), ME);
    }

    static Info flag(Key<Boolean> k) {
        return Info.flag(k);
    }

    // ---- session realm ----

    @Test
    void shouldReadTheCallersSessionByDefault() {
        // "They will return information about the caller's session unless a PMIX_SESSION_ID attribute is
        // specified in the info array passed to PMIx_Get"
        register(J1, Jobs.job1());
        register(J2, 2, Jobs.job2());
        assertEquals(Value.ofUint32(64), get(WILD, Keys.UNIV_SIZE));
        assertEquals(Value.ofString("c1"), get(WILD, Keys.CLUSTER_ID));
        // a job1 process asking about job2 still reads its own session
        assertEquals(Value.ofUint32(64), get(Proc.wildcard(J2), Keys.UNIV_SIZE));
        assertEquals(Value.ofUint32(128), reader.get(WILD, Keys.UNIV_SIZE.name(), List.of(), new Proc(J2, 0)));
    }

    @Test
    void shouldIgnoreTheProcOfASessionRequest() {
        // "Note that the proc argument of PMIx_Get is ignored when referencing session-related information."
        register(J1, Jobs.job1());
        assertEquals(Value.ofUint32(64), get(new Proc(J1, 9), Keys.UNIV_SIZE));
        assertEquals(Value.ofUint32(64), reader.get(null, Keys.UNIV_SIZE.name(), List.of(), ME));
    }

    @Test
    void shouldReadAnotherSessionNamedByPmixSessionId() {
        // "If information about a session other than the one containing the requesting process is desired,
        // then the info array passed to PMIx_Get must contain a PMIX_SESSION_ID attribute identifying the
        // desired target session."
        register(J1, Jobs.job1());
        register(J2, 2, Jobs.job2());
        assertEquals(Value.ofUint32(128), get(null, Keys.UNIV_SIZE, flag(Keys.SESSION_INFO), info(Keys.SESSION_ID, 43)));
        assertEquals(Value.ofUint32(128), get(null, Keys.UNIV_SIZE, info(Keys.SESSION_ID, 43)));
        PmixException e = assertThrows(PmixException.class,
                () -> get(null, Keys.UNIV_SIZE, flag(Keys.SESSION_INFO), info(Keys.SESSION_ID, 99)));
        assertEquals(Status.ERR_INVALID_NAMESPACE, e.status(), e.getMessage());
    }

    @Test
    void shouldReadAJobDefaultKeyFromTheSessionWithPmixSessionInfo() {
        // "requests for keys that are not specifically for session-level information must be accompanied by
        // the PMIX_SESSION_INFO qualifier"
        register(J1, Jobs.job1());
        assertEquals(Value.ofUint32(16), get(WILD, Keys.NUM_NODES, flag(Keys.SESSION_INFO)));
        assertEquals(Value.ofUint32(3), get(WILD, Keys.NUM_NODES));
    }

    @Test
    void shouldPutTopLevelSessionKeysInTheSessionRealm() {
        // PMIX_TMPDIR: "Full path to the top-level temporary directory assigned to the session" - a host
        // that passes it at the top level still has it read from the session realm
        register(J1, Jobs.job1());
        assertEquals(Value.ofString("/tmp/s42"), get(WILD, Keys.TMPDIR));
        assertEquals(Value.ofString("/tmp/s42"), get(WILD, Keys.TMPDIR, flag(Keys.SESSION_INFO)));
    }

    @Test
    void shouldAnswerPmixSessionIdAsAKeyAndAsAQualifier() {
        // "The attributes PMIX_SESSION_ID, PMIX_NSPACE and PMIX_APPNUM can be used in both ways."
        register(J1, Jobs.job1());
        assertEquals(Value.ofUint32(42), get(ME, Keys.SESSION_ID));
        assertEquals(Value.ofUint32(42), get(WILD, Keys.SESSION_ID));
        assertEquals(Value.ofString("j1"), get(WILD, Keys.JOBID, info(Keys.SESSION_ID, 42)));
        PmixException e = assertThrows(PmixException.class, () -> get(WILD, Keys.JOBID, info(Keys.SESSION_ID, 43)));
        assertEquals(Status.ERR_INVALID_NAMESPACE, e.status());
    }

    // ---- job realm ----

    @Test
    void shouldReadJobKeysOfTheNamespaceWithWildcardRank() {
        // "For job-related keys the target job is specified by setting the namespace of the target job in
        // the proc argument and specifying a rank of PMIX_RANK_WILDCARD"
        register(J1, Jobs.job1());
        assertEquals(Value.ofString("j1"), get(WILD, Keys.JOBID));
        assertEquals(Value.ofUint32(10), get(WILD, Keys.JOB_SIZE));
        assertEquals(Value.ofRank(100), get(WILD, Keys.NPROC_OFFSET));
        assertEquals(Value.ofString("j1"), get(new Proc(J1, Rank.UNDEF), Keys.JOBID));
    }

    @Test
    void shouldDeriveTheJobsNodeListNodeCountSizeAndApps() {
        // PMIX_NODE_LIST: "Comma-delimited list of nodes currently hosting processes in the specified realm";
        // regex-format.md section 8: "PMIX_NODE_LIST is the parsed names joined with ,"
        register(J1, Jobs.job1());
        register(J2, 2, Jobs.job2());
        assertEquals(Value.ofString("n0,n1,n2"), get(WILD, Keys.NODE_LIST));
        assertEquals(Value.ofUint32(3), get(WILD, Keys.NUM_NODES, flag(Keys.JOB_INFO)));
        assertEquals(Value.ofUint32(2), get(WILD, Keys.JOB_NUM_APPS));
        // job2 gave no PMIX_JOB_SIZE: the maps' size
        assertEquals(Value.ofUint32(3), get(Proc.wildcard(J2), Keys.JOB_SIZE));
        assertEquals(Value.ofUint32(1), get(Proc.wildcard(J2), Keys.JOB_NUM_APPS));
        assertEquals(Value.ofString("n1,n3"), get(Proc.wildcard(J2), Keys.NODE_LIST));
    }

    @Test
    void shouldFallBackFromARankToTheJobForAJobKey() {
        // JPMIx's choice (as OpenPMIx): a job key asked of one process reads that process's value if the
        // host gave one, else the job's
        register(J1, Jobs.job1());
        assertEquals(Value.ofUint32(10), get(ME, Keys.JOB_SIZE));
        assertEquals(Value.ofString("j1"), get(new Proc(J1, 9), Keys.JOBID));
        assertEquals(Value.ofString("hwloc:4"), get(ME, Keys.CPUSET));
    }

    @Test
    void shouldReadLocalPeersAndLeaderOfTheLocalNodeByDefault() {
        // PMIX_LOCALLDR: "Lowest rank within the specified job on the node (defaults to current node in
        // absence of PMIX_HOSTNAME or PMIX_NODEID qualifier)."
        register(J1, Jobs.job1());
        assertEquals(Value.ofString("4,5,6,7"), get(WILD, Keys.LOCAL_PEERS));
        assertEquals(Value.ofRank(4), get(WILD, Keys.LOCALLDR));
        assertEquals(Value.ofUint32(4), get(WILD, Keys.LOCAL_SIZE));
        // another node, by name and by id: the host's value for n0, the maps' for n2
        assertEquals(Value.ofString("0,1,2,3"), get(WILD, Keys.LOCAL_PEERS, info(Keys.HOSTNAME, "n0")));
        assertEquals(Value.ofString("8,9"), get(WILD, Keys.LOCAL_PEERS, info(Keys.NODEID, 77)));
        assertEquals(Value.ofRank(8), get(WILD, Keys.LOCALLDR, flag(Keys.NODE_INFO), info(Keys.HOSTNAME, "n2")));
        assertEquals(Value.ofUint32(2), get(WILD, Keys.LOCAL_SIZE, info(Keys.HOSTNAME, "n2")));
        assertNull(get(WILD, Keys.LOCAL_PEERS, info(Keys.HOSTNAME, "elsewhere")));
    }

    @Test
    void shouldReadLocalSizeOfAnApplicationWithAppInfoAndAppnum() {
        // PMIX_LOCAL_SIZE: "Defaults to job unless the PMIX_APP_INFO and the PMIX_APPNUM qualifiers are given."
        register(J1, Jobs.job1());
        assertEquals(Value.ofUint32(4), get(WILD, Keys.LOCAL_SIZE));
        assertEquals(Value.ofUint32(2), get(WILD, Keys.LOCAL_SIZE, flag(Keys.APP_INFO), info(Keys.APPNUM, 1)));
        assertEquals(Value.ofUint32(2), get(WILD, Keys.LOCAL_SIZE, flag(Keys.APP_INFO), info(Keys.APPNUM, 0)));
    }

    @Test
    void shouldUseNlocalprocsAsLocalSizeWithoutMaps() {
        // Registration: nlocalprocs answers PMIX_LOCAL_SIZE of the local node when nothing else does
        register("nomaps", 2, Jobs.noMaps());
        assertEquals(Value.ofUint32(2), get(Proc.wildcard("nomaps"), Keys.LOCAL_SIZE));
    }

    // ---- application realm ----

    @Test
    void shouldReadTheApplicationOfTheTargetProcess() {
        // "If the PMIX_APPNUM qualifier is not included, then the retrieval shall default to the application
        // containing the process specified by proc."
        register(J1, Jobs.job1());
        assertEquals(Value.ofUint32(4), get(new Proc(J1, 7), Keys.APP_SIZE));
        assertEquals(Value.ofString("./b"), get(new Proc(J1, 9), Keys.APP_ARGV));
        assertEquals(Value.ofUint32(6), get(new Proc(J1, 5), Keys.APP_SIZE));
        assertEquals(Value.ofRank(6), get(new Proc(J1, 8), Keys.APPLDR));
    }

    @Test
    void shouldReadTheApplicationNamedByPmixAppnum() {
        // "If the PMIX_APPNUM qualifier is given, then the query shall return the corresponding value for the
        // given application within the namespace specified in the proc argument (a NULL value for the proc
        // argument equates to the namespace of the caller)."
        register(J1, Jobs.job1());
        assertEquals(Value.ofString("./b"), get(null, Keys.APP_ARGV, flag(Keys.APP_INFO), info(Keys.APPNUM, 1)));
        assertEquals(Value.ofString("./a"), get(new Proc(J1, 9), Keys.APP_ARGV, flag(Keys.APP_INFO), info(Keys.APPNUM, 0)));
        assertNull(get(null, Keys.APP_ARGV, flag(Keys.APP_INFO), info(Keys.APPNUM, 7)));
    }

    @Test
    void shouldDefaultAWildcardAppRequestToTheCallersAppInItsOwnJobElseZero() {
        // "If the rank specified in proc is PMIX_RANK_WILDCARD, then the application number shall default to
        // that of the calling process if the namespace is its own job, or a value of zero if the namespace is
        // that of a different job."
        register(J1, Jobs.job1());
        register(J2, 2, Jobs.job2());
        assertEquals(Value.ofString("./b"), reader.get(WILD, Keys.APP_ARGV.name(), List.of(), new Proc(J1, 7)));
        assertEquals(Value.ofString("./a"), reader.get(WILD, Keys.APP_ARGV.name(), List.of(), new Proc(J1, 2)));
        assertEquals(Value.ofString("./a"), reader.get(WILD, Keys.APP_ARGV.name(), List.of(), new Proc(J2, 0)));
        assertEquals(Value.ofUint32(6), reader.get(WILD, Keys.APP_SIZE.name(), List.of(), new Proc(J2, 1)));
    }

    @Test
    void shouldReadAppRealmNodeCountOfTheTargetsApplication() {
        // the tex example: "Since otherproc refers to a process in the second application, we can simply mark
        // that we want the info for this key from the application realm"
        register(J1, Jobs.job1());
        Proc other = new Proc(J1, get(ME, Keys.APP_SIZE).asInt());
        assertEquals(Value.ofUint32(2), get(other, Keys.NUM_NODES, flag(Keys.APP_INFO)));
        assertEquals(Value.ofUint32(2), get(null, Keys.NUM_NODES, flag(Keys.APP_INFO), info(Keys.APPNUM, 1)));
    }

    @Test
    void shouldTreatASingleApplicationAsTheWholeJob() {
        register(J2, 2, Jobs.job2());
        Proc p = new Proc(J2, 2);
        assertEquals(Value.ofUint32(3), get(p, Keys.APP_SIZE));
        assertEquals(Value.ofRank(0), get(p, Keys.APPLDR));
        assertEquals(Value.ofUint32(0), get(p, Keys.APPNUM));
        assertEquals(Value.ofRank(2), get(p, Keys.APP_RANK));
    }

    // ---- process realm ----

    @Test
    void shouldReadTheTargetProcessesOwnValues() {
        // "The target process is specified by the namespace and rank of the proc argument to PMIx_Get."
        register(J1, Jobs.job1());
        assertEquals(Value.ofUint16(7), get(new Proc(J1, 5), Keys.NODE_RANK));
        assertEquals(Value.ofUint16(1), get(new Proc(J1, 5), Keys.LOCAL_RANK));
        assertEquals(Value.ofString("hwloc:6"), get(new Proc(J1, 6), Keys.CPUSET, flag(Keys.PROC_INFO)));
        assertNull(get(new Proc(J1, 9), Keys.CPUSET));
    }

    @Test
    void shouldDeriveEveryProcFactOfARemoteRank() {
        // rank 9 runs on n2 (node id 77 by its node array), rank 1 on n0 (id 0: its index in the node map);
        // OpenPMIx 4.2.2 answers PMIX_ERR_NOT_FOUND for a remote rank's PMIX_NODEID
        register(J1, Jobs.job1());
        Proc r9 = new Proc(J1, 9);
        assertEquals(Value.ofUint32(77), get(r9, Keys.NODEID));
        assertEquals(Value.ofString("n2"), get(r9, Keys.HOSTNAME));
        assertEquals(Value.ofUint16(1), get(r9, Keys.LOCAL_RANK));
        assertEquals(Value.ofUint16(1), get(r9, Keys.NODE_RANK));
        assertEquals(Value.ofUint32(1), get(r9, Keys.APPNUM));
        assertEquals(Value.ofRank(3), get(r9, Keys.APP_RANK));
        assertEquals(Value.ofRank(6), get(r9, Keys.APPLDR));
        assertEquals(Value.ofRank(109), get(r9, Keys.GLOBAL_RANK));
        assertEquals(Value.ofRank(9), get(r9, Keys.RANK));
        assertEquals(Value.ofString(J1), get(r9, Keys.NSPACE));
        Proc r1 = new Proc(J1, 1);
        assertEquals(Value.ofUint32(0), get(r1, Keys.NODEID));
        assertEquals(Value.ofString("n0"), get(r1, Keys.HOSTNAME));
        assertEquals(Value.ofUint16(1), get(r1, Keys.LOCAL_RANK));
        // the node of rank 9: host-given node values too ("the node upon which the specified process is executing")
        assertEquals(Value.ofUint32(12), get(r9, Keys.NODE_SIZE));
        assertEquals(Value.ofUint32(12), get(r9, Keys.NODE_SIZE, flag(Keys.NODE_INFO)));
        assertEquals(Value.ofUint32(77), get(r9, Keys.NODEID, flag(Keys.PROC_INFO)));
        // a rank the job does not have
        assertNull(get(new Proc(J1, 10), Keys.NODEID));
        assertNull(get(new Proc(J1, 10), Keys.RANK));
    }

    @Test
    void shouldDeriveFactsOfRanksPlacedByProcArraysWithoutMaps() {
        register("nomaps", 2, Jobs.noMaps());
        assertEquals(Value.ofUint32(5), get(new Proc("nomaps", 0), Keys.NODEID));
        assertEquals(Value.ofString("n1"), get(new Proc("nomaps", 1), Keys.HOSTNAME));
        assertEquals(Value.ofString("n1"), get(Proc.wildcard("nomaps"), Keys.NODE_LIST));
    }

    @Test
    void shouldAnswerProcidWithTheCallerAndNspaceOfANullProcWithTheCallersNamespace() {
        // PMIX_PROCID: "The process identifier in the PMIx_Get call is ignored when requesting this key."
        // PMIX_NSPACE: "a process' own namespace can be retrieved by passing a NULL value of proc"
        register(J1, Jobs.job1());
        assertEquals(Value.ofProc(ME), get(new Proc(J1, 9), Keys.PROCID));
        assertEquals(Value.ofString(J1), get(null, Keys.NSPACE));
    }

    // ---- node realm ----

    @Test
    void shouldReadTheLocalNodeByDefaultAndAnotherByHostnameOrNodeid() {
        // "The target node defaults to the local node unless a different node is specified in the info array
        // using either the PMIX_HOSTNAME or PMIX_NODEID."
        register(J1, Jobs.job1());
        assertEquals(Value.ofString(LOCAL), get(WILD, Keys.HOSTNAME));
        assertEquals(Value.ofUint32(1), get(WILD, Keys.NODEID));
        assertEquals(Value.ofUint32(12), get(null, Keys.NODE_SIZE, flag(Keys.NODE_INFO), info(Keys.HOSTNAME, "n2")));
        assertEquals(Value.ofUint32(12), get(null, Keys.NODE_SIZE, info(Keys.NODEID, 77)));
        assertEquals(Value.ofString("n2"), get(null, Keys.HOSTNAME, info(Keys.NODEID, 77)));
        assertEquals(Value.of(DataType.UINT64, 1L << 34), get(null, Keys.AVAIL_PHYS_MEMORY, info(Keys.HOSTNAME, "n0")));
        assertNull(get(null, Keys.NODE_SIZE, info(Keys.HOSTNAME, "nowhere")));
    }

    @Test
    void shouldSumTheNamespacesOnANodeForAnUngivenNodeSize() {
        // PMIX_NODE_SIZE: "Number of processes across all jobs executing upon the node" - not given by the
        // host: every namespace known here counts its ranks on the node
        register(J1, Jobs.job1());
        assertEquals(Value.ofUint32(4), get(ME, Keys.NODE_SIZE));
        register(J2, 2, Jobs.job2());
        assertEquals(Value.ofUint32(6), get(WILD, Keys.NODE_SIZE));
        assertEquals(Value.ofUint32(4), get(null, Keys.NODE_SIZE, info(Keys.HOSTNAME, "n0")));
        assertEquals(Value.ofUint32(1), get(null, Keys.NODE_SIZE, info(Keys.HOSTNAME, "n3")));
    }

    @Test
    void shouldLetHostValuesWinOverDerivedOnes() {
        register(J1, Jobs.job1());
        assertEquals(Value.ofUint16(7), get(new Proc(J1, 5), Keys.NODE_RANK));
        assertEquals(Value.ofUint32(12), get(null, Keys.NODE_SIZE, info(Keys.HOSTNAME, "n2")));
        assertEquals(Value.ofUint32(77), get(new Proc(J1, 8), Keys.NODEID));
        assertEquals(Value.ofString("0,1,2,3"), get(WILD, Keys.LOCAL_PEERS, info(Keys.HOSTNAME, "n0")));
        List<Info> infos = new ArrayList<>(Jobs.job2());
        infos.add(info(Keys.JOB_SIZE, 99));
        infos.add(info(Keys.LOCAL_PEERS, "1"));
        infos.add(info(Keys.NODE_LIST, "x,y"));
        register("job3", infos);
        assertEquals(Value.ofUint32(99), get(Proc.wildcard("job3"), Keys.JOB_SIZE));
        assertEquals(Value.ofString("1"), get(Proc.wildcard("job3"), Keys.LOCAL_PEERS));
        assertEquals(Value.ofString("x,y"), get(Proc.wildcard("job3"), Keys.NODE_LIST));
        assertEquals(List.of("x", "y"), reader.nodes("job3"));
    }

    // ---- keys in no realm, qualifiers ----

    @Test
    void shouldReadAnUnplacedKeyFromTheRanksAppThenTheJob() {
        register(J1, Jobs.job1());
        assertEquals(Value.ofString("app-1"), reader.get(new Proc(J1, 8), "acme.custom", List.of(), ME));
        assertEquals(Value.ofString("job-level"), reader.get(new Proc(J1, 1), "acme.custom", List.of(), ME));
        assertEquals(Value.ofString("job-level"), reader.get(WILD, "acme.custom", List.of(), ME));
        assertNull(reader.get(WILD, "acme.absent", List.of(), ME));
    }

    @Test
    void shouldRefuseQualifiersOfTwoRealmsOrOfTheWrongType() {
        register(J1, Jobs.job1());
        assertEquals(Status.ERR_BAD_PARAM, assertThrows(PmixException.class,
                () -> get(WILD, Keys.NUM_NODES, flag(Keys.APP_INFO), flag(Keys.NODE_INFO))).status());
        assertEquals(Status.ERR_BAD_PARAM, assertThrows(PmixException.class,
                () -> get(WILD, Keys.NUM_NODES, Info.of(Keys.NODEID.name(), Value.ofString("x")))).status());
    }

    @Test
    void shouldTellAnUnknownNamespaceFromAnUnknownKey() {
        // "If the information is not found, then the PMIX_ERR_NOT_FOUND error constant is returned unless the
        // target process belongs to a different namespace from that of the requester. In the case where the
        // target and requester's namespaces differ, then the request is forwarded to the local PMIx server."
        register(J1, Jobs.job1());
        assertNull(get(WILD, Keys.CMD_LINE));
        assertTrue(reader.hasNamespace(J1));
        assertFalse(reader.hasNamespace("nope"));
        PmixException e = assertThrows(PmixException.class, () -> get(Proc.wildcard("nope"), Keys.JOB_SIZE));
        assertEquals(Status.ERR_INVALID_NAMESPACE, e.status());
        assertEquals(Status.ERR_INVALID_NAMESPACE,
                assertThrows(PmixException.class, () -> reader.nodes("nope")).status());
    }

    // ---- registration ----

    @Test
    void shouldRefuseANamespaceRegisteredTwice() {
        register(J1, Jobs.job1());
        PmixException e = assertThrows(PmixException.class, () -> store.register(Registration.parse(J1, 4, Jobs.job1())));
        assertEquals(Status.ERR_EXISTS, e.status());
    }

    @Test
    void shouldRefuseMalformedRegistrations() {
        Map<String, List<Info>> cases = new java.util.LinkedHashMap<>();
        cases.put("pmix.app.arr", List.of(array(Keys.APP_INFO_ARRAY, info(Keys.APP_SIZE, 3))));
        cases.put("pmix.node.arr", List.of(array(Keys.NODE_INFO_ARRAY, info(Keys.NODE_SIZE, 3))));
        cases.put("pmix.ssn.arr", List.of(array(Keys.SESSION_INFO_ARRAY, info(Keys.UNIV_SIZE, 3))));
        cases.put("pmix.pdata", List.of(array(Keys.PROC_INFO_ARRAY, info(Keys.CPUSET, "x"), info(Keys.RANK, 0))));
        cases.put("pmix.pmap", List.of(info(Keys.PROC_MAP, "0,1")));
        cases.put("2 nodes", List.of(info(Keys.NODE_MAP, "a,b"), info(Keys.PROC_MAP, "0,1")));
        cases.put("pmix.job.size", List.of(Info.of(Keys.JOB_SIZE.name(), Value.ofString("ten"))));
        cases.put("pmix.lrank", List.of(array(Keys.PROC_INFO_ARRAY, info(Keys.RANK, 0),
                Info.of(Keys.LOCAL_RANK.name(), Value.ofInt(70_000)))));
        cases.put("rank 0 given twice", List.of(array(Keys.PROC_INFO_ARRAY, info(Keys.RANK, 0)),
                array(Keys.PROC_INFO_ARRAY, info(Keys.RANK, 0))));
        cases.put("application 1 given twice", List.of(array(Keys.APP_INFO_ARRAY, info(Keys.APPNUM, 1)),
                array(Keys.APP_INFO_ARRAY, info(Keys.APPNUM, 1))));
        cases.put("mapped to two nodes", List.of(info(Keys.NODE_MAP, "a,b"), info(Keys.PROC_MAP, "0,1;1")));
        cases.put("pmix.lpeers", List.of(info(Keys.LOCAL_PEERS, "0,x")));
        cases.put("PMIX_DATA_ARRAY of PMIX_INFO", List.of(Info.of(Keys.NODE_INFO_ARRAY.name(), Value.ofString("n0"))));
        cases.put("PMIX_STRING or PMIX_REGEX", List.of(Info.of(Keys.NODE_MAP.name(), Value.ofInt(3))));
        cases.forEach((expected, infos) -> {
            PmixException e = assertThrows(PmixException.class, () -> Registration.parse("bad", 1, infos), expected);
            assertEquals(Status.ERR_BAD_PARAM, e.status(), expected);
            assertTrue(e.getMessage().contains(expected), e.getMessage() + " should name " + expected);
        });
        assertEquals(Status.ERR_BAD_PARAM,
                assertThrows(PmixException.class, () -> Registration.parse("bad", -1, List.of())).status());
        assertEquals(Status.ERR_BAD_PARAM,
                assertThrows(PmixException.class, () -> Registration.parse("", 1, List.of())).status());
        assertFalse(reader.hasNamespace("bad"));
    }

    @Test
    void shouldAcceptMapsAsRegexBytesAndConvertCompatibleNumbers() {
        List<Info> infos = List.of(
                Info.of(Keys.NODE_MAP.name(), Value.of(DataType.REGEX, "n1,n5\0".getBytes(StandardCharsets.UTF_8))),
                Info.of(Keys.PROC_MAP.name(), Value.of(DataType.REGEX, "0;1".getBytes(StandardCharsets.UTF_8))),
                Info.of(Keys.JOB_SIZE.name(), Value.ofInt(2)));
        register("rx", infos);
        assertEquals(Value.ofUint32(2), get(Proc.wildcard("rx"), Keys.JOB_SIZE));
        assertEquals(Value.ofString("n5"), get(new Proc("rx", 1), Keys.HOSTNAME));
        assertEquals(Value.ofString("0"), get(Proc.wildcard("rx"), Keys.LOCAL_PEERS));
    }

    @Test
    void shouldReadANodeMapWithoutAProcMapAndAJobInfoArray() {
        // a node map alone names the job's nodes without placing ranks
        register("nodesonly", 1, List.of(info(Keys.NODE_MAP, "n1,n7"),
                array(Keys.JOB_INFO_ARRAY, info(Keys.JOBID, "from-array"), info(Keys.JOB_SIZE, 5))));
        Proc w = Proc.wildcard("nodesonly");
        assertEquals(Value.ofString("n1,n7"), get(w, Keys.NODE_LIST));
        assertEquals(Value.ofString("from-array"), get(w, Keys.JOBID));
        assertEquals(Value.ofUint32(1), get(w, Keys.NODEID, info(Keys.HOSTNAME, "n7")));
        assertEquals(List.of("n1", "n7"), reader.nodes("nodesonly"));
        assertEquals(Status.ERR_DATA_VALUE_NOT_FOUND,
                assertThrows(PmixException.class, () -> reader.peers("nodesonly", "n7")).status());
        assertNull(get(new Proc("nodesonly", 3), Keys.HOSTNAME));
        assertEquals(Value.ofRank(3), get(new Proc("nodesonly", 3), Keys.RANK));
    }

    @Test
    void shouldForgetADeregisteredNamespace() {
        register(J1, Jobs.job1());
        register(J2, 2, Jobs.job2());
        publish(Map.of(new Proc(J2, 0), Map.of("k", Value.ofInt(1)), new Proc(J1, 0), Map.of("k", Value.ofInt(2))));
        long before = store.modexGeneration();
        assertTrue(store.deregister(J2));
        assertFalse(store.deregister(J2));
        assertFalse(store.reader().hasNamespace(J2));
        // a finished job's data is gone at once, not at the next publication: a later job must not read it
        assertTrue(store.modexGeneration() > before, "a generation without the namespace's data");
        reader.advanceModex(store.modexGeneration());
        assertNull(reader.modex(new Proc(J2, 0), "k"));
        assertEquals(Value.ofInt(2), reader.modex(new Proc(J1, 0), "k"));
        publish(Map.of());
        assertNull(reader.modex(new Proc(J2, 0), "k"));
        assertEquals(Value.ofInt(2), reader.modex(new Proc(J1, 0), "k"));
    }

    @Test
    void shouldHoldNoModexDataOnceTheLastNamespaceIsDeregistered() {
        register(J1, Jobs.job1());
        Proc p = new Proc(J1, 0);
        long g = publish(Map.of(p, Map.of("k", Value.ofInt(1))));
        assertTrue(store.deregister(J1));
        assertEquals(0, store.modexGeneration(), "no generation: nothing is held");
        assertNull(store.reader().modex(p, "k"));
        // the next job starts from nothing, and a generation number is never used twice
        register(J1, Jobs.job1());
        assertNull(store.reader().modex(p, "k"));
        long next = publish(Map.of(new Proc(J1, 1), Map.of("k", Value.ofInt(2))));
        assertTrue(next > g, next + " after " + g);
        assertNull(store.reader().modex(p, "k"));
        assertEquals(Value.ofInt(2), store.reader().modex(new Proc(J1, 1), "k"));
    }

    @Test
    void shouldKeepPublishedDataOfTheOtherNamespacesWhenOneWithoutDataGoes() {
        register(J1, Jobs.job1());
        register(J2, 2, Jobs.job2());
        long g = publish(Map.of(new Proc(J1, 0), Map.of("k", Value.ofInt(2))));
        assertTrue(store.deregister(J2));
        assertEquals(g, store.modexGeneration(), "nothing of it was held: no new generation");
        assertEquals(Value.ofInt(2), store.reader().modex(new Proc(J1, 0), "k"));
    }

    // ---- resolve peers / nodes ----

    @Test
    void shouldResolveNodesAndPeers() {
        register(J1, Jobs.job1());
        register("nomaps", 2, Jobs.noMaps());
        assertEquals(List.of("n0", "n1", "n2"), reader.nodes(J1));
        assertArrayEquals(new int[] {0, 1, 2, 3}, reader.peers(J1, "n0"));
        // not given, reconstructed from the proc map (JPMIx's extension)
        assertArrayEquals(new int[] {8, 9}, reader.peers(J1, "n2"));
        // "If that node isn't found on the list ... returning PMIX_SUCCESS ... nprocs set to zero"
        assertArrayEquals(new int[0], reader.peers(J1, "n9"));
        // "If the host failed to provide the PMIX_LOCAL_PEERS attribute, then the function will return
        // PMIX_ERR_DATA_VALUE_NOT_FOUND" - here neither it nor a proc map exists
        assertEquals(Status.ERR_DATA_VALUE_NOT_FOUND,
                assertThrows(PmixException.class, () -> reader.peers("nomaps", "n1")).status());
        // "If the namespace cannot be found, then the API will return the PMIX_ERR_INVALID_NAMESPACE status."
        assertEquals(Status.ERR_INVALID_NAMESPACE,
                assertThrows(PmixException.class, () -> reader.peers("nope", "n1")).status());
        assertEquals(List.of("n1"), reader.nodes("nomaps"));
    }

    // ---- modex ----

    @Test
    void shouldReadTheNewestValueOfAKeyRepostedInALaterGeneration() {
        // OpenPMIx 4.2.2's hash store answers the first round's value forever
        register(J1, Jobs.job1());
        Proc p = new Proc(J1, 9);
        long g1 = publish(Map.of(p, Map.of("btl.addr", Value.ofString("v1"), "only.first", Value.ofInt(1))));
        assertEquals(Value.ofString("v1"), reader.modex(p, "btl.addr"));
        long g2 = publish(Map.of(p, Map.of("btl.addr", Value.ofString("v2"))));
        assertTrue(g2 > g1);
        assertEquals(g2, reader.modexGeneration());
        assertEquals(Value.ofString("v2"), reader.modex(p, "btl.addr"));
        assertEquals(Value.ofInt(1), reader.modex(p, "only.first"));
        assertNull(reader.modex(p, "never"));
        assertNull(reader.modex(new Proc(J1, 3), "btl.addr"));
        assertNull(reader.modex(new Proc("other", 9), "btl.addr"));
    }

    @Test
    void shouldRefuseReservedOrJobLevelModexData() {
        assertEquals(Status.ERR_BAD_PARAM, assertThrows(PmixException.class,
                () -> store.publishModex(Map.of(new Proc(J1, 0), Map.of("pmix.rank", Value.ofInt(1))))).status());
        assertEquals(Status.ERR_BAD_PARAM, assertThrows(PmixException.class,
                () -> store.publishModex(Map.of(WILD, Map.of("k", Value.ofInt(1))))).status());
        assertEquals(0, store.modexGeneration());
    }

    @Test
    void shouldLetReadersReadWhileGenerationsArePublished() throws Exception {
        register(J1, Jobs.job1());
        Proc p = new Proc(J1, 1);
        publish(Map.of(p, Map.of("seq", Value.ofInt(0))));
        AtomicReference<Throwable> failure = new AtomicReference<>();
        int rounds = 40;
        Thread[] readers = new Thread[2];
        for (int t = 0; t < readers.length; t++) {
            readers[t] = new Thread(() -> {
                try {
                    int last = 0;
                    while (last < rounds) {
                        Value v = reader.modex(p, "seq");
                        int now = v.asInt();
                        if (now < last) {
                            throw new AssertionError("went back from " + last + " to " + now);
                        }
                        last = now;
                        assertEquals(Value.ofUint32(10), reader.get(WILD, Keys.JOB_SIZE.name(), List.of(), ME));
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            });
            readers[t].start();
        }
        for (int i = 1; i <= rounds; i++) {
            Map<Proc, Map<String, Value>> m = new HashMap<>();
            m.put(p, Map.of("seq", Value.ofInt(i)));
            m.put(new Proc(J1, i % 10), Map.of("k" + i, Value.ofInt(i)));
            publish(m);
        }
        for (Thread t : readers) {
            t.join(TimeUnit.SECONDS.toMillis(60));
            assertFalse(t.isAlive(), "a reader did not see the last generation");
        }
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
        for (int i = 1; i <= rounds; i++) {
            assertEquals(Value.ofInt(i), reader.modex(new Proc(J1, i % 10), "k" + i));
        }
    }
}
