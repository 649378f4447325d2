package io.github.jpmix.client;

import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.Value;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * The main of the client JVMs {@link RulesTest} forks: one scenario per run, chosen by the first
 * argument. Each prints what it observed as {@code name=value} lines (a failure as its status name),
 * then {@code DONE}.
 */
public final class RulesScenarios {
    private RulesScenarios() {
    }

    public static void main(String[] args) throws Exception {
        try (PmixClient c = PmixClient.init()) {
            switch (args[0]) {
                case "nsinfo" -> nsinfo(c);
                case "local-procs" -> localProcs(c);
                case "resolve-session" -> resolveSession(c);
                case "resolve-async" -> resolveAsync(c);
                case "avail-servers" -> availServers(c);
                case "fence" -> {
                    System.out.println("ENTERING " + c.proc());
                    c.fence(List.of(), Info.of(Keys.TIMEOUT, 60));
                    System.out.println("FENCED " + c.proc());
                }
                default -> throw new IllegalArgumentException(args[0]);
            }
        }
        System.out.println("DONE");
        System.exit(0);
    }

    /** What a call returned, or the status it failed with. */
    private static String outcome(Callable<?> call) {
        try {
            Object v = call.call();
            if (v instanceof Value value) {
                // the only arrays asked here are PMIX_LOCAL_PROCS's procs
                return value.type() == DataType.DATA_ARRAY ? String.valueOf(value.asDataArray().elements(Proc.class))
                        : String.valueOf(value.data());
            }
            return String.valueOf(v);
        } catch (PmixException e) {
            return e.statusName();
        } catch (ExecutionException e) {
            return e.getCause() instanceof PmixException pe ? pe.statusName() : String.valueOf(e.getCause());
        } catch (Exception e) {
            return String.valueOf(e);
        }
    }

    private static void print(String name, Callable<?> call) {
        System.out.println(name + "=" + outcome(call));
    }

    /** Reserved keys of namespaces this server does not know: the host's namespaceInfo upcall answers. */
    private static void nsinfo(PmixClient c) {
        print("remote-size", () -> c.get(Proc.wildcard("remote"), Keys.JOB_SIZE.name()));
        print("remote-nodes", () -> c.get(Proc.wildcard("remote"), Keys.NUM_NODES.name()));
        print("remote-host-of-2", () -> c.get(new Proc("remote", 2), Keys.HOSTNAME.name()));
        print("remote-missing", () -> c.get(Proc.wildcard("remote"), Keys.CLUSTER_ID.name()));
        print("immediate", () -> c.get(Proc.wildcard("other"), Keys.JOB_SIZE.name(), Info.flag(Keys.IMMEDIATE)));
        print("host-not-found", () -> c.get(Proc.wildcard("nothing"), Keys.JOB_SIZE.name()));
        print("no-dbcx", () -> c.get(Proc.wildcard("plain"), Keys.JOB_SIZE.name()));
        long t0 = System.nanoTime();
        print("server-timeout", () -> c.get(Proc.wildcard("silent"), Keys.JOB_SIZE.name(), Info.of(Keys.TIMEOUT, 1)));
        System.out.println("server-timeout-ms=" + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0));
        print("host-timeout", () -> c.get(Proc.wildcard("late"), Keys.JOB_SIZE.name(), Info.of(Keys.TIMEOUT, 5)));
    }

    /** PMIX_LOCAL_PROCS asked of processes of every kind: this node's processes each time. */
    private static void localProcs(PmixClient c) {
        String ns = c.proc().namespace();
        print("self", () -> c.get(null, Keys.LOCAL_PROCS.name()));
        print("local-peer", () -> c.get(new Proc(ns, 1), Keys.LOCAL_PROCS.name()));
        print("remote-peer", () -> c.get(new Proc(ns, 3), Keys.LOCAL_PROCS.name()));
        print("job", () -> c.get(Proc.wildcard(ns), Keys.LOCAL_PROCS.name()));
        print("other-job", () -> c.get(new Proc("other", 1), Keys.LOCAL_PROCS.name()));
        print("resolve", () -> c.resolvePeers(null, null));
    }

    /** Resolve within this process's session and outside it. */
    private static void resolveSession(PmixClient c) {
        print("nodes-same-session", () -> c.resolveNodes("s1b"));
        print("peers-same-session", () -> c.resolvePeers(RulesTest.NODE, "s1b"));
        print("nodes-other-session", () -> c.resolveNodes("s2"));
        print("peers-other-session", () -> c.resolvePeers(RulesTest.NODE, "s2"));
        print("nodes-all", () -> c.resolveNodes(null));
        print("peers-all", () -> c.resolvePeers(RulesTest.NODE, null));
    }

    /** PMIX_QUERY_AVAIL_SERVERS: each server's PMIX_NSPACE, and its PMIX_SERVER_URI as uri.<nspace>. */
    private static void availServers(PmixClient c) {
        Value v = c.query(List.of(Query.of(Keys.QUERY_AVAIL_SERVERS.name()))).value(0).orElseThrow();
        List<String> names = new java.util.ArrayList<>();
        for (Info server : v.asDataArray().elements(Info.class)) {
            String ns = null;
            String uri = null;
            for (Info i : server.value().asDataArray().elements(Info.class)) {
                if (i.is(Keys.NSPACE)) {
                    ns = i.value().asString();
                } else if (i.is(Keys.SERVER_URI)) {
                    uri = i.value().asString();
                }
            }
            names.add(ns);
            System.out.println("uri." + ns + "=" + uri);
        }
        System.out.println("servers=" + String.join(",", names));
    }

    /** The asynchronous and timeout-bounded forms. */
    private static void resolveAsync(PmixClient c) {
        String ns = c.proc().namespace();
        print("peers-async", () -> c.resolvePeersAsync(RulesTest.NODE, ns).get(30, TimeUnit.SECONDS));
        print("nodes-async", () -> c.resolveNodesAsync(ns).get(30, TimeUnit.SECONDS));
        long t0 = System.nanoTime();
        print("nodes-timeout", () -> c.resolveNodes("slow", Info.of(Keys.TIMEOUT, 1)));
        print("peers-timeout-async", () -> c.resolvePeersAsync(RulesTest.NODE, "slow", Info.of(Keys.TIMEOUT, 1))
                .get(30, TimeUnit.SECONDS));
        System.out.println("timeouts-ms=" + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0));
        print("peers-with-timeout", () -> c.resolvePeers(RulesTest.NODE, ns, Info.of(Keys.TIMEOUT, 5)));
    }
}
