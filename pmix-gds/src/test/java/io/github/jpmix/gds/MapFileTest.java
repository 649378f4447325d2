package io.github.jpmix.gds;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import io.github.jpmix.common.internal.JvmFlags;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import net.openhft.chronicle.map.ChronicleMap;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link MapFile} reads what Chronicle Map wrote, entry for entry, without Chronicle: store files of every
 * size {@link StoreFiles} makes (one segment up to 8,192 entries, 2 to 512 beyond), maps whose segments
 * chained extra tiers (built undersized with Chronicle's own builder), 8-byte hash slots, keys outside
 * ASCII (Chronicle's per-UTF-16-unit encoding), files read through windows; and it refuses, with
 * {@code PMIX_ERR_FILE_READ_FAILURE}, what is not a complete store file or is damaged, never reading
 * outside the mapping. The layout it follows is {@code docs/gds.md}, "Reading without Chronicle".
 */
class MapFileTest {
    @TempDir
    Path dir;

    /** Keys as the store spells them, values of many sizes, and keys that are not ASCII. */
    static Map<String, byte[]> entries(int n, int maxValue) {
        Map<String, byte[]> m = new LinkedHashMap<>();
        Random r = new Random(n);
        for (int i = 0; i < n; i++) {
            String k = i % 3 == 0 ? "P" + i + "|pmix.hostname" : i % 3 == 1 ? "N" + i + "|pmix.local.rank" : "4:job1:" + i + "|ep";
            byte[] v = new byte[(i * 37) % maxValue];
            r.nextBytes(v);
            m.put(k, v);
        }
        if (n > 0) {
            m.put("#desc", "descriptor".getBytes(StandardCharsets.UTF_8));
            m.put("U|h\u00e9llo\u20ac", new byte[] {1, 2, 3});
            m.put("U|smile\uD83D\uDE00", new byte[] {4});
            m.put("U|nul\u0000x", new byte[] {5});
            m.put("U|lone\uD800x", new byte[] {6});
            m.put("", new byte[0]);
            m.put("big", new byte[70_000]);
        }
        return m;
    }

    private Path storeFile(String name, Map<String, byte[]> m) {
        Path f = dir.resolve(name + StoreFiles.SUFFIX);
        StoreFiles.write(f, sink -> m.forEach(sink::accept));
        return f;
    }

    private static byte[] get(MapFile f, String key) {
        return f.read(key, (b, len) -> {
            byte[] out = new byte[len];
            b.getBytes(0, out);
            return out;
        });
    }

    /** Every key reads its value, keys it lacks read null, and a walk visits exactly the map. */
    private static void assertReadsExactly(MapFile f, Map<String, byte[]> m) {
        for (Map.Entry<String, byte[]> e : m.entrySet()) {
            assertArrayEquals(e.getValue(), get(f, e.getKey()), e.getKey());
        }
        for (String absent : new String[] {"P999999|pmix.hostname", "#desd", "U|smile\uD83D", "4:job1:1|ep "}) {
            if (!m.containsKey(absent)) {
                assertNull(get(f, absent), absent);
            }
        }
        Map<String, byte[]> walked = new HashMap<>();
        f.forEach(k -> true, (b, len) -> {
            byte[] out = new byte[len];
            b.getBytes(0, out);
            return out;
        }, (k, v) -> assertNull(walked.put(k, v), "visited twice: " + k));
        assertEquals(m.keySet(), walked.keySet());
        m.forEach((k, v) -> assertArrayEquals(v, walked.get(k), k));
        assertEquals(m.size(), f.size());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 100, 8_000, 9_000, 20_000, 70_000})
    void shouldReadEveryEntryOfAStoreFileAsChronicleWroteIt(int n) {
        Map<String, byte[]> m = entries(n, 180);
        try (MapFile f = MapFile.open(storeFile("n" + n, m))) {
            assertNotNull(f);
            assertReadsExactly(f, m);
        }
    }

    @Test
    void shouldReturnNullForAFileThatIsNotThere() {
        assertNull(MapFile.open(dir.resolve("absent.gds")));
    }

    /**
     * A map built undersized, as Chronicle's builder allows: its segments chain extra tiers. Its entries
     * must fit a tier, so {@code m} loses its big one.
     */
    private Path chained(String name, Map<String, byte[]> m, int segments, int entriesPerSegment, int chunksPerTier)
            throws IOException {
        m.remove("big");
        Path f = dir.resolve(name);
        try (ChronicleMap<CharSequence, byte[]> cm = ChronicleMap.of(CharSequence.class, byte[].class)
                .actualSegments(segments)
                .entriesPerSegment(entriesPerSegment)
                .actualChunkSize(64)
                .actualChunksPerSegmentTier(chunksPerTier)
                .maxChunksPerEntry(6)
                .averageKeySize(16).averageValueSize(90)
                .maxBloatFactor(1000.0)
                .putReturnsNull(true)
                .skipCloseOnExitHook(true)
                .createPersistedTo(f.toFile())) {
            m.forEach(cm::put);
        }
        return f;
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void shouldFollowTheTiersASegmentChained(int segments) throws IOException {
        Map<String, byte[]> m = entries(3_000, 180);
        try (MapFile f = MapFile.open(chained("chained" + segments, m, segments, 200, 400))) {
            assertTrue(f.extraTiers() > 0, "the map chained no tier");
            assertReadsExactly(f, m);
        }
    }

    @Test
    void shouldFollowChainsThroughBulksOfSeveralTiers() throws IOException {
        Map<String, byte[]> m = entries(300, 100);
        try (MapFile f = MapFile.open(chained("tiny", m, 2, 8, 16))) {
            assertTrue(f.extraTiers() > f.tiersInBulk(), f.extraTiers() + " extra tiers");
            assertTrue(f.tiersInBulk() > 1, "one tier per bulk");
            assertReadsExactly(f, m);
        }
    }

    @Test
    void shouldReadEightByteHashSlots() throws IOException {
        Map<String, byte[]> m = entries(3_000, 180);
        try (MapFile f = MapFile.open(chained("wide", m, 2, 2_000, 600_000))) {
            assertEquals(8, f.slotSize());
            assertReadsExactly(f, m);
        }
    }

    /** A file larger than a window is read through overlapping windows (files over 2 GiB are). */
    @Test
    void shouldReadAFileThroughWindows() {
        Map<String, byte[]> m = entries(20_000, 180);
        m.remove("big"); // an entry must fit half a window
        Path p = storeFile("windows", m);
        try (MapFile f = MapFile.open(p, 256 * 1024)) {
            assertTrue(f.windowCount() > 4, f.windowCount() + " windows");
            assertReadsExactly(f, m);
        }
    }

    @Test
    void shouldRefuseAFileWhoseEntriesAWindowCannotHold() {
        Map<String, byte[]> m = entries(20_000, 180); // "big" is 70,000 bytes
        Path p = storeFile("windows", m);
        assertRefused(() -> MapFile.open(p, 128 * 1024), "entries of up to");
    }

    @Test
    void shouldRefuseEveryTruncationOfAFile() throws IOException {
        Path p = storeFile("t", entries(50, 180));
        byte[] all = Files.readAllBytes(p);
        long dataEnd = dataEnd(all);
        Path cut = dir.resolve("cut.gds");
        for (int len = 0; len < dataEnd; len += len < 2_000 ? 1 : 97) {
            Files.write(cut, Arrays.copyOf(all, len));
            assertRefused(() -> MapFile.open(cut), "");
        }
    }

    @Test
    void shouldRefuseAHeaderThatIsIncompleteDamagedOrOfAnotherLayout() throws IOException {
        byte[] all = Files.readAllBytes(storeFile("h", entries(50, 180)));
        Path f = dir.resolve("h2.gds");

        byte[] incomplete = all.clone();
        ByteBuffer.wrap(incomplete).order(ByteOrder.LITTLE_ENDIAN).putInt(8, all[8] & 0xFF | 0x80000000 | (all[9] & 0xFF) << 8);
        Files.write(f, incomplete);
        assertRefused(() -> MapFile.open(f), "incomplete");

        byte[] flipped = all.clone();
        flipped[40] ^= 1;
        Files.write(f, flipped);
        assertRefused(() -> MapFile.open(f), "checksum");

        Files.write(f, withHeader(all, "dataFileVersion: \"2026.1\"", "dataFileVersion: \"2099.9\""));
        assertRefused(() -> MapFile.open(f), "2099.9");
        Files.write(f, withHeader(all, "alignment: 1,", "alignment: 8,"));
        assertRefused(() -> MapFile.open(f), "alignment");
        Files.write(f, withHeader(all, "!type byte[]", "!type long[]"));
        assertRefused(() -> MapFile.open(f), "valueClass");
        Files.write(f, "not a map at all, just text".getBytes(StandardCharsets.UTF_8));
        assertRefused(() -> MapFile.open(f), "");
    }

    /**
     * Random damage to the binary part (header intact, so the file opens): a lookup returns a value, null,
     * or {@code PMIX_ERR_FILE_READ_FAILURE}; never another exception, never a read outside the mapping
     * (Agrona's bounds checks would throw), never a loop.
     */
    @Test
    void shouldReadDamagedFilesWithoutLeavingTheMapping() throws IOException {
        Map<String, byte[]> m = entries(400, 180);
        byte[] all = Files.readAllBytes(chained("fuzz-src.gds", m, 2, 100, 200));
        int binary = (int) ((12 + (ByteBuffer.wrap(all).order(ByteOrder.LITTLE_ENDIAN).getInt(8) & 0x3FFFFFFF) + 63) & ~63L) + 8 + 25;
        Random r = new Random(7);
        Path f = dir.resolve("fuzz.gds");
        int damagedReads = 0;
        for (int round = 0; round < 150; round++) {
            byte[] b = all.clone();
            for (int k = 0; k < 1 + r.nextInt(40); k++) {
                int at = binary + r.nextInt(b.length - binary);
                b[at] = (byte) (r.nextInt(4) == 0 ? 0xFF : r.nextInt(256));
            }
            Files.write(f, b);
            MapFile mf;
            try {
                mf = MapFile.open(f);
            } catch (PmixException e) {
                assertEquals(Status.ERR_FILE_READ_FAILURE, e.status(), e.getMessage());
                continue;
            }
            try (MapFile file = mf) {
                for (String key : m.keySet()) {
                    try {
                        get(file, key);
                    } catch (PmixException e) {
                        assertEquals(Status.ERR_FILE_READ_FAILURE, e.status(), e.getMessage());
                        damagedReads++;
                    }
                }
                try {
                    file.size();
                } catch (PmixException e) {
                    assertEquals(Status.ERR_FILE_READ_FAILURE, e.status(), e.getMessage());
                }
            }
        }
        assertTrue(damagedReads > 0, "no damage was ever noticed: the fuzzing hit nothing");
    }

    /**
     * A fresh JVM that attaches a store and reads a fact, as a client does, loads no Chronicle class: no
     * chronicle-core start-up, no Chronicle Wire (whose date formats load the JDK's locale data), no
     * javac, no native POSIX binding ({@code docs/startup.md}).
     */
    @Test
    void aFreshReaderJvmLoadsNoChronicleClass() throws Exception {
        Path session = dir.resolve("session");
        List<String> lines = new ArrayList<>();
        try (GdsStore store = Gds.mappedStore(session, Jobs.LOCAL)) {
            store.register(Registration.parse("job1", 4, Jobs.job1()));
            List<String> cmd = new ArrayList<>(JvmFlags.javaCommand(List.of("-verbose:class"), ChildReader.class.getName()));
            cmd.addAll(List.of("read", session.toString(), Jobs.LOCAL, "0", "job1", "0", Keys.JOB_SIZE.name()));
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            try (var in = p.inputReader(StandardCharsets.UTF_8)) {
                in.lines().forEach(lines::add);
            }
            assertTrue(p.waitFor(60, TimeUnit.SECONDS));
            assertEquals(0, p.exitValue(), () -> String.join("\n", lines));
        }
        assertTrue(lines.contains(Keys.JOB_SIZE.name() + "=" + Value.ofUint32(10)), lines::toString);
        assertTrue(lines.stream().anyMatch(l -> l.contains("io.github.jpmix.gds.MapFile ")), "the reader loaded");
        List<String> chronicle = lines.stream().filter(l -> l.contains(" net.openhft.") || l.contains(" jnr.")).toList();
        assertTrue(chronicle.isEmpty(), () -> "Chronicle classes loaded: " + chronicle);
    }

    @Test
    void shouldHashAsXxHash64() {
        // the reference implementation's vectors (seed 0), and a key of the store
        assertEquals(0xEF46DB3751D8E999L, hash(""));
        assertEquals(0xD24EC4F1A98C6E5BL, hash("a"));
        assertEquals(0x44BC2CF5AD770999L, hash("abc"));
        assertEquals(0xEFA90312A1B239A6L, hash("J|pmix.job.size"));
        assertEquals(0xA76190C3ACF08A1CL, hash("0123456789abcdef0123456789abcdef0123456789"));
    }

    @Test
    void shouldEncodeKeysAsChronicleDoesEveryUtf16UnitAlone() {
        byte[] out = new byte[32];
        int n = MapFile.encode("a\u00e9\u20ac\uD83D\uDE00\u0000", out);
        assertArrayEquals(new byte[] {'a', (byte) 0xC3, (byte) 0xA9, (byte) 0xE2, (byte) 0x82, (byte) 0xAC,
            (byte) 0xED, (byte) 0xA0, (byte) 0xBD, (byte) 0xED, (byte) 0xB8, (byte) 0x80, 0}, Arrays.copyOf(out, n));
        assertEquals(-13, MapFile.encode("a\u00e9\u20ac\uD83D\uDE00\u0000", new byte[4]));
    }

    private static long hash(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        return MapFile.XxHash64.hash(new UnsafeBuffer(b), 0, b.length);
    }

    /** The file's header text with {@code from} replaced by {@code to} and its checksum made right again. */
    private static byte[] withHeader(byte[] all, String from, String to) {
        ByteBuffer bb = ByteBuffer.wrap(all).order(ByteOrder.LITTLE_ENDIAN);
        int word = bb.getInt(8);
        int len = word & 0x3FFFFFFF;
        String text = new String(all, 12, len, StandardCharsets.UTF_8);
        assertTrue(text.contains(from), from);
        byte[] t = text.replace(from, to).getBytes(StandardCharsets.UTF_8);
        assertTrue(t.length <= len + (64 - (12 + len) % 64) % 64, "the new header must fit its padding");
        byte[] out = all.clone();
        Arrays.fill(out, 12, 12 + Math.max(len, t.length), (byte) 0);
        System.arraycopy(t, 0, out, 12, t.length);
        ByteBuffer ob = ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN);
        ob.putInt(8, (word & ~0x3FFFFFFF) | t.length);
        ob.putLong(0, MapFile.XxHash64.hash(new UnsafeBuffer(out), 8, 4 + t.length));
        return out;
    }

    /** Where the file's data ends, as its global state says. */
    private static long dataEnd(byte[] all) {
        ByteBuffer bb = ByteBuffer.wrap(all).order(ByteOrder.LITTLE_ENDIAN);
        long headerSize = (12 + (bb.getInt(8) & 0x3FFFFFFF) + 63) & ~63L;
        return bb.getLong((int) headerSize + 8 + 17);
    }

    private static void assertRefused(org.junit.jupiter.api.function.Executable open, String says) {
        PmixException e = assertThrows(PmixException.class, open);
        assertEquals(Status.ERR_FILE_READ_FAILURE, e.status(), e.getMessage());
        assertTrue(e.getMessage().contains(says), e.getMessage());
    }
}
