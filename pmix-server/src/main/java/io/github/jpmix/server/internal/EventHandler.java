package io.github.jpmix.server.internal;

import io.github.jpmix.common.DataRange;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.ProcState;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.protocol.MessageKeys;
import io.github.jpmix.server.internal.front.ClientLink;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Not API. Event registrations of local clients and the delivery of events ({@code PMIx_Register_event_handler},
 * {@code PMIx_Notify_event}; PMIx Standard v4, "Event Notification"; {@code docs/events.md}).
 *
 * <p>A client registers codes (with, optionally, {@code PMIX_EVENT_AFFECTED_PROC(S)}: only events about those
 * processes); the server keeps the registrations per client, in order, until it deregisters the codes or
 * leaves. An event goes to every local client other than its source with a registration for its code whose
 * affected processes, if it named any, meet the event's, within the event's range: {@code PMIX_RANGE_LOCAL},
 * {@code SESSION}, {@code GLOBAL} and {@code UNDEF} reach every client of this server, {@code NAMESPACE} the
 * source's namespace, {@code CUSTOM} the processes of {@code PMIX_EVENT_CUSTOM_RANGE}; {@code PROC_LOCAL} and
 * {@code RM} reach none (the notifier's own handlers run in its process; RM is the host's). A client that
 * notified an event does not get it back. Events come from clients ({@link #onNotify}), from the host
 * ({@code PmixServer.notifyEvent}) and from the server itself: a client that leaves without finalizing, or asks
 * to abort, is reported to the other local clients of its job ({@link #departed}, {@link #aborting}).
 *
 * <p>An event a client notifies with a range that may leave this node (any but {@code PROC_LOCAL} and
 * {@code LOCAL}, as OpenPMIx's server passes it on, {@code server/pmix_server_ops.c:2585-2619}) also goes to
 * the host's {@code notifyEvent}, which takes it to the other nodes' servers.
 *
 * <p>A registration without codes (a default handler) receives every event not marked
 * {@code PMIX_EVENT_NON_DEFAULT} when its client came through JPMIx's transport, and nothing when it came
 * through OpenPMIx's ({@link ClientLink#takesDefaultEvents}): OpenPMIx 4.2.2's server delivers no event to one
 * (it files such a registration under an entry nothing creates, {@code server/pmix_server_ops.c:2355-2377}),
 * and Open MPI 4.1.4, whose default handler aborts the process on any event it receives
 * ({@code ompi/errhandler/errhandler.c:239-252}), relies on that. Guarded by the state lock.
 */
final class EventHandler {
    /**
     * What the server raises to a job when one of its processes leaves without finalizing (it died, was
     * killed, or exited without {@code PMIx_Finalize}), each code to the clients registered for it:
     * {@code PMIX_ERR_PROC_ABORTED} (what fault-tolerant MPI libraries listen for),
     * {@code PMIX_EVENT_PROC_TERMINATED} (PRRTE's report of a process's end), {@code PMIX_PROC_TERMINATED}, and
     * the end itself ({@code PMIX_ERR_PROC_TERM_WO_SYNC}, or {@code PMIX_ERR_PROC_ABORTED_BY_SIG} when the host
     * reported the signal first).
     */
    static final List<Integer> DEPARTURE_CODES = List.of(Status.ERR_PROC_ABORTED, Status.EVENT_PROC_TERMINATED,
            Status.PROC_TERMINATED);

    /** One registration of a client: its codes (none: a default handler) and the processes it is about (none: any). */
    record Registration(List<Integer> codes, List<Proc> affected) {
    }

    private final ServerState state;
    private final Proc serverProc;

    EventHandler(ServerState state, Proc serverProc) {
        this.state = state;
        this.serverProc = serverProc;
    }

    void onRegister(ClientRecord client, int requestId, List<Info> infos) {
        List<Integer> codes = codes(infos);
        List<Proc> affected = new ArrayList<>();
        for (Info i : MessageKeys.rest(infos)) {
            if (i.is(Keys.EVENT_AFFECTED_PROC)) {
                affected.add(i.value().asProc());
            } else if (i.is(Keys.EVENT_AFFECTED_PROCS)) {
                affected.addAll(procs(i.value()));
            }
        }
        synchronized (state.lock) {
            client.events.add(new Registration(List.copyOf(codes), List.copyOf(affected)));
        }
        ServerState.reply(client, requestId, List.of());
    }

    /**
     * The client has no handler for the codes named any more (none named: no default handler): they leave
     * each of its registrations, and a registration left without codes goes. OpenPMIx's client names the
     * default registration {@code PMIX_MAX_ERR_CONSTANT} ({@code INT32_MIN}).
     */
    void onDeregister(ClientRecord client, int requestId, List<Info> infos) {
        List<Integer> codes = codes(infos);
        boolean defaults = codes.isEmpty() || codes.contains(Integer.MIN_VALUE);
        synchronized (state.lock) {
            List<Registration> kept = new ArrayList<>();
            for (Registration r : client.events) {
                if (r.codes().isEmpty()) {
                    if (!defaults) {
                        kept.add(r);
                    }
                    continue;
                }
                List<Integer> left = new ArrayList<>(r.codes());
                left.removeAll(codes);
                if (!left.isEmpty()) {
                    kept.add(left.size() == r.codes().size() ? r : new Registration(List.copyOf(left), r.affected()));
                }
            }
            client.events.clear();
            client.events.addAll(kept);
        }
        ServerState.reply(client, requestId, List.of());
    }

    /** An event a client notifies: to the local clients in range, then, when it may leave the node, to the host. */
    void onNotify(ClientRecord source, int requestId, List<Info> infos) {
        int code = MessageKeys.require(infos, MessageKeys.STATUS).asInt();
        Value r = MessageKeys.find(infos, MessageKeys.RANGE);
        int range = r == null ? DataRange.SESSION : r.asInt();
        List<Info> event = MessageKeys.rest(infos);
        deliver(code, source.proc, range, event, source);
        if (range == DataRange.PROC_LOCAL || range == DataRange.LOCAL) {
            ServerState.reply(source, requestId, List.of());
            return;
        }
        CompletionStage<Void> s;
        try {
            s = state.host.notifyEvent(code, source.proc, range, event);
        } catch (RuntimeException e) {
            s = CompletableFuture.failedFuture(e);
        }
        s.whenComplete((ok, error) -> {
            if (error == null || ServerState.isNotSupported(error)) {
                // a host without notifyEvent: the event reached this node, which is all there is
                ServerState.reply(source, requestId, List.of());
            } else {
                ServerState.replyError(source, requestId, error);
            }
        });
    }

    /** An event the host raises ({@code PmixServer.notifyEvent}): to the local clients in range, the host not again. */
    void fromHost(int code, Proc source, int range, List<Info> info) {
        deliver(code, source == null ? serverProc : source, range, info, null);
    }

    /**
     * A local client left without finalizing: the other local clients of its job registered for one of
     * {@link #DEPARTURE_CODES} or for its end state hear of it, source and {@code PMIX_EVENT_AFFECTED_PROC} the
     * process gone. The host learns of it through {@code clientTerminated} and tells other nodes as it sees fit.
     *
     * @param endState its {@code PMIX_PROC_STATE} now
     */
    void departed(Proc gone, int endState) {
        List<Info> info = List.of(Info.of(Keys.EVENT_AFFECTED_PROC, gone),
                Info.of(Keys.EVENT_TEXT_MESSAGE, gone + " ended without finalizing (" + ProcState.toString(endState) + ")"));
        List<Integer> codes = new ArrayList<>(DEPARTURE_CODES);
        codes.add(endState == ProcState.ABORTED_BY_SIG ? Status.ERR_PROC_ABORTED_BY_SIG : Status.ERR_PROC_TERM_WO_SYNC);
        for (int code : codes) {
            deliver(code, gone, DataRange.NAMESPACE, info, null);
        }
    }

    /** The host accepted a local client's abort: the other local clients of its job registered for {@code PMIX_ERR_PROC_REQUESTED_ABORT} hear of it. */
    void aborting(Proc requester, int status, String message) {
        List<Info> info = List.of(Info.of(Keys.EVENT_AFFECTED_PROC, requester),
                Info.of(Keys.EVENT_TEXT_MESSAGE, requester + " aborts with " + Status.name(status) + ": " + message));
        deliver(Status.ERR_PROC_REQUESTED_ABORT, requester, DataRange.NAMESPACE, info, null);
    }

    /** Sends an event to every local client in range registered for it, but {@code except}. */
    private void deliver(int code, Proc source, int range, List<Info> event, ClientRecord except) {
        List<Proc> targets = null;
        List<Proc> about = new ArrayList<>();
        boolean nonDefault = false;
        for (Info i : event) {
            if (i.is(Keys.EVENT_CUSTOM_RANGE)) {
                targets = procs(i.value());
            } else if (i.is(Keys.EVENT_AFFECTED_PROC)) {
                about.add(i.value().asProc());
            } else if (i.is(Keys.EVENT_AFFECTED_PROCS)) {
                about.addAll(procs(i.value()));
            } else if (i.is(Keys.EVENT_NON_DEFAULT)) {
                nonDefault = i.value().type() == DataType.UNDEF || i.value().asBoolean();
            }
        }
        if (range == DataRange.CUSTOM && targets == null) {
            throw new PmixException(Status.ERR_BAD_PARAM, "notify: range CUSTOM without PMIX_EVENT_CUSTOM_RANGE");
        }
        List<ClientLink> to = new ArrayList<>();
        synchronized (state.lock) {
            for (ClientRecord c : state.clients.values()) {
                ClientLink link = c.link;
                if (c != except && link != null && !c.proc.equals(source) && inRange(c.proc, source, range, targets)
                        && wants(c, link, code, about, nonDefault)) {
                    to.add(link);
                }
            }
        }
        for (ClientLink link : to) {
            try {
                link.event(code, source, range, event);
            } catch (RuntimeException e) {
                ServerState.LOG.log(System.Logger.Level.DEBUG, "event " + Status.name(code) + " to " + link + " dropped: " + e);
            }
        }
    }

    private static boolean inRange(Proc to, Proc from, int range, List<Proc> targets) {
        return switch (range) {
            case DataRange.LOCAL, DataRange.SESSION, DataRange.GLOBAL, DataRange.UNDEF -> true;
            case DataRange.NAMESPACE -> to.namespace().equals(from.namespace());
            case DataRange.CUSTOM -> to.matchesAny(targets);
            default -> false; // PROC_LOCAL: the notifier's own handlers; RM: the host's
        };
    }

    /** Whether one of the client's registrations takes {@code code} about {@code about}. */
    private static boolean wants(ClientRecord c, ClientLink link, int code, List<Proc> about, boolean nonDefault) {
        for (Registration reg : c.events) {
            boolean takes = reg.codes().isEmpty() ? !nonDefault && link.takesDefaultEvents() : reg.codes().contains(code);
            if (takes && (reg.affected().isEmpty() || about.isEmpty() || overlaps(reg.affected(), about))) {
                return true;
            }
        }
        return false;
    }

    private static boolean overlaps(List<Proc> a, List<Proc> b) {
        for (Proc p : b) {
            if (p.matchesAny(a)) {
                return true;
            }
        }
        return false;
    }

    private static List<Integer> codes(List<Info> infos) {
        Value v = MessageKeys.find(infos, MessageKeys.CODES);
        if (v == null) {
            return List.of();
        }
        List<Integer> out = new ArrayList<>();
        for (Value code : v.asDataArray().values()) {
            out.add(code.asInt());
        }
        return out;
    }

    /** A PROC, or a DATA_ARRAY of PROC (OpenPMIx's clients send either for the affected and the target processes). */
    private static List<Proc> procs(Value v) {
        if (v.type() == DataType.PROC) {
            return List.of(v.asProc());
        }
        return v.asDataArray().elements(Proc.class);
    }
}
