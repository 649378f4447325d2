package io.github.jpmix.common.internal.transport;

import static io.github.jpmix.common.internal.transport.Fixtures.assertMentions;
import static io.github.jpmix.common.internal.transport.Fixtures.assertStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RingSenderTest {
    private static final UnsafeBuffer PAYLOAD = new UnsafeBuffer(new byte[400]);

    @TempDir
    Path dir;

    private RingFile file;
    private final AtomicInteger doorbells = new AtomicInteger();

    @BeforeEach
    void createRing() throws Exception {
        file = RingFile.create(dir.resolve("ring-1"), 4096, 1, 1);
    }

    @AfterEach
    void unmap() {
        file.unmap();
    }

    private RingSender sender(long timeoutMs) {
        return new RingSender(file.requests(), file, RingFile.SERVER, doorbells::incrementAndGet,
                TimeUnit.MILLISECONDS.toNanos(timeoutMs), 1 << 20, "server under test");
    }

    @Test
    void shouldFailWithOutOfResourceWhenTheRingStaysFull() {
        RingSender sender = sender(150);
        int sent = 0;
        long start = System.nanoTime();
        PmixException e = null;
        while (e == null) {
            try {
                sender.send(0, 0, PAYLOAD, 0, PAYLOAD.capacity());
                sent++;
            } catch (PmixException full) {
                e = full;
            }
        }
        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

        assertStatus(Status.ERR_OUT_OF_RESOURCE, e);
        assertMentions(e, "ring to server under test stayed full for 150 ms", "capacity=4096");
        assertEquals(4096 / 416, sent, "records of 8 + 8 + 400 bytes in 4 KiB");
        assertTrue(tookMs >= 140, "gave up after " + tookMs + " ms");
    }

    @Test
    void shouldRingTheDoorbellOnlyWhenThePeerSleeps() {
        RingSender sender = sender(1000);
        sender.send(0, 0, PAYLOAD, 0, 8);
        assertEquals(0, doorbells.get());

        file.asleep(RingFile.SERVER, true);
        sender.send(0, 0, PAYLOAD, 0, 8);
        assertEquals(1, doorbells.get());

        file.asleep(RingFile.SERVER, false);
        sender.send(0, 0, PAYLOAD, 0, 8);
        assertEquals(1, doorbells.get());
    }

    @Test
    void shouldRefuseAPayloadAboveThePeersLimit() {
        RingSender sender = new RingSender(file.requests(), file, RingFile.SERVER, () -> { }, 1_000_000, 1024, "peer");
        PmixException e = assertThrows(PmixException.class, () -> sender.send(0, 0, new UnsafeBuffer(new byte[1025]), 0, 1025));
        assertStatus(Status.ERR_BAD_PARAM, e);
        assertMentions(e, "1025 bytes exceeds maxMessageLength=1024 of peer");
    }

    @Test
    void shouldReleaseASenderWaitingOnAFullRingWhenClosed() throws Exception {
        RingSender sender = sender(30_000);
        while (file.requests().size() < 4096 - 416) {
            sender.send(0, 0, PAYLOAD, 0, PAYLOAD.capacity());
        }
        CompletableFuture<Void> waiting = CompletableFuture.runAsync(
                () -> sender.send(0, 0, PAYLOAD, 0, PAYLOAD.capacity()));
        Thread.sleep(50);

        long start = System.nanoTime();
        sender.close("peer went away");
        ExecutionException e = assertThrows(ExecutionException.class, () -> waiting.get(5, TimeUnit.SECONDS));
        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

        PmixException cause = assertInstanceOf(PmixException.class, e.getCause());
        assertStatus(Status.ERR_LOST_CONNECTION, cause);
        assertEquals("PMIX_ERR_LOST_CONNECTION: peer went away", cause.getMessage());
        assertTrue(tookMs < 1000, "released after " + tookMs + " ms");
        assertStatus(Status.ERR_LOST_CONNECTION,
                assertThrows(PmixException.class, () -> sender.send(0, 0, PAYLOAD, 0, 1)));
    }

    @Test
    void shouldGiveUpWhenInterruptedWhileWaitingForSpace() {
        RingSender sender = sender(30_000);
        while (file.requests().size() < 4096 - 416) {
            sender.send(0, 0, PAYLOAD, 0, PAYLOAD.capacity());
        }
        Thread.currentThread().interrupt();
        try {
            PmixException e = assertThrows(PmixException.class, () -> sender.send(0, 0, PAYLOAD, 0, PAYLOAD.capacity()));
            assertStatus(Status.ERROR, e);
            assertTrue(Thread.currentThread().isInterrupted(), "the interrupt flag stays set");
        } finally {
            Thread.interrupted();
        }
    }

    /**
     * A source whose bytes cannot be read {@code faults} times: as when the JVM reports, late, a
     * SIGBUS of another mapped file (another client's truncated ring) in the middle of this send.
     */
    private static UnsafeBuffer faultingSource(int faults) {
        AtomicInteger left = new AtomicInteger(faults);
        return new UnsafeBuffer(new byte[64]) {
            @Override
            public void boundsCheck(int index, int length) {
                if (left.getAndDecrement() > 0) {
                    throw new InternalError("a fault occurred in a recent unsafe memory access operation");
                }
                super.boundsCheck(index, length);
            }
        };
    }

    @Test
    void shouldWriteAgainWhenAFaultOfAnotherMappingSurfacesMidSendAndItsOwnFileIsWhole() {
        RingSender sender = sender(1000);
        sender.send(7, 0, faultingSource(1), 0, 64);

        assertTrue(!sender.isFaulted() && !sender.isClosed(), "the sender stays open");
        AtomicInteger messages = new AtomicInteger();
        AtomicInteger correlation = new AtomicInteger();
        file.requests().read((type, buffer, index, length) -> {
            messages.incrementAndGet();
            correlation.set(buffer.getInt(index));
        });
        assertEquals(1, messages.get(), "the half-written record was aborted, the message written once");
        assertEquals(7, correlation.get());
    }

    @Test
    void shouldCloseWhenFaultsKeepComing() {
        RingSender sender = sender(1000);
        PmixException e = assertThrows(PmixException.class, () -> sender.send(7, 0, faultingSource(RingSender.MAX_STRAY_FAULTS + 1), 0, 64));

        assertStatus(Status.ERR_LOST_CONNECTION, e);
        assertMentions(e, "faulted");
        assertTrue(sender.isFaulted());
    }

    @Test
    void shouldSendOnceWhenAFaultOfAnotherMappingSurfacesAfterTheRecordIsCommitted() {
        // the doorbell is rung after the commit: a fault reported there (another mapping's, this
        // file whole) must neither close the sender nor write the message twice
        AtomicInteger faults = new AtomicInteger(1);
        RingSender sender = new RingSender(file.requests(), file, RingFile.SERVER, () -> {
            if (faults.getAndDecrement() > 0) {
                throw new InternalError("a fault occurred in a recent unsafe memory access operation");
            }
        }, TimeUnit.SECONDS.toNanos(1), 1 << 20, "server under test");
        file.asleep(RingFile.SERVER, true);

        sender.send(9, 0, PAYLOAD, 0, 16);

        assertTrue(!sender.isFaulted() && !sender.isClosed(), "the sender stays open");
        AtomicInteger messages = new AtomicInteger();
        file.requests().read((type, buffer, index, length) -> messages.incrementAndGet());
        assertEquals(1, messages.get(), "the committed message is sent once");
    }
}
