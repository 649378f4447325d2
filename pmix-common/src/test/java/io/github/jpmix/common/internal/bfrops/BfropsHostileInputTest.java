package io.github.jpmix.common.internal.bfrops;

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
import io.github.jpmix.common.internal.codec.CodecOptions;
import io.github.jpmix.common.internal.codec.ModelArbitraries;
import io.github.jpmix.common.internal.bfrops.WireDumps.Message;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Unpacking bytes nobody should trust: only a {@link PmixException} with a decode status ever
 * escapes, quickly, without allocating what the bytes claim; the status says why (the statuses
 * of the Kryo codec, {@code CodecHostileInputTest}); and whatever does unpack can be packed again.
 */
class BfropsHostileInputTest {
    private static final Set<Integer> DECODE_STATUSES = Set.of(Status.ERR_UNPACK_FAILURE,
            Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER, Status.ERR_UNPACK_INADEQUATE_SPACE, Status.ERR_UNKNOWN_DATA_TYPE);
    private static final int MAX = Integer.MAX_VALUE;
    /** Small caps keep the fuzzers fast whatever counts the mutated bytes claim. */
    private static final CodecOptions SMALL = new CodecOptions().maxBytes(1 << 20).maxElements(100_000).conclude();
    /** Types whose packs the fuzzers read: every struct and the irregular forms. */
    private static final int[] FUZZED_TYPES = {DataType.VALUE, DataType.INFO, DataType.KVAL, DataType.DATA_ARRAY, DataType.APP,
        DataType.QUERY, DataType.PDATA, DataType.PROC_INFO, DataType.NODE_STATS, DataType.PROC_STATS, DataType.GEOMETRY,
        DataType.REGATTR, DataType.REGEX, DataType.PID, DataType.FLOAT, DataType.STRING, DataType.BUFFER, DataType.COORD,
        DataType.ENDPOINT, DataType.PROC_CPUSET};

    // ---- fuzzing: random bytes and mutated encodings, seeded by jqwik ----

    @Property(tries = 3000, seed = "20241125")
    void shouldFailOnlyWithAPmixExceptionOnRandomBytes(@ForAll("randomPayloads") byte[] bytes,
            @ForAll("typesToRead") int type) {
        assertUnpacksOrFailsCleanly(bytes, type);
    }

    @Property(tries = 3000, seed = "20241126")
    void shouldFailOnlyWithAPmixExceptionOnMutatedEncodings(@ForAll("mutatedValues") byte[] bytes) {
        assertUnpacksOrFailsCleanly(bytes, DataType.VALUE);
    }

    @Property(tries = 2000, seed = "20241127")
    void shouldFailOnlyWithAPmixExceptionOnMutatedCapturedMessages(@ForAll("capturedMessages") Message m,
            @ForAll long seed) {
        byte[] bytes = mutate(m.payload(), new Random(seed));
        long start = System.nanoTime();
        try {
            ProtocolMessages.encode(ProtocolMessages.decode(m.kind(), m.command(), bytes, SMALL));
        } catch (PmixException e) {
            assertTrue(DECODE_STATUSES.contains(e.status()) || e.status() == Status.ERR_NOT_SUPPORTED,
                    () -> "status " + e.statusName() + ": " + e.getMessage());
        } catch (Throwable t) {
            fail("decode of a mutated " + m + " threw " + t, t);
        }
        assertFast(start, bytes);
    }

    /** The same as the jqwik fuzzers, with a plain seeded loop over every captured message and golden case. */
    @Test
    void shouldFailOnlyWithAPmixExceptionOnBitFlipsOfEveryGoldenEncoding() {
        Random random = new Random(0x5EED_B1F5L);
        List<byte[]> encodings = new ArrayList<>();
        for (GoldenCases.Case c : GoldenCases.all()) {
            encodings.add(new BfropsWriter().packAll(c.type(), c.elements()).toByteArray());
        }
        for (GoldenCases.Case c : GoldenCases.all()) {
            byte[] good = new BfropsWriter().packAll(c.type(), c.elements()).toByteArray();
            for (int i = 0; i < 40; i++) {
                byte[] bytes = good.clone();
                int bit = random.nextInt(bytes.length * 8);
                bytes[bit / 8] ^= (byte) (1 << (bit % 8));
                assertUnpacksOrFailsCleanly(bytes, c.type());
            }
        }
        assertTrue(encodings.size() > 100);
    }

    /** Every strict prefix of every golden case's encoding (one top-level pack each) is a truncation. */
    @Test
    void shouldReportTruncationAtEveryPrefixOfEveryGoldenCase() {
        for (GoldenCases.Case c : GoldenCases.all()) {
            byte[] good = new BfropsWriter().packAll(c.type(), c.elements()).toByteArray();
            for (int n = 0; n < good.length; n++) {
                int length = n;
                PmixException e = assertThrows(PmixException.class,
                        () -> new BfropsReader(good, 0, length).unpackAll(c.type()),
                        () -> c.name() + ": prefix of " + length + "/" + good.length + " bytes unpacked");
                assertEquals(Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER, e.status(), () -> c.name() + ": " + e.getMessage());
            }
        }
    }

    private static void assertUnpacksOrFailsCleanly(byte[] bytes, int type) {
        long start = System.nanoTime();
        try {
            BfropsReader r = new BfropsReader(bytes, 0, bytes.length, SMALL);
            List<Object> got = r.unpackAll(type);
            // whatever unpacked is what the writer can pack (a buffer is read as a reader: not packed back)
            if (type != DataType.BUFFER) {
                new BfropsWriter().packAll(type, got);
            }
        } catch (PmixException e) {
            assertTrue(DECODE_STATUSES.contains(e.status()), () -> "status " + e.statusName() + ": " + e.getMessage());
        } catch (Throwable t) {
            fail("unpack of " + DataType.name(type) + " from " + Hex.of(Arrays.copyOf(bytes, Math.min(bytes.length, 64)))
                    + "... threw " + t, t);
        }
        assertFast(start, bytes);
    }

    private static void assertFast(long start, byte[] bytes) {
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis < 2_000, () -> "unpack of " + bytes.length + " bytes took " + millis + " ms");
    }

    @Provide
    Arbitrary<Integer> typesToRead() {
        return Arbitraries.of(Arrays.stream(FUZZED_TYPES).boxed().toList());
    }

    @Provide
    Arbitrary<byte[]> randomPayloads() {
        // mostly a count of 1 and a plausible type tag first, so the fuzzing reaches the payload readers
        Arbitrary<byte[]> head = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(4, Arbitraries.integers().between(1, 69).map(t -> new byte[] {2, (byte) (int) t})),
                net.jqwik.api.Tuple.of(1, Arbitraries.bytes().array(byte[].class).ofSize(2)));
        return Combinators.combine(head, Arbitraries.bytes().array(byte[].class).ofMaxSize(64)).as((h, rest) -> {
            byte[] b = Arrays.copyOf(h, h.length + rest.length);
            System.arraycopy(rest, 0, b, h.length, rest.length);
            return b;
        });
    }

    @Provide
    Arbitrary<byte[]> mutatedValues() {
        return Combinators.combine(ModelArbitraries.values(3), Arbitraries.longs()).as((v, seed) -> {
            byte[] good;
            try {
                good = new BfropsWriter().packValue(v).toByteArray();
            } catch (PmixException e) {
                good = new BfropsWriter().packValue(Value.ofString(e.getMessage().replace('\0', ' '))).toByteArray();
            }
            return mutate(good, new Random(seed));
        });
    }

    @Provide
    Arbitrary<Message> capturedMessages() {
        return Arbitraries.of(WireDumps.all());
    }

    /** One to four mutations: a random byte, a flipped bit, 0xff (flex128 claiming the most), a cut or an extension. */
    static byte[] mutate(byte[] good, Random r) {
        byte[] b = good.clone();
        int mutations = 1 + r.nextInt(4);
        for (int i = 0; i < mutations && b.length > 0; i++) {
            int at = r.nextInt(b.length);
            switch (r.nextInt(5)) {
                case 0 -> b[at] = (byte) r.nextInt(256);
                case 1 -> b[at] ^= (byte) (1 << r.nextInt(8));
                case 2 -> b[at] = (byte) 0xff;
                case 3 -> b[at] = (byte) 0x80;
                default -> b = Arrays.copyOf(b, Math.max(0, b.length + r.nextInt(5) - 2));
            }
        }
        return b;
    }

    // ---- handcrafted payloads ----

    private static BfropsWriter w() {
        return new BfropsWriter();
    }

    /** A top-level PMIX_VALUE: the count 1, then the type tag. */
    private static BfropsWriter value(int type) {
        return w().writeInt32(1).writeUint16(type);
    }

    private static BfropsWriter repeat(BfropsWriter w, int n, Consumer<BfropsWriter> each) {
        for (int i = 0; i < n; i++) {
            each.accept(w);
        }
        return w;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static Arguments bad(String name, int type, BfropsWriter bytes, int status) {
        return Arguments.of(Named.of(name, bytes.toByteArray()), type, status);
    }

    static Stream<Arguments> hostilePayloads() {
        int v = DataType.VALUE;
        return Stream.of(
                bad("empty input", v, w(), Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER),
                bad("count 2^31-1 of values, 3 bytes follow", v, w().writeInt32(MAX).writeRaw(new byte[3], 0, 3),
                        Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER),
                bad("count 2^31-1 of UNDEF", DataType.UNDEF, w().writeInt32(MAX), Status.ERR_UNPACK_INADEQUATE_SPACE),
                bad("negative count", v, w().writeInt32(-1), Status.ERR_UNPACK_FAILURE),
                bad("count of 9 flex128 bytes", v, w().writeUint64(-1L), Status.ERR_UNPACK_FAILURE),
                bad("overlong count", v, w().writeRaw(Hex.bytes("8200"), 0, 2), Status.ERR_UNPACK_FAILURE),
                bad("unassigned data type 29", v, value(29), Status.ERR_UNKNOWN_DATA_TYPE),
                bad("unassigned data type 70", v, value(70), Status.ERR_UNKNOWN_DATA_TYPE),
                bad("data type 65535", v, value(0xFFFF), Status.ERR_UNKNOWN_DATA_TYPE),
                bad("data type over uint16", v, w().writeInt32(1).writeUint64(0x10000), Status.ERR_UNPACK_FAILURE),
                bad("POINTER value", v, value(DataType.POINTER).writeByte((byte) 1), Status.ERR_UNPACK_FAILURE),
                bad("TOPO value", v, value(DataType.TOPO).writeString("<topology/>"), Status.ERR_UNPACK_FAILURE),
                bad("BUFFER value", v, value(DataType.BUFFER).writeByte((byte) 1).writeSize(0), Status.ERR_UNPACK_FAILURE),
                bad("INFO as a value's payload", v, value(DataType.INFO).writeString("k").writeUint32(0).writeUint16(0),
                        Status.ERR_UNPACK_FAILURE),
                bad("VALUE as a value's payload", v, value(DataType.VALUE).writeUint16(0), Status.ERR_UNPACK_FAILURE),
                bad("string claiming 2^31-1 bytes", v, value(DataType.STRING).writeInt32(MAX).writeRaw(ascii("ab"), 0, 2),
                        Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER),
                bad("string with negative length", v, value(DataType.STRING).writeInt32(-5), Status.ERR_UNPACK_FAILURE),
                bad("NULL string value", v, value(DataType.STRING).writeInt32(0), Status.ERR_UNPACK_FAILURE),
                bad("string without its NUL", v, value(DataType.STRING).writeInt32(2).writeRaw(ascii("ab"), 0, 2),
                        Status.ERR_UNPACK_FAILURE),
                bad("string with a NUL inside", v, value(DataType.STRING).writeInt32(4).writeRaw(ascii("a\0b\0"), 0, 4),
                        Status.ERR_UNPACK_FAILURE),
                bad("overlong UTF-8", v, value(DataType.STRING).writeInt32(3).writeRaw(Hex.bytes("c08000"), 0, 3),
                        Status.ERR_UNPACK_FAILURE),
                bad("UTF-8 of a surrogate", v, value(DataType.STRING).writeInt32(4).writeRaw(Hex.bytes("eda08000"), 0, 4),
                        Status.ERR_UNPACK_FAILURE),
                bad("Latin-1 byte", v, value(DataType.STRING).writeInt32(2).writeRaw(Hex.bytes("e900"), 0, 2),
                        Status.ERR_UNPACK_FAILURE),
                bad("boolean byte 2", v, value(DataType.BOOL).writeByte((byte) 2), Status.ERR_UNPACK_FAILURE),
                bad("byte object claiming 2^64-1 bytes", v, value(DataType.BYTE_OBJECT).writeSize(-1L),
                        Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER),
                bad("byte object claiming 2^31-1 bytes", v, value(DataType.BYTE_OBJECT).writeSize(MAX).writeByte((byte) 1),
                        Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER),
                bad("uint32 overflowing", v, value(DataType.UINT32).writeUint64(1L << 32), Status.ERR_UNPACK_FAILURE),
                bad("int16 overflowing", v, value(DataType.INT16).writeUint64(1 << 16), Status.ERR_UNPACK_FAILURE),
                bad("overlong rank", v, value(DataType.PROC_RANK).writeRaw(Hex.bytes("ff8000"), 0, 3), Status.ERR_UNPACK_FAILURE),
                bad("9-byte flex128 ending in 0", v, value(DataType.UINT64).writeRaw(Hex.bytes("ffffffffffffffff00"), 0, 9),
                        Status.ERR_UNPACK_FAILURE),
                bad("PID sent as a STRING", v, value(DataType.PID).writeUint16(DataType.STRING).writeString("1"),
                        Status.ERR_UNPACK_FAILURE),
                bad("float text 'abc'", v, value(DataType.FLOAT).writeString("abc"), Status.ERR_UNPACK_FAILURE),
                bad("float text of a hex float", v, value(DataType.FLOAT).writeString("0x1p3"), Status.ERR_UNPACK_FAILURE),
                bad("NULL float", v, value(DataType.FLOAT).writeInt32(0), Status.ERR_UNPACK_FAILURE),
                bad("timeval of 1,000,000 micros", v, value(DataType.TIMEVAL).writeInt64(0).writeInt64(1_000_000),
                        Status.ERR_UNPACK_FAILURE),
                bad("proc with a NULL namespace", DataType.PROC, w().writeInt32(1).writeInt32(0).writeUint32(0),
                        Status.ERR_UNPACK_FAILURE),
                bad("proc namespace of 300 bytes", DataType.PROC, w().writeInt32(1).writeString("n".repeat(300)).writeUint32(0),
                        Status.ERR_UNPACK_FAILURE),
                bad("PROC_NSPACE value of 300 bytes", v, value(DataType.PROC_NSPACE).writeString("n".repeat(300)),
                        Status.ERR_UNPACK_FAILURE),
                bad("info with a NULL key", DataType.INFO, w().writeInt32(1).writeInt32(0).writeUint32(0).writeUint16(0),
                        Status.ERR_UNPACK_FAILURE),
                bad("info with an empty key", DataType.INFO, w().writeInt32(1).writeString("").writeUint32(0).writeUint16(0),
                        Status.ERR_UNPACK_FAILURE),
                bad("info key of 600 bytes", DataType.INFO, w().writeInt32(1).writeString("k".repeat(600)).writeUint32(0)
                        .writeUint16(0), Status.ERR_UNPACK_FAILURE),
                bad("query without keys", DataType.QUERY, w().writeInt32(1).writeInt32(0).writeSize(0),
                        Status.ERR_UNPACK_FAILURE),
                bad("query claiming 2^31-1 keys", DataType.QUERY, w().writeInt32(1).writeInt32(MAX).writeString("k"),
                        Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER),
                bad("query with negative key count", DataType.QUERY, w().writeInt32(1).writeInt32(-3),
                        Status.ERR_UNPACK_FAILURE),
                bad("app claiming 2^31-1 arguments", DataType.APP, w().writeInt32(1).writeString("a").writeInt32(MAX)
                        .writeString("x"), Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER),
                bad("app claiming 2^64-1 infos", DataType.APP, w().writeInt32(1).writeString("a").writeInt32(0).writeInt32(0)
                        .writeString(null).writeInt32(1).writeSize(-1L), Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER),
                bad("coord claiming 2^64-1 dimensions", DataType.COORD, w().writeInt32(1).writeByte((byte) 1).writeSize(-1L)
                        .writeByte((byte) 5), Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER),
                bad("node stats claiming 2^40 disks", DataType.NODE_STATS,
                        repeat(w().writeInt32(1).writeString(null), 11, x -> x.writeFloat(0f)).writeInt64(0).writeInt64(0)
                                .writeSize(1L << 40), Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER),
                bad("data array of INT claiming 2^64-1 elements", v, value(DataType.DATA_ARRAY).writeUint16(DataType.INT)
                        .writeSize(-1L).writeByte((byte) 2), Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER),
                bad("data array of UNDEF claiming 2^64-1 elements", v, value(DataType.DATA_ARRAY).writeUint16(DataType.UNDEF)
                        .writeSize(-1L), Status.ERR_UNPACK_INADEQUATE_SPACE),
                bad("data array of UNDEF claiming 2^31-1 elements", v, value(DataType.DATA_ARRAY).writeUint16(DataType.UNDEF)
                        .writeSize(MAX), Status.ERR_UNPACK_INADEQUATE_SPACE),
                bad("data array of POINTER", v, value(DataType.DATA_ARRAY).writeUint16(DataType.POINTER).writeSize(1)
                        .writeByte((byte) 1), Status.ERR_UNPACK_FAILURE),
                bad("data array of TOPO", v, value(DataType.DATA_ARRAY).writeUint16(DataType.TOPO).writeSize(1).writeInt32(0),
                        Status.ERR_UNPACK_FAILURE),
                bad("data array of BUFFER", v, value(DataType.DATA_ARRAY).writeUint16(DataType.BUFFER).writeSize(0),
                        Status.ERR_UNPACK_FAILURE),
                bad("data array of type 44", v, value(DataType.DATA_ARRAY).writeUint16(44).writeSize(0),
                        Status.ERR_UNKNOWN_DATA_TYPE),
                bad("DATA_ARRAY in DATA_ARRAY 10,000 deep", v, repeat(value(DataType.DATA_ARRAY), 10_000,
                        x -> x.writeUint16(DataType.DATA_ARRAY).writeSize(1)).writeUint16(DataType.UNDEF).writeSize(0),
                        Status.ERR_UNPACK_INADEQUATE_SPACE),
                bad("VALUE array holding itself 10,000 deep", v, repeat(value(DataType.DATA_ARRAY), 10_000,
                        x -> x.writeUint16(DataType.VALUE).writeSize(1).writeUint16(DataType.DATA_ARRAY)).writeUint16(0)
                        .writeSize(0), Status.ERR_UNPACK_INADEQUATE_SPACE),
                bad("info holding an array of infos 10,000 deep", DataType.INFO, repeat(w().writeInt32(1), 10_000,
                        x -> x.writeString("k").writeUint32(0).writeUint16(DataType.DATA_ARRAY).writeUint16(DataType.INFO)
                                .writeSize(1)), Status.ERR_UNPACK_INADEQUATE_SPACE),
                bad("buffer of buffer type 2 (fully described)", DataType.BUFFER, w().writeInt32(1).writeByte((byte) 2)
                        .writeSize(0), Status.ERR_UNPACK_FAILURE),
                bad("buffer claiming 2^31-1 bytes", DataType.BUFFER, w().writeInt32(1).writeByte((byte) 1).writeSize(MAX),
                        Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER),
                bad("native regex without its NUL", v, value(DataType.REGEX).writeRaw(ascii("pmix[a]"), 0, 7),
                        Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER),
                bad("regex in preg/compress form", v, value(DataType.REGEX).writeRaw(
                        ascii("blob:\0component=zlib:\0size=3:\0abc"), 0, 33), Status.ERR_UNPACK_FAILURE),
                bad("regex string counted 2", v, value(DataType.REGEX).writeInt32(2).writeString("a").writeString("b"),
                        Status.ERR_UNPACK_FAILURE),
                bad("NULL regex string", v, value(DataType.REGEX).writeInt32(1).writeInt32(0), Status.ERR_UNPACK_FAILURE),
                bad("envar with a NULL value", v, value(DataType.ENVAR).writeString("A").writeInt32(0).writeByte((byte) ':'),
                        Status.ERR_UNPACK_FAILURE),
                bad("kval with a NULL key", DataType.KVAL, w().writeInt32(1).writeInt32(0).writeUint16(0),
                        Status.ERR_UNPACK_FAILURE),
                bad("regattr type over uint16", v, value(DataType.REGATTR).writeString("n").writeString("k").writeUint64(70_000)
                        .writeInt32(0), Status.ERR_UNPACK_FAILURE),
                bad("two where one command is expected", DataType.COMMAND, w().writeInt32(2).writeByte((byte) 1)
                        .writeByte((byte) 2), Status.ERR_UNPACK_FAILURE));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hostilePayloads")
    void shouldRejectHandcraftedPayloadWithoutAllocatingWhatItClaims(byte[] payload, int type, int status) {
        Function<BfropsReader, Object> unpack = type == DataType.COMMAND ? BfropsReader::unpackCommand
                : type == DataType.BUFFER ? BfropsReader::unpackBuffer : r -> r.unpackAll(type);
        // warm up: class loading is not the payload's
        assertThrows(PmixException.class, () -> unpack.apply(new BfropsReader(payload)));
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        PmixException e = assertThrows(PmixException.class, () -> unpack.apply(new BfropsReader(payload)));
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertEquals(Status.name(status), e.statusName(), e.getMessage());
        // the exception, its message and stack trace, the strings read on the way; never the claimed length
        assertTrue(allocated < 256 * 1024 + 2L * payload.length, () -> "allocated " + allocated + " bytes for a hostile"
                + " payload of " + payload.length + " bytes: " + e.getMessage());
    }

    // ---- the caps ----

    private static byte[] stringValue(int length) {
        return value(DataType.STRING).writeString("s".repeat(length)).toByteArray();
    }

    private static byte[] byteObjects(int count, int length) {
        return repeat(value(DataType.DATA_ARRAY).writeUint16(DataType.BYTE_OBJECT).writeSize(count), count,
                x -> x.writeByteObject(new byte[length])).toByteArray();
    }

    private static byte[] undefArray(int count) {
        return value(DataType.DATA_ARRAY).writeUint16(DataType.UNDEF).writeSize(count).toByteArray();
    }

    private static byte[] nestedUndefArrays(int count, int inner) {
        return repeat(value(DataType.DATA_ARRAY).writeUint16(DataType.DATA_ARRAY).writeSize(count), count,
                x -> x.writeUint16(DataType.UNDEF).writeSize(inner)).toByteArray();
    }

    /** A value holding {@code arrays} data arrays, each holding the next, the last an empty UNDEF array: depth arrays + 1. */
    private static byte[] nestedArrays(int arrays) {
        return repeat(value(DataType.DATA_ARRAY), arrays - 1, x -> x.writeUint16(DataType.DATA_ARRAY).writeSize(1))
                .writeUint16(DataType.UNDEF).writeSize(0).toByteArray();
    }

    static Stream<Arguments> overCapPayloads() {
        return Stream.of(
                Arguments.of(Named.of("string of 2000 bytes, maxBytes=1024", stringValue(2000)),
                        new CodecOptions().maxBytes(1024)),
                Arguments.of(Named.of("3 byte objects of 400 in one array, maxBytes=1000", byteObjects(3, 400)),
                        new CodecOptions().maxBytes(1000)),
                Arguments.of(Named.of("UNDEF array of 1001, maxElements=1000", undefArray(1001)),
                        new CodecOptions().maxElements(1000)),
                Arguments.of(Named.of("3 nested arrays of 400 in an array, maxElements=1000", nestedUndefArrays(3, 400)),
                        new CodecOptions().maxElements(1000)),
                Arguments.of(Named.of("a value holding 4 nested arrays, maxDepth=4", nestedArrays(4)),
                        new CodecOptions().maxDepth(4)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("overCapPayloads")
    void shouldRejectPayloadOverACap(byte[] payload, CodecOptions options) {
        PmixException e = assertThrows(PmixException.class,
                () -> new BfropsReader(payload, 0, payload.length, options).unpackAll(DataType.VALUE));
        assertEquals(Status.ERR_UNPACK_INADEQUATE_SPACE, e.status(), e.getMessage());
    }

    static Stream<Arguments> atCapPayloads() {
        return Stream.of(
                // the string's bytes count its NUL: 1023 characters are 1024 bytes
                Arguments.of(Named.of("string of 1024 bytes, maxBytes=1024", stringValue(1023)),
                        new CodecOptions().maxBytes(1024)),
                Arguments.of(Named.of("2 byte objects of 500 in one array, maxBytes=1000", byteObjects(2, 500)),
                        new CodecOptions().maxBytes(1000)),
                // the top-level count and the array's size: 1 + 999 elements
                Arguments.of(Named.of("UNDEF array of 999, maxElements=1000", undefArray(999)),
                        new CodecOptions().maxElements(1000)),
                Arguments.of(Named.of("2 nested arrays of 498 in an array, maxElements=1000", nestedUndefArrays(2, 498)),
                        new CodecOptions().maxElements(1000)),
                Arguments.of(Named.of("a value holding 3 nested arrays, maxDepth=4", nestedArrays(3)),
                        new CodecOptions().maxDepth(4)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("atCapPayloads")
    void shouldUnpackPayloadAtACap(byte[] payload, CodecOptions options) {
        BfropsReader r = new BfropsReader(payload, 0, payload.length, options);
        Value v = r.unpackValue();
        assertTrue(v.type() == DataType.DATA_ARRAY || v.type() == DataType.STRING, v::toString);
        assertTrue(!r.hasRemaining());
    }

    @Test
    void shouldShareTheBudgetWithNestedBuffers() {
        BfropsWriter inner = new BfropsWriter().packString("s".repeat(700));
        byte[] two = new BfropsWriter().packBuffer(inner).packBuffer(inner).toByteArray();
        BfropsReader r = new BfropsReader(two, 0, two.length, new CodecOptions().maxBytes(1000));
        r.unpackBuffer().unpackString();
        PmixException e = assertThrows(PmixException.class, () -> r.unpackBuffer().unpackString());
        assertEquals(Status.ERR_UNPACK_INADEQUATE_SPACE, e.status(), e.getMessage());
    }

    @Test
    void shouldNotReadPastItsSlice() {
        byte[] b = new BfropsWriter().packString("abcdef").toByteArray();
        byte[] padded = new byte[b.length + 8];
        System.arraycopy(b, 0, padded, 3, b.length);
        for (int n = 0; n < b.length; n++) {
            int length = n;
            PmixException e = assertThrows(PmixException.class, () -> new BfropsReader(padded, 3, length).unpackString());
            assertEquals(Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER, e.status(), e.getMessage());
        }
        assertEquals("abcdef", new BfropsReader(padded, 3, b.length).unpackString());
        assertEquals(Status.ERR_BAD_PARAM, assertThrows(PmixException.class, () -> new BfropsReader(b, 2, b.length)).status());
    }

    @Test
    void shouldStopReadUntilEmptyLoopsAtTheEndAndReportACutElement() {
        BfropsWriter w = new BfropsWriter();
        for (int i = 0; i < 3; i++) {
            w.packKeyValue(new io.github.jpmix.common.KeyValue("k" + i, Value.ofUint32(i)));
        }
        byte[] b = w.toByteArray();
        BfropsReader r = new BfropsReader(b);
        int n = 0;
        while (r.hasRemaining()) {
            r.unpackKeyValue();
            n++;
        }
        assertEquals(3, n);
        BfropsReader cut = new BfropsReader(b, 0, b.length - 1);
        cut.unpackKeyValue();
        cut.unpackKeyValue();
        assertTrue(cut.hasRemaining());
        assertEquals(Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER,
                assertThrows(PmixException.class, cut::unpackKeyValue).status());
    }

    @Test
    void shouldRefuseToPackWhatNestsDeeperThanTheReaderAccepts() {
        DataArray a = new DataArray(DataType.UNDEF, List.of());
        // a value (one level) holding 63 arrays: the deepest the default options allow
        for (int i = 1; i < CodecOptions.MAX_DEPTH_DEFAULT - 1; i++) {
            a = DataArray.of(DataType.DATA_ARRAY, List.of(a));
        }
        Value ok = Value.ofDataArray(a);
        byte[] b = new BfropsWriter().packValue(ok).toByteArray();
        assertEquals(ok, new BfropsReader(b).unpackValue());
        Value tooDeep = Value.ofDataArray(DataArray.of(DataType.DATA_ARRAY, List.of(a)));
        PmixException e = assertThrows(PmixException.class, () -> new BfropsWriter().packValue(tooDeep));
        assertEquals(Status.ERR_PACK_FAILURE, e.status(), e.getMessage());
        // the writer is usable after the failure
        assertEquals(Hex.of(b), Hex.of(new BfropsWriter().packValue(ok).toByteArray()));
    }

    @Test
    void shouldRefuseInfosWhoseValueNoPmixValueHolds() {
        Info inner = Info.of("k", Value.ofString("v"));
        PmixException e = assertThrows(PmixException.class,
                () -> new BfropsWriter().packInfos(List.of(Info.of("outer", Value.ofInfo(inner)))));
        assertEquals(Status.ERR_NOT_SUPPORTED, e.status(), e.getMessage());
        // as an element of a data array an info travels
        Value array = Value.ofDataArray(DataArray.of(DataType.INFO, List.of(inner)));
        assertEquals(array, new BfropsReader(new BfropsWriter().packValue(array).toByteArray()).unpackValue());
    }
}
