package io.github.jpmix.common.internal.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.ProcInfo;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.Value;
import java.nio.ByteBuffer;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * {@code decode(encode(x)).equals(x)} for every message kind over random values of every data type
 * ({@link ModelArbitraries}), through a byte[] and through an off-heap buffer at an offset with
 * garbage around the message; and the encoding is canonical (re-encoding the decoded message gives
 * the same bytes).
 */
class CodecRoundTripTest {
    private final Codec codec = new Codec();

    @Property(tries = 1500)
    void shouldRoundTripValuesOfEveryType(@ForAll("values") Value v, @ForAll @IntRange(max = 64) int offset) {
        assertRoundTrips(v, offset);
    }

    @Property(tries = 300)
    void shouldRoundTripInfos(@ForAll("infos") Info info, @ForAll @IntRange(max = 64) int offset) {
        assertRoundTrips(info, offset);
    }

    @Property(tries = 300)
    void shouldRoundTripInfoLists(@ForAll("infoLists") List<Info> infos, @ForAll @IntRange(max = 64) int offset) {
        assertRoundTrips(infos, offset);
        assertEquals(infos, codec.decodeInfos(codec.encode(infos)));
    }

    @Property(tries = 300)
    void shouldRoundTripProcs(@ForAll("procs") Proc proc, @ForAll @IntRange(max = 64) int offset) {
        assertRoundTrips(proc, offset);
    }

    @Property(tries = 300)
    void shouldRoundTripQueries(@ForAll("queries") Query query, @ForAll @IntRange(max = 64) int offset) {
        assertRoundTrips(query, offset);
    }

    @Property(tries = 300)
    void shouldRoundTripProcInfos(@ForAll("procInfos") ProcInfo procInfo, @ForAll @IntRange(max = 64) int offset) {
        assertRoundTrips(procInfo, offset);
    }

    @Property(tries = 500)
    void shouldRoundTripDataArraysOfEveryElementType(@ForAll("dataArrays") DataArray array,
            @ForAll @IntRange(max = 64) int offset) {
        assertRoundTrips(array, offset);
    }

    @Property(tries = 1000)
    void shouldRoundTripEveryMessageKind(@ForAll("messages") Object message, @ForAll @IntRange(max = 64) int offset) {
        assertRoundTrips(message, offset);
    }

    /** Every type at least once per run, whatever the random choice of types above. */
    @Property(tries = 200)
    void shouldRoundTripEachTypeAtDepthTwo(@ForAll("everyType") Value v) {
        assertRoundTrips(v, 3);
    }

    private void assertRoundTrips(Object message, int offset) {
        byte[] bytes = codec.encode(message);
        assertEquals(message, codec.decode(bytes), "via byte[]");
        assertArrayEquals(bytes, codec.encode(codec.decode(bytes)), "canonical");

        // off-heap, at an offset, with garbage before and after the region
        ByteBuffer direct = ByteBuffer.allocateDirect(offset + bytes.length + 16);
        UnsafeBuffer buffer = new UnsafeBuffer(direct);
        buffer.setMemory(0, buffer.capacity(), (byte) 0xA5);
        assertEquals(bytes.length, codec.encode(message, buffer, offset));
        assertEquals(message, codec.decode(buffer, offset, bytes.length), "via DirectBuffer");

        // a byte[] region inside a bigger array
        byte[] padded = new byte[offset + bytes.length + 7];
        System.arraycopy(bytes, 0, padded, offset, bytes.length);
        assertEquals(message, codec.decode(padded, offset, bytes.length), "via byte[] region");
    }

    @Provide
    Arbitrary<Value> values() {
        return ModelArbitraries.values();
    }

    @Provide
    Arbitrary<Info> infos() {
        return ModelArbitraries.infos();
    }

    @Provide
    Arbitrary<List<Info>> infoLists() {
        return ModelArbitraries.infoLists();
    }

    @Provide
    Arbitrary<Proc> procs() {
        return ModelArbitraries.procs();
    }

    @Provide
    Arbitrary<Query> queries() {
        return ModelArbitraries.queries();
    }

    @Provide
    Arbitrary<ProcInfo> procInfos() {
        return ModelArbitraries.procInfos();
    }

    @Provide
    Arbitrary<DataArray> dataArrays() {
        return ModelArbitraries.dataArrays(2);
    }

    @Provide
    Arbitrary<Object> messages() {
        return ModelArbitraries.messages();
    }

    @Provide
    Arbitrary<Value> everyType() {
        return Arbitraries.of(ModelArbitraries.TYPES).flatMap(t -> ModelArbitraries.valuesOf(t, 2))
                .edgeCases(c -> c.add(Value.of(DataType.DATA_TYPE_MAX + 1, new byte[0])));
    }
}
