package io.github.jpmix.tool.cli;

import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.ProcInfo;
import io.github.jpmix.common.ProcState;
import io.github.jpmix.common.Rank;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one JSON writer of the command line ({@code --json}): maps, lists, strings, numbers, booleans
 * and null, and PMIx values as plain JSON where JSON has a type for them (numbers unsigned where the
 * PMIx type is, procs as {@code {"nspace", "rank"}}, proc infos as objects, byte objects as Base64).
 * Output is one document, compact, so a script can pipe it to {@code jq}.
 */
final class Json {
    private Json() {
    }

    static String write(Object o) {
        StringBuilder sb = new StringBuilder();
        write(sb, o);
        return sb.toString();
    }

    /** A map that keeps insertion order, for objects whose field order a reader expects. */
    static Map<String, Object> object() {
        return new LinkedHashMap<>();
    }

    private static void write(StringBuilder sb, Object o) {
        if (o == null) {
            sb.append("null");
        } else if (o instanceof String s) {
            string(sb, s);
        } else if (o instanceof Boolean || o instanceof Integer || o instanceof Long) {
            sb.append(o);
        } else if (o instanceof Number n) {
            double d = n.doubleValue();
            sb.append(Double.isFinite(d) ? n.toString() : "null");
        } else if (o instanceof Map<?, ?> m) {
            sb.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (!first) {
                    sb.append(',');
                }
                first = false;
                string(sb, String.valueOf(e.getKey()));
                sb.append(':');
                write(sb, e.getValue());
            }
            sb.append('}');
        } else if (o instanceof List<?> l) {
            sb.append('[');
            for (int i = 0; i < l.size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                write(sb, l.get(i));
            }
            sb.append(']');
        } else if (o instanceof Value v) {
            write(sb, value(v));
        } else {
            string(sb, o.toString());
        }
    }

    /** A PMIx value as the plain Java object JSON writes best. */
    static Object value(Value v) {
        Object d = v.data();
        int t = v.type();
        if (d == null) {
            return null;
        }
        if (t == DataType.PROC_RANK) {
            return rank((Integer) d);
        }
        if (t == DataType.STATUS) {
            return Status.name((Integer) d);
        }
        if (t == DataType.PROC_STATE) {
            return ProcState.name(((Number) d).intValue());
        }
        if (v.isUnsigned() && d instanceof Integer i) {
            return Integer.toUnsignedLong(i);
        }
        if (v.isUnsigned() && d instanceof Long l) {
            return l >= 0 ? (Object) l : Long.toUnsignedString(l);
        }
        if (t == DataType.BYTE) {
            return ((Byte) d) & 0xFF;
        }
        if (d instanceof byte[] b) {
            return Base64.getEncoder().encodeToString(b);
        }
        if (d instanceof Proc p) {
            return proc(p);
        }
        if (d instanceof ProcInfo pi) {
            return procInfo(pi);
        }
        if (d instanceof DataArray a) {
            List<Object> l = new ArrayList<>(a.size());
            for (Value e : a.values()) {
                l.add(value(e));
            }
            return l;
        }
        if (d instanceof Info i) {
            return info(i);
        }
        if (d instanceof Boolean || d instanceof Number || d instanceof String) {
            return d;
        }
        return d.toString();
    }

    static Map<String, Object> info(Info i) {
        Map<String, Object> m = object();
        m.put("key", i.key());
        m.put("type", DataType.name(i.value().type()));
        m.put("value", value(i.value()));
        return m;
    }

    static Map<String, Object> proc(Proc p) {
        Map<String, Object> m = object();
        m.put("nspace", p.namespace());
        m.put("rank", rank(p.rank()));
        return m;
    }

    static Map<String, Object> procInfo(ProcInfo pi) {
        Map<String, Object> m = object();
        m.put("proc", proc(pi.proc()));
        m.put("hostname", pi.hostname());
        m.put("executable", pi.executable());
        m.put("pid", pi.pid());
        // pmix_proc_info_t's exit_code is only meaningful once the process has terminated (its 0 before
        // that is the struct's default, not an exit): a running process has no exit code, null here
        m.put("exitCode", ProcState.isTerminated(pi.state()) ? (Object) pi.exitCode() : null);
        m.put("state", ProcState.name(pi.state()));
        return m;
    }

    /** Valid ranks as numbers, the special ones by name. */
    private static Object rank(int r) {
        return Rank.isValid(r) ? (Object) Integer.toUnsignedLong(r) : Rank.toString(r);
    }

    private static void string(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }
}
