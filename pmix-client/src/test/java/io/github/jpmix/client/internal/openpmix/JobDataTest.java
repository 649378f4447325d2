package io.github.jpmix.client.internal.openpmix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.KeyValue;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.bfrops.BfropsWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The init reply of an OpenPMIx 4.2.2 server, read into the heap store ({@link JobData},
 * {@link HashStore}): the layout that server sends for {@code pmix_host -n 2} (openpmix front notes
 * §2.1: job keys, session, node and app arrays, a {@code pmix.pblob} per rank), and the other forms
 * the {@code hash} component takes (proc data arrays, lone keys, a map blob, split node arrays).
 */
class JobDataTest {
    private static final Proc ME = new Proc("capjob", 1);
    private static final Proc JOB = Proc.wildcard("capjob");

    /** The reply 4.2.2's server sends for a 2-rank job on node {@code vm} (notes §2.1, observed). */
    static byte[] observed() {
        BfropsWriter w = new BfropsWriter();
        w.packString("capjob");
        kv(w, "pmix.jobid", Value.ofString("capjob"));
        kv(w, "pmix.job.size", Value.ofUint32(2));
        kv(w, "pmix.max.size", Value.ofUint32(2));
        kv(w, "pmix.num.nodes", Value.ofUint32(1));
        kv(w, "pmix.nlist", Value.ofString("vm"));
        kv(w, "pmix.bfrops.mod", Value.ofString("4.2.2"));
        kv(w, "pmix.ssn.arr", array(Info.of("pmix.session.id", Value.ofUint32(-1)), Info.of("pmix.univ.size", Value.ofUint32(2)),
                Info.of("pmix.tmpdir", Value.ofString("/tmp/x"))));
        kv(w, "pmix.node.arr", array(Info.of("pmix.hname", Value.ofString("vm")), Info.of("pmix.nodeid", Value.ofUint32(0)),
                Info.of("pmix.node.size", Value.ofUint32(2)), Info.of("pmix.lpeers", Value.ofString("0,1")),
                Info.of("pmix.lldr", Value.ofRank(0)), Info.of("pmix.local.size", Value.ofUint32(2))));
        kv(w, "pmix.app.arr", array(Info.of("pmix.appnum", Value.ofUint32(0)), Info.of("pmix.aldr", Value.ofRank(0)),
                Info.of("pmix.app.size", Value.ofUint32(2))));
        for (int r = 0; r < 2; r++) {
            BfropsWriter blob = new BfropsWriter();
            blob.packRank(r);
            blob.packKeyValue(new KeyValue("pmix.appnum", Value.ofUint32(0)));
            blob.packKeyValue(new KeyValue("pmix.lrank", Value.ofUint16(r)));
            blob.packKeyValue(new KeyValue("pmix.nrank", Value.ofUint16(r)));
            blob.packKeyValue(new KeyValue("pmix.nodeid", Value.ofUint32(0)));
            blob.packKeyValue(new KeyValue("pmix.hname", Value.ofString("vm")));
            kv(w, "pmix.pblob", Value.ofByteObject(blob.toByteArray()));
        }
        return w.toByteArray();
    }

    private static void kv(BfropsWriter w, String key, Value v) {
        w.packKeyValue(new KeyValue(key, v));
    }

    private static Value array(Info... infos) {
        return Value.ofDataArray(DataArray.of(DataType.INFO, List.of(infos)));
    }

    private static Value get(HashStore s, Proc target, String key, Info... qualifiers) {
        Optional<Value> v = s.get(target, key, List.of(qualifiers), ME);
        return v.orElseThrow(() -> new AssertionError(key + " of " + target + " not found"));
    }

    @Test
    void shouldAnswerFromWhatAnOpenPmixServerSends() {
        JobData job = JobData.parse(observed(), ME, "elsewhere");
        assertEquals("vm", job.localHost()); // this rank's own pblob names its node, as OpenPMIx takes it
        try (HashStore s = new HashStore(job)) {
            assertEquals(2, get(s, JOB, Keys.JOB_SIZE.name()).asInt());
            assertEquals("0,1", get(s, JOB, Keys.LOCAL_PEERS.name()).asString());
            assertEquals(2, get(s, JOB, Keys.LOCAL_SIZE.name()).asInt());
            assertEquals(2, get(s, JOB, Keys.UNIV_SIZE.name()).asInt());
            assertEquals("/tmp/x", get(s, JOB, Keys.TMPDIR.name()).asString());
            assertEquals(1, get(s, ME, Keys.LOCAL_RANK.name()).asInt());
            assertEquals(0, get(s, new Proc("capjob", 0), Keys.NODE_RANK.name()).asInt());
            assertEquals("vm", get(s, new Proc("capjob", 0), Keys.HOSTNAME.name()).asString());
            assertEquals(2, get(s, JOB, Keys.APP_SIZE.name(), Info.flag(Keys.APP_INFO), Info.of(Keys.APPNUM, 0)).asInt());
            assertEquals(2, get(s, JOB, Keys.LOCAL_SIZE.name(), Info.flag(Keys.NODE_INFO), Info.of(Keys.HOSTNAME, "vm")).asInt());
            assertEquals(List.of("vm"), s.nodes("capjob"));
            assertEquals(2, s.peers("capjob", "vm").length);
            // a fact the job data lacks: OpenPMIx's client asks its server, unless it is the session's or an app's
            assertTrue(s.get(ME, "pmix.cpuset", List.of(), ME).isEmpty());
            assertTrue(s.serverMayKnow(ME, "pmix.cpuset", List.of()));
            assertFalse(s.serverMayKnow(JOB, Keys.UNIV_SIZE.name(), List.of()));
            assertFalse(s.serverMayKnow(JOB, Keys.LOCAL_SIZE.name(), List.of(Info.flag(Keys.NODE_INFO))));
        }
    }

    /** Proc data arrays, lone node and session keys, a map blob, a node named twice, an app array without its number. */
    @Test
    void shouldReadTheOtherFormsTheHashComponentTakes() {
        BfropsWriter w = new BfropsWriter();
        w.packString("capjob");
        kv(w, "pmix.job.size", Value.ofUint32(3));
        kv(w, "pmix.univ.size", Value.ofUint32(8)); // lone session key
        kv(w, "pmix.lpeers", Value.ofString("0,1,2")); // lone node key: this node
        kv(w, "pmix.app.arr", array(Info.of("pmix.app.size", Value.ofUint32(3)))); // app 0, unnumbered
        BfropsWriter map = new BfropsWriter();
        map.packSize(1);
        map.packKeyValue(new KeyValue("nodeA", Value.ofString("0,1,2")));
        kv(w, "pmix.mblob", Value.ofByteObject(map.toByteArray()));
        kv(w, "pmix.node.arr", array(Info.of("pmix.hname", Value.ofString("nodeA")), Info.of("pmix.nodeid", Value.ofUint32(7))));
        kv(w, "pmix.node.arr", array(Info.of("pmix.nodeid", Value.ofUint32(7)), Info.of("pmix.node.size", Value.ofUint32(3))));
        for (int r = 0; r < 3; r++) {
            kv(w, "pmix.pdata", array(Info.of("pmix.rank", Value.ofRank(r)), Info.of("pmix.lrank", Value.ofUint16(r)),
                    Info.of("pmix.hname", Value.ofString("nodeA"))));
        }
        JobData job = JobData.parse(w.toByteArray(), ME, "ignored");
        assertEquals("nodeA", job.localHost());
        try (HashStore s = new HashStore(job)) {
            assertEquals(8, get(s, JOB, Keys.UNIV_SIZE.name()).asInt());
            assertEquals("0,1,2", get(s, JOB, Keys.LOCAL_PEERS.name()).asString());
            assertEquals(3, get(s, JOB, Keys.NODE_SIZE.name(), Info.flag(Keys.NODE_INFO), Info.of(Keys.NODEID, 7)).asInt());
            assertEquals(3, get(s, JOB, Keys.APP_SIZE.name(), Info.flag(Keys.APP_INFO), Info.of(Keys.APPNUM, 0)).asInt());
            assertEquals(2, get(s, new Proc("capjob", 2), Keys.LOCAL_RANK.name()).asInt());
            assertEquals(7, get(s, new Proc("capjob", 2), Keys.NODEID.name()).asInt());
        }
    }

    /** A fact of the wrong type (a string job size, a malformed peer list) is left out, not the whole job. */
    @Test
    void shouldLeaveOutFactsItCannotRead() {
        BfropsWriter w = new BfropsWriter();
        w.packString("capjob");
        kv(w, "pmix.job.size", Value.ofUint32(2));
        kv(w, "pmix.max.size", Value.ofString("two"));
        kv(w, "pmix.node.arr", array(Info.of("pmix.hname", Value.ofString("vm")), Info.of("pmix.lpeers", Value.ofString("0,x"))));
        try (HashStore s = new HashStore(JobData.parse(w.toByteArray(), ME, "vm"))) {
            assertEquals(2, get(s, JOB, Keys.JOB_SIZE.name()).asInt());
            assertTrue(s.get(JOB, Keys.MAX_PROCS.name(), List.of(), ME).isEmpty());
        }
    }

    @Test
    void shouldRefuseJobDataOfAnotherNamespace() {
        PmixException e = assertThrows(PmixException.class, () -> JobData.parse(observed(), new Proc("other", 0), "vm"));
        assertEquals(Status.ERR_INVALID_NAMESPACE, e.status());
    }

    @Test
    void shouldRefuseAProcArrayWithoutItsRank() {
        BfropsWriter w = new BfropsWriter();
        w.packString("capjob");
        kv(w, "pmix.pdata", array(Info.of("pmix.lrank", Value.ofUint16(0))));
        PmixException e = assertThrows(PmixException.class, () -> JobData.parse(w.toByteArray(), ME, "vm"));
        assertEquals(Status.ERR_BAD_PARAM, e.status());
    }

    @Test
    void shouldFailOnTruncatedJobData() {
        byte[] b = observed();
        byte[] cut = Arrays.copyOf(b, b.length - 5);
        PmixException e = assertThrows(PmixException.class, () -> JobData.parse(cut, ME, "vm"));
        assertTrue(e.status() == Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER || e.status() == Status.ERR_UNPACK_FAILURE,
                e.getMessage());
    }
}
