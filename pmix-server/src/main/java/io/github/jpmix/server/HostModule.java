package io.github.jpmix.server;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.Status;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The upcalls a PMIx server makes into its host (the resource manager daemon or launcher that
 * embeds it): OpenPMIx's {@code pmix_server_module_t}, in Java.
 *
 * <p>Every method has a default that answers {@link Status#ERR_NOT_SUPPORTED}, so a host
 * implements only what it supports; the server then behaves as the Standard says for a host
 * without that function (e.g. a get for a remote peer's key without {@link #directModex} is
 * {@code PMIX_ERR_NOT_FOUND}, per {@code reserved-keys.tex} "Retrieval rules for reserved keys").
 *
 * <p><b>Threading.</b> The server calls these on its own threads and never holds a lock while
 * doing so. A host may complete the returned stage on any thread, at once or later; a host that
 * must block should complete the stage from a thread of its own instead. A stage completed
 * exceptionally with a {@link PmixException} reports that exception's status to the client;
 * any other exception reports {@link Status#ERROR}.
 */
public interface HostModule {

    /** A stage failed with {@code PMIX_ERR_NOT_SUPPORTED}: what every default answers. */
    static <T> CompletionStage<T> notSupported(String upcall) {
        return CompletableFuture.failedFuture(
                new PmixException(Status.ERR_NOT_SUPPORTED, "host does not support " + upcall));
    }

    /**
     * A registered client connected and passed the handshake ({@code client_connected2}). Failing
     * the stage refuses the client; {@code PMIX_ERR_NOT_SUPPORTED} is taken as consent.
     */
    default CompletionStage<Void> clientConnected(Proc proc, List<Info> info) {
        return notSupported("clientConnected");
    }

    /** A client called finalize (closed its {@code PmixClient}) and is about to exit ({@code client_finalized}). */
    default CompletionStage<Void> clientFinalized(Proc proc) {
        return notSupported("clientFinalized");
    }

    /**
     * A client's connection closed without a finalize: the process died or exited without
     * closing its {@code PmixClient}. {@code state} is its {@link io.github.jpmix.common.ProcState}
     * now: {@code PMIX_PROC_STATE_TERM_WO_SYNC}, or a more precise end the host reported first
     * ({@code PmixServer.procTerminated}, e.g. {@code PMIX_PROC_STATE_ABORTED_BY_SIG}). Informational; the
     * server has already removed the client from every pending fence.
     */
    default void clientTerminated(Proc proc, int state) {
    }

    /**
     * A client asked to abort processes ({@code abort}): {@code targets} empty means its whole
     * namespace.
     */
    default CompletionStage<Void> abort(Proc requester, int status, String message, List<Proc> targets) {
        return notSupported("abort");
    }

    /**
     * Every local participant of a fence has arrived ({@code fence_nb}). {@code data} is this
     * node's combined contribution (opaque bytes); the host exchanges it with the other nodes
     * hosting participants and completes the stage with every node's contributions concatenated
     * in any order (the concatenation of the byte arrays the servers of those nodes passed here,
     * this node's included). On a single node, completing with {@code data} itself is right.
     *
     * @param procs the participants as the clients named them (rank {@code WILDCARD} = whole namespace)
     * @param directives e.g. {@code PMIX_COLLECT_DATA}, {@code PMIX_TIMEOUT}
     */
    default CompletionStage<byte[]> fence(List<Proc> procs, List<Info> directives, byte[] data) {
        return notSupported("fence");
    }

    /**
     * A local client asked for data posted by a process this server holds no data for
     * ({@code direct_modex}). The host fetches that process's posted data from the server of its
     * node (which answers through {@code PmixServer.directModexData}) and completes the stage
     * with it; {@code PMIX_ERR_NOT_FOUND} or {@code PMIX_ERR_TIMEOUT} if it cannot.
     */
    default CompletionStage<byte[]> directModex(Proc proc, List<Info> directives) {
        return notSupported("directModex");
    }

    /**
     * A client or tool query ({@code query}), asked before the server answers anything itself. Each
     * query's qualifiers end with the requester's {@code PMIX_USERID} and {@code PMIX_GRPID}. Complete
     * with one info per key the host answered, keyed by that key (in query order when a key repeats);
     * the server answers itself every key the host leaves out, and all of them when the stage fails with
     * {@code PMIX_ERR_NOT_SUPPORTED} or {@code PMIX_ERR_NOT_FOUND}. Any other failure fails the request.
     */
    default CompletionStage<List<Info>> query(Proc requester, List<Query> queries) {
        return notSupported("query");
    }

    /**
     * A log request ({@code log}): one data entry per call (a channel such as {@code PMIX_LOG_STDOUT},
     * {@code PMIX_LOG_SYSLOG} or {@code PMIX_LOG_EMAIL}, with its message), in the order the requester gave
     * them. {@code directives} are the requester's plus {@code PMIX_USERID}, {@code PMIX_GRPID} (verified
     * by the server) and {@code PMIX_LOG_SOURCE}. Complete normally once the data is handed off; fail with
     * {@code PMIX_ERR_NOT_SUPPORTED} for a channel the host does not have (the server then tries the next
     * entry under {@code PMIX_LOG_ONCE}), {@code PMIX_ERR_BAD_PARAM} for a malformed entry.
     */
    default CompletionStage<Void> log(Proc requester, List<Info> data, List<Info> directives) {
        return notSupported("log");
    }

    /**
     * An event a local client notified whose range may reach beyond this node ({@code notify_event}):
     * {@code PMIX_RANGE_NAMESPACE}, {@code SESSION}, {@code GLOBAL}, {@code CUSTOM} or {@code RM} (the host
     * itself is the audience). The server has delivered it to this node's clients already; the host takes it
     * to the servers of the other nodes in the range, which hand it to {@code PmixServer.notifyEvent} with the
     * same source. Complete once it is on its way; {@code PMIX_ERR_NOT_SUPPORTED} (this default) means a
     * single-node host: the notifier is told success.
     */
    default CompletionStage<Void> notifyEvent(int status, Proc source, int range, List<Info> info) {
        return notSupported("notifyEvent");
    }

    /**
     * A tool asks to connect ({@code tool_connected}), asked for every tool once the kernel
     * ({@code SO_PEERCRED}) has confirmed the uid and gid it claims. {@code info} holds
     * {@code PMIX_USERID}, {@code PMIX_GRPID}, {@code PMIX_PROC_PID}, the identity the tool will get
     * ({@code PMIX_TOOL_NSPACE}, {@code PMIX_TOOL_RANK}: its own if it gave one, else one the server
     * assigns) and the infos the tool passed (e.g. {@code PMIX_CMD_LINE}). The answer decides
     * ({@code docs/tools.md}, "Admission"):
     * <ul>
     *   <li>completed normally: the tool is admitted, whichever user it runs as;
     *   <li>failed with {@code PMIX_ERR_NOT_SUPPORTED} (this default): admitted only if it runs as the
     *       server's own user or as root, else refused with {@code PMIX_ERR_NO_PERMISSIONS};
     *   <li>failed with any other status: refused with that status and message.
     * </ul>
     * Complete the stage at once if you can: the tool's handshake then carries the verdict. A later
     * answer reaches the tool as a notification (it waits up to 30 s for it).
     */
    default CompletionStage<Void> toolConnected(List<Info> info) {
        return notSupported("toolConnected");
    }
}
