package io.github.jpmix.common;

/**
 * Ranges of published data and events ({@code pmix_data_range_t}, a {@code uint8_t}): who may
 * look it up or receive it. Values equal OpenPMIx 4.2.2's {@code pmix_common.h} (the
 * {@code pmix_data_range_t} block after "PMIX DATA TYPES"). Ints, not an enum, so that a value
 * from a newer peer still prints.
 *
 * <p>Thread-safe.
 */
public final class DataRange {
    /** {@code PMIX_RANGE_UNDEF}. */
    public static final int UNDEF = 0;
    /** {@code PMIX_RANGE_RM}: for the host resource manager only. */
    public static final int RM = 1;
    /** {@code PMIX_RANGE_LOCAL}: available on the local node only. */
    public static final int LOCAL = 2;
    /** {@code PMIX_RANGE_NAMESPACE}: available to processes of the same namespace only. */
    public static final int NAMESPACE = 3;
    /** {@code PMIX_RANGE_SESSION}: available to all processes of the session (allocation). */
    public static final int SESSION = 4;
    /** {@code PMIX_RANGE_GLOBAL}: available to all processes. */
    public static final int GLOBAL = 5;
    /** {@code PMIX_RANGE_CUSTOM}: the range is given in a {@code pmix_info_t} (PMIX_EVENT_CUSTOM_RANGE). */
    public static final int CUSTOM = 6;
    /** {@code PMIX_RANGE_PROC_LOCAL}: restricted to the local process. */
    public static final int PROC_LOCAL = 7;
    /** {@code PMIX_RANGE_INVALID} ({@code UINT8_MAX}). */
    public static final int INVALID = 0xFF;

    /** The name table; the texts are PMIx_Data_range_string's in OpenPMIx 4.2.2. */
    private static final ConstantNames NAMES = new ConstantNames("data range", false)
            .constant(UNDEF, "PMIX_RANGE_UNDEF", "UNDEFINED")
            .constant(RM, "PMIX_RANGE_RM", "INTENDED FOR HOST RESOURCE MANAGER ONLY")
            .constant(LOCAL, "PMIX_RANGE_LOCAL", "AVAIL ON LOCAL NODE ONLY")
            .constant(NAMESPACE, "PMIX_RANGE_NAMESPACE", "AVAIL TO PROCESSES IN SAME JOB ONLY")
            .constant(SESSION, "PMIX_RANGE_SESSION", "AVAIL TO PROCESSES IN SAME ALLOCATION ONLY")
            .constant(GLOBAL, "PMIX_RANGE_GLOBAL", "AVAIL TO ANYONE WITH AUTHORIZATION")
            .constant(CUSTOM, "PMIX_RANGE_CUSTOM", "AVAIL AS SPECIFIED IN DIRECTIVES")
            .constant(PROC_LOCAL, "PMIX_RANGE_PROC_LOCAL", "AVAIL ON LOCAL PROC ONLY")
            .constant(INVALID, "PMIX_RANGE_INVALID", "INVALID");

    private DataRange() {
    }

    /** The constant's name ({@code "PMIX_RANGE_NAMESPACE"}), or the decimal number of an unnamed range. Never throws. */
    public static String name(int range) {
        return NAMES.name(range);
    }

    /**
     * {@code PMIx_Data_range_string}: OpenPMIx 4.2.2's text for the range ({@code "AVAIL TO
     * PROCESSES IN SAME JOB ONLY"}), byte for byte. Deviation, on purpose: where OpenPMIx prints
     * {@code "UNKNOWN"}, this prints the name a user {@linkplain #define(int, String) defined},
     * else the decimal number. Never throws.
     */
    public static String toString(int range) {
        return NAMES.print(range);
    }

    /** Whether the range has a name (a PMIx one, or one given with {@link #define(int, String)}). */
    public static boolean isKnown(int range) {
        return NAMES.isKnown(range);
    }

    /**
     * Names a range PMIx does not define. A range that has a name keeps it (the new name becomes
     * an alias); returns the name it prints as.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} if the name is blank or already names another range
     */
    public static String define(int range, String name) {
        return NAMES.define(range, name);
    }

    /** The name table, for this package's tests. */
    static ConstantNames names() {
        return NAMES;
    }
}
