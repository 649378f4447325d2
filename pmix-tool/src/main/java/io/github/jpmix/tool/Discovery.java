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
 * URI names a Unix socket, and OpenPMIx's, whose URI names a loopback TCP port; either is trusted only
 * when {@link #distrust} finds nothing against the file (and, for JPMIx's, {@link #distrustSocket}
 * nothing against its socket; {@code docs/tools.md}, "Trust"). Names are
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
        String problem;
        try {
            problem = OpenPmixUri.isOpenPmix(f.uri()) ? parsedOpenPmix(f.uri()) : null;
            if (problem == null) {
                problem = distrust(file);
            }
            if (problem == null && !OpenPmixUri.isOpenPmix(f.uri())) {
                problem = distrustSocket(ServerUri.socket(f.uri()));
            }
        } catch (PmixException e) {
            problem = "not a server JPMIx can reach (its URI is neither unix:<socket> nor tcp4://<address>:<port>)";
        }
        if (problem != null) {
            return new ServerEntry(kind, ServerEntry.State.UNREADABLE, file, f.uri(), f.pid(), server.namespace(),
                    f.version(), problem);
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

    /** Null if an OpenPMIx URI parses, else why not. */
    private static String parsedOpenPmix(String uri) {
        try {
            OpenPmixUri.parse(uri);
            return null;
        } catch (PmixException e) {
            return strip(e);
        }
    }

    /**
     * Why a rendezvous file is not to be trusted, or null ({@code docs/tools.md}, "Trust"): only a
     * regular file owned by this tool's user or root, which neither its group nor others may write, in a
     * directory others cannot change ({@link #distrustDirectory}), names a server this tool sends its
     * identity to. Anybody may plant a file naming their own socket or port in a directory they may write.
     */
    static String distrust(Path file) {
        try {
            String owner = foreignOwner(file);
            if (owner != null) {
                return "not trusted: owned by " + owner;
            }
            int mode = (Integer) Files.getAttribute(file, "unix:mode", LinkOption.NOFOLLOW_LINKS);
            if ((mode & 0022) != 0) {
                return "not trusted: others may write it (mode " + Integer.toOctalString(mode & 07777) + ")";
            }
            return distrustDirectory(file.toAbsolutePath().getParent());
        } catch (IOException | UnsupportedOperationException e) {
            return "not trusted: cannot tell who owns it (" + e.getMessage() + ")";
        }
    }

    /**
     * Why the socket a JPMIx rendezvous file names is not to be trusted, or null: it must be owned by this
     * tool's user or root, in a directory others cannot change. A missing socket is not judged here
     * (connecting says that nobody listens).
     */
    static String distrustSocket(Path socket) {
        try {
            BasicFileAttributes a = Files.readAttributes(socket, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (a.isSymbolicLink() || !a.isOther()) {
                return "not trusted: its socket " + socket + " is not a socket";
            }
            String owner = foreignOwner(socket);
            if (owner != null) {
                return "not trusted: its socket " + socket + " is owned by " + owner;
            }
            String dir = distrustDirectory(socket.toAbsolutePath().getParent());
            return dir == null ? null : dir + " (the directory of its socket)";
        } catch (java.nio.file.NoSuchFileException e) {
            return null;
        } catch (IOException | UnsupportedOperationException e) {
            return "not trusted: cannot tell who owns its socket " + socket + " (" + e.getMessage() + ")";
        }
    }

    /**
     * Why nobody but its owner (this tool's user or root) may be trusted to control what {@code dir}
     * holds, or null: no group or other write bit, or the sticky bit (like {@code /tmp}: others may add
     * names, but not remove or rename ours) on a directory owned by this tool's user or root.
     */
    static String distrustDirectory(Path dir) throws IOException {
        int mode = (Integer) Files.getAttribute(dir, "unix:mode");
        if ((mode & 0022) == 0) {
            return null;
        }
        if ((mode & 01000) != 0 && foreignOwner(dir) == null) {
            return null;
        }
        return "not trusted: its directory " + dir + " may be written by others (mode " + Integer.toOctalString(mode & 07777)
                + ((mode & 01000) != 0 ? ", sticky but owned by " + foreignOwner(dir) : "") + ")";
    }

    /** Null if {@code p} is owned by this process's user or root, else "uid N, neither ... nor root". */
    private static String foreignOwner(Path p) throws IOException {
        int owner = (Integer) Files.getAttribute(p, "unix:uid", LinkOption.NOFOLLOW_LINKS);
        int me = PeerCredentials.currentUid();
        if (owner == me || owner == 0) {
            return null;
        }
        return "uid " + Integer.toUnsignedString(owner) + ", neither this tool's user (uid " + Integer.toUnsignedString(me)
                + ") nor root";
    }

    /** A PmixException's message without its status prefix. */
    static String strip(PmixException e) {
        String m = e.getMessage();
        String prefix = Status.name(e.status()) + ": ";
        return m.startsWith(prefix) ? m.substring(prefix.length()) : m;
    }
}
