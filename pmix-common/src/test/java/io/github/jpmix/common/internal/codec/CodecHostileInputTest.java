package io.github.jpmix.common.internal.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Decoding bytes nobody should trust: only a {@link PmixException} with a decode status ever
 * escapes, quickly, without allocating what the bytes claim; and the status says why
 * ({@code docs/codec.md}, "Errors").
 */
class CodecHostileInputTest {
    private static final Set<Integer> DECODE_STATUSES = Set.of(Status.ERR_UNPACK_FAILURE,
            Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER, Status.ERR_UNPACK_INADEQUATE_SPACE, Status.ERR_UNKNOWN_DATA_TYPE);
    private static final int MAX = Integer.MAX_VALUE;
    private static final int VALUE_TAG = CodecFormat.VALUE + 2;

    private final Codec codec = new Codec();
    /** Small caps keep the fuzzers fast whatever counts the mutated bytes claim. */
    private final Codec smallCaps = new Codec(new CodecOptions().maxBytes(1 << 20).maxElements(100_000));

    // ---- fuzzing ----

    @Property(tries = 4000)
    void shouldFailOnlyWithAPmixExceptionOnRandomBytes(@ForAll("randomPayloads") byte[] bytes) {
        assertDecodesOrFailsCleanly(smallCaps, bytes);
    }

    @Property(tries = 3000)
    void shouldFailOnlyWithAPmixExceptionOnMutatedEncodings(@ForAll("mutatedEncodings") byte[] bytes) {
        assertDecodesOrFailsCleanly(smallCaps, bytes);
    }

    /**
     * Every strict prefix of a valid encoding is truncated, even when the rest of the message
     * follows the region in the buffer: the decoder never reads past the region.
     */
    @Property(tries = 150)
    void shouldReportTruncationForEveryPrefix(@ForAll("messages") Object message) {
        byte[] bytes = codec.encode(message);
        UnsafeBuffer buffer = new UnsafeBuffer(new byte[bytes.length + 8]);
        buffer.putBytes(3, bytes);
        Random random = new Random(bytes.length);
        int prefixes = Math.min(bytes.length, 600);
        for (int i = 0; i < prefixes; i++) {
            int length = bytes.length <= 600 ? i : random.nextInt(bytes.length);
            PmixException e = assertThrows(PmixException.class, () -> codec.decode(buffer, 3, length),
                    () -> "prefix of " + length + "/" + bytes.length + " bytes decoded");
            assertEquals(Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER, e.status(), e.getMessage());
        }
        assertEquals(message, codec.decode(buffer, 3, bytes.length));
    }

    private static void assertDecodesOrFailsCleanly(Codec codec, byte[] bytes) {
        long start = System.nanoTime();
        try {
            Object decoded = codec.decode(bytes);
            // whatever decoded is a well-formed message: it encodes again
            codec.encode(decoded);
        } catch (PmixException e) {
            assertTrue(DECODE_STATUSES.contains(e.status()), () -> "status " + e.statusName() + ": " + e.getMessage());
        } catch (Throwable t) {
            fail("decode threw " + t, t);
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis < 2_000, () -> "decode of " + bytes.length + " bytes took " + millis + " ms");
    }

    @Provide
    Arbitrary<byte[]> randomPayloads() {
        // a valid class tag first most of the time, so the fuzzing reaches the payload readers
        Arbitrary<Integer> tag = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(4, Arbitraries.of(VALUE_TAG, CodecFormat.INFO + 2, CodecFormat.INFO_LIST + 2,
                        CodecFormat.DATA_ARRAY + 2, CodecFormat.QUERY + 2, CodecFormat.APP + 2, CodecFormat.NODE_STATS + 2,
                        CodecFormat.GEOMETRY + 2, CodecFormat.PROC_STATS + 2)),
                net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(0, 255)));
        return Combinators.combine(tag, Arbitraries.bytes().array(byte[].class).ofMaxSize(48)).as((t, rest) -> {
            byte[] b = new byte[rest.length + 1];
            b[0] = (byte) (int) t;
            System.arraycopy(rest, 0, b, 1, rest.length);
            return b;
        });
    }

    @Provide
    Arbitrary<byte[]> mutatedEncodings() {
        return Combinators.combine(ModelArbitraries.messages(), Arbitraries.longs()).as((message, seed) -> {
            byte[] b = codec.encode(message);
            Random r = new Random(seed);
            int mutations = 1 + r.nextInt(4);
            for (int i = 0; i < mutations && b.length > 0; i++) {
                int at = r.nextInt(b.length);
                switch (r.nextInt(4)) {
                    case 0 -> b[at] = (byte) r.nextInt(256);
                    case 1 -> b[at] ^= (byte) (1 << r.nextInt(8));
                    case 2 -> b[at] = (byte) 0xFF; // varints that claim the most
                    default -> b = java.util.Arrays.copyOf(b, Math.max(0, b.length + r.nextInt(5) - 2));
                }
            }
            return b;
        });
    }

    @Provide
    Arbitrary<Object> messages() {
        return ModelArbitraries.messages();
    }

    // ---- handcrafted payloads ----

    @ParameterizedTest(name = "{0}")
    @MethodSource("hostilePayloads")
    void shouldRejectHandcraftedPayloadWithoutAllocatingWhatItClaims(byte[] payload, int status) {
        assertRejected(codec, payload, status);
    }

    static Stream<Arguments> hostilePayloads() {
        return Stream.of(
                bad("empty input", new byte[0], Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER),
                bad("null class tag", new CodecBytes().uvar(0).build(), Status.ERR_UNPACK_FAILURE),
                bad("class name instead of an id", new CodecBytes().uvar(1).uvar(1).u8('j', 'a', 'v', 0x80 | 'a').build(),
                        Status.ERR_UNPACK_FAILURE),
                bad("Kryo's built-in String registration", new CodecBytes().uvar(1 + 2).u8(0x82, 'x').build(),
                        Status.ERR_UNPACK_FAILURE),
                bad("unregistered class id 99", CodecBytes.message(99).build(), Status.ERR_UNPACK_FAILURE),
                bad("unregistered class id 2^31", new CodecBytes().uvar(0x8000_0001).build(), Status.ERR_UNPACK_FAILURE),
                bad("class tag varint cut short", new CodecBytes().u8(0x80).build(),
                        Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER),
                bad("unassigned data type 29", value().uvar(29).build(), Status.ERR_UNKNOWN_DATA_TYPE),
                bad("unassigned data type 70", value().uvar(70).build(), Status.ERR_UNKNOWN_DATA_TYPE),
                bad("data type DATA_TYPE_MAX itself", value().uvar(DataType.DATA_TYPE_MAX).build(),
                        Status.ERR_UNKNOWN_DATA_TYPE),
                bad("negative data type", value().uvar(-7).build(), Status.ERR_UNKNOWN_DATA_TYPE),
                bad("POINTER value", value().uvar(DataType.POINTER).uvar64(0xdeadbeefL).build(), Status.ERR_UNPACK_FAILURE),
                bad("BUFFER value", value().uvar(DataType.BUFFER).uvar(0).build(), Status.ERR_UNPACK_FAILURE),
                bad("data array of POINTER", CodecBytes.message(CodecFormat.DATA_ARRAY).uvar(DataType.POINTER).uvar(1).build(),
                        Status.ERR_UNPACK_FAILURE),
                bad("string claiming 2^31-2 bytes", value().uvar(DataType.STRING).uvar(MAX).u8('a', 'b').build(),
                        Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER),
                bad("string with negative length", value().uvar(DataType.STRING).uvar(-1).build(), Status.ERR_UNPACK_FAILURE),
                bad("null string value", value().uvar(DataType.STRING).uvar(0).build(), Status.ERR_UNPACK_FAILURE),
                bad("byte object claiming 2^31-1 bytes", value().uvar(DataType.BYTE_OBJECT).uvar(MAX).u8(1, 2, 3).build(),
                        Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER),
                bad("byte object with negative length", value().uvar(DataType.BYTE_OBJECT).uvar(0x8000_0000).build(),
                        Status.ERR_UNPACK_FAILURE),
                bad("user type claiming 2^31-1 bytes", value().uvar(DataType.DATA_TYPE_MAX + 1).uvar(MAX).build(),
                        Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER),
                bad("data array of UNDEF claiming 2^31-1 elements",
                        CodecBytes.message(CodecFormat.DATA_ARRAY).uvar(DataType.UNDEF).uvar(MAX).build(),
                        Status.ERR_UNPACK_INADEQUATE_SPACE),
                bad("data array of INT claiming 2^31-1 elements",
                        CodecBytes.message(CodecFormat.DATA_ARRAY).uvar(DataType.INT).uvar(MAX).u8(1, 2).build(),
                        Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER),
                bad("data array with negative count",
                        CodecBytes.message(CodecFormat.DATA_ARRAY).uvar(DataType.INT).uvar(-1).build(),
                        Status.ERR_UNPACK_FAILURE),
                bad("info list claiming 2^31-1 infos", CodecBytes.message(CodecFormat.INFO_LIST).uvar(MAX).build(),
                        Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER),
                bad("query claiming 2^31-1 keys", CodecBytes.message(CodecFormat.QUERY).uvar(MAX).str("k").build(),
                        Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER),
                bad("coord claiming 2^31-1 dimensions", CodecBytes.message(CodecFormat.COORD).u8(1).uvar(MAX).u8(5).build(),
                        Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER),
                bad("node stats claiming 2^31-1 disks", CodecBytes.message(CodecFormat.NODE_STATS).uvar(0)
                        .raw(new byte[44]).uvar(0).uvar(0).uvar(MAX).build(), Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER),
                bad("overlong UTF-8", utf8(0xC0, 0x80), Status.ERR_UNPACK_FAILURE),
                bad("UTF-8 of a surrogate", utf8(0xED, 0xA0, 0x80), Status.ERR_UNPACK_FAILURE),
                bad("stray UTF-8 continuation byte", utf8('a', 0x80), Status.ERR_UNPACK_FAILURE),
                bad("UTF-8 past U+10FFFF", utf8(0xF4, 0x90, 0x80, 0x80), Status.ERR_UNPACK_FAILURE),
                bad("UTF-8 byte 0xFF", utf8(0xFF), Status.ERR_UNPACK_FAILURE),
                bad("overlong UTF-8 after 17 ASCII bytes", utf8("aaaaaaaaaaaaaaaaa".chars().toArray(), 0xC1, 0xBF),
                        Status.ERR_UNPACK_FAILURE),
                bad("UTF-8 sequence cut by the string's end", utf8('a', 0xE2, 0x82), Status.ERR_UNPACK_FAILURE),
                bad("boolean byte 2", value().uvar(DataType.BOOL).u8(2).build(), Status.ERR_UNPACK_FAILURE),
                bad("timeval with 1,000,000 micros", CodecBytes.message(CodecFormat.TIMEVAL).svar(0).uvar(1_000_000).build(),
                        Status.ERR_UNPACK_FAILURE),
                bad("proc namespace of 300 bytes", CodecBytes.message(CodecFormat.PROC).str("n".repeat(300)).uvar(0).build(),
                        Status.ERR_UNPACK_FAILURE),
                bad("PROC_NSPACE value of 300 bytes", value().uvar(DataType.PROC_NSPACE).str("n".repeat(300)).build(),
                        Status.ERR_UNPACK_FAILURE),
                bad("proc with null namespace", CodecBytes.message(CodecFormat.PROC).uvar(0).uvar(0).build(),
                        Status.ERR_UNPACK_FAILURE),
                bad("info with empty key", CodecBytes.message(CodecFormat.INFO).str("").uvar(DataType.UNDEF).uvar(0).build(),
                        Status.ERR_UNPACK_FAILURE),
                bad("query without keys", CodecBytes.message(CodecFormat.QUERY).uvar(0).uvar(0).build(),
                        Status.ERR_UNPACK_FAILURE),
                bad("trailing byte after a proc", CodecBytes.message(CodecFormat.PROC).str("ns").uvar(3).u8(0).build(),
                        Status.ERR_UNPACK_FAILURE),
                bad("proc cut inside its namespace", CodecBytes.message(CodecFormat.PROC).uvar(10).u8('n', 's').build(),
                        Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER),
                bad("rank varint cut short", CodecBytes.message(CodecFormat.PROC).str("ns").u8(0x80, 0x80).build(),
                        Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER),
                bad("VALUE in VALUE 10,000 deep", value().repeat(10_000, b -> b.uvar(DataType.VALUE)).uvar(0).build(),
                        Status.ERR_UNPACK_INADEQUATE_SPACE),
                bad("DATA_ARRAY in DATA_ARRAY 10,000 deep", CodecBytes.message(CodecFormat.DATA_ARRAY)
                        .repeat(10_000, b -> b.uvar(DataType.DATA_ARRAY).uvar(1)).uvar(0).uvar(0).build(),
                        Status.ERR_UNPACK_INADEQUATE_SPACE),
                bad("info holding an array of infos 10,000 deep", CodecBytes.message(CodecFormat.INFO_LIST).uvar(1)
                        .repeat(10_000, b -> b.str("k").uvar(DataType.DATA_ARRAY).uvar(DataType.INFO).uvar(1)).build(),
                        Status.ERR_UNPACK_INADEQUATE_SPACE));
    }

    /** The caps: each cap with a payload under the region's length but over the cap. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("overCapPayloads")
    void shouldRejectPayloadOverACap(byte[] payload, CodecOptions options) {
        assertRejected(new Codec(options), payload, Status.ERR_UNPACK_INADEQUATE_SPACE);
    }

    static Stream<Arguments> overCapPayloads() {
        return Stream.of(
                Arguments.of(Named.of("string of 2000 bytes, maxBytes=1024", stringValue(2000)),
                        new CodecOptions().maxBytes(1024)),
                Arguments.of(Named.of("3 byte arrays of 400 in one array, maxBytes=1000", byteArrays(3, 400)),
                        new CodecOptions().maxBytes(1000)),
                Arguments.of(Named.of("UNDEF array claiming 2^31-1 elements, maxElements=1000", undefArray(MAX)),
                        new CodecOptions().maxElements(1000)),
                Arguments.of(Named.of("UNDEF array of 1001, maxElements=1000", undefArray(1001)),
                        new CodecOptions().maxElements(1000)),
                Arguments.of(Named.of("3 nested arrays of 400 in an array, maxElements=1000", nestedUndefArrays(3, 400)),
                        new CodecOptions().maxElements(1000)),
                Arguments.of(Named.of("5 nested values, maxDepth=4", nestedValues(5)), new CodecOptions().maxDepth(4)));
    }

    /** The same shapes at the caps decode: the caps are inclusive. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("atCapPayloads")
    void shouldDecodePayloadAtACap(byte[] payload, CodecOptions options) {
        Object decoded = new Codec(options).decode(payload);
        assertTrue(decoded instanceof Value || decoded instanceof DataArray, String.valueOf(decoded));
    }

    static Stream<Arguments> atCapPayloads() {
        return Stream.of(
                Arguments.of(Named.of("string of 1024 bytes, maxBytes=1024", stringValue(1024)),
                        new CodecOptions().maxBytes(1024)),
                Arguments.of(Named.of("2 byte arrays of 500 in one array, maxBytes=1000", byteArrays(2, 500)),
                        new CodecOptions().maxBytes(1000)),
                Arguments.of(Named.of("UNDEF array of 1000, maxElements=1000", undefArray(1000)),
                        new CodecOptions().maxElements(1000)),
                Arguments.of(Named.of("2 nested arrays of 499 in an array, maxElements=1000", nestedUndefArrays(2, 499)),
                        new CodecOptions().maxElements(1000)),
                Arguments.of(Named.of("4 nested values, maxDepth=4", nestedValues(4)), new CodecOptions().maxDepth(4)));
    }

    @Test
    void shouldRefuseToEncodeWhatNestsDeeperThanTheDecoderAccepts() {
        Value v = Value.UNDEF;
        for (int i = 0; i < 10_000; i++) {
            v = Value.of(DataType.VALUE, v);
        }
        Value deep = v;
        PmixException e = assertThrows(PmixException.class, () -> codec.encode(deep));
        assertEquals(Status.ERR_PACK_FAILURE, e.status(), e.getMessage());

        Value ok = Value.UNDEF;
        for (int i = 1; i < CodecOptions.MAX_DEPTH_DEFAULT; i++) {
            ok = Value.of(DataType.VALUE, ok);
        }
        assertEquals(ok, codec.decode(codec.encode(ok)));
        Value tooDeep = Value.of(DataType.VALUE, ok);
        assertEquals(Status.ERR_PACK_FAILURE, assertThrows(PmixException.class, () -> codec.encode(tooDeep)).status());
    }

    @Test
    void shouldKeepWorkingAfterAFailedDecode() {
        byte[] good = codec.encode(List.of(Info.of("k", Value.ofString("v"))));
        assertThrows(PmixException.class, () -> codec.decode(nestedValues(10_000)));
        assertThrows(PmixException.class, () -> codec.decode(new byte[] {(byte) VALUE_TAG, (byte) DataType.STRING}));
        assertEquals(List.of(Info.of("k", Value.ofString("v"))), codec.decodeInfos(good));
    }

    private static void assertRejected(Codec codec, byte[] payload, int status) {
        assertThrows(PmixException.class, () -> codec.decode(payload)); // warm up: class loading is not the payload's
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        PmixException e = assertThrows(PmixException.class, () -> codec.decode(payload));
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertEquals(Status.name(status), e.statusName(), e.getMessage());
        // the exception, its message and its stack trace; never the claimed length
        assertTrue(allocated < 256 * 1024, () -> "allocated " + allocated + " bytes for a hostile payload of "
                + payload.length + " bytes: " + e.getMessage());
    }

    private static Arguments bad(String name, byte[] payload, int status) {
        return Arguments.of(Named.of(name, payload), status);
    }

    private static CodecBytes value() {
        return new CodecBytes().uvar(VALUE_TAG);
    }

    private static byte[] utf8(int[] prefix, int... bytes) {
        int[] all = java.util.Arrays.copyOf(prefix, prefix.length + bytes.length);
        System.arraycopy(bytes, 0, all, prefix.length, bytes.length);
        return utf8(all);
    }

    private static byte[] utf8(int... bytes) {
        byte[] b = new byte[bytes.length];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) bytes[i];
        }
        return value().uvar(DataType.STRING).strBytes(b).build();
    }

    private static byte[] stringValue(int length) {
        return value().uvar(DataType.STRING).str("s".repeat(length)).build();
    }

    private static byte[] byteArrays(int count, int length) {
        return CodecBytes.message(CodecFormat.DATA_ARRAY).uvar(DataType.BYTE_OBJECT).uvar(count)
                .repeat(count, b -> b.uvar(length).raw(new byte[length])).build();
    }

    private static byte[] undefArray(int count) {
        return CodecBytes.message(CodecFormat.DATA_ARRAY).uvar(DataType.UNDEF).uvar(count).build();
    }

    private static byte[] nestedUndefArrays(int count, int inner) {
        return CodecBytes.message(CodecFormat.DATA_ARRAY).uvar(DataType.DATA_ARRAY).uvar(count)
                .repeat(count, b -> b.uvar(DataType.UNDEF).uvar(inner)).build();
    }

    /** {@code levels} values, each holding the next, the last UNDEF. */
    private static byte[] nestedValues(int levels) {
        return value().repeat(levels - 1, b -> b.uvar(DataType.VALUE)).uvar(DataType.UNDEF).build();
    }
}
