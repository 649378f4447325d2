package io.github.jpmix.common.internal.transport;

import static io.github.jpmix.common.internal.transport.Fixtures.assertMentions;
import static io.github.jpmix.common.internal.transport.Fixtures.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class TransportConfigTest {
    @Test
    void shouldStartFromValidDefaults() {
        TransportConfig c = new TransportConfig().conclude();
        assertEquals(1 << 20, c.ringCapacity());
        assertEquals(256 << 20, c.maxMessageLength());
        assertEquals(TimeUnit.SECONDS.toNanos(10), c.sendTimeoutNs());
        assertEquals(TimeUnit.SECONDS.toNanos(5), c.handshakeTimeoutNs());
        assertEquals(TimeUnit.SECONDS.toNanos(1), c.heartbeatIntervalNs());
        assertEquals(TimeUnit.SECONDS.toNanos(30), c.heartbeatTimeoutNs());
        assertEquals(100, c.idleSpins());
        assertEquals(2, c.idleYields());
    }

    static Stream<Arguments> badSettings() {
        return Stream.of(
                bad("ring capacity not a power of two", TransportConfig.RING_CAPACITY_PROP, c -> c.ringCapacity(5000)),
                bad("ring capacity too small", TransportConfig.RING_CAPACITY_PROP, c -> c.ringCapacity(2048)),
                bad("ring capacity too large", TransportConfig.RING_CAPACITY_PROP, c -> c.ringCapacity(1 << 29)),
                bad("message cap too small", TransportConfig.MAX_MESSAGE_LENGTH_PROP, c -> c.maxMessageLength(10)),
                bad("zero send timeout", TransportConfig.SEND_TIMEOUT_PROP, c -> c.sendTimeout(0, TimeUnit.SECONDS)),
                bad("negative handshake timeout", TransportConfig.HANDSHAKE_TIMEOUT_PROP,
                        c -> c.handshakeTimeout(-1, TimeUnit.SECONDS)),
                bad("heartbeat timeout under two intervals", TransportConfig.HEARTBEAT_TIMEOUT_PROP,
                        c -> c.heartbeatInterval(1, TimeUnit.SECONDS).heartbeatTimeout(1500, TimeUnit.MILLISECONDS)),
                bad("negative spins", TransportConfig.IDLE_SPINS_PROP, c -> c.idleSpins(-1)),
                bad("negative yields", TransportConfig.IDLE_YIELDS_PROP, c -> c.idleYields(-1)));
    }

    private static Arguments bad(String name, String property, UnaryOperator<TransportConfig> change) {
        return Arguments.of(Named.of(name, change), property);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badSettings")
    void shouldRejectABadSettingNamingIt(UnaryOperator<TransportConfig> change, String property) {
        TransportConfig c = change.apply(new TransportConfig());
        PmixException e = assertThrows(PmixException.class, c::conclude);
        assertStatus(Status.ERR_BAD_PARAM, e);
        assertMentions(e, "transport config: " + property + "=");
    }

    @Test
    void shouldFreezeWhenConcluded() {
        TransportConfig c = new TransportConfig().conclude();
        assertThrows(IllegalStateException.class, () -> c.ringCapacity(4096));
        assertEquals(c, c.conclude());
    }

    @Test
    void shouldReadSystemProperties() {
        System.setProperty(TransportConfig.RING_CAPACITY_PROP, "64k");
        System.setProperty(TransportConfig.SEND_TIMEOUT_PROP, "250ms");
        try {
            TransportConfig c = new TransportConfig().conclude();
            assertEquals(64 * 1024, c.ringCapacity());
            assertEquals(TimeUnit.MILLISECONDS.toNanos(250), c.sendTimeoutNs());
            System.setProperty(TransportConfig.SEND_TIMEOUT_PROP, "soon");
            assertStatus(Status.ERR_BAD_PARAM, assertThrows(PmixException.class, TransportConfig::new));
        } finally {
            System.clearProperty(TransportConfig.RING_CAPACITY_PROP);
            System.clearProperty(TransportConfig.SEND_TIMEOUT_PROP);
        }
    }
}
