package io.github.jpmix.server.internal.front;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import java.util.List;
import java.util.Map;

/**
 * Not API. The server behind the fronts: what a front calls, from its own thread, to admit a
 * client, hand in its requests and report its departure. Thread-safe.
 */
public interface ServerBackend {
    /**
     * Admits a registered client that connected through a front.
     *
     * @param uid the peer's user id as the kernel reports it (never what the peer claims)
     * @param gid the peer's group id as the front could establish it
     * @param pid the peer's process id as the front could establish it (0: unknown)
     * @param front the front's name, for the log ({@code "openpmix"}, ...)
     * @throws PmixException the refusal, already logged: {@link Status#ERR_NOT_FOUND} (not registered,
     *     or already terminated), {@link Status#ERR_INVALID_CRED} (not the registered uid or gid),
     *     {@link Status#ERR_EXISTS} (already connected)
     */
    ClientHandle admit(Proc proc, int uid, int gid, long pid, ClientLink link, String front);

    /**
     * A request of an admitted client: {@code op} is one of {@code Op}'s codes, {@code request} its
     * fields in {@code MessageKeys} form. The answer comes through the client's link, from this or
     * another thread; a {@code requestId} of 0 asks for none.
     */
    void request(ClientHandle client, int requestId, int op, List<Info> request);

    /**
     * The client's connection through {@code link} ended: cleanly (after its finalize) or not (it
     * died, or broke the protocol). Idempotent.
     */
    void closed(ClientHandle client, ClientLink link, boolean clean);

    /**
     * The facts of a registered namespace by realm.
     *
     * @throws PmixException {@link Status#ERR_INVALID_NAMESPACE} when it is not registered
     */
    JobFacts jobFacts(String namespace);

    /** What this node's processes may read of what {@code proc} posted (key to its newest value); empty if nothing. */
    Map<String, Value> posted(Proc proc);

    /** This node's name in the job's maps. */
    String hostname();

    /** The server's own identity ({@code PMIX_SERVER_NSPACE}, {@code PMIX_SERVER_RANK}). */
    Proc serverProc();
}
