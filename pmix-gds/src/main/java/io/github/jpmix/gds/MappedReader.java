package io.github.jpmix.gds;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.codec.Codec;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A reader of a Chronicle store's directory: the job files of the namespaces it attached and the
 * newest modex generation it was told of. Used by the server (its store attaches every namespace and
 * advances every generation) and by clients and tools ({@link Gds#attach}).
 *
 * <p>Thread-safe: lookups never lock; attaching and advancing are synchronized and publish complete
 * views with one volatile write. A generation that is replaced is unmapped once its last lookup ends.
 */
final class MappedReader extends AbstractReader {
    static final String MODEX_MAGIC = "JPMIX-GDS-MODEX";

    private final Path dir;
    private volatile ModexMapping modex;
    /** The newest generation the writer announced, mapped on the next modex read (the server's reader). */
    private volatile long announced;
    private volatile boolean closed;

    private record ModexMapping(long generation, Mapping mapping) {
    }

    MappedReader(Path dir, String localHost) {
        super(localHost);
        this.dir = Objects.requireNonNull(dir, "dir");
    }

    @Override
    public synchronized boolean attachNamespace(String namespace) {
        Objects.requireNonNull(namespace, "namespace");
        checkOpen();
        if (hasNamespace(namespace)) {
            return true;
        }
        MappedJobView v = MappedJobView.open(StoreFiles.jobFile(dir, namespace), namespace);
        if (v == null) {
            return false;
        }
        add(v);
        return true;
    }

    /** Forgets a namespace (the server's reader, when it is deregistered). */
    boolean detachNamespace(String namespace) {
        return remove(namespace);
    }

    @Override
    Value modexLookup(Proc target, String key) {
        long a = announced;
        if (a > mappedGeneration()) {
            advanceModex(a);
        }
        CharSequence k = StoreKeys.modex(target.namespace(), target.rank(), key);
        while (true) {
            ModexMapping m = modex;
            if (m == null) {
                return null;
            }
            Value v = m.mapping().value(k);
            // a generation replaced while this lookup began finds nothing: ask the newer one
            if (v != null || !m.mapping().isRetired() || modex == m) {
                return v;
            }
        }
    }

    @Override
    public long modexGeneration() {
        return Math.max(announced, mappedGeneration());
    }

    private long mappedGeneration() {
        ModexMapping m = modex;
        return m == null ? 0 : m.generation();
    }

    /** The writer published {@code generation}: map it when a modex read first needs it, not now. */
    void announceModex(long generation) {
        if (generation > announced) {
            announced = generation;
        }
    }

    /**
     * The writer removed every generation (the server's reader, when its last namespace went): forget
     * the announced one and unmap the mapped one once its last lookup ends.
     */
    synchronized void dropModex() {
        announced = 0;
        ModexMapping m = modex;
        modex = null;
        if (m != null) {
            m.mapping().retire();
        }
    }

    @Override
    public synchronized void advanceModex(long generation) {
        checkOpen();
        if (generation <= mappedGeneration()) {
            return;
        }
        long g = generation;
        Mapping m = Mapping.open(StoreFiles.modexFile(dir, g));
        if (m == null) {
            // replaced by a newer one meanwhile (the writer keeps the last two): read the newest there is
            g = newestGeneration(generation);
            m = g < 0 ? null : Mapping.open(StoreFiles.modexFile(dir, g));
            if (m == null) {
                throw new PmixException(Status.ERR_FILE_OPEN_FAILURE, "gds: no modex generation " + generation
                        + " or newer in " + dir);
            }
        }
        try {
            checkModex(m, g);
        } catch (RuntimeException e) {
            m.retire();
            throw e;
        }
        ModexMapping old = modex;
        modex = new ModexMapping(g, m);
        if (old != null) {
            old.mapping().retire();
        }
    }

    private long newestGeneration(long atLeast) {
        long best = -1;
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, StoreFiles.MODEX_PREFIX + "*" + StoreFiles.SUFFIX)) {
            for (Path p : ds) {
                long g = StoreFiles.generationOf(p.getFileName().toString());
                if (g >= atLeast && g > best) {
                    best = g;
                }
            }
        } catch (IOException e) {
            throw new PmixException(Status.ERR_FILE_OPEN_FAILURE, "gds: cannot list " + dir + ": " + e, e);
        }
        return best;
    }

    private static void checkModex(Mapping m, long generation) {
        List<Info> infos = m.read(StoreKeys.DESCRIPTOR, (b, len) -> Codec.local().decodeInfos(b, 0, len));
        if (infos == null) {
            throw new PmixException(Status.ERR_FILE_READ_FAILURE, "gds: " + m.file() + " has no descriptor");
        }
        Map<String, Value> d = new HashMap<>();
        for (Info i : infos) {
            d.put(i.key(), i.value());
        }
        Descriptor.check(d, "jpmix.gds.magic", MODEX_MAGIC, m.file());
        Descriptor.checkVersion(d, m.file());
        Value g = d.get("jpmix.gds.generation");
        if (g == null || g.asLong() != generation) {
            throw new PmixException(Status.ERR_FILE_READ_FAILURE, "gds: " + m.file() + " holds generation " + g);
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new PmixException(Status.ERR_INIT, "gds: reader is closed");
        }
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        removeAll();
        ModexMapping m = modex;
        modex = null;
        if (m != null) {
            m.mapping().retire();
        }
    }
}
