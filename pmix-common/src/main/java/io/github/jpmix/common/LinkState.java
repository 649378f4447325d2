package io.github.jpmix.common;

/**
 * States of a fabric port ({@code pmix_link_state_t}, a {@code uint8_t}). Values equal OpenPMIx
 * 4.2.2's {@code pmix_common.h} ("PMIX LINK STATES"). Ints, not an enum, so that a value from a
 * newer peer still prints.
 *
 * <p>Thread-safe.
 */
public final class LinkState {
    /** {@code PMIX_LINK_STATE_UNKNOWN}: the port state is unknown or not applicable. */
    public static final int UNKNOWN = 0;
    /** {@code PMIX_LINK_DOWN}: the port is inactive. */
    public static final int DOWN = 1;
    /** {@code PMIX_LINK_UP}: the port is active. */
    public static final int UP = 2;

    /** The name table; the texts are PMIx_Link_state_string's in OpenPMIx 4.2.2. */
    private static final ConstantNames NAMES = new ConstantNames("link state", false)
            .constant(UNKNOWN, "PMIX_LINK_STATE_UNKNOWN", "UNKNOWN")
            .constant(DOWN, "PMIX_LINK_DOWN", "INACTIVE")
            .constant(UP, "PMIX_LINK_UP", "ACTIVE");

    private LinkState() {
    }

    /** The constant's name ({@code "PMIX_LINK_UP"}), or the decimal number of an unnamed state. Never throws. */
    public static String name(int state) {
        return NAMES.name(state);
    }

    /**
     * {@code PMIx_Link_state_string}: OpenPMIx 4.2.2's text for the state ({@code "ACTIVE"}), byte
     * for byte. Deviation, on purpose: OpenPMIx prints {@code "UNKNOWN"} both for
     * {@link #UNKNOWN} and for any value it does not know; this prints "UNKNOWN" only for the
     * former, and for the latter the name a user {@linkplain #define(int, String) defined}, else
     * the decimal number. Never throws.
     */
    public static String toString(int state) {
        return NAMES.print(state);
    }

    /** Whether the state has a name (a PMIx one, or one given with {@link #define(int, String)}). */
    public static boolean isKnown(int state) {
        return NAMES.isKnown(state);
    }

    /**
     * Names a state PMIx does not define. A state that has a name keeps it (the new name becomes
     * an alias); returns the name it prints as.
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
