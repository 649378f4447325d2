package io.github.jpmix.client;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Rank;
import io.github.jpmix.common.Scope;
import io.github.jpmix.common.Value;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.List;

/**
 * The main of the client JVMs the multi-process tests fork: one scenario per run, chosen by the
 * first argument. Each prints what it observed, one fact per line, for the test to check; a
 * {@link PmixException} prints as {@code ERROR <status name>} and exits 3.
 */
public final class ClientScenarios {
    private ClientScenarios() {
    }

    public static void main(String[] args) throws Exception {
        String scenario = args[0];
        try {
            run(scenario, args);
            System.out.println("DONE");
            System.exit(0);
        } catch (PmixException e) {
            System.out.println("ERROR " + e.statusName() + " " + e.getMessage());
            System.exit(3);
        }
    }

    private static void run(String scenario, String[] args) throws Exception {
        if (scenario.equals("init-only")) {
            try (PmixClient c = PmixClient.init()) {
                System.out.println("CONNECTED " + c.proc());
            }
            return;
        }
        try (PmixClient c = PmixClient.init()) {
            Proc me = c.proc();
            Proc job = Proc.wildcard(me.namespace());
            switch (scenario) {
                case "wireup" -> {
                    int size = c.get(job, Keys.JOB_SIZE);
                    c.put(Scope.GLOBAL, "ep", Value.ofString("endpoint-of-" + me.rank()));
                    c.put(Scope.LOCAL, "shm", Value.ofUint64(1000L + me.rank()));
                    c.commit();
                    c.fence(List.of(), Info.flag(Keys.COLLECT_DATA));
                    for (int r = 0; r < size; r++) {
                        Proc peer = new Proc(me.namespace(), r);
                        String ep = c.get(peer, "ep").asString();
                        if (!ep.equals("endpoint-of-" + r)) {
                            throw new AssertionError("rank " + me.rank() + " read " + ep + " for rank " + r);
                        }
                        long shm = c.get(peer, "shm").asLong();
                        if (shm != 1000L + r) {
                            throw new AssertionError("rank " + me.rank() + " read shm " + shm + " for rank " + r);
                        }
                    }
                    System.out.println("WIRED " + me.rank() + " of " + size);
                }
                case "facts" -> {
                    System.out.println("rank=" + c.get(null, Keys.RANK));
                    System.out.println("size=" + c.get(job, Keys.JOB_SIZE));
                    System.out.println("local_rank=" + c.get(null, Keys.LOCAL_RANK));
                    System.out.println("hostname=" + c.get(null, Keys.HOSTNAME));
                    System.out.println("local_peers=" + c.get(job, Keys.LOCAL_PEERS));
                    System.out.println("nodes=" + c.resolveNodes(me.namespace()));
                    System.out.println("peers=" + c.resolvePeers(null, me.namespace()));
                }
                case "put-reserved" -> {
                    try {
                        c.put(Scope.GLOBAL, "pmix.myendpoint", Value.ofString("x"));
                        System.out.println("ACCEPTED");
                    } catch (PmixException e) {
                        System.out.println("REFUSED " + e.statusName());
                    }
                    c.commit();
                    try {
                        c.get(me, "pmix.myendpoint");
                        System.out.println("STORED");
                    } catch (PmixException e) {
                        System.out.println("NOT_STORED " + e.statusName());
                    }
                }
                case "fence-subset" -> {
                    List<Proc> procs = new ArrayList<>();
                    for (String r : args[1].split(",")) {
                        procs.add(new Proc(me.namespace(), Rank.parse(r)));
                    }
                    c.put(Scope.GLOBAL, "subset", Value.ofInt32(me.rank()));
                    c.commit();
                    c.fence(procs, Info.flag(Keys.COLLECT_DATA));
                    for (Proc p : procs) {
                        System.out.println("subset " + p.rank() + "=" + c.get(p, "subset").asInt());
                    }
                }
                case "fence-timeout" -> {
                    long t0 = System.nanoTime();
                    try {
                        c.fence(List.of(), Info.of(Keys.TIMEOUT, Integer.parseInt(args[1])));
                        System.out.println("FENCED");
                    } catch (PmixException e) {
                        System.out.println("FENCE " + e.statusName() + " after " + (System.nanoTime() - t0) / 1_000_000 + " ms");
                    }
                }
                case "fence-with" -> {
                    // a fence over NSPACE:RANK,... (any namespaces), bounded by a 30 s PMIX_TIMEOUT
                    List<Proc> procs = new ArrayList<>();
                    for (String p : args[1].split(",")) {
                        int colon = p.lastIndexOf(':');
                        procs.add(new Proc(p.substring(0, colon), Rank.parse(p.substring(colon + 1))));
                    }
                    long t0 = System.nanoTime();
                    try {
                        c.fence(procs, Info.of(Keys.TIMEOUT, 30));
                        System.out.println("FENCED");
                    } catch (PmixException e) {
                        System.out.println("FENCE " + e.statusName() + " after " + (System.nanoTime() - t0) / 1_000_000 + " ms");
                    }
                }
                case "fence-wait" -> {
                    // enters a fence that waits for a rank the test holds back, says so, and reports the release
                    System.out.println("FENCING " + me.rank());
                    System.out.flush();
                    c.fence(List.of());
                    System.out.println("FENCED " + me.rank() + " at " + System.nanoTime());
                }
                case "fence" -> {
                    c.fence(List.of(), Info.flag(Keys.COLLECT_DATA));
                    System.out.println("FENCED");
                }
                case "other-namespace" -> {
                    Proc other = Proc.wildcard(args[1]);
                    System.out.println("other_size=" + c.get(other, Keys.JOB_SIZE));
                }
                case "wait-stdin" -> {
                    System.out.println("READY");
                    System.out.flush();
                    new BufferedReader(new InputStreamReader(System.in)).readLine();
                    long t0 = System.nanoTime();
                    try {
                        c.fence(List.of());
                        System.out.println("FENCED");
                    } catch (PmixException e) {
                        System.out.println("FENCE " + e.statusName() + " after " + (System.nanoTime() - t0) / 1_000_000 + " ms");
                    }
                    try {
                        c.get(new Proc(me.namespace(), 0), "nothing");
                    } catch (PmixException e) {
                        System.out.println("GET " + e.statusName());
                    }
                }
                case "get-remote" -> {
                    System.out.println("remote ep=" + c.get(new Proc(me.namespace(), 2), "ep").asString());
                    try {
                        c.get(new Proc(me.namespace(), 3), "ep", Info.flag(Keys.IMMEDIATE));
                        System.out.println("IMMEDIATE found");
                    } catch (PmixException e) {
                        System.out.println("IMMEDIATE " + e.statusName());
                    }
                    long t0 = System.nanoTime();
                    try {
                        c.get(new Proc(me.namespace(), 3), "ep", Info.of(Keys.TIMEOUT, 1));
                        System.out.println("SLOW found");
                    } catch (PmixException e) {
                        System.out.println("SLOW " + e.statusName() + " after " + (System.nanoTime() - t0) / 1_000_000 + " ms");
                    }
                    System.out.println("remote nodeid=" + c.get(new Proc(me.namespace(), 3), Keys.NODEID)
                            + " hostname=" + c.get(new Proc(me.namespace(), 3), Keys.HOSTNAME));
                    try {
                        c.get(new Proc(me.namespace(), 2), Keys.NODEID.name(), Info.flag(Keys.IMMEDIATE));
                    } catch (PmixException e) {
                        System.out.println("unexpected " + e.statusName());
                    }
                    try {
                        String s = c.get(new Proc(me.namespace(), 2), new io.github.jpmix.common.Key<>("ep", io.github.jpmix.common.DataType.UINT32, Integer.class)).toString();
                        System.out.println("TYPED " + s);
                    } catch (PmixException e) {
                        System.out.println("TYPED " + e.statusName());
                    }
                }
                case "exit-no-finalize" -> {
                    System.out.println("READY");
                    System.out.flush();
                    System.exit(Integer.parseInt(args[1])); // the connection drops without PMIx_Finalize
                }
                case "query" -> QueryScenarios.query(c);
                case "log" -> QueryScenarios.log(c);
                case "launcher-ps" -> QueryScenarios.launcherPs(c);
                case "sleep" -> {
                    System.out.println("READY");
                    System.out.flush();
                    Thread.sleep(600_000);
                }
                default -> throw new IllegalArgumentException("unknown scenario " + scenario);
            }
        }
    }
}
