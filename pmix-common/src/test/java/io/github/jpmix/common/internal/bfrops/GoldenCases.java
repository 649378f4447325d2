package io.github.jpmix.common.internal.bfrops;

import io.github.jpmix.common.AllocDirective;
import io.github.jpmix.common.App;
import io.github.jpmix.common.Coord;
import io.github.jpmix.common.CpuSet;
import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataRange;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.DeviceDistance;
import io.github.jpmix.common.DiskStats;
import io.github.jpmix.common.Endpoint;
import io.github.jpmix.common.Envar;
import io.github.jpmix.common.Geometry;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.InfoDirectives;
import io.github.jpmix.common.NetStats;
import io.github.jpmix.common.NodeStats;
import io.github.jpmix.common.PData;
import io.github.jpmix.common.Persistence;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.ProcInfo;
import io.github.jpmix.common.ProcState;
import io.github.jpmix.common.ProcStats;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.Rank;
import io.github.jpmix.common.RegAttr;
import io.github.jpmix.common.Scope;
import io.github.jpmix.common.TimeVal;
import io.github.jpmix.common.Value;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The cases {@code src/test/c/bfrops_golden.c} packs, by name, with the model objects JPMIx must
 * read from libpmix's bytes (for FLOAT and DOUBLE the value the {@code "%f"} text parses to), plus
 * the cases only JPMIx can write, and what libpmix 4.2.2 does with JPMIx's bytes of each.
 */
final class GoldenCases {
    /** What libpmix does with the bytes JPMIx writes for a case. */
    enum CRead {
        /** Unpacks every byte and packs the same bytes again. */
        REPACKS,
        /** Unpacks every byte (its repacking is broken or mangled for this type: not asked). */
        READS,
        /** Fails to unpack: a 4.2.2 bug, documented on the case. */
        FAILS,
        /** Not given to libpmix: its unpacker would write past a struct. */
        SKIP
    }

    /**
     * One case.
     *
     * @param name the C harness's name; a {@code java.} name is a case libpmix cannot pack
     * @param type the packed type (a top-level pack of {@code elements})
     * @param elements the model objects
     * @param libpmixPacks whether {@code bfrops_golden pack} prints it
     * @param sameBytes whether JPMIx writes libpmix's bytes again (false where JPMIx normalizes, noted)
     * @param cRead what libpmix does with JPMIx's bytes
     * @param cText text libpmix's printer must show for JPMIx's bytes, or null
     * @param note why a case differs from a plain round trip
     */
    record Case(String name, int type, List<Object> elements, boolean libpmixPacks, boolean sameBytes, CRead cRead,
            String cText, String note) {
        Case cRead(CRead how, String why) {
            return new Case(name, type, elements, libpmixPacks, sameBytes, how, cText, why);
        }

        Case normalized(String why) {
            return new Case(name, type, elements, libpmixPacks, false, cRead, cText, why);
        }

        Case javaOnly(CRead how, String text, String why) {
            return new Case(name, type, elements, false, true, how, text, why);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private GoldenCases() {
    }

    static Case c(String name, int type, Object... elements) {
        return new Case(name, type, Arrays.asList(elements), true, true, CRead.REPACKS, null, "");
    }

    static Case value(String name, Value v) {
        return c(name, DataType.VALUE, v);
    }

    static Case array(String name, int type, Object... elements) {
        return value(name, Value.ofDataArray(DataArray.of(type, Arrays.asList(elements))));
    }

    static byte[] cstring(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        return Arrays.copyOf(b, b.length + 1);
    }

    private static final String INT16_BUG = "4.2.2 packs PMIX_DATA_TYPE as a UINT16 (bfrop_base_pack.c:756-765) but unpacks it"
            + " as an INT16 (bfrop_base_unpack.c:358-368): it reads every byte and mangles the type";
    private static final String PSTATS_BUG = "4.2.2's unpacker reads a peak_vsize its packer never wrote"
            + " (bfrop_base_unpack.c:1924 vs bfrop_base_pack.c:1363-1431)";
    private static final String DARRAY_NOMEM = "4.2.2 cannot allocate a data array of this element type when"
            + " unpacking (PMIX_DATA_ARRAY_CONSTRUCT, PMIX_ERR_NOMEM)";
    private static final String CPUSET_EMPTY = "4.2.2 packs an empty hwloc bitmap as \"\"; JPMIx reads it as the empty"
            + " bitmap and writes that as the unbound (NULL) cpuset";

    static ProcInfo procInfo() {
        return new ProcInfo(new Proc("capjob", 3), "node1", "/bin/app", 4242, 0, ProcState.RUNNING);
    }

    static RegAttr regAttr(List<String> description) {
        return new RegAttr("PMIX_JOB_SIZE", "pmix.job.size", DataType.UINT32, description);
    }

    static Geometry geometry() {
        return new Geometry(3, "fab-uuid", null,
                List.of(new Coord(Coord.LOGICAL_VIEW, new int[] {1, 2, -1}), new Coord(Coord.PHYSICAL_VIEW, new int[] {1})));
    }

    /** PMIX_DEVTYPE_OPENFABRICS | PMIX_DEVTYPE_NETWORK */
    static final long DEVTYPE_OF_NET = 0x8 | 0x4;

    static DeviceDistance deviceDistance() {
        return new DeviceDistance("dev-uuid", "mlx5_0", DEVTYPE_OF_NET, 10, 65535);
    }

    static ProcStats procStats(String node, String cmd) {
        return new ProcStats(node, new Proc("capjob", 1), 777, cmd, 'R', new TimeVal(12, 500_000), 0f, -5, 65535, 1.25f,
                2048.5f, 100f, 0f, 3, new TimeVal(1_700_000_000L, 1));
    }

    static DiskStats diskStats(String disk) {
        return new DiskStats(disk, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -1L);
    }

    static NetStats netStats() {
        return new NetStats("eth0", 1000, 10, 0, 2000, 20, 1);
    }

    static NodeStats nodeStats(String node, List<DiskStats> disks, List<NetStats> nets) {
        return new NodeStats(node, 0.5f, 0.25f, 0.125f, 16000f, 8000.5f, 1f, 2f, 3f, 4f, 5f, 6f, new TimeVal(99, 999_999),
                disks, nets);
    }

    static Info info(String key, Value v, int directives) {
        return new Info(key, v, directives);
    }

    static List<Case> all() {
        List<Case> cases = new ArrayList<>();
        cases.addAll(values());
        cases.addAll(arrays());
        cases.addAll(topLevel());
        cases.addAll(javaOnly());
        return cases;
    }

    static List<Case> values() {
        return List.of(
                value("value.UNDEF", Value.UNDEF),
                value("value.BOOL.true", Value.ofBool(true)),
                value("value.BOOL.false", Value.ofBool(false)),
                value("value.BYTE", Value.ofByte((byte) 0xab)),
                value("value.STRING", Value.ofString("hello, w\u00f6rld")),
                value("value.STRING.empty", Value.ofString("")),
                value("value.SIZE", Value.ofSize(7)),
                value("value.SIZE.2^56", Value.ofSize(1L << 56)),
                value("value.SIZE.max", Value.ofSize(-1L)),
                value("value.PID", Value.ofPid(12345)),
                value("value.PID.-1", Value.ofPid(-1)),
                value("value.INT", Value.ofInt(-123456)),
                value("value.INT.min", Value.ofInt(Integer.MIN_VALUE)),
                value("value.INT8", Value.ofInt8((byte) -5)),
                value("value.INT16", Value.ofInt16((short) -300)),
                value("value.INT16.min", Value.ofInt16(Short.MIN_VALUE)),
                value("value.INT32", Value.ofInt32(-3001)),
                value("value.INT32.max", Value.ofInt32(Integer.MAX_VALUE)),
                value("value.INT64.min", Value.ofInt64(Long.MIN_VALUE)),
                value("value.INT64.max", Value.ofInt64(Long.MAX_VALUE)),
                value("value.UINT", Value.ofUint(5)),
                value("value.UINT.max", Value.ofUint(-1)),
                value("value.UINT8", Value.ofUint8(200)),
                value("value.UINT16", Value.ofUint16(65535)),
                value("value.UINT32", Value.ofUint32(0xfffffffe)),
                value("value.UINT64.max", Value.ofUint64(-1L)),
                value("value.UINT64.2^63", Value.ofUint64(Long.MIN_VALUE)),
                value("value.FLOAT", Value.ofFloat(1.5f)),
                value("value.FLOAT.-0.1", Value.ofFloat(-0.1f)),
                value("value.FLOAT.1e20", Value.ofFloat(1e20f)),
                value("value.FLOAT.1e-7", Value.ofFloat(0f)),
                value("value.FLOAT.-0", Value.ofFloat(-0f)),
                value("value.FLOAT.inf", Value.ofFloat(Float.POSITIVE_INFINITY)),
                value("value.FLOAT.nan", Value.ofFloat(Float.NaN)),
                value("value.FLOAT.tie", Value.ofFloat(0.007812f)),
                value("value.DOUBLE", Value.ofDouble(3.141593)),
                value("value.DOUBLE.1e300", Value.ofDouble(1e300)),
                value("value.DOUBLE.-inf", Value.ofDouble(Double.NEGATIVE_INFINITY)),
                value("value.DOUBLE.-2.5e-7", Value.ofDouble(-0.0)),
                value("value.DOUBLE.tie", Value.ofDouble(0.023438)),
                value("value.TIMEVAL", Value.ofTimeVal(new TimeVal(1_700_000_000L, 123_456))),
                value("value.TIMEVAL.-5", Value.ofTimeVal(new TimeVal(-5, 0))),
                value("value.TIME", Value.ofTime(1_700_000_000L)),
                value("value.TIME.-1", Value.ofTime(-1L)),
                value("value.STATUS", Value.ofStatus(-47)),
                value("value.PROC", Value.ofProc(Proc.wildcard("capjob"))),
                value("value.BYTE_OBJECT", Value.ofByteObject(new byte[] {0, 1, (byte) 0xff})),
                value("value.BYTE_OBJECT.empty", Value.ofByteObject(new byte[0])),
                value("value.PERSIST", Value.ofPersistence(Persistence.SESSION)),
                value("value.SCOPE", Value.ofScope(Scope.GLOBAL)),
                value("value.DATA_RANGE", Value.ofDataRange(DataRange.GLOBAL)),
                value("value.COMMAND", Value.of(DataType.COMMAND, 12)),
                value("value.INFO_DIRECTIVES", Value.ofInfoDirectives(0x80000001)),
                value("value.DATA_TYPE", Value.ofDataType(DataType.STRING)).cRead(CRead.READS, INT16_BUG),
                value("value.PROC_STATE", Value.ofProcState(ProcState.ABORTED)),
                value("value.PROC_INFO", Value.ofProcInfo(procInfo())),
                value("value.PROC_INFO.nulls", Value.ofProcInfo(new ProcInfo(new Proc("capjob", 3), null, null, 0, 0,
                        ProcState.RUNNING))),
                value("value.PROC_RANK", Value.ofRank(7)),
                value("value.PROC_RANK.wildcard", Value.ofRank(Rank.WILDCARD)),
                value("value.COMPRESSED_STRING", Value.of(DataType.COMPRESSED_STRING, new byte[] {0x78, (byte) 0x9c, 3, 0})),
                value("value.COMPRESSED_BYTE_OBJECT", Value.of(DataType.COMPRESSED_BYTE_OBJECT,
                        new byte[] {0x78, (byte) 0x9c, 3, 0})),
                value("value.ALLOC_DIRECTIVE", Value.of(DataType.ALLOC_DIRECTIVE, AllocDirective.EXTEND)),
                value("value.IOF_CHANNEL", Value.of(DataType.IOF_CHANNEL, 0x6)),
                value("value.ENVAR", Value.ofEnvar(new Envar("PATH", "/usr/bin", ':'))),
                value("value.COORD", Value.of(DataType.COORD, new Coord(Coord.LOGICAL_VIEW, new int[] {1, 2, -1}))),
                value("value.REGATTR", Value.of(DataType.REGATTR, regAttr(List.of("first line", "second line"))))
                        .cRead(CRead.READS, INT16_BUG),
                value("value.REGEX.native", Value.of(DataType.REGEX, cstring("pmix[vm[1:0-3]]"))),
                value("value.REGEX.raw", Value.of(DataType.REGEX, cstring("raw:node1,node2"))),
                value("value.JOB_STATE", Value.ofJobState(3)),
                value("value.LINK_STATE", Value.of(DataType.LINK_STATE, 2)),
                value("value.PROC_CPUSET.empty", Value.of(DataType.PROC_CPUSET, new CpuSet("hwloc", "")))
                        .normalized(CPUSET_EMPTY),
                value("value.PROC_CPUSET.unbound", Value.of(DataType.PROC_CPUSET, new CpuSet("hwloc", ""))),
                value("value.GEOMETRY", Value.of(DataType.GEOMETRY, geometry())),
                value("value.DEVICE_DIST", Value.of(DataType.DEVICE_DIST, deviceDistance())),
                value("value.ENDPOINT", Value.of(DataType.ENDPOINT, new Endpoint("ep-uuid", null,
                        new byte[] {1, 0, (byte) 0xff, 0x7f}))),
                value("value.DEVTYPE", Value.of(DataType.DEVTYPE, 0x8000_0000_0000_0002L)),
                value("value.LOCTYPE", Value.of(DataType.LOCTYPE, 0x4010)),
                value("value.PROC_NSPACE", Value.ofNamespace("capjob")),
                value("value.PROC_STATS", Value.of(DataType.PROC_STATS, procStats("node1", "app")))
                        .cRead(CRead.FAILS, PSTATS_BUG),
                value("value.DISK_STATS", Value.of(DataType.DISK_STATS, diskStats("sda"))),
                value("value.NET_STATS", Value.of(DataType.NET_STATS, netStats())),
                value("value.NODE_STATS", Value.of(DataType.NODE_STATS, nodeStats("node1", List.of(), List.of()))),
                value("value.STOR_MEDIUM", Value.of(DataType.STOR_MEDIUM, 0x10L)),
                value("value.STOR_ACCESS", Value.of(DataType.STOR_ACCESS, 0x3L)),
                value("value.STOR_PERSIST", Value.of(DataType.STOR_PERSIST, 0x20L)),
                value("value.STOR_ACCESS_TYPE", Value.of(DataType.STOR_ACCESS_TYPE, 0x2)));
    }

    static List<Case> arrays() {
        return List.of(
                array("darray.UINT32", DataType.UINT32, 1, 2, 3),
                array("darray.BOOL", DataType.BOOL, true, false, true),
                array("darray.STRING", DataType.STRING, "a", "", "ccc"),
                array("darray.INT.empty", DataType.INT),
                value("darray.UNDEF", Value.ofDataArray(new DataArray(DataType.UNDEF,
                        List.of(Value.UNDEF, Value.UNDEF, Value.UNDEF)))),
                array("darray.INFO", DataType.INFO, info("pmix.hname", Value.ofString("vm"), 0),
                        info("pmix.local.size", Value.ofUint32(2), InfoDirectives.ARRAY_END)),
                array("darray.PROC", DataType.PROC, new Proc("capjob", 0), new Proc("other", Rank.LOCAL_PEERS)),
                array("darray.VALUE", DataType.VALUE, Value.ofUint16(9), Value.ofString("v"), Value.UNDEF),
                array("darray.DATA_ARRAY", DataType.DATA_ARRAY, DataArray.of(DataType.UINT32, List.of(1, 2)),
                        DataArray.of(DataType.STRING, List.of("a"))).cRead(CRead.FAILS, DARRAY_NOMEM),
                array("darray.BYTE_OBJECT", DataType.BYTE_OBJECT, new byte[] {1, 2}, new byte[0]),
                array("darray.ENVAR", DataType.ENVAR, new Envar("LD_PRELOAD", "x.so", ' ')),
                array("darray.TIMEVAL", DataType.TIMEVAL, new TimeVal(1, 2)),
                array("darray.FLOAT", DataType.FLOAT, 0.5f, -2f),
                array("darray.PID", DataType.PID, 1, 65536),
                array("darray.DATA_BUFFER", DataType.DATA_BUFFER, new byte[] {2, 0}, new byte[0])
                        .cRead(CRead.FAILS, DARRAY_NOMEM),
                array("darray.PROC_CPUSET", DataType.PROC_CPUSET, new CpuSet("hwloc", "")).normalized(CPUSET_EMPTY),
                array("darray.REGEX", DataType.REGEX, cstring("pmix[a]"), cstring("raw:b"))
                        .cRead(CRead.FAILS, DARRAY_NOMEM));
    }

    static List<Case> topLevel() {
        Info tmpdir = info("pmix.tmpdir", Value.ofString("/tmp/x"), InfoDirectives.REQD);
        return List.of(
                c("top.INFO", DataType.INFO, tmpdir,
                        info("pmix.collect", Value.ofBool(true), InfoDirectives.REQD | InfoDirectives.ARRAY_END)),
                c("top.PROC", DataType.PROC, new Proc("capjob", 0), Proc.wildcard("capjob"), new Proc("", Rank.UNDEF)),
                c("top.STRING", DataType.STRING, "capjob", null, "x"),
                c("top.STRING.none", DataType.STRING),
                c("top.APP", DataType.APP, new App("/bin/app", List.of("/bin/app", "-v", "x y"), List.of("A=1", "B="), null, 4,
                        List.of(tmpdir))),
                c("top.APP.bare", DataType.APP, new App("/bin/app", List.of(), List.of(), "/home", -1, List.of())),
                c("top.PDATA", DataType.PDATA, new PData(new Proc("pubjob", 2), "pub.key", Value.ofUint32(1))),
                c("top.QUERY", DataType.QUERY, new Query(List.of("pmix.qry.nodes", "pmix.qry.procs"),
                        List.of(info("pmix.tmpdir", Value.ofString("/tmp/x"), InfoDirectives.QUALIFIER)))),
                c("top.BYTE_OBJECT", DataType.BYTE_OBJECT, (Object) new byte[] {2, 0}),
                c("top.VALUE", DataType.VALUE, Value.ofBool(true)),
                c("top.SIZE", DataType.SIZE, 0L, 128L, -1L),
                c("top.INT32", DataType.INT32, Integer.MIN_VALUE, 42),
                c("top.INT16", DataType.INT16, Short.MAX_VALUE, (short) -1),
                c("top.UINT16", DataType.UINT16, 0, 300),
                c("top.UINT64", DataType.UINT64, 0L, -1L),
                c("top.INT64", DataType.INT64, -1L, Long.MIN_VALUE),
                c("top.UINT", DataType.UINT, 0, -1),
                c("top.INT", DataType.INT, -1, 1),
                c("top.PROC_RANK", DataType.PROC_RANK, 0, Rank.UNDEF),
                c("top.STATUS", DataType.STATUS, 0, -3001),
                c("top.DOUBLE", DataType.DOUBLE, 0.1, -1234.5678),
                c("top.BOOL", DataType.BOOL, true, false, true),
                c("top.COMMAND", DataType.COMMAND, 4),
                c("top.TIMEVAL", DataType.TIMEVAL, new TimeVal(0, 999_999), new TimeVal(Long.MAX_VALUE, 0)),
                c("top.TIME", DataType.TIME, 0L, 1_700_000_000L),
                c("top.PROC_INFO", DataType.PROC_INFO, procInfo()),
                c("top.REGATTR.nodesc", DataType.REGATTR, regAttr(List.of())).cRead(CRead.READS, INT16_BUG),
                c("top.COORD.nodims", DataType.COORD, new Coord(Coord.VIEW_UNDEF, new int[0])),
                c("top.GEOMETRY.bare", DataType.GEOMETRY, new Geometry(3, null, null, List.of())),
                c("top.DEVICE_DIST", DataType.DEVICE_DIST, deviceDistance()),
                c("top.ENDPOINT.empty", DataType.ENDPOINT, new Endpoint(null, null, new byte[0])),
                c("top.PROC_STATS.nulls", DataType.PROC_STATS, procStats(null, null)).cRead(CRead.FAILS, PSTATS_BUG),
                c("top.DISK_STATS", DataType.DISK_STATS, diskStats("sda"), diskStats(null)),
                c("top.NET_STATS", DataType.NET_STATS, netStats()),
                c("top.NODE_STATS", DataType.NODE_STATS, nodeStats(null, List.of(), List.of())),
                c("top.DATA_BUFFER", DataType.DATA_BUFFER, (Object) new byte[] {2, 0x0e, 0x63, 0}),
                c("top.PROC_NSPACE", DataType.PROC_NSPACE, "ns1", ""),
                c("top.PROC_CPUSET", DataType.PROC_CPUSET, new CpuSet("hwloc", "")).normalized(CPUSET_EMPTY),
                c("top.ENVAR", DataType.ENVAR, new Envar("X", "", '\u00e9')),
                c("top.REGEX", DataType.REGEX, cstring("pmix[vm]"), cstring("raw:a")),
                c("top.DATA_ARRAY", DataType.DATA_ARRAY, DataArray.of(DataType.UINT16, List.of(0, 300))),
                c("top.FLOAT", DataType.FLOAT, 3.25f),
                c("top.PID", DataType.PID, 99),
                c("top.PID.two", DataType.PID, 1, -1),
                c("top.PID.none", DataType.PID).cRead(CRead.FAILS, "4.2.2 reads the tag of no pids, then asks the"
                        + " UINT32 unpacker for none, which fails on an empty buffer (bfrop_pmix41.c:521-523)"),
                c("top.UINT8", DataType.UINT8, 0, 255),
                c("top.INT8", DataType.INT8, (byte) -128, (byte) 127),
                c("top.BYTE", DataType.BYTE, (byte) 0x80),
                c("top.UINT32", DataType.UINT32, 0, 127, 128, -1),
                c("top.SCOPE", DataType.SCOPE, Scope.LOCAL, Scope.REMOTE),
                c("top.DATA_RANGE", DataType.DATA_RANGE, DataRange.SESSION),
                c("top.INFO_DIRECTIVES", DataType.INFO_DIRECTIVES, InfoDirectives.REQD),
                c("top.DATA_TYPE", DataType.DATA_TYPE, DataType.UINT64, 300).cRead(CRead.READS, INT16_BUG));
    }

    /** What 4.2.2 cannot pack, but JPMIx writes and 4.2.2 reads. */
    static List<Case> javaOnly() {
        return List.of(
                value("java.REGEX.plain", Value.of(DataType.REGEX, cstring("node[1-3],login"))).javaOnly(CRead.READS,
                        "node[1-3],login", "4.2.2 packs a regex that is neither native nor raw with the string where a"
                                + " char ** is expected (preg_base_stubs.c:135) and crashes; its unpacker reads a counted"
                                + " string"),
                value("java.PROC_CPUSET.bitmap", Value.of(DataType.PROC_CPUSET, new CpuSet("hwloc", "0-3,5"))).javaOnly(
                        CRead.READS, "cpuset:0-3,5", "4.2.2 packs only empty cpusets (pmix_hwloc_datatype.c:47 treats the"
                                + " length hwloc_bitmap_list_asprintf returns as an error); its unpacker reads any"),
                value("java.DATA_BUFFER", Value.of(DataType.DATA_BUFFER, new byte[] {2, 0})).javaOnly(CRead.READS, null,
                        "4.2.2 packs a PMIX_DATA_BUFFER value from the union's address (bfrop_base_pack.c:993-995, the"
                                + " type is missing from the pointer cases); its unpacker reads one"),
                value("java.NODE_STATS.lists", Value.of(DataType.NODE_STATS,
                        nodeStats("node1", List.of(diskStats("sda")), List.of(netStats())))).javaOnly(CRead.SKIP, null,
                        "4.2.2 packs and unpacks the lists at the address of their pointers (bfrop_base_pack.c:1614,"
                                + " bfrop_base_unpack.c:2197): it would write past the struct"),
                c("java.STRING.utf8", DataType.STRING, "\u00e9\u4e2d\ud83d\ude00").javaOnly(CRead.REPACKS, null,
                        "UTF-8 of 2, 3 and 4 bytes"));
    }
}
