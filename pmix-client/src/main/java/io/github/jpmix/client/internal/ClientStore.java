package io.github.jpmix.client.internal;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Not API. What the client reads from the server's store in its own process: the one place that
 * binds the client to the store's API. Thread-safe: application threads read concurrently.
 */
public interface ClientStore extends AutoCloseable {
    /**
     * A reserved key per the realm rules of {@code reserved-keys.tex}, read in place.
     *
     * @return the value, or empty when the namespace is known here but the key is not found
     * @throws PmixException {@link Status#ERR_INVALID_NAMESPACE} when the namespace is not known here
     */
    Optional<Value> get(Proc target, String key, List<Info> qualifiers, Proc requester);

    /**
     * The answer an earlier {@link #get} without qualifiers gave for the same target, key and
     * requester, if this store kept it and it still holds; null otherwise (then ask {@link #get}).
     */
    default Value known(Proc target, String key, Proc requester) {
        return null;
    }

    /**
     * Whether the server may still know a reserved key of this process's own namespace that
     * {@link #get} did not find here. A JPMIx server's store is the whole truth (false); OpenPMIx's
     * client asks its server for what the job data it was sent lacks ({@code client/pmix_client_get.c:968-980}).
     */
    default boolean serverMayKnow(Proc target, String key, List<Info> qualifiers) {
        return false;
    }

    /**
     * A posted key of {@code target}: from the data the server last said its newest generation lacks,
     * else from the newest modex generation this reader was told of.
     */
    Optional<Value> modex(Proc target, String key);

    /**
     * The server's newest modex generation is {@code generation}, and {@code frames} ({@code ModexFrames},
     * null for none) is the posted data it holds that the generation lacks, at {@code version} of its
     * modex data (a fence release or handshake reply, docs/gds.md "Generations"): read both from now on,
     * {@code frames} first. A version this store has
     * already, or an older one (releases of concurrent fences handled out of order), changes nothing.
     */
    void advanceModex(long generation, long version, byte[] frames);

    @Override
    void close();
}
