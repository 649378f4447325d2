package io.github.jpmix.server.internal;

import static io.github.jpmix.server.internal.ServerFixture.await;
import static io.github.jpmix.server.internal.ServerFixture.done;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.ProcInfo;
import io.github.jpmix.common.ProcState;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.RegAttr;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.SupportedAttributes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code PMIx_Query_info} on the server: every key it answers, the statuses of the Standard's Query chapter, and
 * the host-first rule. Quotes are from the Standard's Query chapter unless they say otherwise.
 */
class QueryHandlerTest {
    @TempDir
    Path tmp;
    ServerFixture f;
    QueryHandler handler;
    ClientRecord requester;

    @BeforeEach
    void setUp() {
        f = new ServerFixture(tmp);
        f.state.serverInfo = List.of(Info.of(Keys.NSPACE, "srv"), Info.of(Keys.SERVER_URI, "srv.0;unix:/x"));
        handler = new QueryHandler(f.state);
        requester = f.client(new Proc("job", 0), 1234, 567);
        f.client(new Proc("job", 1), 1234, 567);
    }

    @AfterEach
    void tearDown() {
        f.close();
    }

    private List<QueryHandler.Outcome> run(Query... queries) throws Exception {
        return await(handler.run(requester, List.of(queries)));
    }

    /** The one answer of one query, which must have been found. */
    private Value answer(Query q) throws Exception {
        List<QueryHandler.Outcome> o = run(q);
        assertEquals(Status.SUCCESS, QueryHandler.status(o), o.toString());
        return o.get(0).answer().value();
    }

    private PmixException failure(Query... queries) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> await(handler.run(requester, List.of(queries))));
        return (PmixException) e.getCause();
    }

    private static Query nspace(String key, String ns) {
        return Query.qualified(key, Info.of(Keys.NSPACE, ns));
    }

    // ---- every key ----

    @Test
    void shouldListTheNamespaces() throws Exception {
        // "PMIX_QUERY_NAMESPACES ... Request a comma-delimited list of active namespaces."
        assertEquals("job,other", answer(Query.of(Keys.QUERY_NAMESPACES.name())).asString());
    }

    @Test
    void shouldDescribeEachNamespaceOrTheOneAsked() throws Exception {
        // "Return an array of active namespace information - each element will itself contain an array including
        // the namespace plus the command line ... OPTIONAL QUALIFIERS: PMIX_NSPACE"
        List<Info> all = answer(Query.of(Keys.QUERY_NAMESPACE_INFO.name())).asDataArray().elements(Info.class);
        assertEquals(2, all.size());
        List<Info> job = all.get(0).value().asDataArray().elements(Info.class);
        assertEquals(Info.of(Keys.NSPACE, "job"), job.get(0));
        assertTrue(job.contains(Info.of(Keys.JOB_SIZE, 4)), job.toString());
        List<Info> one = answer(nspace(Keys.QUERY_NAMESPACE_INFO.name(), "other")).asDataArray().elements(Info.class);
        assertEquals(1, one.size());
        assertEquals(Info.of(Keys.NSPACE, "other"), one.get(0).value().asDataArray().elements(Info.class).get(0));
    }

    @Test
    void shouldGiveTheProcTableWithRemoteRanksAndTheLocalOne() throws Exception {
        // RFC0010: "a query for PMIX_QUERY_PROC_TABLE will return an array of pmix_proc_info_t structures, one
        // for each process in the specified namespace"
        synchronized (f.state.lock) {
            requester.launched(4242, "my.Main");
            requester.connected(4242);
        }
        List<ProcInfo> table = answer(nspace(Keys.QUERY_PROC_TABLE.name(), "job")).asDataArray().elements(ProcInfo.class);
        assertEquals(List.of(
                new ProcInfo(new Proc("job", 0), ServerFixture.NODE, "my.Main", 4242, 0, ProcState.CONNECTED),
                new ProcInfo(new Proc("job", 1), ServerFixture.NODE, null, 0, 0, ProcState.PREPPED),
                new ProcInfo(new Proc("job", 2), "n2", null, 0, 0, ProcState.UNDEF),
                new ProcInfo(new Proc("job", 3), "n2", null, 0, 0, ProcState.UNDEF)), table);
        List<ProcInfo> local = answer(nspace(Keys.QUERY_LOCAL_PROC_TABLE.name(), "job")).asDataArray().elements(ProcInfo.class);
        assertEquals(table.subList(0, 2), local);
    }

    @Test
    void shouldReportTheJobStatus() throws Exception {
        // "PMIX_QUERY_JOB_STATUS ... Status of a specified, currently executing job."
        Query q = nspace(Keys.QUERY_JOB_STATUS.name(), "job");
        assertEquals(Value.ofStatus(Status.SUCCESS), answer(q));
        synchronized (f.state.lock) {
            requester.launched(10, "a");
            requester.connected(10);
            requester.exited(137, 9);
        }
        assertEquals(Value.ofStatus(Status.ERR_JOB_ABORTED_BY_SIG), answer(q));
    }

    @Test
    void shouldAnswerSupportedKeysSpawnDebugAndServers() throws Exception {
        String keys = answer(Query.of(Keys.QUERY_SUPPORTED_KEYS.name())).asString();
        assertEquals(QueryHandler.SUPPORT.keySet(), Set.of(keys.split(",")));
        assertTrue(keys.contains(Keys.QUERY_PROC_TABLE.name()), keys);
        // spawns are the host's: nothing unless the host registered some
        assertEquals("", answer(Query.of(Keys.QUERY_SPAWN_SUPPORT.name())).asString());
        f.state.hostAttributes.put("PMIx_Spawn", List.of(RegAttr.of(Keys.WDIR, "wd"),
                RegAttr.of(Keys.DEBUG_STOP_IN_INIT, "stop")));
        assertEquals(Keys.WDIR.name() + "," + Keys.DEBUG_STOP_IN_INIT.name(),
                answer(Query.of(Keys.QUERY_SPAWN_SUPPORT.name())).asString());
        assertEquals(Keys.DEBUG_STOP_IN_INIT.name(), answer(Query.of(Keys.QUERY_DEBUG_SUPPORT.name())).asString());
        // "each element itself containing a PMIX_SERVER_INFO_ARRAY entry holding all available data for a server"
        List<Info> servers = answer(Query.of(Keys.QUERY_AVAIL_SERVERS.name())).asDataArray().elements(Info.class);
        assertEquals(1, servers.size());
        assertEquals(Keys.SERVER_INFO_ARRAY.name(), servers.get(0).key());
        assertEquals(Info.of(Keys.NSPACE, "srv"), servers.get(0).value().asDataArray().elements(Info.class).get(0));
    }

    @Test
    void shouldAnswerLocalProcsOfTheNodesGivenByNodeIdAsInTheRfcExample() throws Exception {
        // RFC0010: "a request for the list of peers on multiple nodes can be accomplished by providing an array of
        // qualifiers that specifies the nodeid of the nodes ... a value that contained a pmix_data_array_t of
        // pmix_proc_t structures, each structure containing the namespace and rank of a proc on one of the
        // specified nodes"
        Query both = Query.qualified(Keys.LOCAL_PROCS.name(), Info.of(Keys.NODEID, 0), Info.of(Keys.NODEID, 1));
        assertEquals(List.of(new Proc("job", 0), new Proc("job", 1), new Proc("other", 0), new Proc("job", 2),
                new Proc("job", 3)), answer(both).asDataArray().elements(Proc.class));
        Query second = Query.qualified(Keys.LOCAL_PROCS.name(), Info.of(Keys.NODEID, 1));
        assertEquals(List.of(new Proc("job", 2), new Proc("job", 3)), answer(second).asDataArray().elements(Proc.class));
        // no node: "all processes executing on the local node"
        assertEquals(List.of(new Proc("job", 0), new Proc("job", 1), new Proc("other", 0)),
                answer(Query.of(Keys.LOCAL_PROCS.name())).asDataArray().elements(Proc.class));
        assertEquals("n1,n2", answer(nspace(Keys.NODE_LIST.name(), "job")).asString());
    }

    @Test
    void shouldReadAnyDataRealmKeyFromTheStore() throws Exception {
        assertEquals(4, answer(nspace(Keys.JOB_SIZE.name(), "job")).asInt());
        assertEquals(1, answer(nspace(Keys.JOB_SIZE.name(), "other")).asInt());
    }

    @Test
    void shouldListTheQualifiersOfAKeyInsteadOfAnsweringIt() throws Exception {
        // "PMIX_QUERY_SUPPORTED_QUALIFIERS ... Return comma-delimited list of qualifiers supported by a query on
        // the provided key, instead of actually performing the query on the key."
        Query q = Query.qualified(Keys.QUERY_PROC_TABLE.name(), Info.flag(Keys.QUERY_SUPPORTED_QUALIFIERS));
        assertEquals(Keys.NSPACE.name(), answer(q).asString());
    }

    // ---- attribute support ----

    @Test
    void shouldAnswerAttributeSupportPerLevelFromTheRegistry() throws Exception {
        f.state.hostAttributes.put("PMIx_Log", List.of(RegAttr.of(Keys.LOG_STDOUT, "stdout")));
        Query q = new Query(List.of(Keys.QUERY_ATTRIBUTE_SUPPORT.name()), List.of(
                Info.of(Keys.CLIENT_ATTRIBUTES, "PMIx_Get"), Info.of(Keys.HOST_ATTRIBUTES, "all"),
                Info.of(Keys.TOOL_ATTRIBUTES, "PMIx_Fence"), Info.of(Keys.SERVER_FUNCTIONS, "")));
        List<Info> levels = answer(q).asDataArray().elements(Info.class);
        assertEquals(List.of(Keys.CLIENT_ATTRIBUTES.name(), Keys.SERVER_FUNCTIONS.name(), Keys.HOST_ATTRIBUTES.name(),
                Keys.TOOL_ATTRIBUTES.name()), levels.stream().map(Info::key).toList());
        List<Info> client = levels.get(0).value().asDataArray().elements(Info.class);
        assertEquals(1, client.size());
        assertEquals("PMIx_Get", client.get(0).key());
        List<RegAttr> get = client.get(0).value().asDataArray().elements(RegAttr.class);
        assertEquals(SupportedAttributes.attributes(SupportedAttributes.Level.CLIENT, "PMIx_Get"), get);
        assertTrue(get.stream().anyMatch(a -> a.name().equals("PMIX_TIMEOUT") && a.key().equals("pmix.timeout")));
        assertTrue(levels.get(1).value().asString().contains("PMIx_server_register_nspace"));
        List<Info> host = levels.get(2).value().asDataArray().elements(Info.class);
        assertEquals(List.of(Info.of("PMIx_Log", Value.ofDataArray(io.github.jpmix.common.DataArray.of(
                DataType.REGATTR, List.of(RegAttr.of(Keys.LOG_STDOUT, "stdout")))))), host);
        // "a value type of PMIX_UNDEF indicating that no attributes are supported at that level": a tool has no fence
        assertEquals(DataType.UNDEF, levels.get(3).value().type());
        Query tool = new Query(List.of(Keys.QUERY_ATTRIBUTE_SUPPORT.name()), List.of(Info.of(Keys.TOOL_ATTRIBUTES, "all")));
        List<Info> toolFns = answer(tool).asDataArray().elements(Info.class).get(0).value().asDataArray().elements(Info.class);
        assertEquals(SupportedAttributes.functions(SupportedAttributes.Level.TOOL).keySet().stream().toList(),
                toolFns.stream().map(Info::key).toList());
        assertTrue(toolFns.get(0).value().asDataArray().elements(RegAttr.class).stream()
                .anyMatch(a -> a.name().equals("PMIX_SERVER_PIDINFO")), "PMIx_tool_init reads PMIX_SERVER_PIDINFO");
    }

    @Test
    void shouldTakeFunctionsFromTheKeysAndEveryLevelWhenNoneIsGiven() throws Exception {
        // "The PMIX_QUERY_ATTRIBUTE_SUPPORT attribute must be listed as the first entry in the keys field ...
        // followed by the name of the function ... Failure to provide any levels is equivalent to a request for
        // all levels."
        Query q = new Query(List.of(Keys.QUERY_ATTRIBUTE_SUPPORT.name(), "PMIx_Fence"), List.of());
        List<Info> levels = answer(q).asDataArray().elements(Info.class);
        assertEquals(4, levels.size());
        assertEquals("PMIx_Fence", levels.get(0).value().asDataArray().elements(Info.class).get(0).key());
        assertEquals(DataType.UNDEF, levels.get(1).value().type()); // the server level has no PMIx_Fence
    }

    // ---- statuses ----

    @Test
    void shouldSucceedWhenAllAreAnsweredAndPartiallyWhenSomeAre() throws Exception {
        // "A successful return indicates that all data was found and has been returned."
        assertEquals(Status.SUCCESS, QueryHandler.status(run(Query.of(Keys.QUERY_NAMESPACES.name()),
                nspace(Keys.QUERY_PROC_TABLE.name(), "job"))));
        // "PMIX_ERR_PARTIAL_SUCCESS Some of the requested data was found."
        List<QueryHandler.Outcome> o = run(Query.of(Keys.QUERY_NAMESPACES.name()), nspace(Keys.QUERY_PROC_TABLE.name(), "nosuch"));
        assertEquals(Status.ERR_PARTIAL_SUCCESS, QueryHandler.status(o));
        assertTrue(o.get(0).answered());
        assertFalse(o.get(1).answered());
        assertEquals(Info.of(Keys.QUERY_PROC_TABLE.name(), Value.UNDEF), o.get(1).answer());
        assertEquals(Status.ERR_INVALID_NAMESPACE, o.get(1).failures().get(0).status());
    }

    @Test
    void shouldSayNotFoundWhenNothingIsFoundAndNotSupportedForKeysNobodyKnows() throws Exception {
        // "PMIX_ERR_NOT_FOUND None of the requested data was available."
        PmixException e = assertThrows(PmixException.class,
                () -> QueryHandler.status(run(nspace(Keys.QUERY_PROC_TABLE.name(), "nosuch"))));
        assertEquals(Status.ERR_NOT_FOUND, e.status());
        assertTrue(e.getMessage().contains("nosuch"), e.getMessage());
        e = assertThrows(PmixException.class, () -> QueryHandler.status(run(Query.of(Keys.QUERY_QUEUE_LIST.name()))));
        assertEquals(Status.ERR_NOT_SUPPORTED, e.status());
        // mixed: "If a key is unsupported, the implementation should handle that key in the same way that it is
        // required to handle a key which it cannot find."
        List<QueryHandler.Outcome> o = run(Query.of(Keys.QUERY_QUEUE_LIST.name()), Query.of(Keys.QUERY_NAMESPACES.name()));
        assertEquals(Status.ERR_PARTIAL_SUCCESS, QueryHandler.status(o));
        e = assertThrows(PmixException.class, () -> QueryHandler.status(run(Query.of(Keys.QUERY_QUEUE_LIST.name()),
                nspace(Keys.QUERY_PROC_TABLE.name(), "nosuch"))));
        assertEquals(Status.ERR_NOT_FOUND, e.status());
    }

    @Test
    void shouldRefuseAMissingRequiredQualifierBeforeAskingTheHost() {
        // "PMIX_QUERY_PROC_TABLE ... REQUIRED QUALIFIER: PMIX_NSPACE"; "PMIX_QUERY_JOB_STATUS ... REQUIRED
        // QUALIFIER: PMIX_NSPACE indicating the namespace whose status is being queried"
        for (String key : List.of(Keys.QUERY_PROC_TABLE.name(), Keys.QUERY_LOCAL_PROC_TABLE.name(),
                Keys.QUERY_JOB_STATUS.name())) {
            PmixException e = failure(Query.of(Keys.QUERY_NAMESPACES.name()), Query.of(key));
            assertEquals(Status.ERR_BAD_PARAM, e.status(), key);
            assertTrue(e.getMessage().contains("PMIX_NSPACE"), e.getMessage());
        }
        assertEquals(List.of(), f.queriesSeen);
        // "inclusion of both the PMIX_PROCID directive and either the PMIX_NSPACE or the PMIX_RANK attribute will
        // return a PMIX_ERR_BAD_PARAM result"
        assertEquals(Status.ERR_BAD_PARAM, failure(Query.qualified(Keys.JOB_SIZE.name(),
                Info.of(Keys.PROCID, new Proc("job", 0)), Info.of(Keys.NSPACE, "job"))).status());
        assertEquals(Status.ERR_BAD_PARAM, failure().status());
    }

    @Test
    void shouldAnswerASeveralKeyQueryWithQueryResults() throws Exception {
        // PMIX_QUERY_RESULTS: "Each of the remaining elements of the array is a pmix_info_t containing the query key
        // and the corresponding value returned by the query."
        Query q = new Query(List.of(Keys.QUERY_NAMESPACES.name(), Keys.JOB_SIZE.name()), List.of(Info.of(Keys.NSPACE, "job")));
        Info a = run(q).get(0).answer();
        assertEquals(Keys.QUERY_RESULTS.name(), a.key());
        assertEquals(List.of(Info.of(Keys.QUERY_NAMESPACES, "job,other"), Info.of(Keys.JOB_SIZE, 4)),
                a.value().asDataArray().elements(Info.class));
    }

    // ---- host first ----

    @Test
    void shouldAskTheHostFirstWithTheRequesterIdsAndAnswerTheRestItself() throws Exception {
        f.onQuery = (p, qs) -> done(List.of(Info.of(Keys.QUERY_NAMESPACES, "from-host")));
        List<QueryHandler.Outcome> o = run(Query.of(Keys.QUERY_NAMESPACES.name()), nspace(Keys.QUERY_LOCAL_PROC_TABLE.name(), "job"));
        assertEquals(Status.SUCCESS, QueryHandler.status(o));
        assertEquals(Info.of(Keys.QUERY_NAMESPACES, "from-host"), o.get(0).answer());
        assertEquals(2, o.get(1).answer().value().asDataArray().size());
        // the Standard: "the PMIx library is required to add the PMIX_USERID and the PMIX_GRPID attributes of the
        // client process making the request"
        List<Query> seen = f.queriesSeen.get(0);
        assertEquals(2, seen.size());
        for (Query q : seen) {
            assertTrue(q.qualifiers().contains(Info.of(Keys.USERID, 1234).asQualifier()), q.toString());
            assertTrue(q.qualifiers().contains(Info.of(Keys.GRPID, 567).asQualifier()), q.toString());
        }
    }

    @Test
    void shouldAnswerItselfWhenTheHostFindsNothingButFailWithTheHostsOtherErrors() throws Exception {
        f.onQuery = (p, qs) -> CompletableFuture.failedFuture(new PmixException(Status.ERR_NOT_FOUND, "none"));
        assertEquals("job,other", run(Query.of(Keys.QUERY_NAMESPACES.name())).get(0).answer().value().asString());
        f.onQuery = (p, qs) -> CompletableFuture.failedFuture(new PmixException(Status.ERR_TIMEOUT, "slow"));
        assertEquals(Status.ERR_TIMEOUT, failure(Query.of(Keys.QUERY_NAMESPACES.name())).status());
        f.onQuery = (p, qs) -> {
            throw new IllegalStateException("host bug");
        };
        assertEquals(Status.ERROR, failure(Query.of(Keys.QUERY_NAMESPACES.name())).status());
    }

    @Test
    void shouldMatchHostAnswersToRepeatedKeysInOrder() throws Exception {
        // two proc tables: the host answers the first only; the server answers the second
        f.onQuery = (p, qs) -> done(List.of(Info.of(Keys.QUERY_PROC_TABLE,
                io.github.jpmix.common.DataArray.of(DataType.PROC_INFO, List.of()))));
        List<QueryHandler.Outcome> o = run(nspace(Keys.QUERY_PROC_TABLE.name(), "job"), nspace(Keys.QUERY_PROC_TABLE.name(), "other"));
        assertEquals(0, o.get(0).answer().value().asDataArray().size());
        List<ProcInfo> other = o.get(1).answer().value().asDataArray().elements(ProcInfo.class);
        assertEquals(List.of(new Proc("other", 0)), other.stream().map(ProcInfo::proc).toList());
    }

    @Test
    void shouldListInTheRegistryEveryKeyItAnswers() {
        // one registry: what PMIX_QUERY_ATTRIBUTE_SUPPORT says the server's PMIx_Query_info takes is what it answers
        List<String> registered = new ArrayList<>();
        SupportedAttributes.attributes(SupportedAttributes.Level.SERVER, SupportedAttributes.QUERY_FUNCTION)
                .forEach(a -> registered.add(a.key()));
        for (String key : QueryHandler.SUPPORT.keySet()) {
            assertTrue(registered.contains(key), key + " is answered but not registered");
        }
    }
}
