package io.github.jpmix.gds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Value;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The memory bound: a job of 10^4, 10^5 and 10^6 processes (100 per node) with full data for its 100
 * local processes costs memory in proportion to its nodes and local processes, not to the job; a
 * client's attach costs the same for all three.
 *
 * <p>Two measures: the store's own structures (ranges in the layout, entries in the job file), which
 * are exact, and the retained heap after full GCs, which is bounded generously: at most 2 KiB per node
 * and 8 KiB per local process plus 4 MiB, and under 8 bytes per process of the job for the largest
 * one (any per-process object would cost more than that). Figures are printed, times not asserted.
 */
class ScaleTest {
    private static final int PPN = 100;

    @TempDir
    Path dir;

    private static long retainedHeap() {
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 4; i++) {
            System.gc();
            used = Math.min(used, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        }
        return used;
    }

    @Test
    void shouldCostMemoryInProportionToNodesAndLocalProcessesNotToTheJob() {
        StringBuilder table = new StringBuilder(String.format("%n%10s %6s %10s %10s %12s %12s %12s %12s%n",
                "procs", "nodes", "parse ms", "write ms", "heap store", "chron store", "client att.",
                "client+lay."));
        warmUp();
        long jobEntries = -1;
        for (int nodes : new int[] {100, 1_000, 10_000}) {
            long procs = (long) nodes * PPN;
            String ns = "big" + nodes;
            List<Info> infos = Jobs.big(nodes, PPN);

            long t0 = System.nanoTime();
            Registration reg = Registration.parse(ns, PPN, infos);
            long parseMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            assertEquals(nodes, reg.layout().orElseThrow().rangeCount(), "one range per node, none per rank");

            // the heap store keeps everything on the heap: the worst case
            long base = retainedHeap();
            GdsStore heap = Gds.heapStore("nid00001");
            heap.register(reg);
            touch(heap.reader(), ns, procs);
            long heapStore = retainedHeap() - base;
            heap.close();

            // the Chronicle store: the server's heap holds views and the layout once used
            base = retainedHeap();
            GdsStore chron = Gds.mappedStore(dir.resolve(ns), "nid00001");
            t0 = System.nanoTime();
            chron.register(reg);
            long writeMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            touch(chron.reader(), ns, procs);
            long chronStore = retainedHeap() - base;

            // a client: attaching reads the descriptor only; the layout is built on its first remote lookup
            long before = retainedHeap();
            GdsReader client = Gds.attach(chron.attachInfo(), ns);
            assertEquals(Value.ofUint32((int) procs), client.get(Proc.wildcard(ns), Keys.JOB_SIZE.name(), List.of(), null));
            long attach = retainedHeap() - before;
            touch(client, ns, procs);
            long withLayout = retainedHeap() - before;

            Mapping m = Mapping.open(StoreFiles.jobFile(dir.resolve(ns), ns));
            long entries = m.size();
            m.retire();
            if (jobEntries >= 0) {
                assertEquals(jobEntries, entries, "the job file holds the same entries for every job size");
            }
            jobEntries = entries;
            client.close();
            chron.close();

            table.append(String.format("%10d %6d %10d %10d %12s %12s %12s %12s%n", procs, nodes, parseMs, writeMs,
                    kib(heapStore), kib(chronStore), kib(attach), kib(withLayout)));
            long bound = 2048L * nodes + 8192L * PPN + (4L << 20);
            assertTrue(heapStore < bound, "heap store retains " + heapStore + " B for " + procs + " procs");
            assertTrue(chronStore < bound, "chronicle store retains " + chronStore + " B for " + procs + " procs");
            assertTrue(withLayout < bound, "client retains " + withLayout + " B for " + procs + " procs");
            assertTrue(attach < (1L << 20), "client attach retains " + attach + " B for " + procs + " procs");
            if (procs == 1_000_000) {
                assertTrue(heapStore < 8 * procs && chronStore < 8 * procs && withLayout < 8 * procs, table.toString());
            }
        }
        System.out.println("job entries per file: " + jobEntries + table);
    }

    /** Chronicle's one-time statics (its classes, its run-time compiled code) are not the job's. */
    private void warmUp() {
        for (int i = 0; i < 2; i++) {
            String ns = "warm" + i;
            try (GdsStore s = Gds.mappedStore(dir.resolve(ns), "nid00001"); GdsStore h = Gds.heapStore("nid00001")) {
                Registration reg = Registration.parse(ns, PPN, Jobs.big(10, PPN));
                s.register(reg);
                h.register(reg);
                touch(s.reader(), ns, 10 * PPN);
                touch(h.reader(), ns, 10 * PPN);
                try (GdsReader c = Gds.attach(s.attachInfo(), ns)) {
                    touch(c, ns, 10 * PPN);
                }
            }
        }
    }

    private static String kib(long bytes) {
        return (bytes / 1024) + " KiB";
    }

    /** Reads a local fact, a remote derived fact and the node list, so every lazy structure is built. */
    private static void touch(GdsReader r, String ns, long procs) {
        Proc me = new Proc(ns, PPN);
        assertEquals(Value.ofString("hwloc:0x" + Integer.toHexString(PPN)), r.get(me, Keys.CPUSET.name(), List.of(), me));
        Proc last = new Proc(ns, (int) procs - 1);
        assertEquals(Value.ofUint32((int) (procs / PPN - 1)), r.get(last, Keys.NODEID.name(), List.of(), me));
        assertEquals(Value.ofUint16(PPN - 1), r.get(last, Keys.LOCAL_RANK.name(), List.of(), me));
    }
}
