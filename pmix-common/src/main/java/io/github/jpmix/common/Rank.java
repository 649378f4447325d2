package io.github.jpmix.common;

import java.util.Locale;

/**
 * PMIx ranks ({@code pmix_rank_t}): a {@code uint32_t} held in a Java {@code int}. Compare, print
 * and parse them with the methods here, never with {@code <} or {@link Integer#toString(int)}:
 * rank 3,000,000,000 is a negative {@code int}.
 *
 * <p>The special values equal OpenPMIx 4.2.2's {@code pmix_common.h} ("PMIX CONSTANTS"): every
 * value at or above {@link #VALID} is reserved, and {@link #isValid(int)} is
 * {@code PMIX_RANK_IS_VALID}.
 */
public final class Rank {
    /** {@code PMIX_RANK_UNDEF} (UINT32_MAX): job-level data not tied to any rank, or a rank not known. */
    public static final int UNDEF = 0xFFFF_FFFF;
    /** {@code PMIX_RANK_WILDCARD} (UINT32_MAX-1): every rank of the namespace; asks for job-level data in a get. */
    public static final int WILDCARD = 0xFFFF_FFFE;
    /** {@code PMIX_RANK_LOCAL_NODE} (UINT32_MAX-2): all ranks on the local node. */
    public static final int LOCAL_NODE = 0xFFFF_FFFD;
    /** {@code PMIX_RANK_INVALID} (UINT32_MAX-3). */
    public static final int INVALID = 0xFFFF_FFFC;
    /** {@code PMIX_RANK_LOCAL_PEERS} (UINT32_MAX-4): all peers of the same namespace on the local node. */
    public static final int LOCAL_PEERS = 0xFFFF_FFFB;
    /** {@code PMIX_RANK_VALID} (UINT32_MAX-50): the boundary; ranks below it are real process ranks. */
    public static final int VALID = 0xFFFF_FFCD;
    /** {@code PMIX_APP_WILDCARD} (UINT32_MAX): data applies to all apps of a job. */
    public static final int APP_WILDCARD = 0xFFFF_FFFF;

    private Rank() {
    }

    /** {@code PMIX_RANK_IS_VALID}: a real process rank, not one of the reserved values. */
    public static boolean isValid(int rank) {
        return Integer.compareUnsigned(rank, VALID) < 0;
    }

    /** Unsigned comparison, as C compares {@code pmix_rank_t}. */
    public static int compare(int a, int b) {
        return Integer.compareUnsigned(a, b);
    }

    /** The rank as an unsigned number, for arithmetic without overflow. */
    public static long toUnsignedLong(int rank) {
        return Integer.toUnsignedLong(rank);
    }

    /**
     * A rank's printed form: the unsigned decimal for a valid rank ({@code "3000000000"}, never a
     * negative number), the name for the five special values ({@code "UNDEF"},
     * {@code "WILDCARD"}, {@code "LOCAL_NODE"}, {@code "INVALID"}, {@code "LOCAL_PEERS"}), and the
     * unsigned decimal for any other reserved value. {@link #parse(String)} reads every form back.
     *
     * <p>OpenPMIx 4.2.2's internal {@code PMIX_RANK_PRINT} names only {@code UNDEF} and
     * {@code WILDCARD} and prints the other three special values as numbers ({@code "4294967293"});
     * OpenPMIx's current code (master) names all five, spelled as here. JPMIx does too, since a
     * bare 4294967293 in a log says nothing. {@link #APP_WILDCARD} equals {@link #UNDEF} and
     * prints as {@code "UNDEF"}. Never throws.
     */
    public static String toString(int rank) {
        switch (rank) {
            case UNDEF:
                return "UNDEF";
            case WILDCARD:
                return "WILDCARD";
            case LOCAL_NODE:
                return "LOCAL_NODE";
            case INVALID:
                return "INVALID";
            case LOCAL_PEERS:
                return "LOCAL_PEERS";
            default:
                return Integer.toUnsignedString(rank);
        }
    }

    /**
     * Parses what {@link #toString(int)} prints (case-insensitive names, {@code "*"} for the
     * wildcard) or an unsigned decimal up to {@code 4294967295}.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} for anything else (negative numbers,
     *     numbers past {@code uint32}, junk)
     */
    public static int parse(String text) {
        if (text == null || text.isEmpty()) {
            throw new PmixException(Status.ERR_BAD_PARAM, "rank: empty");
        }
        switch (text.toUpperCase(Locale.ROOT)) {
            case "UNDEF":
                return UNDEF;
            case "WILDCARD":
            case "*":
                return WILDCARD;
            case "LOCAL_NODE":
                return LOCAL_NODE;
            case "INVALID":
                return INVALID;
            case "LOCAL_PEERS":
                return LOCAL_PEERS;
            default:
                break;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                throw new PmixException(Status.ERR_BAD_PARAM, "rank: not an unsigned number: '" + text + "'");
            }
        }
        try {
            return Integer.parseUnsignedInt(text);
        } catch (NumberFormatException e) {
            throw new PmixException(Status.ERR_BAD_PARAM, "rank: out of uint32 range: '" + text + "'", e);
        }
    }
}
