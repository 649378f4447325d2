package io.github.jpmix.tool.cli;

import io.github.jpmix.common.internal.transport.Leftovers;
import io.github.jpmix.tool.ToolOptions;
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
import picocli.CommandLine.Spec;

/**
 * {@code jpmix clean}: removes what JPMIx servers of this user that died without closing (SIGKILL, a
 * crash) left in the tmpdirs, as a starting server does ({@code docs/tools.md}, "Leftovers of dead
 * servers"): session and tool directories, rendezvous files, temporaries. Never a live server's files,
 * never another user's.
 */
@Command(name = "clean", mixinStandardHelpOptions = true,
        description = {"Remove the session directories, tool directories and rendezvous files that JPMIx servers of",
            "this user left when they died (SIGKILL, a crash), as the next server's start does. A live server's",
            "files and other users' files are never touched; a pid now run by another process counts as dead."})
final class CleanCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private OutputOptions output;

    @Option(names = {"-n", "--dry-run"}, description = "Only list what would be removed.")
    boolean dryRun;

    @Option(names = {"-v", "--verbose"}, description = "Also list what stays, and why.")
    boolean verbose;

    @Option(names = "--tmpdir", paramLabel = "DIR", description = "Where session servers put their files (PMIX_SERVER_TMPDIR).")
    Path tmpdir;

    @Option(names = "--system-tmpdir", paramLabel = "DIR", description = "Where the system server publishes (PMIX_SYSTEM_TMPDIR).")
    Path systemTmpdir;

    @Option(names = "--hostname", paramLabel = "NAME",
            description = "This node's name as servers spell it in file names (PMIX_HOSTNAME); default the host name.")
    String hostname;

    @Override
    public Integer call() {
        ToolOptions o = new ToolOptions();
        if (tmpdir != null) {
            o.serverTmpdir(tmpdir);
        }
        if (systemTmpdir != null) {
            o.systemTmpdir(systemTmpdir);
        }
        if (hostname != null) {
            o.hostname(hostname);
        }
        o.conclude();
        Leftovers.Report r = Leftovers.reclaim(List.of(o.serverTmpdir(), o.systemTmpdir()), o.hostname(), dryRun);
        PrintWriter out = spec.commandLine().getOut();
        if (output.json) {
            Map<String, Object> m = Json.object();
            m.put(dryRun ? "wouldRemove" : "removed", entries(r.removed()));
            m.put("kept", entries(r.kept()));
            m.put("failed", entries(r.failed()));
            out.println(Json.write(m));
        } else {
            String verb = dryRun ? "would remove " : "removed ";
            for (Leftovers.Entry e : r.removed()) {
                out.println(verb + e);
            }
            for (Leftovers.Entry e : r.failed()) {
                out.println("failed " + e);
            }
            if (verbose) {
                for (Leftovers.Entry e : r.kept()) {
                    out.println("kept " + e);
                }
            }
            out.println((dryRun ? "would remove " : "removed ") + r.removed().size() + ", kept " + r.kept().size()
                    + (r.failed().isEmpty() ? "" : ", failed " + r.failed().size()) + " (looked in "
                    + (o.serverTmpdir().equals(o.systemTmpdir()) ? o.serverTmpdir() : o.serverTmpdir() + " and " + o.systemTmpdir())
                    + " for " + o.hostname() + ")");
        }
        out.flush();
        return r.failed().isEmpty() ? Jpmix.ExitCode.OK : Jpmix.ExitCode.FAILED;
    }

    private static List<Object> entries(List<Leftovers.Entry> entries) {
        List<Object> l = new ArrayList<>();
        for (Leftovers.Entry e : entries) {
            Map<String, Object> m = Json.object();
            m.put("path", e.path().toString());
            m.put("what", e.what());
            m.put("reason", e.reason());
            l.add(m);
        }
        return l;
    }
}
