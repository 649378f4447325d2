package io.github.jpmix.common.internal.codec;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Registration;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Not API. Encodes and decodes PMIx data-model messages: a {@link io.github.jpmix.common.Value},
 * an {@link Info}, a {@code List<Info>}, a {@link io.github.jpmix.common.Proc}, a
 * {@link io.github.jpmix.common.Query}, a {@link io.github.jpmix.common.ProcInfo}, a
 * {@link io.github.jpmix.common.DataArray} or any other PMIx struct, nested as deep as
 * {@link CodecOptions#maxDepth()} allows. The format is Kryo with registration required and
 * references off, every kind at a fixed ID ({@link CodecFormat}), every layout written field by field;
 * {@code docs/codec.md} is its source of truth.
 *
 * <p><b>Threading.</b> A codec is not thread-safe: it reuses one Kryo, one input and one output for
 * every call, so a call allocates nothing but what it returns. Give each thread, or each connection
 * served by one thread, its own codec ({@code new Codec()} costs about as much as one Kryo, tens of
 * microseconds), or use {@link #local()}, the calling thread's codec. A codec is not reentrant either.
 *
 * <p><b>Decoding hostile bytes.</b> Decoding reads the region in place (no copy of it is made) and
 * never past its end. Every length and count the bytes claim is checked against what is left in the
 * region and against the options' budget before anything is allocated. A payload that is not exactly
 * one well-formed message fails with a {@link PmixException} whose status says why:
 * <ul>
 *   <li>{@link Status#ERR_UNPACK_READ_PAST_END_OF_BUFFER}: truncated, or a length or count longer
 *       than the rest of the region;</li>
 *   <li>{@link Status#ERR_UNPACK_INADEQUATE_SPACE}: over a cap of the {@link CodecOptions} (bytes,
 *       elements, depth);</li>
 *   <li>{@link Status#ERR_UNKNOWN_DATA_TYPE}: a data type code PMIx does not define;</li>
 *   <li>{@link Status#ERR_UNPACK_FAILURE}: anything else malformed: an unregistered class ID, a class
 *       name, trailing bytes, a negative length, invalid UTF-8, a boolean that is not 0 or 1, a
 *       {@code POINTER}, a field the model's constructors reject (a namespace over 255 bytes, a
 *       timeval of 1,000,000 microseconds, ...);</li>
 *   <li>{@link Status#ERR_TYPE_MISMATCH}: a well-formed message of another kind than a typed
 *       decode asked for;</li>
 *   <li>{@link Status#ERR_BAD_PARAM}: the caller's region is not inside its buffer.</li>
 * </ul>
 * No other exception escapes a decode of any bytes.
 */
public final class Codec {
    private static final ThreadLocal<Codec> LOCAL = ThreadLocal.withInitial(Codec::new);
    private static final byte[] NO_BYTES = new byte[0];

    private final CodecOptions options;
    private final Kryo kryo;
    private final CodecInput in;
    private final CodecOutput out;
    /** Wraps a caller's byte[] for decoding; re-pointed per call, never copied. */
    private final UnsafeBuffer heapView = new UnsafeBuffer(NO_BYTES);

    /** A codec with the options of the system properties, or the defaults ({@link CodecOptions}). */
    public Codec() {
        this(new CodecOptions());
    }

    /**
     * A codec with the given decode limits.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} if the options are invalid
     */
    public Codec(CodecOptions options) {
        this.options = Objects.requireNonNull(options, "options").conclude();
        this.kryo = CodecFormat.newKryo();
        this.in = new CodecInput(options);
        this.out = new CodecOutput(options);
    }

    /** The calling thread's codec, with default options. Use it on this thread only. */
    public static Codec local() {
        return LOCAL.get();
    }

    public CodecOptions options() {
        return options;
    }

    // ---- encoding ----

    /**
     * The message's encoding in a new array.
     *
     * @param message a {@code Value}, {@code DataArray}, any PMIx struct record, or a {@code List} of {@code Info}
     * @throws PmixException {@link Status#ERR_PACK_FAILURE} if it is not such a message, nests deeper than
     *     {@link CodecOptions#maxDepth()}, or holds a string with an unpaired surrogate (UTF-8 cannot carry it)
     */
    public byte[] encode(Object message) {
        try {
            int n = encodeToOutput(message);
            return Arrays.copyOf(out.getBuffer(), n);
        } finally {
            out.release();
        }
    }

    /**
     * Writes the message's encoding at {@code index} of {@code dst}; returns its length. The message is
     * encoded into this codec's scratch array first, then copied once into {@code dst}.
     *
     * @throws PmixException as {@link #encode(Object)}, or {@link Status#ERR_OUT_OF_RESOURCE} if
     *     {@code dst} is not expandable and has no room for it at {@code index} (nothing is written),
     *     {@link Status#ERR_BAD_PARAM} for a negative index
     */
    public int encode(Object message, MutableDirectBuffer dst, int index) {
        Objects.requireNonNull(dst, "dst");
        if (index < 0) {
            throw new PmixException(Status.ERR_BAD_PARAM, "encode: negative index " + index);
        }
        try {
            int n = encodeToOutput(message);
            if (!dst.isExpandable() && n > dst.capacity() - index) {
                throw new PmixException(Status.ERR_OUT_OF_RESOURCE, "encode: message of " + n + " bytes does not fit at "
                        + index + " of a buffer of capacity " + dst.capacity());
            }
            dst.putBytes(index, out.getBuffer(), 0, n);
            return n;
        } finally {
            out.release();
        }
    }

    private int encodeToOutput(Object message) {
        Objects.requireNonNull(message, "message");
        Class<?> kind = message instanceof List ? List.class : message.getClass();
        out.begin();
        try {
            Registration r = kryo.writeClass(out, kind);
            kryo.writeObject(out, message, r.getSerializer());
            return out.position();
        } catch (PmixException e) {
            kryo.reset();
            throw e;
        } catch (RuntimeException | StackOverflowError e) {
            kryo.reset();
            throw new PmixException(Status.ERR_PACK_FAILURE, "encode: " + message.getClass().getSimpleName() + ": " + e, e);
        }
    }

    // ---- decoding ----

    /** The message in {@code src}, which must hold exactly one. See the class comment for the failures. */
    public Object decode(byte[] src) {
        return decode(Objects.requireNonNull(src, "src"), 0, src.length);
    }

    /** The message in {@code length} bytes at {@code offset} of {@code src}, read in place. */
    public Object decode(byte[] src, int offset, int length) {
        Objects.requireNonNull(src, "src");
        if (offset < 0 || length < 0 || offset > src.length - length) {
            throw new PmixException(Status.ERR_BAD_PARAM, "decode: region offset=" + offset + " length=" + length
                    + " is not inside an array of " + src.length);
        }
        heapView.wrap(src, offset, length);
        try {
            return decode(heapView, 0, length);
        } finally {
            heapView.wrap(NO_BYTES);
        }
    }

    /**
     * The message in {@code length} bytes at {@code offset} of {@code src}, read in place: nothing is
     * copied out of the buffer but the bytes of the strings and byte arrays being decoded, and nothing
     * at or after {@code offset + length} is read.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} if the region is not inside {@code src}; for a
     *     bad payload, a status of the class comment's list
     */
    public Object decode(DirectBuffer src, int offset, int length) {
        Objects.requireNonNull(src, "src");
        in.wrap(src, offset, length);
        try {
            Object message = kryo.readClassAndObject(in);
            if (in.remaining() != 0) {
                throw CodecInput.malformed(in.remaining() + " trailing bytes after a " + message.getClass().getSimpleName());
            }
            return message;
        } catch (PmixException e) {
            kryo.reset();
            if (isDecodeStatus(e.status())) {
                throw e;
            }
            // the model's constructors validate: a field they reject came from a bad payload
            throw new PmixException(Status.ERR_UNPACK_FAILURE, "decode: invalid field: " + e.getMessage(), e);
        } catch (RuntimeException | StackOverflowError e) {
            kryo.reset();
            throw new PmixException(Status.ERR_UNPACK_FAILURE, "decode: " + e, e);
        } finally {
            in.release();
        }
    }

    /**
     * The message in {@code src}, which must be a {@code kind}.
     *
     * @throws PmixException {@link Status#ERR_TYPE_MISMATCH} for a well-formed message of another kind
     */
    public <T> T decode(byte[] src, Class<T> kind) {
        return as(decode(src), kind);
    }

    /** The message in a region of {@code src}, which must be a {@code kind}; see {@link #decode(byte[], Class)}. */
    public <T> T decode(DirectBuffer src, int offset, int length, Class<T> kind) {
        return as(decode(src, offset, length), kind);
    }

    /** A {@code List<Info>} message, immutable. */
    public List<Info> decodeInfos(byte[] src) {
        return infos(decode(src));
    }

    /** A {@code List<Info>} message in a region of {@code src}, immutable. */
    public List<Info> decodeInfos(DirectBuffer src, int offset, int length) {
        return infos(decode(src, offset, length));
    }

    @SuppressWarnings("unchecked") // the INFO_LIST reader only makes lists of Info
    private static List<Info> infos(Object message) {
        return (List<Info>) as(message, List.class);
    }

    private static <T> T as(Object message, Class<T> kind) {
        if (!kind.isInstance(message)) {
            throw new PmixException(Status.ERR_TYPE_MISMATCH, "decode: expected a " + kind.getSimpleName()
                    + " message, got a " + message.getClass().getSimpleName());
        }
        return kind.cast(message);
    }

    private static boolean isDecodeStatus(int status) {
        return status == Status.ERR_UNPACK_FAILURE || status == Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER
                || status == Status.ERR_UNPACK_INADEQUATE_SPACE || status == Status.ERR_UNKNOWN_DATA_TYPE;
    }
}
