package io.github.jpmix.gds;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Rank;
import io.github.jpmix.common.Status;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Where a job's processes run, as its node map and proc map describe it ({@code PMIX_NODE_MAP},
 * {@code PMIX_PROC_MAP}; {@code spec/wireup-info.txt}): the nodes in map order, and for each node
 * the ranges of ranks it hosts.
 *
 * <p>It answers the per-process facts of any rank, local or remote, without per-process storage:
 * node index, hostname, local rank (position among the job's ranks on its node, ordered by rank,
 * {@code reserved-keys.tex} "PMIX_LOCAL_RANK"), and a node's peers. Memory is O(nodes + ranges):
 * a job of 10,000 nodes x 100 consecutive ranks is 10,000 ranges, not 1,000,000 ranks. A rank is
 * found by binary search over the sorted range starts.
 *
 * <p>Immutable and thread-safe.
 */
public final class JobLayout {
    private final List<String> nodes;
    private final Map<String, Integer> nodeIndex;
    /** Every range of every node, sorted by first rank: parallel arrays. */
    private final int[] rangeStart;
    private final int[] rangeCount;
    private final int[] rangeNode;
    /** Local rank of each range's first rank on its node. */
    private final int[] rangeLocalBase;
    /** Per node: its ranges' indexes into the arrays above, in rank order. */
    private final int[][] nodeRanges;
    private final int[] nodeSize;
    private final long jobSize;

    private JobLayout(List<String> nodes, List<List<int[]>> ranges) {
        this.nodes = List.copyOf(nodes);
        this.nodeIndex = new HashMap<>(nodes.size() * 2);
        for (int i = 0; i < nodes.size(); i++) {
            if (nodeIndex.putIfAbsent(nodes.get(i), i) != null) {
                throw new PmixException(Status.ERR_BAD_PARAM,
                        "job layout: node '" + nodes.get(i) + "' appears twice in the node map");
            }
        }
        int total = 0;
        for (List<int[]> r : ranges) {
            total += r.size();
        }
        // flat arrays in map order, then sorted by start: each key packs the unsigned start rank
        // (high half) with the range's map-order index (low half), so one primitive sort does it
        int[] flatCount = new int[total];
        int[] flatNode = new int[total];
        long[] packed = new long[total];
        int k = 0;
        for (int node = 0; node < ranges.size(); node++) {
            for (int[] r : ranges.get(node)) {
                flatCount[k] = r[1];
                flatNode[k] = node;
                // flipping the sign bit makes the signed sort order the unsigned one (ranks >= 2^31)
                packed[k] = ((Integer.toUnsignedLong(r[0]) << 32) | k) ^ Long.MIN_VALUE;
                k++;
            }
        }
        Arrays.sort(packed);
        for (int i = 0; i < total; i++) {
            packed[i] ^= Long.MIN_VALUE;
        }
        rangeStart = new int[total];
        rangeCount = new int[total];
        rangeNode = new int[total];
        rangeLocalBase = new int[total];
        nodeSize = new int[nodes.size()];
        int[] perNode = new int[nodes.size()];
        long end = 0;
        long sum = 0;
        for (int i = 0; i < total; i++) {
            long start = packed[i] >>> 32;
            int node = flatNode[(int) packed[i]];
            int count = flatCount[(int) packed[i]];
            if (start < end) {
                throw new PmixException(Status.ERR_BAD_PARAM, "job layout: rank " + start
                        + " is mapped to two nodes ('" + nodes.get(rangeNode[i - 1]) + "' and '" + nodes.get(node) + "')");
            }
            rangeStart[i] = (int) start;
            rangeCount[i] = count;
            rangeNode[i] = node;
            rangeLocalBase[i] = nodeSize[node];
            nodeSize[node] += count;
            perNode[node]++;
            end = start + count;
            sum += count;
        }
        nodeRanges = new int[nodes.size()][];
        for (int n = 0; n < nodes.size(); n++) {
            nodeRanges[n] = new int[perNode[n]];
            perNode[n] = 0;
        }
        for (int i = 0; i < total; i++) {
            int n = rangeNode[i];
            nodeRanges[n][perNode[n]++] = i;
        }
        jobSize = sum;
    }

    /**
     * A layout from the node names in map order and, per node, the rank ranges it hosts, each
     * {@code {firstRank, count}} (ranks unsigned, each range within valid ranks). Lists must have
     * equal length: OpenPMIx's GDS rejects maps whose node and proc lists differ in length
     * ({@code regex-format.md} section 8), and so does this.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} for unequal lengths, a duplicate node, a rank
     *     on two nodes, or a range that is empty or runs into the reserved ranks
     */
    public static JobLayout of(List<String> nodes, List<List<int[]>> rangesPerNode) {
        Objects.requireNonNull(nodes, "nodes");
        Objects.requireNonNull(rangesPerNode, "rangesPerNode");
        if (nodes.size() != rangesPerNode.size()) {
            throw new PmixException(Status.ERR_BAD_PARAM, "job layout: node map has " + nodes.size()
                    + " nodes but proc map has " + rangesPerNode.size());
        }
        for (List<int[]> node : rangesPerNode) {
            for (int[] r : node) {
                long last = Integer.toUnsignedLong(r[0]) + r[1] - 1;
                if (r[1] <= 0 || last >= Integer.toUnsignedLong(Rank.VALID)) {
                    throw new PmixException(Status.ERR_BAD_PARAM, "job layout: bad rank range start="
                            + Integer.toUnsignedString(r[0]) + " count=" + r[1]);
                }
            }
        }
        return new JobLayout(nodes, rangesPerNode);
    }

    /**
     * A layout from explicit ranks per node (what {@code PpnRegex.parse} returns), compressed
     * into ranges of consecutive ranks.
     */
    public static JobLayout ofRanks(List<String> nodes, List<int[]> ranksPerNode) {
        List<List<int[]>> ranges = new ArrayList<>(ranksPerNode.size());
        for (int[] ranks : ranksPerNode) {
            List<int[]> node = new ArrayList<>();
            int i = 0;
            while (i < ranks.length) {
                int j = i + 1;
                while (j < ranks.length && ranks[j] == ranks[j - 1] + 1 && ranks[j] != 0) {
                    j++;
                }
                node.add(new int[] {ranks[i], j - i});
                i = j;
            }
            ranges.add(node);
        }
        return of(nodes, ranges);
    }

    /** The nodes in map order; a node's index here is its default node id. */
    public List<String> nodes() {
        return nodes;
    }

    public int nodeCount() {
        return nodes.size();
    }

    /** How many ranks the maps place (the job size they describe). */
    public long jobSize() {
        return jobSize;
    }

    /** The index of a node by name, or -1 if the job has no such node. */
    public int nodeIndex(String hostname) {
        Integer i = nodeIndex.get(hostname);
        return i == null ? -1 : i;
    }

    /** The index of the node hosting a rank, or -1 if the maps do not place it. */
    public int nodeOf(int rank) {
        int i = rangeOf(rank);
        return i < 0 ? -1 : rangeNode[i];
    }

    /** The name of the node hosting a rank, or null if the maps do not place it. */
    public String hostnameOf(int rank) {
        int n = nodeOf(rank);
        return n < 0 ? null : nodes.get(n);
    }

    /**
     * A rank's local rank: its position among the job's ranks on its node, in rank order; -1 if
     * the maps do not place it.
     */
    public int localRankOf(int rank) {
        int i = rangeOf(rank);
        return i < 0 ? -1 : rangeLocalBase[i] + (rank - rangeStart[i]);
    }

    /** How many of the job's ranks a node hosts. */
    public int nodeSize(int node) {
        return nodeSize[node];
    }

    /** The job's ranks on a node, ascending (unsigned). */
    public int[] ranksOn(int node) {
        int[] out = new int[nodeSize[node]];
        int k = 0;
        for (int r : nodeRanges[node]) {
            for (int j = 0; j < rangeCount[r]; j++) {
                out[k++] = rangeStart[r] + j;
            }
        }
        return out;
    }

    /** The lowest rank on a node ({@code PMIX_LOCALLDR}), or {@link Rank#UNDEF} if it hosts none. */
    public int leaderOf(int node) {
        return nodeRanges[node].length == 0 ? Rank.UNDEF : rangeStart[nodeRanges[node][0]];
    }

    /** How many rank ranges the layout holds: its memory is proportional to this plus the nodes. */
    public int rangeCount() {
        return rangeStart.length;
    }

    /** Each node's ranges {@code {firstRank, count}} in rank order: what {@link #of} rebuilds it from. */
    List<List<int[]>> ranges() {
        List<List<int[]>> out = new ArrayList<>(nodes.size());
        for (int n = 0; n < nodes.size(); n++) {
            List<int[]> node = new ArrayList<>(nodeRanges[n].length);
            for (int r : nodeRanges[n]) {
                node.add(new int[] {rangeStart[r], rangeCount[r]});
            }
            out.add(node);
        }
        return out;
    }

    /** How many of the ranks in {@code [first, first + count)} (unsigned) a node hosts. */
    int countOn(int node, long first, long count) {
        long end = first + count;
        int n = 0;
        for (int r : nodeRanges[node]) {
            long s = Integer.toUnsignedLong(rangeStart[r]);
            long e = s + rangeCount[r];
            long lo = Math.max(s, first);
            long hi = Math.min(e, end);
            if (hi > lo) {
                n += (int) (hi - lo);
            }
        }
        return n;
    }

    private int rangeOf(int rank) {
        long r = Integer.toUnsignedLong(rank);
        int lo = 0;
        int hi = rangeStart.length - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            long s = Integer.toUnsignedLong(rangeStart[mid]);
            if (r < s) {
                hi = mid - 1;
            } else if (r >= s + rangeCount[mid]) {
                lo = mid + 1;
            } else {
                return mid;
            }
        }
        return -1;
    }
}
