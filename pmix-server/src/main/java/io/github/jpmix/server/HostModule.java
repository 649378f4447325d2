package io.github.jpmix.server;

import io.github.jpmix.common.App;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.PData;
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

    // ---- namespace information (reserved-keys.tex, "Retrieval rules for reserved keys", item 2) ----

    /**
     * A local client asked for a reserved key of a namespace this server holds nothing of: OpenPMIx's
     * {@code direct_modex} for a whole namespace. {@code reserved-keys.tex}, "Retrieval rules for
     * reserved keys", item 2: "The host is responsible for identifying a source of information on the
     * specified namespace and retrieving it. The host is required to retrieve all of the information
     * regarding the target namespace and return it to the requesting server in anticipation of
     * follow-on requests."
     *
     * <p>Complete the stage with the namespace's information in the form {@link PmixServer#registerNamespace}
     * takes, as this node sees the job ({@link WireupInfo#buildRemote} for a job with no process here).
     * The server registers it as a namespace with no local processes, answers the get from it (and
     * every later get of the namespace without asking again, the clients reading it from the store),
     * and holds it until {@link PmixServer#deregisterNamespace}; a {@link PmixServer#registerNamespace}
     * of the same namespace replaces it.
     *
     * <p>Fail the stage with {@code PMIX_ERR_NOT_FOUND} when no information can be found, with
     * {@code PMIX_ERR_TIMEOUT} when the {@code PMIX_TIMEOUT} among {@code directives} ran out: the
     * client gets that status. The server itself ends the get with {@code PMIX_ERR_TIMEOUT} when
     * that timeout passes first. Gets of the namespace that arrive while the upcall runs wait for it
     * instead of asking again; a failure is not remembered (the next get asks again).
     * {@code PMIX_ERR_NOT_SUPPORTED} (this default) answers {@code PMIX_ERR_NOT_FOUND}, as the rule's
     * item 3 says for a host without this function.
     *
     * @param nspace the namespace asked of
     * @param directives the get's qualifiers (e.g. {@code PMIX_TIMEOUT}), then the requester's
     *     {@code PMIX_PROCID} and the key asked ({@code PMIX_REQUIRED_KEY})
     */
    default CompletionStage<List<Info>> namespaceInfo(String nspace, List<Info> directives) {
        return notSupported("namespaceInfo");
    }

    /**
     * A client or tool query ({@code query}), asked before the server answers anything itself. Each
     * query's qualifiers end with the requester's {@code PMIX_USERID} and {@code PMIX_GRPID}. Complete
     * with one info per key the host answered, keyed by that key (in query order when a key repeats);
     * the server answers itself every key the host leaves out, and all of them when the stage fails with
     * {@code PMIX_ERR_NOT_SUPPORTED} or {@code PMIX_ERR_NOT_FOUND}. Any other failure fails the request.
     *
     * <p><b>Resolve calls</b> reach the host here too ({@code spec/resolve-peers-nodes-hierarchy.rst}: "If the
     * host does support it, then the server will relay the request to the host via that interface"), each as
     * one query with one key, its qualifiers in this order:
     * <ul>
     *   <li>{@code PMIx_Resolve_peers(node, nspace)}: key {@code PMIX_LOCAL_PROCS}; {@code PMIX_HOSTNAME}
     *       (the node; absent when the caller named none, meaning the server's node), {@code PMIX_NSPACE}
     *       (absent for a null namespace: every namespace of the session). Answer: a {@code PMIX_DATA_ARRAY}
     *       of {@code PMIX_PROC}, empty when the node hosts none of them.
     *   <li>{@code PMIx_Resolve_nodes(nspace)}: key {@code PMIX_NODE_LIST}; {@code PMIX_NSPACE} (absent for
     *       a null namespace). Answer: a {@code PMIX_STRING} of comma-delimited host names, empty for none.
     * </ul>
     * Then, for both: {@code PMIX_SESSION_ID} when the requester's job was registered with one (the search is
     * "restricted to searching within the current session"; a namespace of another session never reaches
     * the host: the server answers {@code PMIX_ERR_INVALID_NAMESPACE} first), the requester's directives as it
     * gave them (e.g. {@code PMIX_TIMEOUT}: the server fails the call with {@code PMIX_ERR_TIMEOUT} when it
     * passes first), and {@code PMIX_USERID}, {@code PMIX_GRPID}. A failure with another status than the two
     * above (e.g. {@code PMIX_ERR_INVALID_NAMESPACE}) is the call's status; the host should follow the
     * statuses of {@code resolve-peers-nodes-hierarchy.rst} ("the only requirement, however, is that the API
     * return PMIX_SUCCESS if the API was successfully executed, even if no processes or no nodes were found").
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

    // ---- publish / lookup, spawn, connect (docs/protocol.md, "Publish, spawn, connect") ----

    /**
     * A client publishes data ({@code publish}) for others to look up. {@code data} are the key/value
     * pairs (never a reserved {@code pmix} key); {@code directives} the requester's ({@code PMIX_RANGE},
     * default {@code PMIX_RANGE_SESSION}; {@code PMIX_PERSISTENCE}, default {@code PMIX_PERSIST_SESSION};
     * {@code PMIX_TIMEOUT}) plus its {@code PMIX_USERID} and {@code PMIX_GRPID} as the server verified them.
     * Fail with {@code PMIX_ERR_DUPLICATE_KEY} for a key already published in that range.
     */
    default CompletionStage<Void> publish(Proc requester, List<Info> data, List<Info> directives) {
        return notSupported("publish");
    }

    /**
     * A client looks up published data ({@code lookup}). {@code directives}: {@code PMIX_RANGE},
     * {@code PMIX_WAIT} (wait until that many keys are found, 0 or {@code true}: all of them),
     * {@code PMIX_TIMEOUT} (seconds; then {@code PMIX_ERR_TIMEOUT}), plus the verified {@code PMIX_USERID}
     * and {@code PMIX_GRPID}. Complete with what was found (one {@link PData} per key found, with its
     * publisher), or fail with {@code PMIX_ERR_NOT_FOUND} when nothing was.
     */
    default CompletionStage<List<PData>> lookup(Proc requester, List<String> keys, List<Info> directives) {
        return notSupported("lookup");
    }

    /**
     * A client withdraws data it published ({@code unpublish}): {@code keys} empty means all of it.
     * {@code directives}: {@code PMIX_RANGE} and the verified {@code PMIX_USERID}, {@code PMIX_GRPID}.
     */
    default CompletionStage<Void> unpublish(Proc requester, List<String> keys, List<Info> directives) {
        return notSupported("unpublish");
    }

    /**
     * A client asks to start a new job ({@code spawn}): register a namespace with its wireup information
     * on this server, start its processes and complete with the namespace once they are started.
     * {@code jobInfo} holds the requester's job-level directives plus its verified {@code PMIX_USERID} and
     * {@code PMIX_GRPID}; each {@link App} its command, arguments, environment, working directory, process
     * count and its own directives.
     */
    default CompletionStage<String> spawn(Proc requester, List<Info> jobInfo, List<App> apps) {
        return notSupported("spawn");
    }

    /**
     * Every local participant of a {@code PMIx_Connect} has arrived ({@code connect}): the host makes the
     * participants' namespaces known to each other across its nodes and completes when all nodes
     * have. A server whose participants are all its own needs no host: {@code PMIX_ERR_NOT_SUPPORTED}
     * (this default) then completes the operation.
     *
     * @param procs the participants as the clients named them (rank {@code WILDCARD} = whole namespace)
     */
    default CompletionStage<Void> connect(List<Proc> procs, List<Info> directives) {
        return notSupported("connect");
    }

    /** As {@link #connect}, for {@code PMIx_Disconnect} ({@code disconnect}). */
    default CompletionStage<Void> disconnect(List<Proc> procs, List<Info> directives) {
        return notSupported("disconnect");
    }
}
