package io.github.jpmix.server.internal.front;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Proc;
import java.util.List;

/**
 * Not API. How the server reaches one admitted client, whatever front it came through. Every
 * request the front handed in with a non-zero id gets exactly one {@link #reply} or
 * {@link #replyError} (zero means the request expects none).
 *
 * <p>Thread-safe: replies come from the front's thread, the host's callbacks and the server's timer.
 * A reply to a client that has gone is dropped (the front knows it gone and the server hears of it
 * through {@link ServerBackend#closed}).
 */
public interface ClientLink {
    /** The request {@code requestId} succeeded. */
    void reply(int requestId, Reply reply);

    /** The request {@code requestId} failed with {@code status}. */
    void replyError(int requestId, int status, String message);

    /**
     * An event for this client ({@code PMIx_Notify_event}): it registered for {@code code}. A front
     * that cannot deliver events drops it.
     */
    void event(int code, Proc source, int range, List<Info> info);

    /**
     * Whether a registration without codes (a default handler) receives events through this front. False
     * for OpenPMIx's clients: OpenPMIx 4.2.2's server delivers nothing to one, and Open MPI's default handler
     * aborts the process on any event it gets ({@code docs/openpmix.md}, "Commands").
     */
    default boolean takesDefaultEvents() {
        return false;
    }

    /**
     * Whether the client reads the data store's files itself, and so must be told of new modex data in
     * its fence releases ({@code docs/gds.md}, "Generations"). False for OpenPMIx's clients: they ask
     * the server for every value they do not hold, and their fence reply is a status alone.
     */
    default boolean readsStore() {
        return false;
    }

    /** Whether the connection is still up. */
    boolean isOpen();

    /** Closes the connection (the server is done with the client); idempotent. */
    void close();
}
