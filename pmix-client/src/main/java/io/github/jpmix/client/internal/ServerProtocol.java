package io.github.jpmix.client.internal;

import io.github.jpmix.common.App;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.PData;
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

    /**
     * {@code PMIx_Resolve_peers}; a {@code PMIX_TIMEOUT} among {@code directives} fails it with
     * {@link Status#ERR_TIMEOUT} when no answer came in time.
     */
    CompletableFuture<List<Proc>> resolvePeers(String node, String nspace, List<Info> directives);

    /** {@code PMIx_Resolve_nodes}; {@code PMIX_TIMEOUT} as {@link #resolvePeers}. */
    CompletableFuture<List<String>> resolveNodes(String nspace, List<Info> directives);

    /** {@code PMIx_Query_info} of the queries the client's cache could not answer: one answer per query. */
    CompletableFuture<QueryResults> query(List<Query> queries);

    /** {@code PMIx_Log}. */
    CompletableFuture<Void> log(List<Info> data, List<Info> directives);

    /** {@code PMIx_Abort}. */
    CompletableFuture<Void> abort(int status, String message, Collection<Proc> procs);

    // ---- publish / lookup, spawn, connect ----

    /** {@code PMIx_Publish}: data (non-reserved keys), then directives. */
    default CompletableFuture<Void> publish(List<Info> data, List<Info> directives) {
        return unsupported("publish");
    }

    /** {@code PMIx_Lookup}: what was found, one {@link PData} per key. */
    default CompletableFuture<List<PData>> lookup(List<String> keys, List<Info> directives) {
        return unsupported("lookup");
    }

    /** {@code PMIx_Unpublish}: {@code keys} empty = everything this process published. */
    default CompletableFuture<Void> unpublish(List<String> keys, List<Info> directives) {
        return unsupported("unpublish");
    }

    /** {@code PMIx_Spawn}: the new job's namespace. */
    default CompletableFuture<String> spawn(List<App> apps, List<Info> jobInfo) {
        return unsupported("spawn");
    }

    /** {@code PMIx_Connect} ({@code connect} true) or {@code PMIx_Disconnect}. */
    default CompletableFuture<Void> connect(Collection<Proc> procs, List<Info> directives, boolean connect) {
        return unsupported(connect ? "connect" : "disconnect");
    }

    /** A future failed with {@code PMIX_ERR_NOT_SUPPORTED}: a call this protocol does not carry. */
    static <T> CompletableFuture<T> unsupported(String call) {
        return CompletableFuture.failedFuture(new PmixException(Status.ERR_NOT_SUPPORTED,
                call + " is not supported by JPMIx's client under this server"));
    }

    // ---- events ----

    /** The server's identity ({@code PMIX_SERVER_NSPACE}, {@code PMIX_SERVER_RANK}): the source of a lost connection. */
    Proc serverProc();

    /**
     * Where events and the server's departure go from now on. Set once, right after connecting: no
     * registration is made before, so the server sends no event before.
     */
    void eventSink(EventSink sink);

    /**
     * {@code PMIx_Register_event_handler}: asks the server for events of {@code codes} (none: every event, a
     * default handler), about the processes of {@code PMIX_EVENT_AFFECTED_PROC(S)} among {@code info}.
     */
    CompletableFuture<Void> registerEvents(List<Integer> codes, List<Info> info);

    /**
     * {@code PMIx_Deregister_event_handler}: no handler of this process takes {@code codes} any more (with
     * {@code defaults}: no default handler is left either).
     */
    CompletableFuture<Void> deregisterEvents(List<Integer> codes, boolean defaults);

    /** {@code PMIx_Notify_event}: the server delivers the event to the other processes in {@code range}. */
    CompletableFuture<Void> notifyEvent(int code, int range, List<Info> info);

    /** Why the server is gone, or null while it is there. */
    PmixException lost();

    /** {@code PMIx_Finalize}: tells the server (unless it is gone), then disconnects and closes the store. Once. */
    void finalizeAndClose();
}
