package io.github.jpmix.gds;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.MappedFaults;
import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A finished store file (a Chronicle Map 3 file of {@code CharSequence} keys and {@code byte[]}
 * values, {@code docs/gds.md}) read in place without Chronicle: what {@code ChronicleMap.get} finds,
 * found the way it finds it, from the layout its header describes. A reader process needs none of
 * Chronicle's start-up (chronicle-core's static start, Chronicle Wire's date formats and the JDK's
 * locale data they load, the map's own classes and their compilation): in a fresh JVM, opening a store
 * through Chronicle cost more than the whole rest of a client's start ({@code docs/startup.md}).
 *
 * <p><b>The layout</b> ({@code docs/gds.md}, "Reading without Chronicle", which cites Chronicle's
 * sources): an xxHash64 checksum of the header, the header's size word (ready only when positive), the
 * header as text (every size and count below), the global state (where the segment headers are, how
 * many extra tier bulks exist, where the data ends), the segment headers (the next tier of each
 * segment's first tier), and the tiers: a linear-probing hash lookup of (key hash bits, entry
 * position) slots, the tier's counters (its next tier), a free list, and the entries: key size
 * (stop bit), key (each UTF-16 unit encoded alone: CESU-8), value size (stop bit), value, checksum.
 *
 * <p><b>Only what was verified.</b> The header must name exactly the key and value classes,
 * marshallers and data accesses {@link StoreFiles} writes, alignment 1, a non-replicated map, and a
 * Chronicle data-file version this reader was checked against ({@link #VERSIONS}); anything else is
 * refused with {@link Status#ERR_FILE_READ_FAILURE}, naming the field. {@code MapFileTest} writes maps
 * with the Chronicle on the class path and reads them back, so a Chronicle upgrade that changes the
 * layout fails the build, not a job.
 *
 * <p><b>Hostile or damaged files.</b> The header's numbers are combined with exact arithmetic and
 * must agree with the data's end; every read is checked against the file, whatever its width (not left
 * to Agrona's bounds checks, which an application may turn off); every offset read from the file is
 * checked against the layout before it is followed (tier chains by the segment and place their tiers
 * record, entry positions, key and value sizes). A violation is {@link Status#ERR_FILE_READ_FAILURE},
 * never a read outside the mapping, a loop, or a walk longer than the file. The values' checksums are
 * not checked (a damaged value decodes wrongly or fails in the codec). A file truncated after it was
 * mapped faults on access, as any mapped file does ({@code MappedFaults}).
 *
 * <p><b>Files over 1 GiB</b> are mapped in windows of {@link #WINDOW} bytes that overlap by half a
 * window, more than the largest entry, so every read the lookup makes lies inside one window.
 *
 * <p>No locks: nothing writes a published file ({@code docs/gds.md}, "Why nothing is written twice"),
 * so a reader takes none of Chronicle's segment locks, and one killed mid-read leaves none held.
 * Thread-safe: lookups only read; {@link #close} must not run concurrently with them ({@link Mapping}
 * counts them).
 */
final class MapFile implements AutoCloseable {
    /** Chronicle Map data-file versions whose layout this reader was checked against. */
    static final java.util.Set<String> VERSIONS = java.util.Set.of("2026.1");
    static final int WINDOW = 1 << 30;
    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;
    private static final int SIZE_WORD = 8;
    private static final int TEXT = 12;
    private static final int NOT_COMPLETE = 0x80000000;
    private static final int META_DATA = 0x40000000;
    private static final int MAX_HEADER_TEXT = 16 * 1024;
    private static final String MAP_CLASS = "!net.openhft.chronicle.map.VanillaChronicleMap {";
    private static final String IMPL = "!net.openhft.chronicle.hash.serialization.impl.";
    private static final String SPLIT = "!net.openhft.chronicle.hash.impl.HashSplitting$";
    /** Header fields whose value must be exactly this (the serialization {@link StoreFiles} uses). */
    private static final Map<String, String> REQUIRED = Map.of(
            "keyClass", "!type CharSequence",
            "keySizeMarshaller", IMPL + "StopBitSizeMarshaller {",
            "keyDataAccess", IMPL + "CharSequenceUtf8DataAccess {",
            "valueClass", "!type byte[]",
            "valueSizeMarshaller", IMPL + "StopBitSizeMarshaller {",
            "valueDataAccess", IMPL + "ByteArrayDataAccess {",
            "constantlySizedEntry", "false",
            "alignment", "1",
            "tierEntrySpaceInnerOffset", "0",
            "tierBulkInnerOffsetToTiers", "0");
    /** The tier counters area after a tier's hash lookup ({@code TIER_COUNTERS_AREA_SIZE}). */
    private static final int TIER_COUNTERS = 64;
    /** A segment header's next-tier index of the segment's first tier. */
    private static final int SEGMENT_NEXT_TIER = 16;
    private static final ThreadLocal<KeyBytes> KEY = ThreadLocal.withInitial(KeyBytes::new);
    private static final byte[] NOTHING = new byte[0];
    private static final ThreadLocal<UnsafeBuffer> VIEW = ThreadLocal.withInitial(() -> new UnsafeBuffer(NOTHING));
    /** The longest key a store file holds: a namespace and a PMIx key (255 and 511 characters) with room to spare. */
    private static final int MAX_KEY_BYTES = 64 * 1024;

    /** A thread's lookup key in Chronicle's encoding, and a view of it to hash. */
    private static final class KeyBytes {
        byte[] bytes = new byte[256];
        final UnsafeBuffer buffer = new UnsafeBuffer(bytes);
    }

    /** Reads an entry's value in place; the buffer is valid only during the call. */
    interface EntryReader<T> {
        T read(DirectBuffer buffer, int length);
    }

    private final String file;
    private final MappedByteBuffer[] mapped;
    private final UnsafeBuffer[] windows;
    /** Bytes between window starts: {@link Long#MAX_VALUE} for one window. */
    private final long stride;
    private final long length;
    private final int segments;
    /** 0: one segment; -1: a segment count that is no power of two; else log2 of the count. */
    private final int splitBits;
    private final int chunkSize;
    private final long chunksPerTier;
    private final int maxEntryBytes;
    private final int segmentHeaderSize;
    private final long segmentHeaders;
    private final long segmentsOffset;
    private final long withoutTiers;
    private final long tierSize;
    private final long bulkSize;
    private final int log2TiersInBulk;
    private final long extraTiers;
    private final int slotSize;
    private final int keyBits;
    private final long keyMask;
    private final long valueMask;
    private final int capacity;
    private final long hashLookupOuter;
    private final long entrySpace;
    /** The global state's lock word. */
    private final long globalLock;

    private MapFile(String file, MappedByteBuffer[] mapped, long stride, long length, Map<String, String> h,
            long globalLock, long segmentHeaders, long bulks, long dataEnd) {
        this.file = file;
        this.mapped = mapped;
        this.windows = new UnsafeBuffer[mapped.length];
        for (int i = 0; i < mapped.length; i++) {
            windows[i] = new UnsafeBuffer(mapped[i]);
        }
        this.stride = stride;
        this.length = length;
        this.segments = intField(h, "actualSegments", 1, 1 << 16);
        this.chunkSize = intField(h, "chunkSize", 1, 1 << 20);
        this.chunksPerTier = longField(h, "actualChunksPerSegmentTier", 1, 1L << 40);
        long maxChunks = longField(h, "maxChunksPerEntry", 1, 1L << 40);
        this.maxEntryBytes = (int) Math.min(Integer.MAX_VALUE, maxChunks * chunkSize);
        this.segmentHeaderSize = intField(h, "segmentHeaderSize", SEGMENT_NEXT_TIER + 8, 1 << 20);
        this.slotSize = intField(h, "tierHashLookupSlotSize", 4, 8);
        this.keyBits = intField(h, "tierHashLookupKeyBits", 1, 63);
        int valueBits = intField(h, "tierHashLookupValueBits", 1, 63);
        this.capacity = intField(h, "tierHashLookupCapacity", 1, 1 << 30);
        this.hashLookupOuter = longField(h, "tierHashLookupOuterSize", 1, 1L << 40);
        long freeList = longField(h, "tierFreeListOuterSize", 0, 1L << 40);
        long entrySpaceOuter = longField(h, "tierEntrySpaceOuterSize", 1, 1L << 50);
        this.tierSize = longField(h, "tierSize", 1, 1L << 50);
        this.bulkSize = longField(h, "tierBulkSizeInBytes", 1, 1L << 50);
        long tiersInBulk = longField(h, "tiersInBulk", 1, 1L << 30);
        this.log2TiersInBulk = intField(h, "log2TiersInBulk", 0, 30);
        // exact arithmetic: every product and sum of the header's numbers is checked, so no offset
        // computed later (all of them at most the data's end) can wrap around
        if ((slotSize != 4 && slotSize != 8) || keyBits + valueBits > 8 * slotSize
                || Integer.bitCount(capacity) != 1 || (long) capacity * slotSize > hashLookupOuter
                || tiersInBulk != 1L << log2TiersInBulk
                || Math.addExact(Math.addExact(hashLookupOuter, TIER_COUNTERS), Math.addExact(freeList, entrySpaceOuter)) > tierSize
                || Math.multiplyExact(chunksPerTier, chunkSize) > entrySpaceOuter
                || Math.multiplyExact(tiersInBulk, tierSize) > bulkSize) {
            throw refused("a tier layout it cannot hold (" + h + ")");
        }
        this.keyMask = (1L << keyBits) - 1;
        this.valueMask = (1L << valueBits) - 1;
        this.entrySpace = hashLookupOuter + TIER_COUNTERS + freeList;
        String split = h.getOrDefault("hashSplitting", "");
        if (split.equals(SPLIT + "ForSingleSegment {") && segments == 1) {
            this.splitBits = 0;
        } else if (split.equals(SPLIT + "ForPowerOf2Segments {") && h.containsKey("hashSplitting.bits")
                && segments == 1 << intField(h, "hashSplitting.bits", 1, 16)) {
            this.splitBits = intField(h, "hashSplitting.bits", 1, 16);
        } else if (split.equals(SPLIT + "ForNonPowerOf2Segments {") && segments > 1
                && Integer.toString(segments).equals(h.get("hashSplitting.segments"))) {
            this.splitBits = -1;
        } else {
            throw refused("hashSplitting " + split + " for " + segments + " segments");
        }
        this.segmentHeaders = segmentHeaders;
        this.segmentsOffset = Math.addExact(segmentHeaders, Math.multiplyExact((long) segments, segmentHeaderSize));
        this.withoutTiers = Math.addExact(segmentsOffset, Math.multiplyExact((long) segments, tierSize));
        this.extraTiers = Math.multiplyExact(bulks, tiersInBulk);
        this.globalLock = globalLock;
        // the global state's data end must be where the layout ends, inside the file: every tier lies below it
        if (dataEnd != Math.addExact(withoutTiers, Math.multiplyExact(bulks, bulkSize)) || dataEnd > length) {
            throw refused("data ending at " + dataEnd + " (" + length + " bytes, " + bulks + " extra tier bulks)");
        }
    }

    /**
     * Maps {@code file} and checks its header, or returns null when there is no such file. The file
     * stays mapped until {@link #close}, whatever happens to its name.
     *
     * @throws PmixException {@link Status#ERR_FILE_OPEN_FAILURE} if it cannot be opened or mapped;
     *     {@link Status#ERR_FILE_READ_FAILURE} if it is not a complete store file of a known layout
     */
    static MapFile open(Path file) {
        return open(file, WINDOW);
    }

    /** {@link #open(Path)} with windows of {@code window} bytes when the file is larger (tests). */
    static MapFile open(Path file, int window) {
        MappedByteBuffer[] mapped;
        long size;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            size = ch.size();
            if (size < TEXT) {
                throw new PmixException(Status.ERR_FILE_READ_FAILURE, "gds: " + file + " is not a store file ("
                        + size + " bytes)");
            }
            if (size <= window) {
                mapped = new MappedByteBuffer[] {ch.map(FileChannel.MapMode.READ_ONLY, 0, size)};
            } else {
                // windows overlap by half a window: refused below when an entry could be larger
                long stride = window / 2;
                int n = (int) Math.max(1, (size - window + stride - 1) / stride + 1);
                mapped = new MappedByteBuffer[n];
                try {
                    for (int i = 0; i < n; i++) {
                        long start = i * stride;
                        mapped[i] = ch.map(FileChannel.MapMode.READ_ONLY, start, Math.min(window, size - start));
                    }
                } catch (IOException | RuntimeException e) {
                    unmap(mapped);
                    throw e;
                }
            }
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException | RuntimeException e) {
            if (e instanceof PmixException pe) {
                throw pe;
            }
            throw new PmixException(Status.ERR_FILE_OPEN_FAILURE, "gds: cannot map " + file + ": " + e, e);
        }
        try {
            return header(file.toString(), mapped, mapped.length == 1 ? Long.MAX_VALUE : window / 2, size, window);
        } catch (RuntimeException e) {
            unmap(mapped);
            throw e instanceof PmixException pe ? pe
                    : new PmixException(Status.ERR_FILE_READ_FAILURE, "gds: cannot read " + file + ": " + e, e);
        }
    }

    /** Unmaps every window; a fault of an earlier read that surfaces meanwhile is thrown after. */
    private static void unmap(MappedByteBuffer[] mapped) {
        InternalError fault = MappedFaults.unmap(mapped);
        if (fault != null) {
            throw fault;
        }
    }

    private static MapFile header(String file, MappedByteBuffer[] mapped, long stride, long size, int window) {
        UnsafeBuffer first = new UnsafeBuffer(mapped[0]);
        int word = first.getInt(SIZE_WORD, LE);
        if (word <= 0 || (word & META_DATA) != 0) {
            // NOT_COMPLETE (the sign bit) while Chronicle writes it; a published file never has it
            throw refusedFile(file, (word & NOT_COMPLETE) != 0 ? "an incomplete map" : "a size word " + word);
        }
        int textLength = word & ~(NOT_COMPLETE | META_DATA);
        if (textLength > MAX_HEADER_TEXT || TEXT + (long) textLength > Math.min(size, first.capacity())) {
            throw refusedFile(file, "a header of " + textLength + " bytes in " + size);
        }
        byte[] text = new byte[textLength];
        first.getBytes(TEXT, text);
        long sum = XxHash64.hash(first, SIZE_WORD, TEXT + textLength - SIZE_WORD);
        if (sum != first.getLong(0, LE)) {
            throw refusedFile(file, "a header whose checksum does not match");
        }
        Map<String, String> h = fields(file, new String(text, StandardCharsets.UTF_8));
        long headerSize = (TEXT + textLength + 63) & ~63L;
        long state = headerSize + 8; // after the global state's lock word
        if (state + 25 > first.capacity()) {
            throw refusedFile(file, "no global state");
        }
        long bulks = first.getInt((int) state, LE) & 0xFFFFFFL;
        long segmentHeaders = first.getInt((int) state + 13, LE) & 0xFFFFFFFFL;
        long dataEnd = first.getLong((int) state + 17, LE);
        // a multiple of 4,096, as Chronicle's recovery checks: segment headers start on a page
        if (segmentHeaders < state + 25 || segmentHeaders > 1L << 30 || segmentHeaders % 4096 != 0) {
            throw refusedFile(file, "segment headers at " + segmentHeaders);
        }
        MapFile m;
        try {
            m = new MapFile(file, mapped, stride, size, h, headerSize, segmentHeaders, bulks, dataEnd);
        } catch (PmixException | ArithmeticException e) {
            throw refusedFile(file, e instanceof ArithmeticException ? "a layout whose sizes overflow" : e.getMessage());
        }
        if (mapped.length > 1 && (long) m.maxEntryBytes + m.hashLookupOuter + TIER_COUNTERS > window - stride) {
            throw refusedFile(file, "entries of up to " + m.maxEntryBytes + " bytes in a file of " + size);
        }
        return m;
    }

    /**
     * The header text's top-level {@code name: value} lines (a nested object's first line keeps its
     * class, and its fields are {@code name.field}); {@link #REQUIRED} and {@link #VERSIONS} checked.
     */
    private static Map<String, String> fields(String file, String text) {
        if (!text.startsWith(MAP_CLASS + "\n")) {
            throw refusedFile(file, "a header that is not a " + MAP_CLASS.substring(1, MAP_CLASS.length() - 2));
        }
        Map<String, String> h = new HashMap<>();
        String outer = null;
        for (String line : text.split("\n")) {
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String value = line.substring(colon + 1).trim();
            if (value.endsWith(",")) {
                value = value.substring(0, value.length() - 1);
            }
            if (line.startsWith("    ") && outer != null) {
                h.put(outer + "." + line.substring(0, colon).trim(), value);
            } else if (line.startsWith("  ") && line.charAt(2) != ' ') {
                String name = line.substring(2, colon);
                h.put(name, value);
                outer = value.endsWith("{") ? name : null;
            }
        }
        String version = h.getOrDefault("dataFileVersion", "");
        if (!VERSIONS.contains(version.replace("\"", ""))) {
            throw refusedFile(file, "Chronicle Map data file version " + version + " (this reader knows " + VERSIONS + ")");
        }
        REQUIRED.forEach((k, v) -> {
            if (!v.equals(h.get(k))) {
                throw refusedFile(file, k + " " + h.get(k) + " (a store file has " + v + ")");
            }
        });
        return h;
    }

    private static int intField(Map<String, String> h, String name, int min, int max) {
        return (int) longField(h, name, min, max);
    }

    private static long longField(Map<String, String> h, String name, long min, long max) {
        String v = h.get(name);
        try {
            long n = Long.parseLong(v);
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw refused(name + " " + v);
    }

    private static PmixException refused(String what) {
        return new PmixException(Status.ERR_FILE_READ_FAILURE, what);
    }

    private static PmixException refusedFile(String file, String what) {
        return new PmixException(Status.ERR_FILE_READ_FAILURE, "gds: " + file + " is not a store file this reader knows: " + what);
    }

    private PmixException damaged(String what) {
        return new PmixException(Status.ERR_FILE_READ_FAILURE, "gds: " + file + " is damaged: " + what);
    }

    // ---- lookups ----

    /**
     * Reads the value stored under {@code key} in place with {@code reader}, or returns null when the map
     * has no such key. The buffer handed to {@code reader} is this thread's one view of the value: valid
     * only during the call (it views nothing afterwards), and {@code reader} must not read this or another
     * map meanwhile.
     *
     * @throws PmixException {@link Status#ERR_FILE_READ_FAILURE} when the file's structure is damaged
     */
    <T> T read(CharSequence key, EntryReader<T> reader) {
        KeyBytes k = KEY.get();
        int kn = encode(key, k.bytes);
        if (kn < 0) {
            k.bytes = new byte[-kn];
            k.buffer.wrap(k.bytes);
            kn = encode(key, k.bytes);
        }
        long entry = find(k.bytes, kn, XxHash64.hash(k.buffer, 0, kn));
        return entry < 0 ? null : value(entry, reader);
    }

    /** The offset of the entry whose key is {@code kb}, or -1. */
    private long find(byte[] kb, int kn, long hash) {
        int segment;
        long segmentHash;
        if (splitBits == 0) {
            segment = 0;
            segmentHash = hash;
        } else if (splitBits > 0) {
            segment = (int) hash & (segments - 1);
            segmentHash = hash >>> splitBits;
        } else {
            segment = ((int) hash & 0x7FFFFFFF) % segments;
            segmentHash = hash >>> 31;
        }
        long searchKey = segmentHash & keyMask;
        if (searchKey == 0) {
            searchKey = keyMask; // a stored key is never 0: 0 is an empty slot
        }
        for (long base = segmentsOffset + segment * tierSize, hop = 1; base >= 0; base = followingTier(segment, base, hop++)) {
            long at = found(base, searchKey, kb, kn);
            if (at >= 0) {
                return at;
            }
        }
        return -1;
    }

    /**
     * The offset of the tier after the one at {@code base} in {@code segment}'s chain (the {@code hop}-th
     * extra tier), or -1 at the chain's end. The first tier's next index is in the segment's header, an
     * extra tier's in its counters. The next tier must say it is that tier (Chronicle writes a linked
     * tier's segment and place in the chain in its counters): a chain that loops, or a tier two segments
     * share, is damage, not a walk of every tier for every segment.
     */
    private long followingTier(int segment, long base, long hop) {
        long next = i64(hop == 1 ? segmentHeader(segment) + SEGMENT_NEXT_TIER : base + hashLookupOuter);
        if (next == 0) {
            return -1;
        }
        if (next <= segments || hop > extraTiers) {
            throw damaged("a tier chain of segment " + segment + " with tier " + next + " at hop " + hop);
        }
        long following = tierOffset(next);
        long counters = following + hashLookupOuter;
        if (i32(counters + 24) != segment || i32(counters + 28) != hop) {
            throw damaged("tier " + next + " is not tier " + hop + " of segment " + segment);
        }
        return following;
    }

    /** Where segment {@code segment}'s header is: its lock word, then the first tier's counters. */
    private long segmentHeader(int segment) {
        return segmentHeaders + (long) segment * segmentHeaderSize;
    }

    /** The offset of the entry whose key is {@code kb} in the tier at {@code base}, or -1. */
    private long found(long base, long searchKey, byte[] kb, int kn) {
        long mask = (long) (capacity - 1) * slotSize;
        long pos = (searchKey & (capacity - 1)) * slotSize;
        for (int probes = 0; probes < capacity; probes++) {
            long slot = slot(base + pos);
            if (slot == 0) {
                return -1;
            }
            if ((slot & keyMask) == searchKey) {
                long entry = entry(base, slot);
                if (keyEquals(entry, kb, kn)) {
                    return entry;
                }
            }
            pos = (pos + slotSize) & mask;
        }
        return -1;
    }

    private long slot(long at) {
        return slotSize == 4 ? i32(at) & 0xFFFFFFFFL : i64(at);
    }

    /** The entry a slot names: its position in chunks in the tier's entry space. */
    private long entry(long base, long slot) {
        long chunk = (slot >>> keyBits) & valueMask;
        if (chunk >= chunksPerTier) {
            throw damaged("an entry at chunk " + chunk + " of " + chunksPerTier);
        }
        return base + entrySpace + chunk * chunkSize;
    }

    private boolean keyEquals(long entry, byte[] kb, int kn) {
        long size = stopBit(entry);
        long key = entry + stopBitLength(entry);
        checkInEntry(entry, key, size);
        if (size != kn) {
            return false;
        }
        UnsafeBuffer w = window(key, kn);
        int at = local(key);
        for (int i = 0; i < kn; i++) {
            if (w.getByte(at + i) != kb[i]) {
                return false;
            }
        }
        return true;
    }

    private <T> T value(long entry, EntryReader<T> reader) {
        long keySize = stopBit(entry);
        long sizeAt = entry + stopBitLength(entry);
        checkInEntry(entry, sizeAt, keySize);
        sizeAt += keySize;
        long size = stopBit(sizeAt);
        long value = sizeAt + stopBitLength(sizeAt);
        checkInEntry(entry, value, size);
        UnsafeBuffer view = VIEW.get();
        view.wrap(window(value, (int) size), local(value), (int) size);
        try {
            return reader.read(view, (int) size);
        } finally {
            view.wrap(NOTHING); // a buffer kept past the call views nothing, never unmapped memory
        }
    }

    /**
     * That {@code [from, from + size)} lies in the entry at {@code entry} as the layout bounds it (no
     * entry is longer than {@code maxChunksPerEntry} chunks) and in the file; compared so that no sum can
     * wrap around.
     */
    private void checkInEntry(long entry, long from, long size) {
        if (size < 0 || size > maxEntryBytes || from - entry > maxEntryBytes - size || from > length - size) {
            throw damaged("an entry of " + size + " bytes at " + from);
        }
    }

    /**
     * Visits every entry whose key {@code keys} accepts, in the map's order, its value read in place by
     * {@code reader} (for diagnostics: {@code jpmix gds dump}). Two slots of one tier naming one entry are
     * damage.
     */
    <T> void forEach(java.util.function.Predicate<String> keys, EntryReader<T> reader,
            java.util.function.BiConsumer<String, T> visitor) {
        walk((entry, key) -> {
            if (keys.test(key)) {
                visitor.accept(key, value(entry, reader));
            }
        }, true);
    }

    /** How many entries the map holds (every non-empty slot of every tier in use). */
    long size() {
        long[] n = new long[1];
        walk((entry, key) -> n[0]++, false);
        return n[0];
    }

    private interface SlotVisitor {
        void visit(long entry, String key);
    }

    /** Every entry of every tier in use, with its key when {@code keys}; at most one slot per entry. */
    private void walk(SlotVisitor visitor, boolean keys) {
        java.util.BitSet seen = new java.util.BitSet();
        for (int segment = 0; segment < segments; segment++) {
            for (long base = segmentsOffset + segment * tierSize, hop = 1; base >= 0; base = followingTier(segment, base, hop++)) {
                seen.clear();
                for (int s = 0; s < capacity; s++) {
                    long slot = slot(base + (long) s * slotSize);
                    if (slot != 0) {
                        long entry = entry(base, slot);
                        int chunk = (int) ((entry - base - entrySpace) / chunkSize);
                        if (seen.get(chunk)) {
                            throw damaged("two slots of a tier of segment " + segment + " name chunk " + chunk);
                        }
                        seen.set(chunk);
                        visitor.visit(entry, keys ? key(entry) : null);
                    }
                }
            }
        }
    }

    /** The entry's key, decoded from Chronicle's encoding of each UTF-16 unit. */
    private String key(long entry) {
        long size = stopBit(entry);
        long key = entry + stopBitLength(entry);
        checkInEntry(entry, key, size);
        if (size > MAX_KEY_BYTES) {
            throw damaged("a key of " + size + " bytes at " + key);
        }
        UnsafeBuffer w = window(key, (int) size);
        int at = local(key);
        StringBuilder b = new StringBuilder(64);
        for (int i = 0; i < size;) {
            int c = w.getByte(at + i) & 0xFF;
            if (c < 0x80) {
                b.append((char) c);
                i++;
            } else if ((c & 0xE0) == 0xC0 && i + 1 < size) {
                b.append((char) (((c & 0x1F) << 6) | (w.getByte(at + i + 1) & 0x3F)));
                i += 2;
            } else if ((c & 0xF0) == 0xE0 && i + 2 < size) {
                b.append((char) (((c & 0x0F) << 12) | ((w.getByte(at + i + 1) & 0x3F) << 6) | (w.getByte(at + i + 2) & 0x3F)));
                i += 3;
            } else {
                throw damaged("a key that is not Chronicle's UTF-8 at " + key);
            }
        }
        return b.toString();
    }

    /**
     * Writes {@code key} as Chronicle stores a {@code CharSequence} key into {@code out}: every UTF-16 unit
     * on its own, 1 to 3 bytes (so a character outside the BMP is two 3-byte surrogates, CESU-8, not
     * 4-byte UTF-8), U+0000 as a plain 0. Returns the length, or minus the length needed when {@code out}
     * is too short.
     */
    static int encode(CharSequence key, byte[] out) {
        long need = 0;
        int len = key.length();
        for (int i = 0; i < len; i++) {
            char c = key.charAt(i);
            need += c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
        }
        if (need > Integer.MAX_VALUE - 8) {
            throw new PmixException(Status.ERR_BAD_PARAM, "gds: a key of " + len + " characters");
        }
        int n = (int) need;
        if (n > out.length) {
            return -n;
        }
        int o = 0;
        for (int i = 0; i < len; i++) {
            char c = key.charAt(i);
            if (c < 0x80) {
                out[o++] = (byte) c;
            } else if (c < 0x800) {
                out[o++] = (byte) (0xC0 | (c >> 6));
                out[o++] = (byte) (0x80 | (c & 0x3F));
            } else {
                out[o++] = (byte) (0xE0 | (c >> 12));
                out[o++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                out[o++] = (byte) (0x80 | (c & 0x3F));
            }
        }
        return n;
    }

    // ---- the file's bytes ----

    /** The file offset of the tier with index {@code tier} (1-based: segment i's first tier is i + 1). */
    private long tierOffset(long tier) {
        long t = tier - 1;
        if (t < 0 || t >= segments + extraTiers) {
            throw damaged("a tier index " + tier + " (" + segments + " segments, " + extraTiers + " extra tiers)");
        }
        if (t < segments) {
            return segmentsOffset + t * tierSize;
        }
        long extra = t - segments;
        return withoutTiers + (extra >>> log2TiersInBulk) * bulkSize + (extra & ((1L << log2TiersInBulk) - 1)) * tierSize;
    }

    /** A stop-bit size (Chronicle Bytes' {@code writeStopBit}: 7 bits a byte, low first); no negative sizes. */
    private long stopBit(long at) {
        long v = 0;
        for (int i = 0; i < 9; i++) {
            int b = i8(at + i);
            v |= (long) (b & 0x7F) << (7 * i);
            if ((b & 0x80) == 0) {
                if (i > 0 && b == 0) {
                    throw damaged("a negative size at " + at);
                }
                return v;
            }
        }
        throw damaged("a size of more than 9 bytes at " + at);
    }

    private int stopBitLength(long at) {
        int i = 0;
        while (i < 8 && (i8(at + i) & 0x80) != 0) {
            i++;
        }
        return i + 1;
    }

    /**
     * The window holding {@code [at, at + width)}: the whole read is checked against the file here, not
     * left to Agrona's bounds checks, which an application may turn off for its whole JVM
     * ({@code agrona.disable.bounds.checks}). A window holds every read that starts in its first half
     * and is no longer than the overlap (the header's check makes entries no longer).
     */
    private UnsafeBuffer window(long at, int width) {
        if (at < 0 || width < 0 || at > length - width) {
            throw damaged("a read of " + width + " bytes at " + at + ", outside its " + length + " bytes");
        }
        return windows[stride == Long.MAX_VALUE ? 0 : (int) Math.min(windows.length - 1, at / stride)];
    }

    private int local(long at) {
        return stride == Long.MAX_VALUE ? (int) at : (int) (at - Math.min(windows.length - 1, at / stride) * stride);
    }

    private int i8(long at) {
        return window(at, 1).getByte(local(at));
    }

    private int i32(long at) {
        return window(at, 4).getInt(local(at), LE);
    }

    private long i64(long at) {
        return window(at, 8).getLong(local(at), LE);
    }

    /** Unmaps the file: no lookup may run meanwhile or after. */
    @Override
    public void close() {
        unmap(mapped);
    }

    String file() {
        return file;
    }

    /**
     * How many of the file's lock words are held: the global state's and each segment's. Readers take
     * none, and a published file has no writer, so any is a writer that died mid-write (diagnostics).
     */
    int locksHeld() {
        int held = i64(globalLock) != 0 ? 1 : 0;
        for (int segment = 0; segment < segments; segment++) {
            if (i64(segmentHeader(segment)) != 0) {
                held++;
            }
        }
        return held;
    }

    /** Extra tiers the file's bulks hold (in use or free); diagnostics. */
    long extraTiers() {
        return extraTiers;
    }

    long tiersInBulk() {
        return 1L << log2TiersInBulk;
    }

    int slotSize() {
        return slotSize;
    }

    int windowCount() {
        return windows.length;
    }

    /** xxHash64 with seed 0 (Chronicle's {@code xx_r39}: its key hash and its header checksum). */
    static final class XxHash64 {
        private static final long P1 = 0x9E3779B185EBCA87L;
        private static final long P2 = 0xC2B2AE3D27D4EB4FL;
        private static final long P3 = 0x165667B19E3779F9L;
        private static final long P4 = 0x85EBCA77C2B2AE63L;
        private static final long P5 = 0x27D4EB2F165667C5L;

        private XxHash64() {
        }

        static long hash(DirectBuffer b, int off, int len) {
            int i = off;
            int end = off + len;
            long h;
            if (len >= 32) {
                long v1 = P1 + P2;
                long v2 = P2;
                long v3 = 0;
                long v4 = -P1;
                for (; i <= end - 32; i += 32) {
                    v1 = round(v1, b.getLong(i, LE));
                    v2 = round(v2, b.getLong(i + 8, LE));
                    v3 = round(v3, b.getLong(i + 16, LE));
                    v4 = round(v4, b.getLong(i + 24, LE));
                }
                h = Long.rotateLeft(v1, 1) + Long.rotateLeft(v2, 7) + Long.rotateLeft(v3, 12) + Long.rotateLeft(v4, 18);
                h = merge(h, v1);
                h = merge(h, v2);
                h = merge(h, v3);
                h = merge(h, v4);
            } else {
                h = P5;
            }
            h += len;
            for (; i <= end - 8; i += 8) {
                h ^= round(0, b.getLong(i, LE));
                h = Long.rotateLeft(h, 27) * P1 + P4;
            }
            if (i <= end - 4) {
                h ^= (b.getInt(i, LE) & 0xFFFFFFFFL) * P1;
                h = Long.rotateLeft(h, 23) * P2 + P3;
                i += 4;
            }
            for (; i < end; i++) {
                h ^= (b.getByte(i) & 0xFFL) * P5;
                h = Long.rotateLeft(h, 11) * P1;
            }
            h ^= h >>> 33;
            h *= P2;
            h ^= h >>> 29;
            h *= P3;
            h ^= h >>> 32;
            return h;
        }

        private static long round(long acc, long input) {
            return Long.rotateLeft(acc + input * P2, 31) * P1;
        }

        private static long merge(long h, long v) {
            return (h ^ round(0, v)) * P1 + P4;
        }
    }
}
