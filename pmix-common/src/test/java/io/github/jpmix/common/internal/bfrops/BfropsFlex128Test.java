package io.github.jpmix.common.internal.bfrops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Rank;
import io.github.jpmix.common.Status;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * psquash flex128 integers (spec {@code openpmix-wire-4.2.2.md} section 2.3,
 * {@code psquash_flex128.c}): the vectors the captures show, the nine-byte form, and the encodings
 * a reader must refuse.
 */
class BfropsFlex128Test {

    private static Arguments vector(String name, Consumer<BfropsWriter> write, String hex,
            Function<BfropsReader, Object> read, Object value) {
        return Arguments.of(Named.of(name, write), hex, read, value);
    }

    static Stream<Arguments> vectors() {
        return Stream.of(
                vector("count 1 (INT32)", w -> w.writeInt32(1), "02", BfropsReader::readInt32, 1),
                vector("string length 7 (INT32)", w -> w.writeInt32(7), "0e", BfropsReader::readInt32, 7),
                vector("PMIX_RANK_WILDCARD (PROC_RANK)", w -> w.writeRank(Rank.WILDCARD), "feffffff0f",
                        BfropsReader::readRank, Rank.WILDCARD),
                vector("status -3001", w -> w.writeStatus(-3001), "f12e", BfropsReader::readStatus, -3001),
                vector("status -47", w -> w.writeStatus(-47), "5d", BfropsReader::readStatus, -47),
                vector("UINT32_MAX", w -> w.writeUint32(-1), "ffffffff0f", BfropsReader::readUint32, -1),
                vector("UINT32 0", w -> w.writeUint32(0), "00", BfropsReader::readUint32, 0),
                vector("UINT32 127", w -> w.writeUint32(127), "7f", BfropsReader::readUint32, 127),
                vector("UINT32 128", w -> w.writeUint32(128), "8001", BfropsReader::readUint32, 128),
                vector("INT32_MIN (the default handler's code)", w -> w.writeInt32(Integer.MIN_VALUE), "ffffffff0f",
                        BfropsReader::readInt32, Integer.MIN_VALUE),
                vector("INT32_MAX", w -> w.writeInt32(Integer.MAX_VALUE), "feffffff0f", BfropsReader::readInt32,
                        Integer.MAX_VALUE),
                vector("PMIX_UINT UINT_MAX packs as the int -1", w -> w.write(io.github.jpmix.common.DataType.UINT, -1), "01",
                        r -> r.read(io.github.jpmix.common.DataType.UINT), -1),
                vector("UINT16 65535", w -> w.writeUint16(65535), "ffff03", BfropsReader::readUint16, 65535),
                vector("INT16 -32768", w -> w.writeInt16(Short.MIN_VALUE), "ffff03", BfropsReader::readInt16, Short.MIN_VALUE),
                vector("UINT64 2^56 - 1: eight bytes", w -> w.writeUint64((1L << 56) - 1), "ffffffffffffff7f",
                        BfropsReader::readUint64, (1L << 56) - 1),
                vector("UINT64 2^56: the ninth byte", w -> w.writeUint64(1L << 56), "808080808080808001",
                        BfropsReader::readUint64, 1L << 56),
                vector("UINT64 2^63", w -> w.writeUint64(Long.MIN_VALUE), "808080808080808080", BfropsReader::readUint64,
                        Long.MIN_VALUE),
                vector("UINT64_MAX", w -> w.writeUint64(-1L), "ffffffffffffffffff", BfropsReader::readUint64, -1L),
                vector("SIZE_MAX", w -> w.writeSize(-1L), "ffffffffffffffffff", BfropsReader::readSize, -1L),
                vector("INT64_MIN", w -> w.writeInt64(Long.MIN_VALUE), "ffffffffffffffffff", BfropsReader::readInt64,
                        Long.MIN_VALUE),
                vector("INT64_MAX", w -> w.writeInt64(Long.MAX_VALUE), "feffffffffffffffff", BfropsReader::readInt64,
                        Long.MAX_VALUE),
                vector("INT64 -1", w -> w.writeInt64(-1), "01", BfropsReader::readInt64, -1L),
                vector("TIME -1 (time_t cast to uint64)", w -> w.writeTime(-1), "ffffffffffffffffff",
                        BfropsReader::readTime, -1L));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void shouldWriteAndReadTheVector(Consumer<BfropsWriter> write, String hex, Function<BfropsReader, Object> read,
            Object value) {
        BfropsWriter w = new BfropsWriter();
        write.accept(w);
        assertEquals(hex, Hex.of(w.toByteArray()));
        BfropsReader r = new BfropsReader(Hex.bytes(hex));
        assertEquals(value, read.apply(r));
        assertFalse(r.hasRemaining());
    }

    private static Arguments bad(String name, String hex, Function<BfropsReader, Object> read, int status) {
        return Arguments.of(Named.of(name, hex), read, status);
    }

    static Stream<Arguments> refused() {
        return Stream.of(
                bad("overlong 0 in two bytes", "8000", BfropsReader::readUint32, Status.ERR_UNPACK_FAILURE),
                bad("overlong 1 in three bytes", "818000", BfropsReader::readInt32, Status.ERR_UNPACK_FAILURE),
                bad("overlong: ninth byte 0", "ffffffffffffffff00", BfropsReader::readUint64, Status.ERR_UNPACK_FAILURE),
                bad("uint32 of 2^32", "8080808010", BfropsReader::readUint32, Status.ERR_UNPACK_FAILURE),
                bad("uint32 of 2^35 - 1", "ffffffff7f", BfropsReader::readUint32, Status.ERR_UNPACK_FAILURE),
                bad("uint16 of 65536", "808004", BfropsReader::readUint16, Status.ERR_UNPACK_FAILURE),
                bad("int16 encoding of 65536", "808004", BfropsReader::readInt16, Status.ERR_UNPACK_FAILURE),
                bad("int32 encoding of 2^32", "8080808010", BfropsReader::readInt32, Status.ERR_UNPACK_FAILURE),
                bad("int32 count of 9 bytes", "ffffffffffffffffff", BfropsReader::readInt32, Status.ERR_UNPACK_FAILURE),
                bad("empty", "", BfropsReader::readUint32, Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER),
                bad("continuation then nothing", "80", BfropsReader::readUint32, Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER),
                bad("eight continuations then nothing", "ffffffffffffffff", BfropsReader::readUint64,
                        Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER),
                bad("four continuations of a uint32 then nothing", "ffffffff", BfropsReader::readUint32,
                        Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refused")
    void shouldRefuseTheEncoding(String hex, Function<BfropsReader, Object> read, int status) {
        PmixException e = assertThrows(PmixException.class, () -> read.apply(new BfropsReader(Hex.bytes(hex))));
        assertEquals(status, e.status(), e.getMessage());
    }
}
