package io.github.jpmix.common.internal.protocol;

/** Not API. Request opcodes: the first byte of every request a client or tool sends. */
public final class Op {
    /** Posted data ({@code PMIx_Commit}): one info per key, scope in the implementer bits of its directives. */
    public static final byte COMMIT = 1;
    /** {@code PMIx_Fence}: participants, then the caller's directives. Replied to when the fence completes. */
    public static final byte FENCE = 2;
    /** {@code PMIx_Get} the client could not answer from its store: target, key, then qualifiers. */
    public static final byte GET = 3;
    /** {@code PMIx_Resolve_peers}: node (absent = this node) and namespace (absent = all). */
    public static final byte RESOLVE_PEERS = 4;
    /** {@code PMIx_Resolve_nodes}: namespace (absent = all). */
    public static final byte RESOLVE_NODES = 5;
    /** {@code PMIx_Query_info}: the queries. */
    public static final byte QUERY = 6;
    /** {@code PMIx_Log}: data, then directives. */
    public static final byte LOG = 7;
    /** {@code PMIx_Abort}: status, message, target procs. */
    public static final byte ABORT = 8;
    /** {@code PMIx_Finalize}: the client is done; the server answers and expects the connection to close. */
    public static final byte FINALIZE = 9;
    /** {@code PMIx_Register_event_handler}: the codes ({@code CODES}; none: a default handler), then its infos. */
    public static final byte REGISTER_EVENTS = 10;
    /** {@code PMIx_Deregister_event_handler}: the codes whose registrations go ({@code CODES}; none: the default one). */
    public static final byte DEREGISTER_EVENTS = 11;
    /** {@code PMIx_Notify_event}: code ({@code STATUS}), range ({@code RANGE}), then the event's infos. */
    public static final byte NOTIFY = 12;
    /** {@code PMIx_Job_control}: targets ({@code PROCS}), then directives. */
    public static final byte JOB_CONTROL = 13;

    // ---- publish / lookup, spawn, connect (docs/protocol.md, "Publish, spawn, connect") ----
    /** {@code PMIx_Publish}: the data ({@code DATA}), then directives ({@code PMIX_RANGE}, {@code PMIX_PERSISTENCE}, ...). */
    public static final byte PUBLISH = 20;
    /** {@code PMIx_Lookup}: the keys ({@code KEYS}), then directives ({@code PMIX_RANGE}, {@code PMIX_WAIT}, {@code PMIX_TIMEOUT}). */
    public static final byte LOOKUP = 21;
    /** {@code PMIx_Unpublish}: the keys ({@code KEYS}; absent: all the caller published), then directives. */
    public static final byte UNPUBLISH = 22;
    /** {@code PMIx_Spawn}: the applications ({@code APPS}), then the job's infos. */
    public static final byte SPAWN = 23;
    /** {@code PMIx_Connect}: the participants ({@code PROCS}), then directives. Collective, like a fence. */
    public static final byte CONNECT = 24;
    /** {@code PMIx_Disconnect}: the participants ({@code PROCS}), then directives. Collective, like a fence. */
    public static final byte DISCONNECT = 25;

    private Op() {
    }

    /** A printable name, for logs and errors. */
    public static String name(int op) {
        return switch (op) {
            case COMMIT -> "COMMIT";
            case FENCE -> "FENCE";
            case GET -> "GET";
            case RESOLVE_PEERS -> "RESOLVE_PEERS";
            case RESOLVE_NODES -> "RESOLVE_NODES";
            case QUERY -> "QUERY";
            case LOG -> "LOG";
            case ABORT -> "ABORT";
            case FINALIZE -> "FINALIZE";
            case REGISTER_EVENTS -> "REGISTER_EVENTS";
            case DEREGISTER_EVENTS -> "DEREGISTER_EVENTS";
            case NOTIFY -> "NOTIFY";
            case JOB_CONTROL -> "JOB_CONTROL";
            case PUBLISH -> "PUBLISH";
            case LOOKUP -> "LOOKUP";
            case UNPUBLISH -> "UNPUBLISH";
            case SPAWN -> "SPAWN";
            case CONNECT -> "CONNECT";
            case DISCONNECT -> "DISCONNECT";
            default -> "op" + op;
        };
    }
}
