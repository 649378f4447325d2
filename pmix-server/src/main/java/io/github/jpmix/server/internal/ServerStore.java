package io.github.jpmix.server.internal;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.gds.Registration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Not API. What the server needs of the data store (pmix-gds): the one place that binds the
 * server to the store's API. Called under the server lock or from the conductor thread; the
 * store's writer is single-threaded by that.
 */
public interface ServerStore extends AutoCloseable {
    /**
     * Stores a namespace's registration data by realm, visible to readers all at once.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} for malformed data
     */
    void registerNamespace(String nspace, int nlocalprocs, List<Info> info);

    void deregisterNamespace(String nspace);

    boolean hasNamespace(String nspace);

    /** What the host registered for {@code nspace}, parsed by realm; empty when it is not registered. */
    Optional<Registration> registration(String nspace);

    /** What a client of {@code nspace} needs to open the store from its own process. */
    Map<String, String> attachInfo(String nspace);

    /**
     * A reserved key per the realm rules of {@code reserved-keys.tex}.
     *
     * @return the value, or empty when the namespace is known but the key is not found
     * @throws PmixException {@link Status#ERR_INVALID_NAMESPACE} when the namespace is unknown
     */
    Optional<Value> get(Proc target, String key, List<Info> qualifiers, Proc requester);

    /**
     * Publishes a new modex generation holding exactly {@code data} (the union of everything
     * posted so far that this node's processes may read) and returns its number.
     */
    long publishModex(Map<Proc, Map<String, Value>> data);

    /** The newest published modex generation, 0 before the first. */
    long modexGeneration();

    /**
     * The nodes hosting {@code nspace}'s processes ({@code PMIx_Resolve_nodes}).
     *
     * @throws PmixException {@link Status#ERR_INVALID_NAMESPACE} when the namespace is unknown
     */
    List<String> nodes(String nspace);

    /**
     * The processes of {@code nspace} on {@code node} ({@code PMIx_Resolve_peers}): empty when the
     * node is not the namespace's.
     *
     * @throws PmixException {@link Status#ERR_INVALID_NAMESPACE} when the namespace is unknown,
     *     {@link Status#ERR_DATA_VALUE_NOT_FOUND} when the node is the namespace's but neither its
     *     local peers nor a proc map were given
     */
    List<Proc> peers(String node, String nspace);

    /** The namespaces the store holds, sorted by name. */
    List<String> namespaces();

    @Override
    void close();
}
