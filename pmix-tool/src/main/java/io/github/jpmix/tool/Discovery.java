package io.github.jpmix.tool;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.openpmix.OpenPmixUri;
import io.github.jpmix.common.internal.transport.PeerCredentials;
import io.github.jpmix.common.internal.transport.RendezvousFile;
import io.github.jpmix.common.internal.transport.ServerUri;
import java.io.IOException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Finds rendezvous files and judges them ({@code docs/tools.md}, "Finding a server"): JPMIx's, whose
 * URI names a Unix socket, and OpenPMIx's, whose URI names a loopback TCP port (trusted only when
 * {@link #distrust} finds nothing against the file). Names are
 * matched exactly, never by prefix (OpenPMIx's {@code pmix_ptl_base_df_search} compares a prefix,
 * so asking for pid 12 also finds {@code pmix.<host>.tool.123}); a file that cannot be read or is
 * stale is reported, never a reason to stop looking.
 */
final class Discovery {
    /**
     * How deep below each search root session files are looked for: the root itself and two levels
     * of subdirectories (e.g. {@code /tmp/<job>/<step>/}). OpenPMIx searches without a limit.
     */
    static final int SEARCH_DEPTH = 3;

    private final ToolOptions options;

    Discovery(ToolOptions options) {
        this.options = options;
    }

    /** The system-level file of this node, or null if there is none. */
    ServerEntry system() {
        Path file = options.systemTmpdir().resolve(RendezvousFile.systemName(options.hostname()));
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        return examine(file, ServerEntry.Kind.SYSTEM);
    }

    /** The directories searched for session files: the server tmpdir and the system tmpdir. */
    List<Path> roots() {
        Set<Path> roots = new LinkedHashSet<>();
        roots.add(options.serverTmpdir().normalize());
        roots.add(options.systemTmpdir().normalize());
        return new ArrayList<>(roots);
    }

    /** Session files whose name passes {@code name}, under every root, each once. */
    List<ServerEntry> sessions(Predicate<String> name) {
        Map<Path, ServerEntry> found = new LinkedHashMap<>();
        for (Path root : roots()) {
            if (!Files.isDirectory(root)) {
                continue;
            }
            try {
                Files.walkFileTree(root, EnumSet.noneOf(FileVisitOption.class), SEARCH_DEPTH, new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                        if (!attrs.isDirectory() && name.test(file.getFileName().toString())) {
                            found.computeIfAbsent(file.normalize(), f -> examine(f, ServerEntry.Kind.SESSION));
                        }
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFileFailed(Path file, IOException exc) {
                        return FileVisitResult.CONTINUE; // e.g. another user's 0700 directory: skip it
                    }
                });
            } catch (IOException e) {
                // the visitor skips every failure; nothing reaches here
            }
        }
        List<ServerEntry> out = new ArrayList<>(found.values());
        out.sort(Comparator.comparing(e -> e.path().toString()));
        return out;
    }

    /** Every file a tool can see: the system file first, then the session files. */
    List<ServerEntry> all() {
        List<ServerEntry> out = new ArrayList<>();
        ServerEntry sys = system();
        if (sys != null) {
            out.add(sys);
        }
        String host = options.hostname();
        out.addAll(sessions(n -> RendezvousFile.isSessionName(n, host)));
        return out;
    }

    /** Reads and judges one file; never throws. */
    static ServerEntry examine(Path file, ServerEntry.Kind kind) {
        RendezvousFile f;
        try {
            f = RendezvousFile.read(file);
        } catch (PmixException e) {
            return new ServerEntry(kind, ServerEntry.State.UNREADABLE, file, null, 0, null, "", strip(e));
        }
        Proc server = f.serverProc();
        if (OpenPmixUri.isOpenPmix(f.uri())) {
            String problem;
            try {
                OpenPmixUri.parse(f.uri());
                problem = distrust(file);
            } catch (PmixException e) {
                problem = strip(e);
            }
            if (problem != null) {
                return new ServerEntry(kind, ServerEntry.State.UNREADABLE, file, f.uri(), f.pid(), server.namespace(),
                        f.version(), problem);
            }
        } else {
            try {
                ServerUri.socket(f.uri());
            } catch (PmixException e) {
                return new ServerEntry(kind, ServerEntry.State.UNREADABLE, file, f.uri(), f.pid(), server.namespace(),
                        f.version(), "not a server JPMIx can reach (its URI is neither unix:<socket> nor tcp4://<address>:<port>)");
            }
        }
        if (f.pid() <= 0) {
            return new ServerEntry(kind, ServerEntry.State.UNREADABLE, file, f.uri(), 0, server.namespace(), f.version(),
                    "names no pid: cannot tell whether its server runs");
        }
        if (!f.isWriterAlive()) {
            return new ServerEntry(kind, ServerEntry.State.STALE, file, f.uri(), f.pid(), server.namespace(), f.version(),
                    "its server (pid " + f.pid() + ") is gone");
        }
        return new ServerEntry(kind, ServerEntry.State.LIVE, file, f.uri(), f.pid(), server.namespace(), f.version(), "");
    }

    /**
     * Why an OpenPMIx server's rendezvous file is not to be trusted, or null: only a file owned by this
     * tool's user or root, in a directory neither its group nor others may write, names a server this
     * tool sends its identity to ({@code docs/tools.md}, "OpenPMIx servers"). Anyone on the node can
     * listen on a loopback port, so the file is all that says a server is the one it claims to be.
     */
    static String distrust(Path file) {
        try {
            int owner = (Integer) Files.getAttribute(file, "unix:uid", LinkOption.NOFOLLOW_LINKS);
            int me = PeerCredentials.currentUid();
            if (owner != me && owner != 0) {
                return "not trusted: owned by uid " + Integer.toUnsignedString(owner) + ", neither this tool's user (uid "
                        + Integer.toUnsignedString(me) + ") nor root";
            }
            Path dir = file.toAbsolutePath().getParent();
            int mode = (Integer) Files.getAttribute(dir, "unix:mode");
            if ((mode & 0022) != 0) {
                return "not trusted: its directory " + dir + " may be written by others (mode "
                        + Integer.toOctalString(mode & 07777) + ")";
            }
            return null;
        } catch (IOException | UnsupportedOperationException e) {
            return "not trusted: cannot tell who owns it (" + e.getMessage() + ")";
        }
    }

    /** A PmixException's message without its status prefix. */
    static String strip(PmixException e) {
        String m = e.getMessage();
        String prefix = Status.name(e.status()) + ": ";
        return m.startsWith(prefix) ? m.substring(prefix.length()) : m;
    }
}
