package io.github.jpmix.server;

import io.github.jpmix.common.Info;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Registers one job of J processes with a server in this JVM, for {@link RegistrationHeapTest}: this
 * node runs N of them, the other ranks sit in blocks of 16 on simulated nodes (J = 10^6: 62,500 nodes).
 * Prints, in MB of heap used after a full GC, {@code baseline} (server started), {@code with-info}
 * (the host's wireup information built), {@code retained} (registered, the information dropped), and
 * {@code register-ms}: the {@code registerNamespace} call, the first of a fresh JVM (Chronicle's
 * start-up included).
 *
 * <pre>RegistrationHeapChild J N</pre>
 */
public final class RegistrationHeapChild {
    private RegistrationHeapChild() {
    }

    public static void main(String[] args) throws Exception {
        int jobSize = Integer.parseInt(args[0]);
        int local = Integer.parseInt(args[1]);
        Path tmp = Files.createTempDirectory("jpmix-reg-heap");
        try {
            measure(tmp, jobSize, local);
        } finally {
            // the server removes what it made in it; the directory itself is this process's
            Files.deleteIfExists(tmp);
        }
    }

    private static void measure(Path tmp, int jobSize, int local) throws Exception {
        try (PmixServer server = PmixServer.start(new ServerOptions().serverTmpdir(tmp).systemTmpdir(tmp),
                new HostModule() { })) {
            double baseline = usedAfterGc();
            List<Info> info = wireup("big", jobSize, local, server.hostname());
            double withInfo = usedAfterGc();
            long t0 = System.nanoTime();
            server.registerNamespace("big", local, info);
            long t1 = System.nanoTime();
            info = null;
            double retained = usedAfterGc();
            System.out.printf("baseline %.1f with-info %.1f retained %.1f register-ms %.1f%n",
                    baseline, withInfo, retained, (t1 - t0) / 1e6);
            server.deregisterNamespace("big");
        }
    }

    static List<Info> wireup(String nspace, int jobSize, int local, String host) {
        WireupInfo w = WireupInfo.of(nspace);
        int[] mine = new int[local];
        for (int r = 0; r < local; r++) {
            mine[r] = r;
        }
        w.node(host, mine);
        for (int first = local, node = 1; first < jobSize; first += 16, node++) {
            int[] block = new int[Math.min(16, jobSize - first)];
            for (int i = 0; i < block.length; i++) {
                block[i] = first + i;
            }
            w.node(String.format("sim%07d", node), block);
        }
        return w.build(host);
    }

    private static double usedAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() / 1e6;
    }
}
