package io.github.jpmix.tool;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.openpmix.OpenPmixUri;
import io.github.jpmix.common.internal.transport.RendezvousFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The connection procedure of RFC0010 ({@code docs/tools.md}, "Finding a server"): an explicit URI
 * or attachment file; else the system server when asked for, or first when nothing else was named;
 * else the session server with the given pid or namespace; else the one live session server, and
 * {@code PMIX_ERR_UNREACH} naming the candidates when there are several.
 */
final class Connector {
    private final ToolOptions options;
    private final List<Info> hello;
    private final Discovery discovery;

    /** No server could be found or reached: worth another attempt, or running unconnected. */
    static final class Unreachable extends PmixException {
        private static final long serialVersionUID = 1L;

        Unreachable(String message) {
            super(Status.ERR_UNREACH, message);
        }
    }

    /** Several session servers and nothing to choose by: a usage error, not retried. */
    static final class Ambiguous extends PmixException {
        private static final long serialVersionUID = 1L;

        Ambiguous(String message) {
            super(Status.ERR_UNREACH, message);
        }
    }

    Connector(ToolOptions options, List<Info> hello) {
        this.options = options;
        this.hello = hello;
        this.discovery = new Discovery(options);
    }

    Link connect() {
        if (options.serverUri().isPresent()) {
            String uri = options.serverUri().get();
            if (uri.startsWith("file:")) {
                return viaFile(Path.of(uri.substring("file:".length())), "PMIX_SERVER_URI " + uri);
            }
            return open(uri, "PMIX_SERVER_URI " + uri);
        }
        if (options.attachmentFile().isPresent()) {
            return viaFile(options.attachmentFile().get(), "PMIX_TOOL_ATTACHMENT_FILE " + options.attachmentFile().get());
        }
        List<String> skipped = new ArrayList<>();
        PmixException systemRefusal = null;
        if (options.connectToSystem() || options.connectSystemFirst() || !options.directed()) {
            // RFC0010: "In the absence of direction, the tool will first look for a system-level connection"
            ServerEntry sys = discovery.system();
            Path where = options.systemTmpdir().resolve(RendezvousFile.systemName(options.hostname()));
            if (sys == null) {
                if (options.connectToSystem()) {
                    throw new Unreachable("no system server on " + options.hostname() + ": " + where + " does not exist");
                }
            } else if (sys.state() != ServerEntry.State.LIVE) {
                if (options.connectToSystem()) {
                    throw new Unreachable("no live system server on " + options.hostname() + ": " + sys);
                }
                skipped.add(sys.toString());
            } else {
                try {
                    return open(sys.uri(), "the system server (" + sys.path() + ")");
                } catch (PmixException e) {
                    if (options.connectToSystem()) {
                        throw e;
                    }
                    skipped.add(sys + ": " + e.getMessage());
                    if (e.status() != Status.ERR_UNREACH) {
                        systemRefusal = e;
                    }
                }
            }
        }
        if (options.serverPid() != 0 || options.serverNamespace().isPresent()) {
            return selected(skipped);
        }
        return onlySession(skipped, systemRefusal);
    }

    /** The session server named by pid and/or namespace: its file by exact name, its content checked. */
    private Link selected(List<String> skipped) {
        long pid = options.serverPid();
        String nspace = options.serverNamespace().orElse(null);
        String host = options.hostname();
        String name = pid != 0 ? RendezvousFile.pidName(host, pid) : RendezvousFile.nspaceName(host, nspace);
        String wanted = (pid != 0 ? "pid " + pid : "") + (pid != 0 && nspace != null ? " and " : "")
                + (nspace != null ? "namespace " + nspace : "");
        for (ServerEntry e : discovery.sessions(name::equals)) {
            if (e.state() != ServerEntry.State.LIVE) {
                skipped.add(e.toString());
            } else if (pid != 0 && e.pid() != pid) {
                skipped.add(e + ": names pid " + e.pid() + ", not " + pid);
            } else if (nspace != null && !nspace.equals(e.nspace())) {
                skipped.add(e + ": names namespace " + e.nspace() + ", not " + nspace);
            } else {
                try {
                    return open(e.uri(), "the session server with " + wanted + " (" + e.path() + ")");
                } catch (Unreachable u) {
                    skipped.add(e + ": " + u.getMessage());
                }
            }
        }
        throw new Unreachable("no live session server with " + wanted + " on " + host + ": looked for " + name
                + " under " + discovery.roots() + " (" + Discovery.SEARCH_DEPTH + " levels deep)" + list("skipped", skipped));
    }

    /** No direction: the one live session server. */
    private Link onlySession(List<String> skipped, PmixException systemRefusal) {
        String host = options.hostname();
        Map<String, List<ServerEntry>> live = new LinkedHashMap<>();
        for (ServerEntry e : discovery.sessions(n -> RendezvousFile.isSessionName(n, host))) {
            if (e.state() == ServerEntry.State.LIVE) {
                live.computeIfAbsent(e.uri(), u -> new ArrayList<>()).add(e);
            } else {
                skipped.add(e.toString());
            }
        }
        if (live.isEmpty()) {
            if (systemRefusal != null) {
                throw systemRefusal;
            }
            throw new Unreachable("no PMIx server found on " + host + ": no live "
                    + options.systemTmpdir().resolve(RendezvousFile.systemName(host)) + " and no live "
                    + RendezvousFile.sessionName(host) + "* file under " + discovery.roots() + " ("
                    + Discovery.SEARCH_DEPTH + " levels deep)" + list("skipped", skipped));
        }
        if (live.size() > 1) {
            List<String> candidates = new ArrayList<>();
            for (List<ServerEntry> files : live.values()) {
                ServerEntry shown = files.get(0);
                for (ServerEntry f : files) {
                    if (f.path().getFileName().toString().equals(RendezvousFile.pidName(host, f.pid()))) {
                        shown = f;
                    }
                }
                candidates.add("pid " + shown.pid() + " nspace " + shown.nspace() + " (" + shown.path() + ")");
            }
            // RFC0010: "returning an error if multiple allocation server rendezvous points are discovered
            // and the caller failed to specify a pid"
            throw new Ambiguous("found " + live.size() + " PMIx session servers on " + host + "; choose one with"
                    + " --pid, --nspace or --uri (PMIX_SERVER_PIDINFO, PMIX_SERVER_NSPACE, PMIX_SERVER_URI)"
                    + list("servers", candidates));
        }
        ServerEntry only = live.values().iterator().next().get(0);
        return open(only.uri(), "the session server " + only.path());
    }

    /** The server a given rendezvous file names (PMIX_TOOL_ATTACHMENT_FILE, or a file: URI). */
    private Link viaFile(Path file, String what) {
        RendezvousFile f;
        try {
            f = RendezvousFile.read(file);
        } catch (PmixException e) {
            if (e.status() == Status.ERR_NOT_FOUND || e.status() == Status.ERR_FILE_READ_FAILURE) {
                throw new Unreachable(what + ": " + Discovery.strip(e));
            }
            throw new PmixException(e.status(), what + ": " + Discovery.strip(e), e);
        }
        if (f.pid() > 0 && !f.isWriterAlive()) {
            throw new Unreachable(what + ": the server it names (pid " + f.pid() + ") is gone");
        }
        if (OpenPmixUri.isOpenPmix(f.uri())) {
            String problem = Discovery.distrust(file);
            if (problem != null) {
                throw new PmixException(Status.ERR_NO_PERMISSIONS, what + ": " + problem);
            }
        }
        return open(f.uri(), what);
    }

    /** Connects; "nobody listens" becomes {@link Unreachable}, a refusal keeps its status. */
    private Link open(String uri, String what) {
        try {
            return Link.open(uri, hello, options.toolProc().orElse(null));
        } catch (PmixException e) {
            if (e.status() == Status.ERR_UNREACH) {
                throw new Unreachable(what + ": " + Discovery.strip(e));
            }
            throw new PmixException(e.status(), what + ": " + Discovery.strip(e), e);
        }
    }

    private static String list(String title, List<String> lines) {
        if (lines.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder("; ").append(title).append(':');
        for (String l : lines) {
            b.append("\n  ").append(l);
        }
        return b.toString();
    }
}
