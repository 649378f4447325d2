package io.github.jpmix.client;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import java.util.List;
import java.util.Objects;

/**
 * An event handler ({@code pmix_notification_fn_t}; PMIx Standard v4, "Event Notification"), registered
 * with {@link PmixClient#registerEventHandler}. The handlers an event reaches run one after the other, in
 * their order ({@code docs/events.md}, "Order"), each seeing what the ones before it returned; a handler
 * that returns {@link Outcome#complete} ends the chain ({@code PMIX_EVENT_ACTION_COMPLETE}).
 *
 * <p>Handlers run on the client's event thread, one event at a time, never on the thread that reads the
 * server's messages: a handler may call the client (a get, a fence, an abort), and such a call blocks
 * only the events queued behind it. A handler that throws is logged and counts as {@link Outcome#next}.
 */
@FunctionalInterface
public interface EventHandler {
    /**
     * Handles one event.
     *
     * @return what the chain does next: {@link Outcome#next} passes the event on, {@link Outcome#complete}
     *     ends it; the results either carries go to the handlers after this one
     */
    Outcome onEvent(Event event);

    /**
     * One event as a handler sees it.
     *
     * @param handler the reference {@link PmixClient#registerEventHandler} returned for the handler called
     * @param status the event's code ({@link Status})
     * @param source the process that raised it: a peer that notified it, this process, the server, or the
     *     process whose death the server reports
     * @param info the event's infos (e.g. {@code PMIX_EVENT_AFFECTED_PROC}, {@code PMIX_EVENT_TEXT_MESSAGE}),
     *     then {@code PMIX_EVENT_HDLR_NAME} when the handler has a name
     * @param results what the handlers before this one returned, in order
     */
    record Event(long handler, int status, Proc source, List<Info> info, List<Info> results) {
        public Event {
            Objects.requireNonNull(source, "source");
            info = List.copyOf(info);
            results = List.copyOf(results);
        }

        /** The processes the event is about ({@code PMIX_EVENT_AFFECTED_PROC(S)}); empty when it names none. */
        public List<Proc> affected() {
            return EventChain.affected(info);
        }

        @Override
        public String toString() {
            return "Event[" + Status.name(status) + " from " + source + ", " + info.size() + " infos]";
        }
    }

    /**
     * What a handler returns: a status ({@code PMIX_EVENT_ACTION_COMPLETE} ends the chain; anything else
     * passes the event on) and results for the handlers after it.
     */
    record Outcome(int status, List<Info> results) {
        /** Passes the event on, adding nothing. */
        public static final Outcome NEXT = new Outcome(Status.SUCCESS, List.of());
        /** Ends the chain ({@code PMIX_EVENT_ACTION_COMPLETE}), adding nothing. */
        public static final Outcome COMPLETE = new Outcome(Status.EVENT_ACTION_COMPLETE, List.of());

        public Outcome {
            results = List.copyOf(results);
        }

        /** Passes the event on with {@code results} for the handlers after this one. */
        public static Outcome next(Info... results) {
            return new Outcome(Status.SUCCESS, List.of(results));
        }

        /** Ends the chain ({@code PMIX_EVENT_ACTION_COMPLETE}) with {@code results}. */
        public static Outcome complete(Info... results) {
            return new Outcome(Status.EVENT_ACTION_COMPLETE, List.of(results));
        }
    }
}
