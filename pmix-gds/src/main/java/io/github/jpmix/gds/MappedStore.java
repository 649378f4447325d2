package io.github.jpmix.gds;

import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.Codec;
import io.github.jpmix.common.internal.WireFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import net.openhft.chronicle.map.ChronicleMap;

/**
 * The Chronicle Map store: every namespace a file written once, every modex generation a file written
 * once ({@code docs/gds.md}). The writer keeps the union of posted data (encoded once) to write each
 * generation; it never writes a file a reader may have mapped, so a reader that dies holding a segment
 * lock cannot stall it.
 *
 * <p><b>Generations ahead of time.</b> Creating a Chronicle map (writing and mapping its header and
 * segments) costs about a millisecond; filling a small one costs microseconds. So after each
 * publication a background thread creates the next generation's file empty, under its temporary name,
 * sized with headroom; the next publication fills it and renames it, and creates one itself only when
 * the data outgrew it. The map just written stays mapped as this JVM's mapping of that file
 * ({@link Mapping#adopt}): the server's own reader, which maps a generation only when something reads
 * it, shares it, and it is unmapped when the next generation replaces it and its last reader is done.
 */
final class MappedStore implements GdsStore {
    private final Path dir;
    private final String localHost;
    private final MappedReader reader;
    private final Set<String> registered = new LinkedHashSet<>();
    /** Everything posted so far, encoded, per process and key; guarded by this. */
    private final Map<Proc, Map<String, byte[]>> union = new HashMap<>();
    private volatile long generation;
    private boolean closed;
    /** The next generation's empty file, being created or ready; guarded by this. */
    private Future<StoreFiles.Draft> nextDraft;
    /** Creates the next draft; made on first publication. */
    private ExecutorService preparer;
    /** The newest generation as this writer mapped it while writing it; guarded by this. */
    private Mapping written;

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

    @Override
    public synchronized boolean deregister(String namespace) {
        Objects.requireNonNull(namespace, "namespace");
        union.keySet().removeIf(p -> p.namespace().equals(namespace));
        if (!registered.remove(namespace)) {
            return false;
        }
        reader.detachNamespace(namespace);
        delete(StoreFiles.jobFile(dir, namespace));
        return true;
    }

    @Override
    public synchronized long publishModex(Map<Proc, ? extends Map<String, Value>> posted) {
        Objects.requireNonNull(posted, "posted");
        open();
        AbstractReader.checkPosted(posted);
        Codec codec = Codec.local();
        posted.forEach((p, kv) -> {
            Map<String, byte[]> m = union.computeIfAbsent(p, x -> new HashMap<>());
            kv.forEach((k, v) -> m.put(k, codec.encode(v)));
        });
        long g = generation + 1;
        byte[] desc = codec.encode(List.of(
                Info.of("jpmix.gds.magic", Value.ofString(MappedReader.MODEX_MAGIC)),
                Info.of("jpmix.gds.version", Value.ofUint32(Descriptor.VERSION)),
                Info.of("jpmix.gds.wire", Value.ofUint32(WireFormat.VERSION)),
                Info.of("jpmix.gds.generation", Value.of(DataType.INT64, g))));
        List<String> keys = new ArrayList<>();
        List<byte[]> values = new ArrayList<>();
        keys.add(StoreKeys.DESCRIPTOR);
        values.add(desc);
        union.forEach((p, kv) -> kv.forEach((k, v) -> {
            keys.add(StoreKeys.modex(p.namespace(), p.rank(), k).toString());
            values.add(v);
        }));
        long[] stats = new long[4];
        for (int i = 0; i < keys.size(); i++) {
            StoreFiles.add(stats, keys.get(i), values.get(i));
        }
        Path file = StoreFiles.modexFile(dir, g);
        StoreFiles.Draft draft = takeDraft(file, stats);
        if (draft == null) {
            draft = StoreFiles.Draft.create(file, stats);
        }
        ChronicleMap<CharSequence, byte[]> map;
        try {
            for (int i = 0; i < keys.size(); i++) {
                draft.put(keys.get(i), values.get(i));
            }
            map = draft.publish();
        } catch (RuntimeException e) {
            draft.discard();
            throw e;
        }
        Mapping previous = written;
        written = Mapping.adopt(file, map);
        if (previous != null) {
            previous.retire();
        }
        generation = g;
        reader.announceModex(g);
        // readers told of an older generation find the newest one; keep the previous for readers
        // opening it now. Removing a file costs milliseconds on some file systems (ext4 mounted with
        // discard): the preparer does it, off the fence's path.
        prepare(g > 2 ? StoreFiles.modexFile(dir, g - 2) : null, StoreFiles.modexFile(dir, g + 1), headroom(stats));
        return g;
    }

    /** The draft made ahead for {@code file} if it holds entries as {@code stats} says; else null (discarded). */
    private StoreFiles.Draft takeDraft(Path file, long[] stats) {
        Future<StoreFiles.Draft> f = nextDraft;
        nextDraft = null;
        if (f == null) {
            return null;
        }
        StoreFiles.Draft d;
        try {
            d = f.get();
        } catch (ExecutionException e) {
            return null; // creating it failed; creating it now reports why, if it fails again
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            f.cancel(false);
            return null;
        }
        if (!d.target().equals(file) || !d.fits(stats)) {
            d.discard();
            return null;
        }
        return d;
    }

    /** Has the preparer thread remove an old generation's file (if any) and create the next one's. */
    private void prepare(Path old, Path next, long[] capacity) {
        if (preparer == null) {
            preparer = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "jpmix-gds-preparer");
                t.setDaemon(true);
                return t;
            });
        }
        nextDraft = preparer.submit(() -> {
            if (old != null) {
                delete(old);
            }
            return StoreFiles.Draft.create(next, capacity);
        });
    }

    /** Room for the data to double, plus some: the next generation usually holds what this one did and a bit more. */
    private static long[] headroom(long[] stats) {
        return new long[] {2 * stats[0] + 64, 2 * stats[1] + 64 * 64, 2 * stats[2] + 64 * 256,
                Math.max(2 * stats[3], stats[3] + 1024)};
    }

    @Override
    public long modexGeneration() {
        return generation;
    }

    @Override
    public GdsReader reader() {
        return reader;
    }

    @Override
    public Map<String, String> attachInfo() {
        return Map.of(Gds.KIND, Gds.KIND_MAPPED, Gds.DIR, dir.toString(), Gds.HOST, localHost,
                Gds.MODEX, Long.toString(generation));
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
        Future<StoreFiles.Draft> f = nextDraft;
        nextDraft = null;
        if (f != null) {
            try {
                f.get().discard();
            } catch (ExecutionException e) {
                // nothing was made
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (preparer != null) {
            preparer.shutdown();
        }
        if (written != null) {
            written.retire();
            written = null;
        }
        reader.close();
        for (String ns : registered) {
            delete(StoreFiles.jobFile(dir, ns));
        }
        registered.clear();
        for (long g = Math.max(1, generation - 2); g <= generation; g++) {
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
}
