package io.github.jpmix.common;

import java.util.ArrayList;
import java.util.List;

/**
 * Directive bits of a {@code pmix_info_t} ({@code pmix_info_directives_t}, a {@code uint32_t} bit
 * mask held in an {@code int}): whether the attribute is required, a qualifier, and so on. Values
 * equal OpenPMIx 4.2.2's {@code pmix_common.h} (the {@code pmix_info_directives_t} block after
 * "PMIX DATA TYPES"). Combine them with {@code |}; test them with {@code &}.
 *
 * <p>The top 16 bits ({@link #DIR_RESERVED}) belong to the implementation, which may use them
 * internally; a host that needs a bit of its own can name it with {@link #define(int, String)} so
 * that it prints.
 *
 * <p>Thread-safe.
 */
public final class InfoDirectives {
    /** {@code PMIX_INFO_REQD}: the attribute must be honoured, or the operation fails. */
    public static final int REQD = 0x0000_0001;
    /** {@code PMIX_INFO_ARRAY_END}: marks the end of an array made by PMIX_INFO_CREATE. */
    public static final int ARRAY_END = 0x0000_0002;
    /** {@code PMIX_INFO_REQD_PROCESSED}: a required attribute has been processed. */
    public static final int REQD_PROCESSED = 0x0000_0004;
    /** {@code PMIX_INFO_QUALIFIER}: the info qualifies the primary value rather than being one. */
    public static final int QUALIFIER = 0x0000_0008;
    /** {@code PMIX_INFO_PERSISTENT}: do not release the included value. */
    public static final int PERSISTENT = 0x0000_0010;
    /** {@code PMIX_INFO_DIR_RESERVED}: the mask of the 16 bits reserved for implementers. */
    public static final int DIR_RESERVED = 0xFFFF_0000;

    /** The single bits PMIx defines; other bits are the implementer's or unknown. */
    private static final int DEFINED_BITS = REQD | ARRAY_END | REQD_PROCESSED | QUALIFIER | PERSISTENT;

    /**
     * The name table. No printer texts: PMIx_Info_directives_string words a whole mask, so
     * {@link #toString(int)} builds it.
     */
    private static final ConstantNames NAMES = new ConstantNames("info directives", false)
            .constant(REQD, "PMIX_INFO_REQD", null)
            .constant(ARRAY_END, "PMIX_INFO_ARRAY_END", null)
            .constant(REQD_PROCESSED, "PMIX_INFO_REQD_PROCESSED", null)
            .constant(QUALIFIER, "PMIX_INFO_QUALIFIER", null)
            .constant(PERSISTENT, "PMIX_INFO_PERSISTENT", null)
            .constant(DIR_RESERVED, "PMIX_INFO_DIR_RESERVED", null);

    private InfoDirectives() {
    }

    /** Whether {@link #REQD} is set. */
    public static boolean isRequired(int directives) {
        return (directives & REQD) != 0;
    }

    /** Whether {@link #QUALIFIER} is set. */
    public static boolean isQualifier(int directives) {
        return (directives & QUALIFIER) != 0;
    }

    /**
     * The name of one constant ({@code "PMIX_INFO_REQD"}), or the unsigned decimal number of any
     * other value, combinations included: use {@link #toString(int)} for a mask. Never throws.
     */
    public static String name(int directives) {
        return NAMES.name(directives);
    }

    /**
     * {@code PMIx_Info_directives_string} as OpenPMIx 4.2.2 prints a mask, byte for byte:
     * {@code "QUALIFIER"} when that bit is set (and nothing else of the PMIx bits), otherwise
     * {@code "REQUIRED"} or {@code "OPTIONAL"} followed by {@code ":PROCESSED"} and {@code ":END"}
     * for those bits, all joined with {@code ':'} ({@code "REQUIRED:PROCESSED:END"}). 4.2.2 has
     * no word for {@link #PERSISTENT} and prints the reserved bits not at all; neither does this.
     *
     * <p>Deviation, on purpose: OpenPMIx ignores the bits it does not know; this appends them,
     * {@code ':'}-separated, by the name a user {@linkplain #define(int, String) defined} for the
     * bit, else together as one hex number ({@code 0x21} prints {@code "REQUIRED:0x20"}). Unnamed
     * bits inside {@link #DIR_RESERVED} stay silent, as the implementation may set them. Never
     * throws.
     */
    public static String toString(int directives) {
        List<String> words = new ArrayList<>(4);
        if ((directives & QUALIFIER) != 0) {
            words.add("QUALIFIER");
        } else {
            words.add((directives & REQD) != 0 ? "REQUIRED" : "OPTIONAL");
            if ((directives & REQD_PROCESSED) != 0) {
                words.add("PROCESSED");
            }
            if ((directives & ARRAY_END) != 0) {
                words.add("END");
            }
        }
        words.addAll(NAMES.unknownBits(directives & ~DEFINED_BITS, DIR_RESERVED));
        return String.join(":", words);
    }

    /** Whether the value is one constant with a name (a PMIx one, or one given with {@link #define(int, String)}). */
    public static boolean isKnown(int directives) {
        return NAMES.isKnown(directives);
    }

    /**
     * Names a directive bit PMIx does not define, typically one of {@link #DIR_RESERVED}'s, so
     * that {@link #toString(int)} prints it. A value that has a name keeps it (the new name
     * becomes an alias); returns the name it prints as.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} if the name is blank or already names another value
     */
    public static String define(int directive, String name) {
        return NAMES.define(directive, name);
    }

    /** The name table, for this package's tests. */
    static ConstantNames names() {
        return NAMES;
    }
}
