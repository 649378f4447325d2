package io.github.jpmix.common.internal.bfrops;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.codec.CodecOptions;

/**
 * Not API. What one decode may allocate, whatever the bytes claim: the {@link CodecOptions} caps
 * (bytes of strings and byte arrays, and collection elements, each summed over the decode), shared
 * by a {@link BfropsReader} and the readers it opens over nested buffers and byte objects, so
 * nesting cannot multiply them. Exceeding one is {@link Status#ERR_UNPACK_INADEQUATE_SPACE}, the
 * status the Kryo codec gives its caps. Not thread-safe: one decode at a time.
 */
final class Budget {
    /** The options of the system properties, or the defaults, as they were when this class loaded. */
    static final CodecOptions DEFAULTS = new CodecOptions().conclude();

    final long maxBytes;
    final int maxElements;
    final int maxDepth;
    private long bytes;
    private long elements;

    Budget(CodecOptions options) {
        options.conclude();
        this.maxBytes = options.maxBytes();
        this.maxElements = options.maxElements();
        this.maxDepth = options.maxDepth();
    }

    void chargeBytes(String what, long n) {
        bytes += n;
        if (bytes > maxBytes) {
            throw new PmixException(Status.ERR_UNPACK_INADEQUATE_SPACE, "unpack: " + what + " of " + n
                    + " bytes exceeds maxBytes=" + maxBytes + " (" + bytes + " in this decode)");
        }
    }

    void chargeElements(String what, long n) {
        elements += n;
        if (elements > maxElements) {
            throw new PmixException(Status.ERR_UNPACK_INADEQUATE_SPACE, "unpack: " + what + " of " + n
                    + " elements exceeds maxElements=" + maxElements + " (" + elements + " in this decode)");
        }
    }
}
