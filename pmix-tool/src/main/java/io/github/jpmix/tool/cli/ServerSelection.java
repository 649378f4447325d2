package io.github.jpmix.tool.cli;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.openpmix.OpenPmixUri;
import io.github.jpmix.common.internal.transport.ServerUri;
import io.github.jpmix.tool.PmixTool;
import io.github.jpmix.tool.ToolOptions;
import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * The connection options every command that talks to a server shares: which server to pick, as
 * RFC0010 ({@code spec/rfc0010-tool-support.txt}) and {@link PmixTool#connect} describe. Each option
 * is one of {@link ToolOptions}'s attributes; nothing here searches by itself.
 */
final class ServerSelection {
    @Option(names = "--pid", paramLabel = "PID", description = "The server with this pid (PMIX_SERVER_PIDINFO).")
    Long pid;

    @Option(names = "--nspace", paramLabel = "NSPACE", description = "The server with this namespace (PMIX_SERVER_NSPACE).")
    String nspace;

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
        ToolOptions o = new ToolOptions();
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
        return PmixTool.connect(toolOptions());
    }

    /**
     * The session directory of the server these options pick, where its data store lives: the tool
     * socket is {@code <session directory>.tool/tool.sock} (docs/tools.md, "Files").
     */
    Path sessionDirectory() {
        try (PmixTool tool = connect()) {
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
