package io.github.jpmix.gds;

import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Key;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.Value;
import java.util.ArrayList;
import java.util.List;

/** Registrations the tests share, built the way a host passes them. */
final class Jobs {
    static final String LOCAL = "n1";

    private Jobs() {
    }

    static <T> Info info(Key<T> key, T value) {
        return Info.of(key, value);
    }

    static Info array(Key<DataArray> key, Info... infos) {
        return Info.of(key.name(), Value.ofDataArray(DataArray.of(DataType.INFO, List.of(infos))));
    }

    /**
     * job1: 10 ranks on n0 (0-3), n1 (4-7, the local node) and n2 (8-9); session 42; applications 0
     * (ranks 0-5) and 1 (ranks 6-9); node arrays for n2 (id 77, size 12) and n0 (its local peers);
     * full data for the local ranks 4-7, rank 5 with a node rank of its own.
     */
    static List<Info> job1() {
        List<Info> l = new ArrayList<>();
        l.add(info(Keys.NODE_MAP, "n0,n1,n2"));
        l.add(info(Keys.PROC_MAP, "pmix[0-3;4-7;8-9]"));
        l.add(info(Keys.JOB_SIZE, 10));
        l.add(info(Keys.NPROC_OFFSET, 100));
        l.add(info(Keys.JOBID, "j1"));
        l.add(info(Keys.TMPDIR, "/tmp/s42"));
        l.add(Info.of("acme.custom", Value.ofString("job-level")));
        l.add(array(Keys.SESSION_INFO_ARRAY, info(Keys.SESSION_ID, 42), info(Keys.UNIV_SIZE, 64),
                info(Keys.CLUSTER_ID, "c1"), info(Keys.NUM_NODES, 16)));
        l.add(array(Keys.APP_INFO_ARRAY, info(Keys.APPNUM, 0), info(Keys.APPLDR, 0), info(Keys.APP_SIZE, 6),
                info(Keys.APP_ARGV, "./a")));
        l.add(array(Keys.APP_INFO_ARRAY, info(Keys.APPNUM, 1), info(Keys.APPLDR, 6), info(Keys.APP_SIZE, 4),
                info(Keys.APP_ARGV, "./b"), Info.of("acme.custom", Value.ofString("app-1"))));
        l.add(array(Keys.NODE_INFO_ARRAY, info(Keys.HOSTNAME, "n2"), info(Keys.NODEID, 77), info(Keys.NODE_SIZE, 12)));
        l.add(array(Keys.NODE_INFO_ARRAY, info(Keys.HOSTNAME, "n0"), info(Keys.LOCAL_PEERS, "0,1,2,3"),
                info(Keys.AVAIL_PHYS_MEMORY, 1L << 34)));
        for (int r = 4; r < 8; r++) {
            List<Info> p = new ArrayList<>();
            p.add(info(Keys.RANK, r));
            p.add(info(Keys.LOCAL_RANK, r - 4));
            p.add(info(Keys.CPUSET, "hwloc:" + r));
            if (r == 5) {
                p.add(info(Keys.NODE_RANK, 7));
            }
            l.add(array(Keys.PROC_INFO_ARRAY, p.toArray(new Info[0])));
        }
        return l;
    }

    /** job2: session 43; ranks 0-1 on n1 (local) and 2 on n3. */
    static List<Info> job2() {
        return List.of(
                info(Keys.NODE_MAP, "n1,n3"),
                info(Keys.PROC_MAP, "0,1;2"),
                array(Keys.SESSION_INFO_ARRAY, info(Keys.SESSION_ID, 43), info(Keys.UNIV_SIZE, 128)),
                array(Keys.PROC_INFO_ARRAY, info(Keys.RANK, 0), info(Keys.APPNUM, 0)),
                array(Keys.PROC_INFO_ARRAY, info(Keys.RANK, 1), info(Keys.APPNUM, 0)));
    }

    /** A job described the OpenPMIx way, without maps: node arrays and proc arrays only. */
    static List<Info> noMaps() {
        return List.of(
                info(Keys.JOB_SIZE, 2),
                array(Keys.NODE_INFO_ARRAY, info(Keys.HOSTNAME, "n1"), info(Keys.NODEID, 5)),
                array(Keys.PROC_INFO_ARRAY, info(Keys.RANK, 0), info(Keys.HOSTNAME, "n1")),
                array(Keys.PROC_INFO_ARRAY, info(Keys.RANK, 1), info(Keys.NODEID, 5)));
    }

    /** A plain proc map: {@code nodes} nodes of {@code ppn} consecutive ranks each. */
    static String procMap(int nodes, int ppn) {
        // the native form OpenPMIx's PMIx_generate_ppn gives block maps: pmix[0-99;100-199;...]
        StringBuilder sb = new StringBuilder("pmix[");
        for (int n = 0; n < nodes; n++) {
            if (n > 0) {
                sb.append(';');
            }
            sb.append(n * ppn).append('-').append(n * ppn + ppn - 1);
        }
        return sb.append(']').toString();
    }

    /** {@code nid00000,nid00001,...}. */
    static String nodeMap(int nodes) {
        StringBuilder sb = new StringBuilder();
        for (int n = 0; n < nodes; n++) {
            if (n > 0) {
                sb.append(',');
            }
            sb.append(String.format("nid%05d", n));
        }
        return sb.toString();
    }

    /**
     * A big job the way a launcher describes it: maps for {@code nodes} x {@code ppn} ranks, plus full
     * data for the {@code ppn} ranks of the local node {@code nid00001} (15 keys each).
     */
    static List<Info> big(int nodes, int ppn) {
        List<Info> l = new ArrayList<>();
        l.add(info(Keys.NODE_MAP, nodeMap(nodes)));
        l.add(info(Keys.PROC_MAP, procMap(nodes, ppn)));
        l.add(info(Keys.JOB_SIZE, nodes * ppn));
        l.add(info(Keys.UNIV_SIZE, nodes * ppn));
        l.add(info(Keys.JOBID, "big"));
        for (int r = ppn; r < 2 * ppn; r++) {
            l.add(array(Keys.PROC_INFO_ARRAY, info(Keys.RANK, r), info(Keys.LOCAL_RANK, r - ppn),
                    info(Keys.NODE_RANK, r - ppn), info(Keys.APPNUM, 0), info(Keys.APP_RANK, r),
                    info(Keys.GLOBAL_RANK, r), info(Keys.NODEID, 1), info(Keys.HOSTNAME, "nid00001"),
                    info(Keys.CPUSET, "hwloc:0x" + Integer.toHexString(r)), info(Keys.PROC_PID, 10_000 + r),
                    info(Keys.PROCDIR, "/tmp/big/" + r), info(Keys.SPAWNED, false), info(Keys.REINCARNATION, 0),
                    info(Keys.PACKAGE_RANK, 0), info(Keys.CREDENTIAL, "cred-" + r)));
        }
        return l;
    }
}
