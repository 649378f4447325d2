package io.github.jpmix.regex;

import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * Proc maps ("procs per node"): the string a PMIx host puts in {@code PMIX_PROC_MAP} to say
 * which ranks run on each node of {@code PMIX_NODE_MAP}, as OpenPMIx 4.2.2's
 * {@code PMIx_generate_ppn} writes it and its clients read it (regex-format.md sections 5-8).
 * Node {@code k} of a proc map is node {@code k} of the node map: the two lists must have the
 * same length, which is why a node without ranks is refused here (OpenPMIx drops it).
 *
 * <p>Ranks are {@code uint32} values held in an {@code int} ({@link io.github.jpmix.common.Rank});
 * valid ranks are below {@code PMIX_RANK_VALID}. All methods are static, stateless and
 * thread-safe; errors are {@link io.github.jpmix.common.PmixException}s with status
 * {@link io.github.jpmix.common.Status#ERR_BAD_PARAM} and a message naming the value.
 */
public final class PpnRegex {
    private static final String WHAT = "proc map";

    private PpnRegex() {
    }

    /**
     * The proc map of {@code ranksPerNode}: byte for byte what {@code PMIx_generate_ppn} returns
     * for the same map written as text (nodes joined with {@code ;}, ranks with {@code ,})
     * wherever that parses back to the map, e.g. {@code 0,1,2;3,4,5;6,7,8,9} gives
     * {@code pmix[0-2;3-5;6-9]}, and a map whose native form would be longer than its text is
     * sent as {@code raw:} + text ({@code 0,2,4,6,8} gives {@code raw:0,2,4,6,8}; section 5.5).
     * Ranks of 2^31-1 and more, which the reference mangles, are written so that both parsers
     * read them back. The empty map gives {@code raw:} (the reference crashes), read back as no
     * nodes, to go with the empty node map.
     *
     * @throws io.github.jpmix.common.PmixException {@code ERR_BAD_PARAM} for a node without
     *     ranks or a rank that is not a valid process rank
     * @throws NullPointerException if the list or one of its arrays is null
     */
    public static String generate(List<int[]> ranksPerNode) {
        return PpnMapGenerator.generate(Objects.requireNonNull(ranksPerNode, "ranksPerNode"));
    }

    /**
     * {@code PMIx_generate_ppn} on its own text form: nodes separated by {@code ;}, elements by
     * {@code ,}, an element a rank or a range {@code a-b}, empty pieces ignored (as
     * {@code 1-4;2-5;8,10,11,12;6,7,9}). The same bytes as the reference wherever its output
     * parses back to the text; ranges expand in full (the reference loses ranks, section 9.4).
     * A text with an element that is not a rank or range ({@code -1}, {@code x}) is passed on
     * verbatim as {@code raw:} + text where the reference does that (its consumers then see
     * exactly that text) and refused where the reference would rewrite it. Nothing but
     * separators gives the empty map, {@code raw:} + text.
     *
     * @throws io.github.jpmix.common.PmixException {@code ERR_BAD_PARAM} for a node made only of
     *     commas, an element the reference would misread, or ranges that expand past
     *     {@link RegexLimits#DEFAULT}
     */
    public static String generate(String ppn) {
        return PpnMapGenerator.generate(Objects.requireNonNull(ppn, "ppn"), RegexLimits.DEFAULT);
    }

    /**
     * The map as a zlib blob (regex-format.md section 7) of its text form; see
     * {@link NodeRegex#generateBlob(List)} for who can read it. Same checks as
     * {@link #generate(List)}.
     */
    public static byte[] generateBlob(List<int[]> ranksPerNode) {
        return Blob.encode(PpnMapGenerator.joinForBlob(Objects.requireNonNull(ranksPerNode, "ranksPerNode")));
    }

    /** {@link #parse(String, RegexLimits)} with {@link RegexLimits#DEFAULT}. */
    public static List<int[]> parse(String regex) {
        return parse(regex, RegexLimits.DEFAULT);
    }

    /**
     * The ranks of each node, in order: what an OpenPMIx client reads from
     * {@code PMIX_LOCAL_PEERS} / {@code PMIx_Resolve_peers}, for every map OpenPMIx generates.
     * Accepts the same forms as {@link #parseLocalPeers(String, RegexLimits)}; each element must
     * then be an unsigned decimal {@code uint32} (the reference's clients would read junk such
     * as {@code x} or {@code 0-3} through {@code strtoul}; here it is an error, and
     * {@code parseLocalPeers} shows the text).
     *
     * @throws io.github.jpmix.common.PmixException {@code ERR_BAD_PARAM} for a malformed map, a
     *     node without ranks, an element that is not a rank, or more than the limits allow
     */
    public static List<int[]> parse(String regex, RegexLimits limits) {
        Objects.requireNonNull(regex, "regex");
        Objects.requireNonNull(limits, "limits");
        PpnMapParser.Ranks ranks = new PpnMapParser.Ranks();
        Budget budget = new Budget(limits, WHAT);
        switch (Forms.of(regex)) {
            case NATIVE:
                PpnMapParser.parse(regex, budget, ranks);
                break;
            case RAW:
                rankNodes(regex, Forms.RAW_TAG.length(), budget, ranks);
                break;
            case BLOB:
                rankNodes(Blob.decode(MapText.latin1(regex, WHAT), limits, WHAT), 0, budget, ranks);
                break;
            default:
                rankNodes(regex, 0, budget, ranks);
                break;
        }
        return Collections.unmodifiableList(ranks.nodes);
    }

    /** {@link #parse(byte[], RegexLimits)} with {@link RegexLimits#DEFAULT}. */
    public static List<int[]> parse(byte[] regex) {
        return parse(regex, RegexLimits.DEFAULT);
    }

    /** Like {@link #parse(String, RegexLimits)}, for the map as bytes: a blob or UTF-8 text. */
    public static List<int[]> parse(byte[] regex, RegexLimits limits) {
        Objects.requireNonNull(regex, "regex");
        Objects.requireNonNull(limits, "limits");
        if (Forms.isBlob(regex)) {
            PpnMapParser.Ranks ranks = new PpnMapParser.Ranks();
            rankNodes(Blob.decode(regex, limits, WHAT), 0, new Budget(limits, WHAT), ranks);
            return Collections.unmodifiableList(ranks.nodes);
        }
        return parse(MapText.utf8(regex, WHAT), limits);
    }

    /** {@link #parseLocalPeers(String, RegexLimits)} with {@link RegexLimits#DEFAULT}. */
    public static List<String> parseLocalPeers(String regex) {
        return parseLocalPeers(regex, RegexLimits.DEFAULT);
    }

    /**
     * The per-node strings exactly as OpenPMIx 4.2.2 stores them as {@code PMIX_LOCAL_PEERS}
     * (regex-format.md sections 6 and 8): native {@code pmix[...]} expanded (ranges as
     * {@code %d} values, single ranks verbatim); {@code raw:}, blob and plain (untagged) maps
     * split on {@code ;} with empty nodes dropped and each node's text kept verbatim, ranges
     * not expanded ({@code raw:0-3} gives {@code 0-3}), as the reference keeps it.
     *
     * @throws io.github.jpmix.common.PmixException {@code ERR_BAD_PARAM} for a malformed native
     *     string (empty nodes or elements, junk, reversed ranges, a range ending at 2147483647)
     *     or blob, or more than the limits allow
     */
    public static List<String> parseLocalPeers(String regex, RegexLimits limits) {
        Objects.requireNonNull(regex, "regex");
        Objects.requireNonNull(limits, "limits");
        Budget budget = new Budget(limits, WHAT);
        switch (Forms.of(regex)) {
            case NATIVE:
                PpnMapParser.LocalPeers peers = new PpnMapParser.LocalPeers();
                PpnMapParser.parse(regex, budget, peers);
                return Collections.unmodifiableList(peers.nodes);
            case RAW:
                return Collections.unmodifiableList(Forms.split(regex, Forms.RAW_TAG.length(), ';', budget));
            case BLOB:
                return Collections.unmodifiableList(Forms.split(Blob.decode(MapText.latin1(regex, WHAT), limits, WHAT), 0, ';', budget));
            default:
                return Collections.unmodifiableList(Forms.split(regex, 0, ';', budget));
        }
    }

    /** {@link #parseLocalPeers(byte[], RegexLimits)} with {@link RegexLimits#DEFAULT}. */
    public static List<String> parseLocalPeers(byte[] regex) {
        return parseLocalPeers(regex, RegexLimits.DEFAULT);
    }

    /** Like {@link #parseLocalPeers(String, RegexLimits)}, for the map as bytes: a blob or UTF-8 text. */
    public static List<String> parseLocalPeers(byte[] regex, RegexLimits limits) {
        Objects.requireNonNull(regex, "regex");
        Objects.requireNonNull(limits, "limits");
        if (Forms.isBlob(regex)) {
            return Collections.unmodifiableList(Forms.split(Blob.decode(regex, limits, WHAT), 0, ';', new Budget(limits, WHAT)));
        }
        return parseLocalPeers(MapText.utf8(regex, WHAT), limits);
    }

    /** The ranks of a raw, blob or plain map's per-node strings. */
    private static void rankNodes(String s, int from, Budget budget, PpnMapParser.Ranks ranks) {
        int n = s.length();
        int start = from;
        while (start <= n) {
            int end = PpnText.indexOf(s, ';', start, n);
            if (end > start) {
                budget.charge(countRanks(s, start, end), 12, s, start);
                ranks.node(s, start, end);
            }
            start = end + 1;
        }
    }

    private static long countRanks(String s, int from, int to) {
        long count = 1;
        for (int i = from; i < to; i++) {
            if (s.charAt(i) == ',') {
                count++;
            }
        }
        return count;
    }
}
