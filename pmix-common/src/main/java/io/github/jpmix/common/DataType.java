package io.github.jpmix.common;

/**
 * PMIx data types ({@code pmix_data_type_t}, a {@code uint16_t}): ints whose values equal
 * OpenPMIx 4.2.2's {@code pmix_common.h} ("PMIX DATA TYPES"; {@link #BUFFER} from
 * {@code pmix_deprecated.h}). Extensible as RFC0010 asks: implementers add types above
 * {@link #DATA_TYPE_MAX} and name them with {@link #define(int, String)}.
 *
 * <p>The holes at 29 and 44 are PMIx v1-v3's {@code PMIX_MODEX} and {@code PMIX_INFO_ARRAY}, removed
 * from the headers; JPMIx does not speak those wire versions and leaves them undefined.
 *
 * <p>Thread-safe.
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

    /** The name table; the printer texts are PMIx_Data_type_string's in OpenPMIx 4.2.2. */
    private static final ConstantNames NAMES = new ConstantNames("data type", false);

    static {
        // no case in 4.2.2's printer: it says "UNKNOWN", JPMIx says PMIX_UNDEF
        NAMES.constant(UNDEF, "PMIX_UNDEF", null);
        type(BOOL, "PMIX_BOOL");
        type(BYTE, "PMIX_BYTE");
        type(STRING, "PMIX_STRING");
        type(SIZE, "PMIX_SIZE");
        type(PID, "PMIX_PID");
        type(INT, "PMIX_INT");
        type(INT8, "PMIX_INT8");
        type(INT16, "PMIX_INT16");
        type(INT32, "PMIX_INT32");
        type(INT64, "PMIX_INT64");
        type(UINT, "PMIX_UINT");
        type(UINT8, "PMIX_UINT8");
        type(UINT16, "PMIX_UINT16");
        type(UINT32, "PMIX_UINT32");
        type(UINT64, "PMIX_UINT64");
        type(FLOAT, "PMIX_FLOAT");
        type(DOUBLE, "PMIX_DOUBLE");
        type(TIMEVAL, "PMIX_TIMEVAL");
        type(TIME, "PMIX_TIME");
        type(STATUS, "PMIX_STATUS");
        type(VALUE, "PMIX_VALUE");
        type(PROC, "PMIX_PROC");
        type(APP, "PMIX_APP");
        type(INFO, "PMIX_INFO");
        type(PDATA, "PMIX_PDATA");
        type(BUFFER, "PMIX_BUFFER");
        type(BYTE_OBJECT, "PMIX_BYTE_OBJECT");
        type(KVAL, "PMIX_KVAL");
        type(PERSIST, "PMIX_PERSIST");
        type(POINTER, "PMIX_POINTER");
        type(SCOPE, "PMIX_SCOPE");
        type(DATA_RANGE, "PMIX_DATA_RANGE");
        type(COMMAND, "PMIX_COMMAND");
        type(INFO_DIRECTIVES, "PMIX_INFO_DIRECTIVES");
        type(DATA_TYPE, "PMIX_DATA_TYPE");
        type(PROC_STATE, "PMIX_PROC_STATE");
        type(PROC_INFO, "PMIX_PROC_INFO");
        type(DATA_ARRAY, "PMIX_DATA_ARRAY");
        type(PROC_RANK, "PMIX_PROC_RANK");
        type(QUERY, "PMIX_QUERY");
        type(COMPRESSED_STRING, "PMIX_COMPRESSED_STRING");
        type(ALLOC_DIRECTIVE, "PMIX_ALLOC_DIRECTIVE");
        type(IOF_CHANNEL, "PMIX_IOF_CHANNEL");
        type(ENVAR, "PMIX_ENVAR");
        type(COORD, "PMIX_COORD");
        type(REGATTR, "PMIX_REGATTR");
        type(REGEX, "PMIX_REGEX");
        type(JOB_STATE, "PMIX_JOB_STATE");
        type(LINK_STATE, "PMIX_LINK_STATE");
        type(PROC_CPUSET, "PMIX_PROC_CPUSET");
        type(GEOMETRY, "PMIX_GEOMETRY");
        type(DEVICE_DIST, "PMIX_DEVICE_DIST");
        type(ENDPOINT, "PMIX_ENDPOINT");
        type(TOPO, "PMIX_TOPO");
        type(DEVTYPE, "PMIX_DEVTYPE");
        type(LOCTYPE, "PMIX_LOCTYPE");
        type(COMPRESSED_BYTE_OBJECT, "PMIX_COMPRESSED_BYTE_OBJECT");
        type(PROC_NSPACE, "PMIX_PROC_NSPACE");
        type(PROC_STATS, "PMIX_PROC_STATS");
        type(DISK_STATS, "PMIX_DISK_STATS");
        type(NET_STATS, "PMIX_NET_STATS");
        type(NODE_STATS, "PMIX_NODE_STATS");
        type(DATA_BUFFER, "PMIX_DATA_BUFFER");
        type(STOR_MEDIUM, "PMIX_STOR_MEDIUM");
        type(STOR_ACCESS, "PMIX_STOR_ACCESS");
        type(STOR_PERSIST, "PMIX_STOR_PERSIST");
        type(STOR_ACCESS_TYPE, "PMIX_STOR_ACCESS_TYPE");
        NAMES.constant(DATA_TYPE_MAX, "PMIX_DATA_TYPE_MAX", null);
    }

    private DataType() {
    }

    /** A type whose PMIx_Data_type_string text is its own symbol, as it is for every 4.2.2 type. */
    private static void type(int type, String symbol) {
        NAMES.constant(type, symbol, symbol);
    }

    /** The constant's name ({@code "PMIX_STRING"}), or the decimal number of an unnamed type. Never throws. */
    public static String name(int type) {
        return NAMES.name(type);
    }

    /**
     * {@code PMIx_Data_type_string} as an initialised OpenPMIx 4.2.2 process prints it: the
     * symbol, {@code "PMIX_STRING"}. Deviation, on purpose: where OpenPMIx prints
     * {@code "UNKNOWN"} (for {@link #UNDEF}, {@link #DATA_TYPE_MAX}, and any type it does not
     * know) this prints the name if the type has one, else the decimal number. Never throws.
     */
    public static String toString(int type) {
        return NAMES.print(type);
    }

    /** Whether the type has a name (a PMIx one, or one given with {@link #define(int, String)}). */
    public static boolean isKnown(int type) {
        return NAMES.isKnown(type);
    }

    /**
     * Looks a type up by its symbol, with or without the {@code PMIX_} prefix ({@code "STRING"}).
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} if no type has that name
     */
    public static int valueOf(String name) {
        return NAMES.valueOf(name);
    }

    /**
     * Names an implementer-defined type (RFC0010). A type that has a name keeps it (the new name
     * becomes an alias); returns the name it prints as.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} if the name is blank or already names another type
     */
    public static String define(int type, String name) {
        return NAMES.define(type, name);
    }

    /** The name table, for this package's tests. */
    static ConstantNames names() {
        return NAMES;
    }
}
