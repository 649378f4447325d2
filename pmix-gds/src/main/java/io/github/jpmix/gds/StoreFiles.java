package io.github.jpmix.gds;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.JvmFlags;
import io.github.jpmix.common.internal.MappedFaults;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Set;
import java.util.function.BiConsumer;
import net.openhft.chronicle.map.ChronicleMap;
import net.openhft.chronicle.map.ChronicleMapBuilder;

/**
 * File names and the one way a store file is written ({@code docs/gds.md}, "Files"):
 * <pre>
 *   job-&lt;namespace&gt;.gds     one namespace's registration, written once
 *   modex-&lt;generation&gt;.gds  the union of posted data at that generation, written once
 *   .tmp-&lt;name&gt;             a file being written; renamed into place when complete
 *   .staging-modex.gds        the writer's private map of posted data, copied to each generation
 * </pre>
 * A namespace is spelled with {@code [A-Za-z0-9._-]} as is and every other UTF-8 byte as {@code %XX};
 * a spelling over 200 characters becomes {@code job-~<sha-256 of the namespace>.gds}.
 */
final class StoreFiles {
    static {
        JvmFlags.disableChronicleAnalytics();
    }

    static final String JOB_PREFIX = "job-";
    static final String MODEX_PREFIX = "modex-";
    static final String SUFFIX = ".gds";
    /** The writer's private map of everything posted; each modex generation is a copy of it. */
    static final String STAGING = ".staging-modex.gds";

    /** Fixed chunk size: entries are key + value + a few bytes of Chronicle's lengths. */
    private static final int CHUNK = 64;

    private StoreFiles() {
    }

    /** What a file will hold, offered twice: once to size the map, once to fill it. */
    interface Entries {
        void forEach(BiConsumer<String, byte[]> sink);
    }

    static Path jobFile(Path dir, String namespace) {
        StringBuilder sb = new StringBuilder();
        for (byte b : namespace.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xFF);
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_'
                    || c == '-') {
                sb.append(c);
            } else {
                sb.append('%').append(Character.toUpperCase(Character.forDigit((b >> 4) & 0xF, 16)))
                        .append(Character.toUpperCase(Character.forDigit(b & 0xF, 16)));
            }
        }
        String name = sb.length() <= 200 ? sb.toString() : "~" + sha256(namespace);
        return dir.resolve(JOB_PREFIX + name + SUFFIX);
    }

    static Path modexFile(Path dir, long generation) {
        return dir.resolve(MODEX_PREFIX + generation + SUFFIX);
    }

    /** The generation of a modex file name, or -1. */
    static long generationOf(String fileName) {
        if (!fileName.startsWith(MODEX_PREFIX) || !fileName.endsWith(SUFFIX)) {
            return -1;
        }
        String n = fileName.substring(MODEX_PREFIX.length(), fileName.length() - SUFFIX.length());
        try {
            return Long.parseLong(n);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static String sha256(String s) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
            StringBuilder sb = new StringBuilder();
            for (byte b : d) {
                sb.append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
            }
            return sb.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Writes a complete map file: under a temporary name (mode 0600), sized for exactly these entries,
     * filled, closed, then renamed into place in one step. A reader either finds no file or a complete
     * one, and no reader ever holds a lock of a file while it is written.
     *
     * @throws PmixException {@link Status#ERR_FILE_WRITE_FAILURE} if it cannot be written
     */
    static void write(Path target, Entries entries) {
        Draft d;
        try {
            d = Draft.create(target, stats(entries));
        } catch (InternalError e) {
            throw fault(temporary(target), target, e);
        }
        try {
            entries.forEach(d::put);
            MappedFaults.surface(); // a fault of the draft's pages shows here, before it is published
        } catch (RuntimeException e) {
            d.discard();
            throw e;
        } catch (InternalError e) {
            d.discard();
            throw fault(temporary(target), target, e);
        }
        d.publish().close();
    }

    /**
     * A fault on a mapped file while writing it (the JVM's SIGBUS, an {@code InternalError}: its file
     * system is full, a sparse page could not be allocated, or the file was truncated): removes the
     * temporary file and turns the fault into ERR_FILE_WRITE_FAILURE naming the file, so the caller
     * (a registration, a fence) fails with a status instead of its thread dying.
     */
    static PmixException fault(Path tmp, Path target, InternalError e) {
        try {
            Files.deleteIfExists(tmp);
        } catch (IOException ignored) {
            // the fault is the one to report
        }
        return new PmixException(Status.ERR_FILE_WRITE_FAILURE, "gds: writing " + target
                + " faulted (is its file system full?): " + e.getMessage(), e);
    }

    /** What a file's entries need: count, key bytes, value bytes, largest entry (key + value). */
    static long[] stats(Entries entries) {
        long[] stats = new long[4];
        entries.forEach((k, v) -> add(stats, k, v));
        return stats;
    }

    static void add(long[] stats, String key, byte[] value) {
        int kb = key.getBytes(StandardCharsets.UTF_8).length;
        stats[0]++;
        stats[1] += kb;
        stats[2] += value.length;
        stats[3] = Math.max(stats[3], kb + value.length);
    }

    /**
     * A map file being written: created empty under {@code .tmp-<name>} (a name readers never open),
     * filled, then {@linkplain #publish() renamed} to its final name in one step. Nothing writes it
     * after that. Not thread-safe: one writer.
     */
    static final class Draft {
        private final Path tmp;
        private final Path target;
        private ChronicleMap<CharSequence, byte[]> map;

        private Draft(Path tmp, Path target, ChronicleMap<CharSequence, byte[]> map) {
            this.tmp = tmp;
            this.target = target;
            this.map = map;
        }

        /**
         * An empty map at {@code .tmp-<target name>} sized for entries as {@code stats} describes.
         *
         * @throws PmixException {@link Status#ERR_FILE_WRITE_FAILURE} if it cannot be created
         */
        static Draft create(Path target, long[] stats) {
            Path tmp = temporary(target);
            try {
                return new Draft(tmp, target, createMap(tmp, stats));
            } catch (RuntimeException e) {
                throw failure(tmp, target, e);
            }
        }

        void put(String key, byte[] value) {
            try {
                map.put(key, value);
            } catch (RuntimeException e) {
                throw failure(tmp, target, e);
            }
        }

        /**
         * Renames the filled file to its final name in one step; from then on it is never written.
         * Returns the map, still mapped here, for the caller to close (closing unmaps, it writes
         * nothing).
         *
         * @throws PmixException {@link Status#ERR_FILE_WRITE_FAILURE} if it cannot be renamed
         */
        ChronicleMap<CharSequence, byte[]> publish() {
            ChronicleMap<CharSequence, byte[]> m = map;
            rename(tmp, target);
            map = null;
            return m;
        }

        /** Closes and removes an unpublished draft. Idempotent. */
        void discard() {
            ChronicleMap<CharSequence, byte[]> m = map;
            map = null;
            if (m != null) {
                try {
                    m.close();
                } catch (RuntimeException ignored) {
                    // removing the file is what matters
                }
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // a leftover temporary goes with the session directory
                }
            }
        }
    }

    /**
     * A new map file (mode 0600, replacing a leftover of that name) sized for entries as {@code stats}
     * describes (count, key bytes, value bytes, largest entry).
     *
     * @throws PmixException {@link Status#ERR_FILE_WRITE_FAILURE} if it cannot be created
     */
    static ChronicleMap<CharSequence, byte[]> createMap(Path file, long[] stats) {
        ChronicleBootstrap.await();
        try {
            Files.deleteIfExists(file);
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            return sized(stats).createPersistedTo(file.toFile());
        } catch (IOException | RuntimeException e) {
            throw failure(file, file, e);
        }
    }

    /**
     * Publishes a byte copy of the map file {@code source} as {@code target}: copied (in the kernel) to
     * {@code .tmp-<target name>}, then renamed in one step. The caller must not be writing
     * {@code source} meanwhile: a Chronicle map file at rest (no operation in progress, so no lock
     * held) is complete in itself, and its copy opens as the same map. Costs the copy of the file's
     * bytes, not the creation of a map.
     *
     * @throws PmixException {@link Status#ERR_FILE_WRITE_FAILURE} if it cannot be written
     */
    static void publishCopy(Path source, Path target) {
        Path tmp = temporary(target);
        try {
            Files.deleteIfExists(tmp);
            try (FileChannel in = FileChannel.open(source, StandardOpenOption.READ);
                    FileChannel out = FileChannel.open(tmp, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")))) {
                long size = in.size();
                for (long done = 0; done < size;) {
                    done += in.transferTo(done, size - done, out);
                }
            }
        } catch (IOException | RuntimeException e) {
            throw failure(tmp, target, e);
        }
        rename(tmp, target);
    }

    private static Path temporary(Path target) {
        return target.resolveSibling(".tmp-" + target.getFileName());
    }

    private static void rename(Path tmp, Path target) {
        try {
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            throw failure(tmp, target, new IOException("the file system cannot rename atomically: " + e.getMessage(), e));
        } catch (IOException | RuntimeException e) {
            throw failure(tmp, target, e);
        }
    }

    /** Removes the temporary file and turns the failure into ERR_FILE_WRITE_FAILURE. */
    private static PmixException failure(Path tmp, Path target, Exception e) {
        try {
            Files.deleteIfExists(tmp);
        } catch (IOException ignored) {
            // the first failure is the one to report
        }
        if (e instanceof PmixException pe) {
            return pe;
        }
        return new PmixException(Status.ERR_FILE_WRITE_FAILURE, "gds: cannot write " + target + ": " + e, e);
    }

    /**
     * A builder sized for what the file will hold: one segment for small maps (every entry's chunks in
     * one tier, so the largest entry always fits), more for large ones, each tier big enough for its
     * share plus the largest entry. The store closes its maps itself, so Chronicle's exit hook must
     * not close them as well (two closers of one map race; see {@link Mapping}).
     */
    private static ChronicleMapBuilder<CharSequence, byte[]> sized(long[] stats) {
        long n = Math.max(1, stats[0]);
        int segments = n <= 8192 ? 1 : (int) Math.min(512, Long.highestOneBit(n / 4096));
        long perSegment = (long) Math.ceil(n * 1.3 / segments) + 32;
        int maxChunks = (int) ((stats[3] + 16) / CHUNK + 2);
        double avgEntry = (stats[1] + stats[2]) / (double) n + 12;
        long chunksPerTier = Math.max(
                (long) Math.ceil((stats[1] + stats[2] + n * 12.0) * 1.3 / CHUNK / segments),
                (long) Math.ceil(perSegment * Math.ceil(avgEntry / CHUNK))) + maxChunks + 64;
        return ChronicleMap.of(CharSequence.class, byte[].class)
                .actualSegments(segments)
                .entriesPerSegment(perSegment)
                .actualChunkSize(CHUNK)
                .actualChunksPerSegmentTier(chunksPerTier)
                .maxChunksPerEntry(maxChunks)
                .averageKeySize(Math.max(1.0, stats[1] / (double) n))
                .averageValueSize(Math.max(1.0, stats[2] / (double) n))
                .maxBloatFactor(4.0)
                .putReturnsNull(true)
                .skipCloseOnExitHook(true);
    }
}
