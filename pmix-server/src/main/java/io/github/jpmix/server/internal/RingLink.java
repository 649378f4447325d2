package io.github.jpmix.server.internal;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Proc;
import io.github.jpmix.server.internal.front.ClientLink;
import io.github.jpmix.server.internal.front.Reply;
import io.github.jpmix.server.internal.transport.ClientConnection;
import java.util.List;

/** Not API. A client of JPMIx's own transport: replies go to its ring, encoded as {@code Messages} replies. */
final class RingLink implements ClientLink {
    final ClientConnection connection;

    RingLink(ClientConnection connection) {
        this.connection = connection;
    }

    @Override
    public void reply(int requestId, Reply reply) {
        connection.reply(requestId, reply.encoded());
    }

    @Override
    public void replyError(int requestId, int status, String message) {
        connection.replyError(requestId, status, message);
    }

    /** JPMIx's Java clients have no event handlers: nothing to deliver to. */
    @Override
    public void event(int code, Proc source, int range, List<Info> info) {
    }

    @Override
    public boolean isOpen() {
        return connection.isOpen();
    }

    @Override
    public void close() {
        connection.close();
    }

    @Override
    public String toString() {
        return connection.toString();
    }
}
