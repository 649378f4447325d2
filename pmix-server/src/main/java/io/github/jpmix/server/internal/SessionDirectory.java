package io.github.jpmix.server.internal;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Not API. The server's session directory: {@code <server tmpdir>/jpmix.<host>.<pid>.<n>}, mode
 * 0700, holding the socket, the rendezvous file, the store's files and the clients' ring files.
 * Only the server's user can enter it, which is the first line of defence; the peer-credential
 * check at the handshake is the second.
 *
 * <p>{@link #close()} removes the directory and everything in it: everything in it is the
 * server's own (it made the directory), so nothing outside is ever touched.
 */
public final class SessionDirectory implements AutoCloseable {
    private static final AtomicInteger SEQUENCE = new AtomicInteger();

    private final Path path;

    private SessionDirectory(Path path) {
        this.path = path;
    }

    /**
     * Creates a fresh session directory under {@code tmpdir}.
     *
     * @throws PmixException {@link Status#ERR_INIT} if it cannot be created
     */
    public static SessionDirectory create(Path tmpdir, String hostname) {
        String base = "jpmix." + hostname + "." + ProcessHandle.current().pid() + ".";
        for (int attempt = 0; attempt < 100; attempt++) {
            Path dir = tmpdir.resolve(base + SEQUENCE.getAndIncrement());
            try {
                Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
                return new SessionDirectory(dir);
            } catch (java.nio.file.FileAlreadyExistsException e) {
                // a dead server with our pid left it: try the next number, never delete what is not ours
            } catch (IOException | UnsupportedOperationException e) {
                throw new PmixException(Status.ERR_INIT, "cannot create session directory " + dir + ": " + e, e);
            }
        }
        throw new PmixException(Status.ERR_INIT, "cannot create a session directory under " + tmpdir);
    }

    public Path path() {
        return path;
    }

    public Path resolve(String name) {
        return path.resolve(name);
    }

    /**
     * Writes a small file atomically (a temporary file renamed into place), owner-only: a reader
     * never sees it half-written.
     */
    public static void writeAtomically(Path file, String content) {
        Path tmp = file.resolveSibling("." + file.getFileName() + ".tmp" + ProcessHandle.current().pid());
        try {
            Files.write(tmp, content.getBytes(StandardCharsets.UTF_8));
            Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-------"));
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // best effort
            }
            throw new PmixException(Status.ERR_FILE_WRITE_FAILURE, "cannot write " + file + ": " + e, e);
        }
    }

    @Override
    public void close() {
        try {
            Files.walkFileTree(path, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
                    Files.deleteIfExists(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (java.nio.file.NoSuchFileException e) {
            // already gone
        } catch (IOException e) {
            System.getLogger(SessionDirectory.class.getName()).log(System.Logger.Level.WARNING,
                    "cannot remove session directory " + path + ": " + e);
        }
    }

    @Override
    public String toString() {
        return path.toString();
    }
}
