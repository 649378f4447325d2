package io.github.jpmix.common;

/**
 * Scopes of data a process puts ({@code pmix_scope_t}, a {@code uint8_t}): who may read it.
 * Values equal OpenPMIx 4.2.2's {@code pmix_common.h} (the {@code pmix_scope_t} block after
 * "PMIX DATA TYPES"). Ints, not an enum, so that a value from a newer peer still prints.
 *
 * <p>Thread-safe.
 */
public final class Scope {
    /** {@code PMIX_SCOPE_UNDEF}. */
    public static final int UNDEF = 0;
    /** {@code PMIX_LOCAL}: share with processes on this node only. */
    public static final int LOCAL = 1;
    /** {@code PMIX_REMOTE}: share with processes on other nodes only. */
    public static final int REMOTE = 2;
    /** {@code PMIX_GLOBAL}: share with all processes, local and remote. */
    public static final int GLOBAL = 3;
    /** {@code PMIX_INTERNAL}: store in the library's own tables, share with nobody. */
    public static final int INTERNAL = 4;

    /** The name table; the texts are PMIx_Scope_string's in OpenPMIx 4.2.2. */
    private static final ConstantNames NAMES = new ConstantNames("scope", false)
            .constant(UNDEF, "PMIX_SCOPE_UNDEF", "UNDEFINED")
            .constant(LOCAL, "PMIX_LOCAL", "SHARE ON LOCAL NODE ONLY")
            .constant(REMOTE, "PMIX_REMOTE", "SHARE ON REMOTE NODES ONLY")
            .constant(GLOBAL, "PMIX_GLOBAL", "SHARE ACROSS ALL NODES")
            .constant(INTERNAL, "PMIX_INTERNAL", "STORE INTERNALLY");

    private Scope() {
    }

    /** The constant's name ({@code "PMIX_GLOBAL"}), or the decimal number of an unnamed scope. Never throws. */
    public static String name(int scope) {
        return NAMES.name(scope);
    }

    /**
     * {@code PMIx_Scope_string}: OpenPMIx 4.2.2's text for the scope ({@code "SHARE ACROSS ALL
     * NODES"}), byte for byte. Deviation, on purpose: where OpenPMIx prints {@code "UNKNOWN
     * SCOPE"}, this prints the name a user {@linkplain #define(int, String) defined}, else the
     * decimal number. Never throws.
     */
    public static String toString(int scope) {
        return NAMES.print(scope);
    }

    /** Whether the scope has a name (a PMIx one, or one given with {@link #define(int, String)}). */
    public static boolean isKnown(int scope) {
        return NAMES.isKnown(scope);
    }

    /**
     * Names a scope PMIx does not define. A scope that has a name keeps it (the new name becomes
     * an alias); returns the name it prints as.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} if the name is blank or already names another scope
     */
    public static String define(int scope, String name) {
        return NAMES.define(scope, name);
    }

    /** The name table, for this package's tests. */
    static ConstantNames names() {
        return NAMES;
    }
}
