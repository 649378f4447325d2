package io.github.jpmix.gds;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Rank;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The retrieval rules of {@code spec/reserved-keys.tex} ("Data realms", the realm subsections,
 * "Retrieval rules for reserved keys") over the namespaces a reader knows. {@link GdsReader#get}
 * documents the rules as a user sees them; comments here quote the tex where a line implements it.
 *
 * <p>Stateless; thread-safe as the views are.
 */
final class Resolver {
    /** What a resolver reads: the namespaces a reader knows. */
    interface Catalog {
        /** The namespace's view, or null if this reader does not know it. */
        JobView view(String namespace);

        /** Every known namespace, most recently registered first. */
        List<JobView> views();

        String localHost();
    }

    /**
     * Keys of the job realm whose value is per node ("on the local node", "within the specified job on
     * the node"): they read the node a {@code PMIX_HOSTNAME}/{@code PMIX_NODEID} qualifier names, else
     * the local node.
     */
    static final Set<String> JOB_ON_NODE = Set.of(Keys.LOCAL_PEERS.name(), Keys.LOCALLDR.name(),
            Keys.LOCAL_SIZE.name(), Keys.LOCAL_CPUSETS.name());

    private static final Qualifiers NONE = new Qualifiers();

    private Resolver() {
    }

    /** The qualifiers of a get that the store reads; the others (PMIX_IMMEDIATE, PMIX_TIMEOUT, ...) are the caller's. */
    static final class Qualifiers {
        Keys.Realm realm;
        long sessionId = -1;
        long appnum = -1;
        String hostname;
        long nodeId = -1;

        boolean namesNode() {
            return hostname != null || nodeId >= 0;
        }
    }

    static Qualifiers qualifiers(List<Info> infos) {
        if (infos == null || infos.isEmpty()) {
            return NONE;
        }
        Qualifiers q = new Qualifiers();
        for (Info i : infos) {
            String k = i.key();
            Keys.Realm realm = realmOf(k);
            if (realm != null) {
                if (Boolean.TRUE.equals(typed(i).to(Boolean.class))) {
                    if (q.realm != null && q.realm != realm) {
                        throw new PmixException(Status.ERR_BAD_PARAM, "get: qualifiers name two realms: "
                                + q.realm.qualifier().name() + " and " + k);
                    }
                    q.realm = realm;
                }
            } else if (k.equals(Keys.SESSION_ID.name())) {
                q.sessionId = Integer.toUnsignedLong(typed(i).asInt());
            } else if (k.equals(Keys.APPNUM.name())) {
                q.appnum = Integer.toUnsignedLong(typed(i).asInt());
            } else if (k.equals(Keys.HOSTNAME.name())) {
                q.hostname = typed(i).asString();
            } else if (k.equals(Keys.NODEID.name())) {
                q.nodeId = Integer.toUnsignedLong(typed(i).asInt());
            }
        }
        return q;
    }

    private static Value typed(Info i) {
        return Registration.typed("get", i.key(), i.value());
    }

    private static Keys.Realm realmOf(String qualifier) {
        for (Keys.Realm r : Keys.Realm.values()) {
            if (r.qualifier().name().equals(qualifier)) {
                return r;
            }
        }
        return null;
    }

    static Value get(Catalog c, Proc target, String key, List<Info> infos, Proc requester) {
        Objects.requireNonNull(key, "key");
        if (target == null && requester == null) {
            throw new PmixException(Status.ERR_BAD_PARAM, "get " + key + ": no target and no requester");
        }
        // a null proc "equates to the namespace of the caller"; UNDEF asks for job-level data as WILDCARD does
        String ns = target != null ? target.namespace() : requester.namespace();
        int rank = target == null || target.rank() == Rank.UNDEF ? Rank.WILDCARD : target.rank();
        if (key.equals(Keys.PROCID.name())) {
            // "The caller's process identifier ... The process identifier in the PMIx_Get call is ignored"
            return requester == null ? null : Value.ofProc(requester);
        }
        Qualifiers q = qualifiers(infos);
        Keys.Realm realm = q.realm != null ? q.realm : Keys.defaultRealm(key).orElse(null);
        if (realm == null && q.namesNode() && q.sessionId < 0) {
            // the tex's node example: "we don't actually need to include the PMIX_NODE_INFO attribute"
            realm = Keys.Realm.NODE;
        }
        if (realm == Keys.Realm.SESSION) {
            // "the proc argument of PMIx_Get is ignored when referencing session-related information"
            return session(c, q, ns, requester, key, true);
        }
        JobView v = c.view(ns);
        if (v == null) {
            throw new PmixException(Status.ERR_INVALID_NAMESPACE, "get " + key + ": namespace '" + ns + "' is not known here");
        }
        if (q.sessionId >= 0 && v.desc.sessionId != q.sessionId) {
            throw new PmixException(Status.ERR_INVALID_NAMESPACE, "get " + key + ": namespace '" + ns
                    + "' is not known here in session " + q.sessionId);
        }
        if (q.realm == null && Rank.isValid(rank) && realm != Keys.Realm.PROC) {
            // a key of another realm asked of one process: a value the host gave for that process wins,
            // then the key's own realm answers for it (as OpenPMIx falls back to job-level data)
            Value pv = v.proc(rank, key);
            if (pv != null) {
                return pv;
            }
        }
        if (JOB_ON_NODE.contains(key) && realm != Keys.Realm.APP && realm != Keys.Realm.PROC) {
            return jobOnNode(v, q, key);
        }
        if (realm == null) {
            return unplaced(c, v, q, rank, key, requester);
        }
        switch (realm) {
            case JOB:
                return job(v, key);
            case APP:
                return app(v, q, rank, key, requester);
            case NODE:
                return node(c, v, q, rank, key);
            case PROC:
            default:
                return proc(v, rank, key);
        }
    }

    // ---- session realm ----

    /**
     * "They will return information about the caller's session unless a PMIX_SESSION_ID attribute is
     * specified": the session given, else the requester's, else the target namespace's.
     */
    private static Value session(Catalog c, Qualifiers q, String ns, Proc requester, String key, boolean strict) {
        long id = q.sessionId;
        JobView own = null;
        if (id < 0) {
            own = requester != null ? c.view(requester.namespace()) : null;
            if (own == null) {
                own = c.view(ns);
            }
            if (own == null) {
                if (!strict) {
                    return null;
                }
                throw new PmixException(Status.ERR_INVALID_NAMESPACE, "get " + key + ": namespace '"
                        + (requester != null ? requester.namespace() : ns) + "' is not known here");
            }
            Value v = own.session(key);
            if (v != null || own.desc.sessionId < 0) {
                return v;
            }
            id = own.desc.sessionId;
        }
        boolean known = false;
        List<JobView> all = c.views();
        for (int wi = 0; wi < all.size(); wi++) {
            JobView w = all.get(wi);
            if (w.desc.sessionId == id) {
                known = true;
                Value v = w.session(key);
                if (v != null) {
                    return v;
                }
            }
        }
        if (!known && own == null && strict) {
            throw new PmixException(Status.ERR_INVALID_NAMESPACE, "get " + key + ": session " + id + " is not known here");
        }
        return null;
    }

    /**
     * The keys the store derives, per realm, when the host did not give them (each {@code derived...}
     * method below answers exactly these): with the keys the host gave, what a get of a realm can find.
     * The job realm's include the node-level keys it answers for the job on a node ({@link #JOB_ON_NODE}).
     */
    static final Map<Keys.Realm, Set<String>> DERIVED = Map.of(
            Keys.Realm.SESSION, Set.of(),
            Keys.Realm.JOB, Set.of(Keys.JOB_SIZE.name(), Keys.JOB_NUM_APPS.name(), Keys.NODE_LIST.name(),
                    Keys.NUM_NODES.name(), Keys.LOCAL_SIZE.name(), Keys.LOCAL_PEERS.name(), Keys.LOCALLDR.name()),
            Keys.Realm.APP, Set.of(Keys.APPLDR.name(), Keys.APP_SIZE.name(), Keys.LOCAL_SIZE.name(), Keys.NUM_NODES.name()),
            Keys.Realm.NODE, Set.of(Keys.HOSTNAME.name(), Keys.NODEID.name(), Keys.NODE_SIZE.name()),
            Keys.Realm.PROC, Set.of(Keys.RANK.name(), Keys.NSPACE.name(), Keys.GLOBAL_RANK.name(), Keys.APPNUM.name(),
                    Keys.APP_RANK.name(), Keys.LOCAL_RANK.name(), Keys.NODE_RANK.name(), Keys.HOSTNAME.name(),
                    Keys.NODEID.name()));

    // ---- job realm ----

    private static Value job(JobView v, String key) {
        Value val = v.job(key);
        return val != null ? val : derivedJob(v, key);
    }

    private static Value derivedJob(JobView v, String key) {
        if (key.equals(Keys.JOB_SIZE.name())) {
            return v.desc.jobSize >= 0 ? Value.ofUint32((int) v.desc.jobSize) : null;
        }
        if (key.equals(Keys.JOB_NUM_APPS.name())) {
            return Value.ofUint32(Math.max(1, v.desc.appnums.length));
        }
        if (key.equals(Keys.NODE_LIST.name())) {
            List<String> names = v.topology().memberNames();
            return names.isEmpty() ? null : Value.ofString(String.join(",", names));
        }
        if (key.equals(Keys.NUM_NODES.name())) {
            int n = v.topology().members();
            return n == 0 ? null : Value.ofUint32(n);
        }
        return null;
    }

    /** A per-node key of the job realm ({@link #JOB_ON_NODE}). */
    private static Value jobOnNode(JobView v, Qualifiers q, String key) {
        int slot = q.hostname != null ? v.topology().slotOf(q.hostname)
                : q.nodeId >= 0 ? v.topology().slotOfId(q.nodeId) : v.desc.localSlot;
        if (slot < 0) {
            return null;
        }
        Value val = v.node(slot, key);
        if (val == null && slot == v.desc.localSlot) {
            val = v.job(key); // given at the top level: "on the local node"
        }
        return val != null ? val : derivedOnNode(v, slot, key);
    }

    private static Value derivedOnNode(JobView v, int slot, String key) {
        Topology t = v.topology();
        JobLayout l = t.layout();
        if (l == null || slot >= t.layoutNodes()) {
            // the maps do not place this node: for the local node, the host's nlocalprocs
            boolean local = slot == v.desc.localSlot && key.equals(Keys.LOCAL_SIZE.name());
            return local ? Value.ofUint32(v.desc.nlocalprocs) : null;
        }
        if (key.equals(Keys.LOCAL_SIZE.name())) {
            return Value.ofUint32(l.nodeSize(slot));
        }
        if (l.nodeSize(slot) == 0) {
            return null;
        }
        if (key.equals(Keys.LOCAL_PEERS.name())) {
            return Value.ofString(join(l.ranksOn(slot)));
        }
        if (key.equals(Keys.LOCALLDR.name())) {
            return Value.ofRank(l.leaderOf(slot));
        }
        return null;
    }

    static String join(int[] ranks) {
        StringBuilder sb = new StringBuilder(ranks.length * 7);
        for (int i = 0; i < ranks.length; i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(Integer.toUnsignedLong(ranks[i]));
        }
        return sb.toString();
    }

    // ---- application realm ----

    private static Value app(JobView v, Qualifiers q, int rank, String key, Proc requester) {
        long appnum;
        if (q.appnum >= 0) {
            // "If the PMIX_APPNUM qualifier is given, then the query shall return the corresponding value
            // for the given application within the namespace specified in the proc argument"
            appnum = q.appnum;
        } else if (Rank.isValid(rank)) {
            // "the retrieval shall default to the application containing the process specified by proc"
            appnum = appOf(v, rank);
        } else if (requester != null && requester.namespace().equals(v.namespace()) && Rank.isValid(requester.rank())) {
            // "If the rank specified in proc is PMIX_RANK_WILDCARD, then the application number shall
            // default to that of the calling process if the namespace is its own job, ..."
            appnum = appOf(v, requester.rank());
        } else {
            // "... or a value of zero if the namespace is that of a different job."
            appnum = 0;
        }
        if (appnum < 0) {
            return null;
        }
        Value val = v.app(appnum, key);
        if (val != null) {
            return val;
        }
        val = derivedApp(v, appnum, key);
        if (val == null && v.desc.singleApp() && v.desc.appLeader(appnum) >= 0) {
            val = v.job(key); // one application: the job's keys are its keys
        }
        return val;
    }

    /** The application of a rank: the host's PMIX_APPNUM for it, else the app arrays' rank ranges; -1 if unknown. */
    static long appOf(JobView v, int rank) {
        Value given = v.proc(rank, Keys.APPNUM.name());
        if (given != null) {
            return Integer.toUnsignedLong(given.asInt());
        }
        return rankKnown(v, rank) ? v.desc.appOfRank(Integer.toUnsignedLong(rank)) : -1;
    }

    private static Value derivedApp(JobView v, long appnum, String key) {
        long ldr = v.desc.appLeader(appnum);
        long size = v.desc.appSize(appnum);
        if (key.equals(Keys.APPLDR.name())) {
            return ldr >= 0 ? Value.ofRank((int) ldr) : null;
        }
        if (key.equals(Keys.APP_SIZE.name())) {
            return size >= 0 ? Value.ofUint32((int) size) : null;
        }
        if (ldr < 0 || size < 0) {
            return null;
        }
        JobLayout l = v.topology().layout();
        if (key.equals(Keys.LOCAL_SIZE.name())) {
            // "Number of processes in the specified job or application on the caller's node"
            int slot = v.desc.localSlot;
            if (l == null || slot >= v.topology().layoutNodes()) {
                return v.desc.singleApp() ? Value.ofUint32(v.desc.nlocalprocs) : null;
            }
            return Value.ofUint32(l.countOn(slot, ldr, size));
        }
        if (key.equals(Keys.NUM_NODES.name()) && l != null) {
            int n = 0;
            for (int s = 0; s < l.nodeCount(); s++) {
                if (l.countOn(s, ldr, size) > 0) {
                    n++;
                }
            }
            return Value.ofUint32(n);
        }
        return null;
    }

    // ---- node realm ----

    private static Value node(Catalog c, JobView v, Qualifiers q, int rank, String key) {
        // "The target node defaults to the local node unless a different node is specified in the info
        // array using either the PMIX_HOSTNAME or PMIX_NODEID"; asked of one process, PMIX_NODE_INFO's
        // "the node upon which the specified process is executing"
        String host;
        long id;
        int slot;
        if (q.hostname != null) {
            host = q.hostname;
            slot = v.topology().slotOf(host);
            id = slot >= 0 ? v.topology().id(slot) : Topology.NO_ID;
        } else if (q.nodeId >= 0) {
            id = q.nodeId;
            slot = v.topology().slotOfId(id);
            host = slot >= 0 ? v.topology().name(slot) : null;
        } else if (Rank.isValid(rank)) {
            slot = slotOfRank(v, rank);
            if (slot < 0) {
                return null;
            }
            host = v.topology().name(slot);
            id = v.topology().id(slot);
        } else {
            slot = v.desc.localSlot;
            host = c.localHost();
            id = v.topology().id(slot);
        }
        Value val = v.node(slot, key);
        if (val != null) {
            return val;
        }
        // node data is about the node, whichever namespace's registration carried it
        boolean knownElsewhere = false;
        List<JobView> all = c.views();
        for (int wi = 0; wi < all.size(); wi++) {
            JobView w = all.get(wi);
            if (w == v) {
                continue;
            }
            int s = slotIn(w, host, q.nodeId);
            if (s >= 0) {
                knownElsewhere = true;
                val = w.node(s, key);
                if (val != null) {
                    return val;
                }
            }
        }
        if (slot < 0 && !knownElsewhere) {
            return null;
        }
        return derivedNode(c, v, slot, host, id, key);
    }

    private static int slotIn(JobView w, String host, long givenId) {
        if (host != null) {
            return w.topology().slotOf(host);
        }
        if (givenId >= 0) {
            int s = w.topology().slotOfId(givenId);
            return s >= 0 && w.topology().givenId(s) == givenId ? s : -1;
        }
        return -1;
    }

    private static Value derivedNode(Catalog c, JobView v, int slot, String host, long id, String key) {
        if (key.equals(Keys.HOSTNAME.name())) {
            return host == null ? null : Value.ofString(host);
        }
        if (key.equals(Keys.NODEID.name())) {
            if (id == Topology.NO_ID && host != null) {
                List<JobView> all = c.views();
                for (int wi = 0; wi < all.size(); wi++) {
                    JobView w = all.get(wi);
                    int s = w.topology().slotOf(host);
                    if (s >= 0 && w.topology().id(s) != Topology.NO_ID) {
                        id = w.topology().id(s);
                        break;
                    }
                }
            }
            return id == Topology.NO_ID ? null : Value.ofUint32((int) id);
        }
        if (key.equals(Keys.NODE_SIZE.name()) && host != null) {
            // not given: the processes of every namespace known here on that node
            long sum = 0;
            List<JobView> all = c.views();
            for (int wi = 0; wi < all.size(); wi++) {
                JobView w = all.get(wi);
                sum += processesOn(w, w.topology().slotOf(host));
            }
            return Value.ofUint32((int) sum);
        }
        return null;
    }

    /** How many of a namespace's processes a node hosts: the maps', else the host's LOCAL_SIZE for it. */
    private static long processesOn(JobView w, int slot) {
        if (slot < 0) {
            return 0;
        }
        Topology t = w.topology();
        if (t.layout() != null && slot < t.layoutNodes()) {
            return t.layout().nodeSize(slot);
        }
        Value given = w.node(slot, Keys.LOCAL_SIZE.name());
        if (given == null && slot == w.desc.localSlot) {
            given = w.job(Keys.LOCAL_SIZE.name());
            if (given == null) {
                return w.desc.nlocalprocs;
            }
        }
        return given == null ? 0 : Integer.toUnsignedLong(given.asInt());
    }

    /** The slot of the node hosting a rank: the maps', else the host's PMIX_HOSTNAME/PMIX_NODEID for it; -1. */
    static int slotOfRank(JobView v, int rank) {
        int s = v.topology().slotOfRank(rank);
        if (s >= 0) {
            return s;
        }
        Value h = v.proc(rank, Keys.HOSTNAME.name());
        if (h != null) {
            return v.topology().slotOf(h.asString());
        }
        Value id = v.proc(rank, Keys.NODEID.name());
        return id == null ? -1 : v.topology().slotOfId(Integer.toUnsignedLong(id.asInt()));
    }

    // ---- process realm ----

    private static Value proc(JobView v, int rank, String key) {
        Value val;
        if (!Rank.isValid(rank)) {
            if (key.equals(Keys.NSPACE.name())) {
                return Value.ofString(v.namespace());
            }
            val = v.job(key); // job-level value of a process key, e.g. PMIX_SPAWNED for all
        } else {
            // "The target process is specified by the namespace and rank of the proc argument"
            val = v.proc(rank, key);
            if (val == null) {
                val = derivedProc(v, rank, key);
            }
            if (val == null) {
                val = v.job(key);
            }
        }
        if (val == null && key.equals(Keys.SESSION_ID.name())) {
            // "PMIX_SESSION_ID ... can be used in both ways": the process's session is its job's
            val = v.session(key);
        }
        return val;
    }

    /** Whether the job has the rank: the maps place it, the host gave its data, or it is below the job size. */
    static boolean rankKnown(JobView v, int rank) {
        if (v.topology().slotOfRank(rank) >= 0) {
            return true;
        }
        if (v.desc.jobSize >= 0 && Integer.toUnsignedLong(rank) < v.desc.jobSize) {
            return true;
        }
        return v.proc(rank, Keys.RANK.name()) != null;
    }

    private static Value derivedProc(JobView v, int rank, String key) {
        if (!rankKnown(v, rank)) {
            return null;
        }
        if (key.equals(Keys.RANK.name())) {
            return Value.ofRank(rank);
        }
        if (key.equals(Keys.NSPACE.name())) {
            return Value.ofString(v.namespace());
        }
        if (key.equals(Keys.GLOBAL_RANK.name())) {
            // PMIX_NPROC_OFFSET: "The returned value is the same as the value of PMIX_GLOBAL_RANK of rank 0"
            Value off = v.job(Keys.NPROC_OFFSET.name());
            long g = (off == null ? 0 : Integer.toUnsignedLong(off.asInt())) + Integer.toUnsignedLong(rank);
            return g < Integer.toUnsignedLong(Rank.VALID) ? Value.ofRank((int) g) : null;
        }
        if (key.equals(Keys.APPNUM.name())) {
            long a = appOf(v, rank);
            return a < 0 ? null : Value.ofUint32((int) a);
        }
        if (key.equals(Keys.APP_RANK.name())) {
            long a = appOf(v, rank);
            long ldr = a < 0 ? -1 : v.desc.appLeader(a);
            return ldr < 0 ? null : Value.ofRank((int) (Integer.toUnsignedLong(rank) - ldr));
        }
        if (key.equals(Keys.LOCAL_RANK.name()) || key.equals(Keys.NODE_RANK.name())) {
            // PMIX_NODE_RANK counts every job's processes on the node; with nothing from the host, the
            // store knows only this job's, so it equals the local rank
            JobLayout l = v.topology().layout();
            int lr = l == null ? -1 : l.localRankOf(rank);
            return lr < 0 || lr > 0xFFFF ? null : Value.ofUint16(lr);
        }
        if (key.equals(Keys.HOSTNAME.name()) || key.equals(Keys.NODEID.name())) {
            int slot = slotOfRank(v, rank);
            if (slot < 0) {
                return null;
            }
            if (key.equals(Keys.HOSTNAME.name())) {
                Value given = v.node(slot, key);
                String n = v.topology().name(slot);
                return given != null ? given : n == null ? null : Value.ofString(n);
            }
            Value given = v.node(slot, key);
            long id = v.topology().id(slot);
            return given != null ? given : id == Topology.NO_ID ? null : Value.ofUint32((int) id);
        }
        return null;
    }

    // ---- keys the tex puts in no realm (posted-style keys, host extensions) ----

    private static Value unplaced(Catalog c, JobView v, Qualifiers q, int rank, String key, Proc requester) {
        Value val;
        if (Rank.isValid(rank)) {
            long a = appOf(v, rank);
            if (a >= 0 && (val = v.app(a, key)) != null) {
                return val;
            }
        }
        if ((val = v.job(key)) != null) {
            return val;
        }
        if ((val = session(c, q, v.namespace(), requester, key, false)) != null) {
            return val;
        }
        return v.node(v.desc.localSlot, key);
    }

    // ---- PMIx_Resolve_nodes / PMIx_Resolve_peers (spec/resolve-peers-nodes-hierarchy.rst) ----

    static List<String> nodes(Catalog c, String ns) {
        JobView v = known(c, ns, "resolve nodes");
        Value given = v.job(Keys.NODE_LIST.name());
        if (given != null) {
            return LayoutMaps.nodes(given.asString());
        }
        return v.topology().memberNames();
    }

    static int[] peers(Catalog c, String ns, String node) {
        JobView v = known(c, ns, "resolve peers");
        Objects.requireNonNull(node, "node");
        int slot = v.topology().slotOf(node);
        if (!v.topology().isMember(slot)) {
            // "If that node isn't found on the list ... returning PMIX_SUCCESS ... nprocs set to zero"
            return new int[0];
        }
        Value given = v.node(slot, Keys.LOCAL_PEERS.name());
        if (given == null && slot == v.desc.localSlot) {
            given = v.job(Keys.LOCAL_PEERS.name());
        }
        if (given != null) {
            return Registration.peers("resolve peers " + ns + " " + node, given.asString());
        }
        // JPMIx's extension: "the PMIx library could reconstruct the local peers from other provided data"
        JobLayout l = v.topology().layout();
        if (l != null && slot < v.topology().layoutNodes() && v.desc.hasLayout && hasProcMap(v)) {
            return l.ranksOn(slot);
        }
        throw new PmixException(Status.ERR_DATA_VALUE_NOT_FOUND, "resolve peers: namespace '" + ns + "' has neither "
                + Keys.LOCAL_PEERS.name() + " nor a proc map for node '" + node + "'");
    }

    private static boolean hasProcMap(JobView v) {
        return v.job(Keys.PROC_MAP.name()) != null;
    }

    private static JobView known(Catalog c, String ns, String what) {
        Objects.requireNonNull(ns, "namespace");
        JobView v = c.view(ns);
        if (v == null) {
            throw new PmixException(Status.ERR_INVALID_NAMESPACE, what + ": namespace '" + ns + "' is not known here");
        }
        return v;
    }
}
