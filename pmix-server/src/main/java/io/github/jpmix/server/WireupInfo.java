package io.github.jpmix.server;

import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.regex.NodeRegex;
import io.github.jpmix.regex.PpnRegex;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The wireup information a host gives {@link PmixServer#registerNamespace} for a job
 * ({@code spec/wireup-info.txt}), built from where the job's processes run.
 *
 * <p>It produces what an OpenPMIx host produces: job-level facts ({@code PMIX_JOBID},
 * {@code PMIX_JOB_SIZE}, {@code PMIX_UNIV_SIZE}, {@code PMIX_MAX_PROCS}, {@code PMIX_NUM_NODES},
 * {@code PMIX_NPROC_OFFSET}, {@code PMIX_JOB_NUM_APPS}, the node and proc maps from
 * {@link NodeRegex} and {@link PpnRegex}), one {@code PMIX_APP_INFO_ARRAY} per app
 * ({@code PMIX_APPNUM}, {@code PMIX_APPLDR}, {@code PMIX_APP_SIZE}), one
 * {@code PMIX_NODE_INFO_ARRAY} for the local node ({@code PMIX_HOSTNAME}, {@code PMIX_NODEID},
 * {@code PMIX_LOCAL_PEERS}, {@code PMIX_LOCAL_SIZE}, {@code PMIX_LOCALLDR}, {@code PMIX_NODE_SIZE})
 * and one {@code PMIX_PROC_INFO_ARRAY} per local process (its ranks of every kind, app, node). Facts of
 * remote processes are not listed: the store derives them from the maps, so the information's
 * size grows with nodes and local processes, not with the job.
 *
 * <p>Not thread-safe; build, then use.
 */
public final class WireupInfo {
    private final String nspace;
    private final Map<String, List<Integer>> nodes = new LinkedHashMap<>();
    private final List<int[]> apps = new ArrayList<>();
    private final List<Info> extra = new ArrayList<>();
    private int universeSize = -1;
    /** The process that spawned this job, or null. */
    private Proc parent;

    private WireupInfo(String nspace) {
        this.nspace = nspace;
    }

    /** Wireup information for namespace {@code nspace}. */
    public static WireupInfo of(String nspace) {
        return new WireupInfo(Objects.requireNonNull(nspace, "nspace"));
    }

    /** Places ranks on a node; nodes keep the order of their first mention (node ids follow it). */
    public WireupInfo node(String hostname, int... ranks) {
        List<Integer> list = nodes.computeIfAbsent(Objects.requireNonNull(hostname, "hostname"), h -> new ArrayList<>());
        for (int r : ranks) {
            list.add(r);
        }
        return this;
    }

    /** Declares an app: ranks {@code [firstRank, firstRank + size)} belong to {@code appnum}. Default: one app, the whole job. */
    public WireupInfo app(int appnum, int firstRank, int size) {
        apps.add(new int[] {appnum, firstRank, size});
        return this;
    }

    /** {@code PMIX_UNIV_SIZE}; default: the job size. */
    public WireupInfo universeSize(int size) {
        this.universeSize = size;
        return this;
    }

    /** Adds a job-level info of the host's own (e.g. {@code PMIX_TMPDIR}, {@code PMIX_CLUSTER_ID}). */
    public WireupInfo with(Info info) {
        extra.add(Objects.requireNonNull(info, "info"));
        return this;
    }

    /**
     * Marks the job as spawned by {@code parent} ({@code PMIx_Spawn}): each local process gets
     * {@code PMIX_PARENT_ID} (the parent) and {@code PMIX_SPAWNED} (true) among its facts.
     */
    public WireupInfo parent(Proc parent) {
        this.parent = Objects.requireNonNull(parent, "parent");
        return this;
    }

    /** How many of the job's ranks run on {@code hostname}. */
    public int localCount(String hostname) {
        return nodes.getOrDefault(hostname, List.of()).size();
    }

    /** Every rank placed, in node order. */
    public int jobSize() {
        int n = 0;
        for (List<Integer> r : nodes.values()) {
            n += r.size();
        }
        return n;
    }

    /**
     * The infos for {@link PmixServer#registerNamespace}, as seen from {@code localHostname}.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} if no rank was placed or the local node is unknown
     */
    public List<Info> build(String localHostname) {
        List<Info> out = jobLevel();
        List<String> names = new ArrayList<>(nodes.keySet());
        List<int[]> appList = apps.isEmpty() ? List.of(new int[] {0, 0, jobSize()}) : apps;
        int nodeId = names.indexOf(localHostname);
        if (nodeId < 0) {
            throw new PmixException(Status.ERR_BAD_PARAM,
                    "wireup info of " + nspace + ": local node " + localHostname + " hosts none of its ranks");
        }
        List<Integer> local = nodes.get(localHostname);
        StringBuilder peers = new StringBuilder();
        int leader = Integer.MAX_VALUE;
        for (int r : local) {
            peers.append(peers.length() == 0 ? "" : ",").append(Integer.toUnsignedString(r));
            leader = Math.min(leader, r);
        }
        out.add(Info.of(Keys.NODE_INFO_ARRAY, DataArray.of(DataType.INFO, List.of(
                Info.of(Keys.HOSTNAME, localHostname),
                Info.of(Keys.NODEID, nodeId),
                Info.of(Keys.LOCAL_PEERS, peers.toString()),
                Info.of(Keys.LOCAL_SIZE, local.size()),
                Info.of(Keys.LOCALLDR, leader),
                Info.of(Keys.NODE_SIZE, local.size())))));
        for (int i = 0; i < local.size(); i++) {
            int rank = local.get(i);
            int[] app = appOf(appList, rank);
            List<Info> proc = new ArrayList<>(List.of(
                    Info.of(Keys.RANK, rank),
                    Info.of(Keys.APPNUM, app[0]),
                    Info.of(Keys.APP_RANK, rank - app[1]),
                    Info.of(Keys.GLOBAL_RANK, rank),
                    Info.of(Keys.LOCAL_RANK, i),
                    Info.of(Keys.NODE_RANK, i),
                    Info.of(Keys.NODEID, nodeId),
                    Info.of(Keys.HOSTNAME, localHostname)));
            if (parent != null) {
                proc.add(Info.of(Keys.PARENT_ID, parent));
                proc.add(Info.of(Keys.SPAWNED, true));
            }
            out.add(Info.of(Keys.PROC_INFO_ARRAY, DataArray.of(DataType.INFO, proc)));
        }
        return out;
    }

    /**
     * The infos for {@link PmixServer#registerNamespace} of a job none of whose processes runs on this
     * node: its job-level facts, maps and apps, without a local node. What a {@link HostModule#namespaceInfo}
     * answer gives for a job elsewhere.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} if no rank was placed
     */
    public List<Info> buildRemote() {
        return jobLevel();
    }

    /** The job-level facts, the maps and one array per app. */
    private List<Info> jobLevel() {
        int size = jobSize();
        if (size == 0) {
            throw new PmixException(Status.ERR_BAD_PARAM, "wireup info of " + nspace + ": no ranks placed");
        }
        List<String> names = new ArrayList<>(nodes.keySet());
        List<int[]> ppn = new ArrayList<>();
        for (List<Integer> r : nodes.values()) {
            ppn.add(r.stream().mapToInt(Integer::intValue).toArray());
        }
        List<int[]> appList = apps.isEmpty() ? List.of(new int[] {0, 0, size}) : apps;
        List<Info> out = new ArrayList<>();
        out.add(Info.of(Keys.JOBID, nspace));
        out.add(Info.of(Keys.JOB_SIZE, size));
        out.add(Info.of(Keys.UNIV_SIZE, universeSize < 0 ? size : universeSize));
        out.add(Info.of(Keys.MAX_PROCS, size));
        out.add(Info.of(Keys.NUM_NODES, names.size()));
        out.add(Info.of(Keys.NPROC_OFFSET, 0));
        out.add(Info.of(Keys.JOB_NUM_APPS, appList.size()));
        out.add(Info.of(Keys.NODE_MAP, NodeRegex.generate(names)));
        out.add(Info.of(Keys.PROC_MAP, PpnRegex.generate(ppn)));
        out.addAll(extra);
        for (int[] app : appList) {
            out.add(Info.of(Keys.APP_INFO_ARRAY, DataArray.of(DataType.INFO, List.of(
                    Info.of(Keys.APPNUM, app[0]),
                    Info.of(Keys.APPLDR, app[1]),
                    Info.of(Keys.APP_SIZE, app[2])))));
        }
        return out;
    }

    private static int[] appOf(List<int[]> apps, int rank) {
        for (int[] app : apps) {
            if (Integer.compareUnsigned(rank, app[1]) >= 0 && Integer.toUnsignedLong(rank) < Integer.toUnsignedLong(app[1]) + app[2]) {
                return app;
            }
        }
        throw new PmixException(Status.ERR_BAD_PARAM, "wireup info: rank " + Integer.toUnsignedString(rank) + " is in no app");
    }
}
