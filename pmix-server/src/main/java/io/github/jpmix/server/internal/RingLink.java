package io.github.jpmix.server.internal;

import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.protocol.MessageKeys;
import io.github.jpmix.common.internal.protocol.Messages;
import io.github.jpmix.common.internal.protocol.Op;
import io.github.jpmix.server.internal.front.ClientLink;
import io.github.jpmix.server.internal.front.Reply;
import io.github.jpmix.server.internal.transport.ClientConnection;
import java.util.ArrayList;
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

    /**
     * A notification (correlation id 0): a NOTIFY message of {@code jpmix.status}, {@code jpmix.source},
     * {@code jpmix.range} and the event's infos ({@code docs/protocol.md}, "Events").
     */
    @Override
    public void event(int code, Proc source, int range, List<Info> info) {
        List<Info> fields = new ArrayList<>(info.size() + 3);
        fields.add(Info.of(MessageKeys.STATUS, Value.ofStatus(code)));
        fields.add(Info.of(MessageKeys.SOURCE, Value.ofProc(source)));
        fields.add(Info.of(MessageKeys.RANGE, Value.of(DataType.DATA_RANGE, range)));
        fields.addAll(info);
        connection.send(Messages.request(Op.NOTIFY, fields));
    }

    /** JPMIx's clients map the store and read posted data from its newest generation. */
    @Override
    public boolean readsStore() {
        return true;
    }

    /** JPMIx's clients run their default handlers for every event they are sent. */
    @Override
    public boolean takesDefaultEvents() {
        return true;
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
