package io.github.jpmix.tool.cli;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.ProcInfo;
import io.github.jpmix.common.ProcState;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.QueryResults;
import io.github.jpmix.common.Rank;
import io.github.jpmix.common.Value;
import io.github.jpmix.tool.PmixTool;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code jpmix ps} (OpenPMIx's {@code pps}): the proc table of every job the server knows, or of the
 * given ones: {@code PMIX_QUERY_NAMESPACES}, then {@code PMIX_QUERY_PROC_TABLE} per namespace (RFC0010's
 * proc table: proc, hostname, executable, pid, exit code, state).
 */
@Command(name = "ps", mixinStandardHelpOptions = true,
        description = {"Show the processes of every job on the chosen server (like OpenPMIx's pps):",
            "rank, pid, state (PMIX_PROC_STATE_*), exit code, host and executable."})
final class PsCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private OutputOptions output;

    @Mixin
    private ServerSelection server;

    @Parameters(arity = "0..*", paramLabel = "JOB", description = {"Job namespaces to show (default: every one the server knows). With several",
                "servers running and none chosen, the server hosting the first is asked."})
    private List<String> jobs = new ArrayList<>();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try (PmixTool tool = server.connect(jobs.isEmpty() ? null : jobs.get(0))) {
            List<String> namespaces = jobs;
            if (namespaces.isEmpty()) {
                QueryResults r = tool.query(List.of(Query.of(Keys.QUERY_NAMESPACES.name())));
                namespaces = r.value(0).map(Value::asString).map(ValueText::list).orElse(List.of());
            }
            List<ProcInfo> rows = new ArrayList<>();
            for (String ns : namespaces) {
                QueryResults r = tool.query(List.of(Query.qualified(Keys.QUERY_PROC_TABLE.name(),
                        Info.of(Keys.NSPACE, ns))));
                r.value(0).map(Value::asDataArray).map(a -> a.elements(ProcInfo.class)).ifPresent(rows::addAll);
            }
            if (output.json) {
                List<Object> l = new ArrayList<>();
                for (ProcInfo p : rows) {
                    l.add(Json.procInfo(p));
                }
                out.println(Json.write(l));
            } else if (rows.isEmpty()) {
                out.println("no processes" + (namespaces.isEmpty() ? ": the server has no jobs" : ""));
            } else {
                Table t = new Table("NSPACE", "RANK", "PID", "STATE", "EXIT", "HOST", "EXECUTABLE");
                for (ProcInfo p : rows) {
                    t.row(p.proc().namespace(), Rank.toString(p.proc().rank()), p.pid() > 0 ? p.pid() : null,
                            state(p.state()), ProcState.isTerminated(p.state()) ? p.exitCode() : null,
                            p.hostname(), p.executable());
                }
                t.print(out);
            }
        }
        out.flush();
        return Jpmix.ExitCode.OK;
    }

    /** {@code PMIX_PROC_STATE_TERM_WO_SYNC} as {@code term_wo_sync}. */
    static String state(int state) {
        String n = ProcState.name(state);
        return (n.startsWith("PMIX_PROC_STATE_") ? n.substring("PMIX_PROC_STATE_".length()) : n).toLowerCase(Locale.ROOT);
    }
}
