package io.github.jpmix.common;

/**
 * Job states ({@code pmix_job_state_t}, a {@code uint8_t}): ints whose values equal OpenPMIx
 * 4.2.2's {@code pmix_common.h} ("JOB STATE DEFINITIONS"), plus {@link #PREPPED} from
 * {@code pmix_deprecated.h}. Extensible as RFC0010 asks: a host names its own states with
 * {@link #define(int, String)}.
 *
 * <p>Like {@link ProcState}, two values are boundaries: states below {@link #UNTERMINATED} are a
 * job that has not terminated, {@link #TERMINATED_WITH_ERROR} and above an abnormal end.
 *
 * <p>Thread-safe.
 */
public final class JobState {
    /** {@code PMIX_JOB_STATE_UNDEF}: undefined job state. */
    public static final int UNDEF = 0;
    /** {@code PMIX_JOB_STATE_AWAITING_ALLOC}: the job waits for resources to be allocated to it. */
    public static final int AWAITING_ALLOC = 1;
    /** {@code PMIX_JOB_STATE_LAUNCH_UNDERWAY}: job launch underway. */
    public static final int LAUNCH_UNDERWAY = 2;
    /** {@code PMIX_JOB_STATE_RUNNING}: all procs have been spawned. */
    public static final int RUNNING = 3;
    /** {@code PMIX_JOB_STATE_SUSPENDED}: the job has been suspended. */
    public static final int SUSPENDED = 4;
    /** {@code PMIX_JOB_STATE_CONNECTED}: all procs have connected to their PMIx server. */
    public static final int CONNECTED = 5;
    /** {@code PMIX_JOB_STATE_UNTERMINATED}: boundary; states below it have not terminated. */
    public static final int UNTERMINATED = 15;
    /** {@code PMIX_JOB_STATE_TERMINATED}: the job has terminated (a query then also gives its exit status). */
    public static final int TERMINATED = 20;
    /** {@code PMIX_JOB_STATE_TERMINATED_WITH_ERROR}: boundary and state; the job ended abnormally. */
    public static final int TERMINATED_WITH_ERROR = 50;
    /**
     * {@code PMIX_JOB_STATE_PREPPED} ({@code pmix_deprecated.h}): the old name of
     * {@link #AWAITING_ALLOC}. OpenPMIx 4.2.2 still prints value 1 with this name's text,
     * "PREPPED FOR LAUNCH", so {@link #toString(int)} does too.
     */
    public static final int PREPPED = 1;

    /** The name table; the texts are PMIx_Job_state_string's in OpenPMIx 4.2.2. */
    private static final ConstantNames NAMES = new ConstantNames("job state", false)
            .constant(UNDEF, "PMIX_JOB_STATE_UNDEF", "UNDEFINED")
            .constant(AWAITING_ALLOC, "PMIX_JOB_STATE_AWAITING_ALLOC", "PREPPED FOR LAUNCH")
            .constant(LAUNCH_UNDERWAY, "PMIX_JOB_STATE_LAUNCH_UNDERWAY", "LAUNCHING")
            .constant(RUNNING, "PMIX_JOB_STATE_RUNNING", "RUNNING")
            .constant(SUSPENDED, "PMIX_JOB_STATE_SUSPENDED", "SUSPENDED")
            .constant(CONNECTED, "PMIX_JOB_STATE_CONNECTED", "CONNECTED")
            .constant(UNTERMINATED, "PMIX_JOB_STATE_UNTERMINATED", "UNTERMINATED")
            .constant(TERMINATED, "PMIX_JOB_STATE_TERMINATED", "TERMINATED")
            .constant(TERMINATED_WITH_ERROR, "PMIX_JOB_STATE_TERMINATED_WITH_ERROR", "TERMINATED WITH ERROR")
            .alias(PREPPED, "PMIX_JOB_STATE_PREPPED");

    private JobState() {
    }

    /** Whether a job in this state has terminated: the state lies above {@link #UNTERMINATED}. */
    public static boolean isTerminated(int state) {
        return state > UNTERMINATED;
    }

    /** Whether the state is an abnormal end: {@link #TERMINATED_WITH_ERROR} or above. */
    public static boolean isError(int state) {
        return state >= TERMINATED_WITH_ERROR;
    }

    /** The constant's name ({@code "PMIX_JOB_STATE_RUNNING"}), or the decimal number of an unnamed state. Never throws. */
    public static String name(int state) {
        return NAMES.name(state);
    }

    /**
     * {@code PMIx_Job_state_string}: OpenPMIx 4.2.2's text for the state ({@code "LAUNCHING"}),
     * byte for byte. Deviation, on purpose: where OpenPMIx prints {@code "UNKNOWN"}, this prints
     * the name a user {@linkplain #define(int, String) defined}, else the decimal number. Never
     * throws.
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
