package io.github.jpmix.gds;

import io.github.jpmix.common.Keys;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.JvmFlags;
import io.github.jpmix.testing.Child;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A reader in another JVM, started by the multi-process tests ({@link #start}). It attaches to a
 * Chronicle store the way a client does and reports on stdout, one line per fact:
 * <ul>
 *   <li>{@code read <dir> <host> <gen> <ns> <rank> <key>...}: prints {@code key=value} for each job/proc
 *       key of the rank and {@code modex:key=value} for each {@code modex:} key, then {@code done};</li>
 *   <li>{@code loop <dir> <host> <gen> <ns> <key>}: prints {@code looping}, then reads the job key and the
 *       modex keys {@code seq} and {@code blob} of rank 0 for ever (until killed);</li>
 *   <li>{@code watch <dir> <host> <ns> <procs> <keys>}: waits for the namespace to appear, then checks
 *       every proc has every key, and prints {@code complete <checks>} or {@code torn <what>}.</li>
 * </ul>
 */
public final class ChildReader {
    private ChildReader() {
    }

    public static void main(String[] args) throws Exception {
        JvmFlags.disableChronicleAnalytics();
        Map<String, String> info = new HashMap<>();
        info.put(Gds.KIND, Gds.KIND_MAPPED);
        info.put(Gds.DIR, args[1]);
        info.put(Gds.HOST, args[2]);
        switch (args[0]) {
            case "read" -> read(info, args);
            case "loop" -> loop(info, args);
            case "watch" -> watch(info, args);
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    private static void read(Map<String, String> info, String[] args) {
        info.put(Gds.MODEX, args[3]);
        long t0 = System.nanoTime();
        try (GdsReader r = Gds.attach(info, args[4])) {
            System.out.println("attach-ms=" + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0));
            Proc p = new Proc(args[4], Integer.parseInt(args[5]));
            for (int i = 6; i < args.length; i++) {
                String k = args[i];
                Value v = k.startsWith("modex:") ? r.modex(p, k.substring(6)) : r.get(p, k, List.of(), p);
                System.out.println(k + "=" + v);
            }
            System.out.println("done");
        }
    }

    private static void loop(Map<String, String> info, String[] args) {
        info.put(Gds.MODEX, args[3]);
        GdsReader r = Gds.attach(info, args[4]);
        Proc wild = Proc.wildcard(args[4]);
        Proc zero = new Proc(args[4], 0);
        String key = args[5];
        System.out.println("looping");
        System.out.flush();
        long n = 0;
        while (true) {
            if (r.get(wild, key, List.of(), zero) == null || r.modex(zero, "seq") == null
                    || r.modex(zero, "blob") == null) {
                System.out.println("missing after " + n);
            }
            n++;
        }
    }

    private static void watch(Map<String, String> info, String[] args) throws IOException {
        GdsReader r = Gds.attach(info, null);
        String ns = args[3];
        int procs = Integer.parseInt(args[4]);
        int keys = Integer.parseInt(args[5]);
        System.out.println("watching");
        System.out.flush();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        long attempts = 0;
        while (!r.attachNamespace(ns)) {
            attempts++;
            if (System.nanoTime() > deadline) {
                System.out.println("never-appeared");
                return;
            }
        }
        List<String> missing = new ArrayList<>();
        int checks = 0;
        for (int rank = 0; rank < procs; rank++) {
            Proc p = new Proc(ns, rank);
            for (int k = 0; k < keys; k++) {
                Value v = r.get(p, "acme.k" + k, List.of(), p);
                checks++;
                if (v == null || v.asInt() != rank * 1000 + k) {
                    missing.add(p + "/acme.k" + k + "=" + v);
                }
            }
        }
        // registered last: proof the tail of the file is there too
        if (r.get(Proc.wildcard(ns), Keys.JOBID.name(), List.of(), null) == null) {
            missing.add("jobid");
        }
        System.out.println(missing.isEmpty() ? "complete " + checks + " after " + attempts + " polls"
                : "torn " + missing.size() + " " + missing.subList(0, Math.min(5, missing.size())));
        r.close();
    }

    /** Starts this main in a child JVM with the project's JVM flags and this JVM's class path; stderr joins stdout. */
    static Child start(Path workDir, String... args) throws IOException {
        // a short-lived reader: C1 only starts (and runs Chronicle's run-time javac) faster
        List<String> cmd = Child.command(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"),
                ChildReader.class.getName(), args);
        return Child.start(new ProcessBuilder(cmd).directory(workDir.toFile()).redirectErrorStream(true));
    }
}
