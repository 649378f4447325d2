package io.github.jpmix.gds;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.JvmFlags;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Timing of the store's hot paths and of registration, as a plain program (no JMH: the benchmarks
 * module does not depend on pmix-gds yet). Run it with the project's JVM flags:
 * <pre>
 *   java $(cat pmix-common/target/classes/META-INF/jpmix/jvm.flags) -cp &lt;test class path&gt; \
 *       io.github.jpmix.gds.GdsBenchmark [millions of lookups per measurement, default 2]
 * </pre>
 * It prints, for a client reader attached to a Chronicle store holding a 1,000,000-process job (10,000
 * nodes x 100, 100 local processes with full data) and a modex generation of 100,000 processes: ns and
 * bytes allocated per {@code get} of a job key, of a local process's stored key, of a remote process's
 * derived {@code PMIX_NODEID}, and per {@code modex} read of a peer's posted key; then the time to parse
 * and register jobs of 10^4, 10^5 and 10^6 processes, and to publish the modex generation.
 */
public final class GdsBenchmark {
    private static final int PPN = 100;

    private GdsBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        JvmFlags.disableChronicleAnalytics();
        int millions = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        Path dir = Files.createTempDirectory("gds-bench");
        try (GdsStore store = Gds.mappedStore(dir.resolve("session"), "nid00001")) {
            System.out.println("registration (parse + write the job file + map it in the server's reader):");
            for (int nodes : new int[] {100, 1_000, 10_000}) {
                long[] ms = new long[5];
                for (int i = 0; i < ms.length; i++) {
                    String ns = "reg" + nodes + "-" + i;
                    List<Info> infos = Jobs.big(nodes, PPN);
                    long t0 = System.nanoTime();
                    store.register(Registration.parse(ns, PPN, infos));
                    ms[i] = (System.nanoTime() - t0) / 1_000;
                    store.deregister(ns);
                }
                Arrays.sort(ms);
                System.out.printf("  %,9d procs (%,6d nodes): median %,8d us  min %,8d us%n", nodes * PPN, nodes,
                        ms[ms.length / 2], ms[0]);
            }

            String ns = "job";
            store.register(Registration.parse(ns, PPN, Jobs.big(10_000, PPN)));
            Map<Proc, Map<String, Value>> posted = new HashMap<>();
            for (int r = 0; r < 1_000_000; r += 10) {
                posted.put(new Proc(ns, r), Map.of("btl.addr", Value.ofString("tcp://10.0." + (r >> 8 & 255) + "." + (r & 255)),
                        "btl.port", Value.ofInt(r)));
            }
            long t0 = System.nanoTime();
            long gen = store.publishModex(posted);
            System.out.printf("modex publish of 100,000 procs x 2 keys: %,d ms%n", (System.nanoTime() - t0) / 1_000_000);

            try (GdsReader client = Gds.attach(store.attachInfo(), ns)) {
                Proc me = new Proc(ns, PPN);
                Proc wild = Proc.wildcard(ns);
                Proc remote = new Proc(ns, 999_999);
                Proc peer = new Proc(ns, 500_000);
                List<Info> none = List.of();
                String jobSize = Keys.JOB_SIZE.name();
                String cpuset = Keys.CPUSET.name();
                String nodeId = Keys.NODEID.name();
                check(client.get(remote, nodeId, none, me), Value.ofUint32(9_999));
                check(client.modex(peer, "btl.port"), Value.ofInt(500_000));
                System.out.println("lookups by a client reader (gen " + gen + "), " + millions + "M per round:");
                measure("get job key PMIX_JOB_SIZE", millions, () -> client.get(wild, jobSize, none, me));
                measure("get local proc key PMIX_CPUSET", millions, () -> client.get(me, cpuset, none, me));
                measure("get remote PMIX_NODEID (derived)", millions, () -> client.get(remote, nodeId, none, me));
                measure("modex peer key btl.port", millions, () -> client.modex(peer, "btl.port"));
            }
        } finally {
            try (var s = Files.walk(dir)) {
                s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static void check(Value got, Value expected) {
        if (!expected.equals(got)) {
            throw new AssertionError("expected " + expected + ", got " + got);
        }
    }

    @SuppressWarnings("restriction")
    private static void measure(String what, int millions, Supplier<Value> op) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        int n = millions * 1_000_000;
        List<Double> nsPerOp = new ArrayList<>();
        double bytes = 0;
        Object sink = null;
        for (int round = 0; round < 5; round++) {
            long a0 = threads.getThreadAllocatedBytes(tid);
            long t0 = System.nanoTime();
            for (int i = 0; i < n; i++) {
                sink = op.get();
            }
            long t = System.nanoTime() - t0;
            bytes = (threads.getThreadAllocatedBytes(tid) - a0) / (double) n;
            nsPerOp.add(t / (double) n);
        }
        List<Double> measured = nsPerOp.subList(2, nsPerOp.size()); // two rounds of warm-up
        double best = measured.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double mean = measured.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        System.out.printf("  %-36s best %7.1f ns/op  mean %7.1f ns/op  %6.1f B/op allocated  (%s)%n", what, best, mean,
                bytes, sink);
    }
}
