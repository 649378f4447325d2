package io.github.jpmix.gds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.JvmFlags;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import net.openhft.chronicle.map.ChronicleMap;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crafted store files that a careless reader of Chronicle's layout would follow outside its mapping, into
 * a loop, or into work far beyond the file's size: a header whose sizes overflow 64 bits, sizes of 9
 * stop-bit bytes, segment headers at the file's very end, tier chains shared by segments or running
 * through every extra tier, many slots naming one entry with a huge key. {@link MapFile} refuses each
 * with {@code PMIX_ERR_FILE_READ_FAILURE}, quickly, and does so in a JVM whose Agrona bounds checks are
 * off ({@code agrona.disable.bounds.checks}, which an application may set), where a read outside the
 * mapping would crash the process instead of throwing.
 */
class MapFileHostileTest {
    /** Sizes whose products overflow 64 bits: tiers of 2^49 + 1 bytes, bulks of 2^49 + 2^48. */
    private static final long OVERFLOWING_TIER = (1L << 49) + 1;
    private static final long OVERFLOWING_BULK = (1L << 49) + (1L << 48);
    @TempDir
    Path dir;
    private byte[] base;

    @BeforeEach
    void baseFile() throws IOException {
        Path f = dir.resolve("base" + StoreFiles.SUFFIX);
        StoreFiles.write(f, sink -> {
            sink.accept("#desc", new byte[252]);
            sink.accept("#topo", new byte[26]);
            sink.accept("J|pmix.job.size", new byte[3]);
        });
        base = Files.readAllBytes(f);
    }

    /** Every crafted file, by name. */
    private Map<String, Path> crafted() throws IOException {
        Map<String, Path> m = new LinkedHashMap<>();
        m.put("overflowing header", write("overflow", overflowingHeader()));
        m.put("segment headers at the file's end", write("short", headersAtTheEnd()));
        m.put("9-byte key size", write("keysize", nineBytes(0)));
        m.put("9-byte value size", write("valuesize", nineBytes(6)));
        m.put("one chain for every segment", write("dos", oneChainForEverySegment(1024, 20_000)));
        m.put("shared chains", write("shared", sharedChains()));
        m.put("slots naming one entry with a huge key", write("bigkey", bigKey(1024, 1_000_000)));
        return m;
    }

    @Test
    void shouldRefuseEveryCraftedFileQuickly() throws IOException {
        for (Map.Entry<String, Path> e : crafted().entrySet()) {
            long t0 = System.nanoTime();
            String outcome = exercise(e.getValue());
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            System.out.println("[hostile] " + e.getKey() + ": " + outcome + " in " + ms + " ms");
            assertTrue(outcome.contains(Status.name(Status.ERR_FILE_READ_FAILURE)), e.getKey() + ": " + outcome);
            assertTrue(ms < 5_000, e.getKey() + " took " + ms + " ms");
        }
    }

    /**
     * The same files in a JVM without Agrona's bounds checks, where nothing but MapFile's own checks stands
     * guard (a read outside the mapping would crash it), and 60 copies of a chained map with random damage
     * in its binary part (each read, or refused).
     */
    @Test
    void shouldRefuseThemWithAgronasBoundsChecksOff() throws Exception {
        Map<String, Path> files = crafted();
        List<String> cmd = new ArrayList<>(JvmFlags.javaCommand(List.of("-Dagrona.disable.bounds.checks=true"),
                MapFileHostileTest.class.getName()));
        files.values().forEach(p -> cmd.add(p.toString()));
        byte[] chained = chainedMap();
        int binary = ((12 + (ByteBuffer.wrap(chained).order(ByteOrder.LITTLE_ENDIAN).getInt(8) & 0x3FFFFFFF) + 63) & ~63) + 33;
        java.util.Random r = new java.util.Random(11);
        for (int round = 0; round < 60; round++) {
            byte[] b = chained.clone();
            for (int k = 0; k < 1 + r.nextInt(40); k++) {
                b[binary + r.nextInt(b.length - binary)] = (byte) (r.nextInt(3) == 0 ? 0xFF : r.nextInt(256));
            }
            cmd.add(write("fuzz" + round, b).toString());
        }
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        List<String> lines = new ArrayList<>();
        try (var in = p.inputReader(StandardCharsets.UTF_8)) {
            in.lines().forEach(lines::add);
        }
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), () -> String.join("\n", lines));
        List<String> outcomes = lines.stream().filter(l -> l.startsWith("outcome ")).toList();
        assertEquals(files.size() + 60, outcomes.size(), () -> String.join("\n", lines));
        outcomes.stream().filter(l -> !l.contains("/fuzz"))
                .forEach(l -> assertTrue(l.contains(Status.name(Status.ERR_FILE_READ_FAILURE)), l));
        outcomes.stream().filter(l -> l.contains("/fuzz"))
                .forEach(l -> assertTrue(l.endsWith(": read") || l.contains(Status.name(Status.ERR_FILE_READ_FAILURE)), l));
    }

    /** The child: opens each file and reads, walks and counts it; one outcome line per file. */
    public static void main(String[] args) {
        for (String f : args) {
            System.out.println("outcome " + f + ": " + exercise(Path.of(f)));
        }
    }

    /** Opens, reads, counts, walks and checks the locks of {@code file}; the first refusal, or "read". */
    static String exercise(Path file) {
        try (MapFile f = MapFile.open(file)) {
            for (String key : List.of("#desc", "#topo", "J|pmix.job.size", "x", "key1")) {
                f.read(key, (b, len) -> {
                    byte[] out = new byte[len];
                    b.getBytes(0, out);
                    return out;
                });
            }
            f.locksHeld();
            f.size();
            f.forEach(k -> true, (b, len) -> len, (k, v) -> { });
            return "read";
        } catch (PmixException e) {
            return Status.name(e.status()) + ": " + e.getMessage();
        }
    }

    private Path write(String name, byte[] bytes) throws IOException {
        Path p = dir.resolve(name + StoreFiles.SUFFIX);
        Files.write(p, bytes);
        return p;
    }

    private static String headerText(byte[] all) {
        int len = ByteBuffer.wrap(all).order(ByteOrder.LITTLE_ENDIAN).getInt(8) & 0x3FFFFFFF;
        return new String(all, 12, len, StandardCharsets.UTF_8);
    }

    private static String set(String text, String field, String value) {
        String t = text.replaceFirst("\n  " + field + ": [^\n]*,\n", "\n  " + field + ": " + value + ",\n");
        assertTrue(t.contains("\n  " + field + ": " + value + ",\n"), field);
        return t;
    }

    /** A file of {@code length} bytes with {@code text} as its header (checksum right) and that global state. */
    private static ByteBuffer synth(String text, int length, long bulks, long segmentHeaders, long dataEnd) {
        byte[] t = text.getBytes(StandardCharsets.UTF_8);
        ByteBuffer b = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(8, t.length);
        b.put(12, t);
        b.putLong(0, MapFile.XxHash64.hash(new UnsafeBuffer(b.array()), 8, 4 + t.length));
        int state = ((12 + t.length + 63) & ~63) + 8;
        b.putInt(state, (int) bulks & 0xFFFFFF);
        b.putInt(state + 13, (int) segmentHeaders);
        b.putLong(state + 17, dataEnd);
        return b;
    }

    /**
     * Sizes whose products overflow 64 bits (tiers of 2^49 + 1 bytes, 2^14 bulks of 2^15 tiers), the data's
     * end wrapped negative to agree, and segment 0's chain pointing at a tier that wraps to just before the
     * file's end.
     */
    private byte[] overflowingHeader() {
        String text = set(overflowingSizes(), "segmentHeaderSize", "3836");
        long segmentsOffset = 4096 + 3836;
        int length = (int) (segmentsOffset + 32768 + 256 + 4);
        ByteBuffer b = synth(text, length, 1L << 14, 4096, segmentsOffset + OVERFLOWING_TIER + (1L << 14) * OVERFLOWING_BULK);
        b.putLong(4096 + 16, 32769);
        return b.array();
    }

    /** The same sizes with the segment headers 4 bytes before the file's end. */
    private byte[] headersAtTheEnd() {
        return synth(overflowingSizes(), 4100, 1L << 14, 4096, 4096 + 192 + OVERFLOWING_TIER + (1L << 14) * OVERFLOWING_BULK)
                .array();
    }


    /** The base file's header with tiers of 2^49 + 1 bytes in bulks of 2^15. */
    private String overflowingSizes() {
        String text = headerText(base);
        text = set(text, "tierSize", Long.toString(OVERFLOWING_TIER));
        text = set(text, "tierBulkSizeInBytes", Long.toString(OVERFLOWING_BULK));
        text = set(text, "tiersInBulk", "32768");
        return set(text, "log2TiersInBulk", "15");
    }

    /** {@code #desc}'s key size ({@code at} 0) or value size ({@code at} 6) made 2^63 - 1 in 9 stop-bit bytes. */
    private byte[] nineBytes(int at) {
        byte[] all = base.clone();
        int entry = indexOf(all, new byte[] {5, '#', 'd', 'e', 's', 'c'});
        byte[] nine = {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x7f};
        System.arraycopy(nine, 0, all, entry + at, 9);
        return all;
    }

    /** {@code segments} segments whose first tiers all lead into one chain through all {@code extras} extra tiers. */
    private byte[] oneChainForEverySegment(int segments, int extras) {
        String text = headerText(base);
        text = text.replace("HashSplitting$ForSingleSegment {\n  },", "HashSplitting$ForPowerOf2Segments {\n    bits: "
                + Integer.numberOfTrailingZeros(segments) + "\n  },");
        text = set(text, "actualSegments", Integer.toString(segments));
        text = set(text, "chunkSize", "1");
        text = set(text, "maxChunksPerEntry", "1");
        text = set(text, "actualChunksPerSegmentTier", "1");
        text = set(text, "segmentHeaderSize", "24");
        text = set(text, "tierHashLookupValueBits", "1");
        text = set(text, "tierHashLookupKeyBits", "16");
        text = set(text, "tierHashLookupCapacity", "1");
        text = set(text, "tierHashLookupOuterSize", "4");
        text = set(text, "tierFreeListOuterSize", "0");
        text = set(text, "tierEntrySpaceOuterSize", "1");
        text = set(text, "tierSize", "69");
        text = set(text, "tierBulkSizeInBytes", "69");
        long withoutTiers = 4096 + segments * 24L + segments * 69L;
        long dataEnd = withoutTiers + extras * 69L;
        ByteBuffer b = synth(text, (int) dataEnd, extras, 4096, dataEnd);
        for (int s = 0; s < segments; s++) {
            b.putLong((int) (4096 + s * 24L + 16), segments + 1);
        }
        for (int e = 0; e < extras; e++) {
            b.putLong((int) (withoutTiers + e * 69L + 4), e + 1 < extras ? segments + 2 + e : 0);
        }
        return b.array();
    }

    /** A map whose segments chained tiers (Chronicle's builder, undersized), every segment pointed at segment 0's chain. */
    private byte[] sharedChains() throws IOException {
        byte[] all = chainedMap();
        ByteBuffer b = ByteBuffer.wrap(all).order(ByteOrder.LITTLE_ENDIAN);
        int headerSize = (12 + (b.getInt(8) & 0x3FFFFFFF) + 63) & ~63;
        int segmentHeaders = b.getInt(headerSize + 8 + 13);
        int segmentHeaderSize = Integer.parseInt(headerText(all).replaceAll("(?s).*\n  segmentHeaderSize: (\\d+),.*", "$1"));
        long next0 = b.getLong(segmentHeaders + 16);
        assertTrue(next0 != 0, "segment 0 chained no tier");
        for (int s = 1; s < 4; s++) {
            b.putLong(segmentHeaders + s * segmentHeaderSize + 16, next0);
        }
        return all;
    }

    /** A map of 4 segments whose tiers chained: Chronicle's builder, undersized. */
    private byte[] chainedMap() throws IOException {
        Path f = dir.resolve("chained.gds");
        Files.deleteIfExists(f);
        try (ChronicleMap<CharSequence, byte[]> cm = ChronicleMap.of(CharSequence.class, byte[].class)
                .actualSegments(4).entriesPerSegment(200).actualChunkSize(64).actualChunksPerSegmentTier(400)
                .maxChunksPerEntry(6).averageKeySize(16).averageValueSize(90).maxBloatFactor(1000.0)
                .skipCloseOnExitHook(true).createPersistedTo(f.toFile())) {
            for (int i = 0; i < 3000; i++) {
                cm.put("P" + i + "|pmix.hostname", new byte[i % 180]);
            }
        }
        return Files.readAllBytes(f);
    }

    /** One tier of {@code slots} slots that all name one entry, whose key is {@code keyBytes} bytes long. */
    private byte[] bigKey(int slots, int keyBytes) {
        String text = headerText(base);
        int lookup = slots * 4;
        int entryBytes = keyBytes + 16;
        text = set(text, "chunkSize", "1");
        text = set(text, "maxChunksPerEntry", Integer.toString(entryBytes));
        text = set(text, "actualChunksPerSegmentTier", Integer.toString(entryBytes));
        text = set(text, "tierHashLookupValueBits", "1");
        text = set(text, "tierHashLookupKeyBits", "16");
        text = set(text, "tierHashLookupCapacity", Integer.toString(slots));
        text = set(text, "tierHashLookupOuterSize", Integer.toString(lookup));
        text = set(text, "tierFreeListOuterSize", "0");
        text = set(text, "tierEntrySpaceOuterSize", Integer.toString(entryBytes));
        long tier = lookup + 64 + entryBytes;
        text = set(text, "tierSize", Long.toString(tier));
        text = set(text, "tierBulkSizeInBytes", Long.toString(tier));
        long tierAt = 4096 + 192;
        ByteBuffer b = synth(text, (int) (tierAt + tier), 0, 4096, tierAt + tier);
        for (int s = 0; s < slots; s++) {
            b.putInt((int) (tierAt + 4L * s), 1);
        }
        int at = (int) (tierAt + lookup + 64);
        for (int v = keyBytes; ; v >>>= 7) {
            if (v < 0x80) {
                b.put(at++, (byte) v);
                break;
            }
            b.put(at++, (byte) (v & 0x7F | 0x80));
        }
        for (int i = 0; i < keyBytes; i++) {
            b.put(at + i, (byte) 'k');
        }
        return b.array();
    }

    private static int indexOf(byte[] all, byte[] pattern) {
        outer:
        for (int i = 0; i + pattern.length <= all.length; i++) {
            for (int j = 0; j < pattern.length; j++) {
                if (all[i + j] != pattern[j]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new AssertionError("pattern not found");
    }
}
