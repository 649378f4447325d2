package io.github.jpmix.common;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;

/**
 * A typed PMIx value ({@code pmix_value_t}): a {@link DataType} code and its payload.
 *
 * <p>Each PMIx data type has one Java representation, checked when a value is made
 * ({@link #javaType(int)} gives it):
 * <ul>
 *   <li>{@code BOOL} Boolean; {@code BYTE}, {@code INT8} Byte; {@code INT16} Short;
 *       {@code INT}, {@code INT32}, {@code PID}, {@code STATUS} Integer; {@code INT64}, {@code TIME} Long;</li>
 *   <li>unsigned types keep C's bits: {@code UINT}, {@code UINT32}, {@code PROC_RANK},
 *       {@code INFO_DIRECTIVES} are Integers read unsigned, {@code UINT64}, {@code SIZE} and the
 *       64-bit enums ({@code DEVTYPE}, {@code STOR_*}) Longs read unsigned; the narrow unsigned ones
 *       ({@code UINT8}, {@code UINT16} and the 8/16-bit enums: proc/job state, scope, data range,
 *       persistence, data type, ...) are Integers checked to their range;</li>
 *   <li>{@code FLOAT} Float, {@code DOUBLE} Double; {@code STRING}, {@code PROC_NSPACE} String;</li>
 *   <li>{@code BYTE_OBJECT}, {@code COMPRESSED_STRING}, {@code COMPRESSED_BYTE_OBJECT},
 *       {@code REGEX}, {@code DATA_BUFFER} byte[] (copied in and out; {@link #asByteBuffer()}
 *       reads without a copy);</li>
 *   <li>the structs as their records: {@link Proc}, {@link ProcInfo}, {@link DataArray},
 *       {@link Info}, {@link Query}, {@link Envar}, {@link TimeVal}, {@link App}, {@link PData},
 *       {@link KeyValue}, {@link Coord}, {@link RegAttr}, {@link Geometry}, {@link DeviceDistance},
 *       {@link Endpoint}, {@link CpuSet}, {@link Topology}, {@link ProcStats}, {@link DiskStats},
 *       {@link NetStats}, {@link NodeStats}; {@code VALUE} a nested Value;</li>
 *   <li>{@code UNDEF} no payload ({@link #UNDEF}).</li>
 * </ul>
 * {@code POINTER} is an address in one process and cannot be a Value. Types above
 * {@link DataType#DATA_TYPE_MAX} (RFC0010's implementer-defined types) carry opaque bytes.
 *
 * <p>Immutable and thread-safe.
 */
public final class Value {
    /** The value of type {@code PMIX_UNDEF}. */
    public static final Value UNDEF = new Value(DataType.UNDEF, null);

    private static final Class<?>[] JAVA_TYPES = new Class<?>[DataType.STOR_ACCESS_TYPE + 1];
    /** Upper bound of the narrow unsigned types that are held in an Integer; 0 where none applies. */
    private static final int[] UNSIGNED_MAX = new int[JAVA_TYPES.length];

    static {
        javaType(Boolean.class, DataType.BOOL);
        javaType(Byte.class, DataType.BYTE, DataType.INT8);
        javaType(Short.class, DataType.INT16);
        javaType(Integer.class, DataType.INT, DataType.INT32, DataType.PID, DataType.STATUS,
                DataType.UINT, DataType.UINT32, DataType.PROC_RANK, DataType.INFO_DIRECTIVES);
        javaType(Long.class, DataType.INT64, DataType.TIME, DataType.SIZE, DataType.UINT64, DataType.DEVTYPE,
                DataType.STOR_MEDIUM, DataType.STOR_ACCESS, DataType.STOR_PERSIST);
        javaType(Float.class, DataType.FLOAT);
        javaType(Double.class, DataType.DOUBLE);
        javaType(String.class, DataType.STRING, DataType.PROC_NSPACE);
        javaType(byte[].class, DataType.BYTE_OBJECT, DataType.COMPRESSED_STRING, DataType.COMPRESSED_BYTE_OBJECT,
                DataType.REGEX, DataType.DATA_BUFFER);
        unsigned(0xFF, DataType.UINT8, DataType.PERSIST, DataType.SCOPE, DataType.DATA_RANGE, DataType.COMMAND,
                DataType.PROC_STATE, DataType.ALLOC_DIRECTIVE, DataType.JOB_STATE, DataType.LINK_STATE);
        unsigned(0xFFFF, DataType.UINT16, DataType.DATA_TYPE, DataType.IOF_CHANNEL, DataType.LOCTYPE,
                DataType.STOR_ACCESS_TYPE);
        javaType(TimeVal.class, DataType.TIMEVAL);
        javaType(Value.class, DataType.VALUE);
        javaType(Proc.class, DataType.PROC);
        javaType(App.class, DataType.APP);
        javaType(Info.class, DataType.INFO);
        javaType(PData.class, DataType.PDATA);
        javaType(KeyValue.class, DataType.KVAL);
        javaType(ProcInfo.class, DataType.PROC_INFO);
        javaType(DataArray.class, DataType.DATA_ARRAY);
        javaType(Query.class, DataType.QUERY);
        javaType(Envar.class, DataType.ENVAR);
        javaType(Coord.class, DataType.COORD);
        javaType(RegAttr.class, DataType.REGATTR);
        javaType(CpuSet.class, DataType.PROC_CPUSET);
        javaType(Geometry.class, DataType.GEOMETRY);
        javaType(DeviceDistance.class, DataType.DEVICE_DIST);
        javaType(Endpoint.class, DataType.ENDPOINT);
        javaType(Topology.class, DataType.TOPO);
        javaType(ProcStats.class, DataType.PROC_STATS);
        javaType(DiskStats.class, DataType.DISK_STATS);
        javaType(NetStats.class, DataType.NET_STATS);
        javaType(NodeStats.class, DataType.NODE_STATS);
    }

    private static void javaType(Class<?> cls, int... types) {
        for (int t : types) {
            JAVA_TYPES[t] = cls;
        }
    }

    private static void unsigned(int max, int... types) {
        javaType(Integer.class, types);
        for (int t : types) {
            UNSIGNED_MAX[t] = max;
        }
    }

    private final int type;
    private final Object data;

    private Value(int type, Object data) {
        this.type = type;
        this.data = data;
    }

    /**
     * The Java class that holds a value of the given PMIx type ({@code byte[].class} for types
     * above {@link DataType#DATA_TYPE_MAX}).
     *
     * @throws PmixException {@link Status#ERR_NOT_SUPPORTED} for {@code POINTER} and the removed
     *     types, {@link Status#ERR_UNKNOWN_DATA_TYPE} for a code PMIx does not define
     */
    public static Class<?> javaType(int type) {
        if (type > DataType.DATA_TYPE_MAX && type <= 0xFFFF) {
            // pmix_data_type_t is a uint16_t: implementer-defined types live in (DATA_TYPE_MAX, 65535]
            return byte[].class;
        }
        if (type == DataType.UNDEF) {
            return Void.class;
        }
        if (type == DataType.POINTER || type == DataType.BUFFER) {
            throw new PmixException(Status.ERR_NOT_SUPPORTED,
                    "value: type " + DataType.name(type) + " cannot cross a process boundary");
        }
        Class<?> cls = type > 0 && type < JAVA_TYPES.length ? JAVA_TYPES[type] : null;
        if (cls == null) {
            throw new PmixException(Status.ERR_UNKNOWN_DATA_TYPE, "value: unknown data type " + type);
        }
        return cls;
    }

    /**
     * A value of any type from its Java representation (see the class comment).
     *
     * @throws PmixException {@link Status#ERR_TYPE_MISMATCH} if the payload's class does not fit the
     *     type, {@link Status#ERR_BAD_PARAM} if a narrow unsigned value is out of range
     */
    public static Value of(int type, Object data) {
        if (type == DataType.UNDEF) {
            if (data != null) {
                throw new PmixException(Status.ERR_TYPE_MISMATCH, "value: PMIX_UNDEF carries no data, got " + data);
            }
            return UNDEF;
        }
        Class<?> cls = javaType(type);
        Objects.requireNonNull(data, "data");
        if (!cls.isInstance(data)) {
            throw new PmixException(Status.ERR_TYPE_MISMATCH, "value: " + DataType.name(type) + " is held as "
                    + cls.getSimpleName() + ", not " + data.getClass().getSimpleName());
        }
        if (type < UNSIGNED_MAX.length && UNSIGNED_MAX[type] != 0) {
            int v = (Integer) data;
            if (v < 0 || v > UNSIGNED_MAX[type]) {
                throw new PmixException(Status.ERR_BAD_PARAM,
                        "value: " + DataType.name(type) + " out of range 0.." + UNSIGNED_MAX[type] + ": " + v);
            }
        }
        if (type == DataType.PROC_NSPACE && ((String) data).length() > Proc.MAX_NSLEN) {
            throw new PmixException(Status.ERR_BAD_PARAM, "value: namespace longer than " + Proc.MAX_NSLEN);
        }
        return new Value(type, data instanceof byte[] ? ((byte[]) data).clone() : data);
    }

    // ---- factories for the common types, named after the PMIx type ----

    public static Value ofBool(boolean v) {
        return new Value(DataType.BOOL, v);
    }

    public static Value ofByte(byte v) {
        return new Value(DataType.BYTE, v);
    }

    public static Value ofString(String v) {
        return new Value(DataType.STRING, Objects.requireNonNull(v, "v"));
    }

    /** {@code PMIX_SIZE}: a {@code size_t}, read unsigned. */
    public static Value ofSize(long v) {
        return new Value(DataType.SIZE, v);
    }

    public static Value ofPid(int v) {
        return new Value(DataType.PID, v);
    }

    public static Value ofInt(int v) {
        return new Value(DataType.INT, v);
    }

    public static Value ofInt8(byte v) {
        return new Value(DataType.INT8, v);
    }

    public static Value ofInt16(short v) {
        return new Value(DataType.INT16, v);
    }

    public static Value ofInt32(int v) {
        return new Value(DataType.INT32, v);
    }

    public static Value ofInt64(long v) {
        return new Value(DataType.INT64, v);
    }

    /** {@code PMIX_UINT}: an {@code unsigned int}; the bits of {@code v}, read unsigned. */
    public static Value ofUint(int v) {
        return new Value(DataType.UINT, v);
    }

    /** {@code PMIX_UINT8}: 0..255. */
    public static Value ofUint8(int v) {
        return of(DataType.UINT8, v);
    }

    /** {@code PMIX_UINT16}: 0..65535. */
    public static Value ofUint16(int v) {
        return of(DataType.UINT16, v);
    }

    /** {@code PMIX_UINT32}: the bits of {@code v}, read unsigned. */
    public static Value ofUint32(int v) {
        return new Value(DataType.UINT32, v);
    }

    /** {@code PMIX_UINT64}: the bits of {@code v}, read unsigned. */
    public static Value ofUint64(long v) {
        return new Value(DataType.UINT64, v);
    }

    public static Value ofFloat(float v) {
        return new Value(DataType.FLOAT, v);
    }

    public static Value ofDouble(double v) {
        return new Value(DataType.DOUBLE, v);
    }

    public static Value ofTimeVal(TimeVal v) {
        return of(DataType.TIMEVAL, v);
    }

    /** {@code PMIX_TIME}: a {@code time_t}, seconds since the epoch. */
    public static Value ofTime(long v) {
        return new Value(DataType.TIME, v);
    }

    /** {@code PMIX_STATUS}: a {@link Status} code. */
    public static Value ofStatus(int v) {
        return new Value(DataType.STATUS, v);
    }

    public static Value ofProc(Proc v) {
        return of(DataType.PROC, v);
    }

    /** {@code PMIX_PROC_RANK}: a {@link Rank}. */
    public static Value ofRank(int v) {
        return new Value(DataType.PROC_RANK, v);
    }

    /** {@code PMIX_PROC_NSPACE}: a namespace. */
    public static Value ofNamespace(String v) {
        return of(DataType.PROC_NSPACE, v);
    }

    /** {@code PMIX_BYTE_OBJECT}: the bytes are copied. */
    public static Value ofByteObject(byte[] v) {
        return of(DataType.BYTE_OBJECT, v);
    }

    public static Value ofDataArray(DataArray v) {
        return of(DataType.DATA_ARRAY, v);
    }

    public static Value ofProcInfo(ProcInfo v) {
        return of(DataType.PROC_INFO, v);
    }

    /** {@code PMIX_PROC_STATE}: a {@link ProcState} code. */
    public static Value ofProcState(int v) {
        return of(DataType.PROC_STATE, v);
    }

    /** {@code PMIX_JOB_STATE}: a {@link JobState} code. */
    public static Value ofJobState(int v) {
        return of(DataType.JOB_STATE, v);
    }

    /** {@code PMIX_INFO_DIRECTIVES}: {@link InfoDirectives} bits. */
    public static Value ofInfoDirectives(int v) {
        return new Value(DataType.INFO_DIRECTIVES, v);
    }

    /** {@code PMIX_DATA_RANGE}: a {@link DataRange} code. */
    public static Value ofDataRange(int v) {
        return of(DataType.DATA_RANGE, v);
    }

    /** {@code PMIX_PERSIST}: a {@link Persistence} code. */
    public static Value ofPersistence(int v) {
        return of(DataType.PERSIST, v);
    }

    /** {@code PMIX_SCOPE}: a {@link Scope} code. */
    public static Value ofScope(int v) {
        return of(DataType.SCOPE, v);
    }

    /** {@code PMIX_DATA_TYPE}: a {@link DataType} code. */
    public static Value ofDataType(int v) {
        return of(DataType.DATA_TYPE, v);
    }

    public static Value ofQuery(Query v) {
        return of(DataType.QUERY, v);
    }

    public static Value ofEnvar(Envar v) {
        return of(DataType.ENVAR, v);
    }

    public static Value ofInfo(Info v) {
        return of(DataType.INFO, v);
    }

    // ---- reading ----

    /** The {@link DataType} code. */
    public int type() {
        return type;
    }

    /**
     * The payload as held (see the class comment); null for {@link #UNDEF}. A byte[] payload is
     * returned as a copy.
     */
    public Object data() {
        return data instanceof byte[] ? ((byte[]) data).clone() : data;
    }

    /**
     * The payload as the given Java type, converting between integer types when no information is
     * lost: narrower to wider (sign- or zero-extended as the value's type is signed or not),
     * same-width unsigned/signed as the same bits (a {@code UINT32} rank read as an Integer), and
     * wider to narrower only when the number fits. {@code FLOAT} reads as Double too.
     *
     * @throws PmixException {@link Status#ERR_TYPE_MISMATCH} when the value cannot be read as {@code cls}
     */
    public <T> T to(Class<T> cls) {
        Objects.requireNonNull(cls, "cls");
        if (cls.isInstance(data)) {
            return cls.cast(data instanceof byte[] ? ((byte[]) data).clone() : data);
        }
        Object converted = convert(cls);
        if (converted == null) {
            throw new PmixException(Status.ERR_TYPE_MISMATCH,
                    "value of type " + DataType.name(type) + " cannot be read as " + cls.getSimpleName() + ": " + this);
        }
        return cls.cast(converted);
    }

    private Object convert(Class<?> cls) {
        if (data instanceof Float && cls == Double.class) {
            return ((Float) data).doubleValue();
        }
        if (!(data instanceof Byte || data instanceof Short || data instanceof Integer || data instanceof Long)) {
            return null;
        }
        int width = data instanceof Byte ? 8 : data instanceof Short ? 16 : data instanceof Integer ? 32 : 64;
        long bits = ((Number) data).longValue();
        long number = isUnsigned() && width < 64 ? bits & (-1L >>> (64 - width)) : bits;
        // the value is unsigned and past Long.MAX_VALUE: only a 64-bit target keeps its bits
        boolean huge = isUnsigned() && width == 64 && bits < 0;
        if (cls == Long.class) {
            return number;
        }
        if (cls == Integer.class) {
            if (width == 32) {
                return (int) bits;
            }
            return !huge && number >= Integer.MIN_VALUE && number <= 0xFFFF_FFFFL ? (int) number : null;
        }
        if (cls == Short.class) {
            return !huge && number >= Short.MIN_VALUE && number <= Short.MAX_VALUE ? (short) number : null;
        }
        if (cls == Byte.class) {
            return !huge && number >= Byte.MIN_VALUE && number <= Byte.MAX_VALUE ? (byte) number : null;
        }
        return null;
    }

    /** Whether the type is one whose integer payload C reads unsigned ({@link #isUnsignedType(int)}). */
    public boolean isUnsigned() {
        return isUnsignedType(type);
    }

    /**
     * Whether C reads the integer payload of {@code type} unsigned: {@code BYTE}, the unsigned
     * ints of every width, {@code SIZE}, {@code PROC_RANK}, {@code INFO_DIRECTIVES}, the 64-bit
     * enums and the narrow enums ({@link #unsignedBits(int)}).
     */
    public static boolean isUnsignedType(int type) {
        switch (type) {
            case DataType.UINT:
            case DataType.UINT32:
            case DataType.UINT64:
            case DataType.SIZE:
            case DataType.PROC_RANK:
            case DataType.INFO_DIRECTIVES:
            case DataType.DEVTYPE:
            case DataType.STOR_MEDIUM:
            case DataType.STOR_ACCESS:
            case DataType.STOR_PERSIST:
            case DataType.BYTE:
                return true;
            default:
                return unsignedBits(type) != 0;
        }
    }

    /**
     * The width, 8 or 16, of a narrow unsigned type held in an Integer ({@code UINT8}, {@code UINT16}
     * and the 8/16-bit enums: proc/job state, scope, data range, persistence, data type, ...); 0 for
     * every other type.
     */
    public static int unsignedBits(int type) {
        if (type <= 0 || type >= UNSIGNED_MAX.length) {
            return 0;
        }
        return UNSIGNED_MAX[type] == 0xFF ? 8 : UNSIGNED_MAX[type] == 0xFFFF ? 16 : 0;
    }

    public String asString() {
        return to(String.class);
    }

    public boolean asBoolean() {
        return to(Boolean.class);
    }

    /** Any integer value that fits 32 bits; see {@link #to(Class)}. */
    public int asInt() {
        return to(Integer.class);
    }

    /** Any integer value, sign- or zero-extended; see {@link #to(Class)}. */
    public long asLong() {
        return to(Long.class);
    }

    public double asDouble() {
        return to(Double.class);
    }

    public Proc asProc() {
        return to(Proc.class);
    }

    /** A copy of a byte payload. */
    public byte[] asBytes() {
        return to(byte[].class);
    }

    /** A read-only view of a byte payload, without copying. */
    public ByteBuffer asByteBuffer() {
        if (!(data instanceof byte[])) {
            throw new PmixException(Status.ERR_TYPE_MISMATCH, "value of type " + DataType.name(type) + " holds no bytes");
        }
        return ByteBuffer.wrap((byte[]) data).asReadOnlyBuffer();
    }

    public DataArray asDataArray() {
        return to(DataArray.class);
    }

    public ProcInfo asProcInfo() {
        return to(ProcInfo.class);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Value)) {
            return false;
        }
        Value v = (Value) o;
        if (type != v.type) {
            return false;
        }
        if (data instanceof byte[] && v.data instanceof byte[]) {
            return Arrays.equals((byte[]) data, (byte[]) v.data);
        }
        // Float/Double equals compares bits, so NaN equals NaN as a round trip needs
        return Objects.equals(data, v.data);
    }

    @Override
    public int hashCode() {
        return 31 * type + (data instanceof byte[] ? Arrays.hashCode((byte[]) data) : Objects.hashCode(data));
    }

    /**
     * {@code TYPE_NAME:payload}, unsigned types printed unsigned, bytes as their length. Bounded, as
     * values come from peers and end up in log lines and error messages: a string is cut at
     * {@value #TEXT_MAX_STRING} characters and its control characters escaped (as {@code LogText.peer} does),
     * a data array shows its first {@value #TEXT_MAX_ELEMENTS} elements and then "... N more", and
     * the whole text stops near {@value #TEXT_MAX_CHARS} characters (a 4-million-element array of
     * {@code UNDEF}, 22 bytes on the wire, prints as one short line).
     */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        appendTo(sb, TEXT_MAX_CHARS);
        return sb.toString();
    }

    /** The longest string payload {@link #toString} prints before cutting it. */
    static final int TEXT_MAX_STRING = 512;
    /** The most elements of one data array {@link #toString} prints. */
    static final int TEXT_MAX_ELEMENTS = 16;
    /** About the longest text {@link #toString} makes (nested arrays included). */
    static final int TEXT_MAX_CHARS = 2048;

    /**
     * {@code text} cut at {@code max} characters, control characters as a backslash, {@code x} and
     * two hex digits (C1 controls and line separators as {@code \\u} and four), backslashes doubled:
     * the rule of pmix-common's internal {@code LogText.peer}, which this package may not use.
     */
    private static String escaped(String text, int max) {
        int n = Math.min(text.length(), max);
        StringBuilder sb = new StringBuilder(n + 16);
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c == '\\') {
                sb.append("\\\\");
            } else if (c < 0x20 || c == 0x7F) {
                sb.append(String.format("\\x%02x", (int) c));
            } else if (c >= 0x80 && c <= 0x9F || c == '\u2028' || c == '\u2029') {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        if (text.length() > max) {
            sb.append("...(").append(text.length() - max).append(" more chars)");
        }
        return sb.toString();
    }

    /** Appends this value's text to {@code sb}, stopping once {@code sb} holds about {@code limit} characters. */
    void appendTo(StringBuilder sb, int limit) {
        sb.append(DataType.name(type)).append(':');
        if (data == null) {
            return;
        }
        if (data instanceof byte[]) {
            sb.append(((byte[]) data).length).append(" bytes");
        } else if (type == DataType.PROC_RANK) {
            sb.append(Rank.toString((Integer) data));
        } else if (isUnsigned() && data instanceof Integer) {
            sb.append(Integer.toUnsignedString((Integer) data));
        } else if (isUnsigned() && data instanceof Long) {
            sb.append(Long.toUnsignedString((Long) data));
        } else if (type == DataType.BYTE) {
            sb.append(((Byte) data) & 0xFF);
        } else if (data instanceof String) {
            int room = Math.max(16, Math.min(TEXT_MAX_STRING, limit - sb.length()));
            sb.append('"').append(escaped((String) data, room)).append('"');
        } else if (data instanceof DataArray) {
            ((DataArray) data).appendTo(sb, limit);
        } else if (data instanceof Value) {
            ((Value) data).appendTo(sb, limit);
        } else {
            // a struct: its record text, cut (its lists are bounded by the codec's element cap only)
            sb.append(escaped(data.toString(), Math.max(16, Math.min(TEXT_MAX_STRING, limit - sb.length()))));
        }
    }
}
