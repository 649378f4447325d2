/**
 * Node maps and proc maps: the compressed strings a PMIx host registers as
 * {@code PMIX_NODE_MAP} and {@code PMIX_PROC_MAP} (the "regex" of {@code PMIx_generate_regex}
 * and {@code PMIx_generate_ppn}), written and read the way OpenPMIx 4.2.2 writes and reads them.
 * {@code shared/spec/regex-format.md} records what 4.2.2 does, bugs included; its section
 * numbers are cited throughout the code as "section N".
 *
 * <h2>What the module owns</h2>
 * Four operations and their wire forms, nothing else: {@link io.github.jpmix.regex.NodeRegex}
 * (node names), {@link io.github.jpmix.regex.PpnRegex} (ranks per node, and the
 * {@code PMIX_LOCAL_PEERS} strings), {@link io.github.jpmix.regex.RegexLimits} (how much a
 * parse may expand to) and {@link io.github.jpmix.regex.RegexCli} (the same operations on
 * stdin/stdout, which is also how the module is checked against the C library). It depends on
 * {@code pmix-common} only. Everything is static and stateless, so thread-safe.
 *
 * <h2>Forms</h2>
 * <ul>
 *   <li><b>native</b>, {@code pmix[...]}: node items {@code prefix[width:ranges]suffix} or
 *       literal names (sections 3-4); proc maps as ranges per node, {@code ;} between nodes
 *       (sections 5-6). This is what generation produces.
 *   <li><b>raw</b>, {@code raw:} + the plain list (section 8). Generation uses it where 4.2.2's
 *       default selection does (the empty list; proc maps whose native form is longer than the
 *       input, section 5.5) and where no native form exists (a name containing {@code [}).
 *   <li><b>blob</b>, zlib framing with embedded NULs (section 7). 4.2.2 never produces one and
 *       cannot read the framing it would write; JPMIx writes that framing on request and reads
 *       it and the variant 4.2.2 actually reads, with inflation capped.
 *   <li><b>plain</b>: any other string is a list, as the reference's fallback splits it.
 * </ul>
 *
 * <h2>Quirk policy</h2>
 * Where the reference's output parses back to its input, JPMIx produces the same bytes; where
 * it does not (section 9), JPMIx produces a string that does, for its own parser and for
 * OpenPMIx's, and never reorders. Parsing returns what an OpenPMIx client would see for every
 * string OpenPMIx generates, quirks included (a reordered map reads reordered; {@code -1} in a
 * proc map reads as ranks 0 and 1), because a client reads the map, not the host's input. Input
 * no form can carry (empty names, names with {@code ,}, nodes without ranks, reserved ranks) and
 * malformed native strings or blobs fail fast with {@code ERR_BAD_PARAM} and a message that
 * names the value and the position, where the reference silently splits garbage, loops or
 * crashes. Every parse is bounded by {@link io.github.jpmix.regex.RegexLimits}.
 *
 * <p>The decisions, one per bug: reordering (9.1): a name only joins the last group, which is
 * exactly the reference's rule wherever it keeps the order. Numbers past 2^31 (9.3): node
 * numbers are exact up to 2^63-1 (both parsers read that far), larger ones make the name a
 * literal; ranks of 2^31-1 and up are written singly, since the reference's parser reads range
 * ends into an {@code int}. Range inputs (9.4): expanded in full. Empty input (9.5): the empty
 * list gives {@code raw:} for both maps. Long prefixes (9.6): written correctly. Brackets in
 * names (9.7): raw form. Duplicates (9.2) and leading zeros (9.8) are kept.
 *
 * <h2>Cost</h2>
 * Generation is one pass with one open group (the reference compares every name with every
 * group and concatenates strings quadratically); parsing is linear in its output and charges
 * each range to its budget before expanding it.
 */
package io.github.jpmix.regex;
