package io.github.jpmix.common.internal.transport;

import static io.github.jpmix.common.internal.transport.Fixtures.assertMentions;
import static io.github.jpmix.common.internal.transport.Fixtures.assertStatus;
import static org.agrona.concurrent.ringbuffer.RingBufferDescriptor.TRAILER_LENGTH;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.MappedFaults;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RingFileTest {
    private static final int CAPACITY = 4096;

    @TempDir
    Path dir;

    private final List<RingFile> mapped = new ArrayList<>();

    @AfterEach
    void unmapAll() {
        mapped.forEach(RingFile::unmap);
    }

    private RingFile create(String name) throws Exception {
        RingFile f = RingFile.create(dir.resolve(name), CAPACITY, 7, 4242);
        mapped.add(f);
        return f;
    }

    private RingFile attach(Path path) throws Exception {
        RingFile f = RingFile.attach(path);
        mapped.add(f);
        return f;
    }

    @Test
    void shouldLayOutTheFileAsTheDescriptorSays() throws Exception {
        RingFile f = create("ring-7");

        byte[] raw = Files.readAllBytes(f.path());
        assertEquals(0x180 + 2 * (CAPACITY + TRAILER_LENGTH), raw.length);
        assertEquals(RingFileDescriptor.fileLength(CAPACITY), raw.length);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(f.path())));
        ByteBuffer b = ByteBuffer.wrap(raw).order(ByteOrder.nativeOrder());
        if (ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN) {
            assertEquals("JPMXRING", new String(raw, 0, 8, StandardCharsets.US_ASCII));
        }
        assertEquals(RingFileDescriptor.MAGIC, b.getLong(0x00));
        assertEquals(1, b.getInt(0x08));
        assertEquals(CAPACITY, b.getInt(0x0C));
        assertEquals(raw.length, b.getLong(0x10));
        assertEquals(7, b.getInt(0x18));
        assertEquals(4242, b.getLong(0x88), "server pid");
        assertTrue(b.getLong(0x90) > 0, "server heartbeat");
        assertEquals(0x180, RingFileDescriptor.REQUEST_RING_OFFSET);
        assertEquals(0x180 + CAPACITY + TRAILER_LENGTH, RingFileDescriptor.replyRingOffset(CAPACITY));
    }

    @Test
    void shouldShareRingsAndControlBlockBetweenTwoMappings() throws Exception {
        RingFile server = create("ring-7");
        RingFile client = attach(server.path());
        UnsafeBuffer msg = new UnsafeBuffer("hello".getBytes(StandardCharsets.US_ASCII));

        assertTrue(client.requests().write(1, msg, 0, 5));
        assertTrue(server.replies().write(2, msg, 0, 3));
        client.asleep(RingFile.CLIENT, true);
        client.heartbeat(RingFile.CLIENT, 123);
        client.pid(RingFile.CLIENT, 99);

        List<String> got = new ArrayList<>();
        server.requests().read((type, buffer, index, length) -> got.add(type + ":" + Fixtures.text(buffer, index, length)));
        client.replies().read((type, buffer, index, length) -> got.add(type + ":" + Fixtures.text(buffer, index, length)));
        assertEquals(List.of("1:hello", "2:hel"), got);
        assertTrue(server.isAsleep(RingFile.CLIENT));
        assertFalse(server.isAsleep(RingFile.SERVER));
        assertEquals(123, server.heartbeat(RingFile.CLIENT));
        assertEquals(99, server.pid(RingFile.CLIENT));
        assertEquals(7, client.clientId());
        assertEquals(CAPACITY, client.capacity());
    }

    @Test
    void shouldRejectAnotherLayoutVersionOnAttach() throws Exception {
        RingFile f = create("ring-7");
        f.control().putInt(RingFileDescriptor.VERSION_OFFSET, 2);

        PmixException e = assertThrows(PmixException.class, () -> attach(f.path()));

        assertStatus(Status.ERR_NOT_SUPPORTED, e);
        assertMentions(e, f.path().toString(), "version=2", "version=1");
    }

    @Test
    void shouldRejectFilesThatAreNotRingFiles() throws Exception {
        Path garbage = dir.resolve("garbage");
        Files.write(garbage, new byte[4096]);
        assertMentions(assertStatusOnAttach(Status.ERR_BAD_PARAM, garbage), "not a JPMIx ring file");

        Path tiny = dir.resolve("tiny");
        Files.write(tiny, new byte[10]);
        assertMentions(assertStatusOnAttach(Status.ERR_BAD_PARAM, tiny), "shorter than its 384-byte header");

        RingFile f = create("ring-7");
        try (RandomAccessFile file = new RandomAccessFile(f.path().toFile(), "rw")) {
            file.setLength(file.length() - 8);
        }
        assertMentions(assertStatusOnAttach(Status.ERR_BAD_PARAM, f.path()), "inconsistent");
    }

    @Test
    void shouldNeverReuseAnExistingFile() throws Exception {
        create("ring-7");
        assertThrows(FileAlreadyExistsException.class, () -> create("ring-7"));
    }

    @Test
    void shouldSeeOnlyCommittedRecordsAtTheHead() throws Exception {
        RingFile f = create("ring-7");
        assertFalse(RingFile.hasCommittedRecord(f.requests()));

        int index = f.requests().tryClaim(1, 16);
        assertFalse(RingFile.hasCommittedRecord(f.requests()), "a claimed record is not there yet");
        f.requests().commit(index);
        assertTrue(RingFile.hasCommittedRecord(f.requests()));

        f.requests().read((type, buffer, i, length) -> { });
        assertFalse(RingFile.hasCommittedRecord(f.requests()));
    }

    private PmixException assertStatusOnAttach(int status, Path path) {
        PmixException e = assertThrows(PmixException.class, () -> attach(path));
        assertStatus(status, e);
        return e;
    }

    /**
     * A truncated ring is told from a whole one by the mapped file's length, also once its path is gone:
     * the server deletes a dropped client's ring file while that client may still be reading it.
     */
    @Test
    void shouldTellATruncatedRingByItsMappedFileEvenAfterThePathIsDeleted() throws Exception {
        RingFile whole = create("ring-7");
        RingFile cut = create("ring-8");
        try (RandomAccessFile f = new RandomAccessFile(cut.path().toFile(), "rw")) {
            f.setLength(RingFileDescriptor.replyRingOffset(CAPACITY)); // its reply ring cut off
        }
        whole.delete();
        cut.delete();
        Files.createFile(whole.path()); // another, empty file under the whole one's name: not the mapped one

        assertTrue(whole.isIntact(), "whole, though its path is gone");
        assertFalse(cut.isIntact(), "truncated, though its path is gone");
        cut.unmap();
        assertTrue(cut.isIntact(), "unmapped: no evidence of anything");
    }

    /**
     * A fault of a truncated ring surfaces no later than {@link MappedFaults#surface}, also when the
     * read that faulted is compiled code: JDK 17's C2 code records the fault and throws it where the
     * thread next returns from the VM's runtime, which a native method's return (the old way, {@code
     * Thread.holdsLock}) is not; there it surfaced only at a later sleep. JDK 25 throws at the read.
     */
    @Test
    void shouldSurfaceAFaultOfATruncatedRingAtSurfaceFaultsAtTheLatest() throws Exception {
        RingFile ring = create("ring-7");
        int[] step = new int[1];
        long sum = 0;
        for (int i = 0; i < 300_000; i++) { // compiled by C2 well before the end
            sum += readThenSurface(ring, step);
        }
        try (RandomAccessFile f = new RandomAccessFile(ring.path().toFile(), "rw")) {
            f.setLength(0); // a buggy process of the same user
        }
        long total = sum;
        InternalError e = assertThrows(InternalError.class, () -> {
            readThenSurface(ring, step);
            Thread.sleep(100); // where the old way surfaced it
            throw new AssertionError("surfaced only after MappedFaults.surface returned (" + total + ")");
        });
        assertTrue(step[0] < 3, "surfaced after MappedFaults.surface returned: " + e.getMessage());
    }

    /**
     * A fault that compiled code recorded and nothing surfaced yet must not surface inside the
     * unmapping: that runs in the JDK's {@code jdk.internal.ref.Cleaner}, which ends the JVM with
     * exit code 1 on any throwable ("Cleaner terminated abnormally"). {@link RingFile#unmap} lets it
     * surface first and reports it to its caller once the file is unmapped, or before anything is
     * done when it surfaced on the way in; a second call then unmaps.
     */
    @Test
    void shouldUnmapATruncatedRingAndReportItsPendingFaultInsteadOfEndingTheJvm() throws Exception {
        RingFile ring = create("ring-7");
        long sum = 0;
        for (int i = 0; i < 300_000; i++) { // compiled by C2 well before the end
            sum += ring.heartbeat(RingFile.SERVER);
        }
        try (RandomAccessFile f = new RandomAccessFile(ring.path().toFile(), "rw")) {
            f.setLength(0); // a buggy process of the same user
        }
        InternalError seen = null;
        try {
            sum += ring.heartbeat(RingFile.SERVER); // JDK 25 throws here; JDK 17 records the fault
        } catch (InternalError e) {
            seen = e;
        }
        try {
            ring.unmap();
        } catch (InternalError e) {
            seen = e;
        }
        if (!ring.isUnmapped()) {
            ring.unmap(); // it surfaced on the way in, at a call into the VM's runtime: nothing was done
        }
        assertNotNull(seen, "the read of a truncated ring faulted nowhere (" + sum + ")");
        assertFalse(Files.readString(Path.of("/proc/self/maps")).contains(ring.path().toString()),
                "the ring's fault was reported but the file is still mapped");
        ring.unmap(); // idempotent, and nothing pending any more
    }

    private static long readThenSurface(RingFile ring, int[] step) {
        step[0] = 1;
        long beat = ring.heartbeat(RingFile.SERVER);
        step[0] = 2;
        MappedFaults.surface();
        step[0] = 3;
        return beat;
    }
}
