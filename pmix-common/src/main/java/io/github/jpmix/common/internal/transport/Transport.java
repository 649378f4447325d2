package io.github.jpmix.common.internal.transport;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.LazyLogger;
import java.nio.charset.StandardCharsets;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/** Not API. What the server and client sides share: the logger, the idle loop, error payloads. */
public final class Transport {
    public static final System.Logger LOG = LazyLogger.named("io.github.jpmix.transport");

    /** Ring records read per client per conductor pass (fairness between clients). */
    public static final int POLL_LIMIT = 64;

    private Transport() {
    }

    /**
     * The bounded busy part of waiting for work: {@code spins} polls with
     * {@link Thread#onSpinWait()}, then {@code yields} polls with {@link Thread#yield()}; after that
     * the caller goes to sleep on its socket. Single-threaded.
     */
    public static final class Idler {
        private final int spins;
        private final int yields;
        private int count;

        public Idler(int spins, int yields) {
            this.spins = spins;
            this.yields = yields;
        }

        public void reset() {
            count = 0;
        }

        /** Waits a little; returns true once the busy budget is spent and the caller should sleep. */
        public boolean idle() {
            if (count < spins) {
                count++;
                Thread.onSpinWait();
                return false;
            }
            if (count < spins + yields) {
                count++;
                Thread.yield();
                return false;
            }
            return true;
        }
    }

    /** An error reply's payload: status (native int32) then the UTF-8 message. */
    public static UnsafeBuffer encodeError(int status, String message) {
        byte[] text = message.getBytes(StandardCharsets.UTF_8);
        UnsafeBuffer b = new UnsafeBuffer(new byte[4 + text.length]);
        b.putInt(0, status);
        b.putBytes(4, text);
        return b;
    }

    public static PmixException decodeError(DirectBuffer buffer, int offset, int length) {
        if (length < 4) {
            return new PmixException(Status.ERROR, "malformed error reply of " + length + " bytes");
        }
        int status = buffer.getInt(offset);
        byte[] text = new byte[length - 4];
        buffer.getBytes(offset + 4, text);
        return new PmixException(status == Status.SUCCESS ? Status.ERROR : status,
                new String(text, StandardCharsets.UTF_8));
    }

    /** A PmixException's message without the "STATUS_NAME: " prefix its constructor adds. */
    public static String rawMessage(PmixException e) {
        String message = String.valueOf(e.getMessage());
        String prefix = Status.name(e.status()) + ": ";
        return message.startsWith(prefix) ? message.substring(prefix.length()) : message;
    }

    /** The status and message a failure becomes when it is sent to the peer. */
    public static int statusOf(Throwable t) {
        return t instanceof PmixException p ? p.status() : Status.ERROR;
    }

    public static String messageOf(Throwable t) {
        return t instanceof PmixException p ? rawMessage(p) : String.valueOf(t);
    }
}
