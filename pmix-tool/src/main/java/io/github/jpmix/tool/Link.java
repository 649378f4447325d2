package io.github.jpmix.tool;

import io.github.jpmix.client.transport.OpenPmixConnection;
import io.github.jpmix.client.transport.ServerConnection;
import io.github.jpmix.client.transport.TransportClient;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.bfrops.BfropsWriter;
import io.github.jpmix.common.internal.codec.Codec;
import io.github.jpmix.common.internal.openpmix.OpenPmixUri;
import io.github.jpmix.common.internal.protocol.MessageKeys;
import io.github.jpmix.common.internal.protocol.Messages;
import io.github.jpmix.common.internal.transport.ServerUri;
import io.github.jpmix.common.internal.transport.TransportConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.agrona.DirectBuffer;

/**
 * A tool's connection to one server, whichever protocol it speaks. A JPMIx server: the transport
 * handshake with the tool's HELLO ({@code docs/protocol.md}, "Tool handshake"), the wait for the
 * host's verdict when it comes after the ACCEPT. A server built on OpenPMIx's library: OpenPMIx's
 * tool handshake ({@link OpenPmixConnection#connectTool}: type 3, or 4 with the tool's own identity;
 * the host admits the tool before the server answers). Then the server's departure.
 */
final class Link implements TransportClient.Handler, OpenPmixConnection.Handler {
    /** How long a tool waits for a host that decides after the handshake (HostModule.toolConnected). */
    static final Duration VERDICT_TIMEOUT = Duration.ofSeconds(30);

    private final CompletableFuture<List<Info>> verdict = new CompletableFuture<>();
    private volatile PmixException lost;
    private volatile boolean closing;
    /** The connection: a {@link TransportClient} or an {@link OpenPmixConnection}. */
    ServerConnection connection;
    /** Whether the server speaks OpenPMIx's protocol (requests are then bfrops buffers). */
    boolean openPmix;
    String uri;
    Proc self;
    Proc server;

    private Link() {
    }

    /**
     * Connects to the server at {@code uri} and waits until it admits this tool.
     *
     * @param given the identity the tool asked for, or null
     * @throws PmixException {@code PMIX_ERR_BAD_PARAM} for a URI that is neither JPMIx's nor OpenPMIx's,
     *     {@code PMIX_ERR_UNREACH} when nobody listens there (or an OpenPMIx server refuses the tool:
     *     it closes the connection), the server's refusal otherwise
     */
    static Link open(String uri, List<Info> hello, Proc given) {
        if (OpenPmixUri.isOpenPmix(uri)) {
            return openPmix(uri, hello, given);
        }
        Link link = new Link();
        link.uri = uri;
        TransportClient t = TransportClient.connect(ServerUri.socket(uri), Messages.reply(hello), new TransportConfig(), link);
        try {
            List<Info> reply = Messages.replyInfos(t.handshakeReply());
            link.self = new Proc(MessageKeys.require(reply, MessageKeys.NSPACE).asString(), MessageKeys.require(reply, MessageKeys.RANK).asInt());
            link.server = MessageKeys.require(reply, MessageKeys.SERVER_PROC).asProc();
            if (MessageKeys.find(reply, MessageKeys.STATUS) == null) {
                link.awaitVerdict(uri);
            }
            link.connection = t;
            return link;
        } catch (RuntimeException e) {
            link.closing = true;
            t.close();
            throw e;
        }
    }

    /**
     * OpenPMIx's tool handshake. The tool's infos go to the host with the request, as
     * {@code PMIx_tool_init} passes them ({@code ptl_base_fns.c:817-822}): its pid, its command line and
     * the caller's own; the server states the ids itself ({@code pmix.euid}, {@code pmix.egid}).
     */
    private static Link openPmix(String uri, List<Info> hello, Proc given) {
        List<Info> infos = new ArrayList<>();
        for (Info i : hello) {
            if (!MessageKeys.isField(i) && !i.is(Keys.USERID) && !i.is(Keys.GRPID)) {
                infos.add(i);
            }
        }
        BfropsWriter blob = new BfropsWriter().packSize(infos.size());
        if (!infos.isEmpty()) {
            blob.packInfos(infos);
        }
        Link link = new Link();
        link.uri = uri;
        link.openPmix = true;
        OpenPmixConnection c = OpenPmixConnection.connectTool(uri, given, blob.toByteArray(),
                OpenPmixConnection.HANDSHAKE_TIMEOUT, link);
        link.self = c.self();
        link.server = c.server();
        link.connection = c;
        return link;
    }

    private void awaitVerdict(String uri) {
        List<Info> v;
        try {
            v = verdict.get(VERDICT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PmixException(Status.ERROR, "interrupted while the server at " + uri + " decided on this tool", e);
        } catch (TimeoutException e) {
            throw new PmixException(Status.ERR_TIMEOUT, "the server at " + uri + " did not admit this tool within "
                    + VERDICT_TIMEOUT.toSeconds() + " s (its host's toolConnected has not answered)");
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            throw new PmixException(Status.ERR_UNREACH, "the server at " + uri + " hung up before admitting this tool: "
                    + (c == null ? e : c.getMessage()), c);
        }
        int status = MessageKeys.require(v, MessageKeys.STATUS).asInt();
        if (status != Status.SUCCESS) {
            Value m = MessageKeys.find(v, MessageKeys.MESSAGE);
            throw new PmixException(status, m == null ? "refused by the server at " + uri : stripStatus(status, m.asString()));
        }
    }

    private static String stripStatus(int status, String message) {
        String prefix = Status.name(status) + ": ";
        return message.startsWith(prefix) ? message.substring(prefix.length()) : message;
    }

    @Override
    public void onMessage(int correlationId, DirectBuffer buffer, int offset, int length) {
        if (correlationId != 0 || verdict.isDone()) {
            return; // a server sends a tool nothing unsolicited but the host's verdict on its admission
        }
        List<Info> infos = Codec.local().decodeInfos(buffer, offset, length);
        if (MessageKeys.find(infos, MessageKeys.STATUS) != null) {
            verdict.complete(infos);
        }
    }

    /** An OpenPMIx server's event: a tool registers for none, so one that comes anyway is dropped. */
    @Override
    public void onEvent(byte[] payload) {
    }

    @Override
    public void onDisconnect(PmixException reason) {
        if (!closing) {
            lost = new PmixException(Status.ERR_LOST_CONNECTION, "lost the server at " + uri + ": " + reason.getMessage(), reason);
        }
        verdict.completeExceptionally(reason);
    }

    /** Why the connection is gone, or null while it lives. */
    PmixException lost() {
        return lost;
    }

    void close() {
        closing = true;
        if (connection != null) {
            connection.close();
        }
    }
}
