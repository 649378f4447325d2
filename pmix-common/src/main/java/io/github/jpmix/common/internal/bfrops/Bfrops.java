package io.github.jpmix.common.internal.bfrops;

import io.github.jpmix.common.DataType;

/**
 * Not API. The constants of OpenPMIx 4.2.2's bfrops v41 wire format and the one table that says
 * how each {@link DataType} travels in it ({@link #form(int)}); {@link BfropsWriter} and
 * {@link BfropsReader} both switch on it, so a type's layout is decided in one place.
 */
public final class Bfrops {
    /** The bfrops module a 4.2.2 client names in its connect message ({@code "v41"}). */
    public static final String MODULE = "v41";
    /** {@code PMIX_BFROP_BUFFER_NON_DESC} ({@code mca/bfrops/bfrops_types.h:58-60}): no type tags. */
    public static final int BUFFER_NON_DESC = 1;
    /** {@code PMIX_BFROP_BUFFER_FULLY_DESC}: every packed item tagged with its type; not spoken here. */
    public static final int BUFFER_FULLY_DESC = 2;

    private Bfrops() {
    }

    /** How one element of a type is written; see the table in the package comment. */
    enum Form {
        /** {@code PMIX_UNDEF}: nothing. */
        NONE,
        /** One byte, 0 or 1. */
        BOOL,
        /** One byte held in a Byte ({@code BYTE}, {@code INT8}). */
        BYTE,
        /** One byte held in an Integer 0..255 ({@code UINT8} and the 8-bit enums). */
        UINT8,
        /** Flex128 of a uint16 held in an Integer 0..65535. */
        U16,
        /** Flex128 of a uint32 held in an Integer's bits. */
        U32,
        /** Flex128 of a uint64 held in a Long's bits. */
        U64,
        /** Zig-zag flex128 of an int16 held in a Short. */
        S16,
        /** Zig-zag flex128 of an int32 held in an Integer ({@code PMIX_UINT} too, as v41 packs it). */
        S32,
        /** Zig-zag flex128 of an int64 held in a Long. */
        S64,
        /** {@code INT32} length counting the NUL, the bytes, the NUL; a null string is length 0. */
        STRING,
        /** The type of {@code pid_t} as a uint16 ({@code UINT32}), then the pid as that type. */
        PID,
        /** The {@code "%f"} text as a string. */
        FLOAT,
        /** The {@code "%f"} text as a string. */
        DOUBLE,
        /** Seconds and microseconds, each a zig-zag int64. */
        TIMEVAL,
        /** A {@code SIZE} count, then the bytes. */
        BYTES,
        /** A preg-packed regular expression. */
        REGEX,
        /** A struct with its own layout. */
        STRUCT,
        /** {@code PMIX_BUFFER}: buffer-type byte, {@code SIZE} count, the bytes. */
        BUFFER,
        /** A defined type this codec does not carry ({@code POINTER}, {@code TOPO}). */
        UNSUPPORTED,
        /** A code PMIx does not define. */
        UNKNOWN
    }

    static Form form(int type) {
        return switch (type) {
            case DataType.UNDEF -> Form.NONE;
            case DataType.BOOL -> Form.BOOL;
            case DataType.BYTE, DataType.INT8 -> Form.BYTE;
            case DataType.UINT8, DataType.PERSIST, DataType.SCOPE, DataType.DATA_RANGE, DataType.COMMAND,
                    DataType.PROC_STATE, DataType.ALLOC_DIRECTIVE, DataType.JOB_STATE, DataType.LINK_STATE -> Form.UINT8;
            case DataType.UINT16, DataType.DATA_TYPE, DataType.IOF_CHANNEL, DataType.LOCTYPE,
                    DataType.STOR_ACCESS_TYPE -> Form.U16;
            case DataType.UINT32, DataType.PROC_RANK, DataType.INFO_DIRECTIVES -> Form.U32;
            case DataType.SIZE, DataType.UINT64, DataType.TIME, DataType.DEVTYPE, DataType.STOR_MEDIUM,
                    DataType.STOR_ACCESS, DataType.STOR_PERSIST -> Form.U64;
            case DataType.INT16 -> Form.S16;
            case DataType.INT, DataType.INT32, DataType.STATUS, DataType.UINT -> Form.S32;
            case DataType.INT64 -> Form.S64;
            case DataType.STRING, DataType.PROC_NSPACE -> Form.STRING;
            case DataType.PID -> Form.PID;
            case DataType.FLOAT -> Form.FLOAT;
            case DataType.DOUBLE -> Form.DOUBLE;
            case DataType.TIMEVAL -> Form.TIMEVAL;
            case DataType.BYTE_OBJECT, DataType.COMPRESSED_STRING, DataType.COMPRESSED_BYTE_OBJECT,
                    DataType.DATA_BUFFER -> Form.BYTES;
            case DataType.REGEX -> Form.REGEX;
            case DataType.VALUE, DataType.PROC, DataType.APP, DataType.INFO, DataType.PDATA, DataType.KVAL,
                    DataType.PROC_INFO, DataType.DATA_ARRAY, DataType.QUERY, DataType.ENVAR, DataType.COORD,
                    DataType.REGATTR, DataType.PROC_CPUSET, DataType.GEOMETRY, DataType.DEVICE_DIST,
                    DataType.ENDPOINT, DataType.PROC_STATS, DataType.DISK_STATS, DataType.NET_STATS,
                    DataType.NODE_STATS -> Form.STRUCT;
            case DataType.BUFFER -> Form.BUFFER;
            case DataType.POINTER, DataType.TOPO -> Form.UNSUPPORTED;
            default -> Form.UNKNOWN;
        };
    }

    /**
     * Whether a {@code pmix_value_t} can hold the type, so that a value of it may be packed with its
     * type tag (as a {@code PMIX_VALUE}, an info's or a kval's value). OpenPMIx's value packer
     * passes the union itself to the type's packer for every type but the pointer ones
     * ({@code bfrop_base_pack.c:963-1005}); the union has no member for an app, info, pdata, kval,
     * query or nested value, so packing one packs whatever bytes the union holds, and unpacking
     * one writes the struct over the union ({@code bfrop_base_unpack.c:565-696}). Those travel
     * only as packed items of their own type or as data array elements.
     */
    static boolean valueCanHold(int type) {
        return switch (type) {
            case DataType.APP, DataType.INFO, DataType.PDATA, DataType.KVAL, DataType.QUERY, DataType.VALUE -> false;
            default -> {
                Form f = form(type);
                yield f != Form.UNKNOWN && f != Form.UNSUPPORTED && f != Form.BUFFER;
            }
        };
    }

    /** Why the codec does not carry a type of {@link Form#UNSUPPORTED}. */
    static String unsupportedReason(int type) {
        if (type == DataType.TOPO) {
            return "PMIX_TOPO travels as hwloc's XML followed by hwloc's support structs, whose sizes depend on the"
                    + " peer's hwloc version (src/hwloc/pmix_hwloc_datatype.c:163-225); JPMIx's Topology holds the"
                    + " XML only";
        }
        if (type == DataType.POINTER) {
            return "PMIX_POINTER is an address in one process (bfrop_base_pack.c:767-779 packs a sentinel byte)";
        }
        return DataType.name(type) + " is not carried by this codec";
    }
}
