package io.github.jpmix.server.internal;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.ProcState;
import io.github.jpmix.common.Rank;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.LogText;
import io.github.jpmix.common.internal.protocol.MessageKeys;
import io.github.jpmix.common.internal.protocol.Messages;
import io.github.jpmix.common.internal.protocol.Op;
import io.github.jpmix.common.internal.transport.PeerCredentials;
import io.github.jpmix.server.internal.transport.ClientConnection;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Not API. Tool connections (RFC0010): admits a tool at the handshake, gives it its identity, and
 * keeps it apart from the registered clients ({@code docs/tools.md}, "Admission").
 *
 * <p><b>Who may connect.</b> The tool claims its uid and gid ({@code PMIX_USERID},
 * {@code PMIX_GRPID}); the kernel's {@code SO_PEERCRED} must confirm both, else
 * {@code PMIX_ERR_INVALID_CRED}. Then the host's {@code toolConnected} upcall is asked, for every
 * tool, with those infos, the tool's pid ({@code PMIX_PROC_PID}), the identity it will get
 * ({@code PMIX_TOOL_NSPACE}, {@code PMIX_TOOL_RANK}) and whatever else the tool passed:
 * <ul>
 *   <li>success: admitted, whoever it is;
 *   <li>{@code PMIX_ERR_NOT_SUPPORTED} (the default answer): admitted only if it runs as the
 *       server's own user or as root, else refused with {@code PMIX_ERR_NO_PERMISSIONS};
 *   <li>any other failure: refused with that status and message.
 * </ul>
 * A host that answers at once (the default does) gets its verdict into the handshake: a refused
 * tool's connect fails with the status. A host that answers later gets an ACCEPT without
 * {@code jpmix.status}, and the verdict follows as a notification ({@code jpmix.status},
 * {@code jpmix.message}); a refused tool is then disconnected.
 *
 * <p><b>Identity.</b> The tool's own {@code PMIX_TOOL_NSPACE}/{@code PMIX_TOOL_RANK} if it gave
 * them (refused with {@code PMIX_ERR_EXISTS} if a connected tool has it, {@code PMIX_ERR_BAD_PARAM}
 * if it is a registered job's namespace), else {@code <server nspace>.tool.<n>}, rank 0.
 *
 * <p><b>Requests.</b> An admitted tool may query, log and finalize (close); other operations belong
 * to clients and fail with {@code PMIX_ERR_NOT_SUPPORTED}. Tools are not in the client registry:
 * fences, proc tables and {@code clientTerminated} never see them.
 *
 * <p>Threading: handshakes, requests and departures arrive on the conductor thread; verdicts of a
 * slow host on the host's thread. State is guarded by the server lock.
 */
public final class ToolConnections {
    /** How long a refused tool is given to read its verdict and hang up before the server closes it. */
    private static final int REFUSED_GRACE_SECONDS = 5;

    private final ServerState state;
    private final int ownUid = PeerCredentials.currentUid();
    /** Connected tools by identity, admitted or awaiting the host's verdict. Guarded by the server lock. */
    private final Map<Proc, Tool> tools = new HashMap<>();
    private volatile Proc serverProc;
    private int nextId = 1;

    private static final class Tool {
        final ClientRecord record;
        final PeerCredentials credentials;
        boolean admitted;

        Tool(ClientRecord record, PeerCredentials credentials) {
            this.record = record;
            this.credentials = credentials;
        }
    }

    ToolConnections(ServerState state) {
        this.state = state;
    }

    /** Starts accepting tools (the server has a tool listener); {@code serverProc} names it to them. */
    public void enable(Proc serverProc) {
        this.serverProc = serverProc;
    }

    /** Whether a handshake comes from a tool rather than a registered client. */
    static boolean isTool(List<Info> hello) {
        Value v = MessageKeys.find(hello, MessageKeys.TOOL);
        return v != null && v.asBoolean();
    }

    /** The handshake of a tool: the ACCEPT payload, or a PmixException to REJECT it. */
    byte[] accept(ClientConnection connection, List<Info> hello) {
        Proc server = serverProc;
        if (server == null) {
            throw new PmixException(Status.ERR_NOT_SUPPORTED, "handshake: this server does not accept tools: it was"
                    + " started without PMIX_SERVER_TOOL_SUPPORT or PMIX_SERVER_SYSTEM_SUPPORT");
        }
        PeerCredentials credentials = connection.credentials();
        List<Info> infos = MessageKeys.rest(hello);
        int uid = claimed(infos, Keys.USERID.name());
        int gid = claimed(infos, Keys.GRPID.name());
        Value pidField = MessageKeys.find(hello, MessageKeys.PID);
        long pid = pidField == null ? connection.pid() : pidField.asLong();
        if (!credentials.hasUid(uid) || !credentials.hasGid(gid)) {
            ServerState.REFUSALS.log(System.Logger.Level.WARNING, credentials.userName(), () -> "refused a tool (claims pid "
                    + pid + "): it claims uid " + Integer.toUnsignedString(uid) + " gid " + Integer.toUnsignedString(gid)
                    + " but the kernel says " + credentials);
            throw new PmixException(Status.ERR_INVALID_CRED, "handshake: the tool claims uid " + Integer.toUnsignedString(uid)
                    + " gid " + Integer.toUnsignedString(gid) + " but connected as " + credentials);
        }
        Value nsField = MessageKeys.find(hello, MessageKeys.NSPACE);
        Value rankField = MessageKeys.find(hello, MessageKeys.RANK);
        Tool tool;
        synchronized (state.lock) {
            Proc id = nsField != null ? requested(nsField.asString(), rankField == null ? 0 : rankField.asInt())
                    : assign(server);
            ClientRecord record = new ClientRecord(id, uid, gid);
            record.tool = true;
            record.connection = connection;
            record.link = new RingLink(connection);
            record.pid = pid;
            record.state = ProcState.CONNECTED;
            tool = new Tool(record, credentials);
            tools.put(id, tool);
            connection.attach(record);
        }
        Proc id = tool.record.proc;
        List<Info> upcallInfo = new ArrayList<>();
        upcallInfo.add(Info.of(Keys.USERID, uid));
        upcallInfo.add(Info.of(Keys.GRPID, gid));
        upcallInfo.add(Info.of(Keys.PROC_PID, (int) pid));
        upcallInfo.add(Info.of(Keys.TOOL_NSPACE, id.namespace()));
        upcallInfo.add(Info.of(Keys.TOOL_RANK, id.rank()));
        for (Info i : infos) {
            if (!i.is(Keys.USERID) && !i.is(Keys.GRPID) && !i.is(Keys.PROC_PID)) {
                upcallInfo.add(i);
            }
        }
        CompletableFuture<Void> verdict = upcall(upcallInfo);
        List<Info> reply = new ArrayList<>();
        reply.add(Info.of(MessageKeys.NSPACE, Value.ofString(id.namespace())));
        reply.add(Info.of(MessageKeys.RANK, Value.ofRank(id.rank())));
        reply.add(Info.of(MessageKeys.SERVER_PROC, Value.ofProc(server)));
        reply.add(Info.of(MessageKeys.HOSTNAME, Value.ofString(state.hostname)));
        if (verdict.isDone()) {
            PmixException refusal = decide(tool, verdict);
            if (refusal != null) {
                forget(tool);
                throw refusal; // a REJECT: the tool's connect fails with exactly this status
            }
            reply.add(Info.of(MessageKeys.STATUS, Value.ofStatus(Status.SUCCESS)));
        } else {
            verdict.whenComplete((ok, error) -> deliverLateVerdict(tool, verdict));
        }
        return Messages.reply(reply);
    }

    private static int claimed(List<Info> infos, String key) {
        Value v = MessageKeys.find(infos, key);
        if (v == null) {
            throw new PmixException(Status.ERR_BAD_PARAM, "handshake: a tool must send " + key + " (its effective id)");
        }
        return v.asInt();
    }

    private Proc requested(String nspace, int rank) {
        Proc id = new Proc(nspace, rank);
        if (!Rank.isValid(rank)) {
            throw new PmixException(Status.ERR_BAD_PARAM, "handshake: PMIX_TOOL_RANK is not a process rank: " + Rank.toString(rank));
        }
        if (state.store.hasNamespace(nspace)) {
            throw new PmixException(Status.ERR_BAD_PARAM, "handshake: PMIX_TOOL_NSPACE " + nspace + " is a registered job's namespace");
        }
        if (tools.containsKey(id)) {
            throw new PmixException(Status.ERR_EXISTS, "handshake: a tool named " + id + " is already connected");
        }
        return id;
    }

    private Proc assign(Proc server) {
        while (true) {
            Proc id = new Proc(server.namespace() + ".tool." + nextId++, 0);
            if (!tools.containsKey(id) && !state.store.hasNamespace(id.namespace())) {
                return id;
            }
        }
    }

    private CompletableFuture<Void> upcall(List<Info> info) {
        try {
            return state.host.toolConnected(List.copyOf(info)).toCompletableFuture();
        } catch (RuntimeException e) {
            // a host that threw, or a stage that cannot be made a future: a failure, unless NOT_SUPPORTED
            return CompletableFuture.failedFuture(e);
        }
    }

    /** The refusal the rule gives (null: admitted); marks the tool admitted. */
    private PmixException decide(Tool tool, CompletableFuture<Void> verdict) {
        Throwable error = null;
        try {
            verdict.join();
        } catch (RuntimeException e) {
            error = e;
        }
        ClientRecord r = tool.record;
        String who = "tool " + LogText.peer(r.proc.toString()) + " (" + tool.credentials + ", claims pid " + r.pid + ")";
        PmixException refusal = null;
        if (error != null && ServerState.isNotSupported(error)) {
            if (!tool.credentials.hasUid(ownUid) && !tool.credentials.hasUid(0)) {
                refusal = new PmixException(Status.ERR_NO_PERMISSIONS, "handshake: " + who + " may not connect: only the"
                        + " server's user (uid " + Integer.toUnsignedString(ownUid) + ") and root may, unless the host's"
                        + " toolConnected admits it");
            }
        } else if (error != null) {
            PmixException host = ServerState.asPmix(error);
            refusal = new PmixException(host.status(), "handshake: the host refused " + who + ": " + host.getMessage(), host);
        }
        if (refusal != null) {
            String line = "refused " + who + ": " + LogText.peer(refusal.getMessage(), 1024);
            ServerState.REFUSALS.log(System.Logger.Level.WARNING, tool.credentials.userName(), () -> line);
            return refusal;
        }
        synchronized (state.lock) {
            tool.admitted = true;
        }
        // another user's tool is worth a line in the log; the owner's own are routine
        boolean own = tool.credentials.hasUid(ownUid);
        ServerState.LOG.log(own ? System.Logger.Level.DEBUG : System.Logger.Level.INFO, "admitted " + who);
        return null;
    }

    private void deliverLateVerdict(Tool tool, CompletableFuture<Void> verdict) {
        PmixException refusal = decide(tool, verdict);
        ClientConnection c = tool.record.connection;
        if (c == null) {
            return; // the tool left while the host was deciding
        }
        List<Info> message = new ArrayList<>();
        message.add(Info.of(MessageKeys.STATUS, Value.ofStatus(refusal == null ? Status.SUCCESS : refusal.status())));
        message.add(Info.of(MessageKeys.MESSAGE, Value.ofString(refusal == null ? "" : refusal.getMessage())));
        try {
            c.send(Messages.reply(message));
        } catch (PmixException e) {
            ServerState.LOG.log(System.Logger.Level.DEBUG, "verdict to " + tool.record.proc + " dropped: " + e.getMessage());
        }
        if (refusal != null) {
            forget(tool);
            // it reads the verdict from its ring and hangs up; one that does not is closed
            state.schedule(c::close, REFUSED_GRACE_SECONDS);
        }
    }

    private void forget(Tool tool) {
        synchronized (state.lock) {
            tools.remove(tool.record.proc, tool);
        }
    }

    /**
     * A request from a tool, before the dispatcher's switch: true if handled here (finalize), false
     * to let the dispatcher handle it (query, log).
     *
     * @throws PmixException {@code PMIX_ERR_NO_PERMISSIONS} before admission,
     *     {@code PMIX_ERR_NOT_SUPPORTED} for a client-only operation
     */
    boolean intercept(ClientRecord client, int op, int correlationId) {
        boolean admitted;
        synchronized (state.lock) {
            Tool t = tools.get(client.proc);
            admitted = t != null && t.record == client && t.admitted;
        }
        if (!admitted) {
            throw new PmixException(Status.ERR_NO_PERMISSIONS, "tool " + client.proc + " is not admitted");
        }
        switch (op) {
            case Op.QUERY, Op.LOG:
                return false;
            case Op.FINALIZE:
                synchronized (state.lock) {
                    client.finalized = true;
                    client.state = ProcState.TERMINATED;
                }
                ServerState.reply(client, correlationId, List.of());
                return true;
            default:
                throw new PmixException(Status.ERR_NOT_SUPPORTED, "tool " + client.proc + ": " + Op.name(op)
                        + " is a client operation; tools may query, log and finalize");
        }
    }

    /** A tool's connection ended. */
    void onDisconnect(ClientRecord client, boolean clean) {
        synchronized (state.lock) {
            Tool t = tools.get(client.proc);
            if (t != null && t.record == client) {
                tools.remove(client.proc);
            }
            client.connection = null;
            client.link = null;
            if (!client.finalized) {
                client.state = ProcState.TERM_WO_SYNC;
            }
        }
        ServerState.LOG.log(System.Logger.Level.DEBUG, "tool " + client.proc + " (pid " + client.pid + ") left"
                + (client.finalized ? "" : clean ? " without finalizing" : " (connection lost)"));
    }

    /** The number of connected tools (admitted or not), for tests. */
    public int count() {
        synchronized (state.lock) {
            return tools.size();
        }
    }
}
