package io.github.jpmix.server.internal.openpmix;

import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.KeyValue;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.bfrops.BfropsWriter;
import io.github.jpmix.common.internal.openpmix.Commands;
import io.github.jpmix.common.internal.protocol.MessageKeys;
import io.github.jpmix.server.internal.front.Reply;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Not API. The payloads this server sends OpenPMIx clients ({@code docs/openpmix.md}, "Commands"):
 * every reply starts with a {@code PMIX_STATUS} (a client reads an empty payload as a lost
 * connection); a GET's success adds one byte object of the target and its values, a QUERY's the
 * answers; the job data of {@code PMIX_REQ_CMD} is {@link JobDataReply}'s.
 */
final class Replies {
    private Replies() {
    }

    /** The payload of a successful reply to a request {@code p} describes. */
    static byte[] success(OpenPmixFront front, OpenPmixConnection.Pending p, Reply reply) {
        BfropsWriter w = new BfropsWriter();
        switch (p.command()) {
            case Commands.GETNB -> {
                w.packStatus(Status.SUCCESS);
                Value v = MessageKeys.find(reply.infos(), MessageKeys.VALUE);
                w.packByteObject(procData(front, p.target(), p.key(), v));
            }
            case Commands.QUERY -> {
                Value status = MessageKeys.find(reply.infos(), MessageKeys.STATUS);
                Value answers = MessageKeys.find(reply.infos(), MessageKeys.ANSWERS);
                List<Info> found = new ArrayList<>();
                if (answers != null) {
                    for (Info i : answers.asDataArray().elements(Info.class)) {
                        if (i.value().type() != DataType.UNDEF) { // an unanswered query: nothing to send
                            found.add(i);
                        }
                    }
                }
                w.packStatus(status == null ? Status.SUCCESS : status.asInt());
                w.packSize(found.size());
                if (!found.isEmpty()) {
                    w.packInfos(found);
                }
            }
            default -> w.packStatus(Status.SUCCESS);
        }
        return w.toByteArray();
    }

    /**
     * What a GET reply carries of its target ({@code server/pmix_server_get.c:734-868}): for a posted
     * key, every value of the target this node's processes may read (the client keeps them all and
     * asks no more of that process); for a reserved key, that key.
     */
    private static BfropsWriter procData(OpenPmixFront front, Proc target, String key, Value value) {
        Map<String, Value> values = new LinkedHashMap<>();
        if (key != null && Keys.isReserved(key)) {
            values.put(key, value);
        } else {
            values.putAll(front.backend().posted(target));
            if (key != null && value != null) {
                values.put(key, value);
            }
        }
        BfropsWriter bo = new BfropsWriter();
        bo.packProc(target);
        values.forEach((k, v) -> bo.packKeyValue(new KeyValue(k, v)));
        return bo;
    }

    /**
     * An event, sent with tag 0 ({@code event/pmix_event_notification.c:1148-1195}): the code, its
     * source, its infos and its range (which the client does not read but OpenPMIx sends).
     */
    static byte[] event(int code, Proc source, int range, List<Info> info) {
        BfropsWriter w = new BfropsWriter();
        w.packCommand(Commands.NOTIFY);
        w.packStatus(code);
        w.packProc(source);
        w.packSize(info.size());
        if (!info.isEmpty()) {
            w.packInfos(info);
        }
        w.pack(DataType.DATA_RANGE, range);
        return w.toByteArray();
    }
}
