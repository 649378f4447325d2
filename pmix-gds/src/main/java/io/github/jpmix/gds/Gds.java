package io.github.jpmix.gds;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.JvmFlags;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/** Makes stores and attaches readers to them. */
public final class Gds {
    static {
        // before any Chronicle class loads
        JvmFlags.disableChronicleAnalytics();
    }

    static final String KIND = "jpmix.gds.kind";
    static final String KIND_HEAP = "heap";
    static final String KIND_MAPPED = "chronicle";
    static final String DIR = "jpmix.gds.dir";
    static final String HOST = "jpmix.gds.host";
    static final String MODEX = "jpmix.gds.modex";

    private Gds() {
    }

    /**
     * A store on this process's heap, for a server whose clients all live in it (and for tests): the
     * same contract as {@link #mappedStore}, readable only through {@link GdsStore#reader()}.
     *
     * @param localHost the local node's name, as the host's maps and node arrays spell it
     */
    public static GdsStore heapStore(String localHost) {
        return new HeapStore(localHost);
    }

    /**
     * A store in memory-mapped Chronicle Map files under {@code directory} (the server's session
     * directory; created with mode 0700 if missing), which other processes on the node read in place
     * after {@link #attach}. Files are mode 0600; {@code docs/gds.md} describes them.
     *
     * @param localHost the local node's name, as the host's maps and node arrays spell it
     * @throws PmixException {@link Status#ERR_FILE_WRITE_FAILURE} if the directory cannot be made
     */
    public static GdsStore mappedStore(Path directory, String localHost) {
        // Chronicle's start-up (docs/startup.md) runs while the caller finishes its own
        ChronicleBootstrap.start();
        return new MappedStore(directory, localHost);
    }

    /**
     * A reader of the store that {@code attachInfo} ({@link GdsStore#attachInfo()}) describes, knowing
     * {@code namespace} (the caller's job; null for none, e.g. a tool) and the modex generation the map
     * names. The caller closes it.
     *
     * @throws PmixException {@link Status#ERR_NOT_SUPPORTED} for a heap store or an unknown kind;
     *     {@link Status#ERR_BAD_PARAM} for a map that lacks an entry;
     *     {@link Status#ERR_INVALID_NAMESPACE} if the store has no such namespace;
     *     {@link Status#ERR_FILE_OPEN_FAILURE} / {@link Status#ERR_FILE_READ_FAILURE} if its files cannot
     *     be read
     */
    public static GdsReader attach(Map<String, String> attachInfo, String namespace) {
        Objects.requireNonNull(attachInfo, "attachInfo");
        String kind = attachInfo.get(KIND);
        if (!KIND_MAPPED.equals(kind)) {
            throw new PmixException(Status.ERR_NOT_SUPPORTED, "gds attach: a store of kind '" + kind
                    + "' cannot be attached from another process");
        }
        String dir = required(attachInfo, DIR);
        String host = required(attachInfo, HOST);
        long gen;
        try {
            gen = Long.parseLong(attachInfo.getOrDefault(MODEX, "0"));
        } catch (NumberFormatException e) {
            throw new PmixException(Status.ERR_BAD_PARAM, "gds attach: " + MODEX + "=" + attachInfo.get(MODEX));
        }
        MappedReader r = new MappedReader(Path.of(dir), host);
        try {
            if (namespace != null && !r.attachNamespace(namespace)) {
                throw new PmixException(Status.ERR_INVALID_NAMESPACE, "gds attach: namespace '" + namespace
                        + "' is not registered in " + dir);
            }
            if (gen > 0) {
                r.advanceModex(gen);
            }
            return r;
        } catch (RuntimeException e) {
            r.close();
            throw e;
        }
    }

    private static String required(Map<String, String> m, String key) {
        String v = m.get(key);
        if (v == null) {
            throw new PmixException(Status.ERR_BAD_PARAM, "gds attach: no " + key + " in " + m);
        }
        return v;
    }
}
