package io.github.jpmix.server.internal.openpmix;

import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.InfoDirectives;
import io.github.jpmix.common.KeyValue;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.bfrops.BfropsWriter;
import io.github.jpmix.server.internal.front.JobFacts;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Not API. The reply to {@code PMIX_REQ_CMD}: a namespace's job data as OpenPMIx 4.2.2's {@code hash}
 * storage component takes it in at a client's init ({@code docs/openpmix.md}, "Job data";
 * {@code mca/gds/hash/gds_hash.c:744-1147}): the namespace, then one {@code KVAL} per top-level
 * fact, read until the buffer ends.
 *
 * <ul>
 *   <li>job facts as themselves; the node-level facts of the job on this node
 *       ({@code PMIX_LOCAL_PEERS}, ...) too, which the client files under its own node;
 *   <li>the session as {@code pmix.ssn.arr} (an array of infos that must hold
 *       {@code PMIX_SESSION_ID}), or its keys one by one when there is no session id;
 *   <li>each application as {@code pmix.app.arr} (with {@code PMIX_APPNUM}), each node as
 *       {@code pmix.node.arr} (with {@code PMIX_HOSTNAME}: the client looks nodes up by name and
 *       crashes on one without, {@code gds_utils.c:265-267});
 *   <li>each rank as {@code pmix.pblob}: a byte object of its rank and its facts' KVALs.
 * </ul>
 *
 * The same bytes serve every client of the namespace (OpenPMIx packs them once per namespace too).
 */
final class JobDataReply {
    static final String SESSION_ARRAY = "pmix.ssn.arr";
    static final String APP_ARRAY = "pmix.app.arr";
    static final String NODE_ARRAY = "pmix.node.arr";
    static final String PROC_BLOB = "pmix.pblob";
    /** Kept out of a rank's blob: the blob names the rank itself (OpenPMIx drops it too, {@code gds_hash.c:1232-1234}). */
    private static final Set<String> NOT_IN_BLOB = Set.of(Keys.RANK.name(), Keys.NSPACE.name());

    private JobDataReply() {
    }

    static byte[] encode(JobFacts facts) {
        BfropsWriter w = new BfropsWriter();
        w.packString(facts.namespace());
        facts.job().forEach((k, v) -> w.packKeyValue(new KeyValue(k, v)));
        Value sessionId = facts.session().get(Keys.SESSION_ID.name());
        if (sessionId != null) {
            List<Info> session = new ArrayList<>();
            session.add(Info.of(Keys.SESSION_ID.name(), sessionId)); // first: the array is known by it
            facts.session().forEach((k, v) -> {
                if (!k.equals(Keys.SESSION_ID.name())) {
                    session.add(Info.of(k, v));
                }
            });
            w.packKeyValue(new KeyValue(SESSION_ARRAY, array(session)));
        } else {
            facts.session().forEach((k, v) -> w.packKeyValue(new KeyValue(k, v)));
        }
        for (Map<String, Value> app : facts.apps()) {
            w.packKeyValue(new KeyValue(APP_ARRAY, array(infos(app))));
        }
        for (Map<String, Value> node : facts.nodes()) {
            w.packKeyValue(new KeyValue(NODE_ARRAY, array(infos(node))));
        }
        BfropsWriter blob = new BfropsWriter();
        facts.procs().forEach((rank, values) -> {
            blob.reset();
            blob.packRank(rank);
            values.forEach((k, v) -> {
                if (!NOT_IN_BLOB.contains(k)) {
                    blob.packKeyValue(new KeyValue(k, v));
                }
            });
            w.packKeyValue(new KeyValue(PROC_BLOB, Value.ofByteObject(blob.toByteArray())));
        });
        return w.toByteArray();
    }

    private static List<Info> infos(Map<String, Value> values) {
        List<Info> out = new ArrayList<>(values.size());
        values.forEach((k, v) -> out.add(Info.of(k, v)));
        return out;
    }

    /** A data array of infos whose last one is marked {@code PMIX_INFO_ARRAY_END}, as OpenPMIx marks it. */
    private static Value array(List<Info> infos) {
        List<Info> marked = new ArrayList<>(infos);
        int last = marked.size() - 1;
        if (last >= 0) {
            Info i = marked.get(last);
            marked.set(last, new Info(i.key(), i.value(), i.directives() | InfoDirectives.ARRAY_END));
        }
        return Value.ofDataArray(DataArray.of(DataType.INFO, marked));
    }
}
