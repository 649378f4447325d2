package io.github.jpmix.tool.cli;

import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Key;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.QueryResults;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.SupportedAttributes;
import io.github.jpmix.tool.PmixTool;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
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
            "their key strings (pmix.qry.ns). A qualifier must be a PMIx attribute that every KEY takes: where",
            "the server says which qualifiers a key takes (PMIX_QUERY_SUPPORTED_QUALIFIERS), any other is a",
            "usage error. Example:",
            "  jpmix query PMIX_QUERY_PROC_TABLE --qualifier PMIX_NSPACE=myjob"},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every query was answered", "1:none was (PMIX_ERR_NOT_FOUND / PMIX_ERR_NOT_SUPPORTED)",
            "2:usage error, an unknown qualifier or one a KEY does not take, or a query lacked a required qualifier "
                    + "(PMIX_ERR_BAD_PARAM)",
            "3:no server reachable",
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
        List<Info> quals = qualifiers.stream().map(QueryCommand::qualifier).toList();
        List<Query> queries = new ArrayList<>();
        for (String k : keys) {
            Key<?> key = ValueText.key(k);
            queries.add(new Query(List.of(key.name()), quals));
        }
        QueryResults results;
        String jobHint = quals.stream().filter(i -> i.is(Keys.NSPACE)).map(i -> i.value().asString()).findFirst()
                .orElse(null);
        try (PmixTool tool = server.connect(jobHint)) {
            checkQualifiers(tool, queries);
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

    /**
     * {@code KEY=VALUE} of a qualifier: unlike a query key, which may name any key the server stores, a
     * qualifier must be a reserved PMIx attribute (pmix-common {@code Keys}, the Standard's registry):
     * a server ignores qualifiers it does not know, so a misspelt one would silently change nothing.
     */
    static Info qualifier(String assignment) {
        int eq = assignment.indexOf('=');
        String name = eq < 1 ? assignment : assignment.substring(0, eq);
        if (!name.startsWith("PMIX_") && Keys.byName(name).isEmpty()) {
            throw new PmixException(Status.ERR_BAD_PARAM, "unknown qualifier " + name + ": a qualifier is a PMIx "
                    + "attribute, by its C name or key string (e.g. PMIX_NSPACE or pmix.nspace)");
        }
        return ValueText.info(assignment);
    }

    /**
     * Rejects a qualifier that a query's key does not take, where the server says which it takes: one
     * {@code PMIX_QUERY_SUPPORTED_QUALIFIERS} query per key ("Return comma-delimited list of qualifiers
     * supported by a query on the provided key", Query keys). A key the server does not describe (a stored
     * key, a server that does not answer the question) is not checked. {@code PMIX_QUERY_REFRESH_CACHE}
     * applies to every query.
     */
    private static void checkQualifiers(PmixTool tool, List<Query> queries) {
        if (queries.get(0).qualifiers().isEmpty()) {
            return;
        }
        List<Query> asks = new ArrayList<>();
        for (Query q : queries) {
            asks.add(new Query(q.keys(), List.of(Info.of(Keys.QUERY_SUPPORTED_QUALIFIERS, true))));
        }
        QueryResults supported;
        try {
            supported = tool.query(asks);
        } catch (PmixException e) {
            if (Jpmix.ExitCode.of(e.status()) == Jpmix.ExitCode.UNREACHABLE) {
                throw e;
            }
            return; // the server does not say: it judges the qualifiers itself
        }
        for (int i = 0; i < queries.size(); i++) {
            Optional<Value> v = supported.value(i);
            if (v.isEmpty() || v.get().type() != DataType.STRING) {
                continue;
            }
            Set<String> takes = new LinkedHashSet<>(ValueText.list(v.get().asString()));
            for (Info qual : queries.get(i).qualifiers()) {
                if (!takes.contains(qual.key()) && !qual.is(Keys.QUERY_REFRESH_CACHE)) {
                    String key = queries.get(i).keys().get(0);
                    throw new PmixException(Status.ERR_BAD_PARAM, cName(key) + " does not take the qualifier "
                            + cName(qual.key()) + " (it takes " + (takes.isEmpty() ? "none"
                                    : String.join(", ", takes.stream().map(QueryCommand::cName).toList())) + ")");
                }
            }
        }
    }

    /** A reserved key's C name ({@code PMIX_NSPACE}), else the key string. */
    private static String cName(String key) {
        return Keys.byName(key).map(k -> {
            try {
                return SupportedAttributes.cName(k);
            } catch (PmixException e) {
                return key;
            }
        }).orElse(key);
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
