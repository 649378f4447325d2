package io.github.jpmix.tool.cli;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.openpmix.OpenPmixUri;
import io.github.jpmix.common.internal.transport.ServerUri;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.QueryResults;
import io.github.jpmix.common.Value;
import io.github.jpmix.tool.PmixTool;
import io.github.jpmix.tool.ServerEntry;
import io.github.jpmix.tool.ToolOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import picocli.CommandLine.Option;

/**
 * The connection options every command that talks to a server shares: which server to pick, as
 * RFC0010 ({@code spec/rfc0010-tool-support.txt}) and {@link PmixTool#connect} describe. Each option
 * is one of {@link ToolOptions}'s attributes; nothing here searches by itself.
 */
final class ServerSelection {
    @Option(names = "--pid", paramLabel = "PID", description = "The server with this pid (PMIX_SERVER_PIDINFO).")
    Long pid;

    @Option(names = {"--server-nspace", "--nspace"}, paramLabel = "NSPACE",
            description = {"The server whose own namespace is NSPACE (PMIX_SERVER_NSPACE, e.g. jpmix.node0.4242).",
                "If no server has it, the server hosting a job of that namespace (as --job)."})
    String nspace;

    @Option(names = "--job", paramLabel = "NSPACE",
            description = "The server hosting the job of this namespace (e.g. pmixrun.4242): each live server is asked.")
    String job;

    @Option(names = "--uri", paramLabel = "URI",
            description = "The server at this URI (PMIX_SERVER_URI), or file:PATH of a rendezvous file.")
    String uri;

    @Option(names = "--system", description = "Only the node's system server (PMIX_CONNECT_TO_SYSTEM).")
    boolean system;

    @Option(names = "--system-first",
            description = "The system server if there is one, else a session server (PMIX_CONNECT_SYSTEM_FIRST).")
    boolean systemFirst;

    @Option(names = "--tmpdir", paramLabel = "DIR", description = "Where session servers publish (PMIX_SERVER_TMPDIR).")
    Path tmpdir;

    @Option(names = "--system-tmpdir", paramLabel = "DIR", description = "Where the system server publishes (PMIX_SYSTEM_TMPDIR).")
    Path systemTmpdir;

    @Option(names = "--hostname", paramLabel = "NAME",
            description = "This node's name as servers spell it in rendezvous file names (PMIX_HOSTNAME); default the host name.")
    String hostname;

    @Option(names = "--retries", paramLabel = "N", defaultValue = "0",
            description = "Further attempts while no server answers (PMIX_CONNECT_MAX_RETRIES), 1 s apart.")
    int retries;

    ToolOptions toolOptions() {
        return toolOptions(true);
    }

    /** The options as {@link ToolOptions}; without the server picks (pid, namespace, URI, system) unless {@code pick}. */
    private ToolOptions toolOptions(boolean pick) {
        ToolOptions o = new ToolOptions();
        if (pick) {
            if (pid != null) {
                o.serverPid(pid);
            }
            if (nspace != null) {
                o.serverNamespace(nspace);
            }
            if (uri != null) {
                o.serverUri(uri);
            }
            o.connectToSystem(system).connectSystemFirst(systemFirst);
        }
        if (tmpdir != null) {
            o.serverTmpdir(tmpdir);
        }
        if (systemTmpdir != null) {
            o.systemTmpdir(systemTmpdir);
        }
        if (hostname != null) {
            o.hostname(hostname);
        }
        return o.maxRetries(retries).retryDelay(Duration.ofSeconds(1));
    }

    /** Connects to the server these options pick. */
    PmixTool connect() {
        return connect(null);
    }

    /**
     * Connects to the server these options pick; when they name none and several run, to the one hosting
     * {@code jobHint} (the job namespace the command is about; null for none).
     *
     * <p>Two namespaces are at play: a server's own ({@code PMIX_SERVER_NSPACE}, which RFC0010's
     * rendezvous files are named by and {@code --server-nspace}/{@code --nspace} selects) and those of
     * the jobs it hosts ({@code PMIX_QUERY_NAMESPACES}), which {@code ps} and {@code gds dump} show. A job
     * namespace is found by asking each live server ({@link #hosting}).
     */
    PmixTool connect(String jobHint) {
        if (job != null) {
            if (pid != null || nspace != null || uri != null || system) {
                throw new PmixException(Status.ERR_BAD_PARAM,
                        "--job picks the server itself: give it without --pid, --server-nspace, --uri or --system");
            }
            return hosting(job).orElseThrow(() -> new PmixException(Status.ERR_NOT_FOUND,
                    "no live PMIx server on this node hosts a job " + job + " (PMIX_QUERY_NAMESPACES of each; "
                            + "'jpmix servers' lists them)"));
        }
        if (nspace != null) {
            try {
                return PmixTool.connect(toolOptions());
            } catch (PmixException e) {
                if (e.status() != Status.ERR_UNREACH || pid != null || uri != null || system) {
                    throw e;
                }
                return hosting(nspace).orElseThrow(() -> new PmixException(Status.ERR_UNREACH, e.getMessage()
                        + "; nor does any live server host a job " + nspace, e));
            }
        }
        if (jobHint != null && pid == null && uri == null && !system && !systemFirst && liveServers().size() > 1) {
            Optional<PmixTool> t = hosting(jobHint);
            if (t.isPresent()) {
                return t.get();
            }
        }
        return PmixTool.connect(toolOptions());
    }

    /** The URIs of the live servers these options' directories show, each once (a server has up to three files). */
    private Set<String> liveServers() {
        ToolOptions o = toolOptions(false);
        Set<String> uris = new LinkedHashSet<>();
        for (ServerEntry e : PmixTool.servers(o)) {
            if (e.state() == ServerEntry.State.LIVE && e.uri() != null) {
                uris.add(e.uri());
            }
        }
        return uris;
    }

    /**
     * A connection to the one live server that lists {@code jobNspace} among its jobs
     * ({@code PMIX_QUERY_NAMESPACES}); empty if none does or a server cannot be asked.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} if several do
     */
    private Optional<PmixTool> hosting(String jobNspace) {
        List<PmixTool> found = new ArrayList<>();
        try {
            for (String u : liveServers()) {
                PmixTool t;
                try {
                    t = PmixTool.connect(toolOptions(false).serverUri(u));
                } catch (PmixException e) {
                    continue; // refused or gone meanwhile: it is not the one to ask
                }
                if (hosts(t, jobNspace)) {
                    found.add(t);
                } else {
                    t.close();
                }
            }
        } catch (RuntimeException e) {
            found.forEach(PmixTool::close);
            throw e;
        }
        if (found.size() > 1) {
            List<String> which = found.stream().map(t -> t.serverUri().orElse("?")).toList();
            found.forEach(PmixTool::close);
            throw new PmixException(Status.ERR_BAD_PARAM, "job " + jobNspace + " is on " + which.size()
                    + " servers (" + String.join(", ", which) + "); choose one with --pid, --server-nspace or --uri");
        }
        return found.stream().findFirst();
    }

    private static boolean hosts(PmixTool t, String jobNspace) {
        try {
            QueryResults r = t.query(List.of(Query.of(Keys.QUERY_NAMESPACES.name())));
            return r.value(0).map(Value::asString).map(ValueText::list).orElse(List.of()).contains(jobNspace);
        } catch (PmixException e) {
            return false;
        }
    }

    /**
     * The session directory of the server these options pick, where its data store lives: the tool
     * socket is {@code <session directory>.tool/tool.sock} (docs/tools.md, "Files").
     */
    Path sessionDirectory(String jobHint) {
        try (PmixTool tool = connect(jobHint)) {
            String u = tool.serverUri().orElseThrow(() -> new PmixException(Status.ERR_UNREACH, "no server"));
            if (OpenPmixUri.isOpenPmix(u)) {
                throw new PmixException(Status.ERR_NOT_SUPPORTED, "the server at " + u
                        + " is an OpenPMIx server: it keeps no JPMIx data store");
            }
            Path toolDir = ServerUri.socket(u).getParent();
            String name = toolDir == null ? "" : toolDir.getFileName().toString();
            if (!name.endsWith(".tool")) {
                throw new PmixException(Status.ERR_NOT_SUPPORTED, "the server at " + u
                        + " is not a JPMIx server with a data store on this node; give its directory with --dir");
            }
            return toolDir.resolveSibling(name.substring(0, name.length() - ".tool".length()));
        }
    }
}
