package io.github.jpmix.gds;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;

/**
 * The nodes a namespace knows, each at a <em>slot</em>, and the {@link JobLayout} placing its ranks.
 *
 * <pre>
 *   slots [0, layoutNodes)        the node map's nodes, in map order (slot = index in the map)
 *   slots [layoutNodes, members)  nodes of PMIX_NODE_INFO_ARRAYs that are not in the node map
 *   slot  members (optional)      the local host, when neither of the above names it
 * </pre>
 * Slots below {@code members} are the namespace's nodes (its {@code PMIX_NODE_LIST}); the local
 * host always has a slot, so that node data the host gave for it has a place.
 *
 * <p>A node's id ({@code PMIX_NODEID}) is the one the host gave in a node info array (or at the top
 * level, for the local node), else its index in the node map; a node outside the map without a
 * given id has none. Looking a node up by id finds given ids first.
 *
 * <p>Memory: O(slots + ranges). Immutable and thread-safe.
 */
final class Topology {
    /** No node id: the host gave none and the node is not in the node map. */
    static final long NO_ID = -1;

    private final String[] names;
    private final long[] givenIds;
    private final int layoutNodes;
    private final int members;
    private final JobLayout layout;
    private final Map<String, Integer> byName;
    private final Map<Long, Integer> byId;

    Topology(String[] names, long[] givenIds, int layoutNodes, int members, JobLayout layout) {
        this.names = names;
        this.givenIds = givenIds;
        this.layoutNodes = layoutNodes;
        this.members = members;
        this.layout = layout;
        this.byName = new HashMap<>(names.length * 2);
        this.byId = new HashMap<>(names.length * 2);
        for (int s = 0; s < names.length; s++) {
            if (names[s] != null) {
                byName.putIfAbsent(names[s], s);
            }
            if (givenIds[s] != NO_ID) {
                byId.putIfAbsent(givenIds[s], s);
            }
        }
        for (int s = 0; s < layoutNodes; s++) {
            if (givenIds[s] == NO_ID) {
                byId.putIfAbsent((long) s, s);
            }
        }
    }

    /** A topology of {@code slots} unnamed slots, no members and no layout: what a retired view answers. */
    static Topology empty(int slots) {
        long[] ids = new long[slots + 1];
        Arrays.fill(ids, NO_ID);
        return new Topology(new String[slots + 1], ids, 0, 0, null);
    }

    int size() {
        return names.length;
    }

    int layoutNodes() {
        return layoutNodes;
    }

    /** Whether the slot is one of the namespace's nodes (not only the local host's place). */
    boolean isMember(int slot) {
        return slot >= 0 && slot < members;
    }

    int members() {
        return members;
    }

    /** The slot's hostname, or null for a node known only by id. */
    String name(int slot) {
        return names[slot];
    }

    /** The slot's node id (unsigned 32 bits), or {@link #NO_ID}. */
    long id(int slot) {
        if (givenIds[slot] != NO_ID) {
            return givenIds[slot];
        }
        return slot < layoutNodes ? slot : NO_ID;
    }

    /** The id the host gave for the slot, or {@link #NO_ID}. */
    long givenId(int slot) {
        return givenIds[slot];
    }

    /** The slot of a hostname, or -1. */
    int slotOf(String hostname) {
        Integer s = byName.get(hostname);
        return s == null ? -1 : s;
    }

    /** The slot of a node id, or -1. */
    int slotOfId(long id) {
        Integer s = byId.get(id);
        return s == null ? -1 : s;
    }

    /** The layout the maps describe, or null if no node map was given. */
    JobLayout layout() {
        return layout;
    }

    /** The slot of the node hosting a rank by the maps, or -1. */
    int slotOfRank(int rank) {
        return layout == null ? -1 : layout.nodeOf(rank);
    }

    /** Slots with a name, names joined by {@code ,} ({@code PMIX_NODE_LIST}: "names joined with ,"). */
    List<String> memberNames() {
        List<String> out = new ArrayList<>(members);
        for (int s = 0; s < members; s++) {
            if (names[s] != null) {
                out.add(names[s]);
            }
        }
        return out;
    }

    // ---- the #topo entry: docs/gds.md, "The topology entry" ----

    /**
     * The topology as the bytes of the {@code #topo} entry, little-endian:
     * <pre>
     *   i32 slots, i32 layoutNodes, i32 members
     *   slots x { i64 givenId (-1 none), i32 nameLength (-1 none), UTF-8 name }
     *   layoutNodes x { i32 ranges, ranges x { i32 firstRank, i32 count } }
     * </pre>
     */
    byte[] encode() {
        ExpandableArrayBuffer b = new ExpandableArrayBuffer(64 + names.length * 24);
        int p = 0;
        b.putInt(p, names.length, ByteOrder.LITTLE_ENDIAN);
        b.putInt(p + 4, layoutNodes, ByteOrder.LITTLE_ENDIAN);
        b.putInt(p + 8, members, ByteOrder.LITTLE_ENDIAN);
        p += 12;
        for (int s = 0; s < names.length; s++) {
            b.putLong(p, givenIds[s], ByteOrder.LITTLE_ENDIAN);
            p += 8;
            if (names[s] == null) {
                b.putInt(p, -1, ByteOrder.LITTLE_ENDIAN);
                p += 4;
            } else {
                byte[] n = names[s].getBytes(StandardCharsets.UTF_8);
                b.putInt(p, n.length, ByteOrder.LITTLE_ENDIAN);
                b.putBytes(p + 4, n);
                p += 4 + n.length;
            }
        }
        List<List<int[]>> ranges = layout == null ? List.of() : layout.ranges();
        for (int s = 0; s < layoutNodes; s++) {
            List<int[]> rs = ranges.get(s);
            b.putInt(p, rs.size(), ByteOrder.LITTLE_ENDIAN);
            p += 4;
            for (int[] r : rs) {
                b.putInt(p, r[0], ByteOrder.LITTLE_ENDIAN);
                b.putInt(p + 4, r[1], ByteOrder.LITTLE_ENDIAN);
                p += 8;
            }
        }
        return Arrays.copyOf(b.byteArray(), p);
    }

    /**
     * Reads a {@code #topo} entry in place.
     *
     * @param hasLayout whether the namespace had a node map (the descriptor says)
     * @throws PmixException {@link Status#ERR_FILE_READ_FAILURE} if the bytes are not a topology
     */
    static Topology decode(DirectBuffer b, int off, int len, boolean hasLayout) {
        try {
            int end = off + len;
            int p = off;
            int slots = b.getInt(p, ByteOrder.LITTLE_ENDIAN);
            int layoutNodes = b.getInt(p + 4, ByteOrder.LITTLE_ENDIAN);
            int members = b.getInt(p + 8, ByteOrder.LITTLE_ENDIAN);
            p += 12;
            if (slots < 0 || layoutNodes < 0 || layoutNodes > members || members > slots || slots > len) {
                throw corrupt("slots=" + slots + " layoutNodes=" + layoutNodes + " members=" + members);
            }
            String[] names = new String[slots];
            long[] ids = new long[slots];
            for (int s = 0; s < slots; s++) {
                ids[s] = b.getLong(p, ByteOrder.LITTLE_ENDIAN);
                int n = b.getInt(p + 8, ByteOrder.LITTLE_ENDIAN);
                p += 12;
                if (n >= 0) {
                    if (n > end - p) {
                        throw corrupt("name of slot " + s + " runs past the entry");
                    }
                    names[s] = b.getStringWithoutLengthUtf8(p, n);
                    p += n;
                }
            }
            JobLayout layout = null;
            if (hasLayout) {
                List<String> nodes = new ArrayList<>(layoutNodes);
                List<List<int[]>> ranges = new ArrayList<>(layoutNodes);
                for (int s = 0; s < layoutNodes; s++) {
                    nodes.add(names[s]);
                    int k = b.getInt(p, ByteOrder.LITTLE_ENDIAN);
                    p += 4;
                    if (k < 0 || k > (end - p) / 8) {
                        throw corrupt("range count " + k + " of slot " + s);
                    }
                    List<int[]> rs = new ArrayList<>(k);
                    for (int i = 0; i < k; i++) {
                        rs.add(new int[] {b.getInt(p, ByteOrder.LITTLE_ENDIAN), b.getInt(p + 4, ByteOrder.LITTLE_ENDIAN)});
                        p += 8;
                    }
                    ranges.add(rs);
                }
                layout = JobLayout.of(nodes, ranges);
            }
            return new Topology(names, ids, layoutNodes, members, layout);
        } catch (IndexOutOfBoundsException | PmixException e) {
            throw new PmixException(Status.ERR_FILE_READ_FAILURE, "gds: malformed topology entry: " + e.getMessage(), e);
        }
    }

    private static PmixException corrupt(String what) {
        return new PmixException(Status.ERR_FILE_READ_FAILURE, "gds: malformed topology entry: " + what);
    }
}
