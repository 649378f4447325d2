package io.github.jpmix.client;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Scope;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.transport.PeerCredentials;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The main of the client JVMs the fault tests fork ({@code FaultTest}, {@code StressTest}), one
 * scenario per run, chosen by the first argument. Each prints what it observes, one fact per line,
 * for the test to await and time; an unexpected {@link PmixException} prints as
 * {@code ERROR <status name> <message>} and exits 3.
 *
 * <p>Unlike {@link ClientScenarios}, a scenario that ends normally returns from {@code main}
 * without {@code System.exit}: the JVM must then end by itself (no JPMIx thread keeps it alive),
 * which is part of what "a client that returns from main" checks.
 */
public final class FaultScenarios {
    private FaultScenarios() {
    }

    public static void main(String[] args) throws Exception {
        try {
            run(args);
        } catch (PmixException e) {
            System.out.println("ERROR " + e.statusName() + " " + e.getMessage());
            System.exit(3);
        }
    }

    private static void run(String[] args) throws Exception {
        BufferedReader stdin = new BufferedReader(new InputStreamReader(System.in));
        switch (args[0]) {
            case "fence" -> {
                // put, commit, then a fence with data collection; arguments: "now" or "late" (wait for
                // a line on stdin first), then the participants' ranks (default: the whole namespace).
                // The fence's outcome is printed, not thrown.
                try (PmixClient c = PmixClient.init()) {
                    List<Proc> procs = new ArrayList<>();
                    if (args.length > 2) {
                        for (String r : args[2].split(",")) {
                            procs.add(new Proc(c.proc().namespace(), Integer.parseInt(r)));
                        }
                    }
                    c.put(Scope.GLOBAL, "ep", Value.ofString("endpoint-of-" + c.proc().rank()));
                    c.commit();
                    if (args[1].equals("late")) {
                        System.out.println("READY");
                        stdin.readLine();
                    }
                    System.out.println("FENCING");
                    fence(c, procs);
                }
                System.out.println("DONE");
            }
            case "host" -> {
                // a server in its own JVM (arguments: tmpdir, namespace, size): registers the job and
                // its clients, prints each rank's environment as "ENV <rank> <name>=<value>" lines,
                // then "SERVING", and serves until killed
                TestHost host = new TestHost(Path.of(args[1]));
                String nspace = args[2];
                int size = Integer.parseInt(args[3]);
                host.job(nspace, size);
                for (int r = 0; r < size; r++) {
                    Proc p = new Proc(nspace, r);
                    host.server.registerClient(p, PeerCredentials.currentUid(), PeerCredentials.currentGid());
                    for (Map.Entry<String, String> e : host.server.setupFork(p).entrySet()) {
                        System.out.println("ENV " + r + " " + e.getKey() + "=" + e.getValue());
                    }
                }
                System.out.println("SERVING");
                Thread.sleep(600_000);
            }
            case "read-loop" -> {
                // fences once with everybody, then reads the mapped store in a tight loop until killed,
                // saying every 2^16 rounds how far it got
                try (PmixClient c = PmixClient.init()) {
                    Proc me = c.proc();
                    c.put(Scope.GLOBAL, "ep", Value.ofString("v1-" + me.rank()));
                    c.commit();
                    c.fence(List.of(), Info.flag(Keys.COLLECT_DATA));
                    Proc peer = new Proc(me.namespace(), 0);
                    Proc job = Proc.wildcard(me.namespace());
                    for (long n = 1; ; n++) {
                        if (!c.get(peer, "ep").asString().equals("v1-0") || c.get(job, Keys.JOB_SIZE) != 3) {
                            throw new AssertionError("read-loop read wrong data");
                        }
                        if ((n & 0xFFFF) == 0) {
                            System.out.println("READS " + n);
                        }
                    }
                }
            }
            case "two-fences" -> {
                // ranks 0 and 1 of a 3-rank job whose rank 2 runs "read-loop": fence with everybody,
                // then (after a line on stdin) re-post, fence again as a pair and read back in a loop
                try (PmixClient c = PmixClient.init()) {
                    Proc me = c.proc();
                    c.put(Scope.GLOBAL, "ep", Value.ofString("v1-" + me.rank()));
                    c.commit();
                    c.fence(List.of(), Info.flag(Keys.COLLECT_DATA));
                    System.out.println("READY");
                    stdin.readLine();
                    // re-posted in a later epoch: the newest value must win
                    c.put(Scope.GLOBAL, "ep", Value.ofString("v2-" + me.rank()));
                    c.commit();
                    List<Proc> pair = List.of(new Proc(me.namespace(), 0), new Proc(me.namespace(), 1));
                    long t0 = System.nanoTime();
                    c.fence(pair, Info.flag(Keys.COLLECT_DATA));
                    System.out.println("FENCED after " + ms(t0) + " ms");
                    Proc job = Proc.wildcard(me.namespace());
                    t0 = System.nanoTime();
                    for (int n = 0; n < 100_000; n++) {
                        for (Proc p : pair) {
                            if (!c.get(p, "ep").asString().equals("v2-" + p.rank()) || c.get(job, Keys.JOB_SIZE) != 3) {
                                throw new AssertionError("read " + c.get(p, "ep") + " for " + p);
                            }
                        }
                    }
                    System.out.println("READ 400000 values after " + ms(t0) + " ms");
                    for (Proc p : pair) {
                        System.out.println("ep " + p.rank() + "=" + c.get(p, "ep").asString());
                    }
                    System.out.println("reader ep=" + c.get(new Proc(me.namespace(), 2), "ep").asString());
                }
            }
            case "sleep" -> {
                try (PmixClient c = PmixClient.init()) {
                    System.out.println("READY " + c.proc() + " pid " + ProcessHandle.current().pid());
                    Thread.sleep(600_000);
                }
            }
            case "exit-without-finalize", "return-without-finalize" -> {
                PmixClient c = PmixClient.init();
                c.put(Scope.GLOBAL, "ep", Value.ofString("endpoint-of-" + c.proc().rank()));
                c.commit();
                System.out.println("READY");
                stdin.readLine();
                if (args[0].startsWith("exit")) {
                    System.exit(0); // no finalize: the host must see PMIX_PROC_STATE_TERM_WO_SYNC
                }
                System.out.println("RETURNING"); // from main, with the client open and never finalized
            }
            case "get-blocked" -> {
                // a get that the server holds: the target (argument: its rank) is local and never commits
                try (PmixClient c = PmixClient.init()) {
                    Proc target = new Proc(c.proc().namespace(), Integer.parseInt(args[1]));
                    System.out.println("GETTING");
                    long t0 = System.nanoTime();
                    try {
                        System.out.println("GOT " + c.get(target, "ep"));
                    } catch (PmixException e) {
                        System.out.println("GET " + e.statusName() + " after " + ms(t0) + " ms");
                    }
                }
            }
            case "server-get-loop" -> {
                // gets the server answers (a peer committed without the key: PMIX_ERR_NOT_FOUND), in a loop
                try (PmixClient c = PmixClient.init()) {
                    c.commit();
                    Proc peer = new Proc(c.proc().namespace(), Integer.parseInt(args[1]));
                    long n = 0;
                    while (true) {
                        try {
                            c.get(peer, "nothing");
                            System.out.println("UNEXPECTED found");
                            return;
                        } catch (PmixException e) {
                            if (!e.statusName().equals("PMIX_ERR_NOT_FOUND")) {
                                System.out.println("LOOP " + e.statusName() + " after " + n + " gets");
                                return;
                            }
                        }
                        if (++n == 100) {
                            System.out.println("LOOPING");
                        }
                    }
                }
            }
            case "survivor" -> survivor(stdin);
            case "launched" -> launched(args);
            default -> throw new IllegalArgumentException("unknown scenario " + args[0]);
        }
    }

    private static void fence(PmixClient c, List<Proc> procs) {
        long t0 = System.nanoTime();
        try {
            c.fence(procs, Info.flag(Keys.COLLECT_DATA));
            System.out.println("FENCED after " + ms(t0) + " ms");
        } catch (PmixException e) {
            System.out.println("FENCE " + e.statusName() + " after " + ms(t0) + " ms: " + e.getMessage());
        }
    }

    /**
     * A long-lived process that is a client of one job after another (StressTest): stdin commands
     * {@code ENV k=v} (the next client's environment, one variable per line), {@code INIT} (connect,
     * put, commit), {@code FENCE}, {@code WIRE} (a fence with data collection, then a get of every
     * rank's {@code ep}, each checked: {@code WIRED} or {@code WIRE <status> <message>}), {@code CLOSE}
     * (finalize). Each answers with one line.
     */
    private static void survivor(BufferedReader stdin) throws Exception {
        Map<String, String> env = new HashMap<>();
        PmixClient c = null;
        String line;
        while ((line = stdin.readLine()) != null) {
            if (line.startsWith("ENV ")) {
                int eq = line.indexOf('=');
                env.put(line.substring(4, eq), line.substring(eq + 1));
            } else if (line.equals("INIT")) {
                c = PmixClient.init(env);
                env = new HashMap<>();
                c.put(Scope.GLOBAL, "ep", Value.ofString("endpoint-of-" + c.proc().rank()));
                c.commit();
                System.out.println("INITED " + c.proc());
            } else if (line.equals("FENCE")) {
                System.out.println("FENCING");
                fence(c, List.of());
            } else if (line.equals("WIRE")) {
                System.out.println(wire(c));
            } else if (line.equals("CLOSE")) {
                c.close();
                c = null;
                System.out.println("CLOSED");
            }
        }
    }

    /** A modex round of a survivor: fence with data collection, then every rank's {@code ep}, checked. */
    private static String wire(PmixClient c) {
        try {
            c.fence(List.of(), Info.flag(Keys.COLLECT_DATA));
            int size = c.get(Proc.wildcard(c.proc().namespace()), Keys.JOB_SIZE).intValue();
            for (int r = 0; r < size; r++) {
                String ep = c.get(new Proc(c.proc().namespace(), r), "ep").asString();
                if (!ep.equals("endpoint-of-" + r)) {
                    return "WIRE PMIX_ERROR rank " + r + " posted '" + ep + "'";
                }
            }
            return "WIRED";
        } catch (PmixException e) {
            return "WIRE " + e.statusName() + " " + e.getMessage();
        }
    }

    /**
     * A process of a job started by pmixrun (FaultTest's launcher test): every rank wires up (put,
     * commit, fence with data), prints {@code PID <rank> <pid>}, then the rank named by the first
     * argument does what the second says ({@code sleep}: wait to be killed; {@code exit5}: exit
     * with status 5 without finalizing), rank 0 enters a second fence (which the victim never joins),
     * and the others sleep: only the launcher can end them.
     */
    private static void launched(String[] args) throws Exception {
        int victim = Integer.parseInt(args[1]);
        PmixClient c = PmixClient.init();
        int rank = c.proc().rank();
        c.put(Scope.GLOBAL, "ep", Value.ofString("endpoint-of-" + rank));
        c.commit();
        c.fence(List.of(), Info.flag(Keys.COLLECT_DATA));
        System.out.println("PID " + rank + " " + ProcessHandle.current().pid());
        System.out.flush();
        if (rank == victim) {
            if (args[2].equals("exit5")) {
                Thread.sleep(300);
                System.exit(5);
            }
            Thread.sleep(600_000);
        } else if (rank == 0) {
            fence(c, List.of());
            c.close();
            System.exit(3); // a job whose fence failed does not go on
        } else {
            Thread.sleep(600_000);
        }
    }

    private static long ms(long t0) {
        return (System.nanoTime() - t0) / 1_000_000;
    }
}
