package io.github.jpmix.tool.cli;

import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Key;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.QueryResults;
import io.github.jpmix.common.Value;
import io.github.jpmix.tool.PmixTool;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code jpmix query KEY... [--qualifier K=V]...} (OpenPMIx's {@code pquery}): one {@code PMIx_Query_info}
 * with one query per key, each carrying every qualifier; each query gets one answer (RFC0010).
 */
@Command(name = "query", mixinStandardHelpOptions = true,
        description = {"Ask the chosen server PMIx queries (like OpenPMIx's pquery): one query per KEY, each with",
            "every --qualifier. KEY and the qualifier keys are PMIx attribute names (PMIX_QUERY_NAMESPACES) or",
            "their key strings (pmix.qry.ns). Example:",
            "  jpmix query PMIX_QUERY_PROC_TABLE --qualifier PMIX_NSPACE=myjob"},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every query was answered", "1:none was (PMIX_ERR_NOT_FOUND / PMIX_ERR_NOT_SUPPORTED)",
            "2:usage error, or a query lacked a required qualifier (PMIX_ERR_BAD_PARAM)", "3:no server reachable",
            "4:some queries were answered (PMIX_ERR_PARTIAL_SUCCESS)"})
final class QueryCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private OutputOptions output;

    @Mixin
    private ServerSelection server;

    @Parameters(arity = "1..*", paramLabel = "KEY", description = "Query keys.")
    private List<String> keys;

    @Option(names = {"-q", "--qualifier"}, paramLabel = "KEY=VALUE",
            description = "A qualifier for every query; VALUE is read as the key's PMIx type.")
    private List<String> qualifiers = new ArrayList<>();

    @Override
    public Integer call() {
        List<Info> quals = qualifiers.stream().map(ValueText::info).toList();
        List<Query> queries = new ArrayList<>();
        for (String k : keys) {
            Key<?> key = ValueText.key(k);
            queries.add(new Query(List.of(key.name()), quals));
        }
        QueryResults results;
        try (PmixTool tool = server.connect()) {
            results = tool.query(queries);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (output.json) {
            List<Object> l = new ArrayList<>();
            for (int i = 0; i < queries.size(); i++) {
                Map<String, Object> m = Json.object();
                m.put("key", queries.get(i).keys().get(0));
                m.put("answered", results.isAnswered(i));
                if (results.isAnswered(i)) {
                    Info a = results.answers().get(i);
                    m.put("type", DataType.name(a.value().type()));
                    m.put("value", Json.value(a.value()));
                }
                l.add(m);
            }
            out.println(Json.write(l));
        } else {
            for (int i = 0; i < queries.size(); i++) {
                Info a = results.answers().get(i);
                if (results.isAnswered(i)) {
                    print(out, "", a.key(), a.value());
                } else {
                    out.println(queries.get(i).keys().get(0) + ": not found");
                }
            }
        }
        out.flush();
        return results.isComplete() ? Jpmix.ExitCode.OK : Jpmix.ExitCode.PARTIAL;
    }

    /** A value for people: scalars on the key's line, arrays one element per line, indented. */
    static void print(PrintWriter out, String indent, String key, Value v) {
        if (v.type() != DataType.DATA_ARRAY) {
            out.println(indent + key + ": " + v);
            return;
        }
        DataArray a = v.asDataArray();
        out.println(indent + key + ": " + a.size() + " x " + DataType.name(a.type()));
        for (int i = 0; i < a.size(); i++) {
            Value e = a.values().get(i);
            if (e.data() instanceof Info info) {
                print(out, indent + "  ", info.key(), info.value());
            } else {
                print(out, indent + "  ", "[" + i + "]", e);
            }
        }
    }
}
