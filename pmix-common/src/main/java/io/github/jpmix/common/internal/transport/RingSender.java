package io.github.jpmix.common.internal.transport;

import static io.github.jpmix.common.internal.transport.Protocol.ABORT_LENGTH;
import static io.github.jpmix.common.internal.transport.Protocol.FRAGMENT_HEADER_LENGTH;
import static io.github.jpmix.common.internal.transport.Protocol.MESSAGE_HEADER_LENGTH;
import static io.github.jpmix.common.internal.transport.Protocol.RECORD_ABORT;
import static io.github.jpmix.common.internal.transport.Protocol.RECORD_FRAGMENT;
import static io.github.jpmix.common.internal.transport.Protocol.RECORD_MESSAGE;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.MappedFaults;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import org.agrona.DirectBuffer;
import io.github.jpmix.common.internal.LogText;
import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.ringbuffer.RingBuffer;

/**
 * Not API. The producer side of one ring: writes messages (fragmenting those larger than one
 * record), waits with back-off while the ring is full, and rings the peer's doorbell when the
 * peer sleeps.
 *
 * <p><b>Threading.</b> {@link #send} may be called from any thread: the ring has one producer, so
 * writers are serialised by {@code ringLock}, taken per record. A fragmented message also holds
 * {@code fragmentLock} from its first fragment to its last, so at most one fragmented message is in
 * flight per ring (the receiver relies on it), while small messages from other threads still slip
 * in between its fragments. After {@link #close} returns no thread touches the ring or the control
 * block through this sender again, so the owner may unmap the file.
 *
 * <p><b>Waking.</b> After each record: full fence, then read the peer's asleep flag; if set, ring
 * the doorbell. The sleeper stores its flag and then re-checks the ring, so one of the two always
 * sees the other (docs/transport.md, "Waking").
 */
public final class RingSender {
    /** Wakes the peer: writes one {@link Protocol#DOORBELL} byte to the socket, never blocking. */
    @FunctionalInterface
    public interface Doorbell {
        void ring();
    }

    private static final int SPIN_ATTEMPTS = 64;
    private static final int YIELD_ATTEMPTS = 16;
    private static final long MIN_PARK_NS = 1_000;
    private static final long MAX_PARK_NS = 1_000_000;

    private final RingBuffer ring;
    private final RingFile file;
    private final int peerSide;
    private final Doorbell doorbell;
    private final long sendTimeoutNs;
    private final int peerMaxMessageLength;
    private final String peerName;
    private final ReentrantLock ringLock = new ReentrantLock();
    private final ReentrantLock fragmentLock = new ReentrantLock();

    /** Guarded by fragmentLock. */
    private int nextMessageId = 1;
    /** Guarded by ringLock: a fragmented message given up half-way, to abort before the next record. */
    private int abortPending;
    /** Guarded by ringLock: non-null once closed. */
    private String closedReason;
    /** Guarded by ringLock: the mapped file faulted under a send. */
    private boolean faulted;

    /**
     * @param peerSide the peer's block in the control block ({@link RingFile#SERVER} or {@link RingFile#CLIENT})
     * @param peerMaxMessageLength the largest payload the peer accepts (from the handshake)
     * @param peerName names the peer in error messages
     */
    public RingSender(RingBuffer ring, RingFile file, int peerSide, Doorbell doorbell, long sendTimeoutNs,
            int peerMaxMessageLength, String peerName) {
        this.ring = ring;
        this.file = file;
        this.peerSide = peerSide;
        this.doorbell = doorbell;
        this.sendTimeoutNs = sendTimeoutNs;
        this.peerMaxMessageLength = peerMaxMessageLength;
        this.peerName = peerName;
    }

    /**
     * Sends one message, blocking while the ring is full.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} when the payload exceeds the peer's limit;
     *         {@link Status#ERR_OUT_OF_RESOURCE} when the ring stays full for the send timeout
     *         (for a fragmented message: when no fragment fits for that long);
     *         {@link Status#ERR_LOST_CONNECTION} once closed; {@link Status#ERROR} when interrupted
     *         while waiting for space (the interrupt flag stays set)
     */
    public void send(int correlationId, int flags, DirectBuffer src, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, src.capacity());
        if (length > peerMaxMessageLength) {
            throw new PmixException(Status.ERR_BAD_PARAM, "message of " + length + " bytes exceeds maxMessageLength="
                    + peerMaxMessageLength + " of " + peerName);
        }
        try {
            if (MESSAGE_HEADER_LENGTH + length <= ring.maxMsgLength()) {
                write(RECORD_MESSAGE, MESSAGE_HEADER_LENGTH, correlationId, flags, 0, 0, 0, src, offset, length);
            } else {
                sendFragmented(correlationId, flags, src, offset, length);
            }
        } catch (InternalError e) {
            throw fault(e); // this ring's file faulted, or faults kept coming (write absorbs stray ones)
        }
    }

    /**
     * Writes one small message if it fits in the ring now, without waiting (for a last word to a
     * peer that may not be reading: a full ring or a closed or faulted sender is simply false).
     */
    public boolean offer(int correlationId, int flags, DirectBuffer src, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, src.capacity());
        if (MESSAGE_HEADER_LENGTH + length > ring.maxMsgLength() || length > peerMaxMessageLength) {
            return false;
        }
        ringLock.lock();
        int index = 0;
        boolean committed = false;
        try {
            if (closedReason != null || abortPending != 0 && !writeAbort()) {
                return false;
            }
            index = ring.tryClaim(RECORD_MESSAGE, MESSAGE_HEADER_LENGTH + length);
            if (index <= 0) {
                return false;
            }
            AtomicBuffer b = ring.buffer();
            b.putInt(index, correlationId);
            b.putInt(index + 4, flags);
            b.putBytes(index + MESSAGE_HEADER_LENGTH, src, offset, length);
            ring.commit(index);
            committed = true;
            wakePeer();
            MappedFaults.surface(); // a fault of this ring shows here, as this ring's
            return true;
        } catch (InternalError e) {
            if (index > 0 && !committed) {
                abortClaim(index); // left claimed, it would stop the consumer
            }
            if (file.isIntact()) {
                strayFault(e);
                return committed; // another mapping's fault surfaced here; this ring is whole
            }
            faulted = true;
            closedReason = "the ring file shared with " + peerName + " faulted: " + e.getMessage();
            return false;
        } finally {
            ringLock.unlock();
        }
    }

    /**
     * Closes this sender: every later or waiting {@link #send} fails with ERR_LOST_CONNECTION and
     * {@code reason}. When this returns, no sender is inside the ring any more. Idempotent.
     */
    public void close(String reason) {
        ringLock.lock();
        try {
            if (closedReason == null) {
                closedReason = reason;
            }
        } finally {
            ringLock.unlock();
        }
    }

    /** Whether a send found the mapped file faulted (then this sender is closed too). */
    public boolean isFaulted() {
        ringLock.lock();
        try {
            return faulted;
        } finally {
            ringLock.unlock();
        }
    }

    public boolean isClosed() {
        ringLock.lock();
        try {
            return closedReason != null;
        } finally {
            ringLock.unlock();
        }
    }

    /** The largest chunk one fragment record carries (8-aligned). */
    int fragmentChunkLength() {
        return (ring.maxMsgLength() - FRAGMENT_HEADER_LENGTH) & ~7;
    }

    private void sendFragmented(int correlationId, int flags, DirectBuffer src, int offset, int length) {
        int chunkMax = fragmentChunkLength();
        fragmentLock.lock();
        try {
            int id = nextMessageId++;
            if (nextMessageId == 0) {
                nextMessageId = 1;
            }
            int index = 0;
            try {
                for (int sent = 0; sent < length; index++) {
                    int chunk = Math.min(chunkMax, length - sent);
                    write(RECORD_FRAGMENT, FRAGMENT_HEADER_LENGTH, id, index, length, correlationId, flags,
                            src, offset + sent, chunk);
                    sent += chunk;
                }
            } catch (RuntimeException | Error e) {
                if (index > 0) {
                    ringLock.lock();
                    try {
                        abortPending = id; // the receiver drops the partial message before anything else
                    } finally {
                        ringLock.unlock();
                    }
                }
                throw e;
            }
        } finally {
            fragmentLock.unlock();
        }
    }

    /**
     * Writes one record (header ints h0..h4, as many as headerLength holds, then the bytes).
     *
     * <p>JDK 17 reports a SIGBUS of compiled code later, where the JVM chooses (MappedFaults.surface),
     * so a fault of another mapped file (another client's truncated ring, touched by this thread a
     * moment ago) may surface anywhere in here: under the lock, in taking or releasing it, in a back-off. While this
     * ring's file is whole such a fault is not this ring's: a record claimed and not committed is
     * aborted and the record written again; one already committed is sent. Only a fault of this file
     * (or more stray reports than any one truncation gives) fails the send.
     */
    private void write(int type, int headerLength, int h0, int h1, int h2, int h3, int h4,
            DirectBuffer src, int offset, int length) {
        int recordLength = headerLength + length;
        long deadline = 0;
        int attempts = 0;
        int strayFaults = 0;
        boolean committed = false;
        while (true) {
            try {
                ringLock.lock();
                int index = 0;
                try {
                    checkOpen();
                    if (abortPending == 0 || writeAbort()) {
                        index = ring.tryClaim(type, recordLength);
                        if (index > 0) {
                            AtomicBuffer b = ring.buffer();
                            try {
                                b.putInt(index, h0);
                                b.putInt(index + 4, h1);
                                if (headerLength == FRAGMENT_HEADER_LENGTH) {
                                    b.putInt(index + 8, h2);
                                    b.putInt(index + 12, h3);
                                    b.putInt(index + 16, h4);
                                    b.putInt(index + 20, 0);
                                }
                                b.putBytes(index + headerLength, src, offset, length);
                            } catch (RuntimeException e) {
                                ring.abort(index);
                                throw e;
                            }
                            ring.commit(index);
                            committed = true;
                            wakePeer();
                            MappedFaults.surface(); // a fault of this ring shows here, as this ring's
                            return;
                        }
                    }
                    wakePeer(); // full: make sure the consumer is not asleep on a full ring
                } catch (InternalError fault) {
                    if (!committed && index > 0) {
                        abortClaim(index);
                    }
                    throw fault;
                } finally {
                    ringLock.unlock();
                }
                long now = System.nanoTime();
                if (deadline == 0) {
                    deadline = now + sendTimeoutNs;
                } else if (now - deadline >= 0) {
                    throw new PmixException(Status.ERR_OUT_OF_RESOURCE, "ring to " + peerName + " stayed full for "
                            + LogText.duration(sendTimeoutNs) + " (send timeout; capacity=" + ring.capacity()
                            + ", record=" + recordLength + " bytes)");
                }
                backOff(attempts++);
            } catch (InternalError fault) {
                if (ringLock.isHeldByCurrentThread()) {
                    ringLock.unlock(); // surfaced in lock() once the lock was taken
                }
                if (!file.isIntact() || ++strayFaults > MAX_STRAY_FAULTS) {
                    throw fault;
                }
                strayFault(fault);
                if (committed) {
                    wakeAgain(); // the report may have come before the doorbell rang
                    return;
                }
            }
        }
    }

    /**
     * Says that a fault of another mapped file surfaced in a send on this thread: the access that caused
     * it went unnoticed where it happened (every writer of a mapped file surfaces its own faults,
     * MappedFaults), so it is logged rather than lost without a word.
     */
    private void strayFault(InternalError fault) {
        Transport.LOG.log(System.Logger.Level.WARNING, "a fault of a mapped file other than the ring to " + peerName
                + " surfaced in a send on thread " + Thread.currentThread().getName() + ": " + fault.getMessage());
    }

    /**
     * Aborts a claimed record that will not be committed: left claimed, it would stop the consumer
     * for good. A fault reported meanwhile (another one, late) makes it try again; on a truncated
     * ring the store is lost with the file's pages and the ring is dead anyway.
     */
    private void abortClaim(int index) {
        for (int attempt = 0; attempt <= MAX_STRAY_FAULTS; attempt++) {
            try {
                MappedFaults.surface(); // a report pending from before, not the abort's
                if (!file.isIntact()) {
                    return; // its pages are gone: a store would only fault again, and report it late
                }
                ring.abort(index);
                MappedFaults.surface(); // the abort's own fault, if the file was cut meanwhile
                return;
            } catch (IllegalStateException done) {
                return; // aborted already, by the try a report interrupted after its store
            } catch (InternalError again) {
                // a report in the middle: try again
            }
        }
    }

    /** Rings the peer's doorbell once more after a fault report that may have come before it rang. */
    private void wakeAgain() {
        ringLock.lock();
        try {
            wakePeer();
        } catch (InternalError again) {
            // the peer's heartbeat wake-up finds the message
        } finally {
            ringLock.unlock();
        }
    }

    /** Fault reports from other mapped files one write absorbs before it takes the fault for its own. */
    static final int MAX_STRAY_FAULTS = 16;

    /**
     * A fault on the mapped file under a send (the JVM's SIGBUS as an {@code InternalError}: the file
     * was truncated, or its pages could not be had): this sender closes for good, as the ring is
     * unusable and must never be touched again, and the send fails with ERR_LOST_CONNECTION.
     */
    private PmixException fault(InternalError e) {
        ringLock.lock();
        try {
            faulted = true;
            closedReason = "the ring file shared with " + peerName
                    + " faulted (truncated, or its file system is full): " + e.getMessage();
            return new PmixException(Status.ERR_LOST_CONNECTION, closedReason, e);
        } finally {
            ringLock.unlock();
        }
    }

    /** Under ringLock. */
    private boolean writeAbort() {
        int index = ring.tryClaim(RECORD_ABORT, ABORT_LENGTH);
        if (index <= 0) {
            return false;
        }
        ring.buffer().putInt(index, abortPending);
        ring.buffer().putInt(index + 4, 0);
        ring.commit(index);
        abortPending = 0;
        return true;
    }

    /** Under ringLock. The fence orders our record store before the flag load (Dekker). */
    private void wakePeer() {
        VarHandle.fullFence();
        if (file.isAsleep(peerSide)) {
            doorbell.ring();
        }
    }

    /** Under ringLock. */
    private void checkOpen() {
        if (closedReason != null) {
            throw new PmixException(Status.ERR_LOST_CONNECTION, closedReason);
        }
    }

    private static void backOff(int attempts) {
        if (attempts < SPIN_ATTEMPTS) {
            Thread.onSpinWait();
        } else if (attempts < SPIN_ATTEMPTS + YIELD_ATTEMPTS) {
            Thread.yield();
        } else {
            int shift = Math.min(attempts - SPIN_ATTEMPTS - YIELD_ATTEMPTS, 10);
            LockSupport.parkNanos(Math.min(MIN_PARK_NS << shift, MAX_PARK_NS));
            if (Thread.currentThread().isInterrupted()) {
                throw new PmixException(Status.ERROR, "interrupted while waiting for space in a full ring");
            }
        }
    }
}
