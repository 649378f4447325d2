package io.github.jpmix.common.internal.transport;

import static io.github.jpmix.common.internal.transport.Fixtures.pattern;
import static org.agrona.concurrent.ringbuffer.RingBufferDescriptor.TRAILER_LENGTH;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class RingReceiverTest {
    private static final int CAPACITY = 64 * 1024;
    private static final int CAP = 256 << 20; // the reassembly cap under test

    @TempDir
    Path dir;

    private final OneToOneRingBuffer ring =
            new OneToOneRingBuffer(new UnsafeBuffer(ByteBuffer.allocateDirect(CAPACITY + TRAILER_LENGTH)));
    private final List<byte[]> delivered = new ArrayList<>();
    private final RingReceiver receiver = new RingReceiver(ring, CAP, (correlationId, flags, buffer, offset, length) -> {
        byte[] b = new byte[length];
        buffer.getBytes(offset, b);
        delivered.add(b);
    }, "test peer");

    /** A sequence of raw records that breaks the protocol, and what the error must say. */
    record Lie(List<int[]> fragments, String expected) {
    }

    /** {messageId, index, declaredTotal, chunkLength} per fragment; type 99 and short records are special-cased. */
    static Stream<Arguments> lies() {
        return Stream.of(
                lie("declared length above the cap", "declares length=268435457",
                        new int[] {1, 0, CAP + 1, 8}),
                lie("negative declared length", "declares length=-5", new int[] {1, 0, -5, 8}),
                lie("index gap", "where index=1 was expected", new int[] {1, 0, 1000, 96}, new int[] {1, 2, 1000, 96}),
                lie("length changes midway", "declares length=2000 but the message started with length=1000",
                        new int[] {1, 0, 1000, 96}, new int[] {1, 1, 2000, 96}),
                lie("overrun of the declared length", "carries 96 bytes with 54",
                        new int[] {1, 0, 150, 96}, new int[] {1, 1, 150, 96}),
                lie("second message while one is unfinished", "starts while id=1 is unfinished",
                        new int[] {1, 0, 1000, 96}, new int[] {2, 0, 1000, 96}),
                lie("continuation of no message", "but the message in progress is id=0", new int[] {5, 1, 1000, 96}),
                lie("empty fragment", "carries 0 bytes", new int[] {1, 0, 1000, 0}),
                lie("message id zero", "with id=0", new int[] {0, 0, 1000, 96}));
    }

    private static Arguments lie(String name, String expected, int[]... fragments) {
        return Arguments.of(Named.of(name, new Lie(List.of(fragments), expected)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lies")
    void shouldReportAFragmentStreamThatLies(Lie lie) {
        for (int[] f : lie.fragments()) {
            writeFragment(f[0], f[1], f[2], f[3]);
        }
        writeMessage("after");

        receiver.poll(100);

        assertNotNull(receiver.error());
        assertTrue(receiver.error().contains(lie.expected()), receiver.error());
        assertTrue(receiver.error().startsWith("protocol error from test peer: "), receiver.error());
        assertEquals(0, receiver.poll(100), "nothing is read after a protocol error");
        assertEquals(List.of(), delivered);
        assertTrue(receiver.reassemblyCapacity() <= 256 * 1024, "allocated " + receiver.reassemblyCapacity());
    }

    @Test
    void shouldReportUnknownAndShortRecords() {
        UnsafeBuffer four = new UnsafeBuffer(new byte[4]);
        ring.write(99, four, 0, 4);
        receiver.poll(10);
        assertTrue(receiver.error().contains("unknown record type=99"), receiver.error());

        RingReceiver other = new RingReceiver(ring, CAP, (c, f, b, o, l) -> { }, "p");
        ring.write(Protocol.RECORD_MESSAGE, four, 0, 4);
        other.poll(10);
        assertTrue(other.error().contains("message record of 4 bytes is shorter than its header"), other.error());
    }

    @Test
    void shouldGrowWithTheBytesThatArriveNotWithTheDeclaredLength() {
        writeFragment(1, 0, 200 << 20, 4096); // claims 200 MiB, within the cap, sends 4 KiB

        receiver.poll(10);

        assertNull(receiver.error());
        assertEquals(4096, receiver.partialBytes());
        assertTrue(receiver.reassemblyCapacity() <= 256 * 1024, "allocated " + receiver.reassemblyCapacity());
    }

    @Test
    void shouldDropAnAbortedMessageAndGoOn() {
        writeFragment(1, 0, 1000, 96);
        writeAbort(1);
        writeMessage("next");
        writeFragment(2, 0, 100, 96);
        writeFragment(2, 1, 100, 4);

        receiver.poll(100);

        assertNull(receiver.error());
        assertEquals(2, delivered.size());
        assertEquals("next", Fixtures.text(delivered.get(0)));
        assertEquals(100, delivered.get(1).length);
        assertEquals(0, receiver.partialBytes());
    }

    static Stream<Arguments> sizes() {
        int maxRecord = CAPACITY / 8;
        int chunk = (maxRecord - Protocol.FRAGMENT_HEADER_LENGTH) & ~7;
        Random random = new Random(42);
        return Stream.concat(
                Stream.of(0, 1, maxRecord - Protocol.MESSAGE_HEADER_LENGTH, maxRecord - Protocol.MESSAGE_HEADER_LENGTH + 1,
                        chunk, chunk + 1, 2 * chunk, 10 * CAPACITY + 3).map(Arguments::of),
                IntStream.range(0, 12).map(i -> random.nextInt(5 * CAPACITY)).mapToObj(Arguments::of));
    }

    /** Round trip through a real sender, with a consumer in step, for boundary and random sizes. */
    @ParameterizedTest(name = "{0} bytes")
    @MethodSource("sizes")
    void shouldRoundTripAMessageOfAnySize(int size) throws Exception {
        RingFile file = RingFile.create(dir.resolve("ring"), CAPACITY, 1, 1);
        try {
            RingSender sender = new RingSender(file.requests(), file, RingFile.SERVER, () -> { },
                    TimeUnit.SECONDS.toNanos(5), CAP, "peer");
            List<byte[]> got = new ArrayList<>();
            List<String> headers = new ArrayList<>();
            RingReceiver r = new RingReceiver(file.requests(), CAP, (correlationId, flags, buffer, offset, length) -> {
                headers.add(correlationId + "/" + flags);
                byte[] b = new byte[length];
                buffer.getBytes(offset, b);
                got.add(b);
            }, "peer");
            byte[] payload = pattern(size, size);
            CompletableFuture<Void> sending = CompletableFuture.runAsync(() -> {
                sender.send(77, Protocol.FLAG_REQUEST, new UnsafeBuffer(payload), 0, payload.length);
                sender.send(0, 0, new UnsafeBuffer(new byte[] {1}), 0, 1);
            });
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (got.size() < 2 && System.nanoTime() < deadline) {
                if (r.poll(100) == 0) {
                    Thread.onSpinWait();
                }
            }
            sending.get(5, TimeUnit.SECONDS);
            assertNull(r.error());
            assertEquals(List.of("77/" + Protocol.FLAG_REQUEST, "0/0"), headers);
            assertArrayEquals(payload, got.get(0));
        } finally {
            file.unmap();
        }
    }

    private void writeFragment(int id, int index, int total, int chunk) {
        UnsafeBuffer b = new UnsafeBuffer(new byte[Protocol.FRAGMENT_HEADER_LENGTH + chunk]);
        b.putInt(Protocol.FRAGMENT_MESSAGE_ID_OFFSET, id);
        b.putInt(Protocol.FRAGMENT_INDEX_OFFSET, index);
        b.putInt(Protocol.FRAGMENT_TOTAL_LENGTH_OFFSET, total);
        assertTrue(ring.write(Protocol.RECORD_FRAGMENT, b, 0, b.capacity()));
    }

    private void writeAbort(int id) {
        UnsafeBuffer b = new UnsafeBuffer(new byte[Protocol.ABORT_LENGTH]);
        b.putInt(0, id);
        assertTrue(ring.write(Protocol.RECORD_ABORT, b, 0, b.capacity()));
    }

    private void writeMessage(String text) {
        byte[] t = Fixtures.bytes(text);
        UnsafeBuffer b = new UnsafeBuffer(new byte[Protocol.MESSAGE_HEADER_LENGTH + t.length]);
        b.putBytes(Protocol.MESSAGE_HEADER_LENGTH, t);
        assertTrue(ring.write(Protocol.RECORD_MESSAGE, b, 0, b.capacity()));
    }
}
