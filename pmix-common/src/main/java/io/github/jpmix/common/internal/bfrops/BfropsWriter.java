package io.github.jpmix.common.internal.bfrops;

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
import io.github.jpmix.common.RegAttr;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.TimeVal;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.codec.CodecOptions;
import io.github.jpmix.common.internal.bfrops.Bfrops.Form;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Not API. Packs PMIx data into a growable byte array the way OpenPMIx 4.2.2's bfrops v41 does
 * into a non-described buffer (the package comment describes the format).
 *
 * <p>Two kinds of write. The {@code pack...} methods are {@code PMIX_BFROPS_PACK}: the element
 * count as an {@code INT32}, then the elements, which is what every field of a client-server
 * message is ({@code 02 04} is "one command, GETNB"). The {@code write...} methods write one
 * element with no count, for building the inside of a composite the way OpenPMIx's packers do
 * with {@code PMIX_BFROPS_PACK_TYPE}. Elements are the model's classes: a type's element is what
 * {@link Value#javaType(int)} says it is held in ({@code Info} for {@code PMIX_INFO}, an Integer
 * for a {@code PMIX_PROC_RANK}, ...), a {@code Value} for {@code PMIX_VALUE}; a string element may be
 * null where C allows a NULL string.
 *
 * <p>What the wire cannot carry fails with a {@link PmixException}, and the writer stays usable
 * (whatever the failed call wrote is left in place; {@link #reset()} to start over):
 * {@link Status#ERR_NOT_SUPPORTED} for a type the format does not carry here ({@code TOPO},
 * {@code POINTER}, implementer-defined types, an app, info, pdata, kval, query or nested value as
 * the payload of a {@code Value}, a cpuset not from hwloc, a compressed regex);
 * {@link Status#ERR_PACK_FAILURE} for a value the C side cannot represent (a string with a NUL or
 * an unpaired surrogate, a separator or state char over 255, a registered attribute's type over
 * 65535, nesting deeper than {@link CodecOptions#maxDepth()}, a regex with a NUL inside).
 *
 * <p>Not thread-safe.
 */
public final class BfropsWriter {
    private static final int INITIAL = 256;
    private static final int MAX_SIZE = Integer.MAX_VALUE - 16;
    private static final byte[] PMIX = {'p', 'm', 'i', 'x'};
    private static final byte[] RAW = {'r', 'a', 'w', ':'};
    private static final byte[] BLOB = {'b', 'l', 'o', 'b'};

    private final int maxDepth;
    private byte[] buf;
    private int size;
    private int depth;

    /** A writer with the nesting limit of the system properties or the default ({@link CodecOptions}, read once). */
    public BfropsWriter() {
        this(Budget.DEFAULTS);
    }

    /** A writer refusing values nested deeper than {@code options.maxDepth()}, which a reader would refuse. */
    public BfropsWriter(CodecOptions options) {
        this.maxDepth = Objects.requireNonNull(options, "options").conclude().maxDepth();
        this.buf = new byte[INITIAL];
    }

    // ---- the buffer ----

    /** Bytes written so far. */
    public int size() {
        return size;
    }

    /** A copy of the bytes written. */
    public byte[] toByteArray() {
        return Arrays.copyOf(buf, size);
    }

    /** A read-only view of the bytes written, valid until the next write or {@link #reset()}. */
    public ByteBuffer asReadOnlyBuffer() {
        return ByteBuffer.wrap(buf, 0, size).slice().asReadOnlyBuffer();
    }

    /** Empties the writer, keeping its array. */
    public BfropsWriter reset() {
        size = 0;
        depth = 0;
        return this;
    }

    /** Appends bytes as they are: no count, no length (e.g. a packed payload prepared earlier). */
    public BfropsWriter writeRaw(byte[] bytes, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, bytes.length);
        ensure(length);
        System.arraycopy(bytes, offset, buf, size, length);
        size += length;
        return this;
    }

    // ---- top level: PMIX_BFROPS_PACK, the count then the elements ----

    /** One element of the type, preceded by the count 1 ({@code bfrop_base_pack.c:40-63}). */
    public BfropsWriter pack(int type, Object element) {
        writeInt32(1);
        return write(type, element);
    }

    /**
     * The elements, all of the type, preceded by their count. {@code PMIX_PID}s share one type tag
     * ({@code bfrop_base_pack.c:166-182} packs the tag once per call), which is written even for
     * none; any other empty list packs only the count 0.
     */
    public BfropsWriter packAll(int type, List<?> elements) {
        writeInt32(elements.size());
        if (type == DataType.PID) {
            writeUint16(DataType.UINT32);
            for (Object e : elements) {
                writeUint32((Integer) checked(type, e, Integer.class));
            }
            return this;
        }
        for (Object e : elements) {
            write(type, e);
        }
        return this;
    }

    /** A {@code pmix_cmd_t} ({@code PMIX_COMMAND}, one byte), as every request starts. */
    public BfropsWriter packCommand(int cmd) {
        return pack(DataType.COMMAND, cmd);
    }

    /** A {@code PMIX_STATUS}, as every reply starts. */
    public BfropsWriter packStatus(int status) {
        writeInt32(1);
        return writeInt32(status);
    }

    /** A {@code PMIX_STRING}; null packs C's NULL. */
    public BfropsWriter packString(String s) {
        writeInt32(1);
        return writeString(s);
    }

    public BfropsWriter packInt32(int v) {
        writeInt32(1);
        return writeInt32(v);
    }

    /** A {@code PMIX_UINT32}: the bits of {@code v}, unsigned. */
    public BfropsWriter packUint32(int v) {
        writeInt32(1);
        return writeUint32(v);
    }

    /** A {@code PMIX_SIZE}: the bits of {@code v}, unsigned. */
    public BfropsWriter packSize(long v) {
        writeInt32(1);
        return writeSize(v);
    }

    /** A {@code PMIX_PROC_RANK}. */
    public BfropsWriter packRank(int rank) {
        writeInt32(1);
        return writeUint32(rank);
    }

    public BfropsWriter packProc(Proc p) {
        writeInt32(1);
        return writeProc(p);
    }

    public BfropsWriter packProcs(List<Proc> procs) {
        return packAll(DataType.PROC, procs);
    }

    public BfropsWriter packInfos(List<Info> infos) {
        return packAll(DataType.INFO, infos);
    }

    /** A {@code PMIX_VALUE}: the value's type, then its payload. */
    public BfropsWriter packValue(Value v) {
        writeInt32(1);
        return writeValue(v);
    }

    /** A {@code PMIX_KVAL}, as job data and committed modex data are packed. */
    public BfropsWriter packKeyValue(KeyValue kv) {
        writeInt32(1);
        return writeKeyValue(kv);
    }

    /** A {@code PMIX_BYTE_OBJECT}. */
    public BfropsWriter packByteObject(byte[] bytes) {
        writeInt32(1);
        return writeByteObject(bytes, 0, bytes.length);
    }

    /** A {@code PMIX_BYTE_OBJECT} holding what {@code inner} has packed (a GET reply's per-proc blob). */
    public BfropsWriter packByteObject(BfropsWriter inner) {
        writeInt32(1);
        return writeByteObject(inner.buf, 0, inner.size);
    }

    /**
     * A {@code PMIX_BUFFER} holding what {@code inner} has packed, marked non-described
     * ({@code bfrop_base_pack.c:461-493}; a COMMIT carries one per scope).
     */
    public BfropsWriter packBuffer(BfropsWriter inner) {
        writeInt32(1);
        return writeBuffer(inner.buf, 0, inner.size);
    }

    // ---- one element, no count ----

    /**
     * One element of the type with no count: what {@code PMIX_BFROPS_PACK_TYPE} writes. The element
     * is the type's model class ({@link Value#javaType(int)}); for {@code PMIX_VALUE} a Value (its
     * type, then its payload); for {@code PMIX_BUFFER} a byte[] of non-described packed data; for
     * {@code PMIX_STRING}/{@code PMIX_PROC_NSPACE} a String or null.
     *
     * @throws PmixException {@link Status#ERR_TYPE_MISMATCH} if the element is not of the type's class,
     *     {@link Status#ERR_BAD_PARAM} if an 8/16-bit value is out of range, and the failures of the
     *     class comment
     */
    public BfropsWriter write(int type, Object element) {
        Form form = Bfrops.form(type);
        if (form == Form.BUFFER) {
            byte[] b = (byte[]) checked(type, element, byte[].class);
            return writeBuffer(b, 0, b.length);
        }
        if (form == Form.STRING && element == null) {
            return writeString(null);
        }
        if (form == Form.UNSUPPORTED) {
            throw unsupported(Bfrops.unsupportedReason(type));
        }
        if (form == Form.UNKNOWN) {
            throw unsupported("type " + DataType.name(type) + " has no bfrops v41 packer");
        }
        if (type == DataType.UNDEF) {
            if (element != null) {
                throw new PmixException(Status.ERR_TYPE_MISMATCH, "pack: PMIX_UNDEF carries no data, got " + element);
            }
            return this;
        }
        Objects.requireNonNull(element, "element");
        if (Value.javaType(type) == byte[].class) {
            // a view, not the copy Value.of would make
            return writePayload(type, null, ByteBuffer.wrap((byte[]) checked(type, element, byte[].class)));
        }
        // Value.of checks the class and the range of the narrow unsigned types
        return writePayload(type, Value.of(type, element));
    }

    private static Object checked(int type, Object element, Class<?> cls) {
        if (!cls.isInstance(element)) {
            throw new PmixException(Status.ERR_TYPE_MISMATCH, "pack: " + DataType.name(type) + " is held as "
                    + cls.getSimpleName() + ", not " + (element == null ? "null" : element.getClass().getSimpleName()));
        }
        return element;
    }

    /**
     * A value: its type as a {@code uint16}, then its payload ({@code bfrop_base_pack.c:546-568}),
     * as a {@code PMIX_VALUE} and the value of an info, kval or pdata are packed.
     *
     * @throws PmixException {@link Status#ERR_NOT_SUPPORTED} for a type a {@code pmix_value_t}
     *     cannot hold (see the class comment)
     */
    public BfropsWriter writeValue(Value v) {
        int type = v.type();
        if (!Bfrops.valueCanHold(type)) {
            Form f = Bfrops.form(type);
            throw unsupported(f == Form.UNSUPPORTED ? Bfrops.unsupportedReason(type)
                    : f == Form.UNKNOWN ? "type " + DataType.name(type) + " has no bfrops v41 packer"
                    : "a pmix_value_t cannot hold a " + DataType.name(type)
                            + " (bfrop_base_pack.c:963-1005 packs its union as one)");
        }
        enter();
        try {
            writeUint16(type);
            return writePayload(type, v);
        } finally {
            depth--;
        }
    }

    private BfropsWriter writePayload(int type, Value v) {
        return Value.javaType(type) == byte[].class ? writePayload(type, null, v.asByteBuffer())
                : writePayload(type, v.data(), null);
    }

    /** The payload of an element of the type; byte payloads come as a view, the rest as {@code data}. */
    private BfropsWriter writePayload(int type, Object data, ByteBuffer bytes) {
        switch (Bfrops.form(type)) {
            case NONE -> {
            }
            case BOOL -> writeBool((Boolean) data);
            case BYTE -> writeByte((Byte) data);
            case UINT8 -> writeUint8((Integer) data);
            case U16 -> writeUint16((Integer) data);
            case U32 -> writeUint32((Integer) data);
            case U64 -> writeUint64((Long) data);
            case S16 -> writeInt16((Short) data);
            case S32 -> writeInt32((Integer) data);
            case S64 -> writeInt64((Long) data);
            case STRING -> writeString((String) data);
            case PID -> writePid((Integer) data);
            case FLOAT -> writeFloat((Float) data);
            case DOUBLE -> writeDouble((Double) data);
            case TIMEVAL -> writeTimeVal((TimeVal) data);
            case BYTES -> writeByteObject(bytes);
            case REGEX -> writeRegex(bytes);
            case STRUCT -> writeStruct(type, data);
            default -> throw unsupported("type " + DataType.name(type) + " has no bfrops v41 packer");
        }
        return this;
    }

    private void writeStruct(int type, Object s) {
        switch (type) {
            case DataType.VALUE -> writeValue((Value) s);
            case DataType.PROC -> writeProc((Proc) s);
            case DataType.APP -> writeApp((App) s);
            case DataType.INFO -> writeInfo((Info) s);
            case DataType.PDATA -> writePData((PData) s);
            case DataType.KVAL -> writeKeyValue((KeyValue) s);
            case DataType.PROC_INFO -> writeProcInfo((ProcInfo) s);
            case DataType.DATA_ARRAY -> writeDataArray((DataArray) s);
            case DataType.QUERY -> writeQuery((Query) s);
            case DataType.ENVAR -> writeEnvar((Envar) s);
            case DataType.COORD -> writeCoord((Coord) s);
            case DataType.REGATTR -> writeRegAttr((RegAttr) s);
            case DataType.PROC_CPUSET -> writeCpuSet((CpuSet) s);
            case DataType.GEOMETRY -> writeGeometry((Geometry) s);
            case DataType.DEVICE_DIST -> writeDeviceDistance((DeviceDistance) s);
            case DataType.ENDPOINT -> writeEndpoint((Endpoint) s);
            case DataType.PROC_STATS -> writeProcStats((ProcStats) s);
            case DataType.DISK_STATS -> writeDiskStats((DiskStats) s);
            case DataType.NET_STATS -> writeNetStats((NetStats) s);
            case DataType.NODE_STATS -> writeNodeStats((NodeStats) s);
            default -> throw unsupported("type " + DataType.name(type) + " has no bfrops v41 packer");
        }
    }

    // ---- integers: psquash flex128 (psquash_flex128.c) ----

    /** {@code PMIX_BOOL}: one byte, 1 or 0 ({@code bfrop_base_pack.c:89-120}). */
    public BfropsWriter writeBool(boolean v) {
        ensure(1);
        buf[size++] = (byte) (v ? 1 : 0);
        return this;
    }

    /** {@code PMIX_BYTE}/{@code PMIX_INT8}: the byte ({@code bfrop_base_pack.c:187-210}). */
    public BfropsWriter writeByte(byte v) {
        ensure(1);
        buf[size++] = v;
        return this;
    }

    /** {@code PMIX_UINT8} and the 8-bit enums (scope, data range, command, states...): one byte. */
    public BfropsWriter writeUint8(int v) {
        if ((v & ~0xFF) != 0) {
            throw new PmixException(Status.ERR_BAD_PARAM, "pack: not a uint8: " + v);
        }
        return writeByte((byte) v);
    }

    /** {@code PMIX_UINT16} (and data type, IOF channel, locality): unsigned flex128. */
    public BfropsWriter writeUint16(int v) {
        if ((v & ~0xFFFF) != 0) {
            throw new PmixException(Status.ERR_BAD_PARAM, "pack: not a uint16: " + v);
        }
        return writeUint64(v);
    }

    /** {@code PMIX_UINT32} (and rank, info directives): the bits of {@code v} as unsigned flex128. */
    public BfropsWriter writeUint32(int v) {
        return writeUint64(Integer.toUnsignedLong(v));
    }

    /** {@code PMIX_INT16}: zig-zag flex128. */
    public BfropsWriter writeInt16(short v) {
        return writeInt64(v);
    }

    /**
     * {@code PMIX_INT32}, {@code PMIX_INT}, {@code PMIX_STATUS}, and {@code PMIX_UINT} (which v41
     * packs as an int, {@code bfrop_pmix41.c:127-129, 459-478}): zig-zag flex128 of the bits.
     */
    public BfropsWriter writeInt32(int v) {
        return writeInt64(v);
    }

    /**
     * {@code PMIX_INT64}: zig-zag flex128. The signed conversion sign-extends to 64 bits, then
     * {@code (v << 1) ^ (v >> 63)} ({@code psquash_flex128.c:53-66}; spec section 2.3).
     */
    public BfropsWriter writeInt64(long v) {
        return writeUint64((v << 1) ^ (v >> 63));
    }

    /** {@code PMIX_SIZE}: unsigned flex128 of the bits. */
    public BfropsWriter writeSize(long v) {
        return writeUint64(v);
    }

    /**
     * {@code PMIX_UINT64} (and size, time, device type): flex128 ({@code psquash_flex128.c:309-329}):
     * seven bits a byte, low first, the high bit set while more follow, at most eight such bytes;
     * a value of 2^56 or more takes a ninth byte holding its top eight bits whole.
     */
    public BfropsWriter writeUint64(long v) {
        ensure(9);
        int i = 0;
        long rest = v;
        do {
            int b = (int) (rest & 0x7F);
            rest >>>= 7;
            if (rest != 0) {
                b |= 0x80;
            }
            buf[size++] = (byte) b;
            i++;
        } while (rest != 0 && i < 8);
        if (rest != 0) {
            buf[size++] = (byte) rest;
        }
        return this;
    }

    /** {@code PMIX_PROC_RANK}: unsigned flex128 of the rank's bits ({@code bfrop_base_pack.c:910-919}). */
    public BfropsWriter writeRank(int rank) {
        return writeUint32(rank);
    }

    /** {@code PMIX_STATUS}: zig-zag flex128 ({@code bfrop_base_pack.c:440-459}). */
    public BfropsWriter writeStatus(int status) {
        return writeInt32(status);
    }

    /**
     * {@code PMIX_PID}: the type of {@code pid_t}, {@code PMIX_UINT32}, as a uint16 then the pid as
     * a {@code UINT32} ({@code bfrop_base_pack.c:166-182}; the tag is written in both buffer types).
     */
    public BfropsWriter writePid(int pid) {
        writeUint16(DataType.UINT32);
        return writeUint32(pid);
    }

    /** {@code PMIX_TIME}: the {@code time_t} cast to {@code uint64_t} ({@code bfrop_base_pack.c:416-437}). */
    public BfropsWriter writeTime(long seconds) {
        return writeUint64(seconds);
    }

    /** {@code PMIX_TIMEVAL}: seconds and microseconds as two {@code INT64} ({@code bfrop_base_pack.c:393-413}). */
    public BfropsWriter writeTimeVal(TimeVal t) {
        writeInt64(t.seconds());
        return writeInt64(t.micros());
    }

    /** {@code PMIX_FLOAT}: the {@code "%f"} text as a string ({@code bfrop_base_pack.c:341-364}); lossy. */
    public BfropsWriter writeFloat(float v) {
        return writeString(FloatText.format(v));
    }

    /** {@code PMIX_DOUBLE}: the {@code "%f"} text as a string ({@code bfrop_base_pack.c:367-390}); lossy. */
    public BfropsWriter writeDouble(double v) {
        return writeString(FloatText.format(v));
    }

    // ---- strings and bytes ----

    /**
     * {@code PMIX_STRING}: an {@code INT32} length counting the terminating NUL, the UTF-8 bytes, the
     * NUL; null is C's NULL, length 0 and no bytes ({@code bfrop_base_pack.c:309-338}).
     *
     * @throws PmixException {@link Status#ERR_PACK_FAILURE} for a NUL character (a C string ends at
     *     it) or an unpaired surrogate (UTF-8 cannot carry it)
     */
    public BfropsWriter writeString(String s) {
        if (s == null) {
            return writeInt32(0);
        }
        long n = utf8Length(s);
        if (n + 1 > Integer.MAX_VALUE) {
            throw unencodable("string of " + n + " UTF-8 bytes is too long for an INT32 length");
        }
        writeInt32((int) n + 1);
        ensure((int) n + 1);
        if (n == s.length()) {
            for (int i = 0; i < n; i++) {
                buf[size++] = (byte) s.charAt(i);
            }
        } else {
            encodeUtf8(s);
        }
        buf[size++] = 0;
        return this;
    }

    /** UTF-8 length, refusing what a C string cannot hold. */
    private static long utf8Length(String s) {
        long n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == 0) {
                throw unencodable("string has a NUL at " + i + "; a C string ends there");
            } else if (c < 0x80) {
                n += 1;
            } else if (c < 0x800) {
                n += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                n += 4;
                i++;
            } else if (Character.isSurrogate(c)) {
                throw unencodable("string has an unpaired surrogate at " + i);
            } else {
                n += 3;
            }
        }
        return n;
    }

    private void encodeUtf8(String s) {
        for (int i = 0; i < s.length(); i++) {
            int c = s.charAt(i);
            if (c < 0x80) {
                buf[size++] = (byte) c;
            } else if (c < 0x800) {
                buf[size++] = (byte) (0xC0 | c >> 6);
                buf[size++] = (byte) (0x80 | c & 0x3F);
            } else if (Character.isHighSurrogate((char) c)) {
                int cp = Character.toCodePoint((char) c, s.charAt(++i));
                buf[size++] = (byte) (0xF0 | cp >> 18);
                buf[size++] = (byte) (0x80 | cp >> 12 & 0x3F);
                buf[size++] = (byte) (0x80 | cp >> 6 & 0x3F);
                buf[size++] = (byte) (0x80 | cp & 0x3F);
            } else {
                buf[size++] = (byte) (0xE0 | c >> 12);
                buf[size++] = (byte) (0x80 | c >> 6 & 0x3F);
                buf[size++] = (byte) (0x80 | c & 0x3F);
            }
        }
    }

    /** {@code PMIX_BYTE_OBJECT}: a {@code SIZE} count, then the bytes ({@code bfrop_base_pack.c:495-518}). */
    public BfropsWriter writeByteObject(byte[] bytes) {
        return writeByteObject(bytes, 0, bytes.length);
    }

    private BfropsWriter writeByteObject(byte[] bytes, int offset, int length) {
        writeSize(length);
        return writeRaw(bytes, offset, length);
    }

    private void writeByteObject(ByteBuffer view) {
        int n = view.remaining();
        writeSize(n);
        ensure(n);
        view.get(buf, size, n);
        size += n;
    }

    /** {@code PMIX_BUFFER}: the buffer type (non-described), a {@code SIZE} count, the bytes. */
    private BfropsWriter writeBuffer(byte[] bytes, int offset, int length) {
        writeByte((byte) Bfrops.BUFFER_NON_DESC);
        writeSize(length);
        return writeRaw(bytes, offset, length);
    }

    /**
     * {@code PMIX_REGEX} through OpenPMIx's preg framework, whose components are tried in priority
     * order (compress 100, native 50, raw 40; {@code mca/preg/base/preg_base_stubs.c:121-137}):
     * a regex starting {@code "pmix"} (native, {@code preg_native.c:533-557}) or {@code "raw:"}
     * ({@code preg_raw.c:113-137}) goes as its bytes and NUL with no length; any other as a
     * top-level pack of one {@code PMIX_STRING}, count and string, which is what
     * {@code pmix_preg_base_unpack} reads with {@code PMIX_BFROPS_UNPACK} (4.2.2's own
     * {@code pmix_preg_base_pack} passes the string where a {@code char **} is expected and
     * crashes). The value's bytes are the C string, with or without its NUL.
     */
    private void writeRegex(ByteBuffer view) {
        byte[] b = new byte[view.remaining()];
        view.get(b);
        int n = b.length > 0 && b[b.length - 1] == 0 ? b.length - 1 : b.length;
        for (int i = 0; i < n; i++) {
            if (b[i] == 0) {
                if (startsWith(b, BLOB)) {
                    throw unsupported("PMIX_REGEX in preg/compress form (\"blob\\0component=zlib:...\"): 4.2.2"
                            + " transfers it truncated (preg_compress.c:264 sizes it with strtoul(\"size=...\"), which is 0)");
                }
                throw unencodable("PMIX_REGEX has a NUL at " + i + " of " + n + " bytes; a C string ends there");
            }
        }
        if (startsWith(b, PMIX) || startsWith(b, RAW)) {
            writeRaw(b, 0, n);
            writeByte((byte) 0);
            return;
        }
        // the count 1 first: a reader trying the raw forms on these bytes sees 0x02, never "pmix" or "raw:"
        writeInt32(1);
        writeInt32(n + 1);
        writeRaw(b, 0, n);
        writeByte((byte) 0);
    }

    private static boolean startsWith(byte[] b, byte[] prefix) {
        if (b.length < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (b[i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    // ---- the structs, field by field as bfrop_base_pack.c packs them ----

    /** {@code PMIX_PROC}: namespace {@code STRING}, rank {@code PROC_RANK} ({@code bfrop_base_pack.c:520-543}). */
    public BfropsWriter writeProc(Proc p) {
        writeString(p.namespace());
        return writeUint32(p.rank());
    }

    /**
     * {@code PMIX_INFO}: key {@code STRING}, directives {@code INFO_DIRECTIVES} (uint32), value
     * type, value payload ({@code bfrop_base_pack.c:570-605}).
     */
    public BfropsWriter writeInfo(Info info) {
        writeString(info.key());
        writeUint32(info.directives());
        return writeValue(info.value());
    }

    /** {@code PMIX_KVAL}: key {@code STRING}, then a {@code PMIX_VALUE} ({@code bfrop_base_pack.c:719-743}). */
    public BfropsWriter writeKeyValue(KeyValue kv) {
        writeString(kv.key());
        return writeValue(kv.value());
    }

    /** {@code PMIX_PDATA}: proc, key, value type, value ({@code bfrop_base_pack.c:607-645}). */
    public BfropsWriter writePData(PData d) {
        writeProc(d.proc());
        writeString(d.key());
        return writeValue(d.value());
    }

    /**
     * {@code PMIX_APP} ({@code bfrop_base_pack.c:647-717}): cmd, argc as an {@code INT}, argv,
     * envc as an {@code INT32}, env, cwd, maxprocs as an {@code INT}, ninfo as a {@code SIZE}, infos.
     */
    public BfropsWriter writeApp(App a) {
        writeString(a.cmd());
        writeInt32(a.argv().size());
        for (String s : a.argv()) {
            writeString(s);
        }
        writeInt32(a.env().size());
        for (String s : a.env()) {
            writeString(s);
        }
        writeString(a.cwd());
        writeInt32(a.maxProcs());
        writeSize(a.info().size());
        for (Info i : a.info()) {
            writeInfo(i);
        }
        return this;
    }

    /**
     * {@code PMIX_PROC_INFO} ({@code bfrop_base_pack.c:837-872}): proc, hostname, executable, pid
     * as a {@code PMIX_PID}, state. The exit code is not packed: 4.2.2 drops it, and so does this.
     */
    public BfropsWriter writeProcInfo(ProcInfo p) {
        writeProc(p.proc());
        writeString(p.hostname());
        writeString(p.executable());
        writePid(p.pid());
        return writeUint8(p.state());
    }

    /**
     * {@code PMIX_DATA_ARRAY} ({@code bfrop_base_pack.c:874-908}): element type as a uint16, size
     * as a {@code SIZE}, then each element's payload without a tag; nothing more when the array is
     * empty or of {@code PMIX_UNDEF}. The elements are packed in one call, so pids share one type tag.
     */
    public BfropsWriter writeDataArray(DataArray a) {
        int type = a.type();
        Form f = Bfrops.form(type);
        if (f == Form.UNSUPPORTED) {
            throw unsupported(Bfrops.unsupportedReason(type));
        }
        if (f == Form.UNKNOWN || f == Form.BUFFER) {
            throw unsupported("data array of " + DataType.name(type) + ": no bfrops v41 packer");
        }
        enter();
        try {
            writeUint16(type);
            List<Value> values = a.values();
            writeSize(values.size());
            if (type == DataType.PID && !values.isEmpty()) {
                // one type tag for all the pids, as packAll
                writeUint16(DataType.UINT32);
                for (Value v : values) {
                    writeUint32((Integer) v.data());
                }
            } else if (type != DataType.UNDEF) {
                for (Value v : values) {
                    writePayload(type, v);
                }
            }
            return this;
        } finally {
            depth--;
        }
    }

    /**
     * {@code PMIX_QUERY} ({@code bfrop_base_pack.c:921-959}): the key count as an {@code INT32},
     * the keys, the qualifier count as a {@code SIZE}, the qualifiers.
     */
    public BfropsWriter writeQuery(Query q) {
        writeInt32(q.keys().size());
        for (String k : q.keys()) {
            writeString(k);
        }
        writeSize(q.qualifiers().size());
        for (Info i : q.qualifiers()) {
            writeInfo(i);
        }
        return this;
    }

    /** {@code PMIX_ENVAR}: name, value, separator byte ({@code bfrop_base_pack.c:1031-1058}). */
    public BfropsWriter writeEnvar(Envar e) {
        writeString(e.name());
        writeString(e.value());
        return writeByte(charByte("envar separator", e.separator()));
    }

    /** {@code PMIX_COORD}: view byte, dims {@code SIZE}, dims {@code UINT32} ({@code bfrop_base_pack.c:1060-1087}). */
    public BfropsWriter writeCoord(Coord c) {
        writeUint8(c.view());
        int[] coords = c.coords();
        writeSize(coords.length);
        for (int x : coords) {
            writeUint32(x);
        }
        return this;
    }

    /**
     * {@code PMIX_REGATTR} ({@code bfrop_base_pack.c:1089-1132}): name, key, type as a
     * {@code PMIX_DATA_TYPE} (uint16), the description's line count as an {@code INT32}, the lines.
     */
    public BfropsWriter writeRegAttr(RegAttr r) {
        if ((r.type() & ~0xFFFF) != 0) {
            throw unencodable("regattr " + r.key() + ": type " + r.type() + " is not a pmix_data_type_t (uint16)");
        }
        writeString(r.name());
        writeString(r.key());
        writeUint16(r.type());
        writeInt32(r.description().size());
        for (String s : r.description()) {
            writeString(s);
        }
        return this;
    }

    /**
     * {@code PMIX_PROC_CPUSET}: hwloc's list text as a {@code PMIX_STRING}
     * ({@code pmix_hwloc_datatype.c:26-57}); an empty bitmap is the unbound cpuset, a NULL string.
     */
    public BfropsWriter writeCpuSet(CpuSet c) {
        if (!c.source().regionMatches(true, 0, "hwloc", 0, 5)) {
            throw unsupported("PMIX_PROC_CPUSET from '" + c.source() + "': OpenPMIx packs hwloc cpusets only"
                    + " (pmix_hwloc_datatype.c:39-41)");
        }
        return writeString(c.bitmap().isEmpty() ? null : c.bitmap());
    }

    /**
     * {@code PMIX_GEOMETRY} ({@code bfrop_base_pack.c:1194-1228}): fabric {@code SIZE}, uuid,
     * osname, coordinate count {@code SIZE}, coordinates.
     */
    public BfropsWriter writeGeometry(Geometry g) {
        writeSize(g.fabric());
        writeString(g.uuid());
        writeString(g.osname());
        writeSize(g.coordinates().size());
        for (Coord c : g.coordinates()) {
            writeCoord(c);
        }
        return this;
    }

    /**
     * {@code PMIX_DEVICE_DIST} ({@code bfrop_base_pack.c:1230-1263}): uuid, osname, type as a
     * {@code PMIX_DEVTYPE} (uint64), min and max distance as {@code UINT16}.
     */
    public BfropsWriter writeDeviceDistance(DeviceDistance d) {
        writeString(d.uuid());
        writeString(d.osname());
        writeUint64(d.type());
        writeUint16(d.minDist());
        return writeUint16(d.maxDist());
    }

    /** {@code PMIX_ENDPOINT}: uuid, osname, then a byte object ({@code bfrop_base_pack.c:1265-1297}). */
    public BfropsWriter writeEndpoint(Endpoint e) {
        writeString(e.uuid());
        writeString(e.osname());
        return writeByteObject(e.endpoint());
    }

    /**
     * {@code PMIX_PROC_STATS} as 4.2.2 packs it ({@code bfrop_base_pack.c:1363-1431}): node, proc,
     * pid, cmd, state byte, time, priority {@code INT32}, thread count {@code INT16}, pss, vsize,
     * rss ({@code FLOAT}s), processor {@code INT16}, sample time. The packer skips
     * {@code percent_cpu} and {@code peak_vsize}; 4.2.2's unpacker reads a {@code peak_vsize} the
     * packer never wrote ({@code bfrop_base_unpack.c:1924}), so it cannot read its own bytes.
     * This writes what a 4.2.2 peer writes.
     */
    public BfropsWriter writeProcStats(ProcStats s) {
        writeString(s.node());
        writeProc(s.proc());
        writePid(s.pid());
        writeString(s.cmd());
        writeByte(charByte("proc stats state", s.state()));
        writeTimeVal(s.time());
        writeInt32(s.priority());
        // uint16 fields packed as PMIX_INT16: the bits as a signed 16-bit number
        writeInt16((short) s.numThreads());
        writeFloat(s.pss());
        writeFloat(s.vsize());
        writeFloat(s.rss());
        writeInt16((short) s.processor());
        return writeTimeVal(s.sampleTime());
    }

    /** {@code PMIX_DISK_STATS}: the disk, then its eleven counters as {@code UINT64} ({@code bfrop_base_pack.c:1433-1497}). */
    public BfropsWriter writeDiskStats(DiskStats d) {
        writeString(d.disk());
        writeUint64(d.numReadsCompleted());
        writeUint64(d.numReadsMerged());
        writeUint64(d.numSectorsRead());
        writeUint64(d.millisecondsReading());
        writeUint64(d.numWritesCompleted());
        writeUint64(d.numWritesMerged());
        writeUint64(d.numSectorsWritten());
        writeUint64(d.millisecondsWriting());
        writeUint64(d.numIosInProgress());
        writeUint64(d.millisecondsIo());
        return writeUint64(d.weightedMillisecondsIo());
    }

    /** {@code PMIX_NET_STATS}: the interface, then its six counters as {@code UINT64} ({@code bfrop_base_pack.c:1499-1542}). */
    public BfropsWriter writeNetStats(NetStats n) {
        writeString(n.netInterface());
        writeUint64(n.numBytesRecvd());
        writeUint64(n.numPacketsRecvd());
        writeUint64(n.numRecvErrs());
        writeUint64(n.numBytesSent());
        writeUint64(n.numPacketsSent());
        return writeUint64(n.numSendErrs());
    }

    /**
     * {@code PMIX_NODE_STATS} ({@code bfrop_base_pack.c:1544-1633}): node, eleven {@code FLOAT}s,
     * sample time, disk count {@code SIZE}, disks, interface count {@code SIZE}, interfaces. (4.2.2
     * packs the two lists from the address of their pointers, {@code :1614} and {@code :1625}, so a
     * 4.2.2 peer can only send node stats whose lists are empty; this writes them as intended.)
     */
    public BfropsWriter writeNodeStats(NodeStats s) {
        writeString(s.node());
        writeFloat(s.la());
        writeFloat(s.la5());
        writeFloat(s.la15());
        writeFloat(s.totalMem());
        writeFloat(s.freeMem());
        writeFloat(s.buffers());
        writeFloat(s.cached());
        writeFloat(s.swapCached());
        writeFloat(s.swapTotal());
        writeFloat(s.swapFree());
        writeFloat(s.mapped());
        writeTimeVal(s.sampleTime());
        writeSize(s.diskStats().size());
        for (DiskStats d : s.diskStats()) {
            writeDiskStats(d);
        }
        writeSize(s.netStats().size());
        for (NetStats n : s.netStats()) {
            writeNetStats(n);
        }
        return this;
    }

    // ---- helpers ----

    private static byte charByte(String what, char c) {
        if (c > 0xFF) {
            throw unencodable(what + " U+" + Integer.toHexString(c) + " is not a C char");
        }
        return (byte) c;
    }

    /** Enters one level of nesting; the caller leaves it in a finally block. */
    private void enter() {
        if (depth >= maxDepth) {
            throw unencodable("nesting deeper than maxDepth=" + maxDepth);
        }
        depth++;
    }

    private void ensure(int n) {
        if (n > MAX_SIZE - size) {
            throw new PmixException(Status.ERR_OUT_OF_RESOURCE, "pack: buffer of " + size + " bytes cannot grow by " + n);
        }
        if (size + n > buf.length) {
            long grown = Math.max((long) buf.length * 2, (long) size + n);
            buf = Arrays.copyOf(buf, (int) Math.min(grown, MAX_SIZE));
        }
    }

    static PmixException unencodable(String message) {
        return new PmixException(Status.ERR_PACK_FAILURE, "pack: " + message);
    }

    static PmixException unsupported(String message) {
        return new PmixException(Status.ERR_NOT_SUPPORTED, "pack: " + message);
    }

    @Override
    public String toString() {
        return "BfropsWriter[" + size + " bytes]";
    }
}
