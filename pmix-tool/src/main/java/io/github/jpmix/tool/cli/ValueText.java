package io.github.jpmix.tool.cli;

import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Key;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Rank;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.SupportedAttributes;
import java.util.Locale;

/**
 * Values typed on a command line ({@code --qualifier KEY=VALUE}): the text read as the key's
 * declared PMIx type ({@link Keys}); a key JPMIx does not know is a string. Numbers are decimal
 * (or 0x hex), booleans {@code true/false/yes/no/1/0}, ranks a number or {@code WILDCARD}/{@code *}
 * and the other special names {@link Rank#parse} reads, procs {@code NSPACE:RANK}.
 */
final class ValueText {
    private ValueText() {
    }

    /** A key by its string ({@code pmix.nspace}) or its C name ({@code PMIX_NSPACE}); else a string-typed key of that name. */
    static Key<?> key(String name) {
        if (name.startsWith("PMIX_")) {
            return SupportedAttributes.byCName(name).orElseThrow(() -> new PmixException(Status.ERR_BAD_PARAM,
                    "unknown attribute " + name + " (give a PMIx attribute's C name or its key string, e.g. "
                            + "PMIX_NSPACE or pmix.nspace)"));
        }
        return Keys.byName(name).orElseGet(() -> Key.of(name, DataType.STRING));
    }

    /** A comma-delimited list (PMIx's string form of namespaces, nodes, keys), without empty items. */
    static java.util.List<String> list(String csv) {
        return java.util.Arrays.stream(csv.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    /** {@code KEY=VALUE} as the key and its typed value. */
    static io.github.jpmix.common.Info info(String assignment) {
        int eq = assignment.indexOf('=');
        if (eq < 1) {
            throw new PmixException(Status.ERR_BAD_PARAM, "'" + assignment + "' is not KEY=VALUE");
        }
        Key<?> key = key(assignment.substring(0, eq));
        return io.github.jpmix.common.Info.of(key.name(), parse(key.type(), assignment.substring(eq + 1), key.name()));
    }

    static Value parse(int type, String text, String what) {
        try {
            switch (type) {
                case DataType.STRING:
                    return Value.ofString(text);
                case DataType.PROC_NSPACE:
                    return Value.ofNamespace(text);
                case DataType.BOOL:
                    return Value.ofBool(bool(text));
                case DataType.PROC_RANK:
                    return Value.ofRank(Rank.parse(text));
                case DataType.PROC:
                    int colon = text.lastIndexOf(':');
                    if (colon < 1) {
                        throw new NumberFormatException("not NSPACE:RANK");
                    }
                    return Value.ofProc(new Proc(text.substring(0, colon), Rank.parse(text.substring(colon + 1))));
                case DataType.STATUS:
                    return Value.ofStatus(status(text));
                case DataType.FLOAT:
                    return Value.ofFloat(Float.parseFloat(text));
                case DataType.DOUBLE:
                    return Value.ofDouble(Double.parseDouble(text));
                default:
                    return integer(type, text);
            }
        } catch (NumberFormatException e) {
            throw new PmixException(Status.ERR_BAD_PARAM, what + ": '" + text + "' is not a "
                    + DataType.name(type) + " (" + e.getMessage() + ")");
        }
    }

    private static Value integer(int type, String text) {
        Class<?> cls = Value.javaType(type);
        boolean unsigned = Value.isUnsignedType(type);
        long v = unsigned ? Long.parseUnsignedLong(strip(text), radix(text)) : Long.parseLong(strip(text), radix(text));
        if (cls == Integer.class) {
            int bits = Value.unsignedBits(type);
            if (unsigned ? (bits != 0 ? v >>> bits != 0 : v >>> 32 != 0) : v != (int) v) {
                throw new NumberFormatException("out of range");
            }
            return Value.of(type, (int) v);
        }
        if (cls == Long.class) {
            return Value.of(type, v);
        }
        if (cls == Short.class && v == (short) v) {
            return Value.of(type, (short) v);
        }
        if (cls == Byte.class && (unsigned ? v >>> 8 == 0 : v == (byte) v)) {
            return Value.of(type, (byte) v);
        }
        throw new NumberFormatException(cls == Short.class || cls == Byte.class ? "out of range"
                : "values of this type cannot be typed on a command line");
    }

    private static String strip(String t) {
        return t.startsWith("0x") || t.startsWith("0X") ? t.substring(2) : t;
    }

    private static int radix(String t) {
        return t.startsWith("0x") || t.startsWith("0X") ? 16 : 10;
    }

    private static boolean bool(String t) {
        switch (t.toLowerCase(Locale.ROOT)) {
            case "true", "yes", "1" -> {
                return true;
            }
            case "false", "no", "0" -> {
                return false;
            }
            default -> throw new NumberFormatException("not true/false");
        }
    }

    private static int status(String t) {
        try {
            return Integer.parseInt(t);
        } catch (NumberFormatException e) {
            return Status.valueOf(t.toUpperCase(Locale.ROOT));
        }
    }
}
