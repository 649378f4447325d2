package io.github.jpmix.common;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * PMIx status codes ({@code pmix_status_t}): plain {@code int}s whose values equal OpenPMIx
 * 4.2.2's {@code pmix_common.h} (and, for the codes 4.2.2 moved there, {@code pmix_deprecated.h}).
 *
 * <p>They are ints, not an enum, because RFC0010 made status codes extensible: a host or a
 * third-party library may define its own below {@link #EXTERNAL_ERR_BASE} and give them a name
 * with {@link #define(int, String)}. {@link #name(int)} prints any code, known or not.
 *
 * <p>Where the headers define two names for one value (a current one and a deprecated alias),
 * {@link #name(int)} returns the current one. {@code StatusConstantsTest} checks every value here
 * against the installed headers.
 *
 * <p>Thread-safe.
 */
public final class Status {

    // PMIx errors are always negative, with 0 reserved for success
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

    // define a macro for identifying system event values

    // used by event handlers
    public static final int EVENT_NO_ACTION_TAKEN = -331;
    public static final int EVENT_PARTIAL_ACTION_TAKEN = -332;
    public static final int EVENT_ACTION_DEFERRED = -333;
    public static final int EVENT_ACTION_COMPLETE = -334;

    // CONSTANTS
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_SILENT = -2;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_DEBUGGER_RELEASE = -3;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_PROC_ABORTED = -7;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_PROC_ABORTING = -9;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_SERVER_FAILED_REQUEST = -10;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int EXISTS = -11;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_HANDSHAKE_FAILED = -13;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_READY_FOR_HANDSHAKE = -14;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_PROC_ENTRY_NOT_FOUND = -17;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_PACK_MISMATCH = -22;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_IN_ERRNO = -26;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_DATA_VALUE_NOT_FOUND = -30;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_INVALID_ARG = -33;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_INVALID_KEY = -34;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_INVALID_KEY_LENGTH = -35;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_INVALID_VAL = -36;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_INVALID_VAL_LENGTH = -37;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_INVALID_LENGTH = -38;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_INVALID_NUM_ARGS = -39;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_INVALID_ARGS = -40;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_INVALID_NUM_PARSED = -41;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_INVALID_KEYVALP = -42;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_INVALID_SIZE = -43;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_INVALID_NAMESPACE = -44;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_SERVER_NOT_AVAIL = -45;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_NOT_IMPLEMENTED = -48;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int DEBUG_WAITING_FOR_NOTIFY = -58;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_FATAL = -63;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_NOT_AVAILABLE = -64;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_VALUE_OUT_OF_BOUNDS = -65;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_FILE_OPEN_FAILURE = -67;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_FILE_READ_FAILURE = -68;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_FILE_WRITE_FAILURE = -69;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_SYS_LIMITS_PIPES = -70;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_SYS_LIMITS_CHILDREN = -71;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_PIPE_SETUP_FAILURE = -72;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_EXE_NOT_ACCESSIBLE = -73;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_JOB_WDIR_NOT_ACCESSIBLE = -74;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_SYS_LIMITS_FILES = -75;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_LOST_CONNECTION_TO_SERVER = -101;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_LOST_PEER_CONNECTION = -102;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_LOST_CONNECTION_TO_CLIENT = -103;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int NOTIFY_ALLOC_COMPLETE = -105;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_INVALID_TERMINATION = -112;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. DEPRECATED NAME - non-error termination */
    public static final int ERR_JOB_TERMINATED = -145;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_UPDATE_ENDPOINTS = -146;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int GDS_ACTION_COMPLETE = -148;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int PROC_HAS_CONNECTED = -149;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int CONNECT_REQUESTED = -150;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_NODE_DOWN = -231;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_NODE_OFFLINE = -232;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_SYS_BASE = EVENT_SYS_BASE;
    /** Deprecated in OpenPMIx 4 (pmix_deprecated.h); still used by older peers. */
    public static final int ERR_SYS_OTHER = EVENT_SYS_OTHER;


    /**
     * Codes below this one (more negative) are free for users and hosts; PMIx never defines them.
     * Define yours relative to this constant, never as a literal.
     */
    public static final int EXTERNAL_ERR_BASE = -3000;

    private static final Map<Integer, String> NAMES = new ConcurrentHashMap<>();

    static {
        // Registration order matters: the first name registered for a value is the one printed,
        // so current names come before their deprecated aliases.
        define(SUCCESS, "PMIX_SUCCESS");
        define(ERROR, "PMIX_ERROR");
        define(ERR_PROC_RESTART, "PMIX_ERR_PROC_RESTART");
        define(ERR_PROC_CHECKPOINT, "PMIX_ERR_PROC_CHECKPOINT");
        define(ERR_PROC_MIGRATE, "PMIX_ERR_PROC_MIGRATE");
        define(ERR_EXISTS, "PMIX_ERR_EXISTS");
        define(ERR_INVALID_CRED, "PMIX_ERR_INVALID_CRED");
        define(ERR_WOULD_BLOCK, "PMIX_ERR_WOULD_BLOCK");
        define(ERR_UNKNOWN_DATA_TYPE, "PMIX_ERR_UNKNOWN_DATA_TYPE");
        define(ERR_TYPE_MISMATCH, "PMIX_ERR_TYPE_MISMATCH");
        define(ERR_UNPACK_INADEQUATE_SPACE, "PMIX_ERR_UNPACK_INADEQUATE_SPACE");
        define(ERR_UNPACK_FAILURE, "PMIX_ERR_UNPACK_FAILURE");
        define(ERR_PACK_FAILURE, "PMIX_ERR_PACK_FAILURE");
        define(ERR_NO_PERMISSIONS, "PMIX_ERR_NO_PERMISSIONS");
        define(ERR_TIMEOUT, "PMIX_ERR_TIMEOUT");
        define(ERR_UNREACH, "PMIX_ERR_UNREACH");
        define(ERR_BAD_PARAM, "PMIX_ERR_BAD_PARAM");
        define(ERR_RESOURCE_BUSY, "PMIX_ERR_RESOURCE_BUSY");
        define(ERR_OUT_OF_RESOURCE, "PMIX_ERR_OUT_OF_RESOURCE");
        define(ERR_INIT, "PMIX_ERR_INIT");
        define(ERR_NOMEM, "PMIX_ERR_NOMEM");
        define(ERR_NOT_FOUND, "PMIX_ERR_NOT_FOUND");
        define(ERR_NOT_SUPPORTED, "PMIX_ERR_NOT_SUPPORTED");
        define(ERR_PARAM_VALUE_NOT_SUPPORTED, "PMIX_ERR_PARAM_VALUE_NOT_SUPPORTED");
        define(ERR_COMM_FAILURE, "PMIX_ERR_COMM_FAILURE");
        define(ERR_UNPACK_READ_PAST_END_OF_BUFFER, "PMIX_ERR_UNPACK_READ_PAST_END_OF_BUFFER");
        define(ERR_CONFLICTING_CLEANUP_DIRECTIVES, "PMIX_ERR_CONFLICTING_CLEANUP_DIRECTIVES");
        define(ERR_PARTIAL_SUCCESS, "PMIX_ERR_PARTIAL_SUCCESS");
        define(ERR_DUPLICATE_KEY, "PMIX_ERR_DUPLICATE_KEY");
        define(ERR_EMPTY, "PMIX_ERR_EMPTY");
        define(ERR_LOST_CONNECTION, "PMIX_ERR_LOST_CONNECTION");
        define(ERR_EXISTS_OUTSIDE_SCOPE, "PMIX_ERR_EXISTS_OUTSIDE_SCOPE");
        define(PROCESS_SET_DEFINE, "PMIX_PROCESS_SET_DEFINE");
        define(PROCESS_SET_DELETE, "PMIX_PROCESS_SET_DELETE");
        define(DEBUGGER_RELEASE, "PMIX_DEBUGGER_RELEASE");
        define(READY_FOR_DEBUG, "PMIX_READY_FOR_DEBUG");
        define(QUERY_PARTIAL_SUCCESS, "PMIX_QUERY_PARTIAL_SUCCESS");
        define(JCTRL_CHECKPOINT, "PMIX_JCTRL_CHECKPOINT");
        define(JCTRL_CHECKPOINT_COMPLETE, "PMIX_JCTRL_CHECKPOINT_COMPLETE");
        define(JCTRL_PREEMPT_ALERT, "PMIX_JCTRL_PREEMPT_ALERT");
        define(MONITOR_HEARTBEAT_ALERT, "PMIX_MONITOR_HEARTBEAT_ALERT");
        define(MONITOR_FILE_ALERT, "PMIX_MONITOR_FILE_ALERT");
        define(PROC_TERMINATED, "PMIX_PROC_TERMINATED");
        define(ERR_EVENT_REGISTRATION, "PMIX_ERR_EVENT_REGISTRATION");
        define(MODEL_DECLARED, "PMIX_MODEL_DECLARED");
        define(MODEL_RESOURCES, "PMIX_MODEL_RESOURCES");
        define(OPENMP_PARALLEL_ENTERED, "PMIX_OPENMP_PARALLEL_ENTERED");
        define(OPENMP_PARALLEL_EXITED, "PMIX_OPENMP_PARALLEL_EXITED");
        define(LAUNCHER_READY, "PMIX_LAUNCHER_READY");
        define(OPERATION_IN_PROGRESS, "PMIX_OPERATION_IN_PROGRESS");
        define(OPERATION_SUCCEEDED, "PMIX_OPERATION_SUCCEEDED");
        define(ERR_INVALID_OPERATION, "PMIX_ERR_INVALID_OPERATION");
        define(GROUP_INVITED, "PMIX_GROUP_INVITED");
        define(GROUP_LEFT, "PMIX_GROUP_LEFT");
        define(GROUP_INVITE_ACCEPTED, "PMIX_GROUP_INVITE_ACCEPTED");
        define(GROUP_INVITE_DECLINED, "PMIX_GROUP_INVITE_DECLINED");
        define(GROUP_INVITE_FAILED, "PMIX_GROUP_INVITE_FAILED");
        define(GROUP_MEMBERSHIP_UPDATE, "PMIX_GROUP_MEMBERSHIP_UPDATE");
        define(GROUP_CONSTRUCT_ABORT, "PMIX_GROUP_CONSTRUCT_ABORT");
        define(GROUP_CONSTRUCT_COMPLETE, "PMIX_GROUP_CONSTRUCT_COMPLETE");
        define(GROUP_LEADER_SELECTED, "PMIX_GROUP_LEADER_SELECTED");
        define(GROUP_LEADER_FAILED, "PMIX_GROUP_LEADER_FAILED");
        define(GROUP_CONTEXT_ID_ASSIGNED, "PMIX_GROUP_CONTEXT_ID_ASSIGNED");
        define(GROUP_MEMBER_FAILED, "PMIX_GROUP_MEMBER_FAILED");
        define(ERR_REPEAT_ATTR_REGISTRATION, "PMIX_ERR_REPEAT_ATTR_REGISTRATION");
        define(ERR_IOF_FAILURE, "PMIX_ERR_IOF_FAILURE");
        define(ERR_IOF_COMPLETE, "PMIX_ERR_IOF_COMPLETE");
        define(LAUNCH_COMPLETE, "PMIX_LAUNCH_COMPLETE");
        define(FABRIC_UPDATED, "PMIX_FABRIC_UPDATED");
        define(FABRIC_UPDATE_PENDING, "PMIX_FABRIC_UPDATE_PENDING");
        define(FABRIC_UPDATE_ENDPOINTS, "PMIX_FABRIC_UPDATE_ENDPOINTS");
        define(ERR_JOB_APP_NOT_EXECUTABLE, "PMIX_ERR_JOB_APP_NOT_EXECUTABLE");
        define(ERR_JOB_NO_EXE_SPECIFIED, "PMIX_ERR_JOB_NO_EXE_SPECIFIED");
        define(ERR_JOB_FAILED_TO_MAP, "PMIX_ERR_JOB_FAILED_TO_MAP");
        define(ERR_JOB_CANCELED, "PMIX_ERR_JOB_CANCELED");
        define(ERR_JOB_FAILED_TO_LAUNCH, "PMIX_ERR_JOB_FAILED_TO_LAUNCH");
        define(ERR_JOB_ABORTED, "PMIX_ERR_JOB_ABORTED");
        define(ERR_JOB_KILLED_BY_CMD, "PMIX_ERR_JOB_KILLED_BY_CMD");
        define(ERR_JOB_ABORTED_BY_SIG, "PMIX_ERR_JOB_ABORTED_BY_SIG");
        define(ERR_JOB_TERM_WO_SYNC, "PMIX_ERR_JOB_TERM_WO_SYNC");
        define(ERR_JOB_SENSOR_BOUND_EXCEEDED, "PMIX_ERR_JOB_SENSOR_BOUND_EXCEEDED");
        define(ERR_JOB_NON_ZERO_TERM, "PMIX_ERR_JOB_NON_ZERO_TERM");
        define(ERR_JOB_ALLOC_FAILED, "PMIX_ERR_JOB_ALLOC_FAILED");
        define(ERR_JOB_ABORTED_BY_SYS_EVENT, "PMIX_ERR_JOB_ABORTED_BY_SYS_EVENT");
        define(ERR_JOB_EXE_NOT_FOUND, "PMIX_ERR_JOB_EXE_NOT_FOUND");
        define(ERR_JOB_WDIR_NOT_FOUND, "PMIX_ERR_JOB_WDIR_NOT_FOUND");
        define(ERR_JOB_INSUFFICIENT_RESOURCES, "PMIX_ERR_JOB_INSUFFICIENT_RESOURCES");
        define(ERR_JOB_SYS_OP_FAILED, "PMIX_ERR_JOB_SYS_OP_FAILED");
        define(EVENT_JOB_START, "PMIX_EVENT_JOB_START");
        define(EVENT_JOB_END, "PMIX_EVENT_JOB_END");
        define(EVENT_SESSION_START, "PMIX_EVENT_SESSION_START");
        define(EVENT_SESSION_END, "PMIX_EVENT_SESSION_END");
        define(ERR_PROC_REQUESTED_ABORT, "PMIX_ERR_PROC_REQUESTED_ABORT");
        define(ERR_PROC_TERM_WO_SYNC, "PMIX_ERR_PROC_TERM_WO_SYNC");
        define(EVENT_PROC_TERMINATED, "PMIX_EVENT_PROC_TERMINATED");
        define(ERR_PROC_KILLED_BY_CMD, "PMIX_ERR_PROC_KILLED_BY_CMD");
        define(ERR_PROC_FAILED_TO_START, "PMIX_ERR_PROC_FAILED_TO_START");
        define(ERR_PROC_ABORTED_BY_SIG, "PMIX_ERR_PROC_ABORTED_BY_SIG");
        define(ERR_PROC_SENSOR_BOUND_EXCEEDED, "PMIX_ERR_PROC_SENSOR_BOUND_EXCEEDED");
        define(ERR_EXIT_NONZERO_TERM, "PMIX_ERR_EXIT_NONZERO_TERM");
        define(EVENT_SYS_BASE, "PMIX_EVENT_SYS_BASE");
        define(EVENT_NODE_DOWN, "PMIX_EVENT_NODE_DOWN");
        define(EVENT_NODE_OFFLINE, "PMIX_EVENT_NODE_OFFLINE");
        define(EVENT_SYS_OTHER, "PMIX_EVENT_SYS_OTHER");
        define(EVENT_NO_ACTION_TAKEN, "PMIX_EVENT_NO_ACTION_TAKEN");
        define(EVENT_PARTIAL_ACTION_TAKEN, "PMIX_EVENT_PARTIAL_ACTION_TAKEN");
        define(EVENT_ACTION_DEFERRED, "PMIX_EVENT_ACTION_DEFERRED");
        define(EVENT_ACTION_COMPLETE, "PMIX_EVENT_ACTION_COMPLETE");
        define(ERR_SILENT, "PMIX_ERR_SILENT");
        define(ERR_DEBUGGER_RELEASE, "PMIX_ERR_DEBUGGER_RELEASE");
        define(ERR_PROC_ABORTED, "PMIX_ERR_PROC_ABORTED");
        define(ERR_PROC_ABORTING, "PMIX_ERR_PROC_ABORTING");
        define(ERR_SERVER_FAILED_REQUEST, "PMIX_ERR_SERVER_FAILED_REQUEST");
        define(EXISTS, "PMIX_EXISTS");
        define(ERR_HANDSHAKE_FAILED, "PMIX_ERR_HANDSHAKE_FAILED");
        define(ERR_READY_FOR_HANDSHAKE, "PMIX_ERR_READY_FOR_HANDSHAKE");
        define(ERR_PROC_ENTRY_NOT_FOUND, "PMIX_ERR_PROC_ENTRY_NOT_FOUND");
        define(ERR_PACK_MISMATCH, "PMIX_ERR_PACK_MISMATCH");
        define(ERR_IN_ERRNO, "PMIX_ERR_IN_ERRNO");
        define(ERR_DATA_VALUE_NOT_FOUND, "PMIX_ERR_DATA_VALUE_NOT_FOUND");
        define(ERR_INVALID_ARG, "PMIX_ERR_INVALID_ARG");
        define(ERR_INVALID_KEY, "PMIX_ERR_INVALID_KEY");
        define(ERR_INVALID_KEY_LENGTH, "PMIX_ERR_INVALID_KEY_LENGTH");
        define(ERR_INVALID_VAL, "PMIX_ERR_INVALID_VAL");
        define(ERR_INVALID_VAL_LENGTH, "PMIX_ERR_INVALID_VAL_LENGTH");
        define(ERR_INVALID_LENGTH, "PMIX_ERR_INVALID_LENGTH");
        define(ERR_INVALID_NUM_ARGS, "PMIX_ERR_INVALID_NUM_ARGS");
        define(ERR_INVALID_ARGS, "PMIX_ERR_INVALID_ARGS");
        define(ERR_INVALID_NUM_PARSED, "PMIX_ERR_INVALID_NUM_PARSED");
        define(ERR_INVALID_KEYVALP, "PMIX_ERR_INVALID_KEYVALP");
        define(ERR_INVALID_SIZE, "PMIX_ERR_INVALID_SIZE");
        define(ERR_INVALID_NAMESPACE, "PMIX_ERR_INVALID_NAMESPACE");
        define(ERR_SERVER_NOT_AVAIL, "PMIX_ERR_SERVER_NOT_AVAIL");
        define(ERR_NOT_IMPLEMENTED, "PMIX_ERR_NOT_IMPLEMENTED");
        define(DEBUG_WAITING_FOR_NOTIFY, "PMIX_DEBUG_WAITING_FOR_NOTIFY");
        define(ERR_FATAL, "PMIX_ERR_FATAL");
        define(ERR_NOT_AVAILABLE, "PMIX_ERR_NOT_AVAILABLE");
        define(ERR_VALUE_OUT_OF_BOUNDS, "PMIX_ERR_VALUE_OUT_OF_BOUNDS");
        define(ERR_FILE_OPEN_FAILURE, "PMIX_ERR_FILE_OPEN_FAILURE");
        define(ERR_FILE_READ_FAILURE, "PMIX_ERR_FILE_READ_FAILURE");
        define(ERR_FILE_WRITE_FAILURE, "PMIX_ERR_FILE_WRITE_FAILURE");
        define(ERR_SYS_LIMITS_PIPES, "PMIX_ERR_SYS_LIMITS_PIPES");
        define(ERR_SYS_LIMITS_CHILDREN, "PMIX_ERR_SYS_LIMITS_CHILDREN");
        define(ERR_PIPE_SETUP_FAILURE, "PMIX_ERR_PIPE_SETUP_FAILURE");
        define(ERR_EXE_NOT_ACCESSIBLE, "PMIX_ERR_EXE_NOT_ACCESSIBLE");
        define(ERR_JOB_WDIR_NOT_ACCESSIBLE, "PMIX_ERR_JOB_WDIR_NOT_ACCESSIBLE");
        define(ERR_SYS_LIMITS_FILES, "PMIX_ERR_SYS_LIMITS_FILES");
        define(ERR_LOST_CONNECTION_TO_SERVER, "PMIX_ERR_LOST_CONNECTION_TO_SERVER");
        define(ERR_LOST_PEER_CONNECTION, "PMIX_ERR_LOST_PEER_CONNECTION");
        define(ERR_LOST_CONNECTION_TO_CLIENT, "PMIX_ERR_LOST_CONNECTION_TO_CLIENT");
        define(NOTIFY_ALLOC_COMPLETE, "PMIX_NOTIFY_ALLOC_COMPLETE");
        define(ERR_INVALID_TERMINATION, "PMIX_ERR_INVALID_TERMINATION");
        define(ERR_JOB_TERMINATED, "PMIX_ERR_JOB_TERMINATED");
        define(ERR_UPDATE_ENDPOINTS, "PMIX_ERR_UPDATE_ENDPOINTS");
        define(GDS_ACTION_COMPLETE, "PMIX_GDS_ACTION_COMPLETE");
        define(PROC_HAS_CONNECTED, "PMIX_PROC_HAS_CONNECTED");
        define(CONNECT_REQUESTED, "PMIX_CONNECT_REQUESTED");
        define(ERR_NODE_DOWN, "PMIX_ERR_NODE_DOWN");
        define(ERR_NODE_OFFLINE, "PMIX_ERR_NODE_OFFLINE");
        define(ERR_SYS_BASE, "PMIX_ERR_SYS_BASE");
        define(ERR_SYS_OTHER, "PMIX_ERR_SYS_OTHER");
        define(EXTERNAL_ERR_BASE, "PMIX_EXTERNAL_ERR_BASE");
    }

    private Status() {
    }

    /**
     * The symbolic name of a status code as OpenPMIx spells the constant ({@code "PMIX_ERR_NOT_FOUND"}),
     * or the decimal number for a code nobody has named. Never throws.
     */
    public static String name(int status) {
        String name = NAMES.get(status);
        return name != null ? name : Integer.toString(status);
    }

    /** Whether the code has a name (a PMIx one, or one given with {@link #define(int, String)}). */
    public static boolean isKnown(int status) {
        return NAMES.containsKey(status);
    }

    /**
     * Looks a status up by its symbolic name, with or without the {@code PMIX_} prefix.
     *
     * @throws PmixException {@link #ERR_BAD_PARAM} if no status has that name
     */
    public static int valueOf(String name) {
        Objects.requireNonNull(name, "name");
        String wanted = name.startsWith("PMIX_") ? name : "PMIX_" + name;
        for (Map.Entry<Integer, String> e : NAMES.entrySet()) {
            if (e.getValue().equals(wanted)) {
                return e.getKey();
            }
        }
        throw new PmixException(ERR_BAD_PARAM, "unknown status name: " + name);
    }

    /**
     * Gives a name to a status code that PMIx does not define (RFC0010: implementers extend the
     * code space, below {@link #EXTERNAL_ERR_BASE} for errors). A code that already has a name
     * keeps it.
     *
     * @return the name the code now prints as
     */
    public static String define(int status, String name) {
        Objects.requireNonNull(name, "name");
        String prior = NAMES.putIfAbsent(status, name);
        return prior != null ? prior : name;
    }
}
