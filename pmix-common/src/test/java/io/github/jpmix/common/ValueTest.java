package io.github.jpmix.common;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ValueTest {

    static Stream<Arguments> lossless() {
        return Stream.of(
                Arguments.of("uint32 max reads as its bits", Value.ofUint32(-1), Integer.class, -1),
                Arguments.of("uint32 max widens unsigned", Value.ofUint32(-1), Long.class, 0xFFFF_FFFFL),
                Arguments.of("int32 -1 widens signed", Value.ofInt32(-1), Long.class, -1L),
                Arguments.of("uint16 reads as int", Value.ofUint16(65535), Integer.class, 65535),
                Arguments.of("uint8 reads as long", Value.ofUint8(255), Long.class, 255L),
                Arguments.of("byte is unsigned", Value.ofByte((byte) -1), Integer.class, 255),
                Arguments.of("int8 is signed", Value.ofInt8((byte) -1), Integer.class, -1),
                Arguments.of("small int64 narrows", Value.ofInt64(42), Integer.class, 42),
                Arguments.of("small size narrows to short", Value.ofSize(7), Short.class, (short) 7),
                Arguments.of("rank wildcard keeps its bits", Value.ofRank(Rank.WILDCARD), Integer.class, Rank.WILDCARD),
                Arguments.of("float widens to double", Value.ofFloat(1.5f), Double.class, 1.5d),
                Arguments.of("uint64 max keeps its bits as long", Value.ofUint64(-1L), Long.class, -1L));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lossless")
    void shouldConvertIntegersWithoutLoss(String name, Value v, Class<?> cls, Object expected) {
        assertEquals(expected, v.to(cls));
    }

    static Stream<Arguments> lossy() {
        return Stream.of(
                Arguments.of("uint64 past Long.MAX to int", Value.ofUint64(-1L), Integer.class),
                Arguments.of("int64 past uint32 to int", Value.ofInt64(1L << 33), Integer.class),
                Arguments.of("uint16 to byte", Value.ofUint16(300), Byte.class),
                Arguments.of("string to int", Value.ofString("5"), Integer.class),
                Arguments.of("int to string", Value.ofInt(5), String.class),
                Arguments.of("double to float", Value.ofDouble(1.5), Float.class),
                Arguments.of("bool to int", Value.ofBool(true), Integer.class));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lossy")
    void shouldRefuseLossyConversionsWithTypeMismatch(String name, Value v, Class<?> cls) {
        PmixException e = assertThrows(PmixException.class, () -> v.to(cls));
        assertEquals(Status.ERR_TYPE_MISMATCH, e.status());
    }

    @Test
    void shouldCheckThePayloadClassAgainstTheType() {
        PmixException e = assertThrows(PmixException.class, () -> Value.of(DataType.UINT32, "x"));
        assertEquals(Status.ERR_TYPE_MISMATCH, e.status());
        assertTrue(e.getMessage().contains("PMIX_UINT32"), e.getMessage());
    }

    @Test
    void shouldRangeCheckNarrowUnsignedTypes() {
        assertEquals(Status.ERR_BAD_PARAM, assertThrows(PmixException.class, () -> Value.ofUint8(256)).status());
        assertEquals(Status.ERR_BAD_PARAM, assertThrows(PmixException.class, () -> Value.ofUint16(-1)).status());
        assertEquals(Status.ERR_BAD_PARAM,
                assertThrows(PmixException.class, () -> Value.of(DataType.SCOPE, 300)).status());
    }

    @Test
    void shouldRefusePointersAndUnknownTypes() {
        assertEquals(Status.ERR_NOT_SUPPORTED,
                assertThrows(PmixException.class, () -> Value.javaType(DataType.POINTER)).status());
        assertEquals(Status.ERR_UNKNOWN_DATA_TYPE,
                assertThrows(PmixException.class, () -> Value.javaType(499)).status());
    }

    @Test
    void shouldCarryOpaqueBytesForImplementerDefinedTypes() {
        // pmix_common.h: "define a boundary for implementers so they can add their own data types"
        Value v = Value.of(DataType.DATA_TYPE_MAX + 7, new byte[] {1, 2});
        assertArrayEquals(new byte[] {1, 2}, v.asBytes());
        // pmix_data_type_t is a uint16_t: no type code past 65535 exists
        assertEquals(Status.ERR_UNKNOWN_DATA_TYPE,
                assertThrows(PmixException.class, () -> Value.javaType(0x1_0000)).status());
    }

    @Test
    void shouldCopyBytesInAndOut() {
        byte[] b = {1, 2, 3};
        Value v = Value.ofByteObject(b);
        b[0] = 9;
        byte[] out = v.asBytes();
        out[1] = 9;
        assertArrayEquals(new byte[] {1, 2, 3}, v.asBytes());
        assertEquals(3, v.asByteBuffer().remaining());
        assertTrue(v.asByteBuffer().isReadOnly());
    }

    @Test
    void shouldCompareByTypeAndContent() {
        assertEquals(Value.ofByteObject(new byte[] {1}), Value.ofByteObject(new byte[] {1}));
        assertEquals(Value.ofDouble(Double.NaN), Value.ofDouble(Double.NaN));
        assertNotEquals(Value.ofUint32(1), Value.ofInt32(1));
        assertEquals(Value.ofByteObject(new byte[] {1}).hashCode(), Value.ofByteObject(new byte[] {1}).hashCode());
    }

    @Test
    void shouldPrintUnsignedTypesUnsigned() {
        assertEquals("PMIX_UINT32:4294967295", Value.ofUint32(-1).toString());
        assertEquals("PMIX_PROC_RANK:WILDCARD", Value.ofRank(Rank.WILDCARD).toString());
        assertEquals("PMIX_STRING:\"a\"", Value.ofString("a").toString());
        assertEquals("PMIX_UNDEF:", Value.UNDEF.toString());
    }

    @Test
    void shouldCheckDataArrayElementTypes() {
        DataArray ok = DataArray.of(DataType.STRING, List.of("a", "b"));
        assertEquals(List.of("a", "b"), ok.elements(String.class));
        PmixException e = assertThrows(PmixException.class,
                () -> new DataArray(DataType.STRING, List.of(Value.ofString("a"), Value.ofInt(1))));
        assertEquals(Status.ERR_TYPE_MISMATCH, e.status());
        assertTrue(e.getMessage().contains("element 1"), e.getMessage());
    }

    @Test
    void shouldRejectEmptyAndOverlongKeys() {
        assertEquals(Status.ERR_BAD_PARAM, assertThrows(PmixException.class, () -> Info.checkKey("")).status());
        String longKey = "k".repeat(Info.MAX_KEYLEN + 1);
        assertEquals(Status.ERR_BAD_PARAM, assertThrows(PmixException.class, () -> Info.checkKey(longKey)).status());
        // 171 three-byte characters are 513 bytes: too long although only 171 chars
        String wide = "\u20ac".repeat(171);
        assertEquals(Status.ERR_BAD_PARAM, assertThrows(PmixException.class, () -> Info.checkKey(wide)).status());
        assertEquals("k".repeat(Info.MAX_KEYLEN), Info.checkKey("k".repeat(Info.MAX_KEYLEN)));
    }

    @Test
    void shouldMarkQueryQualifiers() {
        Query q = Query.qualified("pmix.lprocs", Info.of("pmix.nodeid", Value.ofUint32(3)));
        assertTrue(q.qualifiers().get(0).isQualifier());
        assertEquals(Status.ERR_BAD_PARAM, assertThrows(PmixException.class, () -> new Query(List.of(), List.of())).status());
    }

    @Test
    void shouldTypeKeysByTheirDataType() {
        Key<Integer> rank = Key.of("pmix.rank", DataType.PROC_RANK);
        assertEquals(Integer.class, rank.javaType());
        assertEquals(Value.ofRank(5), rank.value(5));
        assertEquals(5, rank.read(Value.ofUint32(5)));
        assertEquals(Status.ERR_TYPE_MISMATCH,
                assertThrows(PmixException.class, () -> new Key<>("pmix.rank", DataType.PROC_RANK, Long.class)).status());
        assertEquals(Status.ERR_TYPE_MISMATCH,
                assertThrows(PmixException.class, () -> rank.read(Value.ofString("0"))).status());
    }
    @Test
    void shouldPrintAHugeArrayAsAFewElementsAndALongStringCut() {
        DataArray undefs = new DataArray(DataType.UNDEF, java.util.Collections.nCopies(4_194_303, Value.UNDEF));
        String text = Value.ofDataArray(undefs).toString();
        assertTrue(text.length() < 4096, text.length() + " chars");
        assertTrue(text.contains("... 4194287 more]"), text);
        String s = Value.ofString("x\u001b[2J" + "y".repeat(100_000)).toString();
        assertTrue(s.length() < 1024 && s.startsWith("PMIX_STRING:\"x\\x1b[2J") && s.contains("more chars)"), s);
    }
}
