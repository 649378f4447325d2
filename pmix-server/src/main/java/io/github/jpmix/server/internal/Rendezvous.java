package io.github.jpmix.server.internal;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.PmixVersion;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.transport.PeerCredentials;
import io.github.jpmix.common.internal.transport.RendezvousFile;
import io.github.jpmix.common.internal.transport.ServerUri;
import io.github.jpmix.common.internal.transport.TransportConfig;
import io.github.jpmix.server.ServerOptions;
import io.github.jpmix.server.internal.transport.TransportServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Not API. A server's rendezvous for tools (RFC0010, {@code docs/tools.md}): a tool listener and the
 * rendezvous files that name it.
 *
 * <p><b>The tool listener.</b> A second transport socket, {@code tool.sock}, in a directory of its own
 * next to the session directory ({@code <session dir>.tool}, mode 0711), with the socket mode 0666 so
 * that any user's tool can reach it: who gets in is decided at the handshake from the kernel's
 * {@code SO_PEERCRED} ({@link ToolConnections}), not by file modes. The session directory (store,
 * client rings) stays 0700. Tools' ring files live in the tool directory, 0600 and owned by the tool's
 * user.
 *
 * <p><b>The files.</b> With {@code PMIX_SERVER_SYSTEM_SUPPORT}, {@code pmix.sys.<host>} in the system
 * tmpdir (mode 0644): exclusive, a live holder makes {@link #open} fail with
 * {@code PMIX_ERR_EXISTS}. With {@code PMIX_SERVER_TOOL_SUPPORT}, in the server tmpdir (mode 0600):
 * {@code pmix.<host>.tool.<pid>}, {@code pmix.<host>.tool.<server nspace>} and the untagged
 * {@code pmix.<host>.tool}; a session name held by another live server is skipped with a warning
 * (the other names still lead here). Stale files of dead processes are taken over; see
 * {@link PublishedFile}.
 */
public final class Rendezvous implements AutoCloseable {
    static final String TOOL_SOCKET = "tool.sock";
    private static final Set<PosixFilePermission> TOOL_DIRECTORY = PosixFilePermissions.fromString("rwx--x--x");
    private static final Set<PosixFilePermission> TOOL_SOCKET_MODE = PosixFilePermissions.fromString("rw-rw-rw-");

    private final Path directory;
    private final TransportServer transport;
    private final String uri;
    private final List<PublishedFile> files = new ArrayList<>();

    private Rendezvous(Path directory, TransportServer transport, String uri) {
        this.directory = directory;
        this.transport = transport;
        this.uri = uri;
    }

    /**
     * Opens the tool listener and publishes the files the options ask for; on failure, everything
     * made so far is undone.
     *
     * @throws PmixException {@code PMIX_ERR_EXISTS} when a live server (or a file that is not a
     *     rendezvous file) holds {@code pmix.sys.<host>}; {@code PMIX_ERR_INIT} when the listener cannot
     *     be set up
     */
    public static Rendezvous open(ServerOptions options, SessionDirectory session, TransportConfig config,
            RequestDispatcher dispatcher) {
        Path dir = session.path().resolveSibling(session.path().getFileName() + ".tool");
        try {
            Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(TOOL_DIRECTORY));
            Files.setPosixFilePermissions(dir, TOOL_DIRECTORY);
        } catch (IOException | UnsupportedOperationException e) {
            throw new PmixException(Status.ERR_INIT, "cannot create the tool directory " + dir + ": " + e, e);
        }
        TransportServer transport = null;
        Rendezvous r = null;
        try {
            transport = TransportServer.start(dir.resolve(TOOL_SOCKET), config, dispatcher, dispatcher);
            Files.setPosixFilePermissions(transport.socketPath(), TOOL_SOCKET_MODE);
            Proc server = options.serverProc();
            r = new Rendezvous(dir, transport, ServerUri.format(server, transport.socketPath()));
            dispatcher.tools().enable(server);
            r.publishAll(options);
            return r;
        } catch (IOException | RuntimeException e) {
            if (r != null) {
                r.close();
            } else {
                if (transport != null) {
                    transport.close();
                }
                deleteDirectory(dir);
            }
            if (e instanceof PmixException pe) {
                throw pe;
            }
            throw new PmixException(Status.ERR_INIT, "cannot open the tool listener in " + dir + ": " + e, e);
        }
    }

    private void publishAll(ServerOptions options) {
        String host = options.hostname();
        RendezvousFile content = RendezvousFile.forThisProcess(uri, PmixVersion.PMIX_VERSION,
                Integer.toUnsignedLong(PeerCredentials.currentUid()), Integer.toUnsignedLong(PeerCredentials.currentGid()));
        if (options.systemSupport()) {
            // RFC0010: "Only one system-level rendezvous point (not tagged with a pid) is permitted per node"
            Path sys = options.systemTmpdir().resolve(RendezvousFile.systemName(host));
            try {
                files.add(PublishedFile.publish(sys, content, PublishedFile.WORLD_READABLE));
            } catch (PublishedFile.Taken e) {
                throw new PmixException(Status.ERR_EXISTS, "cannot be the system-level server of " + host + ": "
                        + e.getMessage().substring(e.statusName().length() + 2), e);
            }
        }
        if (options.toolSupport()) {
            Path tmp = options.serverTmpdir();
            List<String> names = new ArrayList<>();
            names.add(RendezvousFile.pidName(host, ProcessHandle.current().pid()));
            String nspace = options.serverProc().namespace();
            if (RendezvousFile.isFileNameSafe(nspace)) {
                names.add(RendezvousFile.nspaceName(host, nspace));
            } else {
                ServerState.LOG.log(System.Logger.Level.WARNING, "no " + RendezvousFile.nspaceName(host, "<nspace>")
                        + " file: the server namespace '" + nspace + "' cannot be part of a file name");
            }
            names.add(RendezvousFile.sessionName(host));
            for (String name : names) {
                try {
                    files.add(PublishedFile.publish(tmp.resolve(name), content, PublishedFile.OWNER_ONLY));
                } catch (PmixException e) {
                    if (e.status() != Status.ERR_EXISTS && e.status() != Status.ERR_NO_PERMISSIONS) {
                        throw e;
                    }
                    ServerState.LOG.log(System.Logger.Level.WARNING, "tool rendezvous file skipped: " + e.getMessage());
                }
            }
        }
    }

    /** The URI tools connect to (the tool listener's socket). */
    public String uri() {
        return uri;
    }

    /** The rendezvous files this server published (and will remove). */
    public List<Path> files() {
        List<Path> out = new ArrayList<>();
        for (PublishedFile f : files) {
            out.add(f.path());
        }
        return out;
    }

    /**
     * Removes the published files first (tools stop finding this server), then closes the tool
     * listener (connected tools are told goodbye) and deletes the tool directory. Idempotent.
     */
    @Override
    public void close() {
        for (PublishedFile f : files) {
            f.remove();
        }
        transport.close();
        deleteDirectory(directory);
    }

    /** The tool directory is this server's own (it created it): everything in it goes. */
    private static void deleteDirectory(Path dir) {
        try (var entries = Files.list(dir)) {
            for (Path p : (Iterable<Path>) entries::iterator) {
                Files.deleteIfExists(p);
            }
            Files.deleteIfExists(dir);
        } catch (java.nio.file.NoSuchFileException e) {
            // gone already
        } catch (IOException e) {
            ServerState.LOG.log(System.Logger.Level.WARNING, "cannot remove tool directory " + dir + ": " + e);
        }
    }
}
