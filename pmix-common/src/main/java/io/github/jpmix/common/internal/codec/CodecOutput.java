package io.github.jpmix.common.internal.codec;

import com.esotericsoftware.kryo.io.Output;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import java.nio.ByteBuffer;

/**
 * Not API. Kryo's growable {@link Output} plus the codec's own writes: strict UTF-8 strings with a
 * null marker, byte arrays from a buffer view (no copy of the payload first), IEEE bits as they are
 * (NaN payloads kept), and the nesting depth check that keeps a deep model from overflowing the
 * stack. One encode at a time: not thread-safe.
 */
final class CodecOutput extends Output {
    private static final int INITIAL = 256;
    /** A buffer grown past this is dropped after its encode, so one big message does not pin memory. */
    private static final int KEEP = 1024 * 1024;
    /** Strings this long or longer take the counting path, whose length arithmetic cannot overflow. */
    private static final int ASCII_MAX = 1 << 28;

    private final int maxDepth;
    private int depth;

    CodecOutput(CodecOptions options) {
        super(INITIAL, -1);
        this.maxDepth = options.maxDepth();
    }

    /** Starts an encode. */
    void begin() {
        position = 0;
        total = 0;
        depth = 0;
    }

    /** Ends an encode, dropping an oversized buffer. Call only after the bytes have been taken. */
    void release() {
        if (capacity > KEEP) {
            setBuffer(new byte[INITIAL], -1);
        }
    }

    static PmixException unencodable(String message) {
        return new PmixException(Status.ERR_PACK_FAILURE, "encode: " + message);
    }

    /** Enters one level of nesting; the decoder would refuse more than maxDepth, so the encoder does too. */
    void enter() {
        if (++depth > maxDepth) {
            throw unencodable("nesting deeper than maxDepth=" + maxDepth);
        }
    }

    void exit() {
        depth--;
    }

    void writeFloatBits(float v) {
        writeInt(Float.floatToRawIntBits(v));
    }

    void writeDoubleBits(double v) {
        writeLong(Double.doubleToRawLongBits(v));
    }

    /** A count or length: an unsigned varint. */
    void writeCount(int n) {
        writeVarInt(n, true);
    }

    /** Varint length then the bytes, read from the view without copying them first. */
    void writeByteArray(ByteBuffer view) {
        int n = view.remaining();
        writeVarInt(n, true);
        require(n);
        view.get(buffer, position, n);
        position += n;
    }

    void writeByteArray(byte[] b) {
        writeVarInt(b.length, true);
        writeBytes(b, 0, b.length);
    }

    /** A string that may be null: varint (UTF-8 length + 1, 0 for null), then the UTF-8 bytes. */
    void writeNullableUtf8(String s) {
        if (s == null) {
            writeByte(0);
            return;
        }
        int chars = s.length();
        int start = position;
        if (chars < ASCII_MAX) {
            // optimistic: most strings are ASCII, whose UTF-8 length is their length; one pass
            writeVarInt(chars + 1, true);
            require(chars);
            byte[] b = buffer;
            int p = position;
            for (int i = 0; i < chars; i++) {
                char c = s.charAt(i);
                if (c >= 0x80) {
                    position = start;
                    writeCountedUtf8(s, chars);
                    return;
                }
                b[p++] = (byte) c;
            }
            position = p;
            return;
        }
        writeCountedUtf8(s, chars);
    }

    /** The general path: count the UTF-8 bytes first (refusing unpaired surrogates), then encode. */
    private void writeCountedUtf8(String s, int chars) {
        int n = utf8Length(s);
        writeVarInt(n + 1, true);
        require(n);
        writeUtf8Chars(s, chars);
    }

    /** A string that is never null (the same layout as {@link #writeNullableUtf8}). */
    void writeUtf8(String s) {
        writeNullableUtf8(s);
    }

    private void writeUtf8Chars(String s, int chars) {
        byte[] b = buffer;
        int p = position;
        for (int i = 0; i < chars; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                b[p++] = (byte) c;
            } else if (c < 0x800) {
                b[p++] = (byte) (0xC0 | c >> 6);
                b[p++] = (byte) (0x80 | c & 0x3F);
            } else if (Character.isHighSurrogate(c)) {
                int cp = Character.toCodePoint(c, s.charAt(++i)); // paired: utf8Length checked
                b[p++] = (byte) (0xF0 | cp >> 18);
                b[p++] = (byte) (0x80 | cp >> 12 & 0x3F);
                b[p++] = (byte) (0x80 | cp >> 6 & 0x3F);
                b[p++] = (byte) (0x80 | cp & 0x3F);
            } else {
                b[p++] = (byte) (0xE0 | c >> 12);
                b[p++] = (byte) (0x80 | c >> 6 & 0x3F);
                b[p++] = (byte) (0x80 | c & 0x3F);
            }
        }
        position = p;
    }

    /**
     * The string's length in UTF-8.
     *
     * @throws PmixException {@link Status#ERR_PACK_FAILURE} for an unpaired surrogate, which UTF-8
     *     cannot carry (the JDK would silently turn it into {@code '?'})
     */
    static int utf8Length(String s) {
        int chars = s.length();
        long n = chars;
        for (int i = 0; i < chars; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                if (c < 0x800) {
                    n += 1;
                } else if (Character.isSurrogate(c)) {
                    if (Character.isHighSurrogate(c) && i + 1 < chars && Character.isLowSurrogate(s.charAt(i + 1))) {
                        n += 2; // 4 bytes for 2 chars
                        i++;
                    } else {
                        throw unencodable("unpaired surrogate U+" + Integer.toHexString(c).toUpperCase(java.util.Locale.ROOT)
                                + " at index " + i + " of a string");
                    }
                } else {
                    n += 2;
                }
            }
        }
        if (n > Integer.MAX_VALUE - 16) {
            throw unencodable("string of " + n + " UTF-8 bytes is too long");
        }
        return (int) n;
    }
}
