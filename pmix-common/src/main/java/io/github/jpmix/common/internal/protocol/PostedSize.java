package io.github.jpmix.common.internal.protocol;

import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.Value;

/**
 * Not API. What one posted key counts against a server's limit on a client's posted bytes
 * ({@code ServerOptions.maxPostedBytesPerClient}, docs/protocol.md "Limits"): the key's characters
 * plus its value's payload, strings by their characters, byte arrays by their length, data arrays
 * by their elements, any other value by a fixed {@value #FIXED} bytes. Client and server count
 * alike, so a {@code put} the client lets through is one the server's commit takes.
 */
public final class PostedSize {
    /** What a fixed-size value (a number, a struct) counts. */
    public static final int FIXED = 16;

    private PostedSize() {
    }

    /** The bytes {@code key} posted with {@code value} counts. */
    public static long of(String key, Value value) {
        return key.length() + of(value, 0);
    }

    private static long of(Value v, int depth) {
        Object d = v.data();
        if (d instanceof byte[] b) {
            return b.length;
        }
        if (d instanceof String s) {
            return s.length();
        }
        if (d instanceof DataArray a && depth < 64) {
            long n = FIXED;
            for (Value e : a.values()) {
                n += of(e, depth + 1);
            }
            return n;
        }
        if (d instanceof Value inner && depth < 64) {
            return of(inner, depth + 1);
        }
        return FIXED;
    }
}
