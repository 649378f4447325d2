package io.github.jpmix.common;

/**
 * I/O forwarding channels ({@code pmix_iof_channel_t}, a {@code uint16_t} bit mask held in an
 * {@code int}): which standard streams to forward. Values equal OpenPMIx 4.2.2's
 * {@code pmix_common.h} (the {@code pmix_iof_channel_t} block after "PMIX DATA TYPES"). Combine
 * them with {@code |}.
 *
 * <p>{@link #ALL_CHANNELS} covers eight bits although PMIx names only four; the other four are
 * spare channels, silent when printed.
 *
 * <p>Thread-safe.
 */
public final class IofChannel {
    /** {@code PMIX_FWD_NO_CHANNELS}. */
    public static final int NO_CHANNELS = 0x0000;
    /** {@code PMIX_FWD_STDIN_CHANNEL}. */
    public static final int STDIN = 0x0001;
    /** {@code PMIX_FWD_STDOUT_CHANNEL}. */
    public static final int STDOUT = 0x0002;
    /** {@code PMIX_FWD_STDERR_CHANNEL}. */
    public static final int STDERR = 0x0004;
    /** {@code PMIX_FWD_STDDIAG_CHANNEL}: diagnostics, a stream of its own. */
    public static final int STDDIAG = 0x0008;
    /** {@code PMIX_FWD_ALL_CHANNELS}: every channel, the spare ones included. */
    public static final int ALL_CHANNELS = 0x00FF;

    private static final int NAMED_CHANNELS = STDIN | STDOUT | STDERR | STDDIAG;

    /**
     * The name table. No printer texts: PMIx_IOF_channel_string words a whole mask, so
     * {@link #toString(int)} builds it.
     */
    private static final ConstantNames NAMES = new ConstantNames("iof channel", false)
            .constant(NO_CHANNELS, "PMIX_FWD_NO_CHANNELS", null)
            .constant(STDIN, "PMIX_FWD_STDIN_CHANNEL", null)
            .constant(STDOUT, "PMIX_FWD_STDOUT_CHANNEL", null)
            .constant(STDERR, "PMIX_FWD_STDERR_CHANNEL", null)
            .constant(STDDIAG, "PMIX_FWD_STDDIAG_CHANNEL", null)
            .constant(ALL_CHANNELS, "PMIX_FWD_ALL_CHANNELS", null);

    private IofChannel() {
    }

    /**
     * The name of one constant ({@code "PMIX_FWD_STDOUT_CHANNEL"}), or the decimal number of any
     * other value, combinations included: use {@link #toString(int)} for a mask. Never throws.
     */
    public static String name(int channels) {
        return NAMES.name(channels);
    }

    /**
     * {@code PMIx_IOF_channel_string} as OpenPMIx 4.2.2 prints a mask, byte for byte: each of
     * {@code STDIN STDOUT STDERR STDDIAG} that is set, in that order, each followed by one space
     * (so the text ends in a space: {@code "STDOUT STDERR "}), or {@code "NONE"} when none is.
     *
     * <p>Deviation, on purpose: OpenPMIx ignores bits above {@link #ALL_CHANNELS}; this prints
     * them the same way, each followed by a space, by the name a user
     * {@linkplain #define(int, String) defined} for the bit, else together as one hex number
     * ({@code 0x102} prints {@code "STDOUT 0x100 "}). Never throws.
     */
    public static String toString(int channels) {
        StringBuilder text = new StringBuilder();
        appendIf(text, channels, STDIN, "STDIN");
        appendIf(text, channels, STDOUT, "STDOUT");
        appendIf(text, channels, STDERR, "STDERR");
        appendIf(text, channels, STDDIAG, "STDDIAG");
        for (String word : NAMES.unknownBits(channels & ~NAMED_CHANNELS, ALL_CHANNELS)) {
            text.append(word).append(' ');
        }
        return text.length() == 0 ? "NONE" : text.toString();
    }

    private static void appendIf(StringBuilder text, int channels, int channel, String word) {
        if ((channels & channel) != 0) {
            text.append(word).append(' ');
        }
    }

    /** Whether the value is one constant with a name (a PMIx one, or one given with {@link #define(int, String)}). */
    public static boolean isKnown(int channels) {
        return NAMES.isKnown(channels);
    }

    /**
     * Names a channel bit PMIx does not define, so that {@link #toString(int)} prints it. A value
     * that has a name keeps it (the new name becomes an alias); returns the name it prints as.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} if the name is blank or already names another value
     */
    public static String define(int channel, String name) {
        return NAMES.define(channel, name);
    }

    /** The name table, for this package's tests. */
    static ConstantNames names() {
        return NAMES;
    }
}
