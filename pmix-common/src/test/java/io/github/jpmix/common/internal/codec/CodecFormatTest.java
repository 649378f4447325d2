package io.github.jpmix.common.internal.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Registration;
import io.github.jpmix.common.App;
import io.github.jpmix.common.Coord;
import io.github.jpmix.common.CpuSet;
import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.DeviceDistance;
import io.github.jpmix.common.DiskStats;
import io.github.jpmix.common.Endpoint;
import io.github.jpmix.common.Envar;
import io.github.jpmix.common.Geometry;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.InfoDirectives;
import io.github.jpmix.common.KeyValue;
import io.github.jpmix.common.NetStats;
import io.github.jpmix.common.NodeStats;
import io.github.jpmix.common.PData;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.ProcInfo;
import io.github.jpmix.common.ProcStats;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.Rank;
import io.github.jpmix.common.RegAttr;
import io.github.jpmix.common.TimeVal;
import io.github.jpmix.common.Topology;
import io.github.jpmix.common.Value;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Pins the wire format: the registration IDs and a few encodings byte for byte. A failure here
 * means the format changed: every peer and every stored payload is affected. Change
 * {@code docs/codec.md} and {@link CodecFormat#VERSION} with it, never only this test.
 */
class CodecFormatTest {
    /** The ID table of docs/codec.md, written out again on purpose. */
    private static final Map<Class<?>, Integer> IDS = new LinkedHashMap<>();

    static {
        IDS.put(TimeVal.class, 18);
        IDS.put(Value.class, 21);
        IDS.put(Proc.class, 22);
        IDS.put(App.class, 23);
        IDS.put(Info.class, 24);
        IDS.put(PData.class, 25);
        IDS.put(KeyValue.class, 28);
        IDS.put(ProcInfo.class, 38);
        IDS.put(DataArray.class, 39);
        IDS.put(Query.class, 41);
        IDS.put(Envar.class, 46);
        IDS.put(Coord.class, 47);
        IDS.put(RegAttr.class, 48);
        IDS.put(CpuSet.class, 52);
        IDS.put(Geometry.class, 53);
        IDS.put(DeviceDistance.class, 54);
        IDS.put(Endpoint.class, 55);
        IDS.put(Topology.class, 56);
        IDS.put(ProcStats.class, 61);
        IDS.put(DiskStats.class, 62);
        IDS.put(NetStats.class, 63);
        IDS.put(NodeStats.class, 64);
        IDS.put(List.class, 100);
    }

    @Test
    void shouldPinEveryRegistrationId() {
        Kryo kryo = CodecFormat.newKryo();
        Map<Integer, Class<?>> registered = new TreeMap<>();
        for (int id = CodecFormat.FIRST_MESSAGE_ID; id < 1000; id++) {
            Registration r = kryo.getClassResolver().getRegistration(id);
            if (r != null) {
                registered.put(id, r.getType());
            }
        }
        Map<Integer, Class<?>> expected = new TreeMap<>();
        IDS.forEach((cls, id) -> expected.put(id, cls));
        assertEquals(expected, registered);
        assertTrue(kryo.isRegistrationRequired());
        assertTrue(!kryo.getReferences());
    }

    @Test
    void shouldGiveEachStructTheIdOfItsDataType() {
        for (Map.Entry<Class<?>, Integer> e : IDS.entrySet()) {
            if (e.getKey() != List.class) {
                assertEquals(e.getKey(), Value.javaType(e.getValue()), "ID " + e.getValue());
            }
        }
        assertEquals(List.of(CodecFormat.TIMEVAL, CodecFormat.VALUE, CodecFormat.PROC, CodecFormat.APP, CodecFormat.INFO,
                CodecFormat.PDATA, CodecFormat.KVAL, CodecFormat.PROC_INFO, CodecFormat.DATA_ARRAY, CodecFormat.QUERY,
                CodecFormat.ENVAR, CodecFormat.COORD, CodecFormat.REGATTR, CodecFormat.PROC_CPUSET, CodecFormat.GEOMETRY,
                CodecFormat.DEVICE_DIST, CodecFormat.ENDPOINT, CodecFormat.TOPO, CodecFormat.PROC_STATS,
                CodecFormat.DISK_STATS, CodecFormat.NET_STATS, CodecFormat.NODE_STATS, CodecFormat.INFO_LIST),
                List.copyOf(IDS.values()));
        assertEquals(1, CodecFormat.VERSION);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("knownEncodings")
    void shouldEncodeByteForByteAsDocumented(Object message, String hex) {
        Codec codec = new Codec();
        assertEquals(hex.replace(" ", ""), HexFormat.of().formatHex(codec.encode(message)));
        assertEquals(message, codec.decode(HexFormat.of().parseHex(hex.replace(" ", ""))));
    }

    static Stream<Arguments> knownEncodings() {
        return Stream.of(
                known("proc ns:3", new Proc("ns", 3), "18 03 6e73 03"),
                known("proc ns:WILDCARD", Proc.wildcard("ns"), "18 03 6e73 feffffff0f"),
                known("UNDEF value", Value.UNDEF, "17 00"),
                known("BOOL true", Value.ofBool(true), "17 01 01"),
                known("INT -1 (zigzag)", Value.ofInt(-1), "17 06 01"),
                known("UINT32 300 (varint)", Value.ofUint32(300), "17 0e ac02"),
                known("UINT16 0x1234 (little-endian)", Value.ofUint16(0x1234), "17 0d 3412"),
                known("DOUBLE 1.0", Value.ofDouble(1.0), "17 11 000000000000f03f"),
                known("STRING \"hé\" (UTF-8)", Value.ofString("hé"), "17 03 04 68c3a9"),
                known("BYTE_OBJECT {1,2}", Value.ofByteObject(new byte[] {1, 2}), "17 1b 02 0102"),
                known("user type 501", Value.of(501, new byte[] {9}), "17 f503 01 09"),
                known("info k=UINT32:1 required", new Info("k", Value.ofUint32(1), InfoDirectives.REQD), "1a 02 6b 0e 01 01"),
                known("info list of one", List.of(new Info("k", Value.ofUint32(1), InfoDirectives.REQD)),
                        "66 01 02 6b 0e 01 01"),
                known("data array of INT8 {1,-1}", DataArray.of(DataType.INT8, List.of((byte) 1, (byte) -1)),
                        "29 07 02 01 ff"),
                known("proc info with a null hostname", new ProcInfo(new Proc("n", 0), null, "a", 5, -2, 3),
                        "28 02 6e 00 00 02 61 0a 03 03"),
                known("query for k", new Query(List.of("k"), List.of()), "2b 01 02 6b 00"),
                known("timeval 1s 2us", new TimeVal(1, 2), "14 02 02"),
                known("proc rank UNDEF", new Proc("", Rank.UNDEF), "18 01 ffffffff0f"));
    }

    private static Arguments known(String name, Object message, String hex) {
        return Arguments.of(Named.of(name, message), hex);
    }
}
