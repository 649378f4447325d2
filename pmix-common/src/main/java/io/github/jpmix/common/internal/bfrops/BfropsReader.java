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
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Not API. Unpacks what OpenPMIx 4.2.2's bfrops v41 packs into a non-described buffer, from a
 * slice of a byte array, in place (the package comment describes the format).
 *
 * <p>The {@code unpack...} methods mirror {@code PMIX_BFROPS_UNPACK}: an {@code INT32} count, then
 * that many elements; the single-value ones require the count 1, as every field of a
 * client-server message has. The {@code read...} methods read one element with no count, inside a
 * composite. {@link #hasRemaining()} is how a "read until the buffer is empty" loop ends (job data,
 * a GET reply's blobs, a commit's kvals): where OpenPMIx unpacks until
 * {@code PMIX_ERR_UNPACK_READ_PAST_END_OF_BUFFER}, test {@code hasRemaining()} first, so that a
 * truncated element is an error instead of the end.
 *
 * <p><b>Hostile bytes.</b> Nothing is read outside the slice. Every count and length is checked
 * against the bytes left and against the decode budget ({@link CodecOptions}: bytes of strings
 * and byte arrays and collection elements, summed over the decode and the readers opened on its
 * nested buffers; nesting depth of values and data arrays) before anything is allocated for it.
 * A failure is a {@link PmixException} with the statuses the Kryo codec uses:
 * <ul>
 *   <li>{@link Status#ERR_UNPACK_READ_PAST_END_OF_BUFFER}: the element is cut short, or a count or
 *       length claims more than the bytes left;</li>
 *   <li>{@link Status#ERR_UNPACK_INADEQUATE_SPACE}: over a cap of the options;</li>
 *   <li>{@link Status#ERR_UNKNOWN_DATA_TYPE}: a type code PMIx does not define;</li>
 *   <li>{@link Status#ERR_UNPACK_FAILURE}: anything else malformed (an overlong or overflowing
 *       flex128 integer, a negative length, a string without its NUL or with one inside, invalid
 *       UTF-8, a boolean byte other than 0 or 1, a count other than the one expected, a NULL where
 *       the model needs a value, a field the model's constructors reject), or a type this codec
 *       does not carry, named in the message ({@code TOPO}, {@code POINTER}, a described buffer,
 *       a compressed regex, an app, info, pdata, kval, query or value inside a {@code Value}).</li>
 * </ul>
 * After a failure the reader's position is unspecified; discard it.
 *
 * <p>Not thread-safe.
 */
public final class BfropsReader {
    private static final byte[] PMIX = {'p', 'm', 'i', 'x'};
    private static final byte[] RAW = {'r', 'a', 'w', ':'};
    private static final byte[] BLOB = {'b', 'l', 'o', 'b'};
    private static final byte[] ZLIB = "component=zlib:".getBytes(StandardCharsets.US_ASCII);
    /** Lists start at most this big and grow as elements actually arrive. */
    private static final int PRESIZE = 64;

    private final byte[] src;
    private final int start;
    private final int limit;
    private final Budget budget;
    private int pos;
    private int depth;
    private CharsetDecoder utf8;

    /**
     * A reader over the whole array, with the options of the system properties or the defaults
     * ({@link CodecOptions}, read once).
     */
    public BfropsReader(byte[] src) {
        this(src, 0, src.length, Budget.DEFAULTS);
    }

    /** A reader over {@code length} bytes at {@code offset}, with the default options. */
    public BfropsReader(byte[] src, int offset, int length) {
        this(src, offset, length, Budget.DEFAULTS);
    }

    /**
     * A reader over {@code length} bytes at {@code offset} with the given decode limits; nothing
     * is copied.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} if the slice is not inside the array or the
     *     options are invalid
     */
    public BfropsReader(byte[] src, int offset, int length, CodecOptions options) {
        this(src, offset, length, new Budget(Objects.requireNonNull(options, "options")), 0);
    }

    private BfropsReader(byte[] src, int offset, int length, Budget budget, int depth) {
        Objects.requireNonNull(src, "src");
        if (offset < 0 || length < 0 || offset > src.length - length) {
            throw new PmixException(Status.ERR_BAD_PARAM, "unpack: slice offset=" + offset + " length=" + length
                    + " is not inside an array of " + src.length);
        }
        this.src = src;
        this.start = offset;
        this.limit = offset + length;
        this.pos = offset;
        this.budget = budget;
        this.depth = depth;
    }

    /** Bytes read so far. */
    public int position() {
        return pos - start;
    }

    /** Bytes left. */
    public int remaining() {
        return limit - pos;
    }

    /** Whether bytes are left: false is where OpenPMIx's read-until-empty loops stop. */
    public boolean hasRemaining() {
        return pos < limit;
    }

    // ---- top level: PMIX_BFROPS_UNPACK, the count then the elements ----

    /**
     * One element of the type, which must be packed with the count 1; the element as
     * {@link #read(int)} returns it.
     */
    public Object unpack(int type) {
        expectOne(type);
        return read(type);
    }

    /** Exactly {@code expected} elements of the type (a count packed before them, e.g. {@code ninfo}). */
    public List<Object> unpack(int type, int expected) {
        int n = readCount(DataType.name(type), minBytes(type));
        if (n != expected) {
            throw malformed(n + " " + DataType.name(type) + " packed where " + expected + " were announced");
        }
        return readElements(type, n);
    }

    /** However many elements of the type the count says. */
    public List<Object> unpackAll(int type) {
        return readElements(type, readCount(DataType.name(type), minBytes(type)));
    }

    private List<Object> readElements(int type, int n) {
        List<Object> out = new ArrayList<>(Math.min(n, PRESIZE));
        if (type == DataType.PID) {
            // one type tag for the whole call, even for no pids (bfrop_base_unpack.c:253-275)
            int tag = readUint16();
            for (int i = 0; i < n; i++) {
                out.add(readPid(tag));
            }
            return out;
        }
        for (int i = 0; i < n; i++) {
            out.add(read(type));
        }
        return out;
    }

    /** A {@code pmix_cmd_t}: the first field of every request. */
    public int unpackCommand() {
        expectOne(DataType.COMMAND);
        return readUint8();
    }

    /** A {@code PMIX_STATUS}: the first field of every reply. */
    public int unpackStatus() {
        expectOne(DataType.STATUS);
        return readInt32();
    }

    /** A {@code PMIX_STRING}; null for C's NULL. */
    public String unpackString() {
        expectOne(DataType.STRING);
        return readString();
    }

    public int unpackInt32() {
        expectOne(DataType.INT32);
        return readInt32();
    }

    /** A {@code PMIX_UINT32}, as its bits. */
    public int unpackUint32() {
        expectOne(DataType.UINT32);
        return readUint32();
    }

    /** A {@code PMIX_SIZE}, as its bits. */
    public long unpackSize() {
        expectOne(DataType.SIZE);
        return readSize();
    }

    /** A {@code PMIX_PROC_RANK}. */
    public int unpackRank() {
        expectOne(DataType.PROC_RANK);
        return readRank();
    }

    /** A {@code PMIX_SCOPE}. */
    public int unpackScope() {
        expectOne(DataType.SCOPE);
        return readUint8();
    }

    /** A {@code PMIX_DATA_RANGE}. */
    public int unpackDataRange() {
        expectOne(DataType.DATA_RANGE);
        return readUint8();
    }

    public Proc unpackProc() {
        expectOne(DataType.PROC);
        return readProc();
    }

    /** Exactly {@code expected} procs packed together (after their {@code SIZE} count). */
    public List<Proc> unpackProcs(int expected) {
        return typed(unpack(DataType.PROC, expected), Proc.class);
    }

    /** Exactly {@code expected} infos packed together (after their {@code SIZE} count). */
    public List<Info> unpackInfos(int expected) {
        return typed(unpack(DataType.INFO, expected), Info.class);
    }

    /** A {@code PMIX_VALUE}. */
    public Value unpackValue() {
        expectOne(DataType.VALUE);
        return readValue();
    }

    /** A {@code PMIX_KVAL}. */
    public KeyValue unpackKeyValue() {
        expectOne(DataType.KVAL);
        return readKeyValue();
    }

    /** A {@code PMIX_BYTE_OBJECT}'s bytes, copied. */
    public byte[] unpackByteObject() {
        expectOne(DataType.BYTE_OBJECT);
        return readByteObject();
    }

    /**
     * A {@code PMIX_BYTE_OBJECT} holding packed data (a GET reply's per-proc blob, a job-data
     * {@code pmix.pblob}): a reader over its bytes, sharing this reader's budget; nothing is copied.
     */
    public BfropsReader unpackByteObjectReader() {
        expectOne(DataType.BYTE_OBJECT);
        return nested(readLength("byte object"));
    }

    /**
     * A {@code PMIX_BUFFER} (a commit's per-scope data): a reader over its bytes, sharing this
     * reader's budget. Only a non-described buffer can be read.
     */
    public BfropsReader unpackBuffer() {
        expectOne(DataType.BUFFER);
        return readBuffer();
    }

    @SuppressWarnings("unchecked") // read(type) makes only elements of the type's class
    private static <T> List<T> typed(List<Object> list, Class<T> cls) {
        return (List<T>) (List<?>) list;
    }

    private void expectOne(int type) {
        int n = readCount(DataType.name(type), 0);
        if (n != 1) {
            throw malformed(n + " " + DataType.name(type) + " packed where one was expected");
        }
    }

    /** The {@code INT32} count of a top-level pack or a counted list; charged to the budget. */
    private int readCount(String what, int minBytesEach) {
        int n = readInt32();
        if (n < 0) {
            throw malformed(what + ": negative count " + n);
        }
        return charge(what, n, minBytesEach);
    }

    /** A {@code SIZE} count of elements taking at least {@code minBytesEach} each; charged to the budget. */
    private int readSizeCount(String what, int minBytesEach) {
        long n = readSize();
        if (n < 0 || n > Integer.MAX_VALUE) {
            if (minBytesEach > 0) {
                throw truncated(what + " of " + Long.toUnsignedString(n) + " elements", remaining() + 1L);
            }
            throw overCap(what + " of " + Long.toUnsignedString(n) + " elements exceeds maxElements=" + budget.maxElements);
        }
        return charge(what, (int) n, minBytesEach);
    }

    private int charge(String what, int n, int minBytesEach) {
        if (minBytesEach > 0 && (long) n * minBytesEach > remaining()) {
            throw truncated(what + " of " + n + " elements", (long) n * minBytesEach);
        }
        budget.chargeElements(what, n);
        return n;
    }

    /** The fewest bytes one element of the type takes (UNDEF takes none). */
    private static int minBytes(int type) {
        return type == DataType.UNDEF ? 0 : 1;
    }

    // ---- one element, no count ----

    /**
     * One element of the type with no count: the type's model class ({@link Value#javaType(int)}),
     * a {@code Value} for {@code PMIX_VALUE}, null for {@code PMIX_UNDEF} and for a NULL
     * {@code PMIX_STRING}, a reader over the payload for {@code PMIX_BUFFER}.
     */
    public Object read(int type) {
        return switch (Bfrops.form(type)) {
            case NONE -> null;
            case BOOL -> readBool();
            case BYTE -> readByte();
            case UINT8 -> readUint8();
            case U16 -> readUint16();
            case U32 -> readUint32();
            case U64 -> readUint64();
            case S16 -> readInt16();
            case S32 -> readInt32();
            case S64 -> readInt64();
            case STRING -> type == DataType.PROC_NSPACE ? readNamespace() : readString();
            case PID -> readPid();
            case FLOAT -> readFloat();
            case DOUBLE -> readDouble();
            case TIMEVAL -> readTimeVal();
            case BYTES -> readByteObject();
            case REGEX -> readRegex();
            case STRUCT -> readStruct(type);
            case BUFFER -> readBuffer();
            case UNSUPPORTED -> throw malformed(Bfrops.unsupportedReason(type));
            case UNKNOWN -> throw unknownType(type);
        };
    }

    private Object readStruct(int type) {
        return switch (type) {
            case DataType.VALUE -> readValue();
            case DataType.PROC -> readProc();
            case DataType.APP -> readApp();
            case DataType.INFO -> readInfo();
            case DataType.PDATA -> readPData();
            case DataType.KVAL -> readKeyValue();
            case DataType.PROC_INFO -> readProcInfo();
            case DataType.DATA_ARRAY -> readDataArray();
            case DataType.QUERY -> readQuery();
            case DataType.ENVAR -> readEnvar();
            case DataType.COORD -> readCoord();
            case DataType.REGATTR -> readRegAttr();
            case DataType.PROC_CPUSET -> readCpuSet();
            case DataType.GEOMETRY -> readGeometry();
            case DataType.DEVICE_DIST -> readDeviceDistance();
            case DataType.ENDPOINT -> readEndpoint();
            case DataType.PROC_STATS -> readProcStats();
            case DataType.DISK_STATS -> readDiskStats();
            case DataType.NET_STATS -> readNetStats();
            case DataType.NODE_STATS -> readNodeStats();
            default -> throw unknownType(type);
        };
    }

    /**
     * A value: its type as a uint16, then the payload ({@code bfrop_base_unpack.c:565-723}). A
     * NULL string, float or regex has no {@code Value} and fails.
     */
    public Value readValue() {
        enter();
        try {
            int type = readUint16();
            if (!Bfrops.valueCanHold(type)) {
                Form f = Bfrops.form(type);
                if (f == Form.UNKNOWN) {
                    throw unknownType(type);
                }
                throw malformed(f == Form.UNSUPPORTED ? Bfrops.unsupportedReason(type)
                        : "a pmix_value_t cannot hold a " + DataType.name(type)
                                + " (bfrop_base_unpack.c:565-696 would write one over its union)");
            }
            return valueOf(type, read(type));
        } finally {
            depth--;
        }
    }

    private Value valueOf(int type, Object data) {
        if (type == DataType.UNDEF) {
            return Value.UNDEF;
        }
        if (data == null) {
            throw malformed(DataType.name(type) + " is a NULL string, which a Value cannot hold");
        }
        return build(DataType.name(type), () -> Value.of(type, data));
    }

    // ---- integers: psquash flex128 (psquash_flex128.c) ----

    /** {@code PMIX_BOOL}: one byte, 0 or 1 ({@code bfrop_base_unpack.c:154-187}). */
    public boolean readBool() {
        int b = readUnsignedByte();
        if ((b & ~1) != 0) {
            throw malformed("boolean byte is " + b + ", not 0 or 1");
        }
        return b == 1;
    }

    /** {@code PMIX_BYTE}/{@code PMIX_INT8}: one byte. */
    public byte readByte() {
        return (byte) readUnsignedByte();
    }

    /** {@code PMIX_UINT8} and the 8-bit enums: one byte, 0..255. */
    public int readUint8() {
        return readUnsignedByte();
    }

    private int readUnsignedByte() {
        if (pos >= limit) {
            throw truncated("byte", 1);
        }
        return src[pos++] & 0xFF;
    }

    /** {@code PMIX_UINT16}: unsigned flex128, at most 16 bits. */
    public int readUint16() {
        long v = readFlex("uint16");
        if (v >>> 16 != 0) {
            throw malformed("flex128 value " + Long.toUnsignedString(v) + " does not fit a uint16");
        }
        return (int) v;
    }

    /** {@code PMIX_UINT32}: unsigned flex128, at most 32 bits, as an int's bits. */
    public int readUint32() {
        long v = readFlex("uint32");
        if (v >>> 32 != 0) {
            throw malformed("flex128 value " + Long.toUnsignedString(v) + " does not fit a uint32");
        }
        return (int) v;
    }

    /** {@code PMIX_UINT64}: unsigned flex128, as a long's bits. */
    public long readUint64() {
        return readFlex("uint64");
    }

    /** {@code PMIX_SIZE}: unsigned flex128, as a long's bits. */
    public long readSize() {
        return readFlex("size");
    }

    /** {@code PMIX_PROC_RANK}: a uint32. */
    public int readRank() {
        return readUint32();
    }

    /** {@code PMIX_INT16}: zig-zag flex128 whose encoding fits 16 bits (psquash's size check). */
    public short readInt16() {
        long u = readFlex("int16");
        if (u >>> 16 != 0) {
            throw malformed("flex128 value " + Long.toUnsignedString(u) + " does not fit an int16");
        }
        return (short) unzigzag(u);
    }

    /** {@code PMIX_INT32}, {@code INT}, {@code STATUS}, {@code UINT}: zig-zag flex128 fitting 32 bits. */
    public int readInt32() {
        long u = readFlex("int32");
        if (u >>> 32 != 0) {
            throw malformed("flex128 value " + Long.toUnsignedString(u) + " does not fit an int32");
        }
        return (int) unzigzag(u);
    }

    /** {@code PMIX_INT64}: zig-zag flex128. */
    public long readInt64() {
        return unzigzag(readFlex("int64"));
    }

    /** {@code PMIX_STATUS}. */
    public int readStatus() {
        return readInt32();
    }

    /** {@code (u >>> 1) ^ -(u & 1)}: psquash's sign/magnitude split ({@code psquash_flex128.c:137-148}). */
    private static long unzigzag(long u) {
        return (u >>> 1) ^ -(u & 1);
    }

    /**
     * Flex128 ({@code psquash_flex128.c:334-372}): seven bits a byte, low first, high bit set while
     * more follow; after eight such bytes a ninth carries the top eight bits whole. Stricter than
     * 4.2.2's decoder, which no 4.2.2 encoder needs: a last byte of zero after the first (an
     * overlong form) fails, and so does running out of bytes (4.2.2 reads the last byte it has as
     * the ninth).
     */
    private long readFlex(String what) {
        long value = 0;
        int p = pos;
        for (int i = 0; i < 8; i++) {
            if (p >= limit) {
                throw truncated(what, p - pos + 1L);
            }
            int b = src[p++] & 0xFF;
            value |= (long) (b & 0x7F) << (7 * i);
            if ((b & 0x80) == 0) {
                if (b == 0 && i > 0) {
                    throw malformed(what + ": overlong flex128 encoding of " + (i + 1) + " bytes");
                }
                pos = p;
                return value;
            }
        }
        if (p >= limit) {
            throw truncated(what, 9);
        }
        int last = src[p++] & 0xFF;
        if (last == 0) {
            throw malformed(what + ": overlong flex128 encoding of 9 bytes");
        }
        pos = p;
        return value | (long) last << 56;
    }

    /**
     * {@code PMIX_PID}: the sender's {@code pid_t} type as a uint16, then the pid as that type,
     * cast to a 32-bit {@code pid_t} as {@code PMIX_BFROP_UNPACK_SIZE_MISMATCH} does
     * ({@code bfrop_base_unpack.c:253-275}, {@code base.h:160-187}).
     */
    public int readPid() {
        return readPid(readUint16());
    }

    private int readPid(int type) {
        return switch (type) {
            case DataType.UINT32 -> readUint32();
            case DataType.INT32 -> readInt32();
            case DataType.UINT16 -> readUint16();
            case DataType.INT16 -> readInt16();
            case DataType.UINT8 -> readUint8();
            case DataType.INT8 -> readByte();
            case DataType.UINT64 -> (int) readUint64();
            case DataType.INT64 -> (int) readInt64();
            default -> throw malformed("PMIX_PID sent as " + DataType.name(type) + ", not an integer type");
        };
    }

    /** {@code PMIX_TIME}: a {@code uint64_t}, as a long's bits. */
    public long readTime() {
        return readUint64();
    }

    /** {@code PMIX_TIMEVAL}: seconds and microseconds, two {@code INT64}. */
    public TimeVal readTimeVal() {
        long seconds = readInt64();
        long micros = readInt64();
        return build("timeval", () -> new TimeVal(seconds, micros));
    }

    /** {@code PMIX_FLOAT}: the {@code "%f"} text as a string, read as {@code strtof} does. */
    public float readFloat() {
        String s = readNumberText("PMIX_FLOAT");
        Float f = FloatText.parseFloat(s);
        if (f == null) {
            throw malformed("PMIX_FLOAT text is not a number: '" + clip(s) + "'");
        }
        return f;
    }

    /** {@code PMIX_DOUBLE}: the {@code "%f"} text as a string, read as {@code strtod} does. */
    public double readDouble() {
        String s = readNumberText("PMIX_DOUBLE");
        Double d = FloatText.parseDouble(s);
        if (d == null) {
            throw malformed("PMIX_DOUBLE text is not a number: '" + clip(s) + "'");
        }
        return d;
    }

    private String readNumberText(String what) {
        String s = readString();
        if (s == null) {
            throw malformed(what + " is a NULL string");
        }
        return s;
    }

    // ---- strings and bytes ----

    /**
     * {@code PMIX_STRING}: an {@code INT32} length counting the NUL, the bytes, the NUL
     * ({@code bfrop_base_unpack.c:397-426}); null for length 0 (C's NULL). The bytes must be strict
     * UTF-8 with no NUL before the last.
     */
    public String readString() {
        int len = readInt32();
        if (len < 0) {
            throw malformed("string: negative length " + len);
        }
        if (len == 0) {
            return null;
        }
        need("string of " + len + " bytes", len);
        budget.chargeBytes("string", len);
        int n = len - 1;
        if (src[pos + n] != 0) {
            throw malformed("string of " + len + " bytes does not end with a NUL");
        }
        boolean ascii = true;
        for (int i = pos; i < pos + n; i++) {
            byte b = src[i];
            if (b == 0) {
                throw malformed("string of " + len + " bytes has a NUL at " + (i - pos));
            }
            if (b < 0) {
                ascii = false;
            }
        }
        String s = ascii ? new String(src, pos, n, StandardCharsets.ISO_8859_1) : decodeUtf8(pos, n);
        pos += len;
        return s;
    }

    /** A string the model needs (a key, a namespace): NULL fails. */
    private String requiredString(String what) {
        String s = readString();
        if (s == null) {
            throw malformed(what + " is a NULL string");
        }
        return s;
    }

    /** {@code PMIX_PROC_NSPACE}: a string of at most {@link Proc#MAX_NSLEN} bytes, or null. */
    private String readNamespace() {
        String ns = readString();
        if (ns != null) {
            build("namespace", () -> new Proc(ns, 0));
        }
        return ns;
    }

    private String decodeUtf8(int offset, int n) {
        if (utf8 == null) {
            utf8 = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT);
        }
        try {
            return utf8.reset().decode(ByteBuffer.wrap(src, offset, n)).toString();
        } catch (CharacterCodingException e) {
            throw malformed("string at offset " + (offset - start) + " is not valid UTF-8");
        }
    }

    /** {@code PMIX_BYTE_OBJECT} (and the compressed types, a data buffer): a {@code SIZE} count, the bytes, copied. */
    public byte[] readByteObject() {
        int n = readLength("byte object");
        budget.chargeBytes("byte object", n);
        byte[] b = new byte[n];
        System.arraycopy(src, pos, b, 0, n);
        pos += n;
        return b;
    }

    /** A {@code SIZE} byte count no larger than what is left. */
    private int readLength(String what) {
        long n = readSize();
        if (n < 0 || n > remaining()) {
            throw truncated(what + " of " + Long.toUnsignedString(n) + " bytes", n < 0 ? Long.MAX_VALUE : n);
        }
        return (int) n;
    }

    /**
     * {@code PMIX_BUFFER} ({@code bfrop_base_unpack.c:837-883}): the buffer type byte, a {@code SIZE}
     * count, the bytes; a reader over them sharing this reader's budget.
     */
    public BfropsReader readBuffer() {
        int type = readUnsignedByte();
        if (type != Bfrops.BUFFER_NON_DESC) {
            throw malformed("PMIX_BUFFER of buffer type " + type + ": only non-described (1) buffers are read");
        }
        return nested(readLength("buffer"));
    }

    private BfropsReader nested(int n) {
        BfropsReader r = new BfropsReader(src, pos, n, budget, depth);
        pos += n;
        return r;
    }

    /**
     * {@code PMIX_REGEX}, as OpenPMIx's preg components unpack it in priority order
     * ({@code mca/preg/base/preg_base_stubs.c:139-156}): a compress blob (refused: 4.2.2 sizes it
     * with {@code strtoul("size=...")}, which is 0, so the blob arrives cut), a {@code "pmix"}
     * (native, {@code preg_native.c:559-576}) or {@code "raw:"} ({@code preg_raw.c:139-156}) C
     * string up to its NUL, else one counted {@code PMIX_STRING} ({@code PMIX_BFROPS_UNPACK}). The
     * value is the C string's bytes with the NUL, as a {@code pmix_value_t} holds it.
     */
    public byte[] readRegex() {
        if (remaining() < 4 && (cutOf(PMIX) || cutOf(RAW) || cutOf(BLOB))) {
            // too short to tell the forms apart, and a counted string starts with 0x02, not a letter
            throw truncated("PMIX_REGEX", 4);
        }
        if (startsWith(BLOB)) {
            int nul = indexOfNul(pos);
            if (nul >= 0 && nul + 1 + ZLIB.length <= limit && startsWith(nul + 1, ZLIB)) {
                throw malformed("PMIX_REGEX in preg/compress form: 4.2.2 transfers it truncated"
                        + " (preg_compress.c:301 sizes it with strtoul(\"size=...\"), which is 0); not read");
            }
        }
        if (startsWith(PMIX) || startsWith(RAW)) {
            int nul = indexOfNul(pos);
            if (nul < 0) {
                throw truncated("PMIX_REGEX without its NUL", remaining() + 1L);
            }
            int n = nul + 1 - pos;
            budget.chargeBytes("regex", n);
            byte[] b = new byte[n];
            System.arraycopy(src, pos, b, 0, n);
            pos += n;
            return b;
        }
        expectOne(DataType.STRING);
        int len = readInt32();
        if (len < 0) {
            throw malformed("PMIX_REGEX string: negative length " + len);
        }
        if (len == 0) {
            throw malformed("PMIX_REGEX is a NULL string, which a Value cannot hold");
        }
        need("PMIX_REGEX string of " + len + " bytes", len);
        budget.chargeBytes("regex", len);
        if (src[pos + len - 1] != 0 || indexOfNul(pos) != pos + len - 1) {
            throw malformed("PMIX_REGEX string of " + len + " bytes is not one NUL-terminated C string");
        }
        byte[] b = new byte[len];
        System.arraycopy(src, pos, b, 0, len);
        pos += len;
        return b;
    }

    /** Whether the bytes left, fewer than the prefix, are its beginning. */
    private boolean cutOf(byte[] prefix) {
        for (int i = pos; i < limit; i++) {
            if (src[i] != prefix[i - pos]) {
                return false;
            }
        }
        return true;
    }

    private boolean startsWith(byte[] prefix) {
        return startsWith(pos, prefix);
    }

    private boolean startsWith(int at, byte[] prefix) {
        if (limit - at < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (src[at + i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    private int indexOfNul(int from) {
        for (int i = from; i < limit; i++) {
            if (src[i] == 0) {
                return i;
            }
        }
        return -1;
    }

    // ---- the structs, field by field as bfrop_base_unpack.c reads them ----

    /** {@code PMIX_PROC}: namespace, rank ({@code bfrop_base_unpack.c:885-926}); a NULL namespace fails. */
    public Proc readProc() {
        String ns = requiredString("proc namespace");
        int rank = readUint32();
        return build("proc", () -> new Proc(ns, rank));
    }

    /** {@code PMIX_INFO}: key, directives, value type, value ({@code bfrop_base_unpack.c:725-778}). */
    public Info readInfo() {
        String key = requiredString("info key");
        int directives = readUint32();
        Value v = readValue();
        return build("info", () -> new Info(key, v, directives));
    }

    /** {@code PMIX_KVAL}: key, then a {@code PMIX_VALUE} ({@code bfrop_base_unpack.c:1030-1063}). */
    public KeyValue readKeyValue() {
        String key = requiredString("kval key");
        Value v = readValue();
        return build("kval", () -> new KeyValue(key, v));
    }

    /** {@code PMIX_PDATA}: proc, key, value type, value ({@code bfrop_base_unpack.c:780-835}). */
    public PData readPData() {
        Proc proc = readProc();
        String key = requiredString("pdata key");
        Value v = readValue();
        return build("pdata", () -> new PData(proc, key, v));
    }

    /**
     * {@code PMIX_APP} ({@code bfrop_base_unpack.c:928-1028}): cmd, argc ({@code INT}), argv, envc
     * ({@code INT32}), env, cwd, maxprocs ({@code INT}), ninfo ({@code SIZE}), infos.
     */
    public App readApp() {
        String cmd = requiredString("app cmd");
        List<String> argv = readStrings("app argv");
        List<String> env = readStrings("app env");
        String cwd = readString();
        int maxProcs = readInt32();
        List<Info> infos = readInfos("app info");
        return build("app", () -> new App(cmd, argv, env, cwd, maxProcs, infos));
    }

    /** An {@code INT32} count, then that many non-NULL strings. */
    private List<String> readStrings(String what) {
        int n = readCount(what, 1);
        List<String> out = new ArrayList<>(Math.min(n, PRESIZE));
        for (int i = 0; i < n; i++) {
            out.add(requiredString(what));
        }
        return out;
    }

    /** A {@code SIZE} count, then that many infos. */
    private List<Info> readInfos(String what) {
        int n = readSizeCount(what, 3);
        List<Info> out = new ArrayList<>(Math.min(n, PRESIZE));
        for (int i = 0; i < n; i++) {
            out.add(readInfo());
        }
        return out;
    }

    /**
     * {@code PMIX_PROC_INFO} ({@code bfrop_base_unpack.c:1182-1231}): proc, hostname, executable,
     * pid, state. No exit code travels; it reads as 0.
     */
    public ProcInfo readProcInfo() {
        Proc proc = readProc();
        String hostname = readString();
        String executable = readString();
        int pid = readPid();
        int state = readUint8();
        return build("proc info", () -> new ProcInfo(proc, hostname, executable, pid, 0, state));
    }

    /**
     * {@code PMIX_DATA_ARRAY} ({@code bfrop_base_unpack.c:1233-1282}): element type, {@code SIZE}
     * count, then the elements unless the count is 0 or the type {@code PMIX_UNDEF}.
     */
    public DataArray readDataArray() {
        enter();
        try {
            int type = readUint16();
            Form f = Bfrops.form(type);
            if (f == Form.UNKNOWN) {
                throw unknownType(type);
            }
            if (f == Form.UNSUPPORTED) {
                throw malformed("data array of " + DataType.name(type) + ": " + Bfrops.unsupportedReason(type));
            }
            if (f == Form.BUFFER) {
                throw malformed("data array of PMIX_BUFFER: a Value cannot hold a buffer");
            }
            String what = "data array of " + DataType.name(type);
            int n = readSizeCount(what, minBytes(type));
            List<Value> values;
            if (type == DataType.UNDEF) {
                values = Collections.nCopies(n, Value.UNDEF);
            } else if (type == DataType.PID && n > 0) {
                // the elements are unpacked in one call: one type tag for all the pids
                int tag = readUint16();
                values = new ArrayList<>(Math.min(n, PRESIZE));
                for (int i = 0; i < n; i++) {
                    values.add(Value.ofPid(readPid(tag)));
                }
            } else {
                values = new ArrayList<>(Math.min(n, PRESIZE));
                for (int i = 0; i < n; i++) {
                    values.add(valueOf(type, read(type)));
                }
            }
            List<Value> elements = values;
            return build(what, () -> new DataArray(type, elements));
        } finally {
            depth--;
        }
    }

    /**
     * {@code PMIX_QUERY} ({@code bfrop_base_unpack.c:1295-1348}): key count ({@code INT32}), keys,
     * qualifier count ({@code SIZE}), qualifiers.
     */
    public Query readQuery() {
        List<String> keys = readStrings("query keys");
        List<Info> qualifiers = readInfos("query qualifiers");
        return build("query", () -> new Query(keys, qualifiers));
    }

    /** {@code PMIX_ENVAR}: name, value, separator byte ({@code bfrop_base_unpack.c:1374-1411}). */
    public Envar readEnvar() {
        String name = requiredString("envar name");
        String value = requiredString("envar value");
        char separator = (char) readUint8();
        return build("envar", () -> new Envar(name, value, separator));
    }

    /** {@code PMIX_COORD}: view, dims ({@code SIZE}), coordinates ({@code UINT32}) ({@code bfrop_base_unpack.c:1413-1453}). */
    public Coord readCoord() {
        int view = readUint8();
        int[] coords = new int[readSizeCount("coord", 1)];
        for (int i = 0; i < coords.length; i++) {
            coords[i] = readUint32();
        }
        return build("coord", () -> new Coord(view, coords));
    }

    /**
     * {@code PMIX_REGATTR} ({@code bfrop_base_unpack.c:1455-1520}): name, key, type, description
     * line count ({@code INT32}), lines. The type is read as the {@code UINT16} a 4.2.2 packer
     * writes ({@code bfrop_base_pack.c:1113}); 4.2.2's own unpacker reads it as an {@code INT16}
     * ({@code bfrop_base_unpack.c:358-368}) and so mangles what its packer wrote.
     */
    public RegAttr readRegAttr() {
        String name = requiredString("regattr name");
        String key = requiredString("regattr key");
        int type = readUint16();
        List<String> description = readStrings("regattr description");
        return build("regattr", () -> new RegAttr(name, key, type, description));
    }

    /**
     * {@code PMIX_PROC_CPUSET}: hwloc's list text ({@code pmix_hwloc_datatype.c:59-83}), source
     * {@code "hwloc"}. NULL (an unbound process) reads as the empty bitmap, as does the empty text.
     */
    public CpuSet readCpuSet() {
        String bitmap = readString();
        return new CpuSet("hwloc", bitmap == null ? "" : bitmap);
    }

    /**
     * {@code PMIX_GEOMETRY} ({@code bfrop_base_unpack.c:1596-1654}): fabric ({@code SIZE}), uuid,
     * osname, coordinate count ({@code SIZE}), coordinates.
     */
    public Geometry readGeometry() {
        long fabric = readSize();
        String uuid = readString();
        String osname = readString();
        int n = readSizeCount("geometry coordinates", 2);
        List<Coord> coords = new ArrayList<>(Math.min(n, PRESIZE));
        for (int i = 0; i < n; i++) {
            coords.add(readCoord());
        }
        return build("geometry", () -> new Geometry(fabric, uuid, osname, coords));
    }

    /** {@code PMIX_DEVICE_DIST}: uuid, osname, type ({@code UINT64}), min and max ({@code UINT16}). */
    public DeviceDistance readDeviceDistance() {
        String uuid = readString();
        String osname = readString();
        long type = readUint64();
        int min = readUint16();
        int max = readUint16();
        return build("device distance", () -> new DeviceDistance(uuid, osname, type, min, max));
    }

    /** {@code PMIX_ENDPOINT}: uuid, osname, a byte object. */
    public Endpoint readEndpoint() {
        String uuid = readString();
        String osname = readString();
        byte[] bytes = readByteObject();
        return build("endpoint", () -> new Endpoint(uuid, osname, bytes));
    }

    /**
     * {@code PMIX_PROC_STATS} as a 4.2.2 peer packs it ({@code bfrop_base_pack.c:1363-1431}; see
     * {@link BfropsWriter#writeProcStats}): {@code percentCpu} and {@code peakVsize} do not travel and
     * read as 0; the thread count and processor, packed as {@code INT16}, read back as their uint16 bits.
     */
    public ProcStats readProcStats() {
        String node = readString();
        Proc proc = readProc();
        int pid = readPid();
        String cmd = readString();
        char state = (char) readUint8();
        TimeVal time = readTimeVal();
        int priority = readInt32();
        int numThreads = readInt16() & 0xFFFF;
        float pss = readFloat();
        float vsize = readFloat();
        float rss = readFloat();
        int processor = readInt16() & 0xFFFF;
        TimeVal sampleTime = readTimeVal();
        return build("proc stats", () -> new ProcStats(node, proc, pid, cmd, state, time, 0f, priority, numThreads,
                pss, vsize, rss, 0f, processor, sampleTime));
    }

    /** {@code PMIX_DISK_STATS}: the disk, eleven {@code UINT64} counters. */
    public DiskStats readDiskStats() {
        String disk = readString();
        long[] c = new long[11];
        for (int i = 0; i < c.length; i++) {
            c[i] = readUint64();
        }
        return new DiskStats(disk, c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10]);
    }

    /** {@code PMIX_NET_STATS}: the interface, six {@code UINT64} counters. */
    public NetStats readNetStats() {
        String netInterface = readString();
        long[] c = new long[6];
        for (int i = 0; i < c.length; i++) {
            c[i] = readUint64();
        }
        return new NetStats(netInterface, c[0], c[1], c[2], c[3], c[4], c[5]);
    }

    /**
     * {@code PMIX_NODE_STATS} ({@code bfrop_base_unpack.c:2099-2222}): node, eleven {@code FLOAT}s,
     * sample time, disk count and disks, interface count and interfaces.
     */
    public NodeStats readNodeStats() {
        String node = readString();
        float[] f = new float[11];
        for (int i = 0; i < f.length; i++) {
            f[i] = readFloat();
        }
        TimeVal sampleTime = readTimeVal();
        int nd = readSizeCount("node stats disks", 12);
        List<DiskStats> disks = new ArrayList<>(Math.min(nd, PRESIZE));
        for (int i = 0; i < nd; i++) {
            disks.add(readDiskStats());
        }
        int nn = readSizeCount("node stats interfaces", 7);
        List<NetStats> nets = new ArrayList<>(Math.min(nn, PRESIZE));
        for (int i = 0; i < nn; i++) {
            nets.add(readNetStats());
        }
        return build("node stats", () -> new NodeStats(node, f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8], f[9],
                f[10], sampleTime, disks, nets));
    }

    // ---- helpers ----

    private void enter() {
        if (depth >= budget.maxDepth) {
            throw overCap("nesting deeper than maxDepth=" + budget.maxDepth);
        }
        depth++;
    }

    private void need(String what, int n) {
        if (n > limit - pos) {
            throw truncated(what, n);
        }
    }

    /** Runs a model constructor; what it rejects came from the bytes, so it is a malformed payload. */
    private <T> T build(String what, Supplier<T> constructor) {
        try {
            return constructor.get();
        } catch (PmixException e) {
            throw new PmixException(Status.ERR_UNPACK_FAILURE, "unpack: invalid " + what + " at offset "
                    + position() + ": " + e.getMessage(), e);
        }
    }

    private static String clip(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "...";
    }

    private PmixException truncated(String what, long needed) {
        return new PmixException(Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER, "unpack: " + what + " needs " + needed
                + " bytes at offset " + position() + ", " + remaining() + " left");
    }

    private PmixException malformed(String message) {
        return new PmixException(Status.ERR_UNPACK_FAILURE, "unpack: " + message + " (offset " + position() + ")");
    }

    private static PmixException overCap(String message) {
        return new PmixException(Status.ERR_UNPACK_INADEQUATE_SPACE, "unpack: " + message);
    }

    private PmixException unknownType(int type) {
        return new PmixException(Status.ERR_UNKNOWN_DATA_TYPE, "unpack: unknown data type " + type + " (offset "
                + position() + ")");
    }

    @Override
    public String toString() {
        return "BfropsReader[" + position() + "/" + (limit - start) + " bytes]";
    }
}
