package io.github.jpmix.server.internal;

import io.github.jpmix.common.DataRange;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Rank;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.protocol.MessageKeys;
import java.util.ArrayList;
import java.util.List;

/**
 * Not API. Event registrations of local clients and the delivery of events they notify
 * ({@code PMIx_Register_event_handler}, {@code PMIx_Notify_event}; PMIx Standard v4, "Event
 * Notification").
 *
 * <p>A client registers codes (with, optionally, {@code PMIX_EVENT_AFFECTED_PROC(S)}: only events
 * about those processes); the server keeps the registrations per client, in order, until it
 * deregisters them or leaves. An event a client notifies goes to every other local client with a
 * registration for its code whose affected processes, if it named any, meet the event's, within the
 * event's range: {@code PMIX_RANGE_LOCAL}, {@code SESSION} and {@code GLOBAL} reach every client of
 * this server, {@code NAMESPACE} the notifier's namespace, {@code CUSTOM} the processes of
 * {@code PMIX_EVENT_CUSTOM_RANGE}; {@code PROC_LOCAL} and {@code RM} reach none (the notifier's own
 * handlers run in its process, the host is not a client). The notifier never gets its own event back.
 *
 * <p>A registration without codes (a default handler) receives nothing: OpenPMIx 4.2.2's server
 * delivers no event to one either (it files such a registration under an entry nothing creates,
 * {@code server/pmix_server_ops.c:2355-2377}), and Open MPI 4.1.4, whose default handler aborts the
 * process on any event it receives ({@code ompi/errhandler/errhandler.c:239-252}), relies on that.
 * Guarded by the state lock.
 */
final class EventHandler {
    /** One registration of a client: its codes (none: a default handler) and the processes it is about (none: any). */
    record Registration(List<Integer> codes, List<Proc> affected) {
    }

    private final ServerState state;

    EventHandler(ServerState state) {
        this.state = state;
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

    /** Drops the client's registrations of the codes named (none named: its default registrations). */
    void onDeregister(ClientRecord client, int requestId, List<Info> infos) {
        List<Integer> codes = codes(infos);
        synchronized (state.lock) {
            client.events.removeIf(r -> codes.isEmpty() ? r.codes().isEmpty() : codes.containsAll(r.codes()) && !r.codes().isEmpty());
        }
        ServerState.reply(client, requestId, List.of());
    }

    void onNotify(ClientRecord source, int requestId, List<Info> infos) {
        int code = MessageKeys.require(infos, MessageKeys.STATUS).asInt();
        Value r = MessageKeys.find(infos, MessageKeys.RANGE);
        int range = r == null ? DataRange.SESSION : r.asInt();
        List<Info> event = MessageKeys.rest(infos);
        List<Proc> targets = null;
        List<Proc> about = new ArrayList<>();
        for (Info i : event) {
            if (i.is(Keys.EVENT_CUSTOM_RANGE)) {
                targets = procs(i.value());
            } else if (i.is(Keys.EVENT_AFFECTED_PROC)) {
                about.add(i.value().asProc());
            } else if (i.is(Keys.EVENT_AFFECTED_PROCS)) {
                about.addAll(procs(i.value()));
            }
        }
        if (range == DataRange.CUSTOM && targets == null) {
            throw new PmixException(Status.ERR_BAD_PARAM, "notify: range CUSTOM without PMIX_EVENT_CUSTOM_RANGE");
        }
        List<ClientRecord> to = new ArrayList<>();
        synchronized (state.lock) {
            for (ClientRecord c : state.clients.values()) {
                if (c != source && c.link != null && inRange(c.proc, source.proc, range, targets) && wants(c, code, about)) {
                    to.add(c);
                }
            }
        }
        for (ClientRecord c : to) {
            try {
                c.link.event(code, source.proc, range, event);
            } catch (RuntimeException e) {
                ServerState.LOG.log(System.Logger.Level.DEBUG, "event " + Status.name(code) + " to " + c.proc + " dropped: " + e);
            }
        }
        ServerState.reply(source, requestId, List.of());
    }

    private static boolean inRange(Proc to, Proc from, int range, List<Proc> targets) {
        return switch (range) {
            case DataRange.LOCAL, DataRange.SESSION, DataRange.GLOBAL, DataRange.UNDEF -> true;
            case DataRange.NAMESPACE -> to.namespace().equals(from.namespace());
            case DataRange.CUSTOM -> matchesAny(to, targets);
            default -> false; // PROC_LOCAL: the notifier's own handlers; RM: the host's
        };
    }

    /** Whether one of the client's registrations takes {@code code} about {@code about}. */
    private static boolean wants(ClientRecord c, int code, List<Proc> about) {
        for (Registration reg : c.events) {
            if (reg.codes().contains(code) && (reg.affected().isEmpty() || about.isEmpty() || overlaps(reg.affected(), about))) {
                return true;
            }
        }
        return false;
    }

    private static boolean overlaps(List<Proc> a, List<Proc> b) {
        for (Proc p : b) {
            if (matchesAny(p, a)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code p} is one of {@code procs}, a WILDCARD rank standing for its whole namespace. */
    private static boolean matchesAny(Proc p, List<Proc> procs) {
        for (Proc q : procs) {
            if (q.namespace().equals(p.namespace()) && (q.rank() == p.rank() || q.rank() == Rank.WILDCARD || p.rank() == Rank.WILDCARD)) {
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
