package io.github.jpmix.common.internal.transport;

import static io.github.jpmix.common.internal.transport.Protocol.ABORT_LENGTH;
import static io.github.jpmix.common.internal.transport.Protocol.FRAGMENT_CORRELATION_OFFSET;
import static io.github.jpmix.common.internal.transport.Protocol.FRAGMENT_FLAGS_OFFSET;
import static io.github.jpmix.common.internal.transport.Protocol.FRAGMENT_HEADER_LENGTH;
import static io.github.jpmix.common.internal.transport.Protocol.FRAGMENT_INDEX_OFFSET;
import static io.github.jpmix.common.internal.transport.Protocol.FRAGMENT_MESSAGE_ID_OFFSET;
import static io.github.jpmix.common.internal.transport.Protocol.FRAGMENT_TOTAL_LENGTH_OFFSET;
import static io.github.jpmix.common.internal.transport.Protocol.MESSAGE_CORRELATION_OFFSET;
import static io.github.jpmix.common.internal.transport.Protocol.MESSAGE_FLAGS_OFFSET;
import static io.github.jpmix.common.internal.transport.Protocol.MESSAGE_HEADER_LENGTH;
import static io.github.jpmix.common.internal.transport.Protocol.RECORD_ABORT;
import static io.github.jpmix.common.internal.transport.Protocol.RECORD_FRAGMENT;
import static io.github.jpmix.common.internal.transport.Protocol.RECORD_MESSAGE;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.ControlledMessageHandler;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.RingBuffer;

/**
 * Not API. The consumer side of one ring: reads records, reassembles fragmented messages, and
 * hands whole messages to a {@link Sink}.
 *
 * <p><b>Reassembly never trusts the sender.</b> A fragmented message may declare at most
 * {@code maxMessageLength} bytes; only one may be in progress (senders guarantee it); fragments
 * must come in index order with the same id and length and may not overrun it. The buffer grows
 * with the bytes that actually arrived, never to a declared length up front. Any violation is a
 * protocol error: polling stops, {@link #error()} says what was wrong, and the owner drops the
 * connection. Like any hot non-blocking path here, it reports rather than throws.
 *
 * <p>Threading: one consumer thread only (the conductor or the client's receiver).
 */
public final class RingReceiver implements ControlledMessageHandler {
    /** Receives whole messages. The buffer is valid only during the call. */
    @FunctionalInterface
    public interface Sink {
        void onMessage(int correlationId, int flags, DirectBuffer buffer, int offset, int length);
    }

    /** Reassembly buffers up to this size are kept for the next fragmented message. */
    private static final int KEEP_BUFFER_LENGTH = 1 << 20;
    private static final int MIN_INITIAL_BUFFER_LENGTH = 256 * 1024;

    private final RingBuffer ring;
    private final int maxMessageLength;
    private final Sink sink;
    private final String peerName;
    private final UnsafeBuffer view = new UnsafeBuffer(new byte[0]);

    private byte[] partial = new byte[0];
    private int partialId;
    private int partialTotal;
    private int partialReceived;
    private int partialNextIndex;
    private int partialCorrelationId;
    private int partialFlags;
    private String error;

    public RingReceiver(RingBuffer ring, int maxMessageLength, Sink sink, String peerName) {
        this.ring = ring;
        this.maxMessageLength = maxMessageLength;
        this.sink = sink;
        this.peerName = peerName;
    }

    /**
     * Reads up to {@code limit} records.
     *
     * @return the number of records read (0 after a protocol error: see {@link #error()})
     */
    public int poll(int limit) {
        return error == null ? ring.controlledRead(this, limit) : 0;
    }

    /** Reads every committed record left (used when the peer is gone); returns how many. */
    public int drain() {
        int total = 0;
        int n;
        while ((n = poll(Integer.MAX_VALUE)) > 0) {
            total += n;
        }
        return total;
    }

    /** What the peer did wrong, or null. */
    public String error() {
        return error;
    }

    /** Bytes held by an unfinished fragmented message (for tests). */
    int partialBytes() {
        return partialId == 0 ? 0 : partialReceived;
    }

    /** Capacity of the reassembly buffer (for tests: proves nothing was allocated blindly). */
    int reassemblyCapacity() {
        return partial.length;
    }

    @Override
    public Action onMessage(int type, MutableDirectBuffer buffer, int index, int length) {
        switch (type) {
            case RECORD_MESSAGE:
                if (length < MESSAGE_HEADER_LENGTH) {
                    return fail("message record of " + length + " bytes is shorter than its header");
                }
                deliver(buffer.getInt(index + MESSAGE_CORRELATION_OFFSET),
                        buffer.getInt(index + MESSAGE_FLAGS_OFFSET), buffer, index + MESSAGE_HEADER_LENGTH,
                        length - MESSAGE_HEADER_LENGTH);
                return Action.CONTINUE;
            case RECORD_FRAGMENT:
                return onFragment(buffer, index, length);
            case RECORD_ABORT:
                if (length < ABORT_LENGTH) {
                    return fail("abort record of " + length + " bytes is too short");
                }
                if (buffer.getInt(index) == partialId) {
                    resetPartial();
                }
                return Action.CONTINUE;
            default:
                return fail("unknown record type=" + type);
        }
    }

    private Action onFragment(MutableDirectBuffer b, int index, int length) {
        if (length < FRAGMENT_HEADER_LENGTH) {
            return fail("fragment record of " + length + " bytes is shorter than its header");
        }
        int id = b.getInt(index + FRAGMENT_MESSAGE_ID_OFFSET);
        int fragment = b.getInt(index + FRAGMENT_INDEX_OFFSET);
        int total = b.getInt(index + FRAGMENT_TOTAL_LENGTH_OFFSET);
        int chunk = length - FRAGMENT_HEADER_LENGTH;
        if (fragment == 0) {
            if (partialId != 0) {
                return fail("fragmented message id=" + id + " starts while id=" + partialId + " is unfinished");
            }
            if (id == 0) {
                return fail("fragmented message with id=0");
            }
            if (total <= 0 || total > maxMessageLength) {
                return fail("fragmented message id=" + id + " declares length=" + total
                        + " outside (0, maxMessageLength=" + maxMessageLength + "]");
            }
            partialId = id;
            partialTotal = total;
            partialReceived = 0;
            partialNextIndex = 0;
            partialCorrelationId = b.getInt(index + FRAGMENT_CORRELATION_OFFSET);
            partialFlags = b.getInt(index + FRAGMENT_FLAGS_OFFSET);
            int initial = Math.min(total, Math.max(MIN_INITIAL_BUFFER_LENGTH, 2 * chunk));
            if (partial.length < initial) {
                partial = new byte[initial];
            }
        } else if (id != partialId || partialId == 0) {
            return fail("fragment index=" + fragment + " of message id=" + id + " but the message in progress is id="
                    + partialId);
        }
        if (fragment != partialNextIndex) {
            return fail("fragment index=" + fragment + " of message id=" + id + " where index=" + partialNextIndex
                    + " was expected");
        }
        if (total != partialTotal) {
            return fail("fragment index=" + fragment + " of message id=" + id + " declares length=" + total
                    + " but the message started with length=" + partialTotal);
        }
        if (chunk <= 0 || chunk > partialTotal - partialReceived) {
            return fail("fragment index=" + fragment + " of message id=" + id + " carries " + chunk
                    + " bytes with " + (partialTotal - partialReceived) + " of length=" + partialTotal + " left");
        }
        int needed = partialReceived + chunk;
        if (needed > partial.length) {
            int grown = (int) Math.min(partialTotal, Math.max((long) needed, 2L * partial.length));
            partial = java.util.Arrays.copyOf(partial, grown);
        }
        b.getBytes(index + FRAGMENT_HEADER_LENGTH, partial, partialReceived, chunk);
        partialReceived = needed;
        partialNextIndex++;
        if (partialReceived == partialTotal) {
            int correlationId = partialCorrelationId;
            int flags = partialFlags;
            view.wrap(partial, 0, partialTotal);
            resetPartial();
            deliver(correlationId, flags, view, 0, view.capacity());
            if (partial.length > KEEP_BUFFER_LENGTH) {
                partial = new byte[0];
            }
        }
        return Action.CONTINUE;
    }

    /** A throwing sink must not stop the ring (nor the thread polling it): log and go on. */
    private void deliver(int correlationId, int flags, DirectBuffer buffer, int offset, int length) {
        try {
            sink.onMessage(correlationId, flags, buffer, offset, length);
        } catch (Throwable t) {
            Transport.LOG.log(System.Logger.Level.WARNING,
                    "message handler threw on a message from " + peerName + " (ignored)", t);
        }
    }

    private void resetPartial() {
        partialId = 0;
        partialTotal = 0;
        partialReceived = 0;
        partialNextIndex = 0;
    }

    private Action fail(String what) {
        error = "protocol error from " + peerName + ": " + what;
        resetPartial();
        partial = new byte[0];
        return Action.BREAK;
    }
}
