package io.github.jpmix.common.internal.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.ProcInfo;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import java.util.ArrayList;
import java.util.LinkedList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The codec's contract around the wire format: what it encodes, typed decoding, options, threads. */
class CodecTest {
    private final Codec codec = new Codec();

    @ParameterizedTest(name = "{0}")
    @MethodSource("nonMessages")
    void shouldRefuseToEncodeWhatIsNotAMessage(Object notAMessage) {
        PmixException e = assertThrows(PmixException.class, () -> codec.encode(notAMessage));
        assertEquals(Status.ERR_PACK_FAILURE, e.status(), e.getMessage());
    }

    static Stream<Named<Object>> nonMessages() {
        return Stream.of(Named.of("a String", "pmix.rank"), Named.of("an Integer", 42),
                Named.of("a byte[]", new byte[1]), Named.of("a list of procs", List.of(new Proc("ns", 1))),
                Named.of("a list holding null", java.util.Arrays.asList(Info.of("k", Value.UNDEF), null)),
                Named.of("a Thread", Thread.currentThread()));
    }

    @Test
    void shouldEncodeAnyListImplementationOfInfos() {
        List<Info> infos = List.of(Info.of("a", Value.ofInt(1)), Info.of("b", Value.ofString("x")));
        for (List<Info> list : List.of(infos, new ArrayList<>(infos), new LinkedList<>(infos), List.<Info>of())) {
            assertEquals(list, codec.decodeInfos(codec.encode(list)));
        }
        assertThrows(UnsupportedOperationException.class, () -> codec.decodeInfos(codec.encode(infos)).add(null));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"a\uD800b", "\uD800", "\uDC00\uD800", "x\uDFFF"})
    void shouldRefuseToEncodeAnUnpairedSurrogate(String s) {
        PmixException e = assertThrows(PmixException.class, () -> codec.encode(Value.ofString(s)));
        assertEquals(Status.ERR_PACK_FAILURE, e.status(), e.getMessage());
    }

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(strings = {"", "\u0000", "\uD83D\uDE00", "a\uDBFF\uDFFFz", "\u00e9\u4e2d\uFFFF", "\u007f\u0080\u07ff\u0800"})
    void shouldRoundTripStringsAtTheUtf8Boundaries(String s) {
        assertEquals(Value.ofString(s), codec.decode(codec.encode(Value.ofString(s))));
    }

    @Test
    void shouldKeepTheBitsOfNaNs() {
        float nan = Float.intBitsToFloat(0x7FC0_1234);
        double dnan = Double.longBitsToDouble(0x7FF8_0000_0000_4321L);
        Value f = (Value) codec.decode(codec.encode(Value.ofFloat(nan)));
        Value d = (Value) codec.decode(codec.encode(Value.ofDouble(dnan)));
        assertEquals(0x7FC0_1234, Float.floatToRawIntBits((Float) f.data()));
        assertEquals(0x7FF8_0000_0000_4321L, Double.doubleToRawLongBits((Double) d.data()));
    }

    @Test
    void shouldReportAWellFormedMessageOfAnotherKindAsATypeMismatch() {
        byte[] proc = codec.encode(new Proc("ns", 1));
        assertEquals(new Proc("ns", 1), codec.decode(proc, Proc.class));
        assertEquals(Status.ERR_TYPE_MISMATCH,
                assertThrows(PmixException.class, () -> codec.decode(proc, ProcInfo.class)).status());
        assertEquals(Status.ERR_TYPE_MISMATCH, assertThrows(PmixException.class, () -> codec.decodeInfos(proc)).status());
    }

    @Test
    void shouldGiveEachThreadItsOwnLocalCodec() throws Exception {
        Codec mine = Codec.local();
        assertSame(mine, Codec.local());
        Codec other = CompletableFuture.supplyAsync(Codec::local).get();
        assertNotSame(mine, other);
    }

    @Test
    void shouldTakeTheDefaultOptions() {
        CodecOptions o = new CodecOptions();
        assertEquals(64L * 1024 * 1024, o.maxBytes());
        assertEquals(4 * 1024 * 1024, o.maxElements());
        assertEquals(64, o.maxDepth());
        assertSame(o, new Codec(o).options());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidOptions")
    void shouldRejectInvalidOptions(Supplier<CodecOptions> options) {
        PmixException e = assertThrows(PmixException.class, () -> new Codec(options.get()));
        assertEquals(Status.ERR_BAD_PARAM, e.status(), e.getMessage());
    }

    static Stream<Arguments> invalidOptions() {
        return Stream.of(
                Arguments.of(Named.<Supplier<CodecOptions>>of("maxBytes=0", () -> new CodecOptions().maxBytes(0))),
                Arguments.of(Named.<Supplier<CodecOptions>>of("maxBytes=-1", () -> new CodecOptions().maxBytes(-1))),
                Arguments.of(Named.<Supplier<CodecOptions>>of("maxElements=0", () -> new CodecOptions().maxElements(0))),
                Arguments.of(Named.<Supplier<CodecOptions>>of("maxDepth=0", () -> new CodecOptions().maxDepth(0))),
                Arguments.of(Named.<Supplier<CodecOptions>>of("maxDepth=1025", () -> new CodecOptions().maxDepth(1025))));
    }

    @Test
    void shouldFreezeOptionsOnceACodecTakesThem() {
        CodecOptions o = new CodecOptions().maxDepth(8);
        new Codec(o);
        assertThrows(IllegalStateException.class, () -> o.maxDepth(9));
        assertEquals(8, o.maxDepth());
    }

    @Test
    void shouldEncodeUserDefinedTypesAsOpaqueBytes() {
        DataType.define(4242, "JPMIX_TEST_TYPE");
        Value v = Value.of(4242, new byte[] {1, 2, 3});
        assertEquals(v, codec.decode(codec.encode(v)));
    }
}
