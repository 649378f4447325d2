package io.github.jpmix.common;

/**
 * PMIx status codes ({@code pmix_status_t}): plain {@code int}s whose values equal OpenPMIx
 * 4.2.2's {@code pmix_common.h} (and, for the codes 4.2.2 moved there, {@code pmix_deprecated.h}).
 *
 * <p>They are ints, not an enum, because RFC0010 made status codes extensible: a host or a
 * third-party library may define its own below {@link #EXTERNAL_ERR_BASE} and give them a name
 * with {@link #define(int, String)}. {@link #name(int)} prints any code, known or not.
 *
 * <p>Where the headers define two names for one value (a current one and a deprecated alias),
 * {@link #name(int)} returns the current one. {@code OpenPmixHeaderConstantsTest} checks every
 * value here against the installed headers, both ways.
 *
 * <p>Two printed forms: {@link #name(int)} is the C symbol ({@code "PMIX_ERR_NOT_FOUND"}), for
 * logs and exception messages; {@link #toString(int)} is {@code PMIx_Error_string}'s text
 * ({@code "NOT-FOUND"}), for output that should read like OpenPMIx's.
 *
 * <p>Thread-safe.
 */
public final class Status {

    // pmix_common.h, "PMIX ERROR CONSTANTS" (the pmix_status_t section). PMIx errors are always
    // negative, with 0 reserved for success; the groups follow the header's.
    public static final int SUCCESS = 0;
    /** general error */
    public static final int ERROR = -1;

    // fault tolerance
    public static final int ERR_PROC_RESTART = -4;
    public static final int ERR_PROC_CHECKPOINT = -5;
    public static final int ERR_PROC_MIGRATE = -6;
    public static final int ERR_EXISTS = -11;

    // communication failures
    public static final int ERR_INVALID_CRED = -12;
    public static final int ERR_WOULD_BLOCK = -15;
    public static final int ERR_UNKNOWN_DATA_TYPE = -16;
    public static final int ERR_TYPE_MISMATCH = -18;
    public static final int ERR_UNPACK_INADEQUATE_SPACE = -19;
    public static final int ERR_UNPACK_FAILURE = -20;
    public static final int ERR_PACK_FAILURE = -21;
    public static final int ERR_NO_PERMISSIONS = -23;
    public static final int ERR_TIMEOUT = -24;
    public static final int ERR_UNREACH = -25;
    public static final int ERR_BAD_PARAM = -27;
    public static final int ERR_RESOURCE_BUSY = -28;
    public static final int ERR_OUT_OF_RESOURCE = -29;
    public static final int ERR_INIT = -31;
    public static final int ERR_NOMEM = -32;
    public static final int ERR_NOT_FOUND = -46;
    public static final int ERR_NOT_SUPPORTED = -47;
    public static final int ERR_PARAM_VALUE_NOT_SUPPORTED = -59;
    public static final int ERR_COMM_FAILURE = -49;
    public static final int ERR_UNPACK_READ_PAST_END_OF_BUFFER = -50;
    public static final int ERR_CONFLICTING_CLEANUP_DIRECTIVES = -51;
    public static final int ERR_PARTIAL_SUCCESS = -52;
    public static final int ERR_DUPLICATE_KEY = -53;
    public static final int ERR_EMPTY = -60;
    public static final int ERR_LOST_CONNECTION = -61;
    public static final int ERR_EXISTS_OUTSIDE_SCOPE = -62;

    // Process set
    public static final int PROCESS_SET_DEFINE = -55;
    public static final int PROCESS_SET_DELETE = -56;

    // Debugger ops
    /** replaced deprecated PMIX_ERR_DEBUGGER_RELEASE */
    public static final int DEBUGGER_RELEASE = -3;
    /** accompanied by PMIX_BREAKPOINT indicating where proc is waiting */
    public static final int READY_FOR_DEBUG = -58;

    // query errors
    public static final int QUERY_PARTIAL_SUCCESS = -104;

    // job control
    /** monitored by client to trigger checkpoint operation */
    public static final int JCTRL_CHECKPOINT = -106;
    /** sent by client and monitored by server to notify that requested */
    public static final int JCTRL_CHECKPOINT_COMPLETE = -107;
    /** monitored by client to detect RM intends to preempt */
    public static final int JCTRL_PREEMPT_ALERT = -108;

    // monitoring
    public static final int MONITOR_HEARTBEAT_ALERT = -109;
    public static final int MONITOR_FILE_ALERT = -110;
    public static final int PROC_TERMINATED = -111;

    // operational
    public static final int ERR_EVENT_REGISTRATION = -144;
    public static final int MODEL_DECLARED = -147;
    /** model resource usage has changed */
    public static final int MODEL_RESOURCES = -151;
    /** an OpenMP parallel region has been entered */
    public static final int OPENMP_PARALLEL_ENTERED = -152;
    /** an OpenMP parallel region has completed */
    public static final int OPENMP_PARALLEL_EXITED = -153;
    public static final int LAUNCHER_READY = -155;
    public static final int OPERATION_IN_PROGRESS = -156;
    public static final int OPERATION_SUCCEEDED = -157;
    public static final int ERR_INVALID_OPERATION = -158;
    public static final int GROUP_INVITED = -159;
    public static final int GROUP_LEFT = -160;
    public static final int GROUP_INVITE_ACCEPTED = -161;
    public static final int GROUP_INVITE_DECLINED = -162;
    public static final int GROUP_INVITE_FAILED = -163;
    public static final int GROUP_MEMBERSHIP_UPDATE = -164;
    public static final int GROUP_CONSTRUCT_ABORT = -165;
    public static final int GROUP_CONSTRUCT_COMPLETE = -166;
    public static final int GROUP_LEADER_SELECTED = -167;
    public static final int GROUP_LEADER_FAILED = -168;
    public static final int GROUP_CONTEXT_ID_ASSIGNED = -169;
    public static final int GROUP_MEMBER_FAILED = -170;
    public static final int ERR_REPEAT_ATTR_REGISTRATION = -171;
    public static final int ERR_IOF_FAILURE = -172;
    public static final int ERR_IOF_COMPLETE = -173;
    /** include nspace of the launched job with notification */
    public static final int LAUNCH_COMPLETE = -174;
    public static final int FABRIC_UPDATED = -175;
    public static final int FABRIC_UPDATE_PENDING = -176;
    public static final int FABRIC_UPDATE_ENDPOINTS = -113;

    // job-related errors
    public static final int ERR_JOB_APP_NOT_EXECUTABLE = -177;
    public static final int ERR_JOB_NO_EXE_SPECIFIED = -178;
    public static final int ERR_JOB_FAILED_TO_MAP = -179;
    public static final int ERR_JOB_CANCELED = -180;
    public static final int ERR_JOB_FAILED_TO_LAUNCH = -181;
    public static final int ERR_JOB_ABORTED = -182;
    public static final int ERR_JOB_KILLED_BY_CMD = -183;
    public static final int ERR_JOB_ABORTED_BY_SIG = -184;
    public static final int ERR_JOB_TERM_WO_SYNC = -185;
    public static final int ERR_JOB_SENSOR_BOUND_EXCEEDED = -186;
    public static final int ERR_JOB_NON_ZERO_TERM = -187;
    public static final int ERR_JOB_ALLOC_FAILED = -188;
    public static final int ERR_JOB_ABORTED_BY_SYS_EVENT = -189;
    public static final int ERR_JOB_EXE_NOT_FOUND = -190;
    public static final int ERR_JOB_WDIR_NOT_FOUND = -233;
    public static final int ERR_JOB_INSUFFICIENT_RESOURCES = -234;
    public static final int ERR_JOB_SYS_OP_FAILED = -235;

    // job/session-related non-error events
    public static final int EVENT_JOB_START = -191;
    public static final int EVENT_JOB_END = -145;
    public static final int EVENT_SESSION_START = -192;
    public static final int EVENT_SESSION_END = -193;

    // process-related events
    public static final int ERR_PROC_REQUESTED_ABORT = -8;
    public static final int ERR_PROC_TERM_WO_SYNC = -200;
    public static final int EVENT_PROC_TERMINATED = -201;
    public static final int ERR_PROC_KILLED_BY_CMD = -400;
    public static final int ERR_PROC_FAILED_TO_START = -401;
    public static final int ERR_PROC_ABORTED_BY_SIG = -402;
    public static final int ERR_PROC_SENSOR_BOUND_EXCEEDED = -403;
    public static final int ERR_EXIT_NONZERO_TERM = -404;

    // system failures
    public static final int EVENT_SYS_BASE = -230;
    public static final int EVENT_NODE_DOWN = -231;
    public static final int EVENT_NODE_OFFLINE = -232;
    public static final int EVENT_SYS_OTHER = -330;

    // used by event handlers
    public static final int EVENT_NO_ACTION_TAKEN = -331;
    public static final int EVENT_PARTIAL_ACTION_TAKEN = -332;
    public static final int EVENT_ACTION_DEFERRED = -333;
    public static final int EVENT_ACTION_COMPLETE = -334;

    // pmix_deprecated.h, "CONSTANTS": codes OpenPMIx 4 deprecated or removed. They keep their
    // values because older peers still send them; the ones that duplicate a current code are
    // aliases and never print.
    public static final int ERR_SILENT = -2;
    /** Old name of {@link #DEBUGGER_RELEASE}. */
    public static final int ERR_DEBUGGER_RELEASE = -3;
    public static final int ERR_PROC_ABORTED = -7;
    public static final int ERR_PROC_ABORTING = -9;
    public static final int ERR_SERVER_FAILED_REQUEST = -10;
    /** Old name of {@link #ERR_EXISTS}. */
    public static final int EXISTS = -11;
    public static final int ERR_HANDSHAKE_FAILED = -13;
    public static final int ERR_READY_FOR_HANDSHAKE = -14;
    public static final int ERR_PROC_ENTRY_NOT_FOUND = -17;
    public static final int ERR_PACK_MISMATCH = -22;
    public static final int ERR_IN_ERRNO = -26;
    public static final int ERR_DATA_VALUE_NOT_FOUND = -30;
    public static final int ERR_INVALID_ARG = -33;
    public static final int ERR_INVALID_KEY = -34;
    public static final int ERR_INVALID_KEY_LENGTH = -35;
    public static final int ERR_INVALID_VAL = -36;
    public static final int ERR_INVALID_VAL_LENGTH = -37;
    public static final int ERR_INVALID_LENGTH = -38;
    public static final int ERR_INVALID_NUM_ARGS = -39;
    public static final int ERR_INVALID_ARGS = -40;
    public static final int ERR_INVALID_NUM_PARSED = -41;
    public static final int ERR_INVALID_KEYVALP = -42;
    public static final int ERR_INVALID_SIZE = -43;
    public static final int ERR_INVALID_NAMESPACE = -44;
    public static final int ERR_SERVER_NOT_AVAIL = -45;
    public static final int ERR_NOT_IMPLEMENTED = -48;
    /** Old name of {@link #READY_FOR_DEBUG}. */
    public static final int DEBUG_WAITING_FOR_NOTIFY = -58;
    public static final int ERR_FATAL = -63;
    public static final int ERR_NOT_AVAILABLE = -64;
    public static final int ERR_VALUE_OUT_OF_BOUNDS = -65;
    public static final int ERR_FILE_OPEN_FAILURE = -67;
    public static final int ERR_FILE_READ_FAILURE = -68;
    public static final int ERR_FILE_WRITE_FAILURE = -69;
    public static final int ERR_SYS_LIMITS_PIPES = -70;
    public static final int ERR_SYS_LIMITS_CHILDREN = -71;
    public static final int ERR_PIPE_SETUP_FAILURE = -72;
    public static final int ERR_EXE_NOT_ACCESSIBLE = -73;
    public static final int ERR_JOB_WDIR_NOT_ACCESSIBLE = -74;
    public static final int ERR_SYS_LIMITS_FILES = -75;
    public static final int ERR_LOST_CONNECTION_TO_SERVER = -101;
    public static final int ERR_LOST_PEER_CONNECTION = -102;
    public static final int ERR_LOST_CONNECTION_TO_CLIENT = -103;
    public static final int NOTIFY_ALLOC_COMPLETE = -105;
    public static final int ERR_INVALID_TERMINATION = -112;
    /** Old name of {@link #EVENT_JOB_END}. */
    public static final int ERR_JOB_TERMINATED = -145;
    public static final int ERR_UPDATE_ENDPOINTS = -146;
    public static final int GDS_ACTION_COMPLETE = -148;
    public static final int PROC_HAS_CONNECTED = -149;
    public static final int CONNECT_REQUESTED = -150;
    /** Old name of {@link #EVENT_NODE_DOWN}. */
    public static final int ERR_NODE_DOWN = -231;
    /** Old name of {@link #EVENT_NODE_OFFLINE}. */
    public static final int ERR_NODE_OFFLINE = -232;
    /** Old name of {@link #EVENT_SYS_BASE}. */
    public static final int ERR_SYS_BASE = EVENT_SYS_BASE;
    /** Old name of {@link #EVENT_SYS_OTHER}. */
    public static final int ERR_SYS_OTHER = EVENT_SYS_OTHER;

    // pmix_common.h again, the end of "PMIX ERROR CONSTANTS"
    /**
     * Codes below this one (more negative) are free for users and hosts; PMIx never defines them.
     * Define yours relative to this constant, never as a literal.
     */
    public static final int EXTERNAL_ERR_BASE = -3000;

    /*
     * The name table. Order matters: the first symbol registered for a value is the one printed,
     * so current names come before their deprecated aliases. The texts are PMIx_Error_string's in
     * OpenPMIx 4.2.2 (src/test/c/dump_strings.c prints them; PrettyPrinterTest compares them);
     * null marks a code 4.2.2's printer has no case for, which then prints by its symbol.
     */
    private static final ConstantNames NAMES = new ConstantNames("status", true)
            .constant(SUCCESS, "PMIX_SUCCESS", "SUCCESS")
            .constant(ERROR, "PMIX_ERROR", "ERROR")
            .constant(ERR_PROC_RESTART, "PMIX_ERR_PROC_RESTART", "PROC_RESTART")
            .constant(ERR_PROC_CHECKPOINT, "PMIX_ERR_PROC_CHECKPOINT", "PROC-CHECKPOINT-ERROR")
            .constant(ERR_PROC_MIGRATE, "PMIX_ERR_PROC_MIGRATE", "PROC-MIGRATE")
            .constant(ERR_EXISTS, "PMIX_ERR_EXISTS", "EXISTS")
            .constant(ERR_INVALID_CRED, "PMIX_ERR_INVALID_CRED", "INVALID-CREDENTIAL")
            .constant(ERR_WOULD_BLOCK, "PMIX_ERR_WOULD_BLOCK", "WOULD-BLOCK")
            .constant(ERR_UNKNOWN_DATA_TYPE, "PMIX_ERR_UNKNOWN_DATA_TYPE", "UNKNOWN-DATA-TYPE")
            .constant(ERR_TYPE_MISMATCH, "PMIX_ERR_TYPE_MISMATCH", "TYPE-MISMATCH")
            .constant(ERR_UNPACK_INADEQUATE_SPACE, "PMIX_ERR_UNPACK_INADEQUATE_SPACE", "UNPACK-INADEQUATE-SPACE")
            .constant(ERR_UNPACK_FAILURE, "PMIX_ERR_UNPACK_FAILURE", "UNPACK-FAILURE")
            .constant(ERR_PACK_FAILURE, "PMIX_ERR_PACK_FAILURE", "PACK-FAILURE")
            .constant(ERR_NO_PERMISSIONS, "PMIX_ERR_NO_PERMISSIONS", "NO-PERMISSIONS")
            .constant(ERR_TIMEOUT, "PMIX_ERR_TIMEOUT", "TIMEOUT")
            .constant(ERR_UNREACH, "PMIX_ERR_UNREACH", "UNREACHABLE")
            .constant(ERR_BAD_PARAM, "PMIX_ERR_BAD_PARAM", "BAD-PARAM")
            .constant(ERR_RESOURCE_BUSY, "PMIX_ERR_RESOURCE_BUSY", "RESOURCE-BUSY")
            .constant(ERR_OUT_OF_RESOURCE, "PMIX_ERR_OUT_OF_RESOURCE", "OUT-OF-RESOURCE")
            .constant(ERR_INIT, "PMIX_ERR_INIT", "INIT")
            .constant(ERR_NOMEM, "PMIX_ERR_NOMEM", "NO-MEM")
            .constant(ERR_NOT_FOUND, "PMIX_ERR_NOT_FOUND", "NOT-FOUND")
            .constant(ERR_NOT_SUPPORTED, "PMIX_ERR_NOT_SUPPORTED", "NOT-SUPPORTED")
            .constant(ERR_PARAM_VALUE_NOT_SUPPORTED, "PMIX_ERR_PARAM_VALUE_NOT_SUPPORTED", "PARAM-VALUE-NOT-SUPPORTED")
            .constant(ERR_COMM_FAILURE, "PMIX_ERR_COMM_FAILURE", "COMM-FAILURE")
            .constant(ERR_UNPACK_READ_PAST_END_OF_BUFFER, "PMIX_ERR_UNPACK_READ_PAST_END_OF_BUFFER", "UNPACK-PAST-END")
            .constant(ERR_CONFLICTING_CLEANUP_DIRECTIVES, "PMIX_ERR_CONFLICTING_CLEANUP_DIRECTIVES", "PMIX CONFLICTING CLEANUP DIRECTIVES")
            .constant(ERR_PARTIAL_SUCCESS, "PMIX_ERR_PARTIAL_SUCCESS", "PARTIAL SUCCESS")
            .constant(ERR_DUPLICATE_KEY, "PMIX_ERR_DUPLICATE_KEY", "DUPLICATE KEY")
            .constant(ERR_EMPTY, "PMIX_ERR_EMPTY", "EMPTY")
            .constant(ERR_LOST_CONNECTION, "PMIX_ERR_LOST_CONNECTION", "LOST_CONNECTION")
            .constant(ERR_EXISTS_OUTSIDE_SCOPE, "PMIX_ERR_EXISTS_OUTSIDE_SCOPE", "OUTSIDE-SCOPE")
            .constant(PROCESS_SET_DEFINE, "PMIX_PROCESS_SET_DEFINE", "PROCESS SET DEFINED")
            .constant(PROCESS_SET_DELETE, "PMIX_PROCESS_SET_DELETE", null)
            .constant(DEBUGGER_RELEASE, "PMIX_DEBUGGER_RELEASE", "DEBUGGER-RELEASE")
            .constant(READY_FOR_DEBUG, "PMIX_READY_FOR_DEBUG", "READY-FOR-DEBUG")
            .constant(QUERY_PARTIAL_SUCCESS, "PMIX_QUERY_PARTIAL_SUCCESS", "QUERY-PARTIAL-SUCCESS")
            .constant(JCTRL_CHECKPOINT, "PMIX_JCTRL_CHECKPOINT", "PMIX JOB CONTROL CHECKPOINT")
            .constant(JCTRL_CHECKPOINT_COMPLETE, "PMIX_JCTRL_CHECKPOINT_COMPLETE", "PMIX JOB CONTROL CHECKPOINT COMPLETE")
            .constant(JCTRL_PREEMPT_ALERT, "PMIX_JCTRL_PREEMPT_ALERT", "PMIX PRE-EMPTION ALERT")
            .constant(MONITOR_HEARTBEAT_ALERT, "PMIX_MONITOR_HEARTBEAT_ALERT", "PMIX HEARTBEAT ALERT")
            .constant(MONITOR_FILE_ALERT, "PMIX_MONITOR_FILE_ALERT", "PMIX FILE MONITOR ALERT")
            .constant(PROC_TERMINATED, "PMIX_PROC_TERMINATED", "PROC-TERMINATED")
            .constant(ERR_EVENT_REGISTRATION, "PMIX_ERR_EVENT_REGISTRATION", "EVENT-REGISTRATION")
            .constant(MODEL_DECLARED, "PMIX_MODEL_DECLARED", "PMIX MODEL DECLARED")
            .constant(MODEL_RESOURCES, "PMIX_MODEL_RESOURCES", null)
            .constant(OPENMP_PARALLEL_ENTERED, "PMIX_OPENMP_PARALLEL_ENTERED", "OPENMP-PARALLEL-ENTERED")
            .constant(OPENMP_PARALLEL_EXITED, "PMIX_OPENMP_PARALLEL_EXITED", "OPENMP-PARALLEL-EXITED")
            .constant(LAUNCHER_READY, "PMIX_LAUNCHER_READY", "LAUNCHER-READY")
            .constant(OPERATION_IN_PROGRESS, "PMIX_OPERATION_IN_PROGRESS", "OPERATION-IN-PROGRESS")
            .constant(OPERATION_SUCCEEDED, "PMIX_OPERATION_SUCCEEDED", "OPERATION-SUCCEEDED")
            .constant(ERR_INVALID_OPERATION, "PMIX_ERR_INVALID_OPERATION", "INVALID-OPERATION")
            .constant(GROUP_INVITED, "PMIX_GROUP_INVITED", "GROUP-INVITED")
            .constant(GROUP_LEFT, "PMIX_GROUP_LEFT", "GROUP-LEFT")
            .constant(GROUP_INVITE_ACCEPTED, "PMIX_GROUP_INVITE_ACCEPTED", "GROUP-INVITE-ACCEPTED")
            .constant(GROUP_INVITE_DECLINED, "PMIX_GROUP_INVITE_DECLINED", "GROUP-INVITE-DECLINED")
            .constant(GROUP_INVITE_FAILED, "PMIX_GROUP_INVITE_FAILED", "GROUP-INVITE-FAILED")
            .constant(GROUP_MEMBERSHIP_UPDATE, "PMIX_GROUP_MEMBERSHIP_UPDATE", "GROUP-MEMBERSHIP-UPDATE")
            .constant(GROUP_CONSTRUCT_ABORT, "PMIX_GROUP_CONSTRUCT_ABORT", "GROUP-CONSTRUCT-ABORT")
            .constant(GROUP_CONSTRUCT_COMPLETE, "PMIX_GROUP_CONSTRUCT_COMPLETE", "GROUP-CONSTRUCT-COMPLETE")
            .constant(GROUP_LEADER_SELECTED, "PMIX_GROUP_LEADER_SELECTED", "GROUP-LEADER-SELECTED")
            .constant(GROUP_LEADER_FAILED, "PMIX_GROUP_LEADER_FAILED", "GROUP-LEADER-FAILED")
            .constant(GROUP_CONTEXT_ID_ASSIGNED, "PMIX_GROUP_CONTEXT_ID_ASSIGNED", "GROUP-CONTEXT-ID-ASSIGNED")
            .constant(GROUP_MEMBER_FAILED, "PMIX_GROUP_MEMBER_FAILED", "GROUP-MEMBER-FAILED")
            .constant(ERR_REPEAT_ATTR_REGISTRATION, "PMIX_ERR_REPEAT_ATTR_REGISTRATION", "REPEAT-ATTRIBUTE-REGISTRATION")
            .constant(ERR_IOF_FAILURE, "PMIX_ERR_IOF_FAILURE", "IOF FAILURE")
            .constant(ERR_IOF_COMPLETE, "PMIX_ERR_IOF_COMPLETE", "IOF COMPLETE")
            .constant(LAUNCH_COMPLETE, "PMIX_LAUNCH_COMPLETE", "PMIX LAUNCH COMPLETE")
            .constant(FABRIC_UPDATED, "PMIX_FABRIC_UPDATED", "FABRIC-UPDATED")
            .constant(FABRIC_UPDATE_PENDING, "PMIX_FABRIC_UPDATE_PENDING", "FABRIC-UPDATE-PENDING")
            .constant(FABRIC_UPDATE_ENDPOINTS, "PMIX_FABRIC_UPDATE_ENDPOINTS", "FABRIC-UPDATE-ENDPOINTS")
            .constant(ERR_JOB_APP_NOT_EXECUTABLE, "PMIX_ERR_JOB_APP_NOT_EXECUTABLE", "APPLICATION NOT EXECUTABLE")
            .constant(ERR_JOB_NO_EXE_SPECIFIED, "PMIX_ERR_JOB_NO_EXE_SPECIFIED", "NO EXECUTABLE SPECIFIED")
            .constant(ERR_JOB_FAILED_TO_MAP, "PMIX_ERR_JOB_FAILED_TO_MAP", "JOB FAILED TO MAP")
            .constant(ERR_JOB_CANCELED, "PMIX_ERR_JOB_CANCELED", "JOB CANCELED")
            .constant(ERR_JOB_FAILED_TO_LAUNCH, "PMIX_ERR_JOB_FAILED_TO_LAUNCH", "JOB FAILED TO LAUNCH")
            .constant(ERR_JOB_ABORTED, "PMIX_ERR_JOB_ABORTED", "JOB ABORTED")
            .constant(ERR_JOB_KILLED_BY_CMD, "PMIX_ERR_JOB_KILLED_BY_CMD", "KILLED BY COMMAND")
            .constant(ERR_JOB_ABORTED_BY_SIG, "PMIX_ERR_JOB_ABORTED_BY_SIG", "ABORTED BY SIGNAL")
            .constant(ERR_JOB_TERM_WO_SYNC, "PMIX_ERR_JOB_TERM_WO_SYNC", "TERMINATED WITHOUT SYNC")
            .constant(ERR_JOB_SENSOR_BOUND_EXCEEDED, "PMIX_ERR_JOB_SENSOR_BOUND_EXCEEDED", "SENSOR BOUND EXCEEDED")
            .constant(ERR_JOB_NON_ZERO_TERM, "PMIX_ERR_JOB_NON_ZERO_TERM", "NON-ZERO TERMINATION")
            .constant(ERR_JOB_ALLOC_FAILED, "PMIX_ERR_JOB_ALLOC_FAILED", "FAILED TO OBTAIN ALLOCATION")
            .constant(ERR_JOB_ABORTED_BY_SYS_EVENT, "PMIX_ERR_JOB_ABORTED_BY_SYS_EVENT", "JOB ABORTED BY SYSTEM EVENT")
            .constant(ERR_JOB_EXE_NOT_FOUND, "PMIX_ERR_JOB_EXE_NOT_FOUND", "EXECUTABLE NOT FOUND")
            .constant(ERR_JOB_WDIR_NOT_FOUND, "PMIX_ERR_JOB_WDIR_NOT_FOUND", "WORKING DIRECTORY NOT FOUND")
            .constant(ERR_JOB_INSUFFICIENT_RESOURCES, "PMIX_ERR_JOB_INSUFFICIENT_RESOURCES", "INSUFFICIENT RESOURCES")
            .constant(ERR_JOB_SYS_OP_FAILED, "PMIX_ERR_JOB_SYS_OP_FAILED", "SYSTEM OPERATION FAILED")
            .constant(EVENT_JOB_START, "PMIX_EVENT_JOB_START", "JOB STARTED")
            .constant(EVENT_JOB_END, "PMIX_EVENT_JOB_END", "JOB ENDED")
            .constant(EVENT_SESSION_START, "PMIX_EVENT_SESSION_START", "SESSION STARTED")
            .constant(EVENT_SESSION_END, "PMIX_EVENT_SESSION_END", "SESSION ENDED")
            .constant(ERR_PROC_REQUESTED_ABORT, "PMIX_ERR_PROC_REQUESTED_ABORT", "PROC-ABORT-REQUESTED")
            .constant(ERR_PROC_TERM_WO_SYNC, "PMIX_ERR_PROC_TERM_WO_SYNC", "PROC TERMINATED WITHOUT SYNC")
            .constant(EVENT_PROC_TERMINATED, "PMIX_EVENT_PROC_TERMINATED", "PROC TERMINATED")
            .constant(ERR_PROC_KILLED_BY_CMD, "PMIX_ERR_PROC_KILLED_BY_CMD", "PROC-KILLED-BY-CMD")
            .constant(ERR_PROC_FAILED_TO_START, "PMIX_ERR_PROC_FAILED_TO_START", "PROC-FAILED-TO-START")
            .constant(ERR_PROC_ABORTED_BY_SIG, "PMIX_ERR_PROC_ABORTED_BY_SIG", "PROC-ABORTED-BY-SIG")
            .constant(ERR_PROC_SENSOR_BOUND_EXCEEDED, "PMIX_ERR_PROC_SENSOR_BOUND_EXCEEDED", "PROC-SENSOR-BOUND-EXCEEDED")
            .constant(ERR_EXIT_NONZERO_TERM, "PMIX_ERR_EXIT_NONZERO_TERM", "PROC-EXIT-NONZERO-TERM")
            .constant(EVENT_SYS_BASE, "PMIX_EVENT_SYS_BASE", "SYSTEM BASE EVENT")
            .constant(EVENT_NODE_DOWN, "PMIX_EVENT_NODE_DOWN", "NODE-DOWN")
            .constant(EVENT_NODE_OFFLINE, "PMIX_EVENT_NODE_OFFLINE", "NODE-OFFLINE")
            .constant(EVENT_SYS_OTHER, "PMIX_EVENT_SYS_OTHER", "UNDEFINED-SYSTEM-EVENT")
            .constant(EVENT_NO_ACTION_TAKEN, "PMIX_EVENT_NO_ACTION_TAKEN", "EVENT-NO-ACTION-TAKEN")
            .constant(EVENT_PARTIAL_ACTION_TAKEN, "PMIX_EVENT_PARTIAL_ACTION_TAKEN", "EVENT-PARTIAL-ACTION-TAKEN")
            .constant(EVENT_ACTION_DEFERRED, "PMIX_EVENT_ACTION_DEFERRED", "EVENT-ACTION-DEFERRED")
            .constant(EVENT_ACTION_COMPLETE, "PMIX_EVENT_ACTION_COMPLETE", "EVENT-ACTION-COMPLETE")
            .constant(ERR_SILENT, "PMIX_ERR_SILENT", "SILENT_ERROR")
            .alias(ERR_DEBUGGER_RELEASE, "PMIX_ERR_DEBUGGER_RELEASE")
            .constant(ERR_PROC_ABORTED, "PMIX_ERR_PROC_ABORTED", "PROC-ABORTED")
            .constant(ERR_PROC_ABORTING, "PMIX_ERR_PROC_ABORTING", "PROC-ABORTING")
            .constant(ERR_SERVER_FAILED_REQUEST, "PMIX_ERR_SERVER_FAILED_REQUEST", "SERVER FAILED REQUEST")
            .alias(EXISTS, "PMIX_EXISTS")
            .constant(ERR_HANDSHAKE_FAILED, "PMIX_ERR_HANDSHAKE_FAILED", "HANDSHAKE-FAILED")
            .constant(ERR_READY_FOR_HANDSHAKE, "PMIX_ERR_READY_FOR_HANDSHAKE", "READY-FOR-HANDSHAKE")
            .constant(ERR_PROC_ENTRY_NOT_FOUND, "PMIX_ERR_PROC_ENTRY_NOT_FOUND", "PROC-ENTRY-NOT-FOUND")
            .constant(ERR_PACK_MISMATCH, "PMIX_ERR_PACK_MISMATCH", "PACK-MISMATCH")
            .constant(ERR_IN_ERRNO, "PMIX_ERR_IN_ERRNO", "ERR-IN-ERRNO")
            .constant(ERR_DATA_VALUE_NOT_FOUND, "PMIX_ERR_DATA_VALUE_NOT_FOUND", "DATA-VALUE-NOT-FOUND")
            .constant(ERR_INVALID_ARG, "PMIX_ERR_INVALID_ARG", "INVALID-ARG")
            .constant(ERR_INVALID_KEY, "PMIX_ERR_INVALID_KEY", "INVALID-KEY")
            .constant(ERR_INVALID_KEY_LENGTH, "PMIX_ERR_INVALID_KEY_LENGTH", "INVALID-KEY-LENGTH")
            .constant(ERR_INVALID_VAL, "PMIX_ERR_INVALID_VAL", "INVALID-VAL")
            .constant(ERR_INVALID_VAL_LENGTH, "PMIX_ERR_INVALID_VAL_LENGTH", "INVALID-VAL-LENGTH")
            .constant(ERR_INVALID_LENGTH, "PMIX_ERR_INVALID_LENGTH", "INVALID-LENGTH")
            .constant(ERR_INVALID_NUM_ARGS, "PMIX_ERR_INVALID_NUM_ARGS", "INVALID-NUM-ARGS")
            .constant(ERR_INVALID_ARGS, "PMIX_ERR_INVALID_ARGS", "INVALID-ARGS")
            .constant(ERR_INVALID_NUM_PARSED, "PMIX_ERR_INVALID_NUM_PARSED", "INVALID-NUM-PARSED")
            .constant(ERR_INVALID_KEYVALP, "PMIX_ERR_INVALID_KEYVALP", "INVALID-KEYVAL")
            .constant(ERR_INVALID_SIZE, "PMIX_ERR_INVALID_SIZE", "INVALID-SIZE")
            .constant(ERR_INVALID_NAMESPACE, "PMIX_ERR_INVALID_NAMESPACE", "INVALID-NAMESPACE")
            .constant(ERR_SERVER_NOT_AVAIL, "PMIX_ERR_SERVER_NOT_AVAIL", "SERVER-NOT-AVAIL")
            .constant(ERR_NOT_IMPLEMENTED, "PMIX_ERR_NOT_IMPLEMENTED", "NOT-IMPLEMENTED")
            .alias(DEBUG_WAITING_FOR_NOTIFY, "PMIX_DEBUG_WAITING_FOR_NOTIFY")
            .constant(ERR_FATAL, "PMIX_ERR_FATAL", "FATAL")
            .constant(ERR_NOT_AVAILABLE, "PMIX_ERR_NOT_AVAILABLE", "NOT_AVAILABLE")
            .constant(ERR_VALUE_OUT_OF_BOUNDS, "PMIX_ERR_VALUE_OUT_OF_BOUNDS", "VALUE_OUT_OF_BOUNDS")
            .constant(ERR_FILE_OPEN_FAILURE, "PMIX_ERR_FILE_OPEN_FAILURE", "FILE_OPEN_FAILURE")
            .constant(ERR_FILE_READ_FAILURE, "PMIX_ERR_FILE_READ_FAILURE", "FILE_READ_FAILURE")
            .constant(ERR_FILE_WRITE_FAILURE, "PMIX_ERR_FILE_WRITE_FAILURE", "FILE_WRITE_FAILURE")
            .constant(ERR_SYS_LIMITS_PIPES, "PMIX_ERR_SYS_LIMITS_PIPES", "SYS_LIMITS_PIPES")
            .constant(ERR_SYS_LIMITS_CHILDREN, "PMIX_ERR_SYS_LIMITS_CHILDREN", "SYS_LIMITS_CHILDREN")
            .constant(ERR_PIPE_SETUP_FAILURE, "PMIX_ERR_PIPE_SETUP_FAILURE", "PIPE_SETUP_FAILURE")
            .constant(ERR_EXE_NOT_ACCESSIBLE, "PMIX_ERR_EXE_NOT_ACCESSIBLE", "EXE NOT ACCESSIBLE")
            .constant(ERR_JOB_WDIR_NOT_ACCESSIBLE, "PMIX_ERR_JOB_WDIR_NOT_ACCESSIBLE", "WDIR NOT ACCESSIBLE")
            .constant(ERR_SYS_LIMITS_FILES, "PMIX_ERR_SYS_LIMITS_FILES", null)
            .constant(ERR_LOST_CONNECTION_TO_SERVER, "PMIX_ERR_LOST_CONNECTION_TO_SERVER", null)
            .constant(ERR_LOST_PEER_CONNECTION, "PMIX_ERR_LOST_PEER_CONNECTION", null)
            .constant(ERR_LOST_CONNECTION_TO_CLIENT, "PMIX_ERR_LOST_CONNECTION_TO_CLIENT", null)
            .constant(NOTIFY_ALLOC_COMPLETE, "PMIX_NOTIFY_ALLOC_COMPLETE", "PMIX ALLOC OPERATION COMPLETE")
            .constant(ERR_INVALID_TERMINATION, "PMIX_ERR_INVALID_TERMINATION", "INVALID-TERMINATION")
            .alias(ERR_JOB_TERMINATED, "PMIX_ERR_JOB_TERMINATED")
            .constant(ERR_UPDATE_ENDPOINTS, "PMIX_ERR_UPDATE_ENDPOINTS", "UPDATE-ENDPOINTS")
            .constant(GDS_ACTION_COMPLETE, "PMIX_GDS_ACTION_COMPLETE", "GDS-ACTION-COMPLETE")
            .constant(PROC_HAS_CONNECTED, "PMIX_PROC_HAS_CONNECTED", "PROC-HAS-CONNECTED")
            .constant(CONNECT_REQUESTED, "PMIX_CONNECT_REQUESTED", "CONNECT-REQUESTED")
            .alias(ERR_NODE_DOWN, "PMIX_ERR_NODE_DOWN")
            .alias(ERR_NODE_OFFLINE, "PMIX_ERR_NODE_OFFLINE")
            .alias(ERR_SYS_BASE, "PMIX_ERR_SYS_BASE")
            .alias(ERR_SYS_OTHER, "PMIX_ERR_SYS_OTHER")
            .constant(EXTERNAL_ERR_BASE, "PMIX_EXTERNAL_ERR_BASE", null);

    private Status() {
    }

    /**
     * The symbolic name of a status code as OpenPMIx spells the constant ({@code "PMIX_ERR_NOT_FOUND"}),
     * or the decimal number for a code nobody has named. Never throws.
     */
    public static String name(int status) {
        return NAMES.name(status);
    }

    /**
     * {@code PMIx_Error_string}: the text OpenPMIx 4.2.2 prints for a code ({@code "NOT-FOUND"},
     * {@code "SUCCESS"}), byte for byte.
     *
     * <p>Deviation, on purpose: where OpenPMIx prints {@code "ERROR STRING NOT FOUND"}, this
     * prints the code's {@link #name(int) name} if it has one (a code 4.2.2's printer misses such
     * as {@link #PROCESS_SET_DELETE}, a boundary such as {@link #EXTERNAL_ERR_BASE}, or a code
     * given a name with {@link #define(int, String)}), else its decimal number: a log line should
     * still say which code it was. Never throws.
     */
    public static String toString(int status) {
        return NAMES.print(status);
    }

    /** Whether the code has a name (a PMIx one, or one given with {@link #define(int, String)}). */
    public static boolean isKnown(int status) {
        return NAMES.isKnown(status);
    }

    /** {@code PMIX_SYSTEM_EVENT}: whether the code lies in the system-event range, {@link #EVENT_SYS_OTHER} to {@link #EVENT_SYS_BASE}. */
    public static boolean isSystemEvent(int status) {
        return status <= EVENT_SYS_BASE && EVENT_SYS_OTHER <= status;
    }

    /**
     * Looks a status up by its symbolic name, with or without the {@code PMIX_} prefix; deprecated
     * aliases ({@code "PMIX_EXISTS"}) and defined names are accepted too.
     *
     * @throws PmixException {@link #ERR_BAD_PARAM} if no status has that name
     */
    public static int valueOf(String name) {
        return NAMES.valueOf(name);
    }

    /**
     * Gives a name to a status code that PMIx does not define (RFC0010: implementers extend the
     * code space, below {@link #EXTERNAL_ERR_BASE} for errors). A code that already has a name
     * keeps it (the new name becomes an alias that {@link #valueOf(String)} accepts); both
     * {@link #name(int)} and {@link #toString(int)} print the defined name.
     *
     * @return the name the code now prints as
     * @throws PmixException {@link #ERR_BAD_PARAM} if the name is blank or already names another code
     */
    public static String define(int status, String name) {
        return NAMES.define(status, name);
    }

    /** Whether {@code name} is a status's symbolic name as {@link #name(int)} prints it. Never throws. */
    static boolean isName(String name) {
        return NAMES.isSymbol(name);
    }

    /** The name table, for this package's tests. */
    static ConstantNames names() {
        return NAMES;
    }
}
