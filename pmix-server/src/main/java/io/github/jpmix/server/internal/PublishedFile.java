package io.github.jpmix.server.internal;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.transport.Leftovers;
import io.github.jpmix.common.internal.transport.RendezvousFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Not API. One rendezvous file a server published, and the rules for claiming a name and for
 * removing only what this server made ({@code docs/tools.md}, "Publishing and removing").
 *
 * <p><b>Claiming.</b> The content is written to a hidden temporary file with its final mode, then
 * hard-linked to the name: {@code link(2)} fails if the name exists, so the name is taken
 * atomically, whole (a reader never sees a half-written file) and by one server only. If the name
 * is taken, the file there is judged:
 * <ul>
 *   <li>not a rendezvous file (unparseable, not a regular file, a symbolic link): {@link Taken} with
 *       {@code foreign}; it is never touched;
 *   <li>its writer is alive (pid alive with the recorded start time; for this JVM's own pid, a file
 *       this JVM published and still holds): {@link Taken};
 *   <li>otherwise stale: it is renamed to a hidden name, checked to be the very bytes judged stale,
 *       deleted, and the claim is tried again. (Had another process replaced it in between, the
 *       renamed file is put back.)
 * </ul>
 *
 * <p><b>Removing.</b> {@link #remove} deletes the file only if the name still leads to the inode
 * this server linked (device, inode number and change time) and it still holds the bytes written;
 * otherwise somebody else's file has taken the name and it stays. (The check and the unlink are two steps: a replacement in the
 * microseconds between them is not detected; nothing else is ever deleted.)
 *
 * <p>Thread-safe.
 */
final class PublishedFile {
    /** Session-level files: only the server's user (RFC0010: a session server serves its owner's tools). */
    static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");
    /** The system-level file: every user's tools must be able to find the node's system server. */
    static final Set<PosixFilePermission> WORLD_READABLE = PosixFilePermissions.fromString("rw-r--r--");

    /** Files this JVM published and has not removed: a file naming this JVM's pid is live only if here. */
    private static final Set<Path> HELD = ConcurrentHashMap.newKeySet();
    /**
     * One lock per name this JVM claims or removes, keyed as {@link #HELD} is: a claim links the file and
     * then records it in {@link #HELD}, and another thread of this JVM that read the file in between would
     * judge it a dead writer's (its pid is this JVM's, and not held yet) and remove the winner's file, whose
     * claim then fails with {@code PMIX_ERR_FILE_WRITE_FAILURE}.
     */
    private static final Map<Path, Object> NAME_LOCKS = new ConcurrentHashMap<>();
    private static final int CLAIM_ROUNDS = 5;

    private final Path path;
    /** The inode and its ctime once published: inode numbers are reused at once, a ctime is not. */
    private final List<Object> identity;
    private final byte[] content;

    private PublishedFile(Path path, List<Object> identity, byte[] content) {
        this.path = path;
        this.identity = identity;
        this.content = content;
    }

    /** The name is held by a live server, or by a file that is not a rendezvous file. */
    static final class Taken extends PmixException {
        private static final long serialVersionUID = 1L;

        Taken(String message) {
            super(Status.ERR_EXISTS, message);
        }
    }

    /**
     * Publishes {@code file} at {@code path}, taking over a stale file of a dead process.
     *
     * @throws Taken ({@code PMIX_ERR_EXISTS}) if a live server or a foreign file holds the name
     * @throws PmixException {@code PMIX_ERR_NO_PERMISSIONS} if a stale file cannot be removed (another
     *     user's, in a sticky directory), {@code PMIX_ERR_FILE_WRITE_FAILURE} if the file cannot be written
     */
    static PublishedFile publish(Path path, RendezvousFile file, Set<PosixFilePermission> mode) {
        synchronized (lockOf(path)) {
            return claim(path, file, mode);
        }
    }

    private static Object lockOf(Path path) {
        return NAME_LOCKS.computeIfAbsent(path, p -> new Object());
    }

    private static PublishedFile claim(Path path, RendezvousFile file, Set<PosixFilePermission> mode) {
        byte[] content = file.toBytes();
        Path tmp = hidden(path, "tmp");
        try {
            write(tmp, content, mode);
            for (int round = 0; round < CLAIM_ROUNDS; round++) {
                try {
                    Files.createLink(path, tmp);
                } catch (FileAlreadyExistsException e) {
                    reclaimIfStale(path);
                    continue;
                } catch (UnsupportedOperationException | FileSystemException e) {
                    if (e instanceof AccessDeniedException) {
                        throw e;
                    }
                    // a file system without hard links: a rename, after a check that the name is free
                    if (Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
                        reclaimIfStale(path);
                        continue;
                    }
                    Files.move(tmp, path, StandardCopyOption.ATOMIC_MOVE);
                }
                Files.deleteIfExists(tmp); // before reading the identity: the unlink changes the inode's ctime
                HELD.add(path);
                return new PublishedFile(path, identity(path), content);
            }
            throw new Taken("cannot claim " + path + ": it was replaced " + CLAIM_ROUNDS + " times while claiming it");
        } catch (IOException e) {
            int status = e instanceof AccessDeniedException ? Status.ERR_NO_PERMISSIONS : Status.ERR_FILE_WRITE_FAILURE;
            throw new PmixException(status, "cannot publish rendezvous file " + path + ": " + e, e);
        } finally {
            deleteQuietly(tmp);
        }
    }

    private static void write(Path tmp, byte[] content, Set<PosixFilePermission> mode) throws IOException {
        try (SeekableByteChannel ch = Files.newByteChannel(tmp, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                PosixFilePermissions.asFileAttribute(mode))) {
            ByteBuffer b = ByteBuffer.wrap(content);
            while (b.hasRemaining()) {
                ch.write(b);
            }
        }
        Files.setPosixFilePermissions(tmp, mode); // the creation mode went through the umask
    }

    /**
     * Removes the file at {@code path} if it is a stale rendezvous file; returns quietly if the
     * name is free again.
     *
     * @throws Taken if it is live or not a rendezvous file
     */
    private static void reclaimIfStale(Path path) throws IOException {
        byte[] seen;
        try {
            seen = RendezvousFile.readBytes(path);
        } catch (PmixException e) {
            if (e.status() == Status.ERR_NOT_FOUND) {
                return;
            }
            throw new Taken(path + " exists and is not a rendezvous file this server may replace ("
                    + e.getMessage() + "); remove it by hand if it is garbage");
        }
        RendezvousFile existing;
        try {
            existing = RendezvousFile.parse(new String(seen, java.nio.charset.StandardCharsets.UTF_8));
        } catch (PmixException e) {
            throw new Taken(path + " exists and is not a rendezvous file (" + e.getMessage()
                    + "); remove it by hand if it is garbage");
        }
        if (isLive(path, existing)) {
            throw new Taken(path + " belongs to the live server pid " + existing.pid() + " (" + existing.uri() + ")");
        }
        if (!Leftovers.removeIfUnchanged(path, seen)) {
            return; // gone already, or replaced meanwhile (and put back): claim again
        }
        ServerState.LOG.log(System.Logger.Level.INFO, "removed stale rendezvous file " + path + " of dead pid " + existing.pid());
    }

    private static boolean isLive(Path path, RendezvousFile f) {
        if (f.pid() == ProcessHandle.current().pid()) {
            return HELD.contains(path);
        }
        return f.isWriterAlive();
    }

    /** Whether this JVM published {@code path} and holds it. */
    static boolean isHeld(Path path) {
        return HELD.contains(path);
    }

    Path path() {
        return path;
    }

    /**
     * Deletes the file if it is still the one this server published (same inode, same bytes);
     * otherwise leaves it and logs why. Idempotent.
     */
    void remove() {
        synchronized (lockOf(path)) {
            removeHeld();
        }
    }

    private void removeHeld() {
        if (!HELD.remove(path)) {
            return;
        }
        try {
            if (!Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS) || !identity.equals(identity(path))
                    || !Arrays.equals(Files.readAllBytes(path), content)) {
                ServerState.LOG.log(System.Logger.Level.WARNING, "not removing " + path
                        + ": it is no longer the rendezvous file this server wrote");
                return;
            }
            Files.delete(path);
        } catch (NoSuchFileException e) {
            // somebody removed it already
        } catch (IOException e) {
            ServerState.LOG.log(System.Logger.Level.WARNING, "cannot remove rendezvous file " + path + ": " + e);
        }
    }

    /**
     * What tells this file from a later one with the same name: device and inode, and the inode's
     * change time (set on creation, link and unlink, to the nanosecond), since a deleted file's inode
     * number is handed to the next file created.
     */
    private static List<Object> identity(Path p) throws IOException {
        try {
            Map<String, Object> a = Files.readAttributes(p, "unix:dev,ino,ctime", LinkOption.NOFOLLOW_LINKS);
            return List.of(a.get("dev"), a.get("ino"), a.get("ctime"));
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            return Arrays.asList(a.fileKey(), a.lastModifiedTime());
        }
    }

    private static Path hidden(Path path, String what) {
        return Leftovers.hidden(path, what);
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            ServerState.LOG.log(System.Logger.Level.DEBUG, "cannot delete " + p + ": " + e);
        }
    }

    @Override
    public String toString() {
        return path.toString();
    }
}
