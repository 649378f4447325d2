package io.github.jpmix.common;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * PMIx data types ({@code pmix_data_type_t}, a {@code uint16_t}): ints whose values equal
 * OpenPMIx 4.2.2's {@code pmix_common.h} ("PMIX DATA TYPES"). Extensible as RFC0010 asks:
 * implementers add types above {@link #DATA_TYPE_MAX}.
 */
public final class DataType {
    /** {@code PMIX_UNDEF} */
    public static final int UNDEF = 0;
    /** {@code PMIX_BOOL}: converted to/from native true/false to uint8 for pack/unpack */
    public static final int BOOL = 1;
    /** {@code PMIX_BYTE}: a byte of data */
    public static final int BYTE = 2;
    /** {@code PMIX_STRING}: NULL-terminated string */
    public static final int STRING = 3;
    /** {@code PMIX_SIZE}: size_t */
    public static final int SIZE = 4;
    /** {@code PMIX_PID}: OS-pid */
    public static final int PID = 5;
    /** {@code PMIX_INT} */
    public static final int INT = 6;
    /** {@code PMIX_INT8} */
    public static final int INT8 = 7;
    /** {@code PMIX_INT16} */
    public static final int INT16 = 8;
    /** {@code PMIX_INT32} */
    public static final int INT32 = 9;
    /** {@code PMIX_INT64} */
    public static final int INT64 = 10;
    /** {@code PMIX_UINT} */
    public static final int UINT = 11;
    /** {@code PMIX_UINT8} */
    public static final int UINT8 = 12;
    /** {@code PMIX_UINT16} */
    public static final int UINT16 = 13;
    /** {@code PMIX_UINT32} */
    public static final int UINT32 = 14;
    /** {@code PMIX_UINT64} */
    public static final int UINT64 = 15;
    /** {@code PMIX_FLOAT} */
    public static final int FLOAT = 16;
    /** {@code PMIX_DOUBLE} */
    public static final int DOUBLE = 17;
    /** {@code PMIX_TIMEVAL} */
    public static final int TIMEVAL = 18;
    /** {@code PMIX_TIME} */
    public static final int TIME = 19;
    /** {@code PMIX_STATUS}: needs to be tracked separately from integer for those times */
    public static final int STATUS = 20;
    /** {@code PMIX_VALUE} */
    public static final int VALUE = 21;
    /** {@code PMIX_PROC} */
    public static final int PROC = 22;
    /** {@code PMIX_APP} */
    public static final int APP = 23;
    /** {@code PMIX_INFO} */
    public static final int INFO = 24;
    /** {@code PMIX_PDATA} */
    public static final int PDATA = 25;
    /** {@code PMIX_BUFFER}: deprecated, removed in v4 (pmix_deprecated.h); kept so old peers print */
    public static final int BUFFER = 26;
    /** {@code PMIX_BYTE_OBJECT} */
    public static final int BYTE_OBJECT = 27;
    /** {@code PMIX_KVAL} */
    public static final int KVAL = 28;
    /** {@code PMIX_PERSIST} */
    public static final int PERSIST = 30;
    /** {@code PMIX_POINTER} */
    public static final int POINTER = 31;
    /** {@code PMIX_SCOPE} */
    public static final int SCOPE = 32;
    /** {@code PMIX_DATA_RANGE} */
    public static final int DATA_RANGE = 33;
    /** {@code PMIX_COMMAND} */
    public static final int COMMAND = 34;
    /** {@code PMIX_INFO_DIRECTIVES} */
    public static final int INFO_DIRECTIVES = 35;
    /** {@code PMIX_DATA_TYPE} */
    public static final int DATA_TYPE = 36;
    /** {@code PMIX_PROC_STATE} */
    public static final int PROC_STATE = 37;
    /** {@code PMIX_PROC_INFO} */
    public static final int PROC_INFO = 38;
    /** {@code PMIX_DATA_ARRAY} */
    public static final int DATA_ARRAY = 39;
    /** {@code PMIX_PROC_RANK} */
    public static final int PROC_RANK = 40;
    /** {@code PMIX_QUERY} */
    public static final int QUERY = 41;
    /** {@code PMIX_COMPRESSED_STRING}: string compressed with zlib */
    public static final int COMPRESSED_STRING = 42;
    /** {@code PMIX_ALLOC_DIRECTIVE} */
    public static final int ALLOC_DIRECTIVE = 43;
    /** {@code PMIX_IOF_CHANNEL} */
    public static final int IOF_CHANNEL = 45;
    /** {@code PMIX_ENVAR} */
    public static final int ENVAR = 46;
    /** {@code PMIX_COORD} */
    public static final int COORD = 47;
    /** {@code PMIX_REGATTR} */
    public static final int REGATTR = 48;
    /** {@code PMIX_REGEX} */
    public static final int REGEX = 49;
    /** {@code PMIX_JOB_STATE} */
    public static final int JOB_STATE = 50;
    /** {@code PMIX_LINK_STATE} */
    public static final int LINK_STATE = 51;
    /** {@code PMIX_PROC_CPUSET} */
    public static final int PROC_CPUSET = 52;
    /** {@code PMIX_GEOMETRY} */
    public static final int GEOMETRY = 53;
    /** {@code PMIX_DEVICE_DIST} */
    public static final int DEVICE_DIST = 54;
    /** {@code PMIX_ENDPOINT} */
    public static final int ENDPOINT = 55;
    /** {@code PMIX_TOPO} */
    public static final int TOPO = 56;
    /** {@code PMIX_DEVTYPE} */
    public static final int DEVTYPE = 57;
    /** {@code PMIX_LOCTYPE} */
    public static final int LOCTYPE = 58;
    /** {@code PMIX_COMPRESSED_BYTE_OBJECT} */
    public static final int COMPRESSED_BYTE_OBJECT = 59;
    /** {@code PMIX_PROC_NSPACE} */
    public static final int PROC_NSPACE = 60;
    /** {@code PMIX_PROC_STATS} */
    public static final int PROC_STATS = 61;
    /** {@code PMIX_DISK_STATS} */
    public static final int DISK_STATS = 62;
    /** {@code PMIX_NET_STATS} */
    public static final int NET_STATS = 63;
    /** {@code PMIX_NODE_STATS} */
    public static final int NODE_STATS = 64;
    /** {@code PMIX_DATA_BUFFER} */
    public static final int DATA_BUFFER = 65;
    /** {@code PMIX_STOR_MEDIUM} */
    public static final int STOR_MEDIUM = 66;
    /** {@code PMIX_STOR_ACCESS} */
    public static final int STOR_ACCESS = 67;
    /** {@code PMIX_STOR_PERSIST} */
    public static final int STOR_PERSIST = 68;
    /** {@code PMIX_STOR_ACCESS_TYPE} */
    public static final int STOR_ACCESS_TYPE = 69;
    /** {@code PMIX_DATA_TYPE_MAX}: implementers define their own types above this boundary. */
    public static final int DATA_TYPE_MAX = 500;

    private static final Map<Integer, String> NAMES = new ConcurrentHashMap<>();

    static {
        define(UNDEF, "PMIX_UNDEF");
        define(BOOL, "PMIX_BOOL");
        define(BYTE, "PMIX_BYTE");
        define(STRING, "PMIX_STRING");
        define(SIZE, "PMIX_SIZE");
        define(PID, "PMIX_PID");
        define(INT, "PMIX_INT");
        define(INT8, "PMIX_INT8");
        define(INT16, "PMIX_INT16");
        define(INT32, "PMIX_INT32");
        define(INT64, "PMIX_INT64");
        define(UINT, "PMIX_UINT");
        define(UINT8, "PMIX_UINT8");
        define(UINT16, "PMIX_UINT16");
        define(UINT32, "PMIX_UINT32");
        define(UINT64, "PMIX_UINT64");
        define(FLOAT, "PMIX_FLOAT");
        define(DOUBLE, "PMIX_DOUBLE");
        define(TIMEVAL, "PMIX_TIMEVAL");
        define(TIME, "PMIX_TIME");
        define(STATUS, "PMIX_STATUS");
        define(VALUE, "PMIX_VALUE");
        define(PROC, "PMIX_PROC");
        define(APP, "PMIX_APP");
        define(INFO, "PMIX_INFO");
        define(PDATA, "PMIX_PDATA");
        define(BUFFER, "PMIX_BUFFER");
        define(BYTE_OBJECT, "PMIX_BYTE_OBJECT");
        define(KVAL, "PMIX_KVAL");
        define(PERSIST, "PMIX_PERSIST");
        define(POINTER, "PMIX_POINTER");
        define(SCOPE, "PMIX_SCOPE");
        define(DATA_RANGE, "PMIX_DATA_RANGE");
        define(COMMAND, "PMIX_COMMAND");
        define(INFO_DIRECTIVES, "PMIX_INFO_DIRECTIVES");
        define(DATA_TYPE, "PMIX_DATA_TYPE");
        define(PROC_STATE, "PMIX_PROC_STATE");
        define(PROC_INFO, "PMIX_PROC_INFO");
        define(DATA_ARRAY, "PMIX_DATA_ARRAY");
        define(PROC_RANK, "PMIX_PROC_RANK");
        define(QUERY, "PMIX_QUERY");
        define(COMPRESSED_STRING, "PMIX_COMPRESSED_STRING");
        define(ALLOC_DIRECTIVE, "PMIX_ALLOC_DIRECTIVE");
        define(IOF_CHANNEL, "PMIX_IOF_CHANNEL");
        define(ENVAR, "PMIX_ENVAR");
        define(COORD, "PMIX_COORD");
        define(REGATTR, "PMIX_REGATTR");
        define(REGEX, "PMIX_REGEX");
        define(JOB_STATE, "PMIX_JOB_STATE");
        define(LINK_STATE, "PMIX_LINK_STATE");
        define(PROC_CPUSET, "PMIX_PROC_CPUSET");
        define(GEOMETRY, "PMIX_GEOMETRY");
        define(DEVICE_DIST, "PMIX_DEVICE_DIST");
        define(ENDPOINT, "PMIX_ENDPOINT");
        define(TOPO, "PMIX_TOPO");
        define(DEVTYPE, "PMIX_DEVTYPE");
        define(LOCTYPE, "PMIX_LOCTYPE");
        define(COMPRESSED_BYTE_OBJECT, "PMIX_COMPRESSED_BYTE_OBJECT");
        define(PROC_NSPACE, "PMIX_PROC_NSPACE");
        define(PROC_STATS, "PMIX_PROC_STATS");
        define(DISK_STATS, "PMIX_DISK_STATS");
        define(NET_STATS, "PMIX_NET_STATS");
        define(NODE_STATS, "PMIX_NODE_STATS");
        define(DATA_BUFFER, "PMIX_DATA_BUFFER");
        define(STOR_MEDIUM, "PMIX_STOR_MEDIUM");
        define(STOR_ACCESS, "PMIX_STOR_ACCESS");
        define(STOR_PERSIST, "PMIX_STOR_PERSIST");
        define(STOR_ACCESS_TYPE, "PMIX_STOR_ACCESS_TYPE");
    }

    private DataType() {
    }

    /** The constant's name ({@code "PMIX_STRING"}), or the decimal number of an unnamed type. Never throws. */
    public static String name(int type) {
        String name = NAMES.get(type);
        return name != null ? name : Integer.toString(type);
    }

    /** Whether the type has a name (a PMIx one, or one given with {@link #define(int, String)}). */
    public static boolean isKnown(int type) {
        return NAMES.containsKey(type);
    }

    /** Names an implementer-defined type (RFC0010). A type that has a name keeps it; returns the name it prints as. */
    public static String define(int type, String name) {
        Objects.requireNonNull(name, "name");
        String prior = NAMES.putIfAbsent(type, name);
        return prior != null ? prior : name;
    }
}
