package io.github.jpmix.common.internal.codec;

import com.esotericsoftware.kryo.io.Input;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import java.io.InputStream;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.agrona.DirectBuffer;

/**
 * Not API. A Kryo {@link Input} that reads a region of an Agrona {@link DirectBuffer} in place (no
 * copy of the region is made), with the codec's decode limits built in.
 *
 * <p>Kryo's own {@code Input} trusts the bytes: {@code readString}, {@code readBytes(int)} and the
 * array readers allocate whatever length the input claims. Here every length read from the wire is
 * checked, before anything is allocated, against the bytes left in the region and against the
 * decode budget ({@link CodecOptions}): bytes of strings and byte arrays, collection elements and
 * nesting depth, counted across the whole decode so nested arrays cannot multiply. Kryo's unbounded
 * string and array readers throw {@link UnsupportedOperationException}; the codec never calls them.
 *
 * <p>{@link #position()} and {@link #limit()} are indices into the wrapped buffer, not into the
 * region. Every read past {@link #limit()} fails with
 * {@link Status#ERR_UNPACK_READ_PAST_END_OF_BUFFER}, even when the buffer has more bytes after the
 * region. One decode at a time: not thread-safe.
 */
final class CodecInput extends Input {
    private static final ByteOrder ORDER = ByteOrder.LITTLE_ENDIAN;
    private static final byte[] NO_BYTES = new byte[0];
    /** Scratch kept between decodes up to this size; a bigger one is dropped after its decode. */
    private static final int SCRATCH_KEEP = 64 * 1024;

    private final long maxBytes;
    private final int maxElements;
    private final int maxDepth;

    private DirectBuffer src;
    private int start;
    private long bytes;
    private long elements;
    private int depth;
    private byte[] scratch = new byte[256];

    CodecInput(CodecOptions options) {
        this.maxBytes = options.maxBytes();
        this.maxElements = options.maxElements();
        this.maxDepth = options.maxDepth();
    }

    /**
     * Starts a decode of {@code length} bytes at {@code offset} of {@code buffer}, with a fresh budget.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} if the region is not inside the buffer
     */
    void wrap(DirectBuffer buffer, int offset, int length) {
        if (offset < 0 || length < 0 || offset > buffer.capacity() - length) {
            throw new PmixException(Status.ERR_BAD_PARAM, "decode: region offset=" + offset + " length=" + length
                    + " is not inside a buffer of capacity " + buffer.capacity());
        }
        this.src = buffer;
        this.start = offset;
        this.position = offset;
        this.limit = offset + length;
        this.bytes = 0;
        this.elements = 0;
        this.depth = 0;
    }

    /** Forgets the buffer (so the codec does not keep it reachable) and drops an oversized scratch. */
    void release() {
        src = null;
        position = 0;
        limit = 0;
        start = 0;
        if (scratch.length > SCRATCH_KEEP) {
            scratch = new byte[256];
        }
    }

    /** Bytes left in the region. */
    int remaining() {
        return limit - position;
    }

    // ---- errors: the codec's status mapping lives here and in Codec (docs/codec.md) ----

    static PmixException malformed(String message) {
        return new PmixException(Status.ERR_UNPACK_FAILURE, "decode: " + message);
    }

    private PmixException truncated(String what, long needed) {
        return new PmixException(Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER, "decode: " + what + " needs " + needed
                + " bytes at offset " + (position - start) + ", " + remaining() + " left");
    }

    private static PmixException overCap(String message) {
        return new PmixException(Status.ERR_UNPACK_INADEQUATE_SPACE, "decode: " + message);
    }

    private void need(int n) {
        if (n > limit - position) {
            throw truncated("read", n);
        }
    }

    // ---- the budget ----

    /** Enters one level of nesting (a value, a data array). */
    void enter() {
        if (++depth > maxDepth) {
            throw overCap("nesting deeper than maxDepth=" + maxDepth);
        }
    }

    void exit() {
        depth--;
    }

    /**
     * Reads an element count and charges it to the budget before anything is allocated for it.
     *
     * @param what what is counted, for the message
     * @param minEncodedBytes the fewest bytes one element takes on the wire (0 if it can take none),
     *     so a count the region cannot hold fails as truncated without allocating
     */
    int readCount(String what, int minEncodedBytes) {
        int count = readVarInt(true);
        if (count < 0) {
            throw malformed(what + ": negative count " + count);
        }
        if (minEncodedBytes > 0 && (long) count * minEncodedBytes > remaining()) {
            throw truncated(what + " of " + count + " elements", (long) count * minEncodedBytes);
        }
        elements += count;
        if (elements > maxElements) {
            throw overCap(what + " of " + count + " elements exceeds maxElements=" + maxElements
                    + " (" + elements + " in this decode)");
        }
        return count;
    }

    /** Reads a byte length, checks it against the region, and charges it to the byte budget. */
    private int readLength(String what, int length) {
        if (length < 0) {
            throw malformed(what + ": negative length " + length);
        }
        if (length > remaining()) {
            throw truncated(what + " of " + length + " bytes", length);
        }
        bytes += length;
        if (bytes > maxBytes) {
            throw overCap(what + " of " + length + " bytes exceeds maxBytes=" + maxBytes
                    + " (" + bytes + " in this decode)");
        }
        return length;
    }

    // ---- codec-specific reads ----

    /** A string that may be null: varint (UTF-8 length + 1, 0 for null), then strict UTF-8. */
    String readNullableUtf8(String what) {
        int tag = readVarInt(true);
        if (tag == 0) {
            return null;
        }
        int n = readLength(what, tag - 1);
        if (n == 0) {
            return "";
        }
        int ascii = asciiPrefix(src, position, n);
        byte[] s = scratch.length >= n ? scratch : (scratch = new byte[Math.max(n, scratch.length * 2)]);
        src.getBytes(position, s, 0, n);
        position += n;
        if (ascii == n) {
            return new String(s, 0, n, StandardCharsets.ISO_8859_1); // ASCII: no decoding to do
        }
        validateUtf8(what, s, ascii, n);
        return new String(s, 0, n, StandardCharsets.UTF_8);
    }

    /**
     * How many of the {@code n} bytes at {@code at} are ASCII, checked eight at a time. Read from the
     * buffer, not through a byte-array view {@code VarHandle}: a fresh JVM spins and compiles method
     * handle classes for one of those (docs/startup.md).
     */
    private static int asciiPrefix(DirectBuffer b, int at, int n) {
        int i = 0;
        for (; i + 8 <= n; i += 8) {
            if ((b.getLong(at + i, ORDER) & 0x8080_8080_8080_8080L) != 0) {
                break;
            }
        }
        while (i < n && b.getByte(at + i) >= 0) {
            i++;
        }
        return i;
    }

    /** A string that must not be null. */
    String readUtf8(String what) {
        String s = readNullableUtf8(what);
        if (s == null) {
            throw malformed(what + ": null where a string is required");
        }
        return s;
    }

    /** A byte array: varint length, then the bytes. */
    byte[] readByteArray(String what) {
        int n = readLength(what, readVarInt(true));
        if (n == 0) {
            return NO_BYTES;
        }
        byte[] b = new byte[n];
        src.getBytes(position, b, 0, n);
        position += n;
        return b;
    }

    /** Rejects what RFC 3629 forbids: stray continuation bytes, overlong forms, surrogates, past U+10FFFF. */
    private static void validateUtf8(String what, byte[] s, int from, int n) {
        int i = from;
        while (i < n) {
            int b = s[i];
            if (b >= 0) {
                i++;
                continue;
            }
            b &= 0xFF;
            int extra;
            int lo = 0x80;
            int hi = 0xBF;
            if (b >= 0xC2 && b <= 0xDF) {
                extra = 1;
            } else if (b >= 0xE0 && b <= 0xEF) {
                extra = 2;
                if (b == 0xE0) {
                    lo = 0xA0; // overlong below U+0800
                } else if (b == 0xED) {
                    hi = 0x9F; // U+D800..U+DFFF are surrogates
                }
            } else if (b >= 0xF0 && b <= 0xF4) {
                extra = 3;
                if (b == 0xF0) {
                    lo = 0x90; // overlong below U+10000
                } else if (b == 0xF4) {
                    hi = 0x8F; // past U+10FFFF
                }
            } else {
                throw malformed(what + ": invalid UTF-8 byte 0x" + Integer.toHexString(b) + " at " + i);
            }
            if (i + extra >= n) {
                throw malformed(what + ": truncated UTF-8 sequence at " + i);
            }
            int b1 = s[i + 1] & 0xFF;
            if (b1 < lo || b1 > hi) {
                throw malformed(what + ": invalid UTF-8 sequence at " + i);
            }
            for (int k = 2; k <= extra; k++) {
                if ((s[i + k] & 0xC0) != 0x80) {
                    throw malformed(what + ": invalid UTF-8 sequence at " + i);
                }
            }
            i += extra + 1;
        }
    }

    // ---- Kryo's Input, read from the region ----

    @Override
    public byte readByte() {
        need(1);
        return src.getByte(position++);
    }

    @Override
    public int readByteUnsigned() {
        return readByte() & 0xFF;
    }

    /** Strict: 0 is false, 1 is true, anything else is a malformed payload. */
    @Override
    public boolean readBoolean() {
        byte b = readByte();
        if ((b & ~1) != 0) {
            throw malformed("boolean byte is " + (b & 0xFF) + ", not 0 or 1");
        }
        return b == 1;
    }

    @Override
    public short readShort() {
        need(2);
        short v = src.getShort(position, ORDER);
        position += 2;
        return v;
    }

    @Override
    public int readShortUnsigned() {
        return readShort() & 0xFFFF;
    }

    @Override
    public char readChar() {
        need(2);
        char v = src.getChar(position, ORDER);
        position += 2;
        return v;
    }

    @Override
    public int readInt() {
        need(4);
        int v = src.getInt(position, ORDER);
        position += 4;
        return v;
    }

    @Override
    public int readInt(boolean optimizePositive) {
        return varEncoding ? readVarInt(optimizePositive) : readInt();
    }

    /** {@code count} bytes (1..4) as Kryo's {@code Output.writeInt(int, int)} writes them. */
    @Override
    public int readInt(int count) {
        if (count < 1 || count > 4) {
            throw new IllegalArgumentException("count must be >= 1 and <= 4: " + count);
        }
        need(count);
        int v = 0;
        for (int i = 0; i < count; i++) {
            v |= (src.getByte(position++) & 0xFF) << (8 * i);
        }
        return v;
    }

    @Override
    public long readLong() {
        need(8);
        long v = src.getLong(position, ORDER);
        position += 8;
        return v;
    }

    @Override
    public long readLong(boolean optimizePositive) {
        return varEncoding ? readVarLong(optimizePositive) : readLong();
    }

    /** {@code count} bytes (1..8) as Kryo's {@code Output.writeLong(long, int)} writes them. */
    @Override
    public long readLong(int count) {
        if (count < 1 || count > 8) {
            throw new IllegalArgumentException("count must be >= 1 and <= 8: " + count);
        }
        need(count);
        long v = 0;
        for (int i = 0; i < count; i++) {
            v |= (long) (src.getByte(position++) & 0xFF) << (8 * i);
        }
        return v;
    }

    @Override
    public float readFloat() {
        return Float.intBitsToFloat(readInt());
    }

    @Override
    public double readDouble() {
        return Double.longBitsToDouble(readLong());
    }

    /** Kryo's varint: 7 bits a byte, low groups first, at most 5 bytes; zigzag unless {@code optimizePositive}. */
    @Override
    public int readVarInt(boolean optimizePositive) {
        int p = position;
        int b = varByte(p++);
        int result = b & 0x7F;
        if (b < 0) {
            b = varByte(p++);
            result |= (b & 0x7F) << 7;
            if (b < 0) {
                b = varByte(p++);
                result |= (b & 0x7F) << 14;
                if (b < 0) {
                    b = varByte(p++);
                    result |= (b & 0x7F) << 21;
                    if (b < 0) {
                        b = varByte(p++);
                        result |= (b & 0x7F) << 28;
                    }
                }
            }
        }
        position = p;
        return optimizePositive ? result : (result >>> 1) ^ -(result & 1);
    }

    /** Kryo's varlong: 7 bits a byte, at most 9 bytes, the 9th carrying 8 bits. */
    @Override
    public long readVarLong(boolean optimizePositive) {
        int p = position;
        long result = 0;
        int shift = 0;
        while (true) {
            byte b = varByte(p++);
            if (shift == 56) {
                result |= (long) (b & 0xFF) << 56;
                break;
            }
            result |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                break;
            }
            shift += 7;
        }
        position = p;
        return optimizePositive ? result : (result >>> 1) ^ -(result & 1);
    }

    private byte varByte(int p) {
        if (p >= limit) {
            position = p;
            throw truncated("varint", 1);
        }
        return src.getByte(p);
    }

    @Override
    public boolean canReadVarInt() {
        int last = Math.min(limit, position + 5);
        for (int p = position; p < last; p++) {
            if (src.getByte(p) >= 0 || p - position == 4) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean canReadVarLong() {
        int last = Math.min(limit, position + 9);
        for (int p = position; p < last; p++) {
            if (src.getByte(p) >= 0 || p - position == 8) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean canReadInt() {
        return remaining() >= 4;
    }

    @Override
    public boolean canReadLong() {
        return remaining() >= 8;
    }

    @Override
    public boolean readVarIntFlag() {
        need(1);
        return (src.getByte(position) & 0x80) != 0;
    }

    /** Kryo's varint with a flag in bit 7 of the first byte: 6 bits in the first byte, then 7 a byte. */
    @Override
    public int readVarIntFlag(boolean optimizePositive) {
        int b = readByte();
        int result = b & 0x3F;
        if ((b & 0x40) != 0) {
            int shift = 6;
            do {
                b = readByte();
                result |= (b & 0x7F) << shift;
                shift += 7;
            } while (b < 0 && shift < 34);
        }
        return optimizePositive ? result : (result >>> 1) ^ -(result & 1);
    }

    @Override
    public float readVarFloat(float precision, boolean optimizePositive) {
        return readVarInt(optimizePositive) / precision;
    }

    @Override
    public double readVarDouble(double precision, boolean optimizePositive) {
        return readVarLong(optimizePositive) / precision;
    }

    /** Bounded like every other length: checked against the region and the byte budget first. */
    @Override
    public byte[] readBytes(int length) {
        int n = readLength("bytes", length);
        byte[] b = new byte[n];
        src.getBytes(position, b, 0, n);
        position += n;
        return b;
    }

    @Override
    public void readBytes(byte[] bytes) {
        readBytes(bytes, 0, bytes.length);
    }

    @Override
    public void readBytes(byte[] bytes, int offset, int count) {
        if (count < 0) {
            throw malformed("negative length " + count);
        }
        need(count);
        src.getBytes(position, bytes, offset, count);
        position += count;
    }

    @Override
    public int read() {
        return position < limit ? src.getByte(position++) & 0xFF : -1;
    }

    @Override
    public int read(byte[] bytes) {
        return read(bytes, 0, bytes.length);
    }

    @Override
    public int read(byte[] bytes, int offset, int count) {
        if (count == 0) {
            return 0;
        }
        int n = Math.min(count, remaining());
        if (n == 0) {
            return -1;
        }
        src.getBytes(position, bytes, offset, n);
        position += n;
        return n;
    }

    @Override
    public void skip(int count) {
        need(count);
        position += count;
    }

    @Override
    public long skip(long count) {
        int n = (int) Math.min(Math.max(count, 0), remaining());
        position += n;
        return n;
    }

    @Override
    protected int require(int required) {
        need(required);
        return remaining();
    }

    @Override
    protected int optional(int optional) {
        return Math.min(optional, remaining());
    }

    @Override
    protected int fill(byte[] buffer, int offset, int count) {
        return -1;
    }

    @Override
    public boolean end() {
        return position >= limit;
    }

    @Override
    public int available() {
        return remaining();
    }

    @Override
    public long total() {
        return position - start;
    }

    @Override
    public void setPosition(int position) {
        if (position < start || position > limit) {
            throw new IllegalArgumentException("position " + position + " is outside " + start + ".." + limit);
        }
        this.position = position;
    }

    @Override
    public void setLimit(int limit) {
        throw new UnsupportedOperationException("the region is fixed by wrap(DirectBuffer, int, int)");
    }

    @Override
    public void reset() {
        position = start;
    }

    @Override
    public void close() {
        // nothing to release: the buffer belongs to the caller
    }

    @Override
    public void setBuffer(byte[] bytes) {
        throw new UnsupportedOperationException("wrap a DirectBuffer instead");
    }

    @Override
    public void setBuffer(byte[] bytes, int offset, int count) {
        throw new UnsupportedOperationException("wrap a DirectBuffer instead");
    }

    @Override
    public byte[] getBuffer() {
        throw new UnsupportedOperationException("the region is in a DirectBuffer");
    }

    @Override
    public void setInputStream(InputStream inputStream) {
        throw new UnsupportedOperationException("reads only a DirectBuffer region");
    }

    // Kryo's string and array readers allocate what the input claims: never on this input.

    @Override
    public String readString() {
        throw unbounded("readString");
    }

    @Override
    public StringBuilder readStringBuilder() {
        throw unbounded("readStringBuilder");
    }

    @Override
    public int[] readInts(int length) {
        throw unbounded("readInts");
    }

    @Override
    public int[] readInts(int length, boolean optimizePositive) {
        throw unbounded("readInts");
    }

    @Override
    public long[] readLongs(int length) {
        throw unbounded("readLongs");
    }

    @Override
    public long[] readLongs(int length, boolean optimizePositive) {
        throw unbounded("readLongs");
    }

    @Override
    public float[] readFloats(int length) {
        throw unbounded("readFloats");
    }

    @Override
    public double[] readDoubles(int length) {
        throw unbounded("readDoubles");
    }

    @Override
    public short[] readShorts(int length) {
        throw unbounded("readShorts");
    }

    @Override
    public char[] readChars(int length) {
        throw unbounded("readChars");
    }

    @Override
    public boolean[] readBooleans(int length) {
        throw unbounded("readBooleans");
    }

    private static UnsupportedOperationException unbounded(String method) {
        return new UnsupportedOperationException(method + " allocates unchecked lengths; the codec uses its bounded readers");
    }
}
