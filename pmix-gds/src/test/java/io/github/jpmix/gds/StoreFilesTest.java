package io.github.jpmix.gds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.codec.Codec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoreFilesTest {
    @TempDir
    Path dir;

    /** Writes {@code n} entries of {@code size}-byte values plus one of {@code big} bytes and reads all back. */
    private void roundTrip(int n, int size, int big) {
        Path f = dir.resolve("m-" + n + "-" + size + "-" + big + StoreFiles.SUFFIX);
        byte[] value = Codec.local().encode(Value.ofByteObject(new byte[size]));
        byte[] huge = Codec.local().encode(Value.ofByteObject(new byte[big]));
        StoreFiles.write(f, sink -> {
            for (int i = 0; i < n; i++) {
                sink.accept("P" + i + "|k", value);
            }
            sink.accept("big", huge);
        });
        Mapping m = Mapping.open(f);
        try {
            assertEquals(n + 1, m.size());
            for (int i = 0; i < n; i += Math.max(1, n / 1000)) {
                assertEquals(size, m.value(StoreKeys.proc(i, "k")).asBytes().length);
            }
            assertEquals(big, m.value("big").asBytes().length);
            assertNull(m.value("absent"));
        } finally {
            m.retire();
        }
    }

    @Test
    void shouldSizeMapsForTheirEntriesTinyManyHugeAndMixed() {
        roundTrip(0, 1, 1);
        roundTrip(20_000, 1, 1);
        roundTrip(100, 16, 5_000_000);
        roundTrip(150_000, 40, 300_000);
        roundTrip(3_000, 2_000, 10);
    }

    @Test
    void shouldWriteFilesOfMode0600AndNeverLeaveATemporaryFile() throws Exception {
        Path f = dir.resolve("x" + StoreFiles.SUFFIX);
        StoreFiles.write(f, sink -> sink.accept("k", new byte[] {1}));
        assertEquals(PosixFilePermissions.fromString("rw-------"), Files.getPosixFilePermissions(f));
        try (var s = Files.list(dir)) {
            assertEquals(1, s.count());
        }
    }

    @Test
    void shouldNotCreateAFileThatIsNotThere() {
        assertNull(Mapping.open(dir.resolve("absent.gds")));
        assertFalse(Files.exists(dir.resolve("absent.gds")));
    }

    @Test
    void shouldSpellEveryNamespaceAsAFileName() {
        assertEquals("job-job.1_a-b.gds", StoreFiles.jobFile(dir, "job.1_a-b").getFileName().toString());
        assertEquals("job-a%2Fb%20c%C3%A9.gds", StoreFiles.jobFile(dir, "a/b cé").getFileName().toString());
        char[] longName = new char[255];
        Arrays.fill(longName, '/');
        String hashed = StoreFiles.jobFile(dir, new String(longName)).getFileName().toString();
        assertTrue(hashed.startsWith("job-~") && hashed.length() < 80, hashed);
        assertEquals(12, StoreFiles.generationOf(StoreFiles.modexFile(dir, 12).getFileName().toString()));
        assertEquals(-1, StoreFiles.generationOf("job-x.gds"));
    }
}
