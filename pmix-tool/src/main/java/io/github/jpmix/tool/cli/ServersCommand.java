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
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code jpmix servers}: the rendezvous files a tool can see on this node (RFC0010), one row per file:
 * the live ones, and with {@code -v} the skipped ones with their reasons ({@code docs/tools.md},
 * "Trust"); JPMIx's servers and those built on OpenPMIx's server library (column {@code PROTOCOL}); a
 * session server publishes up to three (untagged, pid- and nspace-tagged).
 */
@Command(name = "servers", mixinStandardHelpOptions = true,
        description = {"List the PMIx servers a tool can see on this node, JPMIx's and OpenPMIx's: the rendezvous",
            "files of live servers a tool trusts; with -v also the skipped ones (stale, not trusted, unreadable)",
            "and why. --json lists every file with its state.",
            "The system server's file comes first, then the session servers' files."})
final class ServersCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private OutputOptions output;

    @Mixin
    private ServerSelection server;

    @Option(names = {"-v", "--verbose"},
            description = "Also list the files a tool skips (stale, not trusted, unreadable), each with the reason.")
    boolean verbose;

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
            printTable(out, entries);
        }
        out.flush();
        return Jpmix.ExitCode.OK;
    }

    /**
     * The files a tool would connect to; with {@code -v} also the skipped ones (stale, not trusted,
     * unreadable), each with its one-line reason, and without it a count of them.
     */
    private void printTable(PrintWriter out, List<ServerEntry> entries) {
        Table t = new Table("KIND", "STATE", "PID", "NSPACE", "PROTOCOL", "PATH", "PROBLEM");
        int skipped = 0;
        for (ServerEntry e : entries) {
            if (e.state() != ServerEntry.State.LIVE && !verbose) {
                skipped++;
                continue;
            }
            t.row(lower(e.kind()), lower(e.state()), e.pid() == 0 ? null : e.pid(), e.nspace(),
                    e.uri() == null ? null : e.isOpenPmix() ? "openpmix" : "jpmix", e.path(), e.problem());
        }
        if (skipped < entries.size()) {
            t.print(out);
        }
        if (skipped > 0) {
            out.println(skipped + " skipped (stale, not trusted or unreadable); 'jpmix servers -v' lists them with the"
                    + " reasons, 'jpmix clean' removes dead servers' files");
        }
    }

    private static String lower(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }
}
