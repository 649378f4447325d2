package io.github.jpmix.client;

import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataRange;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The main of the client JVMs the event tests fork ({@code EventsTest}), one scenario per run, chosen by the
 * first argument. Each prints what its handlers see, one fact per line, for the test to await and time; an
 * unexpected {@link PmixException} prints as {@code ERROR <status name> <message>} and exits 3.
 */
public final class EventScenarios {
    /** User-defined event codes lie below {@code PMIX_EXTERNAL_ERR_BASE} (-3000). */
    static final int CODE_X = -3001;
    static final int CODE_Y = -3002;
    /** The code whose handler prints the chain recorded so far: events run one at a time, in order. */
    static final int CODE_REPORT = -3003;
    static final int CODE_PING = -3010;
    static final int CODE_PONG = -3011;

    private EventScenarios() {
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
            case "chain" -> chain(stdin);
            case "notifier" -> notifier(stdin);
            case "watch" -> {
                // handlers for a peer's departure; prints each event seen with its affected process
                try (PmixClient c = PmixClient.init()) {
                    for (int code : List.of(Status.ERR_PROC_ABORTED, Status.EVENT_PROC_TERMINATED, Status.ERR_PROC_TERM_WO_SYNC)) {
                        c.registerEventHandler(List.of(code), List.of(), e -> {
                            System.out.println("EVENT " + Status.name(e.status()) + " affected=" + e.affected() + " source=" + e.source());
                            return EventHandler.Outcome.NEXT;
                        });
                    }
                    c.fence(List.of()); // every rank has registered before the test kills one
                    System.out.println("READY");
                    stdin.readLine();
                }
                System.out.println("DONE");
            }
            case "lost-handler" -> {
                // a handler for the lost server: the process goes on after it ran, and ends by itself
                PmixClient c = PmixClient.init();
                CountDownLatch seen = new CountDownLatch(1);
                c.registerEventHandler(List.of(Status.ERR_LOST_CONNECTION), List.of(), e -> {
                    System.out.println("EVENT " + Status.name(e.status()) + " source=" + e.source());
                    seen.countDown();
                    return EventHandler.Outcome.COMPLETE;
                });
                System.out.println("READY");
                if (!seen.await(60, TimeUnit.SECONDS)) {
                    System.out.println("NO EVENT");
                }
                Thread.sleep(5_000); // longer than the grace period: the handler kept the process alive
                System.out.println("ALIVE");
                c.close();
            }
            case "lost-nohandler" -> {
                // no handler: the client ends the process once its server is gone
                PmixClient c = PmixClient.init();
                System.out.println("READY");
                Thread.sleep(60_000);
                System.out.println("STILL RUNNING");
                c.close();
            }
            case "pingpong" -> pingpong(args);
            default -> throw new IllegalArgumentException("unknown scenario " + args[0]);
        }
    }

    /**
     * Handlers in every position, each adding its name to the results; a {@link #CODE_REPORT} event prints
     * the names the last chain reached, in order. A handler named in an event's {@code stop} info ends the
     * chain with {@code PMIX_EVENT_ACTION_COMPLETE}.
     */
    private static void chain(BufferedReader stdin) throws Exception {
        List<String> ran = java.util.Collections.synchronizedList(new ArrayList<>());
        try (PmixClient c = PmixClient.init()) {
            register(c, ran, "a", List.of(CODE_X));                                        // [a]
            register(c, ran, "b", List.of(CODE_X), Info.flag(Keys.EVENT_HDLR_APPEND));   // [a, b]
            register(c, ran, "c", List.of(CODE_X), Info.of(Keys.EVENT_HDLR_BEFORE, "b")); // [a, c, b]
            register(c, ran, "z", List.of(CODE_X), Info.flag(Keys.EVENT_HDLR_FIRST_IN_CATEGORY)); // [z, a, c, b]
            register(c, ran, "p", List.of(CODE_X));                                        // [z, p, a, c, b]: prepended
            register(c, ran, "multi", List.of(CODE_X, CODE_Y));
            register(c, ran, "dflt", List.of());
            register(c, ran, "last", List.of(CODE_X), Info.flag(Keys.EVENT_HDLR_LAST));
            register(c, ran, "first", List.of(CODE_X, CODE_Y), Info.flag(Keys.EVENT_HDLR_FIRST));
            long gone = register(c, ran, "gone", List.of(CODE_X), Info.of(Keys.EVENT_HDLR_AFTER, "a"));
            c.deregisterEventHandler(gone);
            register(c, ran, "once", List.of(CODE_Y), Info.flag(Keys.EVENT_ONESHOT));
            register(c, ran, "about7", List.of(CODE_Y), Info.of(Keys.EVENT_AFFECTED_PROC, new Proc(c.proc().namespace(), 7)));
            // positions that cannot be had
            for (Info bad : List.of(Info.flag(Keys.EVENT_HDLR_FIRST), Info.of(Keys.EVENT_HDLR_BEFORE, "nobody"),
                    Info.of(Keys.EVENT_HDLR_NAME, "a"))) {
                try {
                    c.registerEventHandler(List.of(CODE_X), List.of(bad), e -> EventHandler.Outcome.NEXT);
                    System.out.println("REFUSED none for " + bad.key());
                } catch (PmixException e) {
                    System.out.println("REFUSED " + e.statusName() + " for " + bad.key());
                }
            }
            c.registerEventHandler(List.of(CODE_REPORT), List.of(), e -> {
                synchronized (ran) {
                    System.out.println("CHAIN " + String.join(",", ran));
                    ran.clear();
                }
                return EventHandler.Outcome.COMPLETE;
            });
            // the same chain run by this process's own notification
            c.notifyEvent(CODE_X, null, DataRange.PROC_LOCAL, List.of());
            c.notifyEvent(CODE_REPORT, null, DataRange.PROC_LOCAL, List.of());
            c.fence(List.of()); // the notifier starts once the handlers are in place
            System.out.println("REGISTERED");
            stdin.readLine();
        }
        System.out.println("DONE");
    }

    private static long register(PmixClient c, List<String> ran, String name, List<Integer> codes, Info... directives) {
        List<Info> info = new ArrayList<>(List.of(directives));
        info.add(Info.of(Keys.EVENT_HDLR_NAME, name));
        return c.registerEventHandler(codes, info, e -> {
            ran.add(name + (e.results().isEmpty() ? "" : "/" + e.results().size()));
            for (Info i : e.info()) {
                if (i.key().equals("test.stop") && i.value().asString().equals(name)) {
                    return EventHandler.Outcome.complete(Info.of("test.by", Value.ofString(name)));
                }
            }
            return EventHandler.Outcome.next(Info.of("test.by", Value.ofString(name)));
        });
    }

    /** Notifies what stdin says: {@code <code> <range> [stop=<name>] [nondefault] [about=<rank>] [to=<rank>]}. */
    private static void notifier(BufferedReader stdin) throws Exception {
        try (PmixClient c = PmixClient.init()) {
            c.fence(List.of());
            System.out.println("READY");
            for (String line; (line = stdin.readLine()) != null && !line.equals("quit"); ) {
                String[] f = line.split(" ");
                List<Info> info = new ArrayList<>();
                for (int i = 2; i < f.length; i++) {
                    if (f[i].startsWith("stop=")) {
                        info.add(Info.of("test.stop", Value.ofString(f[i].substring(5))));
                    } else if (f[i].equals("nondefault")) {
                        info.add(Info.flag(Keys.EVENT_NON_DEFAULT));
                    } else if (f[i].startsWith("about=")) {
                        info.add(Info.of(Keys.EVENT_AFFECTED_PROC, new Proc(c.proc().namespace(), Integer.parseInt(f[i].substring(6)))));
                    } else if (f[i].startsWith("to=")) {
                        info.add(Info.of(Keys.EVENT_CUSTOM_RANGE, DataArray.of(DataType.PROC,
                                List.of(new Proc(c.proc().namespace(), Integer.parseInt(f[i].substring(3)))))));
                    }
                }
                c.notifyEvent(Integer.parseInt(f[0]), null, Integer.parseInt(f[1]), info);
                System.out.println("NOTIFIED " + line);
            }
        }
    }

    /**
     * Event latency: rank 0 notifies {@link #CODE_PING} to the job (range NAMESPACE) and waits until every
     * other rank's handler has answered with {@link #CODE_PONG} to rank 0 alone (range CUSTOM); prints the
     * median and p99 of the round trips in microseconds. Arguments: rounds, warm-up rounds.
     */
    private static void pingpong(String[] args) throws Exception {
        int rounds = Integer.parseInt(args[1]);
        int warmup = Integer.parseInt(args[2]);
        try (PmixClient c = PmixClient.init()) {
            Proc me = c.proc();
            int size = c.get(Proc.wildcard(me.namespace()), Keys.JOB_SIZE);
            Proc root = new Proc(me.namespace(), 0);
            List<Info> toRoot = List.of(Info.of(Keys.EVENT_CUSTOM_RANGE, DataArray.of(DataType.PROC, List.of(root))));
            java.util.concurrent.Semaphore pongs = new java.util.concurrent.Semaphore(0);
            if (me.rank() == 0) {
                c.registerEventHandler(List.of(CODE_PONG), List.of(), e -> {
                    pongs.release();
                    return EventHandler.Outcome.COMPLETE;
                });
            } else {
                c.registerEventHandler(List.of(CODE_PING), List.of(), e -> {
                    c.notifyEvent(CODE_PONG, null, DataRange.CUSTOM, toRoot);
                    return EventHandler.Outcome.COMPLETE;
                });
            }
            c.fence(List.of());
            if (me.rank() == 0) {
                long[] rtt = new long[rounds];
                for (int r = -warmup; r < rounds; r++) {
                    long t0 = System.nanoTime();
                    c.notifyEvent(CODE_PING, null, DataRange.NAMESPACE, List.of());
                    if (!pongs.tryAcquire(size - 1, 30, TimeUnit.SECONDS)) {
                        throw new AssertionError("no pong from every rank in 30 s");
                    }
                    if (r >= 0) {
                        rtt[r] = System.nanoTime() - t0;
                    }
                }
                java.util.Arrays.sort(rtt);
                System.out.printf("RESULT event_rtt N=%d median_us=%.1f p99_us=%.1f rounds=%d%n", size,
                        rtt[rounds / 2] / 1e3, rtt[Math.min(rounds - 1, (int) (rounds * 0.99))] / 1e3, rounds);
            }
            c.fence(List.of());
        }
    }
}
