package io.github.jpmix.tool.cli;

import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.QueryResults;
import io.github.jpmix.common.RegAttr;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.SupportedAttributes;
import io.github.jpmix.tool.PmixTool;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code jpmix attrs} (OpenPMIx's {@code pattrs}): the attributes each side supports per API function,
 * from the server's answer to {@code PMIX_QUERY_ATTRIBUTE_SUPPORT} with the {@code PMIX_<LEVEL>_ATTRIBUTES}
 * and {@code PMIX_<LEVEL>_FUNCTIONS} qualifiers (the Standard's attribute-support query).
 */
@Command(name = "attrs", mixinStandardHelpOptions = true,
        description = {"Show the attributes the client, server, tool and host sides support, per API function",
            "(like OpenPMIx's pattrs). No side option means all four; FUNCTION limits the output, e.g. PMIx_Get."})
final class AttrsCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private OutputOptions output;

    @Mixin
    private ServerSelection server;

    @Option(names = "--client", description = "The client library's attributes.")
    private boolean client;

    @Option(names = "--server", description = "The server library's attributes.")
    private boolean serverSide;

    @Option(names = "--tool", description = "The tool library's attributes.")
    private boolean tool;

    @Option(names = "--host", description = "The host's (resource manager's) attributes.")
    private boolean host;

    @Option(names = "--functions", description = "List the functions that have attributes instead.")
    private boolean functions;

    @Parameters(arity = "0..*", paramLabel = "FUNCTION", description = "Only these API functions (default: all).")
    private List<String> names = new ArrayList<>();

    @Override
    public Integer call() {
        Set<SupportedAttributes.Level> levels = EnumSet.noneOf(SupportedAttributes.Level.class);
        if (client) {
            levels.add(SupportedAttributes.Level.CLIENT);
        }
        if (serverSide) {
            levels.add(SupportedAttributes.Level.SERVER);
        }
        if (tool) {
            levels.add(SupportedAttributes.Level.TOOL);
        }
        if (host) {
            levels.add(SupportedAttributes.Level.HOST);
        }
        if (levels.isEmpty()) {
            levels = EnumSet.allOf(SupportedAttributes.Level.class);
        }
        String fns = names.isEmpty() ? "all" : String.join(",", names);
        List<Info> quals = new ArrayList<>();
        for (SupportedAttributes.Level l : levels) {
            quals.add(functions ? Info.of(l.functionsKey(), "all") : Info.of(l.attributesKey(), fns));
        }
        QueryResults r;
        try (PmixTool t = server.connect()) {
            r = t.query(List.of(new Query(List.of(Keys.QUERY_ATTRIBUTE_SUPPORT.name()), quals)));
        }
        List<Info> perLevel = r.value(0).map(Value::asDataArray).map(a -> a.elements(Info.class)).orElse(List.of());
        PrintWriter out = spec.commandLine().getOut();
        Map<String, Object> json = Json.object();
        for (Info level : perLevel) {
            String side = side(level.key());
            if (functions) {
                List<String> list = level.value().type() == DataType.UNDEF ? List.of() : ValueText.list(level.value().asString());
                json.put(side, list);
                if (!output.json) {
                    out.println(side.toUpperCase(Locale.ROOT) + " FUNCTIONS: " + (list.isEmpty() ? "none" : String.join(", ", list)));
                }
                continue;
            }
            Map<String, Object> perFn = Json.object();
            if (!output.json) {
                out.println(side.toUpperCase(Locale.ROOT) + " ATTRIBUTES");
            }
            List<Info> fnInfos = level.value().type() == DataType.UNDEF ? List.of() : level.value().asDataArray().elements(Info.class);
            if (fnInfos.isEmpty() && !output.json) {
                out.println("  none");
            }
            for (Info fn : fnInfos) {
                List<RegAttr> attrs = fn.value().asDataArray().elements(RegAttr.class);
                List<Object> l = new ArrayList<>();
                Table t = new Table("  ATTRIBUTE", "KEY", "TYPE", "DESCRIPTION");
                for (RegAttr a : attrs) {
                    Map<String, Object> m = Json.object();
                    m.put("name", a.name());
                    m.put("key", a.key());
                    m.put("type", DataType.name(a.type()));
                    m.put("description", String.join(" ", a.description()));
                    l.add(m);
                    t.row("  " + a.name(), a.key(), DataType.name(a.type()), String.join(" ", a.description()));
                }
                perFn.put(fn.key(), l);
                if (!output.json) {
                    out.println("  " + fn.key() + ":");
                    t.print(out);
                }
            }
            json.put(side, perFn);
        }
        if (output.json) {
            out.println(Json.write(json));
        }
        out.flush();
        return Jpmix.ExitCode.OK;
    }

    /** {@code pmix.client.attrs} / {@code pmix.srvr.fns} as {@code client} / {@code server}. */
    private static String side(String key) {
        for (SupportedAttributes.Level l : SupportedAttributes.Level.values()) {
            if (l.attributesKey().name().equals(key) || l.functionsKey().name().equals(key)) {
                return l.name().toLowerCase(Locale.ROOT);
            }
        }
        return key;
    }
}
