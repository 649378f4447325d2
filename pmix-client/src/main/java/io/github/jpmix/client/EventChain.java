package io.github.jpmix.client;

import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.LazyLogger;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A client's event handlers and the running of their chain (PMIx Standard v4, "Event Notification";
 * OpenPMIx 4.2.2's {@code event/pmix_event_registration.c} and {@code event/pmix_event_notification.c}).
 *
 * <p><b>Order</b>, as OpenPMIx keeps it: the handler registered with {@code PMIX_EVENT_HDLR_FIRST} (at most
 * one), then the handlers of one code, then those of several codes, then the default handlers (no codes),
 * then the one registered with {@code PMIX_EVENT_HDLR_LAST} (at most one). Within each of the three
 * categories: {@code PMIX_EVENT_HDLR_FIRST_IN_CATEGORY} and {@code ..._LAST_IN_CATEGORY} (one each) at the
 * ends, {@code PMIX_EVENT_HDLR_BEFORE}/{@code AFTER} next to the handler of that name
 * ({@code PMIX_EVENT_HDLR_NAME}), {@code PMIX_EVENT_HDLR_APPEND} at the end and {@code PMIX_EVENT_HDLR_PREPEND}
 * at the start, short of a first or last one; a handler without a directive is prepended, as OpenPMIx
 * prepends it ({@code pmix_event_registration.c:726-727}), so the newest runs first. A position that cannot
 * be had (a second first or last, a name nobody has) is {@code PMIX_ERR_EVENT_REGISTRATION}.
 *
 * <p><b>Running.</b> An event reaches the handlers registered for its code and, unless it carries
 * {@code PMIX_EVENT_NON_DEFAULT}, the default ones; a handler registered with
 * {@code PMIX_EVENT_AFFECTED_PROC(S)} only events about one of those processes (an event that names none
 * reaches it); an event with {@code PMIX_EVENT_CUSTOM_RANGE} that does not name this process reaches none
 * ({@code pmix_event_notification.c:684-700}). They run in order on one daemon thread, each seeing the
 * results of the ones before; {@code PMIX_EVENT_ACTION_COMPLETE} ends the chain. A
 * {@code PMIX_EVENT_ONESHOT} handler is removed once it ran. An event nobody takes is dropped (OpenPMIx
 * keeps it for a later registration; JPMIx does not).
 *
 * <p>Thread-safe: registrations under a lock, delivery on the event thread from a snapshot.
 */
final class EventChain {
    private static final System.Logger LOG = LazyLogger.named("io.github.jpmix.client");

    /** A registered handler and where it stands. */
    static final class Registration {
        final long id;
        final List<Integer> codes;
        final String name;
        final List<Proc> affected;
        final EventHandler handler;
        final boolean oneshot;
        /** Declared first or last in its category: nothing may be put before (after) it. */
        boolean firstInCategory;
        boolean lastInCategory;

        Registration(long id, List<Integer> codes, String name, List<Proc> affected, EventHandler handler, boolean oneshot) {
            this.id = id;
            this.codes = codes;
            this.name = name;
            this.affected = affected;
            this.handler = handler;
            this.oneshot = oneshot;
        }

        boolean takes(int code) {
            return codes.isEmpty() || codes.contains(code);
        }
    }

    private final Object lock = new Object();
    private final Proc self;
    private final ExecutorService thread;
    private final java.util.function.Consumer<Registration> oneshotRemoved;
    private Registration first;
    private Registration last;
    private final List<Registration> single = new ArrayList<>();
    private final List<Registration> multi = new ArrayList<>();
    private final List<Registration> defaults = new ArrayList<>();
    private long nextId;
    private volatile boolean started;

    /**
     * @param oneshotRemoved told (on the event thread) of a {@code PMIX_EVENT_ONESHOT} handler removed after
     *     it ran, so the server hears of codes nobody takes any more
     */
    EventChain(Proc self, java.util.function.Consumer<Registration> oneshotRemoved) {
        this.self = self;
        this.oneshotRemoved = oneshotRemoved;
        ThreadPoolExecutor t = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
            Thread th = new Thread(r, "jpmix-events " + self);
            th.setDaemon(true);
            return th;
        });
        this.thread = t;
    }

    /**
     * Adds a handler where its directives put it.
     *
     * @throws PmixException {@link Status#ERR_EVENT_REGISTRATION} for a position that cannot be had,
     *     {@link Status#ERR_BAD_PARAM} for a malformed directive
     */
    Registration add(List<Integer> codes, List<Info> info, EventHandler handler) {
        boolean firstOverall = false;
        boolean lastOverall = false;
        boolean prepend = false;
        boolean append = false;
        boolean firstCat = false;
        boolean lastCat = false;
        boolean oneshot = false;
        String name = null;
        String before = null;
        String after = null;
        for (Info i : info) {
            if (i.is(Keys.EVENT_HDLR_FIRST)) {
                firstOverall = flag(i);
            } else if (i.is(Keys.EVENT_HDLR_LAST)) {
                lastOverall = flag(i);
            } else if (i.is(Keys.EVENT_HDLR_PREPEND)) {
                prepend = flag(i);
            } else if (i.is(Keys.EVENT_HDLR_APPEND)) {
                append = flag(i);
            } else if (i.is(Keys.EVENT_HDLR_FIRST_IN_CATEGORY)) {
                firstCat = flag(i);
            } else if (i.is(Keys.EVENT_HDLR_LAST_IN_CATEGORY)) {
                lastCat = flag(i);
            } else if (i.is(Keys.EVENT_HDLR_NAME)) {
                name = i.value().asString();
            } else if (i.is(Keys.EVENT_HDLR_BEFORE)) {
                before = i.value().asString();
            } else if (i.is(Keys.EVENT_HDLR_AFTER)) {
                after = i.value().asString();
            } else if (i.is(Keys.EVENT_ONESHOT)) {
                oneshot = flag(i);
            }
        }
        List<Proc> affected = affected(info);
        if (!started) {
            // the thread and the classes an event needs, ready before the first event (a peer's death is
            // often the first, and the one whose latency matters)
            started = true;
            try {
                thread.execute(() -> new EventHandler.Event(-1, Status.SUCCESS, self, List.of(), List.of()).affected());
            } catch (java.util.concurrent.RejectedExecutionException e) {
                // closed meanwhile
            }
        }
        synchronized (lock) {
            if (name != null && find(name) != null) {
                throw new PmixException(Status.ERR_EVENT_REGISTRATION, "register event handler: a handler named '" + name + "' exists");
            }
            Registration r = new Registration(nextId, List.copyOf(codes), name, affected, handler, oneshot);
            if (firstOverall || lastOverall) {
                if (firstOverall && first != null || lastOverall && last != null) {
                    throw new PmixException(Status.ERR_EVENT_REGISTRATION, "register event handler: another handler is "
                            + (firstOverall ? "first" : "last") + " already");
                }
                if (firstOverall) {
                    first = r;
                } else {
                    last = r;
                }
                nextId++;
                return r;
            }
            List<Registration> list = codes.isEmpty() ? defaults : codes.size() == 1 ? single : multi;
            if (firstCat) {
                if (!list.isEmpty() && list.get(0).firstInCategory) {
                    throw new PmixException(Status.ERR_EVENT_REGISTRATION, "register event handler: another handler is first in its category");
                }
                r.firstInCategory = true;
                list.add(0, r);
            } else if (lastCat) {
                if (!list.isEmpty() && list.get(list.size() - 1).lastInCategory) {
                    throw new PmixException(Status.ERR_EVENT_REGISTRATION, "register event handler: another handler is last in its category");
                }
                r.lastInCategory = true;
                list.add(r);
            } else if (before != null || after != null) {
                placeNextTo(list, r, before, after);
            } else if (append) {
                int at = list.size();
                if (at > 0 && list.get(at - 1).lastInCategory) {
                    at--;
                }
                list.add(at, r);
            } else {
                // PMIX_EVENT_HDLR_PREPEND, and no directive at all (OpenPMIx prepends then too)
                list.add(!list.isEmpty() && list.get(0).firstInCategory ? 1 : 0, r);
            }
            nextId++;
            return r;
        }
    }

    /** Puts {@code r} before or after the handler named so (under the lock). */
    private void placeNextTo(List<Registration> list, Registration r, String before, String after) {
        String locator = before != null ? before : after;
        for (int i = 0; i < list.size(); i++) {
            if (locator.equals(list.get(i).name)) {
                if (before != null && list.get(i).firstInCategory || after != null && list.get(i).lastInCategory) {
                    break; // nothing goes before the first or after the last
                }
                list.add(before != null ? i : i + 1, r);
                return;
            }
        }
        // the first overall handler is before every category, the last after: "after first" and "before
        // last" can be had (pmix_event_registration.c:805-831)
        if (after != null && first != null && locator.equals(first.name)) {
            list.add(0, r);
            return;
        }
        if (before != null && last != null && locator.equals(last.name)) {
            list.add(r);
            return;
        }
        throw new PmixException(Status.ERR_EVENT_REGISTRATION, "register event handler: no handler named '" + locator
                + "' in its category to go " + (before != null ? "before" : "after"));
    }

    private Registration find(String name) {
        for (Registration r : all()) {
            if (name.equals(r.name)) {
                return r;
            }
        }
        return null;
    }

    /** Removes the handler {@code id}; null when there is none. */
    Registration remove(long id) {
        synchronized (lock) {
            if (first != null && first.id == id) {
                Registration r = first;
                first = null;
                return r;
            }
            if (last != null && last.id == id) {
                Registration r = last;
                last = null;
                return r;
            }
            for (List<Registration> list : List.of(single, multi, defaults)) {
                for (int i = 0; i < list.size(); i++) {
                    if (list.get(i).id == id) {
                        return list.remove(i);
                    }
                }
            }
            return null;
        }
    }

    /** Every handler in chain order (under the lock, or a snapshot). */
    private List<Registration> all() {
        List<Registration> out = new ArrayList<>();
        if (first != null) {
            out.add(first);
        }
        out.addAll(single);
        out.addAll(multi);
        out.addAll(defaults);
        if (last != null) {
            out.add(last);
        }
        return out;
    }

    /** The codes some handler takes (a code-less first or last handler counts as a default one). */
    Set<Integer> codes() {
        synchronized (lock) {
            Set<Integer> out = new LinkedHashSet<>();
            for (Registration r : all()) {
                out.addAll(r.codes);
            }
            return out;
        }
    }

    /** Whether some handler takes every code (a default handler). */
    boolean hasDefault() {
        synchronized (lock) {
            for (Registration r : all()) {
                if (r.codes.isEmpty()) {
                    return true;
                }
            }
            return false;
        }
    }

    /** Whether some handler would take an event of {@code code} (about anything), defaults included unless {@code nonDefault}. */
    boolean takes(int code, boolean nonDefault) {
        synchronized (lock) {
            for (Registration r : all()) {
                if (r.codes.isEmpty() ? !nonDefault : r.codes.contains(code)) {
                    return true;
                }
            }
            return false;
        }
    }

    /** Runs the chain for an event on the event thread; returns at once. */
    void deliver(int status, Proc source, List<Info> info) {
        try {
            thread.execute(() -> run(status, source, info));
        } catch (java.util.concurrent.RejectedExecutionException e) {
            LOG.log(System.Logger.Level.DEBUG, "event " + Status.name(status) + " after close dropped");
        }
    }

    /** Stops the event thread once the events queued have run; the thread is a daemon and lives until then. */
    void close() {
        thread.shutdown();
    }

    private void run(int status, Proc source, List<Info> info) {
        boolean nonDefault = false;
        List<Proc> targets = null;
        for (Info i : info) {
            if (i.is(Keys.EVENT_NON_DEFAULT)) {
                nonDefault = flag(i);
            } else if (i.is(Keys.EVENT_CUSTOM_RANGE)) {
                targets = procs(i.value());
            }
        }
        if (targets != null && !self.matchesAny(targets)) {
            return; // not meant for this process
        }
        List<Proc> about = affected(info);
        List<Registration> chain;
        synchronized (lock) {
            chain = all();
        }
        List<Info> results = new ArrayList<>();
        for (Registration r : chain) {
            if (!(r.codes.isEmpty() ? !nonDefault : r.codes.contains(status))) {
                continue;
            }
            if (!r.affected.isEmpty() && !about.isEmpty() && !overlaps(r.affected, about)) {
                continue;
            }
            if (r.oneshot) {
                if (remove(r.id) == null) {
                    continue; // deregistered meanwhile, or already ran
                }
                oneshotRemoved.accept(r);
            }
            List<Info> seen = info;
            if (r.name != null) {
                seen = new ArrayList<>(info);
                seen.add(Info.of(Keys.EVENT_HDLR_NAME, r.name));
            }
            EventHandler.Outcome outcome;
            try {
                outcome = r.handler.onEvent(new EventHandler.Event(r.id, status, source, seen, results));
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "event handler " + (r.name == null ? "#" + r.id : r.name) + " threw on "
                        + Status.name(status) + " (the chain goes on)", e);
                continue;
            }
            if (outcome == null) {
                continue;
            }
            results.addAll(outcome.results());
            if (outcome.status() == Status.EVENT_ACTION_COMPLETE) {
                return;
            }
        }
    }

    /** The processes {@code PMIX_EVENT_AFFECTED_PROC} and {@code PMIX_EVENT_AFFECTED_PROCS} name among {@code info}. */
    static List<Proc> affected(List<Info> info) {
        List<Proc> out = new ArrayList<>();
        for (Info i : info) {
            if (i.is(Keys.EVENT_AFFECTED_PROC) || i.is(Keys.EVENT_AFFECTED_PROCS)) {
                out.addAll(procs(i.value()));
            }
        }
        return List.copyOf(out);
    }

    /** A PROC, or a DATA_ARRAY of PROC (OpenPMIx's clients send either). */
    private static List<Proc> procs(Value v) {
        if (v.type() == DataType.PROC) {
            return List.of(v.asProc());
        }
        return v.asDataArray().elements(Proc.class);
    }

    private static boolean flag(Info i) {
        return i.value().type() == DataType.UNDEF || i.value().asBoolean();
    }

    private static boolean overlaps(List<Proc> a, List<Proc> b) {
        for (Proc p : b) {
            if (p.matchesAny(a)) {
                return true;
            }
        }
        return false;
    }
}
