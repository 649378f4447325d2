package io.github.jpmix.gds;

import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.MappedFaults;
import io.github.jpmix.common.internal.codec.Codec;
import io.github.jpmix.common.internal.codec.CodecFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import net.openhft.chronicle.map.ChronicleMap;

/**
 * The Chronicle Map store: every namespace a file written once, every modex generation a file written
 * once ({@code docs/gds.md}). The writer never writes a file a reader may have mapped, so a reader
 * that dies holding a segment lock cannot stall it.
 *
 * <p><b>Generations as copies.</b> Creating a Chronicle map (writing its text header, mapping and
 * zeroing its segments) costs a millisecond or more; copying a small map file costs tens of
 * microseconds. So the writer keeps one private map, {@code .staging-modex.gds}, that no reader ever
 * opens: each publication puts the values posted since the last one and the new descriptor into it,
 * then publishes a byte copy of the file as the new generation ({@link StoreFiles#publishCopy}). The
 * staging map is rebuilt, sized anew from the union of posted data (kept encoded here), when it cannot
 * take more. Old generations are removed on a background thread ({@code jpmix-gds-cleaner}): removing
 * a file takes milliseconds on some file systems (ext4 mounted with {@code discard}).
 */
final class MappedStore implements GdsStore {
    private final Path dir;
    private final String localHost;
    private final MappedReader reader;
    private final Set<String> registered = new LinkedHashSet<>();
    /** Everything posted so far, encoded, per process and key; guarded by this. */
    private final Map<Proc, Map<String, byte[]>> union = new HashMap<>();
    /** The number of the last generation written; never reused, so a file name never means two contents. */
    private long generation;
    /** The newest generation file there is, 0 for none: what readers are told. */
    private volatile long newest;
    private boolean closed;
    /** The writer's private map of the union and the newest descriptor; null until the first publication. */
    private ChronicleMap<CharSequence, byte[]> staging;
    /** Removes old generations; made on first use. */
    private ExecutorService cleaner;

    MappedStore(Path dir, String localHost) {
        this.dir = Objects.requireNonNull(dir, "dir").toAbsolutePath();
        this.localHost = Objects.requireNonNull(localHost, "localHost");
        try {
            if (!Files.isDirectory(this.dir)) {
                Files.createDirectories(this.dir,
                        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            }
        } catch (IOException e) {
            throw new PmixException(Status.ERR_FILE_WRITE_FAILURE, "gds: cannot create " + this.dir + ": " + e, e);
        }
        this.reader = new MappedReader(this.dir, localHost);
    }

    Path directory() {
        return dir;
    }

    @Override
    public synchronized void register(Registration registration) {
        Objects.requireNonNull(registration, "registration");
        open();
        String ns = registration.namespace();
        if (registered.contains(ns)) {
            throw new PmixException(Status.ERR_EXISTS, "register: namespace '" + ns + "' is registered");
        }
        JobImage image = JobImage.of(registration, localHost);
        Codec codec = Codec.local();
        byte[] desc = codec.encode(image.descriptor.encode());
        byte[] topo = image.topology.encode();
        Map<String, byte[]> encoded = new HashMap<>(image.entries.size() * 2);
        image.entries.forEach((k, v) -> encoded.put(k, codec.encode(v)));
        Path file = StoreFiles.jobFile(dir, ns);
        StoreFiles.write(file, sink -> {
            sink.accept(StoreKeys.DESCRIPTOR, desc);
            sink.accept(StoreKeys.TOPOLOGY, topo);
            encoded.forEach(sink);
        });
        registered.add(ns);
        if (!reader.attachNamespace(ns)) {
            throw new PmixException(Status.ERR_FILE_READ_FAILURE, "gds: " + file + " vanished after it was written");
        }
    }

    /**
     * Removes the namespace's file and its posted data. The data must leave what readers can open, not
     * only the next generation: a long-lived server runs job after job, and no process of a later job
     * may read an earlier job's data. So when the union held some of it, a generation without it is
     * published at once and every older generation file is removed (a reader told of one of those
     * finds the new one, {@link MappedReader#advanceModex}); when no namespace is left, no reader of
     * generations is left either, and the store goes back to no modex files at all.
     */
    @Override
    public synchronized boolean deregister(String namespace) {
        Objects.requireNonNull(namespace, "namespace");
        boolean held = false;
        for (var it = union.entrySet().iterator(); it.hasNext();) {
            Map.Entry<Proc, Map<String, byte[]>> e = it.next();
            Proc p = e.getKey();
            if (p.namespace().equals(namespace)) {
                if (staging != null) {
                    for (String k : e.getValue().keySet()) {
                        staging.remove(modexKey(p, k));
                    }
                }
                it.remove();
                held = true;
            }
        }
        boolean was = registered.remove(namespace);
        if (was) {
            reader.detachNamespace(namespace);
            delete(StoreFiles.jobFile(dir, namespace));
        }
        if (registered.isEmpty()) {
            dropModex();
        } else if (held && !closed) {
            long g = publish(Map.of());
            removeGenerations(g);
        }
        return was;
    }

    /** Back to no modex data and no generation file: the staging map, every generation and the server reader's mapping go. */
    private void dropModex() {
        union.clear();
        closeStaging();
        reader.dropModex();
        newest = 0;
        removeGenerations(generation + 1);
    }

    /** Removes every generation file older than {@code keep}, on the cleaner thread. */
    private void removeGenerations(long keep) {
        List<Path> old = new java.util.ArrayList<>();
        try (java.nio.file.DirectoryStream<Path> ds = Files.newDirectoryStream(dir, StoreFiles.MODEX_PREFIX + "*" + StoreFiles.SUFFIX)) {
            for (Path p : ds) {
                long g = StoreFiles.generationOf(p.getFileName().toString());
                if (g >= 0 && g < keep) {
                    old.add(p);
                }
            }
        } catch (IOException e) {
            throw new PmixException(Status.ERR_FILE_WRITE_FAILURE, "gds: cannot list " + dir + ": " + e, e);
        }
        for (Path p : old) {
            clean(p);
        }
    }

    /** Deletes {@code p} on the cleaner thread: removing a file takes milliseconds on some file systems. */
    private void clean(Path p) {
        if (cleaner == null) {
            cleaner = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "jpmix-gds-cleaner");
                t.setDaemon(true);
                return t;
            });
        }
        cleaner.execute(() -> deleteQuietly(p));
    }

    @Override
    public synchronized long publishModex(Map<Proc, ? extends Map<String, Value>> posted) {
        Objects.requireNonNull(posted, "posted");
        open();
        AbstractReader.checkPosted(posted);
        long g = publish(posted);
        // readers told of an older generation find the newest one; keep the previous for readers opening it now
        if (g > 2) {
            clean(StoreFiles.modexFile(dir, g - 2));
        }
        return g;
    }

    /**
     * Adds {@code posted} to the union and writes the union as the next generation; returns its number.
     *
     * @throws PmixException {@link Status#ERR_FILE_WRITE_FAILURE} naming the file when it cannot be
     *     written, a full file system included (a fault on the mapped staging file drops that file:
     *     the next publish makes it anew)
     */
    private long publish(Map<Proc, ? extends Map<String, Value>> posted) {
        try {
            return publishOrFault(posted);
        } catch (InternalError e) {
            try {
                closeStaging();
            } catch (RuntimeException | Error ignored) {
                staging = null; // the fault is the one to report; the file is made anew next time
            }
            throw StoreFiles.fault(stagingFile(), StoreFiles.modexFile(dir, generation + 1), e);
        }
    }

    private long publishOrFault(Map<Proc, ? extends Map<String, Value>> posted) {
        Codec codec = Codec.local();
        Map<String, byte[]> changed = new HashMap<>();
        posted.forEach((p, kv) -> {
            Map<String, byte[]> m = union.computeIfAbsent(p, x -> new HashMap<>());
            kv.forEach((k, v) -> {
                byte[] e = codec.encode(v);
                m.put(k, e);
                changed.put(modexKey(p, k), e);
            });
        });
        long g = generation + 1;
        byte[] desc = codec.encode(List.of(
                Info.of("jpmix.gds.magic", Value.ofString(MappedReader.MODEX_MAGIC)),
                Info.of("jpmix.gds.version", Value.ofUint32(Descriptor.VERSION)),
                Info.of("jpmix.gds.wire", Value.ofUint32(CodecFormat.VERSION)),
                Info.of("jpmix.gds.generation", Value.of(DataType.INT64, g))));
        changed.put(StoreKeys.DESCRIPTOR, desc);
        stage(changed, desc);
        MappedFaults.surface(); // a fault of the staging map's pages shows here, before it is copied out
        StoreFiles.publishCopy(stagingFile(), StoreFiles.modexFile(dir, g));
        generation = g;
        newest = g;
        reader.announceModex(g);
        return g;
    }

    /**
     * Puts the changed entries into the staging map; when it cannot take them (full, or an entry larger
     * than it was sized for), makes it anew, sized for the whole union, and fills it from the union.
     */
    private void stage(Map<String, byte[]> changed, byte[] desc) {
        if (staging != null) {
            try {
                changed.forEach(staging::put);
                return;
            } catch (RuntimeException e) {
                // Chronicle refuses what does not fit: start over with a map sized for everything
                closeStaging();
            }
        }
        long[] stats = new long[4];
        StoreFiles.add(stats, StoreKeys.DESCRIPTOR, desc);
        union.forEach((p, kv) -> kv.forEach((k, v) -> StoreFiles.add(stats, modexKey(p, k), v)));
        // room for the union to double before the next rebuild
        long[] capacity = {2 * stats[0] + 64, 2 * stats[1] + 64 * 64, 2 * stats[2] + 64 * 256,
            Math.max(2 * stats[3], stats[3] + 1024)};
        staging = StoreFiles.createMap(stagingFile(), capacity);
        try {
            staging.put(StoreKeys.DESCRIPTOR, desc);
            union.forEach((p, kv) -> kv.forEach((k, v) -> staging.put(modexKey(p, k), v)));
        } catch (RuntimeException e) {
            closeStaging();
            throw new PmixException(Status.ERR_FILE_WRITE_FAILURE, "gds: cannot write " + stagingFile() + ": " + e, e);
        }
    }

    private static String modexKey(Proc p, String key) {
        return StoreKeys.modex(p.namespace(), p.rank(), key).toString();
    }

    private Path stagingFile() {
        return dir.resolve(StoreFiles.STAGING);
    }

    private void closeStaging() {
        if (staging != null) {
            try {
                staging.close();
            } finally {
                staging = null;
                deleteQuietly(stagingFile());
            }
        }
    }

    @Override
    public long modexGeneration() {
        return newest;
    }

    @Override
    public GdsReader reader() {
        return reader;
    }

    @Override
    public Map<String, String> attachInfo() {
        return Map.of(Gds.KIND, Gds.KIND_MAPPED, Gds.DIR, dir.toString(), Gds.HOST, localHost,
                Gds.MODEX, Long.toString(newest));
    }

    @Override
    public String localHost() {
        return localHost;
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (cleaner != null) {
            cleaner.shutdown();
            try {
                cleaner.awaitTermination(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        reader.close();
        closeStaging();
        for (String ns : registered) {
            delete(StoreFiles.jobFile(dir, ns));
        }
        registered.clear();
        for (long g = Math.max(1, newest - 2); g <= newest; g++) {
            delete(StoreFiles.modexFile(dir, g));
        }
        union.clear();
    }

    private void open() {
        if (closed) {
            throw new PmixException(Status.ERR_INIT, "gds: store is closed");
        }
    }

    private static void delete(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            throw new PmixException(Status.ERR_FILE_WRITE_FAILURE, "gds: cannot remove " + p + ": " + e, e);
        }
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            // a leftover goes with the session directory
        }
    }
}
