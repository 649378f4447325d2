package io.github.jpmix.client;

import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.QueryResults;
import io.github.jpmix.common.Scope;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import java.util.List;

/**
 * A Java rank under an OpenPMIx server (the tests' {@code pmix_host}, or {@code python3-pmix}'s
 * {@code PMIxServer}), started by that server's host with the environment of
 * {@code PMIx_server_setup_fork}: the counterpart of the C client {@code pmix_client} in the same
 * modes, printing lines of the same form so a test can hold them side by side.
 *
 * <ul>
 *   <li>{@code info}: as {@code pmix_client info} ({@code INFO <rank> <target> <key> <type> <value>},
 *       or {@code - <status>}): rank 0 the job's, this node's and application 0's keys; every rank the
 *       process keys of every rank (the C client prints only its own: a test compares each C rank's
 *       own line with every Java rank's view of that rank); then a fence and finalize.</li>
 *   <li>{@code wire}: as {@code pmix_client wire}: put {@code ep} = {@code endpoint-of-<rank>} (GLOBAL),
 *       commit, fence with data collection, get and check every rank's {@code ep}, print
 *       {@code OK <rank> wired <rank> of <size>}, fence, finalize.</li>
 *   <li>{@code calls}: the rest of the data calls once: own and peers' posted values of every scope (a
 *       peer's REMOTE value is not found), a second round re-posting (the newer value is read after the
 *       fence), a fence of a subset, resolve peers and nodes; one {@code OK} or {@code FAIL} line
 *       each.</li>
 *   <li>{@code admin}: log and query, printing what the host answered ({@code OK <rank> query <answer>}
 *       or the status).</li>
 *   <li>{@code abort}: rank 0 aborts with status 42 after a fence and exits 42 when the call returns; the
 *       others wait in a fence rank 0 never joins.</li>
 *   <li>{@code hang}: init, {@code READY <rank> <pid> hang}, then a call the server holds: every rank
 *       but the last a fence the last never joins, the last a get of a key rank 0 never posts; when the
 *       server is killed it prints {@code BLOCKED <status> after <ms> ms} and {@code LATER <status>}
 *       for a later call, and exits 0.</li>
 * </ul>
 * Exit status 0 when every step passed, 1 otherwise; an unexpected {@link PmixException} prints
 * {@code ERROR <status> <message>} and exits 3.
 */
public final class OpenPmixRank {
    private static final String[] JOB_KEYS = {"pmix.jobid", "pmix.job.size", "pmix.univ.size", "pmix.max.size",
        "pmix.num.nodes", "pmix.nlist", "pmix.offset", "pmix.job.napps", "pmix.tmpdir", "pmix.nsdir", "pmix.session.id",
        "pmix.spawned", "pmix.nmap", "pmix.pmap", "pmix.bfrops.mod", "pmix.local.size", "pmix.lpeers", "pmix.lldr",
        "pmix.node.size", "pmix.hname", "pmix.nodeid", "pmix.lcpus", "pmix.app.size", "pmix.aldr", "pmix.appnum"};
    private static final String[] NODE_KEYS = {"pmix.local.size", "pmix.lpeers", "pmix.lldr", "pmix.node.size", "pmix.nodeid"};
    private static final String[] APP_KEYS = {"pmix.app.size", "pmix.aldr", "pmix.appnum"};
    private static final String[] PROC_KEYS = {"pmix.rank", "pmix.lrank", "pmix.nrank", "pmix.appnum", "pmix.apprank",
        "pmix.grank", "pmix.nodeid", "pmix.hname", "pmix.pdir", "pmix.locstr", "pmix.cpuset", "pmix.spawned"};

    private static boolean failed;
    private static String me = "-";

    private OpenPmixRank() {
    }

    public static void main(String[] args) throws Exception {
        try {
            switch (args.length == 1 ? args[0] : "") {
                case "info" -> info();
                case "wire" -> wire();
                case "calls" -> calls();
                case "admin" -> admin();
                case "abort" -> abort();
                case "hang" -> hang();
                default -> {
                    System.err.println("usage: OpenPmixRank info|wire|calls|admin|abort|hang");
                    System.exit(2);
                }
            }
        } catch (PmixException e) {
            System.out.println("ERROR " + e.statusName() + " " + e.getMessage());
            System.exit(3);
        }
        System.exit(failed ? 1 : 0);
    }

    private static PmixClient init() {
        PmixClient c = PmixClient.init();
        me = Integer.toString(c.proc().rank());
        return c;
    }

    private static void info() {
        try (PmixClient c = init()) {
            Proc job = Proc.wildcard(c.proc().namespace());
            if (c.proc().rank() == 0) {
                for (String k : JOB_KEYS) {
                    print(c, job, "job", k);
                }
                String host = System.getenv().getOrDefault("PMIX_HOSTNAME", "localhost");
                for (String k : NODE_KEYS) {
                    print(c, job, "node", k, Info.flag(Keys.NODE_INFO), Info.of(Keys.HOSTNAME, host));
                }
                for (String k : APP_KEYS) {
                    print(c, job, "app", k, Info.flag(Keys.APP_INFO), Info.of(Keys.APPNUM, 0));
                }
            }
            int size = c.get(job, Keys.JOB_SIZE);
            for (int r = 0; r < size; r++) {
                for (String k : PROC_KEYS) {
                    print(c, new Proc(c.proc().namespace(), r), "rank" + r, k);
                }
            }
            c.fence(List.of());
        }
    }

    private static void print(PmixClient c, Proc target, String label, String key, Info... qualifiers) {
        String text;
        try {
            text = format(c.get(target, key, qualifiers));
        } catch (PmixException e) {
            text = "- " + Status.name(e.status()).replace("PMIX_ERR_", "").replace('_', '-');
        }
        System.out.println("INFO " + me + " " + label + " " + key + " " + text);
    }

    /** A value as {@code pmix_client}'s {@code format_value} prints it, for the types job data holds. */
    static String format(Value v) {
        String t = DataType.name(v.type());
        return switch (v.type()) {
            case DataType.BOOL -> t + " " + v.asBoolean();
            case DataType.STRING -> t + " " + v.asString();
            case DataType.UINT8, DataType.UINT16, DataType.UINT32, DataType.PROC_RANK -> t + " " + Integer.toUnsignedString(v.asInt());
            case DataType.INT, DataType.INT32 -> t + " " + v.asInt();
            case DataType.UINT64, DataType.INT64, DataType.SIZE -> t + " " + v.asLong();
            case DataType.BYTE_OBJECT -> t + " " + v.asBytes().length + " bytes";
            case DataType.DATA_ARRAY -> t + " " + v.asDataArray().size() + " x " + DataType.name(v.asDataArray().type());
            default -> t + " " + v;
        };
    }

    private static void wire() {
        try (PmixClient c = init()) {
            Proc me = c.proc();
            c.put(Scope.GLOBAL, "ep", Value.ofString("endpoint-of-" + me.rank()));
            c.commit();
            c.fence(List.of(), Info.flag(Keys.COLLECT_DATA));
            int size = c.get(Proc.wildcard(me.namespace()), Keys.JOB_SIZE);
            int good = 0;
            for (int r = 0; r < size; r++) {
                String ep = c.get(new Proc(me.namespace(), r), "ep").asString();
                if (ep.equals("endpoint-of-" + r)) {
                    good++;
                } else {
                    fail("wire", "rank " + r + " posted " + ep);
                }
            }
            if (good == size) {
                System.out.println("OK " + me.rank() + " wired " + me.rank() + " of " + size);
            }
            c.fence(List.of());
        }
    }

    private static void calls() {
        try (PmixClient c = init()) {
            Proc self = c.proc();
            String ns = self.namespace();
            int size = c.get(Proc.wildcard(ns), Keys.JOB_SIZE);
            Proc peer = new Proc(ns, (self.rank() + 1) % size);
            c.put(Scope.LOCAL, "t.local", Value.ofString("local-" + self.rank()));
            c.put(Scope.REMOTE, "t.remote", Value.ofString("remote-" + self.rank()));
            c.put(Scope.GLOBAL, "t.global", Value.ofUint32(1000 + self.rank()));
            c.put(Scope.GLOBAL, "t.round", Value.ofString("round-1-of-" + self.rank()));
            c.commit();
            same("get-own", c.get(self, "t.remote").asString(), "remote-" + self.rank());
            c.fence(List.of(), Info.flag(Keys.COLLECT_DATA));
            check("get-peer", c.get(peer, "t.local").asString().equals("local-" + peer.rank())
                    && c.get(peer, "t.global").asInt() == 1000 + peer.rank());
            status("get-peer-remote", () -> c.get(peer, "t.remote"), Status.ERR_NOT_FOUND);
            status("get-own-missing-reserved", () -> c.get(self, "pmix.test.never"), Status.ERR_NOT_FOUND);
            status("put-reserved", () -> c.put(Scope.GLOBAL, "pmix.mine", Value.ofString("x")), Status.ERR_BAD_PARAM);
            // a second round: every commit re-sends everything; the newer value is read after the fence
            same("round-1", c.get(peer, "t.round").asString(), "round-1-of-" + peer.rank());
            // nothing orders a peer's next commit after this read but a fence: without it, a peer that
            // already committed round 2 is served with its newest values, which is right, not round 1
            c.fence(List.of());
            c.put(Scope.GLOBAL, "t.round", Value.ofString("round-2-of-" + self.rank()));
            c.commit();
            c.fence(List.of(), Info.flag(Keys.COLLECT_DATA));
            check("round-2", c.get(peer, "t.round").asString().equals("round-2-of-" + peer.rank())
                    && c.get(peer, "t.local").asString().equals("local-" + peer.rank()));
            if (size > 1 && self.rank() < 2) {
                c.fence(List.of(new Proc(ns, 0), new Proc(ns, 1)));
                System.out.println("OK " + me + " fence-subset");
            }
            String host = c.get(self, Keys.HOSTNAME);
            List<Proc> peers = c.resolvePeers(host, ns);
            check("resolve-peers", peers.size() == size && peers.contains(self));
            check("resolve-peers-here", c.resolvePeers(null, ns).equals(peers));
            check("resolve-nodes", c.resolveNodes(ns).equals(List.of(host)));
            c.fence(List.of());
        }
    }

    /** Log and query, which a host serves or refuses (python3-pmix's PMIxServer answers neither: they block). */
    private static void admin() {
        try (PmixClient c = init()) {
            try {
                c.log(List.of(Info.of(Keys.LOG_STDERR, "log from java rank " + c.proc().rank() + "\n")), List.of());
                System.out.println("OK " + me + " log");
            } catch (PmixException e) {
                System.out.println("OK " + me + " log " + e.statusName());
            }
            try {
                QueryResults r = c.query(List.of(Query.of(Keys.QUERY_NAMESPACES.name())));
                System.out.println("OK " + me + " query " + r.value(0).map(Value::asString).orElse("(none)"));
            } catch (PmixException e) {
                System.out.println("OK " + me + " query " + e.statusName());
            }
            c.fence(List.of());
        }
    }

    /** Rank 0 aborts the job with status 42 after a fence; the others wait in a fence it never joins. */
    private static void abort() {
        PmixClient c = init();
        c.fence(List.of());
        if (c.proc().rank() == 0) {
            c.abort(42, "java rank aborts", List.of());
            System.out.println("OK " + me + " abort-returned");
            System.exit(42);
        }
        System.out.println("OK " + me + " abort-wait");
        c.fence(List.of());
        fail("abort-wait", "the fence completed");
    }

    private static void hang() {
        PmixClient c = init();
        Proc self = c.proc();
        int size = c.get(Proc.wildcard(self.namespace()), Keys.JOB_SIZE);
        System.out.println("READY " + me + " " + ProcessHandle.current().pid() + " hang");
        long t0 = System.nanoTime();
        try {
            if (self.rank() < size - 1) {
                c.fence(List.of()); // the last rank never joins
            } else {
                // a key rank 0 never posts, nor commits: the server holds the get
                c.get(new Proc(self.namespace(), 0), "never", Info.of(Keys.TIMEOUT, 600));
            }
            System.out.println("BLOCKED PMIX_SUCCESS");
        } catch (PmixException e) {
            System.out.println("BLOCKED " + e.statusName() + " after " + (System.nanoTime() - t0) / 1_000_000 + " ms");
        }
        try {
            c.get(new Proc(self.namespace(), 0), "ep");
            System.out.println("LATER PMIX_SUCCESS");
        } catch (PmixException e) {
            System.out.println("LATER " + e.statusName());
        }
        c.close();
    }

    private interface Call {
        void run();
    }

    private static void status(String step, Call call, int expected) {
        try {
            call.run();
            fail(step, "succeeded, expected " + Status.name(expected));
        } catch (PmixException e) {
            if (e.status() == expected) {
                System.out.println("OK " + me + " " + step + " " + e.statusName());
            } else {
                fail(step, e.statusName() + " " + e.getMessage() + ", expected " + Status.name(expected));
            }
        }
    }

    private static void check(String step, boolean ok) {
        if (ok) {
            System.out.println("OK " + me + " " + step);
        } else {
            fail(step, "wrong value");
        }
    }

    private static void same(String step, String actual, String expected) {
        if (actual.equals(expected)) {
            System.out.println("OK " + me + " " + step);
        } else {
            fail(step, "read " + actual + ", expected " + expected);
        }
    }

    private static void fail(String step, String detail) {
        failed = true;
        System.out.println("FAIL " + me + " " + step + " " + detail);
    }
}
