package io.github.jpmix.client;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.ProcInfo;
import io.github.jpmix.common.ProcState;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.QueryResults;
import io.github.jpmix.common.Status;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/** The query and log scenarios of {@link ClientScenarios}: each prints one fact per line for the test. */
final class QueryScenarios {
    private QueryScenarios() {
    }

    private static String outcome(Supplier<QueryResults> call) {
        try {
            QueryResults r = call.get();
            return Status.name(r.status()) + " " + r.answers();
        } catch (PmixException e) {
            return e.statusName();
        }
    }

    private static Query table(String key, String nspace) {
        return Query.qualified(key, Info.of(Keys.NSPACE, nspace), Info.flag(Keys.QUERY_REFRESH_CACHE));
    }

    /** Queries from a client JVM: answers and every status. */
    static void query(PmixClient c) throws Exception {
        String ns = c.proc().namespace();
        System.out.println("namespaces=" + c.query(List.of(Query.of(Keys.QUERY_NAMESPACES.name()))).value(0).orElseThrow().asString());
        List<ProcInfo> mine = c.query(List.of(table(Keys.QUERY_LOCAL_PROC_TABLE.name(), ns))).value(0).orElseThrow()
                .asDataArray().elements(ProcInfo.class);
        ProcInfo me = mine.stream().filter(p -> p.proc().equals(c.proc())).findFirst().orElseThrow();
        System.out.println("me=" + ProcState.name(me.state()) + " pid-matches=" + (me.pid() == ProcessHandle.current().pid()));
        System.out.println("no-nspace=" + outcome(() -> c.query(List.of(Query.of(Keys.QUERY_PROC_TABLE.name())))));
        System.out.println("partial=" + Status.name(c.query(List.of(Query.of(Keys.QUERY_NAMESPACES.name()),
                table(Keys.QUERY_PROC_TABLE.name(), "nosuch"))).status()));
        System.out.println("not-found=" + outcome(() -> c.query(List.of(table(Keys.QUERY_PROC_TABLE.name(), "nosuch")))));
        System.out.println("not-supported=" + outcome(() -> c.query(List.of(Query.of(Keys.QUERY_QUEUE_LIST.name())))));
        QueryResults async = c.queryAsync(List.of(table(Keys.QUERY_JOB_STATUS.name(), ns))).get(30, TimeUnit.SECONDS);
        System.out.println("async=" + Status.name(async.value(0, Keys.QUERY_JOB_STATUS).orElseThrow()));
    }

    /** Logs from a client JVM: what the host took and the statuses. */
    static void log(PmixClient c) throws Exception {
        c.log(List.of(Info.of(Keys.LOG_STDOUT, "logged line")), List.of(Info.flag(Keys.LOG_GENERATE_TIMESTAMP)));
        System.out.println("stdout=ok");
        try {
            c.log(List.of(), List.of());
        } catch (PmixException e) {
            System.out.println("empty=" + e.statusName());
        }
        try {
            c.log(List.of(Info.of(Keys.LOG_EMAIL_ADDR, "a@b")), List.of());
        } catch (PmixException e) {
            System.out.println("email=" + e.statusName());
        }
        c.logAsync(List.of(Info.of(Keys.LOG_EMAIL_ADDR, "a@b"), Info.of(Keys.LOG_STDOUT, "once")),
                List.of(Info.flag(Keys.LOG_ONCE))).get(30, TimeUnit.SECONDS);
        System.out.println("once=ok");
    }

    /**
     * Under the launcher: everybody fences; rank 1 finalizes and exits 0, rank 2 exits 7 without finalizing,
     * rank 3 sleeps until rank 0 kills it (SIGKILL, by the pid the proc table shows); rank 0 prints the proc
     * table before and after, and logs to stdout and syslog.
     */
    static void launcherPs(PmixClient c) throws Exception {
        c.fence(List.of());
        int rank = c.proc().rank();
        String ns = c.proc().namespace();
        if (rank == 2) {
            System.exit(7);
        }
        if (rank == 3) {
            Thread.sleep(120_000);
            return;
        }
        if (rank != 0) {
            return;
        }
        List<ProcInfo> first = procTable(c, ns);
        for (ProcInfo p : first) {
            System.out.println("ROW " + p.proc().rank() + " pid>0=" + (p.pid() > 0) + " exe=" + p.executable()
                    + " host-known=" + (p.hostname() != null));
        }
        ProcInfo me = first.get(0);
        System.out.println("ME " + ProcState.name(me.state()) + " pid-matches=" + (me.pid() == ProcessHandle.current().pid()));
        ProcessHandle.of(first.get(3).pid()).orElseThrow().destroyForcibly();
        c.log(List.of(Info.of(Keys.LOG_STDOUT, "logged by rank 0")), List.of(Info.flag(Keys.LOG_TAG_OUTPUT)));
        try {
            c.log(List.of(Info.of(Keys.LOG_SYSLOG, "to syslog")), List.of());
            System.out.println("SYSLOG ok");
        } catch (PmixException e) {
            System.out.println("SYSLOG " + e.statusName());
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        List<ProcInfo> last = first;
        while (System.nanoTime() < deadline) {
            last = procTable(c, ns);
            // the lost connection shows first (TERM_WO_SYNC), the launcher's exit report refines it
            if (ProcState.isTerminated(last.get(1).state()) && last.get(2).exitCode() == 7
                    && last.get(3).state() == ProcState.ABORTED_BY_SIG) {
                break;
            }
            Thread.sleep(100);
        }
        for (ProcInfo p : last.subList(1, 4)) {
            System.out.println("END " + p.proc().rank() + " " + ProcState.name(p.state()) + " exit=" + p.exitCode());
        }
        System.out.println("JOB " + Status.name(c.query(List.of(table(Keys.QUERY_JOB_STATUS.name(), ns)))
                .value(0, Keys.QUERY_JOB_STATUS).orElseThrow()));
    }

    private static List<ProcInfo> procTable(PmixClient c, String ns) {
        return c.query(List.of(table(Keys.QUERY_PROC_TABLE.name(), ns))).value(0).orElseThrow()
                .asDataArray().elements(ProcInfo.class);
    }
}
