package io.github.jpmix.common.internal.codec;

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
import io.github.jpmix.common.KeyValue;
import io.github.jpmix.common.NetStats;
import io.github.jpmix.common.NodeStats;
import io.github.jpmix.common.PData;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.ProcInfo;
import io.github.jpmix.common.ProcStats;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.Rank;
import io.github.jpmix.common.RegAttr;
import io.github.jpmix.common.TimeVal;
import io.github.jpmix.common.Topology;
import io.github.jpmix.common.Value;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Random generators for every PMIx data type {@link Value#javaType(int)} supports, every struct,
 * and nested combinations (data arrays of any element type, infos and queries holding them), with
 * the extremes: integer bounds and special ranks, NaN/infinities and every float bit pattern,
 * empty and non-ASCII strings with surrogate pairs, null optional strings, empty and large byte
 * arrays.
 */
public final class ModelArbitraries {
    /** Every type code a value can have below {@link DataType#DATA_TYPE_MAX}, {@code UNDEF} included. */
    public static final List<Integer> TYPES = modelTypes();
    /** Types whose payload holds values (recursion happens through them). */
    private static final List<Integer> NESTING = List.of(DataType.VALUE, DataType.DATA_ARRAY, DataType.INFO,
            DataType.QUERY, DataType.APP, DataType.PDATA, DataType.KVAL);

    private ModelArbitraries() {
    }

    private static List<Integer> modelTypes() {
        List<Integer> types = new ArrayList<>();
        for (int t = 0; t <= DataType.DATA_TYPE_MAX; t++) {
            try {
                Value.javaType(t);
                types.add(t);
            } catch (PmixException e) {
                // POINTER, BUFFER and unassigned codes have no value
            }
        }
        return List.copyOf(types);
    }

    // ---- leaves ----

    /** Strings of code points: mostly printable ASCII, and 2-, 3- and 4-byte UTF-8 (surrogate pairs). */
    static Arbitrary<String> strings(int minCodePoints, int maxCodePoints) {
        Arbitrary<Integer> codePoint = Arbitraries.frequencyOf(
                Tuple.of(8, Arbitraries.integers().between(0x20, 0x7E)),
                Tuple.of(1, Arbitraries.integers().between(0, 0x7F)),
                Tuple.of(2, Arbitraries.integers().between(0x80, 0x7FF)),
                Tuple.of(2, Arbitraries.integers().between(0x800, 0xFFFF).filter(c -> c < 0xD800 || c > 0xDFFF)),
                Tuple.of(2, Arbitraries.integers().between(0x10000, Character.MAX_CODE_POINT)));
        return codePoint.list().ofMinSize(minCodePoints).ofMaxSize(maxCodePoints).map(cps -> {
            StringBuilder sb = new StringBuilder();
            cps.forEach(sb::appendCodePoint);
            return sb.toString();
        });
    }

    static Arbitrary<String> strings() {
        return strings(0, 24);
    }

    static Arbitrary<String> nullableStrings() {
        return strings().injectNull(0.2);
    }

    /** Keys: 1..100 code points, at most 400 bytes, under {@link Info#MAX_KEYLEN}. */
    static Arbitrary<String> keys() {
        return Arbitraries.oneOf(Arbitraries.of("pmix.nspace", "pmix.rank", "pmix.hname", "pmix.lpeers"),
                strings(1, 100));
    }

    static Arbitrary<String> namespaces() {
        return strings(0, 60); // at most 240 bytes, under Proc.MAX_NSLEN
    }

    static Arbitrary<Integer> ranks() {
        return Arbitraries.oneOf(Arbitraries.integers(), Arbitraries.of(Rank.UNDEF, Rank.WILDCARD, Rank.LOCAL_NODE,
                Rank.INVALID, Rank.LOCAL_PEERS, Rank.VALID, 0, Integer.MAX_VALUE, Integer.MIN_VALUE));
    }

    static Arbitrary<Float> floats() {
        return Arbitraries.oneOf(Arbitraries.integers().map(Float::intBitsToFloat),
                Arbitraries.floats().withStandardSpecialValues().withSpecialValue(-0.0f));
    }

    static Arbitrary<Double> doubles() {
        return Arbitraries.oneOf(Arbitraries.longs().map(Double::longBitsToDouble),
                Arbitraries.doubles().withStandardSpecialValues().withSpecialValue(-0.0));
    }

    /** Mostly small arrays, the empty one, and now and then one of up to 200 KB. */
    static Arbitrary<byte[]> byteArrays() {
        return Arbitraries.frequencyOf(
                Tuple.of(10, Arbitraries.bytes().array(byte[].class).ofMaxSize(40)),
                Tuple.of(2, Arbitraries.just(new byte[0])),
                Tuple.of(1, Arbitraries.randomValue(r -> {
                    byte[] b = new byte[r.nextInt(200_000)];
                    r.nextBytes(b);
                    return b;
                })));
    }

    static Arbitrary<Proc> procs() {
        return Combinators.combine(namespaces(), ranks()).as(Proc::new);
    }

    static Arbitrary<TimeVal> timeVals() {
        return Combinators.combine(Arbitraries.longs(), Arbitraries.longs().between(0, 999_999)).as(TimeVal::new);
    }

    static Arbitrary<ProcInfo> procInfos() {
        return Combinators.combine(procs(), nullableStrings(), nullableStrings(), Arbitraries.integers(),
                Arbitraries.integers(), Arbitraries.integers().between(0, 255)).as(ProcInfo::new);
    }

    // ---- values ----

    /** A value of any type, nesting up to {@code depth} levels of values in values. */
    public static Arbitrary<Value> values(int depth) {
        Arbitrary<Integer> type = depth > 0
                ? Arbitraries.frequencyOf(Tuple.of(4, Arbitraries.of(TYPES)), Tuple.of(1, Arbitraries.of(NESTING)),
                        Tuple.of(1, userTypes()))
                : Arbitraries.oneOf(Arbitraries.of(leafTypes()), userTypes());
        return type.flatMap(t -> valuesOf(t, depth));
    }

    static Arbitrary<Value> values() {
        return values(3);
    }

    private static Arbitrary<Integer> userTypes() {
        return Arbitraries.integers().between(DataType.DATA_TYPE_MAX + 1, 0xFFFF);
    }

    private static List<Integer> leafTypes() {
        return TYPES.stream().filter(t -> !NESTING.contains(t)).toList();
    }

    /** Values of one type; a nesting type at depth 0 holds no further values. */
    public static Arbitrary<Value> valuesOf(int type, int depth) {
        if (type == DataType.UNDEF) {
            return Arbitraries.just(Value.UNDEF);
        }
        return payloads(type, depth).map(p -> Value.of(type, p));
    }

    private static Arbitrary<?> payloads(int type, int depth) {
        if (type > DataType.DATA_TYPE_MAX) {
            return byteArrays();
        }
        int inner = Math.max(0, depth - 1);
        switch (type) {
            case DataType.BOOL:
                return Arbitraries.of(true, false);
            case DataType.BYTE:
            case DataType.INT8:
                return Arbitraries.bytes();
            case DataType.INT16:
                return Arbitraries.shorts();
            case DataType.PROC_RANK:
                return ranks();
            case DataType.INT:
            case DataType.INT32:
            case DataType.PID:
            case DataType.STATUS:
            case DataType.UINT:
            case DataType.UINT32:
            case DataType.INFO_DIRECTIVES:
                return Arbitraries.integers();
            case DataType.INT64:
            case DataType.TIME:
            case DataType.UINT64:
            case DataType.SIZE:
            case DataType.DEVTYPE:
            case DataType.STOR_MEDIUM:
            case DataType.STOR_ACCESS:
            case DataType.STOR_PERSIST:
                return Arbitraries.longs();
            case DataType.UINT8:
            case DataType.PERSIST:
            case DataType.SCOPE:
            case DataType.DATA_RANGE:
            case DataType.COMMAND:
            case DataType.PROC_STATE:
            case DataType.ALLOC_DIRECTIVE:
            case DataType.JOB_STATE:
            case DataType.LINK_STATE:
                return Arbitraries.integers().between(0, 0xFF);
            case DataType.UINT16:
            case DataType.DATA_TYPE:
            case DataType.IOF_CHANNEL:
            case DataType.LOCTYPE:
            case DataType.STOR_ACCESS_TYPE:
                return Arbitraries.integers().between(0, 0xFFFF);
            case DataType.FLOAT:
                return floats();
            case DataType.DOUBLE:
                return doubles();
            case DataType.STRING:
                return strings(0, 60);
            case DataType.PROC_NSPACE:
                return namespaces();
            case DataType.BYTE_OBJECT:
            case DataType.COMPRESSED_STRING:
            case DataType.COMPRESSED_BYTE_OBJECT:
            case DataType.REGEX:
            case DataType.DATA_BUFFER:
                return byteArrays();
            case DataType.TIMEVAL:
                return timeVals();
            case DataType.VALUE:
                return values(inner);
            case DataType.PROC:
                return procs();
            case DataType.APP:
                return apps(inner);
            case DataType.INFO:
                return infos(inner);
            case DataType.PDATA:
                return Combinators.combine(procs(), keys(), values(inner)).as(PData::new);
            case DataType.KVAL:
                return Combinators.combine(keys(), values(inner)).as(KeyValue::new);
            case DataType.PROC_INFO:
                return procInfos();
            case DataType.DATA_ARRAY:
                return dataArrays(inner);
            case DataType.QUERY:
                return queries(inner);
            case DataType.ENVAR:
                return Combinators.combine(strings(), strings(), Arbitraries.chars()).as(Envar::new);
            case DataType.COORD:
                return coords();
            case DataType.REGATTR:
                return Combinators.combine(strings(), keys(), Arbitraries.integers(), strings().list().ofMaxSize(3))
                        .as(RegAttr::new);
            case DataType.PROC_CPUSET:
                return Combinators.combine(strings(), strings()).as(CpuSet::new);
            case DataType.GEOMETRY:
                return Combinators.combine(Arbitraries.longs(), nullableStrings(), nullableStrings(),
                        coords().list().ofMaxSize(3)).as(Geometry::new);
            case DataType.DEVICE_DIST:
                return Combinators.combine(nullableStrings(), nullableStrings(), Arbitraries.longs(),
                        Arbitraries.integers().between(0, 0xFFFF), Arbitraries.integers().between(0, 0xFFFF))
                        .as(DeviceDistance::new);
            case DataType.ENDPOINT:
                return Combinators.combine(nullableStrings(), nullableStrings(), byteArrays()).as(Endpoint::new);
            case DataType.TOPO:
                return Combinators.combine(strings(), strings(0, 400)).as(Topology::new);
            case DataType.PROC_STATS:
                return procStats();
            case DataType.DISK_STATS:
                return diskStats();
            case DataType.NET_STATS:
                return netStats();
            case DataType.NODE_STATS:
                return nodeStats();
            default:
                throw new IllegalArgumentException("no generator for " + DataType.name(type));
        }
    }

    // ---- structs that nest ----

    public static Arbitrary<Info> infos(int depth) {
        return Combinators.combine(keys(), values(depth), Arbitraries.integers()).as(Info::new);
    }

    static Arbitrary<Info> infos() {
        return infos(2);
    }

    static Arbitrary<List<Info>> infoLists() {
        return infos(1).list().ofMaxSize(8);
    }

    static Arbitrary<Query> queries(int depth) {
        return Combinators.combine(keys().list().ofMinSize(1).ofMaxSize(4), infos(depth).list().ofMaxSize(3))
                .as(Query::new);
    }

    static Arbitrary<Query> queries() {
        return queries(2);
    }

    /** A data array of any element type, nested arrays included, with up to 5 elements. */
    public static Arbitrary<DataArray> dataArrays(int depth) {
        Arbitrary<Integer> elementType = depth > 0
                ? Arbitraries.oneOf(Arbitraries.of(TYPES), userTypes())
                : Arbitraries.oneOf(Arbitraries.of(leafTypes()), userTypes());
        return elementType.flatMap(t -> valuesOf(t, depth).list().ofMaxSize(5).map(vs -> new DataArray(t, vs)));
    }

    static Arbitrary<App> apps(int depth) {
        return Combinators.combine(strings(), strings().list().ofMaxSize(4), strings().list().ofMaxSize(3),
                nullableStrings(), Arbitraries.integers(), infos(depth).list().ofMaxSize(3)).as(App::new);
    }

    static Arbitrary<Coord> coords() {
        return Combinators.combine(Arbitraries.integers().between(0, 255),
                Arbitraries.integers().array(int[].class).ofMaxSize(4)).as(Coord::new);
    }

    static Arbitrary<DiskStats> diskStats() {
        return Combinators.combine(nullableStrings(), Arbitraries.longs().array(long[].class).ofSize(11))
                .as((d, c) -> new DiskStats(d, c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10]));
    }

    static Arbitrary<NetStats> netStats() {
        return Combinators.combine(nullableStrings(), Arbitraries.longs().array(long[].class).ofSize(6))
                .as((n, c) -> new NetStats(n, c[0], c[1], c[2], c[3], c[4], c[5]));
    }

    static Arbitrary<NodeStats> nodeStats() {
        return Combinators.combine(nullableStrings(), floats().list().ofSize(11), timeVals(),
                diskStats().list().ofMaxSize(2), netStats().list().ofMaxSize(2))
                .as((n, f, t, d, e) -> new NodeStats(n, f.get(0), f.get(1), f.get(2), f.get(3), f.get(4), f.get(5),
                        f.get(6), f.get(7), f.get(8), f.get(9), f.get(10), t, d, e));
    }

    static Arbitrary<ProcStats> procStats() {
        Arbitrary<Integer> u16 = Arbitraries.integers().between(0, 0xFFFF);
        return Combinators.combine(nullableStrings(), procs(), Arbitraries.integers(), nullableStrings(),
                Arbitraries.chars(), timeVals(), floats().list().ofSize(5),
                Combinators.combine(Arbitraries.integers(), u16, u16, timeVals()).as(List::<Object>of))
                .as((node, proc, pid, cmd, state, time, f, rest) -> new ProcStats(node, proc, pid, cmd, state, time,
                        f.get(0), (Integer) rest.get(0), (Integer) rest.get(1), f.get(1), f.get(2), f.get(3), f.get(4),
                        (Integer) rest.get(2), (TimeVal) rest.get(3)));
    }

    /** Any message kind the codec encodes: every struct, values, data arrays and info lists. */
    static Arbitrary<Object> messages() {
        List<Arbitrary<?>> kinds = new ArrayList<>();
        kinds.add(values());
        kinds.add(infoLists());
        for (int t : TYPES) {
            if (t != DataType.UNDEF && Value.javaType(t).getPackageName().equals("io.github.jpmix.common")) {
                kinds.add(payloads(t, 2));
            }
        }
        return Arbitraries.oneOf(kinds);
    }
}
