package io.github.jpmix.tool.cli;

import io.github.jpmix.client.PmixClient;
import io.github.jpmix.common.App;
import io.github.jpmix.common.DataRange;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PData;
import io.github.jpmix.common.Persistence;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Scope;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.JvmFlags;
import java.util.ArrayList;
import java.util.List;

/**
 * A job process for {@code DynamicLaunchTest}, run by {@code pmixrun}. Prints one line per fact checked
 * ({@code rank R: ...}); a failed check prints {@code FAIL} and exits 3.
 *
 * <ul>
 *   <li>{@code lookup} (2 ranks): rank 1 publishes that it is about to wait, then looks up a key with
 *       {@code PMIX_WAIT}; rank 0 waits for that, sleeps 2 s and publishes the key. Then: a waiting lookup
 *       with {@code PMIX_TIMEOUT} 2 times out, a lookup without wait of a missing key is not found, a
 *       first-read value is read once, a duplicate publish is refused, a namespace-range value is seen by
 *       its own job, and an unpublished key is gone.
 *   <li>{@code parent} (2 ranks) / {@code child}: rank 0 publishes a greeting and spawns 3 children of
 *       this class (and 2 of a shell that prints a line each; spawning a missing program fails, and so
 *       does spawning into a missing working directory); every
 *       parent rank connects with the children's namespace, posts, fences with them
 *       (collecting data) and reads each child's posted value; each child reads {@code PMIX_PARENT_ID} and
 *       the greeting (a lookup), connects, posts, fences and reads each parent rank's value; both disconnect.
 * </ul>
 *
 * <p>A second argument {@code openpmix} makes the processes speak OpenPMIx's protocol to the server's
 * OpenPMIx front instead of JPMIx's transport (the spawned children too).
 */
public final class DynamicJobClient {
    private DynamicJobClient() {
    }

    public static void main(String[] args) throws Exception {
        JvmFlags.disableChronicleAnalytics();
        // a second word "openpmix": speak OpenPMIx's protocol to the server's OpenPMIx front
        boolean openpmix = args.length > 1 && args[1].equals("openpmix");
        java.util.Map<String, String> env = new java.util.HashMap<>(System.getenv());
        if (openpmix) {
            env.remove("PMIX_SERVER_URI");
        }
        try (PmixClient client = PmixClient.init(env)) {
            switch (args[0]) {
                case "lookup" -> lookup(client);
                case "parent" -> parent(client, openpmix);
                case "child" -> child(client);
                default -> throw new IllegalArgumentException(args[0]);
            }
        }
    }

    private static void lookup(PmixClient client) throws Exception {
        int rank = client.proc().rank();
        Info wait = Info.of(Keys.WAIT.name(), Value.ofBool(true));
        if (rank == 0) {
            client.lookup(List.of("dyn.waiting"), wait, Info.of(Keys.TIMEOUT, 120));
            Thread.sleep(2000);
            client.publish(List.of(Info.of("dyn.once", Value.ofString("once"))),
                    Info.of(Keys.PERSISTENCE.name(), Value.of(io.github.jpmix.common.DataType.PERSIST, Persistence.FIRST_READ)));
            client.publish(List.of(Info.of("dyn.ns", Value.ofString("mine"))),
                    Info.of(Keys.RANGE.name(), Value.of(io.github.jpmix.common.DataType.DATA_RANGE, DataRange.NAMESPACE)));
            client.publish(List.of(Info.of("dyn.key", Value.ofString("published by 0"))));
            expect(rank, "duplicate", Status.ERR_DUPLICATE_KEY,
                    () -> client.publish(List.of(Info.of("dyn.key", Value.ofString("again")))));
        } else {
            client.publish(List.of(Info.of("dyn.waiting", Value.ofBool(true))));
            long t0 = System.nanoTime();
            List<PData> found = client.lookup(List.of("dyn.key"), wait, Info.of(Keys.TIMEOUT, 120));
            long waited = (System.nanoTime() - t0) / 1_000_000;
            check(found.size() == 1 && found.get(0).value().asString().equals("published by 0")
                    && found.get(0).proc().equals(new Proc(client.proc().namespace(), 0)), "lookup " + found);
            System.out.println("rank 1: found dyn.key=" + found.get(0).value().asString() + " from rank "
                    + found.get(0).proc().rank() + (waited >= 1500 ? " after waiting" : " WITHOUT WAITING " + waited + " ms"));
            long t1 = System.nanoTime();
            expect(rank, "timeout", Status.ERR_TIMEOUT,
                    () -> client.lookup(List.of("dyn.never"), wait, Info.of(Keys.TIMEOUT, 2)));
            long timedOut = (System.nanoTime() - t1) / 1_000_000;
            check(timedOut >= 1500 && timedOut < 30_000, "the timeout took " + timedOut + " ms");
            expect(rank, "missing", Status.ERR_NOT_FOUND, () -> client.lookup(List.of("dyn.missing")));
            check(client.lookup(List.of("dyn.once")).get(0).value().asString().equals("once"), "first read");
            expect(rank, "second read", Status.ERR_NOT_FOUND, () -> client.lookup(List.of("dyn.once")));
            check(client.lookup(List.of("dyn.ns", "dyn.key")).size() == 2, "two keys");
        }
        client.fence(List.of());
        if (rank == 0) {
            client.unpublish(List.of("dyn.key"));
        }
        client.fence(List.of());
        expect(rank, "unpublished", Status.ERR_NOT_FOUND, () -> client.lookup(List.of("dyn.key")));
    }

    private static void parent(PmixClient client, boolean openpmix) throws Exception {
        int rank = client.proc().rank();
        String ns = client.proc().namespace();
        Info wait = Info.of(Keys.WAIT.name(), Value.ofBool(true));
        String childNs;
        if (rank == 0) {
            client.publish(List.of(Info.of("dyn.greeting", Value.ofString("hello from " + ns))));
            String cmd = DynamicJobClient.class.getName();
            childNs = client.spawn(List.of(new App(cmd, openpmix ? List.of(cmd, "child", "openpmix") : List.of(cmd, "child"), List.of("DYN_FROM_APP=yes"), null, 3, List.of())),
                    List.of());
            client.publish(List.of(Info.of("dyn.child", Value.ofString(childNs))));
            System.out.println("rank 0: spawned " + (childNs.startsWith(ns + ".") ? "a child namespace" : childNs));
            // a native program too (no PMIx client: it only prints), and one that does not exist
            client.spawn(List.of(new App("/bin/sh", List.of("sh", "-c", "echo native child $PMIX_RANK $DYN_FROM_APP"),
                    List.of("DYN_FROM_APP=yes"), null, 2, List.of())), List.of());
            expect(rank, "spawn of a missing program", Status.ERR_BAD_PARAM, () -> client.spawn(
                    List.of(new App("/nonexistent/program", List.of("program"), List.of(), null, 1, List.of())), List.of()));
            // a program that exists, in a working directory that does not: its processes cannot be started
            expect(rank, "spawn in a missing directory", Status.ERR_JOB_FAILED_TO_LAUNCH, () -> client.spawn(
                    List.of(new App("/bin/sh", List.of("sh", "-c", "echo never"), List.of(), "/nonexistent/directory", 2,
                            List.of())), List.of()));
        } else {
            childNs = client.lookup(List.of("dyn.child"), wait, Info.of(Keys.TIMEOUT, 120)).get(0).value().asString();
        }
        List<Proc> both = List.of(Proc.wildcard(ns), Proc.wildcard(childNs));
        client.connect(both, Info.of(Keys.TIMEOUT, 120));
        client.put(Scope.GLOBAL, "dyn.parent.posted", Value.ofString("parent " + rank));
        client.commit();
        client.fence(both, Info.of(Keys.COLLECT_DATA, true), Info.of(Keys.TIMEOUT, 120));
        List<String> seen = new ArrayList<>();
        for (int c = 0; c < 3; c++) {
            seen.add(client.get(new Proc(childNs, c), "dyn.child.posted").asString());
        }
        check(seen.equals(List.of("child 0", "child 1", "child 2")), "children's values " + seen);
        System.out.println("rank " + rank + ": connected, fenced and read " + seen);
        client.disconnect(both, Info.of(Keys.TIMEOUT, 120));
    }

    private static void child(PmixClient client) throws Exception {
        int rank = client.proc().rank();
        String ns = client.proc().namespace();
        Proc parent = client.get(client.proc(), Keys.PARENT_ID);
        check("yes".equals(System.getenv("DYN_FROM_APP")), "the app's environment");
        String greeting = client.lookup(List.of("dyn.greeting"), Info.of(Keys.WAIT.name(), Value.ofBool(true)),
                Info.of(Keys.TIMEOUT, 120)).get(0).value().asString();
        check(greeting.equals("hello from " + parent.namespace()), "greeting " + greeting);
        List<Proc> both = List.of(Proc.wildcard(parent.namespace()), Proc.wildcard(ns));
        client.connect(both, Info.of(Keys.TIMEOUT, 120));
        client.put(Scope.GLOBAL, "dyn.child.posted", Value.ofString("child " + rank));
        client.commit();
        client.fence(both, Info.of(Keys.COLLECT_DATA, true), Info.of(Keys.TIMEOUT, 120));
        List<String> seen = new ArrayList<>();
        for (int p = 0; p < 2; p++) {
            seen.add(client.get(new Proc(parent.namespace(), p), "dyn.parent.posted").asString());
        }
        check(seen.equals(List.of("parent 0", "parent 1")), "parents' values " + seen);
        System.out.println("child " + rank + ": parent rank " + parent.rank() + ", " + greeting.substring(0, 10)
                + " ..., read " + seen);
        client.disconnect(both, Info.of(Keys.TIMEOUT, 120));
    }

    private interface Call {
        void run() throws Exception;
    }

    private static void expect(int rank, String what, int status, Call call) throws Exception {
        try {
            call.run();
        } catch (PmixException e) {
            check(e.status() == status, what + ": " + e.getMessage());
            System.out.println("rank " + rank + ": " + what + " " + Status.name(status));
            return;
        }
        check(false, what + ": no " + Status.name(status));
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            System.out.println("FAIL " + what);
            System.out.flush();
            System.exit(3);
        }
    }
}
