package io.github.jpmix.common.internal.bfrops;

import io.github.jpmix.common.App;
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
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.ProcInfo;
import io.github.jpmix.common.ProcStats;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.RegAttr;
import io.github.jpmix.common.Value;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * What the bfrops wire carries of the model, written independently of the codec so the round
 * trips check it: {@link #carried} says whether a model object can be packed (the writer must
 * refuse exactly the others), {@link #normalize} what reading it back gives (the package comment's
 * "what does not round-trip": floats through {@code "%f"}, no exit code, no percent CPU or peak
 * vsize, a cpuset's source, a regex's NUL).
 */
final class WireModel {
    private WireModel() {
    }

    // ---- carried ----

    /** Whether a value can be packed with its type tag (a PMIX_VALUE, an info's value...). */
    static boolean carriedTagged(Value v) {
        int t = v.type();
        if (t == DataType.APP || t == DataType.INFO || t == DataType.PDATA || t == DataType.KVAL || t == DataType.QUERY
                || t == DataType.VALUE) {
            return false;
        }
        return carriedPayload(t, v.data());
    }

    /** Whether an element of the type can be packed without a tag (a data array element, a top-level element). */
    static boolean carriedPayload(int type, Object data) {
        if (type > DataType.DATA_TYPE_MAX || type == DataType.TOPO) {
            return false;
        }
        return switch (type) {
            case DataType.STRING, DataType.PROC_NSPACE -> data == null || string((String) data);
            case DataType.REGEX -> regex((byte[]) data);
            case DataType.VALUE -> carriedTagged((Value) data);
            case DataType.DATA_ARRAY -> array((DataArray) data);
            case DataType.INFO -> info((Info) data);
            case DataType.KVAL -> string(((KeyValue) data).key()) && carriedTagged(((KeyValue) data).value());
            case DataType.PDATA -> {
                PData d = (PData) data;
                yield proc(d.proc()) && string(d.key()) && carriedTagged(d.value());
            }
            case DataType.PROC -> proc((Proc) data);
            case DataType.APP -> {
                App a = (App) data;
                yield string(a.cmd()) && a.argv().stream().allMatch(WireModel::string)
                        && a.env().stream().allMatch(WireModel::string) && nullableString(a.cwd())
                        && a.info().stream().allMatch(WireModel::info);
            }
            case DataType.QUERY -> {
                Query q = (Query) data;
                yield q.keys().stream().allMatch(WireModel::string) && q.qualifiers().stream().allMatch(WireModel::info);
            }
            case DataType.PROC_INFO -> {
                ProcInfo p = (ProcInfo) data;
                yield proc(p.proc()) && nullableString(p.hostname()) && nullableString(p.executable());
            }
            case DataType.ENVAR -> {
                Envar e = (Envar) data;
                yield string(e.name()) && string(e.value()) && e.separator() <= 0xFF;
            }
            case DataType.REGATTR -> {
                RegAttr r = (RegAttr) data;
                yield string(r.name()) && string(r.key()) && (r.type() & ~0xFFFF) == 0
                        && r.description().stream().allMatch(WireModel::string);
            }
            case DataType.PROC_CPUSET -> {
                CpuSet c = (CpuSet) data;
                yield c.source().regionMatches(true, 0, "hwloc", 0, 5) && string(c.bitmap());
            }
            case DataType.GEOMETRY -> {
                Geometry g = (Geometry) data;
                yield nullableString(g.uuid()) && nullableString(g.osname());
            }
            case DataType.DEVICE_DIST -> {
                DeviceDistance d = (DeviceDistance) data;
                yield nullableString(d.uuid()) && nullableString(d.osname());
            }
            case DataType.ENDPOINT -> {
                Endpoint e = (Endpoint) data;
                yield nullableString(e.uuid()) && nullableString(e.osname());
            }
            case DataType.PROC_STATS -> {
                ProcStats s = (ProcStats) data;
                yield nullableString(s.node()) && proc(s.proc()) && nullableString(s.cmd()) && s.state() <= 0xFF;
            }
            case DataType.DISK_STATS -> nullableString(((DiskStats) data).disk());
            case DataType.NET_STATS -> nullableString(((NetStats) data).netInterface());
            case DataType.NODE_STATS -> {
                NodeStats s = (NodeStats) data;
                yield nullableString(s.node()) && s.diskStats().stream().allMatch(d -> nullableString(d.disk()))
                        && s.netStats().stream().allMatch(n -> nullableString(n.netInterface()));
            }
            default -> true;
        };
    }

    private static boolean array(DataArray a) {
        int t = a.type();
        if (t > DataType.DATA_TYPE_MAX || t == DataType.TOPO) {
            return false;
        }
        return a.values().stream().allMatch(v -> t == DataType.UNDEF || carriedPayload(t, v.data()));
    }

    private static boolean info(Info i) {
        return string(i.key()) && carriedTagged(i.value());
    }

    private static boolean proc(Proc p) {
        return string(p.namespace());
    }

    /** A C string: no NUL inside (the model's strings are valid UTF-16, so UTF-8 carries them). */
    static boolean string(String s) {
        return s.indexOf('\0') < 0;
    }

    private static boolean nullableString(String s) {
        return s == null || string(s);
    }

    /** A C string with or without its NUL, not in preg/compress form. */
    private static boolean regex(byte[] b) {
        int n = b.length > 0 && b[b.length - 1] == 0 ? b.length - 1 : b.length;
        for (int i = 0; i < n; i++) {
            if (b[i] == 0) {
                return false;
            }
        }
        return true;
    }

    // ---- normalize ----

    /** What reading back a packed value gives. */
    static Value normalize(Value v) {
        return v.type() == DataType.UNDEF ? v : Value.of(v.type(), normalize(v.type(), v.data()));
    }

    /** What reading back a packed element of the type gives. */
    static Object normalize(int type, Object data) {
        if (data == null) {
            return null;
        }
        return switch (type) {
            case DataType.FLOAT -> FloatText.parseFloat(FloatText.format((Float) data));
            case DataType.DOUBLE -> FloatText.parseDouble(FloatText.format((Double) data));
            case DataType.REGEX -> {
                byte[] b = (byte[]) data;
                yield b.length > 0 && b[b.length - 1] == 0 ? b : Arrays.copyOf(b, b.length + 1);
            }
            case DataType.VALUE -> normalize((Value) data);
            case DataType.DATA_ARRAY -> {
                DataArray a = (DataArray) data;
                yield new DataArray(a.type(), a.values().stream().map(WireModel::normalize).toList());
            }
            case DataType.INFO -> normalize((Info) data);
            case DataType.KVAL -> new KeyValue(((KeyValue) data).key(), normalize(((KeyValue) data).value()));
            case DataType.PDATA -> {
                PData d = (PData) data;
                yield new PData(d.proc(), d.key(), normalize(d.value()));
            }
            case DataType.APP -> {
                App a = (App) data;
                yield new App(a.cmd(), a.argv(), a.env(), a.cwd(), a.maxProcs(), a.info().stream().map(WireModel::normalize)
                        .toList());
            }
            case DataType.QUERY -> {
                Query q = (Query) data;
                yield new Query(q.keys(), q.qualifiers().stream().map(WireModel::normalize).toList());
            }
            case DataType.PROC_INFO -> {
                ProcInfo p = (ProcInfo) data;
                yield new ProcInfo(p.proc(), p.hostname(), p.executable(), p.pid(), 0, p.state());
            }
            case DataType.PROC_CPUSET -> new CpuSet("hwloc", ((CpuSet) data).bitmap());
            case DataType.PROC_STATS -> {
                ProcStats s = (ProcStats) data;
                yield new ProcStats(s.node(), s.proc(), s.pid(), s.cmd(), s.state(), s.time(), 0f, s.priority(),
                        s.numThreads(), f(s.pss()), f(s.vsize()), f(s.rss()), 0f, s.processor(), s.sampleTime());
            }
            case DataType.NODE_STATS -> {
                NodeStats s = (NodeStats) data;
                yield new NodeStats(s.node(), f(s.la()), f(s.la5()), f(s.la15()), f(s.totalMem()), f(s.freeMem()),
                        f(s.buffers()), f(s.cached()), f(s.swapCached()), f(s.swapTotal()), f(s.swapFree()), f(s.mapped()),
                        s.sampleTime(), s.diskStats(), s.netStats());
            }
            default -> data;
        };
    }

    private static Info normalize(Info i) {
        return new Info(i.key(), normalize(i.value()), i.directives());
    }

    private static float f(float v) {
        return FloatText.parseFloat(FloatText.format(v));
    }

    /** A regex's bytes as text, for messages. */
    static String text(byte[] b) {
        return new String(b, StandardCharsets.ISO_8859_1);
    }

    /** Elements normalized one by one. */
    static List<Object> normalize(int type, List<?> elements) {
        return elements.stream().map(e -> normalize(type, e)).toList();
    }
}
