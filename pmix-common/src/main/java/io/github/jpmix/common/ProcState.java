package io.github.jpmix.common;

/**
 * Process states ({@code pmix_proc_state_t}, a {@code uint8_t}): ints whose values equal OpenPMIx
 * 4.2.2's {@code pmix_common.h} ("PROCESS STATE DEFINITIONS"). Extensible as RFC0010 asks, so
 * not an enum: a host may report states PMIx does not define and name them with
 * {@link #define(int, String)}.
 *
 * <p>The values are ordered on purpose. Two of them are boundaries, not states a process is in:
 * every state below {@link #UNTERMINATED} is a live process, every state from {@link #ERROR} up
 * is an abnormal end; {@link #isTerminated(int)} and {@link #isError(int)} test that, so new
 * states a host defines in the right range classify themselves.
 *
 * <p>Thread-safe.
 */
public final class ProcState {
    /** {@code PMIX_PROC_STATE_UNDEF}: undefined process state. */
    public static final int UNDEF = 0;
    /** {@code PMIX_PROC_STATE_PREPPED}: process is ready to be launched. */
    public static final int PREPPED = 1;
    /** {@code PMIX_PROC_STATE_LAUNCH_UNDERWAY}: launch process underway. */
    public static final int LAUNCH_UNDERWAY = 2;
    /** {@code PMIX_PROC_STATE_RESTART}: the proc is ready for restart. */
    public static final int RESTART = 3;
    /** {@code PMIX_PROC_STATE_TERMINATE}: process is marked for termination. */
    public static final int TERMINATE = 4;
    /** {@code PMIX_PROC_STATE_RUNNING}: the daemon has forked the process. */
    public static final int RUNNING = 5;
    /** {@code PMIX_PROC_STATE_CONNECTED}: the process connected to its PMIx server. */
    public static final int CONNECTED = 6;
    /** {@code PMIX_PROC_STATE_UNTERMINATED}: boundary; states below it have not terminated. */
    public static final int UNTERMINATED = 15;
    /** {@code PMIX_PROC_STATE_TERMINATED}: process has terminated and is no longer running. */
    public static final int TERMINATED = 20;
    /** {@code PMIX_PROC_STATE_ERROR}: boundary; this state and those above are abnormal ends. */
    public static final int ERROR = 50;
    /** {@code PMIX_PROC_STATE_KILLED_BY_CMD}: process was killed by a command. */
    public static final int KILLED_BY_CMD = ERROR + 1;
    /** {@code PMIX_PROC_STATE_ABORTED}: process aborted. */
    public static final int ABORTED = ERROR + 2;
    /** {@code PMIX_PROC_STATE_FAILED_TO_START}: process failed to start. */
    public static final int FAILED_TO_START = ERROR + 3;
    /** {@code PMIX_PROC_STATE_ABORTED_BY_SIG}: process aborted by a signal. */
    public static final int ABORTED_BY_SIG = ERROR + 4;
    /** {@code PMIX_PROC_STATE_TERM_WO_SYNC}: process exited without calling PMIx_Finalize. */
    public static final int TERM_WO_SYNC = ERROR + 5;
    /** {@code PMIX_PROC_STATE_COMM_FAILED}: communication with the process has failed. */
    public static final int COMM_FAILED = ERROR + 6;
    /** {@code PMIX_PROC_STATE_SENSOR_BOUND_EXCEEDED}: process exceeded a sensor limit. */
    public static final int SENSOR_BOUND_EXCEEDED = ERROR + 7;
    /** {@code PMIX_PROC_STATE_CALLED_ABORT}: process called PMIx_Abort. */
    public static final int CALLED_ABORT = ERROR + 8;
    /** {@code PMIX_PROC_STATE_HEARTBEAT_FAILED}: process failed to send a heartbeat in time. */
    public static final int HEARTBEAT_FAILED = ERROR + 9;
    /** {@code PMIX_PROC_STATE_MIGRATING}: process failed and waits for resources to restart. */
    public static final int MIGRATING = ERROR + 10;
    /** {@code PMIX_PROC_STATE_CANNOT_RESTART}: process failed and cannot be restarted. */
    public static final int CANNOT_RESTART = ERROR + 11;
    /** {@code PMIX_PROC_STATE_TERM_NON_ZERO}: process exited with a non-zero status. */
    public static final int TERM_NON_ZERO = ERROR + 12;
    /** {@code PMIX_PROC_STATE_FAILED_TO_LAUNCH}: unable to launch the process. */
    public static final int FAILED_TO_LAUNCH = ERROR + 13;

    /** The name table; the texts are PMIx_Proc_state_string's in OpenPMIx 4.2.2. */
    private static final ConstantNames NAMES = new ConstantNames("proc state", false)
            .constant(UNDEF, "PMIX_PROC_STATE_UNDEF", "UNDEFINED")
            .constant(PREPPED, "PMIX_PROC_STATE_PREPPED", "PREPPED FOR LAUNCH")
            .constant(LAUNCH_UNDERWAY, "PMIX_PROC_STATE_LAUNCH_UNDERWAY", "LAUNCH UNDERWAY")
            .constant(RESTART, "PMIX_PROC_STATE_RESTART", "PROC READY FOR RESTART")
            .constant(TERMINATE, "PMIX_PROC_STATE_TERMINATE", "PROC MARKED FOR TERMINATION")
            .constant(RUNNING, "PMIX_PROC_STATE_RUNNING", "PROC EXECUTING")
            .constant(CONNECTED, "PMIX_PROC_STATE_CONNECTED", "PROC HAS CONNECTED TO LOCAL PMIX SERVER")
            .constant(UNTERMINATED, "PMIX_PROC_STATE_UNTERMINATED", "PROC HAS NOT TERMINATED")
            .constant(TERMINATED, "PMIX_PROC_STATE_TERMINATED", "PROC HAS TERMINATED")
            .constant(ERROR, "PMIX_PROC_STATE_ERROR", "PROC ERROR")
            .constant(KILLED_BY_CMD, "PMIX_PROC_STATE_KILLED_BY_CMD", "PROC KILLED BY CMD")
            .constant(ABORTED, "PMIX_PROC_STATE_ABORTED", "PROC ABNORMALLY ABORTED")
            .constant(FAILED_TO_START, "PMIX_PROC_STATE_FAILED_TO_START", "PROC FAILED TO START")
            .constant(ABORTED_BY_SIG, "PMIX_PROC_STATE_ABORTED_BY_SIG", "PROC ABORTED BY SIGNAL")
            .constant(TERM_WO_SYNC, "PMIX_PROC_STATE_TERM_WO_SYNC", "PROC TERMINATED WITHOUT CALLING PMIx_Finalize")
            .constant(COMM_FAILED, "PMIX_PROC_STATE_COMM_FAILED", "PROC LOST COMMUNICATION")
            .constant(SENSOR_BOUND_EXCEEDED, "PMIX_PROC_STATE_SENSOR_BOUND_EXCEEDED", "PROC SENSOR BOUND EXCEEDED")
            .constant(CALLED_ABORT, "PMIX_PROC_STATE_CALLED_ABORT", "PROC CALLED PMIx_Abort")
            .constant(HEARTBEAT_FAILED, "PMIX_PROC_STATE_HEARTBEAT_FAILED", "PROC FAILED TO REPORT HEARTBEAT")
            .constant(MIGRATING, "PMIX_PROC_STATE_MIGRATING", "PROC WAITING TO MIGRATE")
            .constant(CANNOT_RESTART, "PMIX_PROC_STATE_CANNOT_RESTART", "PROC CANNOT BE RESTARTED")
            .constant(TERM_NON_ZERO, "PMIX_PROC_STATE_TERM_NON_ZERO", "PROC TERMINATED WITH NON-ZERO STATUS")
            .constant(FAILED_TO_LAUNCH, "PMIX_PROC_STATE_FAILED_TO_LAUNCH", "PROC FAILED TO LAUNCH");

    private ProcState() {
    }

    /**
     * Whether a process in this state has terminated: the state lies above the
     * {@link #UNTERMINATED} boundary ({@code pmix_common.h}: "any value less than this one means
     * that the proc has not terminated"). The boundary itself counts as not terminated, as
     * {@code PMIx_Proc_state_string} prints it "PROC HAS NOT TERMINATED".
     */
    public static boolean isTerminated(int state) {
        return state > UNTERMINATED;
    }

    /**
     * Whether the state is an abnormal end: {@link #ERROR} or above ({@code pmix_common.h}: "a
     * boundary so users can easily and quickly determine if a proc abnormally terminated").
     * Every error state is also {@linkplain #isTerminated(int) terminated}.
     */
    public static boolean isError(int state) {
        return state >= ERROR;
    }

    /** The constant's name ({@code "PMIX_PROC_STATE_RUNNING"}), or the decimal number of an unnamed state. Never throws. */
    public static String name(int state) {
        return NAMES.name(state);
    }

    /**
     * {@code PMIx_Proc_state_string}: OpenPMIx 4.2.2's text for the state ({@code "PROC EXECUTING"}),
     * byte for byte. Deviation, on purpose: where OpenPMIx prints {@code "UNKNOWN STATE"}, this
     * prints the name a user {@linkplain #define(int, String) defined}, else the decimal number.
     * Never throws.
     */
    public static String toString(int state) {
        return NAMES.print(state);
    }

    /** Whether the state has a name (a PMIx one, or one given with {@link #define(int, String)}). */
    public static boolean isKnown(int state) {
        return NAMES.isKnown(state);
    }

    /**
     * Names a state PMIx does not define (RFC0010). A state that has a name keeps it (the new
     * name becomes an alias); returns the name it prints as.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} if the name is blank or already names another state
     */
    public static String define(int state, String name) {
        return NAMES.define(state, name);
    }

    /** The name table, for this package's tests. */
    static ConstantNames names() {
        return NAMES;
    }
}
