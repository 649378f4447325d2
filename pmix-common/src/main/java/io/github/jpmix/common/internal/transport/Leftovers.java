package io.github.jpmix.common.internal.transport;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Not API. What JPMIx servers that died without closing (SIGKILL, a crash) leave in a tmpdir, and its
 * removal ({@code docs/tools.md}, "Leftovers of dead servers"): a later server's start-up and
 * {@code jpmix clean} call {@link #reclaim}.
 *
 * <p>Only entries directly in the given directories, named for this node ({@code <host>}), owned by
 * this process's user, whose process is dead, are taken:
 * <ul>
 *   <li>rendezvous files {@code pmix.sys.<host>}, {@code pmix.<host>.tool[.*]} that JPMIx wrote (they
 *       carry {@code jpmix.start}): dead when {@link RendezvousFile#isWriterAlive()} says so (pid gone,
 *       or now another process's, told by its start time); removed only if still the bytes judged;
 *   <li>session and tool directories {@code jpmix.<host>.<pid>.<n>[.tool]}: dead when the pid does not
 *       run, or runs a process started after the directory was last modified (a reused pid: its server
 *       made the directory after it started, and changed it last before it died); renamed to a hidden
 *       name first, so that a server that takes the name meanwhile gets a fresh directory, then deleted;
 *   <li>a server's hidden temporaries {@code .<rendezvous name>.tmp|stale.<pid>.<n>} and a cleaner's
 *       {@code .jpmix.reclaim.<pid>.<n>}: dead when the pid does not run.
 * </ul>
 * Everything else is left: another user's entries, a live server's, OpenPMIx's files, symbolic links.
 * The host part matters: a tmpdir shared by several nodes holds other nodes' servers, whose pids mean
 * nothing here.
 */
public final class Leftovers {
    private static final System.Logger LOG = System.getLogger(Leftovers.class.getName());
    private static final AtomicInteger SEQUENCE = new AtomicInteger();
    private static final Pattern HIDDEN = Pattern.compile("\\.(.+)\\.(tmp|stale)\\.(\\d{1,18})\\.\\d{1,10}");
    private static final Pattern RECLAIM = Pattern.compile("\\.jpmix\\.reclaim\\.(\\d{1,18})\\.\\d{1,10}");
    private static final Pattern SESSION = Pattern.compile("(\\d{1,18})\\.\\d{1,10}(\\.tool)?");
    /** The sockets of a session directory and of a tool directory (pmix-server's names). */
    private static final String SERVER_SOCKET = "server.sock";
    private static final String TOOL_SOCKET = "tool.sock";
    /** Two readings of a process's start time and a directory's time may differ by clock rounding. */
    private static final long TOLERANCE_MILLIS = 1000;

    private Leftovers() {
    }

    /**
     * One entry looked at.
     *
     * @param path the file or directory
     * @param what what it is: "rendezvous file", "session directory", "tool directory", "temporary file"
     * @param reason why it was (or would be) removed, or why it stays
     */
    public record Entry(Path path, String what, String reason) {
        @Override
        public String toString() {
            return path + " (" + what + "): " + reason;
        }
    }

    /**
     * What {@link #reclaim} did.
     *
     * @param removed removed (with {@code dryRun}: would be removed)
     * @param kept left, with the reason (a live server's, another user's, not JPMIx's)
     * @param failed to be removed, but the removal failed (the reason says why)
     */
    public record Report(List<Entry> removed, List<Entry> kept, List<Entry> failed) {
    }

    /**
     * Removes the leftovers of dead servers of this user from {@code dirs} (each looked at once,
     * not recursively).
     *
     * @param host this node's name as it appears in the names ({@code PMIX_HOSTNAME})
     * @param dryRun only judge: {@link Report#removed} lists what would go
     */
    public static Report reclaim(Collection<Path> dirs, String host, boolean dryRun) {
        Report r = new Report(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        int me = PeerCredentials.currentUid();
        Set<String> bound = boundSockets();
        for (Path dir : new LinkedHashSet<>(dirs)) {
            List<Path> names = new ArrayList<>();
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, p -> isCandidate(p.getFileName().toString(), host))) {
                ds.forEach(names::add);
            } catch (IOException e) {
                continue; // missing or unreadable: nothing of ours can be there
            }
            names.sort(null);
            for (Path p : names) {
                judge(p, host, me, bound, dryRun, r);
            }
        }
        return r;
    }

    private static boolean isCandidate(String name, String host) {
        return name.equals(RendezvousFile.systemName(host)) || RendezvousFile.isSessionName(name, host)
                || sessionPid(name, host) > 0 || hiddenPid(name, host) > 0;
    }

    /** The pid in {@code jpmix.<host>.<pid>.<n>[.tool]}, or 0. */
    private static long sessionPid(String name, String host) {
        String prefix = "jpmix." + host + ".";
        if (!name.startsWith(prefix)) {
            return 0;
        }
        Matcher m = SESSION.matcher(name.substring(prefix.length()));
        return m.matches() ? Long.parseLong(m.group(1)) : 0;
    }

    /** The writer's pid in a hidden temporary of a rendezvous file or a cleaner's directory, or 0. */
    private static long hiddenPid(String name, String host) {
        Matcher m = HIDDEN.matcher(name);
        if (m.matches() && (m.group(1).equals(RendezvousFile.systemName(host)) || RendezvousFile.isSessionName(m.group(1), host))) {
            return Long.parseLong(m.group(3));
        }
        Matcher c = RECLAIM.matcher(name);
        return c.matches() ? Long.parseLong(c.group(1)) : 0;
    }

    private static void judge(Path p, String host, int me, Set<String> bound, boolean dryRun, Report r) {
        String name = p.getFileName().toString();
        BasicFileAttributes a;
        int owner;
        try {
            a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            owner = (Integer) Files.getAttribute(p, "unix:uid", LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return;
        } catch (IOException | UnsupportedOperationException e) {
            r.kept().add(new Entry(p, "entry", "cannot tell who owns it: " + e));
            return;
        }
        long sessionPid = sessionPid(name, host);
        long hiddenPid = hiddenPid(name, host);
        String what = sessionPid > 0 ? (name.endsWith(".tool") ? "tool directory" : "session directory")
                : hiddenPid > 0 ? (a.isDirectory() ? "directory being removed" : "temporary file") : "rendezvous file";
        if (a.isSymbolicLink()) {
            r.kept().add(new Entry(p, what, "a symbolic link: never followed or removed"));
            return;
        }
        if (owner != me) {
            r.kept().add(new Entry(p, what, "owned by uid " + Integer.toUnsignedString(owner) + ", not this user (uid "
                    + Integer.toUnsignedString(me) + ")"));
            return;
        }
        if (sessionPid > 0) {
            if (!a.isDirectory()) {
                r.kept().add(new Entry(p, what, "not a directory"));
                return;
            }
            // not the birth time: a file system without one may report 0 (JDK statx), which would make every
            // live server look younger than its directory; the modification time is never before the making
            String running = listens(bound, name + "/" + SERVER_SOCKET, name + "/" + TOOL_SOCKET);
            if (running == null) {
                running = runsSince(sessionPid, a.lastModifiedTime());
            }
            if (running != null) {
                r.kept().add(new Entry(p, what, running));
                return;
            }
            String why = "its server (pid " + sessionPid + ") is gone";
            removeTree(p, what, why, dryRun, r);
        } else if (hiddenPid > 0) {
            if (ProcessHandle.of(hiddenPid).map(ProcessHandle::isAlive).orElse(false)) {
                r.kept().add(new Entry(p, what, "its writer (pid " + hiddenPid + ") runs"));
                return;
            }
            removeTree(p, what, "its writer (pid " + hiddenPid + ") is gone", dryRun, r);
        } else {
            judgeRendezvous(p, bound, r, dryRun);
        }
    }

    /**
     * Why a server still listens on one of {@code tails} ({@code <directory name>/<socket name>}), or null:
     * a bound Unix socket is in {@code /proc/net/unix} until the last process holding it ends, whatever
     * the clock did. Matching the tail alone can only keep more.
     */
    private static String listens(Set<String> bound, String... tails) {
        for (String path : bound) {
            for (String tail : tails) {
                if (path.equals(tail) || path.endsWith("/" + tail)) {
                    return "a process holds its socket " + path;
                }
            }
        }
        return null;
    }

    /**
     * The paths of the Unix sockets bound in this network namespace ({@code /proc/net/unix}, last
     * column), empty when that cannot be read: then the pids alone decide.
     */
    private static Set<String> boundSockets() {
        Set<String> out = new HashSet<>();
        try (Stream<String> lines = Files.lines(Path.of("/proc/net/unix"), StandardCharsets.UTF_8)) {
            lines.skip(1).forEach(l -> {
                String[] f = l.trim().split("\\s+", 8);
                if (f.length == 8 && f[7].endsWith(".sock")) {
                    out.add(f[7]);
                }
            });
        } catch (IOException | java.io.UncheckedIOException e) {
            // not Linux, or no /proc: the pids decide
        }
        return out;
    }

    /** Null if no process of {@code pid} could have changed something at {@code changed}, else why it may have. */
    private static String runsSince(long pid, FileTime changed) {
        if (pid == ProcessHandle.current().pid()) {
            return "this process's own";
        }
        Optional<ProcessHandle> h = ProcessHandle.of(pid);
        if (h.isEmpty() || !h.get().isAlive()) {
            return null;
        }
        Optional<Instant> start = h.get().info().startInstant();
        if (start.isPresent() && start.get().toEpochMilli() > changed.toMillis() + TOLERANCE_MILLIS) {
            return null; // the pid was reused: its process started after the directory was last changed
        }
        return "its server (pid " + pid + ") runs";
    }

    private static void judgeRendezvous(Path p, Set<String> bound, Report r, boolean dryRun) {
        String what = "rendezvous file";
        byte[] seen;
        RendezvousFile f;
        try {
            seen = RendezvousFile.readBytes(p);
            f = RendezvousFile.parse(new String(seen, StandardCharsets.UTF_8));
        } catch (PmixException e) {
            if (e.status() != Status.ERR_NOT_FOUND) {
                r.kept().add(new Entry(p, what, "not a rendezvous file JPMIx may remove (" + e.getMessage() + ")"));
            }
            return;
        }
        if (f.startMillis() == 0) {
            // OpenPMIx's, or written by hand: its writer's to remove
            r.kept().add(new Entry(p, what, "not written by JPMIx (no jpmix.start line)"));
            return;
        }
        if (f.pid() == ProcessHandle.current().pid() || f.isWriterAlive()) {
            r.kept().add(new Entry(p, what, "its server (pid " + f.pid() + ") runs"));
            return;
        }
        String listening = null;
        try {
            Path socket = ServerUri.socket(f.uri());
            Path parent = socket.getFileName() == null ? null : socket.getParent();
            if (parent != null && parent.getFileName() != null) {
                listening = listens(bound, parent.getFileName() + "/" + socket.getFileName());
            }
        } catch (PmixException e) {
            // not a unix: URI: the pid is all there is to judge by
        }
        if (listening != null) {
            r.kept().add(new Entry(p, what, listening));
            return;
        }
        String why = "its server (pid " + f.pid() + ") is gone";
        if (dryRun) {
            r.removed().add(new Entry(p, what, why));
            return;
        }
        try {
            if (removeIfUnchanged(p, seen)) {
                r.removed().add(new Entry(p, what, why));
            }
        } catch (IOException | PmixException e) {
            r.failed().add(new Entry(p, what, why + ", but it cannot be removed: " + e));
        }
    }

    /**
     * Deletes the file at {@code path} if it holds exactly {@code seen}: it is renamed to a hidden name
     * first, compared there, and put back if somebody replaced it meanwhile ({@code docs/tools.md},
     * "Publishing and removing"). Returns whether it was deleted (false: gone already, or put back).
     *
     * @throws PmixException {@code PMIX_ERR_NOT_SUPPORTED} if the file system cannot rename atomically
     */
    public static boolean removeIfUnchanged(Path path, byte[] seen) throws IOException {
        Path aside = hidden(path, "stale");
        try {
            Files.move(path, aside, StandardCopyOption.ATOMIC_MOVE);
        } catch (NoSuchFileException e) {
            return false; // somebody took it away first
        } catch (AtomicMoveNotSupportedException e) {
            throw new PmixException(Status.ERR_NOT_SUPPORTED, "cannot take over stale " + path + ": " + e, e);
        }
        byte[] moved = Files.readAllBytes(aside);
        if (!Arrays.equals(moved, seen)) {
            // replaced between the caller's read and the rename: not the stale file judged; put it back
            try {
                Files.move(aside, path);
            } catch (IOException e) {
                LOG.log(System.Logger.Level.WARNING, "left " + aside + " (it replaced stale " + path
                        + " while it was being removed): " + e);
            }
            return false;
        }
        Files.delete(aside);
        return true;
    }

    /** A hidden name next to {@code path}: {@code .<name>.<what>.<pid>.<n>}, which {@link #reclaim} knows. */
    public static Path hidden(Path path, String what) {
        return path.resolveSibling("." + path.getFileName() + "." + what + "." + ProcessHandle.current().pid()
                + "." + SEQUENCE.incrementAndGet());
    }

    private static void removeTree(Path p, String what, String why, boolean dryRun, Report r) {
        if (dryRun) {
            r.removed().add(new Entry(p, what, why));
            return;
        }
        Path target = p;
        if (!RECLAIM.matcher(p.getFileName().toString()).matches() && Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
            // out of the way first: a server that takes the name now gets a fresh directory, never loses files
            target = p.resolveSibling(".jpmix.reclaim." + ProcessHandle.current().pid() + "." + SEQUENCE.incrementAndGet());
            try {
                Files.move(p, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (NoSuchFileException e) {
                return;
            } catch (IOException e) {
                r.failed().add(new Entry(p, what, why + ", but it cannot be moved away: " + e));
                return;
            }
        }
        try {
            Files.walkFileTree(target, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
                    if (exc != null) {
                        throw exc;
                    }
                    Files.deleteIfExists(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
            r.removed().add(new Entry(p, what, why));
        } catch (NoSuchFileException e) {
            r.removed().add(new Entry(p, what, why));
        } catch (IOException e) {
            r.failed().add(new Entry(p, what, why + ", but it cannot be removed: " + e));
        }
    }
}
