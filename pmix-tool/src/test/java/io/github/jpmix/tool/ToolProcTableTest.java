package io.github.jpmix.tool;

import static io.github.jpmix.tool.ToolTestSupport.HOST;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.ProcInfo;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.Status;
import io.github.jpmix.server.HostModule;
import io.github.jpmix.server.PmixServer;
import io.github.jpmix.server.ServerOptions;
import io.github.jpmix.server.WireupInfo;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Connected tools are not processes of any job's proc table, nor a job of their own: PRRTE (the host whose
 * answers JPMIx's server gives when its host answers no query) records a tool apart from its jobs
 * ({@code src/prted/pmix/pmix_server_register_fns.c}, {@code prte_pmix_server_register_tool}: "record this
 * tool" in {@code prte_pmix_server_globals.tools}), and builds {@code PMIX_QUERY_PROC_TABLE} from a job's
 * processes only ({@code pmix_server_queries.c}: "construct a list of values with prte_proc_info_t entries for
 * each proc in the indicated job"; no job: {@code PMIX_ERR_NOT_FOUND}). OpenPMIx's server answers no proc
 * table itself.
 */
class ToolProcTableTest {
    @TempDir
    Path tmp;

    @Test
    void shouldKeepConnectedToolsOutOfTheProcTables() {
        try (PmixServer s = PmixServer.start(new ServerOptions().hostname(HOST).serverTmpdir(tmp).systemTmpdir(tmp)
                .toolSupport(true).serverProc("srv", 0), new HostModule() { })) {
            s.registerNamespace("job", 1, WireupInfo.of("job").node(HOST, 0).build(HOST));
            try (PmixTool t = PmixTool.connect(new ToolOptions().serverTmpdir(tmp).systemTmpdir(tmp).hostname(HOST))) {
                List<ProcInfo> job = t.query(List.of(Query.qualified(Keys.QUERY_PROC_TABLE.name(), Info.of(Keys.NSPACE, "job"))))
                        .value(0).orElseThrow().asDataArray().elements(ProcInfo.class);
                assertEquals(List.of(new Proc("job", 0)), job.stream().map(ProcInfo::proc).toList());
                for (String key : List.of(Keys.QUERY_PROC_TABLE.name(), Keys.QUERY_LOCAL_PROC_TABLE.name())) {
                    PmixException e = assertThrows(PmixException.class, () -> t.query(List.of(
                            Query.qualified(key, Info.of(Keys.NSPACE, t.proc().namespace())))));
                    assertEquals(Status.ERR_NOT_FOUND, e.status(), key);
                }
                assertEquals("job", t.query(List.of(Query.of(Keys.QUERY_NAMESPACES.name()))).value(0).orElseThrow().asString());
            }
        }
    }
}
