package io.github.jpmix.gds;

/**
 * The keys under which a namespace's data is stored, the same in every implementation
 * ({@code docs/gds.md}, "Keys"): a realm tag, the realm's qualifier, {@code |}, the PMIx key.
 *
 * <pre>
 *   J|pmix.job.size        job realm
 *   S|pmix.univ.size       session realm (of this namespace's session)
 *   A1|pmix.app.size       application 1
 *   N7|pmix.node.size      node slot 7 (see {@link Topology})
 *   P42|pmix.cpuset        rank 42 (unsigned decimal)
 *   #desc  #topo           the namespace's descriptor and topology (not PMIx keys)
 * </pre>
 * Everything after the first {@code |} is the PMIx key, so any key is unambiguous. Modex keys
 * ({@link #modex}) carry the namespace with its length first.
 *
 * <p>The builders reuse the calling thread's {@link StringBuilder}: a result is valid until the
 * thread's next call here, and must not be kept.
 */
final class StoreKeys {
    static final String DESCRIPTOR = "#desc";
    static final String TOPOLOGY = "#topo";

    private static final ThreadLocal<StringBuilder> BUILDER = ThreadLocal.withInitial(() -> new StringBuilder(96));

    private StoreKeys() {
    }

    static StringBuilder job(String key) {
        return start().append("J|").append(key);
    }

    static StringBuilder session(String key) {
        return start().append("S|").append(key);
    }

    static StringBuilder app(long appnum, String key) {
        return start().append('A').append(appnum).append('|').append(key);
    }

    static StringBuilder node(int slot, String key) {
        return start().append('N').append(slot).append('|').append(key);
    }

    static StringBuilder proc(int rank, String key) {
        return start().append('P').append(Integer.toUnsignedLong(rank)).append('|').append(key);
    }

    /** {@code <namespace length>:<namespace>:<rank>|<key>}, e.g. {@code 4:job1:3|btl.addr}. */
    static StringBuilder modex(String namespace, int rank, String key) {
        return start().append(namespace.length()).append(':').append(namespace).append(':')
                .append(Integer.toUnsignedLong(rank)).append('|').append(key);
    }

    private static StringBuilder start() {
        StringBuilder sb = BUILDER.get();
        sb.setLength(0);
        return sb;
    }
}
