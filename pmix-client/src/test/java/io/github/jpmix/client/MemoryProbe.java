package io.github.jpmix.client;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Scope;
import io.github.jpmix.common.Value;
import io.github.jpmix.testing.Child;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Measures a server's memory under one client's abuse (not a test: run by hand, figures in the
 * hardening notes). {@code MemoryProbe keys <n> [maxKeys]}: the client posts n keys (commits of
 * 10,000); {@code MemoryProbe gets <n> [maxGets]}: it parks n gets of a key nobody posts. The server
 * runs in this JVM; its RSS and heap are printed before and after, each after a full GC.
 */
public final class MemoryProbe {
    private MemoryProbe() {
    }

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "keys", "gets" -> serve(args);
            case "client-keys" -> clientKeys(Integer.parseInt(args[1]));
            case "client-gets" -> clientGets(Integer.parseInt(args[1]));
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    private static void serve(String[] args) throws Exception {
        Path dir = Files.createTempDirectory("jpmix-probe");
        int n = Integer.parseInt(args[1]);
        TestHost host = args.length > 2 ? limited(dir, args[0], Integer.parseInt(args[2])) : new TestHost(dir);
        try {
            host.job("m", 2);
            // rank 1 is registered but never starts: gets of its data wait
            host.server.registerClient(new Proc("m", 1), io.github.jpmix.common.internal.transport.PeerCredentials.currentUid(),
                    io.github.jpmix.common.internal.transport.PeerCredentials.currentGid());
            String[] before = figures();
            Child c = host.launch(new Proc("m", 0), List.of("-XX:+UseSerialGC", "-Xmx2g"), MemoryProbe.class,
                    args[0].equals("keys") ? "client-keys" : "client-gets", Integer.toString(n));
            String done = c.await("DONE", 600_000).text();
            Thread.sleep(2_000);
            String[] after = figures();
            System.out.println(args[0] + " " + n + ": " + done + "; server RSS " + before[0] + " -> " + after[0]
                    + " MB, heap used " + before[1] + " -> " + after[1] + " MB");
            c.close();
        } finally {
            host.close();
        }
    }

    private static TestHost limited(Path dir, String what, int max) {
        return new TestHost(dir, o -> what.equals("keys") ? o.maxPostedKeysPerClient(max) : o.maxParkedGetsPerClient(max));
    }

    private static String[] figures() throws Exception {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(200);
        }
        long heap = Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory();
        long rssKb = 0;
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                rssKb = Long.parseLong(line.replaceAll("\\D", ""));
            }
        }
        return new String[] {Long.toString(rssKb >> 10), Long.toString(heap >> 20)};
    }

    private static void clientKeys(int n) throws Exception {
        try (PmixClient c = PmixClient.init()) {
            int posted = 0;
            String outcome = "all taken";
            try {
                while (posted < n) {
                    int batch = Math.min(10_000, n - posted);
                    for (int i = 0; i < batch; i++) {
                        c.put(Scope.GLOBAL, "key-" + (posted + i), Value.ofInt64(posted + i));
                    }
                    c.commit();
                    posted += batch;
                }
            } catch (PmixException e) {
                outcome = e.statusName() + " " + e.getMessage();
            }
            c.fence(List.of(c.proc()), Info.flag(Keys.COLLECT_DATA));
            System.out.println("DONE " + posted + " keys posted (" + outcome + ")");
            new BufferedReader(new InputStreamReader(System.in)).readLine();
        }
    }

    private static void clientGets(int n) throws Exception {
        try (PmixClient c = PmixClient.init()) {
            Proc silent = new Proc("m", 1); // registered, never started: its gets wait
            List<CompletableFuture<Value>> parked = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                parked.add(c.getAsync(silent, "never", Info.of(Keys.TIMEOUT, 3600)));
            }
            c.fence(List.of(c.proc())); // every get is at the server by now (one ring, in order)
            long refused = parked.stream().filter(CompletableFuture::isCompletedExceptionally).count();
            System.out.println("DONE " + (n - refused) + " gets parked, " + refused + " refused");
            new BufferedReader(new InputStreamReader(System.in)).readLine();
        }
    }
}
