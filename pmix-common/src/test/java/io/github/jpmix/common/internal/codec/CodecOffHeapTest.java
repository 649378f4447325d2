package io.github.jpmix.common.internal.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Random;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * Decoding reads an off-heap region in place, never outside it; encoding writes into a
 * {@code MutableDirectBuffer} at an offset and nowhere else.
 */
class CodecOffHeapTest {
    private static final int OFFSET = 1001;
    private static final byte SENTINEL = (byte) 0x5A;

    private final Codec codec = new Codec();

    static List<Info> message() {
        return List.of(
                Info.of("pmix.nspace", Value.ofNamespace("job-42")),
                Info.of("pmix.hname", Value.ofString("node-0042.cluster.example.org")),
                Info.of("pmix.univ.size", Value.ofUint32(4096)),
                Info.of("pmix.blob", Value.ofByteObject(new byte[] {1, 2, 3, 4, 5, 6, 7, 8})),
                Info.of("pmix.procs", Value.ofDataArray(DataArray.of(DataType.PROC,
                        List.of(new Proc("job-42", 0), new Proc("job-42", 1))))),
                Info.of("pmix.ratio", Value.ofDouble(0.5)).required());
    }

    @Test
    void shouldDecodeInPlaceFromAnOffHeapRegionWithoutCopyingIt() {
        byte[] bytes = codec.encode(message());
        RecordingBuffer buffer = new RecordingBuffer(ByteBuffer.allocateDirect(4096));
        buffer.setMemory(0, buffer.capacity(), SENTINEL);
        buffer.putBytes(OFFSET, bytes);
        buffer.reset();

        assertEquals(message(), codec.decodeInfos(buffer, OFFSET, bytes.length));

        // every read went through the DirectBuffer accessors, inside the region, and no read took
        // the region whole: the only bulk reads are the bytes of one string or byte array each
        assertEquals(0, buffer.rawAccess, "byteArray()/byteBuffer()/addressOffset() were used");
        assertTrue(buffer.lowest >= OFFSET, "read below the region at " + buffer.lowest);
        assertTrue(buffer.highest < OFFSET + bytes.length, "read past the region at " + buffer.highest);
        assertTrue(buffer.largestBulkRead <= "node-0042.cluster.example.org".length(),
                "a bulk read of " + buffer.largestBulkRead + " bytes");
        assertTrue(buffer.reads > 20, "reads: " + buffer.reads);

        // and it reads the memory as it is now: change a byte of the host name in place
        int at = indexOf(bytes, "node-0042".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        buffer.putByte(OFFSET + at, (byte) 'N');
        assertEquals(Value.ofString("Node-0042.cluster.example.org"),
                codec.decodeInfos(buffer, OFFSET, bytes.length).get(1).value());
    }

    @Test
    void shouldNotReadPastTheRegionWhenTheBufferGoesOn() {
        byte[] bytes = codec.encode(message());
        UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(OFFSET + 2 * bytes.length + 64));
        Random random = new Random(7);
        for (int round = 0; round < 50; round++) {
            byte[] garbage = new byte[buffer.capacity()];
            random.nextBytes(garbage);
            buffer.putBytes(0, garbage);
            buffer.putBytes(OFFSET, bytes);
            if (round % 2 == 0) {
                buffer.putBytes(OFFSET + bytes.length, bytes); // a valid continuation, not garbage
            }
            assertEquals(message(), codec.decodeInfos(buffer, OFFSET, bytes.length));
        }
        // the last byte is outside the region: truncated, although the buffer holds it
        PmixException e = assertThrows(PmixException.class, () -> codec.decode(buffer, OFFSET, bytes.length - 1));
        assertEquals(Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER, e.status(), e.getMessage());
    }

    @Test
    void shouldEncodeIntoAnOffHeapBufferAtAnOffsetAndNowhereElse() {
        byte[] expected = codec.encode(message());
        UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(4096));
        buffer.setMemory(0, buffer.capacity(), SENTINEL);

        assertEquals(expected.length, codec.encode(message(), buffer, OFFSET));

        byte[] written = new byte[expected.length];
        buffer.getBytes(OFFSET, written);
        assertArrayEquals(expected, written);
        assertUntouched(buffer, 0, OFFSET);
        assertUntouched(buffer, OFFSET + expected.length, buffer.capacity());
    }

    @Test
    void shouldFailWithoutWritingWhenTheDestinationIsTooSmall() {
        int length = codec.encode(message()).length;
        UnsafeBuffer buffer = new UnsafeBuffer(new byte[length + 9]);
        buffer.setMemory(0, buffer.capacity(), SENTINEL);

        PmixException e = assertThrows(PmixException.class, () -> codec.encode(message(), buffer, 10));
        assertEquals(Status.ERR_OUT_OF_RESOURCE, e.status(), e.getMessage());
        assertUntouched(buffer, 0, buffer.capacity());
        assertEquals(length, codec.encode(message(), buffer, 9)); // an exact fit
    }

    @Test
    void shouldGrowAnExpandableDestination() {
        MutableDirectBuffer buffer = new ExpandableArrayBuffer(8);
        int length = codec.encode(message(), buffer, 100);
        assertEquals(message(), codec.decodeInfos(buffer, 100, length));
    }

    @Test
    void shouldRejectARegionOutsideTheBuffer() {
        UnsafeBuffer buffer = new UnsafeBuffer(new byte[16]);
        for (int[] region : new int[][] {{-1, 4}, {0, 17}, {10, 7}, {4, -1}, {Integer.MAX_VALUE, 2}}) {
            PmixException e = assertThrows(PmixException.class, () -> codec.decode(buffer, region[0], region[1]));
            assertEquals(Status.ERR_BAD_PARAM, e.status(), e.getMessage());
            assertEquals(Status.ERR_BAD_PARAM,
                    assertThrows(PmixException.class, () -> codec.decode(new byte[16], region[0], region[1])).status());
        }
        assertEquals(Status.ERR_BAD_PARAM,
                assertThrows(PmixException.class, () -> codec.encode(message(), buffer, -1)).status());
    }

    private static void assertUntouched(UnsafeBuffer buffer, int from, int to) {
        for (int i = from; i < to; i++) {
            assertEquals(SENTINEL, buffer.getByte(i), "byte " + i + " was written");
        }
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i <= haystack.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new AssertionError("not found");
    }

    /** Records every read the codec makes of it. */
    static final class RecordingBuffer extends UnsafeBuffer {
        int lowest;
        int highest;
        int largestBulkRead;
        int reads;
        int rawAccess;
        private boolean recording;

        RecordingBuffer(ByteBuffer memory) {
            super(memory);
        }

        void reset() {
            lowest = Integer.MAX_VALUE;
            highest = -1;
            largestBulkRead = 0;
            reads = 0;
            rawAccess = 0;
            recording = true;
        }

        private void read(int index, int length) {
            if (recording) {
                reads++;
                lowest = Math.min(lowest, index);
                highest = Math.max(highest, index + length - 1);
            }
        }

        @Override
        public byte getByte(int index) {
            read(index, 1);
            return super.getByte(index);
        }

        @Override
        public short getShort(int index, ByteOrder order) {
            read(index, 2);
            return super.getShort(index, order);
        }

        @Override
        public char getChar(int index, ByteOrder order) {
            read(index, 2);
            return super.getChar(index, order);
        }

        @Override
        public int getInt(int index, ByteOrder order) {
            read(index, 4);
            return super.getInt(index, order);
        }

        @Override
        public long getLong(int index, ByteOrder order) {
            read(index, 8);
            return super.getLong(index, order);
        }

        @Override
        public void getBytes(int index, byte[] dst, int offset, int length) {
            read(index, length);
            if (recording) {
                largestBulkRead = Math.max(largestBulkRead, length);
            }
            super.getBytes(index, dst, offset, length);
        }

        @Override
        public void getBytes(int index, MutableDirectBuffer dst, int dstIndex, int length) {
            rawAccess++;
            super.getBytes(index, dst, dstIndex, length);
        }

        @Override
        public void getBytes(int index, ByteBuffer dst, int dstOffset, int length) {
            rawAccess++;
            super.getBytes(index, dst, dstOffset, length);
        }

        @Override
        public byte[] byteArray() {
            rawAccess++;
            return super.byteArray();
        }

        @Override
        public ByteBuffer byteBuffer() {
            rawAccess++;
            return super.byteBuffer();
        }

        @Override
        public long addressOffset() {
            rawAccess++;
            return super.addressOffset();
        }
    }
}
