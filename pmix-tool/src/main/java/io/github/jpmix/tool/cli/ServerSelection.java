package io.github.jpmix.tool.cli;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The connection options every command that talks to a server shares: which server to pick, as
 * RFC0010 ({@code spec/rfc0010-tool-support.txt}) and {@code PmixTool.connect} describe.
 */
final class ServerSelection {
    @Option(names = "--pid", paramLabel = "PID", description = "The server with this pid (PMIX_SERVER_PIDINFO).")
    Integer pid;

    @Option(names = "--nspace", paramLabel = "NSPACE", description = "The server with this namespace (PMIX_SERVER_NSPACE).")
    String nspace;

    @Option(names = "--uri", paramLabel = "URI", description = "The server at this URI (PMIX_SERVER_URI), or file:PATH to read it from.")
    String uri;

    @Option(names = "--system", description = "Only the system server (PMIX_CONNECT_TO_SYSTEM).")
    boolean system;

    @Option(names = "--system-first", description = "The system server if there is one, else a session server (PMIX_CONNECT_SYSTEM_FIRST).")
    boolean systemFirst;

    @Option(names = "--tmpdir", paramLabel = "DIR", description = "Where session servers rendezvous (PMIX_SERVER_TMPDIR).")
    Path tmpdir;

    @Option(names = "--system-tmpdir", paramLabel = "DIR", description = "Where the system server rendezvous (PMIX_SYSTEM_TMPDIR).")
    Path systemTmpdir;

    Path sessionDirectory() {
        throw new PmixException(Status.ERR_NOT_SUPPORTED, "give the session directory with --dir");
    }
}
