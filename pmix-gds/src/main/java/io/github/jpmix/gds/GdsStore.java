package io.github.jpmix.gds;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import java.util.Map;

/**
 * The writer side of a store: the server registers namespaces and publishes modex generations;
 * readers ({@link #reader()}, {@link Gds#attach}) read them.
 *
 * <p><b>Threading.</b> One writer: call the writing methods from one thread at a time (they are
 * synchronized, so a mistake costs waiting, not corruption). {@link #reader()},
 * {@link #modexGeneration()} and {@link #attachInfo()} may be called from any thread.
 *
 * <p><b>Modex scope.</b> The store keeps, per process and key, the newest value posted; it does not
 * filter by {@code Scope}. The server passes in only what processes on this node may read: the
 * {@code PMIX_LOCAL} and {@code PMIX_GLOBAL} data of local processes and the {@code PMIX_REMOTE} and
 * {@code PMIX_GLOBAL} data of remote ones.
 */
public interface GdsStore extends AutoCloseable {
    /**
     * Registers a namespace. Readers see all of it at once, or none of it.
     *
     * @throws PmixException {@link Status#ERR_EXISTS} if the namespace is registered;
     *     {@link Status#ERR_FILE_WRITE_FAILURE} if its file cannot be written
     */
    void register(Registration registration);

    /**
     * Deregisters a namespace: its file is removed, and its processes' modex data leaves what readers
     * are told of at once (a new generation without it, whose predecessors are removed; with the last
     * namespace, no generation at all: {@link #modexGeneration()} is 0 again). Readers that still have
     * its job file mapped keep reading it until they close. False if it was not registered.
     */
    boolean deregister(String namespace);

    /**
     * Adds posted data to what the store holds (a key posted again replaces its value) and publishes
     * the union as a new generation, which answers every modex read in one lookup.
     *
     * @param posted per process (a valid rank), key to value; keys must not be reserved
     * @return the new generation number; the server sends it to the readers in fence releases
     * @throws PmixException {@link Status#ERR_BAD_PARAM} for a reserved key or a process that is not a
     *     rank; {@link Status#ERR_FILE_WRITE_FAILURE} if the generation cannot be written
     */
    long publishModex(Map<Proc, ? extends Map<String, Value>> posted);

    /** The newest generation readers can map; 0 before the first publication and while the store holds no namespace. */
    long modexGeneration();

    /** The server's reader: it knows every registered namespace and the newest generation at once. */
    GdsReader reader();

    /**
     * What a process on this node needs to attach a reader to this store ({@link Gds#attach}): a few
     * strings the server hands a client with its other connection data.
     */
    Map<String, String> attachInfo();

    /** The node this store is on: its name in the host's maps and node arrays. */
    String localHost();

    /** Closes the store and its reader and removes its files. Idempotent. */
    @Override
    void close();
}
