package io.github.jpmix.regex;

import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * Node maps: the string a PMIx host puts in {@code PMIX_NODE_MAP} to name a job's nodes, as
 * OpenPMIx 4.2.2's {@code PMIx_generate_regex} writes it and its clients read it
 * (regex-format.md sections 3, 4, 7, 8).
 *
 * <p>All methods are static, stateless and thread-safe. Errors are
 * {@link io.github.jpmix.common.PmixException}s with status
 * {@link io.github.jpmix.common.Status#ERR_BAD_PARAM} whose message names the problem, the
 * value and, for parsing, the position.
 */
public final class NodeRegex {
    private static final String WHAT = "node map";

    private NodeRegex() {
    }

    /**
     * The node map of {@code names}, in order, duplicates kept: byte for byte what
     * {@code PMIx_generate_regex} returns for the names joined with {@code ,} (native
     * {@code pmix[...]}) wherever that parses back to the names, e.g.
     * {@code node001,node002,node003,node010,nodeA,c1n1,c1n2} gives
     * {@code pmix[node[3:1-3,10],nodeA,c[1:1]n1,c[1:1]n2]}. Where the reference is wrong
     * (regex-format.md section 9: reordering, numbers past 2^31, long prefixes) the result is a
     * native string that parses back to exactly {@code names}, with OpenPMIx's parser too.
     * Names containing {@code [} cannot be written in native form, so such a list is sent
     * {@code raw:}, names joined with {@code ,}, which both parsers read back. The empty list
     * gives {@code raw:}, as the reference does: an empty job's map, read back as no nodes.
     *
     * @throws io.github.jpmix.common.PmixException {@code ERR_BAD_PARAM} for a name that no
     *     form can carry: empty, or containing {@code ,} or NUL
     * @throws NullPointerException if {@code names} or one of them is null
     */
    public static String generate(List<String> names) {
        return NodeMapGenerator.generate(Objects.requireNonNull(names, "names"));
    }

    /**
     * The names as a zlib blob (regex-format.md section 7): {@code blob:} NUL
     * {@code component=zlib:} NUL {@code size=N:} NUL, then N payload bytes. OpenPMIx 4.2.2
     * cannot read it (its parser misreads this framing), so use it only with consumers that
     * can, such as {@link #parse(byte[])}. Names must satisfy the same rules as for
     * {@link #generate(List)}, except that {@code [} is fine.
     */
    public static byte[] generateBlob(List<String> names) {
        return Blob.encode(NodeMapGenerator.joinForBlob(Objects.requireNonNull(names, "names")));
    }

    /** {@link #parse(String, RegexLimits)} with {@link RegexLimits#DEFAULT}. */
    public static List<String> parse(String regex) {
        return parse(regex, RegexLimits.DEFAULT);
    }

    /**
     * The node names, in order, exactly as an OpenPMIx 4.2.2 client would see them
     * ({@code PMIX_NODE_LIST}, {@code PMIx_Resolve_nodes}) for every string OpenPMIx generates,
     * including its reordered outputs: a client reads the map, not the host's list. Accepts
     * native {@code pmix[...]}, {@code raw:} lists, a blob (one char per byte, as
     * {@link #parse(byte[], RegexLimits)} describes), and any other string as a plain
     * comma-separated list, empty items dropped, which is what the reference falls back to.
     *
     * @throws io.github.jpmix.common.PmixException {@code ERR_BAD_PARAM} for a malformed native
     *     string or blob, or one that would produce more than the limits allow; the message
     *     names the position
     */
    public static List<String> parse(String regex, RegexLimits limits) {
        Objects.requireNonNull(regex, "regex");
        Objects.requireNonNull(limits, "limits");
        Budget budget = new Budget(limits, WHAT);
        switch (Forms.of(regex)) {
            case NATIVE:
                return Collections.unmodifiableList(NodeMapParser.parse(regex, budget));
            case RAW:
                return Collections.unmodifiableList(Forms.split(regex, Forms.RAW_TAG.length(), ',', budget));
            case BLOB:
                return parseBlob(MapText.latin1(regex, WHAT), limits);
            default:
                return Collections.unmodifiableList(Forms.split(regex, 0, ',', budget));
        }
    }

    /** {@link #parse(byte[], RegexLimits)} with {@link RegexLimits#DEFAULT}. */
    public static List<String> parse(byte[] regex) {
        return parse(regex, RegexLimits.DEFAULT);
    }

    /**
     * Like {@link #parse(String, RegexLimits)}, for the map as bytes on the wire: a blob
     * ({@code blob:} NUL ..., with or without {@code size=}: the framing OpenPMIx writes and the
     * one its 4.2.2 parser reads), or UTF-8 text. A blob's inflated text is a plain list: it is
     * not parsed as native again, as in the reference (section 7).
     */
    public static List<String> parse(byte[] regex, RegexLimits limits) {
        Objects.requireNonNull(regex, "regex");
        Objects.requireNonNull(limits, "limits");
        if (Forms.isBlob(regex)) {
            return parseBlob(regex, limits);
        }
        return parse(MapText.utf8(regex, WHAT), limits);
    }

    private static List<String> parseBlob(byte[] blob, RegexLimits limits) {
        String text = Blob.decode(blob, limits, WHAT);
        return Collections.unmodifiableList(Forms.split(text, 0, ',', new Budget(limits, WHAT)));
    }
}
