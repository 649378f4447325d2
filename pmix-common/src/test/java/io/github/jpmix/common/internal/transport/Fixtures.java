package io.github.jpmix.common.internal.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.PmixException;
import java.nio.charset.StandardCharsets;
import org.agrona.DirectBuffer;

/**
 * Shared helpers of the ring-level transport tests (the tests of both halves together, in
 * pmix-client, have their own).
 */
final class Fixtures {
    private Fixtures() {
    }

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static String text(DirectBuffer buffer, int offset, int length) {
        byte[] b = new byte[length];
        buffer.getBytes(offset, b);
        return new String(b, StandardCharsets.UTF_8);
    }

    static String text(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }

    /** A payload whose every byte depends on its position and a seed, to catch misplaced chunks. */
    static byte[] pattern(int length, int seed) {
        byte[] b = new byte[length];
        for (int i = 0; i < length; i++) {
            b[i] = (byte) (i * 31 + seed + (i >>> 8) * 7);
        }
        return b;
    }

    static void assertStatus(int expected, PmixException e) {
        assertEquals(expected, e.status(), () -> "status of " + e);
    }

    static void assertMentions(PmixException e, String... words) {
        for (String w : words) {
            assertTrue(String.valueOf(e.getMessage()).contains(w), () -> "'" + e.getMessage() + "' lacks '" + w + "'");
        }
    }
}
