package io.github.jpmix.common.internal.codec;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;

/**
 * Not API. The decode limits of a {@link Codec}: what one decode may allocate, whatever the bytes
 * claim. Each setting has one system property and one default; a setter overrides the property.
 * {@link Codec#Codec(CodecOptions)} validates the options once ({@link #conclude()}) and they are
 * frozen from then on.
 *
 * <table>
 *   <caption>Settings</caption>
 *   <tr><th>setting</th><th>property</th><th>default</th><th>counts</th></tr>
 *   <tr><td>{@link #maxBytes(long)}</td><td>{@value #MAX_BYTES_PROP}</td><td>64 MiB</td>
 *       <td>bytes of strings and byte arrays, summed over the decode</td></tr>
 *   <tr><td>{@link #maxElements(int)}</td><td>{@value #MAX_ELEMENTS_PROP}</td><td>4,194,304</td>
 *       <td>elements of every list and array, summed over the decode</td></tr>
 *   <tr><td>{@link #maxDepth(int)}</td><td>{@value #MAX_DEPTH_PROP}</td><td>64</td>
 *       <td>values and data arrays nested in each other (also enforced when encoding)</td></tr>
 * </table>
 *
 * <p>Not thread-safe until concluded; immutable after.
 */
public final class CodecOptions {
    public static final String MAX_BYTES_PROP = "jpmix.codec.maxBytes";
    public static final long MAX_BYTES_DEFAULT = 64L * 1024 * 1024;
    public static final String MAX_ELEMENTS_PROP = "jpmix.codec.maxElements";
    public static final int MAX_ELEMENTS_DEFAULT = 4 * 1024 * 1024;
    public static final String MAX_DEPTH_PROP = "jpmix.codec.maxDepth";
    public static final int MAX_DEPTH_DEFAULT = 64;
    /** The deepest nesting allowed: far below what overflows a 512 KiB thread stack. */
    public static final int MAX_DEPTH_LIMIT = 1024;

    private long maxBytes = Long.getLong(MAX_BYTES_PROP, MAX_BYTES_DEFAULT);
    private int maxElements = Integer.getInteger(MAX_ELEMENTS_PROP, MAX_ELEMENTS_DEFAULT);
    private int maxDepth = Integer.getInteger(MAX_DEPTH_PROP, MAX_DEPTH_DEFAULT);
    private boolean concluded;

    /** Options from the system properties, or the defaults where a property is not set. */
    public CodecOptions() {
    }

    /** The most bytes of strings and byte arrays one decode may allocate, summed over the decode. */
    public CodecOptions maxBytes(long maxBytes) {
        checkNotConcluded();
        this.maxBytes = maxBytes;
        return this;
    }

    public long maxBytes() {
        return maxBytes;
    }

    /** The most list and array elements one decode may create, summed over the decode. */
    public CodecOptions maxElements(int maxElements) {
        checkNotConcluded();
        this.maxElements = maxElements;
        return this;
    }

    public int maxElements() {
        return maxElements;
    }

    /** The deepest nesting of values and data arrays, 1..{@value #MAX_DEPTH_LIMIT}. */
    public CodecOptions maxDepth(int maxDepth) {
        checkNotConcluded();
        this.maxDepth = maxDepth;
        return this;
    }

    public int maxDepth() {
        return maxDepth;
    }

    /**
     * Validates the options and freezes them; called by the {@link Codec} that takes them. Calling it
     * again is harmless.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} naming the bad setting and its value
     */
    public CodecOptions conclude() {
        if (concluded) {
            return this;
        }
        if (maxBytes < 1) {
            throw new PmixException(Status.ERR_BAD_PARAM, "codec options: maxBytes must be positive: " + maxBytes);
        }
        if (maxElements < 1) {
            throw new PmixException(Status.ERR_BAD_PARAM, "codec options: maxElements must be positive: " + maxElements);
        }
        if (maxDepth < 1 || maxDepth > MAX_DEPTH_LIMIT) {
            throw new PmixException(Status.ERR_BAD_PARAM,
                    "codec options: maxDepth must be 1.." + MAX_DEPTH_LIMIT + ": " + maxDepth);
        }
        concluded = true;
        return this;
    }

    private void checkNotConcluded() {
        if (concluded) {
            throw new IllegalStateException("codec options are in use by a codec and can no longer change");
        }
    }

    @Override
    public String toString() {
        return "CodecOptions[maxBytes=" + maxBytes + ", maxElements=" + maxElements + ", maxDepth=" + maxDepth + "]";
    }
}
