package io.github.jpmix.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.DataRange;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.transport.PeerCredentials;
import io.github.jpmix.testing.Child;
import io.github.jpmix.testing.NativePrograms;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Events between real processes (separate JVMs, {@link EventScenarios}): the handler chain's order and
 * {@code PMIX_EVENT_ACTION_COMPLETE} for events a peer notifies, a SIGKILLed peer reported to every survivor,
 * and a SIGKILLed server reported to a handler of {@code PMIX_ERR_LOST_CONNECTION} or, without one, ending the
 * process. The bounds asserted are liveness bounds of seconds, generous for a loaded 2-core machine; the
 * measured figures are printed ({@code [events] ...}).
 */
class EventsTest {
    /** How soon a survivor must hear of a peer's death, or a client of its server's: a liveness bound. */
    static final long BOUND_MS = 10_000;

    @TempDir
    Path tmp;
    private TestHost host;
    private final List<Child> children = new ArrayList<>();

    @AfterEach
    void stop() {
        children.forEach(Child::close);
        if (host != null) {
            host.close();
        }
    }

    private Child launch(Proc proc, List<String> jvm, String... args) throws IOException {
        Child c = host.launch(proc, jvm, EventScenarios.class, args);
        children.add(c);
        return c;
    }

    static void note(String what) {
        System.out.println("[events] " + what);
    }

    private static long ms(long fromNanos, long toNanos) {
        return TimeUnit.NANOSECONDS.toMillis(toNanos - fromNanos);
    }

    @Test
    void shouldRunTheChainInOrderStopAtActionCompleteAndSkipDefaultsForNonDefaultEvents() throws Exception {
        host = new TestHost(tmp);
        host.job("ev", 2);
        Child handlers = launch(new Proc("ev", 0), Child.SMALL, "chain");
        Child notifier = launch(new Proc("ev", 1), Child.SMALL, "notifier");
        // the process's own PROC_LOCAL notification ran its chain: first overall, the single-code category
        // (first-in-category z, then p prepended, a, c before b, b appended), multi-code, default, last overall;
        // each handler saw the results of those before it
        // (positions that cannot be had were refused before)
        assertEquals("REFUSED PMIX_ERR_EVENT_REGISTRATION for pmix.evfirst", handlers.await("REFUSED", 60_000).text());
        assertEquals("REFUSED PMIX_ERR_EVENT_REGISTRATION for pmix.evbefore", handlers.await("REFUSED", 10_000).text());
        assertEquals("REFUSED PMIX_ERR_EVENT_REGISTRATION for pmix.evname", handlers.await("REFUSED", 10_000).text());
        String full = "CHAIN first,z/1,p/2,a/3,c/4,b/5,multi/6,dflt/7,last/8";
        assertEquals(full, handlers.await("CHAIN", 30_000).text(), handlers.transcript());
        // the chain's line and the registration's come from two threads, in either order
        if (!handlers.transcript().lines().anyMatch(l -> l.equals("REGISTERED"))) {
            handlers.await("REGISTERED", 60_000);
        }
        notifier.await("READY", 60_000);

        int ns = DataRange.NAMESPACE;
        String[][] cases = {
            // a peer's event runs the same chain
            {EventScenarios.CODE_X + " " + ns, full},
            // PMIX_EVENT_ACTION_COMPLETE from c ends it
            {EventScenarios.CODE_X + " " + ns + " stop=c", "CHAIN first,z/1,p/2,a/3,c/4"},
            // PMIX_EVENT_NON_DEFAULT: the default handler is left out
            {EventScenarios.CODE_X + " " + ns + " nondefault", "CHAIN first,z/1,p/2,a/3,c/4,b/5,multi/6,last/7"},
            // another code: its own handlers (newest first), the multi-code one, the default; the one-shot once
            {EventScenarios.CODE_Y + " " + ns, "CHAIN first,about7/1,once/2,multi/3,dflt/4"},
            {EventScenarios.CODE_Y + " " + ns, "CHAIN first,about7/1,multi/2,dflt/3"},
            // an event about rank 3 passes over the handler of events about rank 7
            {EventScenarios.CODE_Y + " " + ns + " about=3", "CHAIN first,multi/1,dflt/2"},
            // a code nobody registered reaches the default handler only
            {"-3999 " + ns, "CHAIN dflt"},
            // a custom range naming rank 0; then one naming rank 1 only, which rank 0 never sees
            {EventScenarios.CODE_X + " " + DataRange.CUSTOM + " to=0 stop=first", "CHAIN first"},
            {EventScenarios.CODE_X + " " + DataRange.CUSTOM + " to=1", "CHAIN "},
        };
        for (String[] c : cases) {
            notifier.send(c[0]);
            notifier.await("NOTIFIED", 30_000);
            notifier.send(EventScenarios.CODE_REPORT + " " + ns);
            notifier.await("NOTIFIED", 30_000);
            assertEquals(c[1], handlers.await("CHAIN", 30_000).text(), "after '" + c[0] + "': " + handlers.transcript());
        }
        notifier.send("quit");
        handlers.send("quit");
        assertEquals(0, notifier.awaitExit(30_000), notifier.transcript());
        assertEquals(0, handlers.awaitExit(30_000), handlers.transcript());
    }

    @Test
    void shouldDeliverHostEventsAndPassEventsThatLeaveTheNodeToTheHost() throws Exception {
        host = new TestHost(tmp);
        host.job("h", 2);
        try (PmixClient a = host.connect(new Proc("h", 0)); PmixClient b = host.connect(new Proc("h", 1))) {
            java.util.concurrent.BlockingQueue<EventHandler.Event> seen = new java.util.concurrent.LinkedBlockingQueue<>();
            a.registerEventHandler(List.of(EventScenarios.CODE_X), List.of(), e -> {
                seen.add(e);
                return EventHandler.Outcome.COMPLETE;
            });
            // the host raises an event: source the server unless it names one
            host.server.notifyEvent(EventScenarios.CODE_X, null, DataRange.LOCAL,
                    List.of(io.github.jpmix.common.Info.of("test.from", io.github.jpmix.common.Value.ofString("host"))));
            EventHandler.Event e = seen.poll(30, TimeUnit.SECONDS);
            assertTrue(e != null, "the host's event did not arrive");
            assertEquals(host.server.proc(), e.source());
            assertEquals("host", e.info().get(0).value().asString());
            // range NAMESPACE: the source's namespace, here the job as a whole
            host.server.notifyEvent(EventScenarios.CODE_X, Proc.wildcard("h"), DataRange.NAMESPACE, List.of());
            e = seen.poll(30, TimeUnit.SECONDS);
            assertTrue(e != null, "the host's job event did not arrive");
            assertEquals(Proc.wildcard("h"), e.source());
            // a client's event of range GLOBAL reaches this node's clients and goes to the host for the others
            b.notifyEvent(EventScenarios.CODE_X, null, DataRange.GLOBAL, List.of());
            e = seen.poll(30, TimeUnit.SECONDS);
            assertTrue(e != null, "b's event did not arrive");
            assertEquals(new Proc("h", 1), e.source());
            assertEquals(List.of("notify " + EventScenarios.CODE_X + " h:1 " + DataRange.GLOBAL), List.copyOf(host.notified));
            // range LOCAL stays on this node: the host is not told
            b.notifyEvent(EventScenarios.CODE_X, null, DataRange.LOCAL, List.of());
            assertTrue(seen.poll(30, TimeUnit.SECONDS) != null);
            assertEquals(1, host.notified.size(), host.notified.toString());
            // a deregistered handler hears nothing more; an unknown reference is PMIX_ERR_NOT_FOUND
            a.deregisterEventHandler(0);
            b.notifyEvent(EventScenarios.CODE_X, null, DataRange.NAMESPACE, List.of());
            assertEquals(null, seen.poll(500, TimeUnit.MILLISECONDS));
            io.github.jpmix.common.PmixException x = org.junit.jupiter.api.Assertions.assertThrows(
                    io.github.jpmix.common.PmixException.class, () -> a.deregisterEventHandler(0));
            assertEquals(Status.ERR_NOT_FOUND, x.status());
            // an abort the host accepts is raised to the job's other processes
            java.util.concurrent.BlockingQueue<EventHandler.Event> aborts = new java.util.concurrent.LinkedBlockingQueue<>();
            a.registerEventHandler(List.of(Status.ERR_PROC_REQUESTED_ABORT), List.of(), ev -> {
                aborts.add(ev);
                return EventHandler.Outcome.COMPLETE;
            });
            host.acceptAborts = true;
            b.abort(5, "bye", List.of());
            e = aborts.poll(30, TimeUnit.SECONDS);
            assertTrue(e != null, "the abort was not raised");
            assertEquals(new Proc("h", 1), e.source());
            assertEquals(List.of(new Proc("h", 1)), e.affected());
            // range CUSTOM needs its targets
            x = org.junit.jupiter.api.Assertions.assertThrows(io.github.jpmix.common.PmixException.class,
                    () -> b.notifyEvent(EventScenarios.CODE_X, null, DataRange.CUSTOM, List.of()));
            assertEquals(Status.ERR_BAD_PARAM, x.status());
        }
    }

    @Test
    void shouldRaiseASigkilledPeerAtEverySurvivor() throws Exception {
        host = new TestHost(tmp);
        int size = 4;
        host.job("kill", size);
        List<Child> ranks = new ArrayList<>();
        for (int r = 0; r < size; r++) {
            ranks.add(launch(new Proc("kill", r), Child.SMALL, "watch"));
        }
        for (Child c : ranks) {
            c.await("READY", 60_000);
        }
        Child victim = ranks.get(size - 1);
        long killedAt = victim.kill();
        assertEquals(137, victim.awaitExit(10_000));
        for (int r = 0; r < size - 1; r++) {
            Child survivor = ranks.get(r);
            // every code the survivor registered, each about the dead rank and from it
            for (String code : List.of("PMIX_ERR_PROC_ABORTED", "PMIX_EVENT_PROC_TERMINATED", "PMIX_ERR_PROC_TERM_WO_SYNC")) {
                Child.Line l = survivor.await("EVENT " + code + " ", BOUND_MS + 20_000);
                assertEquals("EVENT " + code + " affected=[kill:3] source=kill:3", l.text());
                long took = ms(killedAt, l.nanos());
                note("rank " + r + " heard " + code + " " + took + " ms after the SIGKILL");
                assertTrue(took < BOUND_MS, l.text() + " came " + took + " ms after the kill");
            }
        }
        for (int r = 0; r < size - 1; r++) {
            ranks.get(r).send("quit");
            assertEquals(0, ranks.get(r).awaitExit(30_000), ranks.get(r).transcript());
        }
    }

    @Test
    void shouldRaiseAPeersDeathToCAndJavaRanksThroughBothFronts() throws Exception {
        Path cClient = NativePrograms.pmix("pmix-server/src/test/c/pmix_client.c", java.nio.file.Files.createDirectories(tmp.resolve("bin")));
        host = new TestHost(tmp);
        host.job("mix", 3);
        // rank 0: a C client (OpenPMIx's libpmix, through the OpenPMIx front), rank 1: Java, rank 2: the victim, C
        List<Child> c = new ArrayList<>();
        for (int r : new int[] {0, 2}) {
            Proc p = new Proc("mix", r);
            host.server.registerClient(p, PeerCredentials.currentUid(), PeerCredentials.currentGid());
            ProcessBuilder pb = new ProcessBuilder(cClient.toString(), "watch");
            pb.environment().putAll(host.server.setupFork(p));
            Child child = Child.start(pb);
            children.add(child);
            c.add(child);
        }
        Child java = launch(new Proc("mix", 1), Child.SMALL, "watch");
        c.get(0).await("READY 0", 60_000);
        c.get(1).await("READY 2", 60_000);
        java.await("READY", 60_000);
        long killedAt = c.get(1).kill();
        Child.Line l = c.get(0).await("EVENT 0", BOUND_MS + 20_000);
        assertEquals("EVENT 0 " + Status.ERR_PROC_ABORTED + " affected=mix:2 source=mix:2", l.text());
        note("C rank 0 heard PMIX_ERR_PROC_ABORTED " + ms(killedAt, l.nanos()) + " ms after the SIGKILL");
        assertTrue(ms(killedAt, l.nanos()) < BOUND_MS, l.text());
        l = java.await("EVENT PMIX_ERR_PROC_ABORTED", BOUND_MS + 20_000);
        assertEquals("EVENT PMIX_ERR_PROC_ABORTED affected=[mix:2] source=mix:2", l.text());
        note("Java rank 1 heard PMIX_ERR_PROC_ABORTED " + ms(killedAt, l.nanos()) + " ms after the SIGKILL");
        assertEquals(0, c.get(0).awaitExit(30_000), c.get(0).transcript());
        java.send("quit");
        assertEquals(0, java.awaitExit(30_000), java.transcript());
    }

    @Test
    void shouldRaiseLostConnectionToItsHandlerAndEndAProcessWithoutOne() throws Exception {
        Child server = Child.start(Child.SMALL, Map.of(), FaultScenarios.class.getName(), "host", tmp.toString(), "lost", "2");
        children.add(server);
        Map<Integer, Map<String, String>> env = new HashMap<>();
        while (true) {
            String line = server.await("", 60_000).text();
            if (line.equals("SERVING")) {
                break;
            }
            String[] f = line.split(" ", 3); // ENV <rank> <name>=<value>
            int eq = f[2].indexOf('=');
            env.computeIfAbsent(Integer.parseInt(f[1]), r -> new HashMap<>()).put(f[2].substring(0, eq), f[2].substring(eq + 1));
        }
        long grace = 1_000;
        List<String> jvm = new ArrayList<>(Child.SMALL);
        jvm.add("-D" + PmixClient.LOST_SERVER_GRACE_PROPERTY + "=" + grace);
        Child handled = Child.start(jvm, env.get(0), EventScenarios.class.getName(), "lost-handler");
        Child orphan = Child.start(jvm, env.get(1), EventScenarios.class.getName(), "lost-nohandler");
        children.add(handled);
        children.add(orphan);
        handled.await("READY", 60_000);
        orphan.await("READY", 60_000);

        long killedAt = server.kill();
        Child.Line l = handled.await("EVENT ", BOUND_MS + 20_000);
        assertTrue(l.text().startsWith("EVENT PMIX_ERR_LOST_CONNECTION source="), l.text());
        note("the handler heard PMIX_ERR_LOST_CONNECTION " + ms(killedAt, l.nanos()) + " ms after the server's SIGKILL");
        assertTrue(ms(killedAt, l.nanos()) < BOUND_MS, l.text());
        // without a handler the process ends after the grace period, with Open MPI's status
        assertEquals(PmixClient.LOST_SERVER_EXIT_STATUS, orphan.awaitExit(BOUND_MS + grace + 20_000), orphan.transcript());
        long ended = System.nanoTime();
        note("the process without a handler ended " + ms(killedAt, ended) + " ms after the server's SIGKILL (grace " + grace + " ms)");
        assertTrue(ms(killedAt, ended) >= grace, "ended before its grace period: " + ms(killedAt, ended) + " ms");
        assertTrue(ms(killedAt, ended) < BOUND_MS + grace, ms(killedAt, ended) + " ms");
        // the one with a handler lived on past the grace period and closed normally
        handled.await("ALIVE", 30_000);
        assertEquals(0, handled.awaitExit(30_000), handled.transcript());
        assertEquals(Status.ERR_LOST_CONNECTION & 0xff, PmixClient.LOST_SERVER_EXIT_STATUS);
    }
}
