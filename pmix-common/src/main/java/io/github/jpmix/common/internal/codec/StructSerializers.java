package io.github.jpmix.common.internal.codec;

import io.github.jpmix.common.App;
import io.github.jpmix.common.Coord;
import io.github.jpmix.common.CpuSet;
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
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.ProcInfo;
import io.github.jpmix.common.ProcStats;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.RegAttr;
import io.github.jpmix.common.TimeVal;
import io.github.jpmix.common.Topology;
import java.util.ArrayList;
import java.util.List;

/**
 * Not API. The PMIx structs on the wire: each writes its fields, in the order of its record
 * components, with the encodings of {@code docs/codec.md}: {@code str} (varint UTF-8 length + 1,
 * 0 for null, then the bytes), {@code uvar}/{@code svar} (unsigned/zigzag varints), fixed
 * little-endian {@code u8}/{@code u16}/{@code f32}, and counted lists. A change of any layout is a
 * change of the wire format. Stateless.
 */
final class StructSerializers {
    private StructSerializers() {
    }

    // ---- dispatch by DataType, for struct payloads inside values ----

    static void writeStruct(CodecOutput out, int type, Object s) {
        switch (type) {
            case DataType.TIMEVAL -> writeTimeVal(out, (TimeVal) s);
            case DataType.PROC -> writeProc(out, (Proc) s);
            case DataType.APP -> writeApp(out, (App) s);
            case DataType.INFO -> writeInfo(out, (Info) s);
            case DataType.PDATA -> writePData(out, (PData) s);
            case DataType.KVAL -> writeKeyValue(out, (KeyValue) s);
            case DataType.PROC_INFO -> writeProcInfo(out, (ProcInfo) s);
            case DataType.QUERY -> writeQuery(out, (Query) s);
            case DataType.ENVAR -> writeEnvar(out, (Envar) s);
            case DataType.COORD -> writeCoord(out, (Coord) s);
            case DataType.REGATTR -> writeRegAttr(out, (RegAttr) s);
            case DataType.PROC_CPUSET -> writeCpuSet(out, (CpuSet) s);
            case DataType.GEOMETRY -> writeGeometry(out, (Geometry) s);
            case DataType.DEVICE_DIST -> writeDeviceDistance(out, (DeviceDistance) s);
            case DataType.ENDPOINT -> writeEndpoint(out, (Endpoint) s);
            case DataType.TOPO -> writeTopology(out, (Topology) s);
            case DataType.PROC_STATS -> writeProcStats(out, (ProcStats) s);
            case DataType.DISK_STATS -> writeDiskStats(out, (DiskStats) s);
            case DataType.NET_STATS -> writeNetStats(out, (NetStats) s);
            case DataType.NODE_STATS -> writeNodeStats(out, (NodeStats) s);
            default -> throw CodecOutput.unencodable("no payload layout for type " + DataType.name(type));
        }
    }

    static Object readStruct(CodecInput in, int type) {
        return switch (type) {
            case DataType.TIMEVAL -> readTimeVal(in);
            case DataType.PROC -> readProc(in);
            case DataType.APP -> readApp(in);
            case DataType.INFO -> readInfo(in);
            case DataType.PDATA -> readPData(in);
            case DataType.KVAL -> readKeyValue(in);
            case DataType.PROC_INFO -> readProcInfo(in);
            case DataType.QUERY -> readQuery(in);
            case DataType.ENVAR -> readEnvar(in);
            case DataType.COORD -> readCoord(in);
            case DataType.REGATTR -> readRegAttr(in);
            case DataType.PROC_CPUSET -> readCpuSet(in);
            case DataType.GEOMETRY -> readGeometry(in);
            case DataType.DEVICE_DIST -> readDeviceDistance(in);
            case DataType.ENDPOINT -> readEndpoint(in);
            case DataType.TOPO -> readTopology(in);
            case DataType.PROC_STATS -> readProcStats(in);
            case DataType.DISK_STATS -> readDiskStats(in);
            case DataType.NET_STATS -> readNetStats(in);
            case DataType.NODE_STATS -> readNodeStats(in);
            default -> throw CodecInput.malformed("no payload layout for type " + DataType.name(type));
        };
    }

    // ---- lists ----

    /** {@code uvar count, Info...}: a {@code List<Info>} message, query qualifiers, app infos. */
    static void writeInfos(CodecOutput out, List<?> infos) {
        int n = infos.size();
        out.writeCount(n);
        for (int i = 0; i < n; i++) {
            Object o = infos.get(i);
            if (!(o instanceof Info)) {
                throw CodecOutput.unencodable("info list element " + i + " is "
                        + (o == null ? "null" : o.getClass().getSimpleName()) + ", not an Info");
            }
            writeInfo(out, (Info) o);
        }
    }

    /** A {@code List<Info>} message: immutable, like every list of the model. */
    static List<Info> readInfosMessage(CodecInput in) {
        return List.copyOf(readInfos(in));
    }

    static List<Info> readInfos(CodecInput in) {
        int n = in.readCount("info list", 3); // key (2+), value type (1+), directives (1)
        List<Info> infos = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            infos.add(readInfo(in));
        }
        return infos;
    }

    private static void writeStrings(CodecOutput out, List<String> strings) {
        int n = strings.size();
        out.writeCount(n);
        for (int i = 0; i < n; i++) {
            out.writeUtf8(strings.get(i));
        }
    }

    private static List<String> readStrings(CodecInput in, String what) {
        int n = in.readCount(what, 1);
        List<String> strings = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            strings.add(in.readUtf8(what));
        }
        return strings;
    }

    // ---- the structs ----

    /** {@code TimeVal: svar64 seconds, uvar64 micros} */
    static void writeTimeVal(CodecOutput out, TimeVal t) {
        out.writeVarLong(t.seconds(), false);
        out.writeVarLong(t.micros(), true);
    }

    static TimeVal readTimeVal(CodecInput in) {
        return new TimeVal(in.readVarLong(false), in.readVarLong(true));
    }

    /** {@code Proc: str namespace, uvar rank} */
    static void writeProc(CodecOutput out, Proc p) {
        out.writeUtf8(p.namespace());
        out.writeVarInt(p.rank(), true);
    }

    static Proc readProc(CodecInput in) {
        return new Proc(in.readUtf8("proc namespace"), in.readVarInt(true));
    }

    /** {@code Info: str key, Value value, uvar directives} */
    static void writeInfo(CodecOutput out, Info info) {
        out.writeUtf8(info.key());
        ValueSerializer.writeValue(out, info.value());
        out.writeVarInt(info.directives(), true);
    }

    static Info readInfo(CodecInput in) {
        String key = in.readUtf8("info key");
        return new Info(key, ValueSerializer.readValue(in), in.readVarInt(true));
    }

    /** {@code ProcInfo: Proc proc, str? hostname, str? executable, svar pid, svar exitCode, u8 state} */
    static void writeProcInfo(CodecOutput out, ProcInfo p) {
        writeProc(out, p.proc());
        out.writeNullableUtf8(p.hostname());
        out.writeNullableUtf8(p.executable());
        out.writeVarInt(p.pid(), false);
        out.writeVarInt(p.exitCode(), false);
        out.writeByte(p.state());
    }

    static ProcInfo readProcInfo(CodecInput in) {
        Proc proc = readProc(in);
        String hostname = in.readNullableUtf8("proc info hostname");
        String executable = in.readNullableUtf8("proc info executable");
        int pid = in.readVarInt(false);
        int exitCode = in.readVarInt(false);
        return new ProcInfo(proc, hostname, executable, pid, exitCode, in.readByteUnsigned());
    }

    /** {@code Query: uvar n, str key x n, uvar m, Info qualifier x m} */
    static void writeQuery(CodecOutput out, Query q) {
        writeStrings(out, q.keys());
        writeInfos(out, q.qualifiers());
    }

    static Query readQuery(CodecInput in) {
        List<String> keys = readStrings(in, "query keys");
        return new Query(keys, readInfos(in));
    }

    /** {@code App: str cmd, uvar n, str argv x n, uvar m, str env x m, str? cwd, svar maxProcs, infos} */
    static void writeApp(CodecOutput out, App a) {
        out.writeUtf8(a.cmd());
        writeStrings(out, a.argv());
        writeStrings(out, a.env());
        out.writeNullableUtf8(a.cwd());
        out.writeVarInt(a.maxProcs(), false);
        writeInfos(out, a.info());
    }

    static App readApp(CodecInput in) {
        String cmd = in.readUtf8("app cmd");
        List<String> argv = readStrings(in, "app argv");
        List<String> env = readStrings(in, "app env");
        String cwd = in.readNullableUtf8("app cwd");
        int maxProcs = in.readVarInt(false);
        return new App(cmd, argv, env, cwd, maxProcs, readInfos(in));
    }

    /** {@code PData: Proc proc, str key, Value value} */
    static void writePData(CodecOutput out, PData d) {
        writeProc(out, d.proc());
        out.writeUtf8(d.key());
        ValueSerializer.writeValue(out, d.value());
    }

    static PData readPData(CodecInput in) {
        Proc proc = readProc(in);
        String key = in.readUtf8("pdata key");
        return new PData(proc, key, ValueSerializer.readValue(in));
    }

    /** {@code KeyValue: str key, Value value} */
    static void writeKeyValue(CodecOutput out, KeyValue kv) {
        out.writeUtf8(kv.key());
        ValueSerializer.writeValue(out, kv.value());
    }

    static KeyValue readKeyValue(CodecInput in) {
        String key = in.readUtf8("kval key");
        return new KeyValue(key, ValueSerializer.readValue(in));
    }

    /** {@code Envar: str name, str value, u16 separator} */
    static void writeEnvar(CodecOutput out, Envar e) {
        out.writeUtf8(e.name());
        out.writeUtf8(e.value());
        out.writeChar(e.separator());
    }

    static Envar readEnvar(CodecInput in) {
        String name = in.readUtf8("envar name");
        String value = in.readUtf8("envar value");
        return new Envar(name, value, in.readChar());
    }

    /** {@code Coord: u8 view, uvar n, uvar coord x n} */
    static void writeCoord(CodecOutput out, Coord c) {
        out.writeByte(c.view());
        int[] coords = c.coords();
        out.writeCount(coords.length);
        for (int x : coords) {
            out.writeVarInt(x, true);
        }
    }

    static Coord readCoord(CodecInput in) {
        int view = in.readByteUnsigned();
        int[] coords = new int[in.readCount("coord", 1)];
        for (int i = 0; i < coords.length; i++) {
            coords[i] = in.readVarInt(true);
        }
        return new Coord(view, coords);
    }

    /** {@code RegAttr: str name, str key, uvar type, uvar n, str description x n} */
    static void writeRegAttr(CodecOutput out, RegAttr r) {
        out.writeUtf8(r.name());
        out.writeUtf8(r.key());
        out.writeVarInt(r.type(), true);
        writeStrings(out, r.description());
    }

    static RegAttr readRegAttr(CodecInput in) {
        String name = in.readUtf8("regattr name");
        String key = in.readUtf8("regattr key");
        int type = in.readVarInt(true);
        return new RegAttr(name, key, type, readStrings(in, "regattr description"));
    }

    /** {@code CpuSet: str source, str bitmap} */
    static void writeCpuSet(CodecOutput out, CpuSet c) {
        out.writeUtf8(c.source());
        out.writeUtf8(c.bitmap());
    }

    static CpuSet readCpuSet(CodecInput in) {
        String source = in.readUtf8("cpuset source");
        return new CpuSet(source, in.readUtf8("cpuset bitmap"));
    }

    /** {@code Topology: str source, str export} */
    static void writeTopology(CodecOutput out, Topology t) {
        out.writeUtf8(t.source());
        out.writeUtf8(t.export());
    }

    static Topology readTopology(CodecInput in) {
        String source = in.readUtf8("topology source");
        return new Topology(source, in.readUtf8("topology export"));
    }

    /** {@code Geometry: uvar64 fabric, str? uuid, str? osname, uvar n, Coord x n} */
    static void writeGeometry(CodecOutput out, Geometry g) {
        out.writeVarLong(g.fabric(), true);
        out.writeNullableUtf8(g.uuid());
        out.writeNullableUtf8(g.osname());
        List<Coord> coords = g.coordinates();
        out.writeCount(coords.size());
        for (Coord c : coords) {
            writeCoord(out, c);
        }
    }

    static Geometry readGeometry(CodecInput in) {
        long fabric = in.readVarLong(true);
        String uuid = in.readNullableUtf8("geometry uuid");
        String osname = in.readNullableUtf8("geometry osname");
        int n = in.readCount("geometry coordinates", 2);
        List<Coord> coords = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            coords.add(readCoord(in));
        }
        return new Geometry(fabric, uuid, osname, coords);
    }

    /** {@code DeviceDistance: str? uuid, str? osname, uvar64 type, u16 minDist, u16 maxDist} */
    static void writeDeviceDistance(CodecOutput out, DeviceDistance d) {
        out.writeNullableUtf8(d.uuid());
        out.writeNullableUtf8(d.osname());
        out.writeVarLong(d.type(), true);
        out.writeShort(d.minDist());
        out.writeShort(d.maxDist());
    }

    static DeviceDistance readDeviceDistance(CodecInput in) {
        String uuid = in.readNullableUtf8("device distance uuid");
        String osname = in.readNullableUtf8("device distance osname");
        long type = in.readVarLong(true);
        int min = in.readShortUnsigned();
        return new DeviceDistance(uuid, osname, type, min, in.readShortUnsigned());
    }

    /** {@code Endpoint: str? uuid, str? osname, uvar n, n bytes} */
    static void writeEndpoint(CodecOutput out, Endpoint e) {
        out.writeNullableUtf8(e.uuid());
        out.writeNullableUtf8(e.osname());
        out.writeByteArray(e.endpoint());
    }

    static Endpoint readEndpoint(CodecInput in) {
        String uuid = in.readNullableUtf8("endpoint uuid");
        String osname = in.readNullableUtf8("endpoint osname");
        return new Endpoint(uuid, osname, in.readByteArray("endpoint"));
    }

    /**
     * {@code ProcStats: str? node, Proc proc, svar pid, str? cmd, u16 state, TimeVal time, f32 percentCpu,
     * svar priority, u16 numThreads, f32 pss, f32 vsize, f32 rss, f32 peakVsize, u16 processor,
     * TimeVal sampleTime}
     */
    static void writeProcStats(CodecOutput out, ProcStats s) {
        out.writeNullableUtf8(s.node());
        writeProc(out, s.proc());
        out.writeVarInt(s.pid(), false);
        out.writeNullableUtf8(s.cmd());
        out.writeChar(s.state());
        writeTimeVal(out, s.time());
        out.writeFloatBits(s.percentCpu());
        out.writeVarInt(s.priority(), false);
        out.writeShort(s.numThreads());
        out.writeFloatBits(s.pss());
        out.writeFloatBits(s.vsize());
        out.writeFloatBits(s.rss());
        out.writeFloatBits(s.peakVsize());
        out.writeShort(s.processor());
        writeTimeVal(out, s.sampleTime());
    }

    static ProcStats readProcStats(CodecInput in) {
        String node = in.readNullableUtf8("proc stats node");
        Proc proc = readProc(in);
        int pid = in.readVarInt(false);
        String cmd = in.readNullableUtf8("proc stats cmd");
        char state = in.readChar();
        TimeVal time = readTimeVal(in);
        float percentCpu = in.readFloat();
        int priority = in.readVarInt(false);
        int numThreads = in.readShortUnsigned();
        float pss = in.readFloat();
        float vsize = in.readFloat();
        float rss = in.readFloat();
        float peakVsize = in.readFloat();
        int processor = in.readShortUnsigned();
        return new ProcStats(node, proc, pid, cmd, state, time, percentCpu, priority, numThreads, pss, vsize, rss,
                peakVsize, processor, readTimeVal(in));
    }

    /** {@code DiskStats: str? disk, uvar64 x 11 counters in component order} */
    static void writeDiskStats(CodecOutput out, DiskStats d) {
        out.writeNullableUtf8(d.disk());
        out.writeVarLong(d.numReadsCompleted(), true);
        out.writeVarLong(d.numReadsMerged(), true);
        out.writeVarLong(d.numSectorsRead(), true);
        out.writeVarLong(d.millisecondsReading(), true);
        out.writeVarLong(d.numWritesCompleted(), true);
        out.writeVarLong(d.numWritesMerged(), true);
        out.writeVarLong(d.numSectorsWritten(), true);
        out.writeVarLong(d.millisecondsWriting(), true);
        out.writeVarLong(d.numIosInProgress(), true);
        out.writeVarLong(d.millisecondsIo(), true);
        out.writeVarLong(d.weightedMillisecondsIo(), true);
    }

    static DiskStats readDiskStats(CodecInput in) {
        String disk = in.readNullableUtf8("disk stats disk");
        long[] c = new long[11];
        for (int i = 0; i < c.length; i++) {
            c[i] = in.readVarLong(true);
        }
        return new DiskStats(disk, c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10]);
    }

    /** {@code NetStats: str? netInterface, uvar64 x 6 counters in component order} */
    static void writeNetStats(CodecOutput out, NetStats n) {
        out.writeNullableUtf8(n.netInterface());
        out.writeVarLong(n.numBytesRecvd(), true);
        out.writeVarLong(n.numPacketsRecvd(), true);
        out.writeVarLong(n.numRecvErrs(), true);
        out.writeVarLong(n.numBytesSent(), true);
        out.writeVarLong(n.numPacketsSent(), true);
        out.writeVarLong(n.numSendErrs(), true);
    }

    static NetStats readNetStats(CodecInput in) {
        String netInterface = in.readNullableUtf8("net stats interface");
        long[] c = new long[6];
        for (int i = 0; i < c.length; i++) {
            c[i] = in.readVarLong(true);
        }
        return new NetStats(netInterface, c[0], c[1], c[2], c[3], c[4], c[5]);
    }

    /**
     * {@code NodeStats: str? node, f32 x 11 (la .. mapped in component order), TimeVal sampleTime,
     * uvar n, DiskStats x n, uvar m, NetStats x m}
     */
    static void writeNodeStats(CodecOutput out, NodeStats s) {
        out.writeNullableUtf8(s.node());
        out.writeFloatBits(s.la());
        out.writeFloatBits(s.la5());
        out.writeFloatBits(s.la15());
        out.writeFloatBits(s.totalMem());
        out.writeFloatBits(s.freeMem());
        out.writeFloatBits(s.buffers());
        out.writeFloatBits(s.cached());
        out.writeFloatBits(s.swapCached());
        out.writeFloatBits(s.swapTotal());
        out.writeFloatBits(s.swapFree());
        out.writeFloatBits(s.mapped());
        writeTimeVal(out, s.sampleTime());
        out.writeCount(s.diskStats().size());
        for (DiskStats d : s.diskStats()) {
            writeDiskStats(out, d);
        }
        out.writeCount(s.netStats().size());
        for (NetStats n : s.netStats()) {
            writeNetStats(out, n);
        }
    }

    static NodeStats readNodeStats(CodecInput in) {
        String node = in.readNullableUtf8("node stats node");
        float[] f = new float[11];
        for (int i = 0; i < f.length; i++) {
            f[i] = in.readFloat();
        }
        TimeVal sampleTime = readTimeVal(in);
        int nd = in.readCount("node stats disks", 12);
        List<DiskStats> disks = new ArrayList<>(nd);
        for (int i = 0; i < nd; i++) {
            disks.add(readDiskStats(in));
        }
        int nn = in.readCount("node stats interfaces", 7);
        List<NetStats> nets = new ArrayList<>(nn);
        for (int i = 0; i < nn; i++) {
            nets.add(readNetStats(in));
        }
        return new NodeStats(node, f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8], f[9], f[10], sampleTime,
                disks, nets);
    }
}
