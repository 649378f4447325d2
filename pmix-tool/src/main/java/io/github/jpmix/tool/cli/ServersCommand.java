package io.github.jpmix.tool.cli;

import io.github.jpmix.tool.PmixTool;
import io.github.jpmix.tool.ServerEntry;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code jpmix servers}: the rendezvous files a tool can see on this node (RFC0010), live or stale,
 * one row per file, JPMIx's servers and those built on OpenPMIx's server library (column
 * {@code PROTOCOL}); a session server publishes up to three (untagged, pid- and nspace-tagged).
 */
@Command(name = "servers", mixinStandardHelpOptions = true,
        description = {"List the PMIx servers a tool can see on this node, JPMIx's and OpenPMIx's: every rendezvous",
            "file, live or stale.",
            "The system server's file comes first, then the session servers' files."})
final class ServersCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private OutputOptions output;

    @Mixin
    private ServerSelection server;

    @Override
    public Integer call() {
        List<ServerEntry> entries = PmixTool.servers(server.toolOptions());
        PrintWriter out = spec.commandLine().getOut();
        if (output.json) {
            List<Object> l = new ArrayList<>();
            for (ServerEntry e : entries) {
                Map<String, Object> m = Json.object();
                m.put("kind", lower(e.kind()));
                m.put("state", lower(e.state()));
                m.put("pid", e.pid() == 0 ? null : e.pid());
                m.put("nspace", e.nspace());
                m.put("protocol", e.uri() == null ? null : e.isOpenPmix() ? "openpmix" : "jpmix");
                m.put("uri", e.uri());
                m.put("version", e.version().isEmpty() ? null : e.version());
                m.put("path", e.path().toString());
                m.put("problem", e.problem().isEmpty() ? null : e.problem());
                l.add(m);
            }
            out.println(Json.write(l));
        } else if (entries.isEmpty()) {
            out.println("no rendezvous files found");
        } else {
            Table t = new Table("KIND", "STATE", "PID", "NSPACE", "PROTOCOL", "PATH", "PROBLEM");
            for (ServerEntry e : entries) {
                t.row(lower(e.kind()), lower(e.state()), e.pid() == 0 ? null : e.pid(), e.nspace(),
                        e.uri() == null ? null : e.isOpenPmix() ? "openpmix" : "jpmix", e.path(), e.problem());
            }
            t.print(out);
        }
        out.flush();
        return Jpmix.ExitCode.OK;
    }

    private static String lower(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }
}
