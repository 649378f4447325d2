package io.github.jpmix.client.internal;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.QueryResults;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Not API. What {@code PmixClient} asks of the server that started it, in that server's protocol:
 * JPMIx's own ({@link JpmixProtocol}: the node-local transport, the store mapped in place) or OpenPMIx
 * 4.2.2's ({@code client.internal.openpmix.OpenPmixProtocol}: TCP, the job data held in this process).
 * {@code PmixClient} keeps what does not depend on the server (argument checks, gets answered in this
 * process by {@link GetRouter}, the query cache) and hands the rest here.
 *
 * <p>Futures fail with the {@link PmixException} the caller sees, its status the server's (or
 * {@link Status#ERR_LOST_CONNECTION} once the server is gone). Thread-safe.
 */
public interface ServerProtocol {
    /** Where gets are answered: this process's posts, the store, or this protocol's {@link #get}. */
    GetRouter gets();

    /** What this process posted, for {@link #commit} and {@link #fence}. */
    ModexExchange modex();

    /** A get {@link GetRouter} left to the server: the value, or the server's status. */
    CompletableFuture<Value> get(Proc target, String key, List<Info> qualifiers);

    /**
     * {@code PMIx_Commit}: sends what {@link ModexExchange} holds.
     *
     * @throws PmixException {@link Status#ERR_LOST_CONNECTION} when the server is gone
     */
    void commit();

    /**
     * {@code PMIx_Fence}: completes when every participant entered, with what the caller runs once it
     * has the release (on its own thread for a blocking fence: making the fence's data readable may
     * take work the reader thread must not do).
     */
    CompletableFuture<Runnable> fence(Collection<Proc> procs, List<Info> directives);

    /** {@code PMIx_Resolve_peers}. */
    CompletableFuture<List<Proc>> resolvePeers(String node, String nspace);

    /** {@code PMIx_Resolve_nodes}. */
    CompletableFuture<List<String>> resolveNodes(String nspace);

    /** {@code PMIx_Query_info} of the queries the client's cache could not answer: one answer per query. */
    CompletableFuture<QueryResults> query(List<Query> queries);

    /** {@code PMIx_Log}. */
    CompletableFuture<Void> log(List<Info> data, List<Info> directives);

    /** {@code PMIx_Abort}. */
    CompletableFuture<Void> abort(int status, String message, Collection<Proc> procs);

    /** Why the server is gone, or null while it is there. */
    PmixException lost();

    /** {@code PMIx_Finalize}: tells the server (unless it is gone), then disconnects and closes the store. Once. */
    void finalizeAndClose();
}
