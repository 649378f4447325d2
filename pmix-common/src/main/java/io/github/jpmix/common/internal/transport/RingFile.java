package io.github.jpmix.common.internal.transport;

import static io.github.jpmix.common.internal.transport.RingFileDescriptor.ASLEEP_FIELD_OFFSET;
import static io.github.jpmix.common.internal.transport.RingFileDescriptor.CLIENT_ID_OFFSET;
import static io.github.jpmix.common.internal.transport.RingFileDescriptor.CONTROL_BLOCK_LENGTH;
import static io.github.jpmix.common.internal.transport.RingFileDescriptor.FILE_LENGTH_OFFSET;
import static io.github.jpmix.common.internal.transport.RingFileDescriptor.HEARTBEAT_FIELD_OFFSET;
import static io.github.jpmix.common.internal.transport.RingFileDescriptor.MAGIC;
import static io.github.jpmix.common.internal.transport.RingFileDescriptor.MAGIC_OFFSET;
import static io.github.jpmix.common.internal.transport.RingFileDescriptor.PID_FIELD_OFFSET;
import static io.github.jpmix.common.internal.transport.RingFileDescriptor.REQUEST_RING_OFFSET;
import static io.github.jpmix.common.internal.transport.RingFileDescriptor.RING_CAPACITY_OFFSET;
import static io.github.jpmix.common.internal.transport.RingFileDescriptor.VERSION;
import static io.github.jpmix.common.internal.transport.RingFileDescriptor.VERSION_OFFSET;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.MappedFaults;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBuffer;

/**
 * Not API. One mapped ring file (layout: {@link RingFileDescriptor}): the control block and the
 * two rings of one client.
 *
 * <p>Threading: the control-block accessors may be called from any thread. {@link #unmap()} must
 * only be called once nothing can touch the mapping any more (the owners guarantee it: see
 * {@link RingSender#close} and the conductor/receiver threads); touching an unmapped file crashes
 * the JVM.
 */
public final class RingFile {
    /** Block offsets, for the side-indexed accessors. */
    public static final int SERVER = RingFileDescriptor.SERVER_BLOCK_OFFSET;
    public static final int CLIENT = RingFileDescriptor.CLIENT_BLOCK_OFFSET;

    private final Path path;
    /**
     * Open while mapped: its length is the mapped file's, also once the path is gone (the server
     * deletes a dropped client's ring file while that client may still read it). A RandomAccessFile's
     * {@code length()}, unlike a FileChannel's {@code size()}, does not close it when the calling
     * thread is interrupted.
     */
    private final RandomAccessFile file;
    private final MappedByteBuffer mapped;
    private final UnsafeBuffer control;
    private final OneToOneRingBuffer requests;
    private final OneToOneRingBuffer replies;
    private final int capacity;
    private final int clientId;
    private boolean unmapped;

    private RingFile(Path path, RandomAccessFile file, MappedByteBuffer mapped, int capacity, int clientId) {
        this.path = path;
        this.file = file;
        this.mapped = mapped;
        this.capacity = capacity;
        this.clientId = clientId;
        int ringLength = RingFileDescriptor.ringLength(capacity);
        this.control = new UnsafeBuffer(mapped, 0, CONTROL_BLOCK_LENGTH);
        this.requests = new OneToOneRingBuffer(new UnsafeBuffer(mapped, REQUEST_RING_OFFSET, ringLength));
        this.replies = new OneToOneRingBuffer(
                new UnsafeBuffer(mapped, RingFileDescriptor.replyRingOffset(capacity), ringLength));
    }

    /**
     * Creates the file (mode 0600; it must not exist), sizes it, initialises the header and maps
     * it. The magic is written last, with release semantics.
     */
    public static RingFile create(Path path, int capacity, int clientId, long serverPid) throws IOException {
        if (!RingFileDescriptor.isValidCapacity(capacity)) {
            throw new PmixException(Status.ERR_BAD_PARAM, "ring capacity=" + capacity + " is not valid");
        }
        int length = RingFileDescriptor.fileLength(capacity);
        Files.createFile(path, PosixFilePermissions.asFileAttribute(
                EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE)));
        RandomAccessFile file = null;
        MappedByteBuffer mapped = null;
        try {
            file = new RandomAccessFile(path.toFile(), "rw");
            allocate(file.getChannel(), length);
            mapped = file.getChannel().map(FileChannel.MapMode.READ_WRITE, 0, length);
            RingFile ring = new RingFile(path, file, mapped, capacity, clientId);
            UnsafeBuffer c = ring.control;
            c.putInt(VERSION_OFFSET, VERSION);
            c.putInt(RING_CAPACITY_OFFSET, capacity);
            c.putLong(FILE_LENGTH_OFFSET, length);
            c.putInt(CLIENT_ID_OFFSET, clientId);
            c.putLong(SERVER + PID_FIELD_OFFSET, serverPid);
            c.putLong(SERVER + HEARTBEAT_FIELD_OFFSET, System.currentTimeMillis());
            c.putLongRelease(MAGIC_OFFSET, MAGIC);
            return ring;
        } catch (IOException | RuntimeException | Error e) {
            InternalError fault = MappedFaults.unmap(mapped);
            if (fault != null && fault != e) {
                e.addSuppressed(fault);
            }
            if (file != null) {
                file.close();
            }
            Files.deleteIfExists(path);
            throw e;
        }
    }

    /**
     * Writes the file's {@code length} bytes of zeros (both rings start empty). Written, not sized
     * with {@code setLength}: a sparse file gets its pages only when the mapping first touches them,
     * and on a full file system that touch is a SIGBUS in whichever thread does it; written, the
     * space is taken now and a full file system is an {@link IOException} here, for the handshake to
     * refuse the client with.
     */
    private static void allocate(FileChannel channel, int length) throws IOException {
        ByteBuffer zeros = ByteBuffer.allocate(Math.min(length, 64 * 1024));
        for (long at = 0; at < length;) {
            zeros.clear().limit((int) Math.min(zeros.capacity(), length - at));
            at += channel.write(zeros, at);
        }
    }

    /**
     * Whether the mapping still covers the whole file: false once someone truncated the file, and
     * any access beyond the new end would fault. Used to find which client's ring faulted.
     */
    public boolean isIntact() {
        try {
            // the mapped file's length, not the path's: the path may be deleted (or another file) by now
            return file.length() >= RingFileDescriptor.fileLength(capacity);
        } catch (IOException e) {
            return true; // unmapped (the file is closed) or unreadable: no evidence of a truncation
        }
    }

    /**
     * Maps an existing ring file after checking its header.
     *
     * @throws PmixException {@link Status#ERR_NOT_SUPPORTED} for another layout version,
     *         {@link Status#ERR_BAD_PARAM} for a file that is not a valid ring file
     * @throws IOException when the file cannot be opened or mapped
     */
    public static RingFile attach(Path path) throws IOException {
        RandomAccessFile file = new RandomAccessFile(path.toFile(), "rw");
        MappedByteBuffer mapped = null;
        try {
            long size = file.length();
            if (size < CONTROL_BLOCK_LENGTH) {
                throw new PmixException(Status.ERR_BAD_PARAM, "ring file " + path + " is " + size
                        + " bytes, shorter than its " + CONTROL_BLOCK_LENGTH + "-byte header");
            }
            mapped = file.getChannel().map(FileChannel.MapMode.READ_WRITE, 0, size);
            UnsafeBuffer header = new UnsafeBuffer(mapped, 0, CONTROL_BLOCK_LENGTH);
            long magic = header.getLongVolatile(MAGIC_OFFSET);
            if (magic != MAGIC) {
                throw new PmixException(Status.ERR_BAD_PARAM,
                        "ring file " + path + " is not a JPMIx ring file: magic=0x" + Long.toHexString(magic));
            }
            int version = header.getInt(VERSION_OFFSET);
            if (version != VERSION) {
                throw new PmixException(Status.ERR_NOT_SUPPORTED, "ring file " + path + " has layout version="
                        + version + " but this JPMIx reads version=" + VERSION);
            }
            int capacity = header.getInt(RING_CAPACITY_OFFSET);
            long declaredLength = header.getLong(FILE_LENGTH_OFFSET);
            if (!RingFileDescriptor.isValidCapacity(capacity) || declaredLength != size
                    || size != RingFileDescriptor.fileLength(capacity)) {
                throw new PmixException(Status.ERR_BAD_PARAM, "ring file " + path + " is inconsistent: capacity="
                        + capacity + " declared length=" + declaredLength + " actual length=" + size);
            }
            return new RingFile(path, file, mapped, capacity, header.getInt(CLIENT_ID_OFFSET));
        } catch (IOException | RuntimeException | Error e) {
            InternalError fault = MappedFaults.unmap(mapped);
            if (fault != null && fault != e) {
                e.addSuppressed(fault);
            }
            file.close();
            throw e;
        }
    }

    public Path path() {
        return path;
    }

    int capacity() {
        return capacity;
    }

    public int clientId() {
        return clientId;
    }

    /** The control block, for tests and diagnostics. */
    UnsafeBuffer control() {
        return control;
    }

    /** Client to server. */
    public OneToOneRingBuffer requests() {
        return requests;
    }

    /** Server to client. */
    public OneToOneRingBuffer replies() {
        return replies;
    }

    /**
     * Sets or clears a side's asleep flag (a release store). A sleeper must issue a full fence
     * ({@link java.lang.invoke.VarHandle#fullFence()}) after setting its flag(s) and before it
     * re-checks its ring(s): the store must not be reordered after those loads
     * (docs/transport.md, "Waking").
     */
    public void asleep(int side, boolean asleep) {
        control.putIntRelease(side + ASLEEP_FIELD_OFFSET, asleep ? 1 : 0);
    }

    boolean isAsleep(int side) {
        return control.getIntVolatile(side + ASLEEP_FIELD_OFFSET) != 0;
    }

    public void heartbeat(int side, long epochMillis) {
        control.putLongRelease(side + HEARTBEAT_FIELD_OFFSET, epochMillis);
    }

    public long heartbeat(int side) {
        return control.getLongVolatile(side + HEARTBEAT_FIELD_OFFSET);
    }

    public void pid(int side, long pid) {
        control.putLongRelease(side + PID_FIELD_OFFSET, pid);
    }

    public long pid(int side) {
        return control.getLongVolatile(side + PID_FIELD_OFFSET);
    }

    /**
     * Whether the record at the consumer's head is committed (or padding), i.e. a read would make
     * progress. Only the ring's consumer may call it. A record claimed but not committed does not
     * count, so a producer that died mid-claim cannot keep the consumer from sleeping.
     */
    public static boolean hasCommittedRecord(RingBuffer ring) {
        AtomicBuffer buffer = ring.buffer();
        int index = (int) ring.consumerPosition() & (ring.capacity() - 1);
        return buffer.getIntVolatile(index) > 0; // RecordDescriptor.lengthOffset(index) == index
    }

    /**
     * Unmaps the file; idempotent. See the class comment for when this is safe.
     *
     * @throws InternalError a fault of a mapped file this thread touched earlier that had not
     *     surfaced yet ({@link MappedFaults#unmap}): thrown once the file is unmapped, or before
     *     anything is done when it surfaces on the way in (at a call into the VM's runtime); the
     *     fault is then spent, and a second call unmaps
     */
    public synchronized void unmap() {
        if (!unmapped) {
            InternalError fault = MappedFaults.unmap(mapped);
            unmapped = true;
            try {
                file.close();
            } catch (IOException e) {
                // nothing to do: the mapping is gone, and a descriptor's close does not fail in a way that matters
            }
            if (fault != null) {
                throw fault;
            }
        }
    }

    /** Whether {@link #unmap} ran. */
    synchronized boolean isUnmapped() {
        return unmapped;
    }

    /** Deletes the file (the mapping, if any, stays valid until unmapped). */
    public void delete() throws IOException {
        Files.deleteIfExists(path);
    }

    @Override
    public String toString() {
        return "RingFile{" + path + ", capacity=" + capacity + ", clientId=" + clientId + "}";
    }
}
