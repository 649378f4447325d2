package io.github.jpmix.gds;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.JvmFlags;
import io.github.jpmix.common.internal.codec.Codec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import net.openhft.chronicle.hash.Data;
import net.openhft.chronicle.map.ChronicleMap;
import net.openhft.chronicle.map.ExternalMapQueryContext;
import net.openhft.chronicle.map.MapEntry;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * One store file mapped for reading: a Chronicle Map of {@code CharSequence} keys to byte values that
 * nobody writes any more ({@code docs/gds.md}, "Why nothing is written twice").
 *
 * <p><b>Reading in place.</b> {@link #value} finds the entry with the calling thread's query context
 * and decodes the codec bytes straight from the mapped memory (an Agrona buffer wraps the entry's
 * address): no copy, nothing allocated but the returned value. The context, and with it the segment's
 * read lock, is held only while the entry is found and decoded.
 *
 * <p><b>Closing.</b> Lookups from many threads count themselves in and out; {@link #retire()} unmaps
 * the file once the last lookup is out, and lookups after it find nothing. The unmapping itself (about
 * a hundred microseconds in Chronicle) runs on a background thread, so a reader moving to a new modex
 * generation after a fence does not wait for the old one to close. Thread-safe.
 *
 * <p><b>One closer.</b> The map is closed by {@link #unmap} alone, once: it is built with
 * {@code skipCloseOnExitHook}, so Chronicle's own exit hook does not close it too. Two closers of one
 * Chronicle map race (its {@code close()} walks the map's contexts before it checks whether another
 * thread is releasing them), and a JVM that exits while the closer thread unmaps the last files met
 * that race and printed Chronicle's stack traces. The process's exit unmaps whatever is still mapped.
 */
final class Mapping {
    static {
        JvmFlags.disableChronicleAnalytics();
    }

    /** Reads an entry's bytes in place; the buffer is valid only during the call. */
    interface EntryReader<T> {
        T read(DirectBuffer buffer, int length);
    }

    private static final ThreadLocal<UnsafeBuffer> BUFFER = ThreadLocal.withInitial(() -> new UnsafeBuffer(new byte[0]));
    private static final AtomicLong LINKS = new AtomicLong();
    /** Unmaps retired files off the caller's path; one daemon thread, made on first use. */
    private static final class Closer {
        static final java.util.concurrent.ExecutorService INSTANCE = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "jpmix-gds-closer");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * The files this JVM has mapped, by file identity (device and inode): Chronicle holds a shared file
     * lock while a map is open, and the JVM refuses a second lock on the same file, so every reader in
     * one JVM shares one mapping of a file. Guarded by itself.
     */
    private static final Map<Object, Mapping> OPEN = new HashMap<>();

    private final ChronicleMap<CharSequence, byte[]> map;
    private final String file;
    private final Object identity;
    private final AtomicInteger users = new AtomicInteger();
    private final AtomicBoolean closed = new AtomicBoolean();
    /** How many views hold this mapping; guarded by {@link #OPEN}. */
    private int owners = 1;
    private volatile boolean retired;

    private Mapping(ChronicleMap<CharSequence, byte[]> map, String file, Object identity) {
        this.map = map;
        this.file = file;
        this.identity = identity;
    }

    String file() {
        return file;
    }

    /**
     * Maps a complete store file, or returns null if there is none. The file is opened through a
     * private hard link, so that a file removed meanwhile is never created anew by Chronicle (which
     * creates what it does not find). A file this JVM has mapped already is shared; each
     * {@code open} is undone by one {@link #retire()}.
     *
     * @throws PmixException {@link Status#ERR_FILE_OPEN_FAILURE} if it exists but cannot be mapped
     */
    static Mapping open(Path file) {
        Path link = file.resolveSibling(".rd-" + ProcessHandle.current().pid() + "-" + LINKS.incrementAndGet()
                + "-" + file.getFileName());
        try {
            Files.createLink(link, file);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException | UnsupportedOperationException e) {
            throw new PmixException(Status.ERR_FILE_OPEN_FAILURE, "gds: cannot open " + file + ": " + e, e);
        }
        try {
            Object key = Files.readAttributes(link, BasicFileAttributes.class).fileKey();
            Object identity = key != null ? key : file.toAbsolutePath().toString();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (true) {
                synchronized (OPEN) {
                    Mapping m = OPEN.get(identity);
                    if (m == null) {
                        ChronicleBootstrap.await();
                        ChronicleMap<CharSequence, byte[]> cm = ChronicleMap.of(CharSequence.class, byte[].class)
                                .skipCloseOnExitHook(true)
                                .createPersistedTo(link.toFile());
                        m = new Mapping(cm, file.toString(), identity);
                        OPEN.put(identity, m);
                        return m;
                    }
                    if (m.owners > 0) {
                        m.owners++;
                        return m;
                    }
                }
                // a mapping of this file is finishing its last lookups before it closes: wait for it
                if (System.nanoTime() > deadline) {
                    throw new IOException("a previous mapping of the file does not close");
                }
                Thread.yield();
            }
        } catch (IOException | RuntimeException e) {
            throw new PmixException(Status.ERR_FILE_OPEN_FAILURE, "gds: cannot map " + file + ": " + e, e);
        } finally {
            try {
                Files.deleteIfExists(link);
            } catch (IOException e) {
                // the mapping does not need the link; a leftover goes with the session directory
            }
        }
    }

    /** Decodes a stored codec {@code Value}; non-capturing, so {@link #value} allocates no reader. */
    static final EntryReader<Value> VALUE = (b, len) -> Codec.local().decode(b, 0, len, Value.class);

    /** The codec value stored under a key, or null (absent, or retired). */
    Value value(CharSequence key) {
        return read(key, VALUE);
    }

    /**
     * Reads an entry in place with {@code reader}, null if absent or retired. The buffer handed to
     * {@code reader} is this thread's one view of the mapped entry: valid only during the call.
     */
    <T> T read(CharSequence key, EntryReader<T> reader) {
        if (!acquire()) {
            return null;
        }
        try (ExternalMapQueryContext<CharSequence, byte[], ?> c = map.queryContext(key)) {
            MapEntry<CharSequence, byte[]> e = c.entry();
            if (e == null) {
                return null;
            }
            Data<byte[]> d = e.value();
            int len = (int) d.size();
            UnsafeBuffer b = BUFFER.get();
            b.wrap(d.bytes().addressForRead(d.offset()), len);
            return reader.read(b, len);
        } finally {
            release();
        }
    }

    /**
     * Visits every entry whose key {@code keys} accepts: its key and its value read in place by
     * {@code reader} (the buffer is valid only during that call). For diagnostics ({@code jpmix gds dump}), not lookups: Chronicle holds
     * each segment's read lock while visiting it, which never stops a writer because none writes a
     * published file (docs/gds.md, "Why nothing is written twice").
     */
    <T> void forEach(java.util.function.Predicate<String> keys, EntryReader<T> reader,
            java.util.function.BiConsumer<String, T> visitor) {
        if (!acquire()) {
            return;
        }
        try {
            map.forEachEntry(e -> {
                String key = e.key().get().toString();
                if (!keys.test(key)) {
                    return;
                }
                Data<byte[]> d = e.value();
                int len = (int) d.size();
                UnsafeBuffer b = BUFFER.get();
                b.wrap(d.bytes().addressForRead(d.offset()), len);
                visitor.accept(key, reader.read(b, len));
            });
        } finally {
            release();
        }
    }

    /**
     * Whether a writer could lock the segment holding {@code key} right now: false if a reader (maybe a
     * dead one) holds a lock of it. A diagnostic for tests; it takes and drops the write lock at once.
     */
    boolean segmentWritable(CharSequence key) {
        if (!acquire()) {
            return false;
        }
        try (ExternalMapQueryContext<CharSequence, byte[], ?> c = map.queryContext(key)) {
            if (c.writeLock().tryLock()) {
                c.writeLock().unlock();
                return true;
            }
            return false;
        } finally {
            release();
        }
    }

    /** Whether the last owner gave it up: lookups find nothing any more. */
    boolean isRetired() {
        return retired;
    }

    /** How many entries the map holds. */
    long size() {
        if (!acquire()) {
            return 0;
        }
        try {
            return map.longSize();
        } finally {
            release();
        }
    }

    private boolean acquire() {
        users.incrementAndGet();
        if (retired) {
            release();
            return false;
        }
        return true;
    }

    private void release() {
        if (users.decrementAndGet() == 0 && retired) {
            closeOnce();
        }
    }

    /** Gives up one {@link #open}; the last one unmaps the file once no lookup uses it. */
    void retire() {
        synchronized (OPEN) {
            if (--owners > 0) {
                return;
            }
        }
        retired = true;
        if (users.get() == 0) {
            closeOnce();
        }
    }

    private void closeOnce() {
        if (closed.compareAndSet(false, true)) {
            try {
                Closer.INSTANCE.execute(this::unmap);
            } catch (java.util.concurrent.RejectedExecutionException e) {
                unmap();
            }
        }
    }

    private void unmap() {
        try {
            map.close();
        } finally {
            synchronized (OPEN) {
                OPEN.remove(identity, this);
            }
        }
    }
}
