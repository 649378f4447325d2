package io.github.jpmix.client.internal.openpmix;

import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.KeyValue;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.LogText;
import io.github.jpmix.common.internal.bfrops.BfropsReader;
import io.github.jpmix.gds.Registration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Not API. The job data an OpenPMIx 4.2.2 server sends a client at init (the reply to
 * {@code PMIX_REQ_CMD}), read as OpenPMIx's {@code hash} storage component reads it
 * ({@code mca/gds/hash/gds_hash.c:744-1147}; {@code docs/openpmix.md}, "Job data") and handed to
 * pmix-gds as a {@link Registration}, so that a get answers from it by JPMIx's retrieval rules.
 *
 * <pre>
 * reply := P(STRING nspace) P(KVAL)*         read until the buffer ends
 * </pre>
 *
 * <ul>
 *   <li>{@code pmix.pblob}: a byte object of {@code P(PROC_RANK r) P(KVAL)*}, rank r's facts
 *       ({@code :805-863}); {@code pmix.pdata}: an info array whose first element is {@code PMIX_RANK}
 *       ({@code :1087-1112}). Both become a {@code PMIX_PROC_DATA} array.</li>
 *   <li>{@code pmix.ssn.arr}, {@code pmix.app.arr}, {@code pmix.node.arr}: the session, an application,
 *       a node ({@code process_arrays.c}); node arrays naming the same node (by host name, else node id)
 *       are merged, and an application array without {@code PMIX_APPNUM} is application 0, as OpenPMIx
 *       takes it while the job has one application.</li>
 *   <li>{@code pmix.mblob} (a map blob: {@code P(SIZE n)} then per node {@code P(KVAL host -> "r,r,...")},
 *       {@code :864-972}): a node array with that host's {@code PMIX_LOCAL_PEERS}.</li>
 *   <li>any other key: as the host gave it to its server, a job-level info; pmix-gds files a session- or
 *       node-level key by its realm (the session, this node), as OpenPMIx files a lone one
 *       ({@code :989-1086}).</li>
 * </ul>
 *
 * <p>This node is what OpenPMIx's client calls its own ({@code runtime/pmix_init.c:399-414},
 * {@code gds_hash.c:852-853}): the host name in this process's own facts, else {@code PMIX_HOSTNAME},
 * else the host name up to its first dot.
 *
 * @param registration the job as pmix-gds takes it
 * @param localHost this node's name, as the job data spells it
 */
record JobData(Registration registration, String localHost) {
    private static final System.Logger LOG = System.getLogger("io.github.jpmix.client");

    /**
     * Reads a REQ reply for {@code self}.
     *
     * @param hostname this node's name when this process's facts do not say ({@code PMIX_HOSTNAME} or
     *     the host name up to its first dot)
     * @throws PmixException {@link Status#ERR_INVALID_NAMESPACE} for job data of another namespace
     *     (OpenPMIx's client fails its init so, {@code client/pmix_client.c:317-328}); the codec's
     *     statuses for malformed bytes; {@link Status#ERR_BAD_PARAM} for facts pmix-gds refuses
     */
    @SuppressWarnings("deprecation") // pmix.pblob and pmix.mblob: deprecated in pmix_deprecated.h, sent by 4.2.2's server all the same
    static JobData parse(byte[] reply, Proc self, String hostname) {
        BfropsReader r = new BfropsReader(reply);
        String nspace = r.unpackString();
        if (!self.namespace().equals(nspace)) {
            throw new PmixException(Status.ERR_INVALID_NAMESPACE, "init: the server sent the job data of namespace '"
                    + nspace + "' to " + self);
        }
        Map<String, Value> job = new LinkedHashMap<>();
        Map<String, Value> session = null;
        Map<Integer, Map<String, Value>> apps = new TreeMap<>();
        List<Map<String, Value>> nodes = new ArrayList<>();
        Map<Integer, Map<String, Value>> procs = new TreeMap<>(Integer::compareUnsigned);
        while (r.hasRemaining()) {
            KeyValue kv = r.unpackKeyValue();
            String key = kv.key();
            Value v = kv.value();
            if (key.equals(Keys.PROC_BLOB.name())) {
                BfropsReader blob = new BfropsReader(v.asBytes());
                int rank = blob.unpackRank();
                Map<String, Value> facts = procs.computeIfAbsent(rank, x -> new LinkedHashMap<>());
                while (blob.hasRemaining()) {
                    KeyValue f = blob.unpackKeyValue();
                    facts.put(f.key(), f.value());
                }
            } else if (key.equals(Keys.PROC_INFO_ARRAY.name())) {
                List<Info> infos = infos(key, v);
                if (infos.isEmpty() || !infos.get(0).is(Keys.RANK)) {
                    throw new PmixException(Status.ERR_BAD_PARAM, "init: a " + key + " array that does not start with "
                            + Keys.RANK.name());
                }
                Map<String, Value> facts = procs.computeIfAbsent(infos.get(0).value().asInt(), x -> new LinkedHashMap<>());
                for (Info i : infos.subList(1, infos.size())) {
                    facts.put(i.key(), i.value());
                }
            } else if (key.equals(Keys.SESSION_INFO_ARRAY.name())) {
                if (session == null) {
                    session = new LinkedHashMap<>();
                }
                for (Info i : infos(key, v)) {
                    session.put(i.key(), i.value());
                }
            } else if (key.equals(Keys.APP_INFO_ARRAY.name())) {
                Map<String, Value> app = map(infos(key, v));
                Value n = app.get(Keys.APPNUM.name());
                apps.computeIfAbsent(n == null ? 0 : n.asInt(), x -> new LinkedHashMap<>()).putAll(app);
            } else if (key.equals(Keys.NODE_INFO_ARRAY.name())) {
                merge(nodes, map(infos(key, v)));
            } else if (key.equals(Keys.MAP_BLOB.name())) {
                BfropsReader blob = new BfropsReader(v.asBytes());
                long n = blob.unpackSize();
                for (long k = 0; k < n; k++) {
                    KeyValue node = blob.unpackKeyValue();
                    Map<String, Value> m = new LinkedHashMap<>();
                    m.put(Keys.HOSTNAME.name(), Value.ofString(node.key()));
                    m.put(Keys.LOCAL_PEERS.name(), node.value());
                    merge(nodes, m);
                }
            } else {
                job.put(key, v);
            }
        }
        String localHost = hostname;
        Map<String, Value> mine = procs.get(self.rank());
        if (mine != null && mine.get(Keys.HOSTNAME.name()) != null) {
            localHost = mine.get(Keys.HOSTNAME.name()).asString();
        }
        List<Info> infos = new ArrayList<>();
        job.forEach((k, val) -> infos.add(Info.of(k, val)));
        if (session != null) {
            if (session.containsKey(Keys.SESSION_ID.name())) {
                infos.add(array(Keys.SESSION_INFO_ARRAY.name(), session));
            } else {
                // OpenPMIx refuses a session array without its id (process_arrays.c:463-547); its keys still are the job's session's
                session.forEach((k, val) -> infos.add(Info.of(k, val)));
            }
        }
        apps.forEach((n, app) -> {
            app.putIfAbsent(Keys.APPNUM.name(), Value.ofUint32(n));
            infos.add(array(Keys.APP_INFO_ARRAY.name(), app));
        });
        for (Map<String, Value> node : nodes) {
            infos.add(array(Keys.NODE_INFO_ARRAY.name(), node));
        }
        procs.forEach((rank, facts) -> {
            List<Info> list = new ArrayList<>();
            list.add(Info.of(Keys.RANK, rank)); // first: it names the array's rank
            facts.forEach((k, val) -> {
                if (!k.equals(Keys.RANK.name())) {
                    list.add(Info.of(k, val));
                }
            });
            infos.add(Info.of(Keys.PROC_INFO_ARRAY.name(), Value.ofDataArray(DataArray.of(DataType.INFO, list))));
        });
        return new JobData(register(nspace, localRanks(nodes, procs, localHost), infos), localHost);
    }

    /**
     * The registration of the job data. A fact pmix-gds refuses (a value of another type than its key's,
     * a malformed {@code PMIX_LOCAL_PEERS}) is left out with a warning rather than failing the init:
     * OpenPMIx's client takes any job data its server sends, and the rest is still right.
     */
    private static Registration register(String nspace, int nlocal, List<Info> infos) {
        try {
            return Registration.parse(nspace, nlocal, infos);
        } catch (PmixException e) {
            if (e.status() != Status.ERR_BAD_PARAM) {
                throw e;
            }
            List<Info> kept = new ArrayList<>();
            List<String> dropped = new ArrayList<>();
            for (Info i : infos) {
                try {
                    Registration.parse(nspace, nlocal, List.of(i));
                    kept.add(i);
                } catch (PmixException bad) {
                    dropped.add(LogText.peer(bad.getMessage()));
                }
            }
            LOG.log(System.Logger.Level.WARNING, "init: the job data of " + nspace + " holds facts JPMIx cannot read,"
                    + " left out: " + dropped);
            return Registration.parse(nspace, nlocal, kept);
        }
    }

    /**
     * How many of the job's ranks are on this node, as far as the job data says (its
     * {@code PMIX_LOCAL_PEERS}, else the ranks whose host is this one): pmix-gds's {@code nlocalprocs}.
     */
    private static int localRanks(List<Map<String, Value>> nodes, Map<Integer, Map<String, Value>> procs, String localHost) {
        for (Map<String, Value> n : nodes) {
            Value host = n.get(Keys.HOSTNAME.name());
            Value peers = n.get(Keys.LOCAL_PEERS.name());
            if (host != null && peers != null && host.type() == DataType.STRING && peers.type() == DataType.STRING
                    && host.asString().equals(localHost)) {
                return (int) peers.asString().chars().filter(c -> c == ',').count() + (peers.asString().isEmpty() ? 0 : 1);
            }
        }
        int n = 0;
        for (Map<String, Value> facts : procs.values()) {
            Value host = facts.get(Keys.HOSTNAME.name());
            if (host != null && host.type() == DataType.STRING && host.asString().equals(localHost)) {
                n++;
            }
        }
        return n;
    }

    /** Adds a node's facts to the node they name (by host name, else node id), or as a new node. */
    private static void merge(List<Map<String, Value>> nodes, Map<String, Value> node) {
        for (Map<String, Value> n : nodes) {
            if (same(n, node, Keys.HOSTNAME.name()) || same(n, node, Keys.NODEID.name())) {
                n.putAll(node);
                return;
            }
        }
        nodes.add(node);
    }

    private static boolean same(Map<String, Value> a, Map<String, Value> b, String key) {
        Value x = a.get(key);
        Value y = b.get(key);
        return x != null && x.equals(y);
    }

    private static List<Info> infos(String key, Value v) {
        if (v.type() != DataType.DATA_ARRAY || v.asDataArray().type() != DataType.INFO) {
            throw new PmixException(Status.ERR_BAD_PARAM, "init: " + key + " is not an array of infos: " + v.type());
        }
        return v.asDataArray().elements(Info.class);
    }

    private static Map<String, Value> map(List<Info> infos) {
        Map<String, Value> m = new LinkedHashMap<>();
        for (Info i : infos) {
            m.put(i.key(), i.value());
        }
        return m;
    }

    private static Info array(String key, Map<String, Value> values) {
        List<Info> list = new ArrayList<>(values.size());
        values.forEach((k, v) -> list.add(Info.of(k, v)));
        return Info.of(key, Value.ofDataArray(DataArray.of(DataType.INFO, list)));
    }
}
