package io.github.jpmix.gds;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.regex.NodeRegex;
import io.github.jpmix.regex.PpnRegex;
import java.util.List;

/**
 * The one place the store parses node maps and proc maps ({@code PMIX_NODE_MAP},
 * {@code PMIX_PROC_MAP}): pmix-regex's parsers, which read every form OpenPMIx sends (native
 * {@code pmix[...]}, {@code raw:}, plain lists, zlib blobs) and reject malformed native strings with
 * {@code PMIX_ERR_BAD_PARAM}.
 *
 * <p>{@link #procs} expands every rank: a 1,000,000-rank map is a transient 4 MB of ints while a
 * namespace registers; {@link JobLayout} keeps only ranges.
 */
final class LayoutMaps {
    private LayoutMaps() {
    }

    /** The node names of a node map, in map order. */
    static List<String> nodes(String map) {
        return NodeRegex.parse(map);
    }

    /**
     * The ranks of each node of a proc map, in map order.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} for a malformed map
     */
    static List<int[]> procs(String map) {
        return PpnRegex.parse(map);
    }
}
