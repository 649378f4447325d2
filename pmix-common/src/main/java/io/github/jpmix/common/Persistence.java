package io.github.jpmix.common;

/**
 * How long published data lives ({@code pmix_persistence_t}, a {@code uint8_t}). Values equal
 * OpenPMIx 4.2.2's {@code pmix_common.h} (the {@code pmix_persistence_t} block after "PMIX DATA
 * TYPES"). Ints, not an enum, so that a value from a newer peer still prints.
 *
 * <p>Thread-safe.
 */
public final class Persistence {
    /** {@code PMIX_PERSIST_INDEF}: retain until deleted explicitly. */
    public static final int INDEF = 0;
    /** {@code PMIX_PERSIST_FIRST_READ}: delete on first access. */
    public static final int FIRST_READ = 1;
    /** {@code PMIX_PERSIST_PROC}: retain until the publishing process terminates. */
    public static final int PROC = 2;
    /** {@code PMIX_PERSIST_APP}: retain until the publisher's application terminates. */
    public static final int APP = 3;
    /** {@code PMIX_PERSIST_SESSION}: retain until the publisher's session (allocation) terminates. */
    public static final int SESSION = 4;
    /** {@code PMIX_PERSIST_INVALID} ({@code UINT8_MAX}). */
    public static final int INVALID = 0xFF;

    /** The name table; the texts are PMIx_Persistence_string's in OpenPMIx 4.2.2. */
    private static final ConstantNames NAMES = new ConstantNames("persistence", false)
            .constant(INDEF, "PMIX_PERSIST_INDEF", "INDEFINITE")
            .constant(FIRST_READ, "PMIX_PERSIST_FIRST_READ", "DELETE ON FIRST ACCESS")
            .constant(PROC, "PMIX_PERSIST_PROC", "RETAIN UNTIL PUBLISHING PROCESS TERMINATES")
            .constant(APP, "PMIX_PERSIST_APP", "RETAIN UNTIL APPLICATION OF PUBLISHING PROCESS TERMINATES")
            .constant(SESSION, "PMIX_PERSIST_SESSION", "RETAIN UNTIL ALLOCATION OF PUBLISHING PROCESS TERMINATES")
            .constant(INVALID, "PMIX_PERSIST_INVALID", "INVALID");

    private Persistence() {
    }

    /** The constant's name ({@code "PMIX_PERSIST_PROC"}), or the decimal number of an unnamed policy. Never throws. */
    public static String name(int persistence) {
        return NAMES.name(persistence);
    }

    /**
     * {@code PMIx_Persistence_string}: OpenPMIx 4.2.2's text for the policy ({@code "DELETE ON
     * FIRST ACCESS"}), byte for byte. Deviation, on purpose: where OpenPMIx prints {@code "UNKNOWN
     * PERSISTENCE"}, this prints the name a user {@linkplain #define(int, String) defined}, else
     * the decimal number. Never throws.
     */
    public static String toString(int persistence) {
        return NAMES.print(persistence);
    }

    /** Whether the policy has a name (a PMIx one, or one given with {@link #define(int, String)}). */
    public static boolean isKnown(int persistence) {
        return NAMES.isKnown(persistence);
    }

    /**
     * Names a policy PMIx does not define. A policy that has a name keeps it (the new name
     * becomes an alias); returns the name it prints as.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} if the name is blank or already names another policy
     */
    public static String define(int persistence, String name) {
        return NAMES.define(persistence, name);
    }

    /** The name table, for this package's tests. */
    static ConstantNames names() {
        return NAMES;
    }
}
