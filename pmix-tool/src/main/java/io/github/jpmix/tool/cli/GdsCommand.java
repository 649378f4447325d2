package io.github.jpmix.tool.cli;

import io.github.jpmix.gds.GdsDump;
import java.io.PrintWriter;
import java.nio.file.Path;
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

/** {@code jpmix gds ...}: the general data store's files, read directly, for debugging. */
@Command(name = "gds", mixinStandardHelpOptions = true,
        description = "Inspect the data store (GDS) files of a JPMIx server, for debugging.",
        subcommands = GdsCommand.Dump.class)
final class GdsCommand implements Runnable {
    @Spec
    private CommandSpec spec;

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(), "a subcommand is needed: dump");
    }

    /**
     * {@code jpmix gds dump}: every value stored for a namespace (the host's registration data by
     * realm, then what processes posted as of the newest modex generation), read from the store's
     * memory-mapped files (docs/gds.md). Only the server's user can read them (mode 0600 in a 0700
     * session directory).
     */
    @Command(name = "dump", mixinStandardHelpOptions = true,
            description = {"Print the stored data of a namespace (all namespaces if none is given),",
                "read from the GDS files in a server's session directory."})
    static final class Dump implements Callable<Integer> {
        @Spec
        private CommandSpec spec;

        @Mixin
        private OutputOptions output;

        @Mixin
        private ServerSelection server;

        @Option(names = "--dir", paramLabel = "DIR",
                description = "The server's session directory (default: the one of the server the connection options pick).")
        private Path dir;

        @Parameters(arity = "0..*", paramLabel = "NSPACE", description = {"Namespaces to dump (default: all). With several servers running and none chosen,",
                    "the server hosting the first is read."})
        private List<String> namespaces = new ArrayList<>();

        @Override
        public Integer call() {
            Path d = dir != null ? dir : server.sessionDirectory(namespaces.isEmpty() ? null : namespaces.get(0));
            List<String> names = namespaces.isEmpty() ? GdsDump.namespaces(d) : namespaces;
            PrintWriter out = spec.commandLine().getOut();
            List<Object> json = new ArrayList<>();
            for (String ns : names) {
                List<GdsDump.Entry> entries = GdsDump.dump(d, ns);
                if (output.json) {
                    Map<String, Object> o = Json.object();
                    o.put("nspace", ns);
                    o.put("directory", d.toString());
                    List<Object> l = new ArrayList<>();
                    for (GdsDump.Entry e : entries) {
                        Map<String, Object> m = Json.object();
                        m.put("realm", e.realm());
                        m.put("qualifier", e.qualifier());
                        m.put("key", e.key());
                        m.put("type", io.github.jpmix.common.DataType.name(e.value().type()));
                        m.put("value", Json.value(e.value()));
                        l.add(m);
                    }
                    o.put("entries", l);
                    json.add(o);
                } else {
                    out.printf("namespace %s (%s): %d values%n", ns, d, entries.size());
                    Table t = new Table("REALM", "OF", "KEY", "VALUE");
                    for (GdsDump.Entry e : entries) {
                        t.row(e.realm(), e.qualifier(), e.key(), e.value().toString());
                    }
                    t.print(out);
                }
            }
            if (output.json) {
                out.println(Json.write(json));
            }
            out.flush();
            return Jpmix.ExitCode.OK;
        }
    }
}
