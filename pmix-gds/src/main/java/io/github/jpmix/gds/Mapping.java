package io.github.jpmix.gds;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.codec.Codec;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One store file mapped for reading: a Chronicle Map of {@code CharSequence} keys to byte values that
 * nobody writes any more ({@code docs/gds.md}, "Why nothing is written twice"), read by {@link MapFile}
 * without Chronicle.
 *
 * <p><b>Reading in place.</b> {@link #value} finds the entry and decodes the codec bytes straight from
 * the mapped memory (an Agrona buffer views the entry's value): no copy, nothing allocated but the
 * returned value, and no lock taken.
 *
 * <p><b>Closing.</b> Lookups from many threads count themselves in and out; {@link #retire()} unmaps
 * the file once the last lookup is out, and lookups after it find nothing. The unmapping runs on a
 * background thread, so a reader moving to a new modex generation after a fence does not wait for the
 * old one to close. Thread-safe.
 */
final class Mapping {
    /** Unmaps retired files off the caller's path; one daemon thread, made on first use. */
    private static final class Closer {
        static final java.util.concurrent.ExecutorService INSTANCE = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "jpmix-gds-closer");
            t.setDaemon(true);
            return t;
        });
    }

    private final MapFile map;
    private final AtomicInteger users = new AtomicInteger();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile boolean retired;

    private Mapping(MapFile map) {
        this.map = map;
    }

    String file() {
        return map.file();
    }

    /**
     * Maps a complete store file, or returns null if there is none. A file removed after this returns
     * stays mapped until {@link #retire()}.
     *
     * @throws PmixException {@link Status#ERR_FILE_OPEN_FAILURE} if it exists but cannot be mapped;
     *     {@link Status#ERR_FILE_READ_FAILURE} if it is not a complete store file
     */
    static Mapping open(Path file) {
        MapFile m = MapFile.open(file);
        return m == null ? null : new Mapping(m);
    }

    /** Decodes a stored codec {@code Value}; non-capturing, so {@link #value} allocates no reader. */
    static final MapFile.EntryReader<Value> VALUE = (b, len) -> Codec.local().decode(b, 0, len, Value.class);

    /** The codec value stored under a key, or null (absent, or retired). */
    Value value(CharSequence key) {
        return read(key, VALUE);
    }

    /**
     * Reads an entry in place with {@code reader}, null if absent or retired. The buffer handed to
     * {@code reader} is this thread's one view of the mapped entry: valid only during the call.
     */
    <T> T read(CharSequence key, MapFile.EntryReader<T> reader) {
        if (!acquire()) {
            return null;
        }
        try {
            return map.read(key, reader);
        } finally {
            release();
        }
    }

    /**
     * Visits every entry whose key {@code keys} accepts: its key and its value read in place by
     * {@code reader} (the buffer is valid only during that call). For diagnostics ({@code jpmix gds dump}),
     * not lookups.
     */
    <T> void forEach(java.util.function.Predicate<String> keys, MapFile.EntryReader<T> reader,
            java.util.function.BiConsumer<String, T> visitor) {
        if (!acquire()) {
            return;
        }
        try {
            map.forEach(keys, reader, visitor);
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
            return map.size();
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

    /** Gives up the mapping: it unmaps the file once no lookup uses it. */
    void retire() {
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
        map.close();
    }
}
