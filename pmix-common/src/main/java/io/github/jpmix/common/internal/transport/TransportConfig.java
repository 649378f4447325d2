package io.github.jpmix.common.internal.transport;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import java.util.concurrent.TimeUnit;
import io.github.jpmix.common.internal.LogText;
import org.agrona.SystemUtil;

/**
 * Not API. The settings of one transport endpoint (a server's {@code TransportServer} or a
 * client's {@code TransportClient}). Each setting has one system property name and one default; a new
 * config starts from the system properties (sizes like {@code 1m}, durations like {@code 200ms}),
 * the setters override them, and {@link #conclude()} validates everything once and freezes the
 * object (the way Aeron's {@code Context.conclude()} does), after which it may be shared.
 *
 * <p>Not thread-safe until concluded; immutable afterwards.
 */
public final class TransportConfig {
    /** Bytes of each ring (one per direction), a power of two. The largest single ring record is 1/8 of it. */
    public static final String RING_CAPACITY_PROP = "jpmix.transport.ringCapacity";
    public static final int RING_CAPACITY_DEFAULT = 1 << 20;

    /** Largest message payload this endpoint accepts (reassembly cap) and sends. */
    public static final String MAX_MESSAGE_LENGTH_PROP = "jpmix.transport.maxMessageLength";
    public static final int MAX_MESSAGE_LENGTH_DEFAULT = 256 << 20;

    /** How long a sender waits for space in a full ring before it fails. */
    public static final String SEND_TIMEOUT_PROP = "jpmix.transport.sendTimeout";
    public static final long SEND_TIMEOUT_DEFAULT_NS = TimeUnit.SECONDS.toNanos(10);

    /** How long a handshake may take, on the server (per peer) and on the client (connect). */
    public static final String HANDSHAKE_TIMEOUT_PROP = "jpmix.transport.handshakeTimeout";
    public static final long HANDSHAKE_TIMEOUT_DEFAULT_NS = TimeUnit.SECONDS.toNanos(5);

    /** How often each side writes its heartbeat into the control block. */
    public static final String HEARTBEAT_INTERVAL_PROP = "jpmix.transport.heartbeatInterval";
    public static final long HEARTBEAT_INTERVAL_DEFAULT_NS = TimeUnit.SECONDS.toNanos(1);

    /** The server declares a client dead when its heartbeat has not changed for this long. */
    public static final String HEARTBEAT_TIMEOUT_PROP = "jpmix.transport.heartbeatTimeout";
    public static final long HEARTBEAT_TIMEOUT_DEFAULT_NS = TimeUnit.SECONDS.toNanos(30);

    /**
     * Idle polls with {@link Thread#onSpinWait()} before a receiver starts yielding. Short on purpose:
     * the processes of a node outnumber its cores, and a spinning receiver takes the core the process
     * it waits for needs (docs/transport.md, "What the back-off costs": 500 spins and 20 yields made a
     * two-process fence 155 us, 100 and 2 made it 50-70 us on two cores).
     */
    public static final String IDLE_SPINS_PROP = "jpmix.transport.idleSpins";
    public static final int IDLE_SPINS_DEFAULT = 100;

    /**
     * Idle polls with {@link Thread#yield()} after spinning, before a receiver goes to sleep. Few: on a
     * loaded node a yield can hand the core to another process for a whole time slice.
     */
    public static final String IDLE_YIELDS_PROP = "jpmix.transport.idleYields";
    public static final int IDLE_YIELDS_DEFAULT = 2;

    /** Bounds checked by {@link #conclude()}. */
    public static final int MIN_RING_CAPACITY = RingFileDescriptor.MIN_RING_CAPACITY;
    public static final int MAX_RING_CAPACITY = RingFileDescriptor.MAX_RING_CAPACITY;
    public static final int MIN_MAX_MESSAGE_LENGTH = 1024;
    public static final int MAX_MAX_MESSAGE_LENGTH = 1 << 30;

    private int ringCapacity;
    private int maxMessageLength;
    private long sendTimeoutNs;
    private long handshakeTimeoutNs;
    private long heartbeatIntervalNs;
    private long heartbeatTimeoutNs;
    private int idleSpins;
    private int idleYields;
    private boolean concluded;

    /** A config holding the system properties' values, or the defaults. */
    public TransportConfig() {
        ringCapacity = size(RING_CAPACITY_PROP, RING_CAPACITY_DEFAULT);
        maxMessageLength = size(MAX_MESSAGE_LENGTH_PROP, MAX_MESSAGE_LENGTH_DEFAULT);
        sendTimeoutNs = duration(SEND_TIMEOUT_PROP, SEND_TIMEOUT_DEFAULT_NS);
        handshakeTimeoutNs = duration(HANDSHAKE_TIMEOUT_PROP, HANDSHAKE_TIMEOUT_DEFAULT_NS);
        heartbeatIntervalNs = duration(HEARTBEAT_INTERVAL_PROP, HEARTBEAT_INTERVAL_DEFAULT_NS);
        heartbeatTimeoutNs = duration(HEARTBEAT_TIMEOUT_PROP, HEARTBEAT_TIMEOUT_DEFAULT_NS);
        idleSpins = size(IDLE_SPINS_PROP, IDLE_SPINS_DEFAULT);
        idleYields = size(IDLE_YIELDS_PROP, IDLE_YIELDS_DEFAULT);
    }

    public TransportConfig ringCapacity(int bytes) {
        checkMutable();
        ringCapacity = bytes;
        return this;
    }

    public TransportConfig maxMessageLength(int bytes) {
        checkMutable();
        maxMessageLength = bytes;
        return this;
    }

    public TransportConfig sendTimeout(long value, TimeUnit unit) {
        checkMutable();
        sendTimeoutNs = unit.toNanos(value);
        return this;
    }

    public TransportConfig handshakeTimeout(long value, TimeUnit unit) {
        checkMutable();
        handshakeTimeoutNs = unit.toNanos(value);
        return this;
    }

    public TransportConfig heartbeatInterval(long value, TimeUnit unit) {
        checkMutable();
        heartbeatIntervalNs = unit.toNanos(value);
        return this;
    }

    public TransportConfig heartbeatTimeout(long value, TimeUnit unit) {
        checkMutable();
        heartbeatTimeoutNs = unit.toNanos(value);
        return this;
    }

    public TransportConfig idleSpins(int count) {
        checkMutable();
        idleSpins = count;
        return this;
    }

    public TransportConfig idleYields(int count) {
        checkMutable();
        idleYields = count;
        return this;
    }

    public int ringCapacity() {
        return ringCapacity;
    }

    public int maxMessageLength() {
        return maxMessageLength;
    }

    public long sendTimeoutNs() {
        return sendTimeoutNs;
    }

    public long handshakeTimeoutNs() {
        return handshakeTimeoutNs;
    }

    public long heartbeatIntervalNs() {
        return heartbeatIntervalNs;
    }

    public long heartbeatTimeoutNs() {
        return heartbeatTimeoutNs;
    }

    public int idleSpins() {
        return idleSpins;
    }

    public int idleYields() {
        return idleYields;
    }

    /**
     * Validates every setting and freezes this config; idempotent. Endpoints call it when they
     * start, so a caller need not.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} naming the first bad setting and its value
     */
    public synchronized TransportConfig conclude() {
        if (concluded) {
            return this;
        }
        if (ringCapacity < MIN_RING_CAPACITY || ringCapacity > MAX_RING_CAPACITY
                || Integer.bitCount(ringCapacity) != 1) {
            throw bad(RING_CAPACITY_PROP, ringCapacity,
                    "a power of two in [" + MIN_RING_CAPACITY + ", " + MAX_RING_CAPACITY + "]");
        }
        if (maxMessageLength < MIN_MAX_MESSAGE_LENGTH || maxMessageLength > MAX_MAX_MESSAGE_LENGTH) {
            throw bad(MAX_MESSAGE_LENGTH_PROP, maxMessageLength,
                    "in [" + MIN_MAX_MESSAGE_LENGTH + ", " + MAX_MAX_MESSAGE_LENGTH + "]");
        }
        positive(SEND_TIMEOUT_PROP, sendTimeoutNs);
        positive(HANDSHAKE_TIMEOUT_PROP, handshakeTimeoutNs);
        positive(HEARTBEAT_INTERVAL_PROP, heartbeatIntervalNs);
        if (heartbeatTimeoutNs < 2 * heartbeatIntervalNs) {
            throw bad(HEARTBEAT_TIMEOUT_PROP, heartbeatTimeoutNs + "ns",
                    "at least twice " + HEARTBEAT_INTERVAL_PROP + "=" + heartbeatIntervalNs + "ns");
        }
        if (idleSpins < 0) {
            throw bad(IDLE_SPINS_PROP, idleSpins, ">= 0");
        }
        if (idleYields < 0) {
            throw bad(IDLE_YIELDS_PROP, idleYields, ">= 0");
        }
        concluded = true;
        return this;
    }

    @Override
    public synchronized String toString() {
        return "TransportConfig{ringCapacity=" + ringCapacity + ", maxMessageLength=" + maxMessageLength
                + ", sendTimeout=" + LogText.duration(sendTimeoutNs)
                + ", handshakeTimeout=" + LogText.duration(handshakeTimeoutNs)
                + ", heartbeatInterval=" + LogText.duration(heartbeatIntervalNs)
                + ", heartbeatTimeout=" + LogText.duration(heartbeatTimeoutNs)
                + ", idleSpins=" + idleSpins + ", idleYields=" + idleYields + "}";
    }

    private synchronized void checkMutable() {
        if (concluded) {
            throw new IllegalStateException("TransportConfig is concluded and may no longer change");
        }
    }

    private static void positive(String name, long nanos) {
        if (nanos <= 0) {
            throw bad(name, nanos + "ns", "> 0");
        }
    }

    private static PmixException bad(String name, Object value, String expected) {
        return new PmixException(Status.ERR_BAD_PARAM,
                "transport config: " + name + "=" + value + " must be " + expected);
    }

    private static int size(String name, int defaultValue) {
        try {
            return SystemUtil.getSizeAsInt(name, defaultValue);
        } catch (RuntimeException e) {
            throw new PmixException(Status.ERR_BAD_PARAM, "transport config: system property " + name + "="
                    + System.getProperty(name) + " is not a size: " + e.getMessage(), e);
        }
    }

    private static long duration(String name, long defaultNs) {
        try {
            return SystemUtil.getDurationInNanos(name, defaultNs);
        } catch (RuntimeException e) {
            throw new PmixException(Status.ERR_BAD_PARAM, "transport config: system property " + name + "="
                    + System.getProperty(name) + " is not a duration: " + e.getMessage(), e);
        }
    }
}
