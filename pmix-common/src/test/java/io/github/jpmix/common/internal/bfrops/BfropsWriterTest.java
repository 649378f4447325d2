package io.github.jpmix.common.internal.bfrops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.jpmix.common.CpuSet;
import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Envar;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.KeyValue;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.ProcStats;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.RegAttr;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.TimeVal;
import io.github.jpmix.common.Topology;
import io.github.jpmix.common.Value;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The writer's layouts that the golden tests do not spell out, and what it refuses and why. */
class BfropsWriterTest {

    private static String hex(Consumer<BfropsWriter> write) {
        BfropsWriter w = new BfropsWriter();
        write.accept(w);
        return Hex.of(w.toByteArray());
    }

    private static String ascii(String s) {
        return Hex.of(s.getBytes(StandardCharsets.ISO_8859_1));
    }

    @Test
    void shouldPackACountThenTheElements() {
        assertEquals("0204", hex(w -> w.packCommand(4)));
        assertEquals("025d", hex(w -> w.packStatus(-47)));
        assertEquals("0200", hex(w -> w.packString(null)));
        assertEquals("020e" + ascii("capjob") + "00", hex(w -> w.packString("capjob")));
        assertEquals("00", hex(w -> w.packAll(DataType.STRING, List.of())));
        assertEquals("04" + "0e" + ascii("capjob") + "00" + "00" + "0e" + ascii("capjob") + "00" + "feffffff0f",
                hex(w -> w.packProcs(List.of(new Proc("capjob", 0), Proc.wildcard("capjob")))));
        assertEquals("0201", hex(w -> w.packSize(1)));
        assertEquals("02feffffff0f", hex(w -> w.packRank(0xfffffffe)));
        assertEquals("02ffffffff0f", hex(w -> w.packUint32(-1)));
        assertEquals("0201", hex(w -> w.packInt32(-1)));
    }

    @Test
    void shouldShareOnePidTagAmongPidsPackedTogether() {
        assertEquals("040e01ffffffff0f", hex(w -> w.packAll(DataType.PID, List.of(1, -1))));
        assertEquals("000e", hex(w -> w.packAll(DataType.PID, List.of())));
        assertEquals("020e63", hex(w -> w.pack(DataType.PID, 99)));
        // in a data array too: no tag for none, one for all
        assertEquals("02270500", hex(w -> w.packValue(Value.ofDataArray(DataArray.of(DataType.PID, List.of())))));
        assertEquals("022705020e01ffffffff0f", hex(w -> w.packValue(Value.ofDataArray(DataArray.of(DataType.PID,
                List.of(1, -1))))));
        assertEquals(List.of(1, -1), new BfropsReader(Hex.bytes("040e01ffffffff0f")).unpackAll(DataType.PID));
        assertEquals(List.of(), new BfropsReader(Hex.bytes("000e")).unpackAll(DataType.PID));
        // a sender whose pid_t is an INT64 is read as libpmix reads it, by the tag it sent
        assertEquals(List.of(-2, 7), new BfropsReader(Hex.bytes("040a030e")).unpackAll(DataType.PID));
    }

    @Test
    void shouldNestPackedDataInBuffersAndByteObjects() {
        BfropsWriter inner = new BfropsWriter().packKeyValue(new KeyValue("k", Value.ofBool(true)));
        assertEquals("02" + "01" + "06" + "0204" + ascii("k") + "000101", hex(w -> w.packBuffer(inner)));
        assertEquals("02" + "06" + "0204" + ascii("k") + "000101", hex(w -> w.packByteObject(inner)));
        BfropsReader blob = new BfropsReader(Hex.bytes("02" + "06" + "0204" + ascii("k") + "000101")).unpackByteObjectReader();
        assertEquals(new KeyValue("k", Value.ofBool(true)), blob.unpackKeyValue());
    }

    @Test
    void shouldWriteRegexesInTheFormPregPicks() {
        // native and raw: the C string with no length; anything else: one counted string
        assertEquals("0231" + ascii("pmix[a]") + "00", hex(w -> w.packValue(Value.of(DataType.REGEX, "pmix[a]".getBytes(
                StandardCharsets.US_ASCII)))));
        assertEquals("0231" + ascii("raw:a") + "00", hex(w -> w.packValue(Value.of(DataType.REGEX, GoldenCases.cstring("raw:a")))));
        assertEquals("0231" + "02" + "08" + ascii("a,b") + "00", hex(w -> w.packValue(Value.of(DataType.REGEX,
                "a,b".getBytes(StandardCharsets.US_ASCII)))));
        // read back, a regex carries its NUL as a pmix_value_t does
        assertArrayEquals(GoldenCases.cstring("a,b"), new BfropsReader(Hex.bytes("0231" + "02" + "08" + ascii("a,b") + "00"))
                .unpackValue().asBytes());
    }

    @Test
    void shouldWriteAnEmptyCpusetAsTheUnboundNullString() {
        assertEquals("023400", hex(w -> w.packValue(Value.of(DataType.PROC_CPUSET, new CpuSet("hwloc", "")))));
        assertEquals("023408" + ascii("0-3") + "00", hex(w -> w.packValue(Value.of(DataType.PROC_CPUSET,
                new CpuSet("HWLOC:2.9", "0-3")))));
    }

    @Test
    void shouldKeepItsBytesAcrossViewsAndReset() {
        BfropsWriter w = new BfropsWriter().packCommand(5);
        ByteBuffer view = w.asReadOnlyBuffer();
        assertEquals(2, view.remaining());
        assertEquals(5, view.get(1));
        assertEquals(2, w.size());
        w.reset();
        assertEquals(0, w.size());
        byte[] big = new byte[100_000];
        w.packByteObject(big);
        assertEquals(100_000 + 1 + 3, w.size());
        assertEquals("ffff", Hex.of(new BfropsWriter().writeRaw(Hex.bytes("00ffff00"), 1, 2).toByteArray()));
    }

    @Test
    void shouldReadNullStringsWhereCAllowsThem() {
        // a NULL is length 0; the empty string is length 1, its NUL
        BfropsReader r = new BfropsReader(Hex.bytes("0200" + "0600" + "0200" + "04" + ascii("x") + "00"));
        assertNull(r.unpackString());
        assertEquals(java.util.Arrays.asList(null, "", "x"), r.unpackAll(DataType.STRING));
    }

    private static Arguments refused(String name, Consumer<BfropsWriter> write, int status) {
        return Arguments.of(Named.of(name, write), status);
    }

    static Stream<Arguments> refusals() {
        Info info = Info.of("k", Value.ofString("v"));
        return Stream.of(
                refused("an info as a value", w -> w.packValue(Value.ofInfo(info)), Status.ERR_NOT_SUPPORTED),
                refused("a query as a kval's value", w -> w.packKeyValue(new KeyValue("k", Value.ofQuery(Query.of("q")))),
                        Status.ERR_NOT_SUPPORTED),
                refused("a value in a value", w -> w.packValue(Value.of(DataType.VALUE, Value.ofBool(true))),
                        Status.ERR_NOT_SUPPORTED),
                refused("a topology", w -> w.packValue(Value.of(DataType.TOPO, new Topology("hwloc", "<x/>"))),
                        Status.ERR_NOT_SUPPORTED),
                refused("a data array of topologies", w -> w.packValue(Value.ofDataArray(DataArray.of(DataType.TOPO,
                        List.of(new Topology("hwloc", "<x/>"))))), Status.ERR_NOT_SUPPORTED),
                refused("an implementer-defined type", w -> w.packValue(Value.of(600, new byte[] {1})),
                        Status.ERR_NOT_SUPPORTED),
                refused("a data array of an implementer-defined type", w -> w.packValue(Value.ofDataArray(
                        new DataArray(600, List.of()))), Status.ERR_NOT_SUPPORTED),
                refused("a pointer pack", w -> w.pack(DataType.POINTER, 1L), Status.ERR_NOT_SUPPORTED),
                refused("a cpuset not from hwloc", w -> w.packValue(Value.of(DataType.PROC_CPUSET, new CpuSet("linux", "0"))),
                        Status.ERR_NOT_SUPPORTED),
                refused("a compressed regex", w -> w.packValue(Value.of(DataType.REGEX,
                        "blob:\0component=zlib:\0size=1:\0x".getBytes(StandardCharsets.ISO_8859_1))), Status.ERR_NOT_SUPPORTED),
                refused("a regex with a NUL inside", w -> w.packValue(Value.of(DataType.REGEX, new byte[] {'a', 0, 'b'})),
                        Status.ERR_PACK_FAILURE),
                refused("a string with a NUL", w -> w.packString("a\0b"), Status.ERR_PACK_FAILURE),
                refused("a string with an unpaired surrogate", w -> w.packString("a\ud800b"), Status.ERR_PACK_FAILURE),
                refused("a key with a NUL", w -> w.packInfos(List.of(Info.of("k\0", Value.ofBool(true)))),
                        Status.ERR_PACK_FAILURE),
                refused("an envar separator over 255", w -> w.packValue(Value.ofEnvar(new Envar("A", "b", '\u2028'))),
                        Status.ERR_PACK_FAILURE),
                refused("a proc stats state over 255", w -> w.pack(DataType.PROC_STATS, new ProcStats(null,
                        new Proc("n", 0), 1, null, '\u0100', new TimeVal(0, 0), 0f, 0, 0, 0f, 0f, 0f, 0f, 0,
                        new TimeVal(0, 0))), Status.ERR_PACK_FAILURE),
                refused("a regattr type over 65535", w -> w.pack(DataType.REGATTR, new RegAttr("N", "k", 70_000, List.of())),
                        Status.ERR_PACK_FAILURE),
                refused("a uint8 of 256", w -> w.pack(DataType.UINT8, 256), Status.ERR_BAD_PARAM),
                refused("a STRING element that is an Integer", w -> w.pack(DataType.STRING, 1), Status.ERR_TYPE_MISMATCH),
                refused("data for PMIX_UNDEF", w -> w.pack(DataType.UNDEF, 1), Status.ERR_TYPE_MISMATCH),
                refused("a PID list holding a Long", w -> w.packAll(DataType.PID, List.of(1L)), Status.ERR_TYPE_MISMATCH));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusals")
    void shouldRefuseWhatTheWireCannotCarry(Consumer<BfropsWriter> write, int status) {
        PmixException e = assertThrows(PmixException.class, () -> write.accept(new BfropsWriter()));
        assertEquals(Status.name(status), e.statusName(), e.getMessage());
    }
}
