package io.github.jpmix.gds;

import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Key;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Rank;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What a host passes to {@code registerNamespace(nspace, nlocalprocs, info)}, parsed and validated
 * once ({@code spec/wireup-info.txt}, {@code spec/reserved-keys.tex}).
 *
 * <p>The info list is read this way:
 * <ul>
 *   <li>{@code PMIX_SESSION_INFO_ARRAY}: at most one, a data array of infos that must hold
 *       {@code PMIX_SESSION_ID}; the rest are the session's keys.</li>
 *   <li>{@code PMIX_JOB_INFO_ARRAY}: its infos are read as if they were given at the top level.</li>
 *   <li>{@code PMIX_APP_INFO_ARRAY}: one per application, each holding {@code PMIX_APPNUM}.</li>
 *   <li>{@code PMIX_NODE_INFO_ARRAY}: one per node, each holding {@code PMIX_HOSTNAME} and/or
 *       {@code PMIX_NODEID}.</li>
 *   <li>{@code PMIX_PROC_INFO_ARRAY} (= {@code PMIX_PROC_DATA}): one per process, whose first info
 *       is {@code PMIX_RANK} (OpenPMIx requires it first too).</li>
 *   <li>{@code PMIX_NODE_MAP} and {@code PMIX_PROC_MAP}: a {@code STRING} or a {@code REGEX} byte
 *       value; parsed into a {@link JobLayout}. A proc map needs a node map of the same length; a node
 *       map alone gives the job's nodes without placing ranks. Both stay job-level keys as given.</li>
 *   <li>every other info is a job-level info ({@link #jobInfo()}); a key given twice keeps the
 *       later value.</li>
 * </ul>
 * Each value of a key {@link Keys} knows is checked against the key's type and stored as that type
 * (an {@code INT} 4 given for {@code PMIX_JOB_SIZE} is stored as the {@code UINT32} 4); a value that
 * cannot be read as it is refused.
 *
 * <p>{@code nlocalprocs} is kept as given ({@link #nlocalprocs()}): the number of this namespace's
 * processes the host will start on the local node. The store answers it as the job's
 * {@code PMIX_LOCAL_SIZE} on the local node when neither the host gave that key nor the maps place
 * ranks there; the server uses it to know how many local clients to expect.
 *
 * <p>Immutable and thread-safe.
 */
public final class Registration {
    /** The session realm's data: its {@code PMIX_SESSION_ID} and its other keys. */
    public record Session(int id, Map<String, Value> info) {
        public Session {
            info = Collections.unmodifiableMap(new LinkedHashMap<>(info));
        }
    }

    /** One application's data: its {@code PMIX_APPNUM} and its other keys. */
    public record App(int appnum, Map<String, Value> info) {
        public App {
            info = Collections.unmodifiableMap(new LinkedHashMap<>(info));
        }
    }

    /**
     * One node's data, named by its {@code PMIX_HOSTNAME} and/or {@code PMIX_NODEID} (either may be
     * null, not both); {@code info} holds every key of the array, the identifying ones included.
     */
    public record Node(String hostname, Integer nodeId, Map<String, Value> info) {
        public Node {
            if (hostname == null && nodeId == null) {
                throw new PmixException(Status.ERR_BAD_PARAM, "node: neither hostname nor node id");
            }
            info = Collections.unmodifiableMap(new LinkedHashMap<>(info));
        }
    }

    /** One process's data: its rank and every key of its array (its {@code PMIX_RANK} included). */
    public record ProcData(int rank, Map<String, Value> info) {
        public ProcData {
            info = Collections.unmodifiableMap(new LinkedHashMap<>(info));
        }
    }

    /** Keys whose string names two keys of different types: either type is accepted. */
    private static final Map<String, Set<Integer>> TYPES = new HashMap<>();

    static {
        for (Key<?> k : Keys.all()) {
            TYPES.computeIfAbsent(k.name(), n -> new HashSet<>()).add(k.type());
        }
    }

    private final String namespace;
    private final int nlocalprocs;
    private final Map<String, Value> jobInfo;
    private final Session session;
    private final List<App> apps;
    private final List<Node> nodes;
    private final List<ProcData> procs;
    private final String nodeMap;
    private final String procMap;
    private final JobLayout layout;

    private Registration(Parser p) {
        this.namespace = p.namespace;
        this.nlocalprocs = p.nlocalprocs;
        this.jobInfo = Collections.unmodifiableMap(p.job);
        this.session = p.session;
        this.apps = List.copyOf(p.apps);
        this.nodes = List.copyOf(p.nodes);
        this.procs = List.copyOf(p.procs);
        this.nodeMap = p.nodeMap;
        this.procMap = p.procMap;
        this.layout = p.layout;
    }

    /**
     * Parses and validates a namespace registration.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} naming the key and value for: an empty or
     *     over-long namespace, a negative {@code nlocalprocs}, an info array that is not a data array of
     *     infos or lacks its identifying key, two session arrays, an application, node or rank given
     *     twice, a proc map without a node map, maps of different lengths, a map that does not parse,
     *     a node twice in the node map or a rank on two nodes, a value of the wrong type for a key
     *     {@link Keys} knows, a {@code PMIX_LOCAL_PEERS} that is not a comma-separated list of ranks
     */
    public static Registration parse(String namespace, int nlocalprocs, List<Info> info) {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(info, "info");
        if (namespace.isEmpty()) {
            throw bad("register: empty namespace");
        }
        Proc.wildcard(namespace); // checks the length
        if (nlocalprocs < 0) {
            throw bad("register " + namespace + ": negative nlocalprocs " + nlocalprocs);
        }
        Parser p = new Parser(namespace, nlocalprocs);
        p.top(info, 0);
        p.maps();
        return new Registration(p);
    }

    public String namespace() {
        return namespace;
    }

    /** The {@code nlocalprocs} the host passed; see the class comment for its use. */
    public int nlocalprocs() {
        return nlocalprocs;
    }

    /** The job-level infos in the order given (the maps included, the info arrays not). */
    public Map<String, Value> jobInfo() {
        return jobInfo;
    }

    /** The session array, if the host gave one. */
    public Optional<Session> session() {
        return Optional.ofNullable(session);
    }

    public List<App> apps() {
        return apps;
    }

    public List<Node> nodes() {
        return nodes;
    }

    public List<ProcData> procs() {
        return procs;
    }

    /** {@code PMIX_NODE_MAP} as a string, if given. */
    public Optional<String> nodeMap() {
        return Optional.ofNullable(nodeMap);
    }

    /** {@code PMIX_PROC_MAP} as a string, if given. */
    public Optional<String> procMap() {
        return Optional.ofNullable(procMap);
    }

    /** The layout the maps describe, if a node map was given. */
    public Optional<JobLayout> layout() {
        return Optional.ofNullable(layout);
    }

    @Override
    public String toString() {
        return "Registration[" + namespace + ", nlocalprocs=" + nlocalprocs + ", " + jobInfo.size() + " job infos, "
                + (session == null ? "no session" : "session " + Integer.toUnsignedString(session.id())) + ", "
                + apps.size() + " apps, " + nodes.size() + " nodes, " + procs.size() + " procs"
                + (layout == null ? "" : ", layout of " + layout.nodeCount() + " nodes / " + layout.jobSize() + " ranks")
                + "]";
    }

    static PmixException bad(String message) {
        return new PmixException(Status.ERR_BAD_PARAM, message);
    }

    /**
     * The value stored for a key: as given if {@link Keys} does not know the key or the type is the
     * key's, else converted to the key's type.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} if it cannot be read as the key's type
     */
    static Value typed(String where, String key, Value value) {
        Set<Integer> types = TYPES.get(key);
        if (types == null || types.contains(value.type()) || types.contains(DataType.VALUE)) {
            return value;
        }
        Key<?> k = Keys.byName(key).orElseThrow();
        try {
            return convert(k, value);
        } catch (PmixException e) {
            throw bad(where + ": " + key + " must be a " + DataType.name(k.type()) + ", got " + value);
        }
    }

    private static <T> Value convert(Key<T> k, Value value) {
        return k.value(value.to(k.javaType()));
    }

    private static final class Parser {
        final String namespace;
        final int nlocalprocs;
        final Map<String, Value> job = new LinkedHashMap<>();
        Session session;
        final List<App> apps = new ArrayList<>();
        final List<Node> nodes = new ArrayList<>();
        final List<ProcData> procs = new ArrayList<>();
        final Set<Integer> appnums = new HashSet<>();
        final Set<String> hostnames = new HashSet<>();
        final Set<Integer> nodeIds = new HashSet<>();
        final Set<Integer> ranks = new HashSet<>();
        String nodeMap;
        String procMap;
        JobLayout layout;

        Parser(String namespace, int nlocalprocs) {
            this.namespace = namespace;
            this.nlocalprocs = nlocalprocs;
        }

        String where() {
            return "register " + namespace;
        }

        void top(List<Info> infos, int depth) {
            for (Info i : infos) {
                Objects.requireNonNull(i, "info element");
                String key = i.key();
                if (key.equals(Keys.SESSION_INFO_ARRAY.name())) {
                    if (session != null) {
                        throw bad(where() + ": two " + key + " arrays");
                    }
                    Map<String, Value> m = array(i);
                    Value id = m.get(Keys.SESSION_ID.name());
                    if (id == null) {
                        throw bad(where() + ": " + key + " without " + Keys.SESSION_ID.name() + ": " + m.keySet());
                    }
                    session = new Session(id.asInt(), m);
                } else if (key.equals(Keys.JOB_INFO_ARRAY.name())) {
                    if (depth > 0) {
                        throw bad(where() + ": " + key + " inside " + key);
                    }
                    top(infos(i), depth + 1);
                } else if (key.equals(Keys.APP_INFO_ARRAY.name())) {
                    Map<String, Value> m = array(i);
                    Value n = m.get(Keys.APPNUM.name());
                    if (n == null) {
                        throw bad(where() + ": " + key + " without " + Keys.APPNUM.name() + ": " + m.keySet());
                    }
                    if (!appnums.add(n.asInt())) {
                        throw bad(where() + ": application " + Integer.toUnsignedString(n.asInt()) + " given twice");
                    }
                    apps.add(new App(n.asInt(), m));
                } else if (key.equals(Keys.NODE_INFO_ARRAY.name())) {
                    node(i);
                } else if (key.equals(Keys.PROC_INFO_ARRAY.name())) {
                    proc(i);
                } else if (key.equals(Keys.NODE_MAP.name()) || key.equals(Keys.PROC_MAP.name())) {
                    String s = mapString(i);
                    if (key.equals(Keys.NODE_MAP.name())) {
                        nodeMap = s;
                    } else {
                        procMap = s;
                    }
                    job.put(key, i.value());
                } else {
                    job.put(key, checked(key, i.value()));
                }
            }
        }

        void node(Info i) {
            Map<String, Value> m = array(i);
            Value host = m.get(Keys.HOSTNAME.name());
            Value id = m.get(Keys.NODEID.name());
            if (host == null && id == null) {
                throw bad(where() + ": " + i.key() + " without " + Keys.HOSTNAME.name() + " or "
                        + Keys.NODEID.name() + ": " + m.keySet());
            }
            if (host != null && !hostnames.add(host.asString())) {
                throw bad(where() + ": node '" + host.asString() + "' given twice in " + i.key());
            }
            if (id != null && !nodeIds.add(id.asInt())) {
                throw bad(where() + ": node id " + Integer.toUnsignedString(id.asInt()) + " given twice in " + i.key());
            }
            nodes.add(new Node(host == null ? null : host.asString(), id == null ? null : id.asInt(), m));
        }

        void proc(Info i) {
            List<Info> list = infos(i);
            if (list.isEmpty() || !list.get(0).is(Keys.RANK)) {
                throw bad(where() + ": " + i.key() + " must start with " + Keys.RANK.name() + ", got "
                        + (list.isEmpty() ? "an empty array" : list.get(0).key()));
            }
            Map<String, Value> m = map(i.key(), list);
            int rank = m.get(Keys.RANK.name()).asInt();
            if (!Rank.isValid(rank)) {
                throw bad(where() + ": " + i.key() + " for rank " + Rank.toString(rank) + ", not a process rank");
            }
            if (!ranks.add(rank)) {
                throw bad(where() + ": rank " + Rank.toString(rank) + " given twice in " + i.key());
            }
            procs.add(new ProcData(rank, m));
        }

        String mapString(Info i) {
            Value v = i.value();
            if (v.type() == DataType.STRING) {
                return v.asString();
            }
            if (v.type() == DataType.REGEX) {
                byte[] b = v.asBytes();
                int n = b.length;
                while (n > 0 && b[n - 1] == 0) {
                    n--; // OpenPMIx packs a regex with its terminating NUL
                }
                return new String(b, 0, n, StandardCharsets.UTF_8);
            }
            throw bad(where() + ": " + i.key() + " must be a PMIX_STRING or PMIX_REGEX, got " + v);
        }

        void maps() {
            if (procMap != null && nodeMap == null) {
                throw bad(where() + ": " + Keys.PROC_MAP.name() + " given without " + Keys.NODE_MAP.name());
            }
            if (nodeMap == null) {
                return;
            }
            List<String> names = LayoutMaps.nodes(nodeMap);
            try {
                if (procMap == null) {
                    List<List<int[]>> none = new ArrayList<>(names.size());
                    for (int k = 0; k < names.size(); k++) {
                        none.add(List.of());
                    }
                    layout = JobLayout.of(names, none);
                } else {
                    List<int[]> ranksPerNode = LayoutMaps.procs(procMap);
                    if (ranksPerNode.size() != names.size()) {
                        throw bad(where() + ": " + Keys.NODE_MAP.name() + " names " + names.size() + " nodes but "
                                + Keys.PROC_MAP.name() + " has " + ranksPerNode.size() + " (" + shorten(nodeMap)
                                + " / " + shorten(procMap) + ")");
                    }
                    layout = JobLayout.ofRanks(names, ranksPerNode);
                }
            } catch (PmixException e) {
                if (e.getMessage().contains(where())) {
                    throw e;
                }
                throw new PmixException(Status.ERR_BAD_PARAM, where() + ": " + Keys.NODE_MAP.name() + "="
                        + shorten(nodeMap) + " " + Keys.PROC_MAP.name() + "=" + shorten(procMap) + ": " + e.getMessage(), e);
            }
        }

        Map<String, Value> array(Info i) {
            return map(i.key(), infos(i));
        }

        List<Info> infos(Info i) {
            Value v = i.value();
            if (v.type() != DataType.DATA_ARRAY || v.asDataArray().type() != DataType.INFO) {
                throw bad(where() + ": " + i.key() + " must be a PMIX_DATA_ARRAY of PMIX_INFO, got " + v);
            }
            DataArray a = v.asDataArray();
            List<Info> out = new ArrayList<>(a.size());
            for (Value e : a.values()) {
                out.add(e.to(Info.class));
            }
            return out;
        }

        Map<String, Value> map(String array, List<Info> list) {
            Map<String, Value> m = new LinkedHashMap<>();
            for (Info e : list) {
                // an array nested in another (e.g. node arrays in an app array) is kept as a plain value
                m.put(e.key(), checked(e.key(), e.value()));
            }
            return m;
        }

        Value checked(String key, Value v) {
            Value t = typed(where(), key, v);
            if (key.equals(Keys.LOCAL_PEERS.name())) {
                peers(where(), t.asString());
            }
            return t;
        }
    }

    /**
     * The ranks of a {@code PMIX_LOCAL_PEERS} string ("0,1,5"), in the given order.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} for an element that is not a process rank
     */
    static int[] peers(String where, String s) {
        if (s.isEmpty()) {
            return new int[0];
        }
        String[] parts = s.split(",", -1);
        int[] out = new int[parts.length];
        int n = 0;
        for (String p : parts) {
            if (p.isEmpty()) {
                continue; // pmix_argv_split drops empty tokens
            }
            int r;
            try {
                r = Rank.parse(p.trim());
            } catch (PmixException e) {
                throw bad(where + ": " + Keys.LOCAL_PEERS.name() + " '" + shorten(s) + "': '" + p + "' is not a rank");
            }
            if (!Rank.isValid(r)) {
                throw bad(where + ": " + Keys.LOCAL_PEERS.name() + " '" + shorten(s) + "': '" + p + "' is not a process rank");
            }
            out[n++] = r;
        }
        return n == out.length ? out : java.util.Arrays.copyOf(out, n);
    }

    static String shorten(String s) {
        return s == null ? "null" : s.length() > 60 ? s.substring(0, 60) + "...(" + s.length() + " chars)" : s;
    }
}
