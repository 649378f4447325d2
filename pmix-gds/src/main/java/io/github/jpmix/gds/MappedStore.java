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
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The Chronicle Map store: every namespace a file written once, every modex generation a file written
 * once ({@code docs/gds.md}). The writer keeps the union of posted data (encoded once) to write each
 * generation; it maps nothing it writes, and never writes a file a reader may have mapped, so a reader
 * that dies holding a segment lock cannot stall it.
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
        StoreFiles.write(StoreFiles.modexFile(dir, g), sink -> {
            sink.accept(StoreKeys.DESCRIPTOR, desc);
            union.forEach((p, kv) -> kv.forEach((k, v) -> sink.accept(StoreKeys.modex(p.namespace(), p.rank(), k).toString(), v)));
        });
        generation = g;
        reader.advanceModex(g);
        // readers told of an older generation find the newest one; keep the previous for readers opening it now
        if (g > 2) {
            delete(StoreFiles.modexFile(dir, g - 2));
        }
        return g;
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
        reader.close();
        for (String ns : registered) {
            delete(StoreFiles.jobFile(dir, ns));
        }
        registered.clear();
        for (long g = Math.max(1, generation - 1); g <= generation; g++) {
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
