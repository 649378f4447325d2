package io.github.jpmix.tool;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.PmixVersion;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.QueryResults;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.JvmFlags;
import io.github.jpmix.common.internal.openpmix.ClientRequests;
import io.github.jpmix.common.internal.protocol.MessageKeys;
import io.github.jpmix.common.internal.protocol.Messages;
import io.github.jpmix.common.internal.protocol.Op;
import io.github.jpmix.common.internal.protocol.Requests;
import io.github.jpmix.common.internal.transport.PeerCredentials;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * A PMIx tool (RFC0010): a debugger, monitor or command that connects to a running server to query
 * it and log through it ({@code PMIx_tool_init} ... {@code PMIx_tool_finalize}).
 *
 * <p>{@link #connect} finds a server through its rendezvous files or a given URI
 * ({@code docs/tools.md}): a JPMIx server, or a server built on OpenPMIx 4.2.2's server library (its
 * rendezvous files name a loopback TCP port; the tool then speaks OpenPMIx's tool protocol, and its
 * host decides on the tool's admission and identity). A JPMIx server admits a tool running as its
 * user or as root unless the server's host says otherwise, another user's tool only if the host's
 * {@code toolConnected} agrees. The server gives the tool its identity unless the tool asked for one
 * ({@code PMIX_TOOL_NSPACE}/{@code PMIX_TOOL_RANK}).
 *
 * <p>A tool can also run unconnected ({@code PMIX_TOOL_DO_NOT_CONNECT}, or
 * {@code PMIX_TOOL_CONNECT_OPTIONAL} when no server was found): it then has an identity of its own,
 * {@code jpmix.tool.<host>.<pid>} rank 0 unless it asked for one, and its requests fail with
 * {@code PMIX_ERR_UNREACH}.
 *
 * <p>Conventions as for {@code PmixClient}: every failure is a {@link PmixException} with the PMIx
 * status; after the server is gone every call fails with {@code PMIX_ERR_LOST_CONNECTION}.
 *
 * <p>Thread-safe: any thread may call any method.
 */
public final class PmixTool implements AutoCloseable {
    static {
        JvmFlags.disableChronicleAnalytics();
    }

    /** Queries and logs wait for the server as long as it takes (the server answers or the connection ends). */
    private static final Duration NO_TIMEOUT = Duration.ofDays(365);
    /** The most of this tool's command line handed to the server's host ({@code PMIX_CMD_LINE}). */
    private static final int MAX_CMD_LINE = 1024;

    private final Proc self;
    private final Link link;
    private volatile boolean closed;

    private PmixTool(Proc self, Link link) {
        this.self = self;
        this.link = link;
    }

    /**
     * Finds a server and connects to it as a tool ({@code PMIx_tool_init}).
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} for bad or contradictory options;
     *     {@link Status#ERR_UNREACH} when no server can be found or reached (the message says where it
     *     looked and which files it skipped), or when several session servers were found and none was
     *     named (the message lists them: pid, namespace, file); the server's refusal otherwise, e.g.
     *     {@link Status#ERR_NO_PERMISSIONS} for another user's tool the host did not admit
     */
    public static PmixTool connect(ToolOptions options) {
        ToolOptions o = Objects.requireNonNull(options, "options").conclude();
        if (o.doNotConnect()) {
            return unconnected(o);
        }
        List<Info> hello = hello(o);
        for (int attempt = 0; ; attempt++) {
            try {
                Link link = new Connector(o, hello).connect();
                return new PmixTool(link.self, link);
            } catch (Connector.Unreachable e) {
                if (attempt < o.maxRetries()) {
                    pause(o.retryDelay());
                    continue;
                }
                if (o.connectOptional()) {
                    return unconnected(o);
                }
                throw e;
            }
        }
    }

    /** {@link #connect(ToolOptions)} with the attributes as infos ({@link ToolOptions#fromInfo}). */
    public static PmixTool connect(List<Info> info) {
        return connect(ToolOptions.fromInfo(info));
    }

    /**
     * The rendezvous files a tool with these options can see on this node, live or not: the system
     * file first, then every session file found where {@link #connect} searches.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} for bad options
     */
    public static List<ServerEntry> servers(ToolOptions options) {
        return new Discovery(Objects.requireNonNull(options, "options").conclude()).all();
    }

    private static PmixTool unconnected(ToolOptions o) {
        Proc self = o.toolProc().orElseGet(() ->
                new Proc("jpmix.tool." + o.hostname() + "." + ProcessHandle.current().pid(), 0));
        return new PmixTool(self, null);
    }

    /** The tool's HELLO ({@code docs/protocol.md}, "Tool handshake"). */
    private static List<Info> hello(ToolOptions o) {
        long pid = ProcessHandle.current().pid();
        List<Info> hello = new ArrayList<>();
        hello.add(Info.of(MessageKeys.TOOL, Value.ofBool(true)));
        hello.add(Info.of(MessageKeys.PID, Value.ofInt64(pid)));
        hello.add(Info.of(MessageKeys.VERSION, Value.ofString(PmixVersion.PMIX_VERSION)));
        o.toolProc().ifPresent(p -> {
            hello.add(Info.of(MessageKeys.NSPACE, Value.ofString(p.namespace())));
            hello.add(Info.of(MessageKeys.RANK, Value.ofRank(p.rank())));
        });
        // claimed here, confirmed by the server against SO_PEERCRED
        hello.add(Info.of(Keys.USERID, PeerCredentials.currentUid()));
        hello.add(Info.of(Keys.GRPID, PeerCredentials.currentGid()));
        hello.add(Info.of(Keys.PROC_PID, (int) pid));
        ProcessHandle.current().info().commandLine().ifPresent(c ->
                hello.add(Info.of(Keys.CMD_LINE, c.length() > MAX_CMD_LINE ? c.substring(0, MAX_CMD_LINE) : c)));
        hello.addAll(o.passThrough());
        return hello;
    }

    private static void pause(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PmixException(Status.ERROR, "interrupted while waiting to retry the connection", e);
        }
    }

    /** This tool's identity: given by the server, or its own ({@code PMIX_TOOL_NSPACE}/{@code PMIX_TOOL_RANK}). */
    public Proc proc() {
        return self;
    }

    /** The server this tool is connected to ({@code PMIX_SERVER_NSPACE}/{@code PMIX_SERVER_RANK}); empty when unconnected. */
    public Optional<Proc> serverProc() {
        return link == null ? Optional.empty() : Optional.of(link.server);
    }

    /** The URI of the server this tool is connected to; empty when unconnected. */
    public Optional<String> serverUri() {
        return link == null ? Optional.empty() : Optional.of(link.uri);
    }

    /** Whether this tool has a server (it may since have gone: calls then fail with {@code PMIX_ERR_LOST_CONNECTION}). */
    public boolean isConnected() {
        return link != null;
    }

    /**
     * {@code PMIx_Query_info}: one answer per query ({@link QueryResults}), as for a client: the server asks
     * its host first and answers the rest itself. A tool keeps no cache: every query asks the server.
     *
     * @throws PmixException {@code PMIX_ERR_NOT_FOUND} when nothing could be answered,
     *     {@code PMIX_ERR_BAD_PARAM} for a missing required qualifier, {@code PMIX_ERR_UNREACH} when unconnected, ...
     */
    public QueryResults query(List<Query> queries) {
        return Requests.await(queryAsync(queries), this::isLost);
    }

    /** {@link #query} without blocking; the future completes on the connection's receiver thread. */
    public CompletableFuture<QueryResults> queryAsync(List<Query> queries) {
        try {
            if (isOpenPmix()) {
                Objects.requireNonNull(queries, "queries");
                if (queries.isEmpty()) {
                    throw new PmixException(Status.ERR_BAD_PARAM, "query: no queries");
                }
                return requestOpenPmix(ClientRequests.query(queries)).thenApply(r -> ClientRequests.queryResults(r, queries));
            }
            return request(Op.QUERY, Requests.query(queries)).thenApply(Requests::queryResults);
        } catch (PmixException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** {@code PMIx_Log}: success means the server handed the data off. */
    public void log(List<Info> data, List<Info> directives) {
        Requests.await(logAsync(data, directives), this::isLost);
    }

    /** {@link #log} without blocking. */
    public CompletableFuture<Void> logAsync(List<Info> data, List<Info> directives) {
        try {
            if (isOpenPmix()) {
                byte[] request = ClientRequests.log(data, directives);
                return requestOpenPmix(request).thenApply(r -> {
                    ClientRequests.success(r, "log");
                    return null;
                });
            }
            return request(Op.LOG, Requests.log(data, directives)).thenApply(r -> null);
        } catch (PmixException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** Whether the server speaks OpenPMIx's protocol ({@link ServerEntry#isOpenPmix}). */
    private boolean isOpenPmix() {
        return link != null && link.openPmix;
    }

    private CompletableFuture<List<Info>> request(byte op, List<Info> fields) {
        checkOpen();
        return link.connection.request(Messages.request(op, fields), NO_TIMEOUT)
                .thenApply(Messages::replyInfos)
                .exceptionallyCompose(t -> CompletableFuture.failedFuture(Requests.failure(t, isLost())));
    }

    /** A request to an OpenPMIx server: its payload is a bfrops buffer ({@code ClientRequests}). */
    private CompletableFuture<byte[]> requestOpenPmix(byte[] payload) {
        checkOpen();
        return link.connection.request(payload)
                .exceptionallyCompose(t -> CompletableFuture.failedFuture(Requests.failure(t, isLost())));
    }

    /** Whether a failure is to be reported as the lost connection (not after this tool's own close). */
    private boolean isLost() {
        return !closed && link != null && link.lost() != null;
    }

    private void checkOpen() {
        if (closed) {
            throw new PmixException(Status.ERR_INIT, "tool " + self + " is finalized");
        }
        if (link == null) {
            throw new PmixException(Status.ERR_UNREACH, "tool " + self + " is not connected to a server");
        }
        PmixException l = link.lost();
        if (l != null) {
            throw new PmixException(Status.ERR_LOST_CONNECTION, Discovery.strip(l), l);
        }
    }

    /**
     * {@code PMIx_tool_finalize}: tells the server this tool is done and disconnects. Idempotent;
     * afterwards every call fails with {@code PMIX_ERR_INIT}.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (link == null) {
            return;
        }
        try {
            if (link.lost() == null && link.connection.isConnected()) {
                // an OpenPMIx server answers FINALIZE before the tool closes; its tools wait at most 2 s (pmix_tool.c)
                byte[] request = isOpenPmix() ? ClientRequests.finalizeRequest() : Messages.request(Op.FINALIZE, List.of());
                link.connection.request(request, isOpenPmix() ? Duration.ofSeconds(2) : Duration.ofSeconds(5)).get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            // the server is gone or slow: the connection closes anyway
        } finally {
            link.close();
        }
    }

    @Override
    public String toString() {
        return "PmixTool[" + self + (link == null ? ", unconnected" : " -> " + link.server) + "]";
    }
}
