package io.github.jpmix.common;

/**
 * What an allocation request asks for ({@code pmix_alloc_directive_t}, a {@code uint8_t}). Values
 * equal OpenPMIx 4.2.2's {@code pmix_common.h} (the {@code pmix_alloc_directive_t} block after
 * "PMIX DATA TYPES"); implementers define their own above {@link #EXTERNAL} and name them with
 * {@link #define(int, String)}.
 *
 * <p>Thread-safe.
 */
public final class AllocDirective {
    /** {@code PMIX_ALLOC_NEW}: a new allocation, disjoint from the requester's. */
    public static final int NEW = 1;
    /** {@code PMIX_ALLOC_EXTEND}: extend the existing allocation in time or resources. */
    public static final int EXTEND = 2;
    /** {@code PMIX_ALLOC_RELEASE}: release (or lend) part of the existing allocation. */
    public static final int RELEASE = 3;
    /**
     * {@code PMIX_ALLOC_REAQUIRE}: reacquire resources previously lent back to the scheduler. The
     * misspelling is OpenPMIx's own and kept so the C and Java names correspond; the printer
     * spells it "REACQUIRE".
     */
    public static final int REAQUIRE = 4;
    /** {@code PMIX_ALLOC_EXTERNAL}: boundary; implementers define directives above it. */
    public static final int EXTERNAL = 128;

    /** The name table; the texts are PMIx_Alloc_directive_string's in OpenPMIx 4.2.2. */
    private static final ConstantNames NAMES = new ConstantNames("alloc directive", false)
            .constant(NEW, "PMIX_ALLOC_NEW", "NEW")
            .constant(EXTEND, "PMIX_ALLOC_EXTEND", "EXTEND")
            .constant(RELEASE, "PMIX_ALLOC_RELEASE", "RELEASE")
            .constant(REAQUIRE, "PMIX_ALLOC_REAQUIRE", "REACQUIRE")
            .constant(EXTERNAL, "PMIX_ALLOC_EXTERNAL", null);

    private AllocDirective() {
    }

    /** The constant's name ({@code "PMIX_ALLOC_NEW"}), or the decimal number of an unnamed directive. Never throws. */
    public static String name(int directive) {
        return NAMES.name(directive);
    }

    /**
     * {@code PMIx_Alloc_directive_string}: OpenPMIx 4.2.2's text for the directive
     * ({@code "EXTEND"}), byte for byte. Deviation, on purpose: where OpenPMIx prints
     * {@code "UNSPECIFIED"}, this prints the directive's name if it has one (the
     * {@link #EXTERNAL} boundary, or a directive a user defined), else the decimal number. Never
     * throws.
     */
    public static String toString(int directive) {
        return NAMES.print(directive);
    }

    /** Whether the directive has a name (a PMIx one, or one given with {@link #define(int, String)}). */
    public static boolean isKnown(int directive) {
        return NAMES.isKnown(directive);
    }

    /**
     * Names an implementer-defined directive (above {@link #EXTERNAL}). A directive that has a
     * name keeps it (the new name becomes an alias); returns the name it prints as.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} if the name is blank or already names another directive
     */
    public static String define(int directive, String name) {
        return NAMES.define(directive, name);
    }

    /** The name table, for this package's tests. */
    static ConstantNames names() {
        return NAMES;
    }
}
