package io.github.jpmix.server.internal.openpmix;

import io.github.jpmix.common.App;
import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.KeyValue;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.Rank;
import io.github.jpmix.common.Scope;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.LogText;
import io.github.jpmix.common.internal.bfrops.BfropsReader;
import io.github.jpmix.common.internal.bfrops.BfropsWriter;
import io.github.jpmix.common.internal.openpmix.Commands;
import io.github.jpmix.common.internal.protocol.MessageKeys;
import io.github.jpmix.common.internal.protocol.Op;
import io.github.jpmix.common.internal.protocol.Requests;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Not API. Turns an OpenPMIx request ({@code docs/openpmix.md}, "Commands") into the server's
 * request ({@code Op} and {@code MessageKeys} fields, what JPMIx's own clients send) and hands it to
 * the backend, noting what its reply must look like. Every request gets exactly one reply but
 * {@code DEREGEVENTS}, for which OpenPMIx's clients expect none: a command this server does not
 * serve is answered {@code PMIX_ERR_NOT_SUPPORTED}, one it cannot parse the status of the failure.
 */
final class RequestAdapter {
    private RequestAdapter() {
    }

    /** Handles one request of an admitted client (front thread). */
    static void handle(OpenPmixConnection c, int tag, byte[] buf, int off, int len) {
        int cmd = -1;
        try {
            BfropsReader r = new BfropsReader(buf, off, len);
            cmd = r.unpackCommand();
            dispatch(c, tag, cmd, r);
        } catch (PmixException e) {
            OpenPmixFront.LOG.log(System.Logger.Level.DEBUG, "openpmix: " + c.who() + ": " + Commands.name(cmd)
                    + " refused: " + LogText.peer(e.getMessage()));
            if (cmd != Commands.DEREGEVENTS) {
                c.pending.remove(tag);
                c.send(tag, new BfropsWriter().packStatus(e.status()).toByteArray());
            }
        }
    }

    private static void dispatch(OpenPmixConnection c, int tag, int cmd, BfropsReader r) {
        if (cmd == Commands.FENCENB || cmd == Commands.GETNB) {
            PmixException refused = c.commitRefusal;
            if (refused != null) {
                c.commitRefusal = null;
                throw refused; // answered with its status: the caller learns its data was not taken
            }
        }
        switch (cmd) {
            case Commands.REQ -> {
                // the namespace's job data, the same bytes for every client of it (no status: gds_hash.c:744)
                c.send(tag, c.front.jobData(c.client.proc().namespace()));
            }
            case Commands.COMMIT -> request(c, tag, cmd, Op.COMMIT, commit(c, r));
            case Commands.FENCENB -> request(c, tag, cmd, Op.FENCE, fence(r));
            case Commands.GETNB -> get(c, tag, r);
            case Commands.FINALIZE -> request(c, tag, cmd, Op.FINALIZE, List.of());
            case Commands.ABORT -> request(c, tag, cmd, Op.ABORT, abort(r));
            case Commands.REGEVENTS -> request(c, tag, cmd, Op.REGISTER_EVENTS, registerEvents(r));
            case Commands.DEREGEVENTS -> {
                List<Value> codes = new ArrayList<>();
                while (r.hasRemaining()) {
                    codes.add(Value.ofStatus(r.unpackStatus()));
                }
                List<Info> fields = codes.size() == 1 && codes.get(0).asInt() == Integer.MIN_VALUE ? List.of() // the default handler
                        : List.of(Info.of(MessageKeys.CODES, Value.ofDataArray(new DataArray(DataType.STATUS, codes))));
                c.front.backend().request(c.client, 0, Op.DEREGISTER_EVENTS, fields);
            }
            case Commands.NOTIFY -> request(c, tag, cmd, Op.NOTIFY, notifyEvent(r));
            case Commands.QUERY -> request(c, tag, cmd, Op.QUERY, query(r));
            case Commands.LOG -> request(c, tag, cmd, Op.LOG, log(r));
            case Commands.JOB_CONTROL -> request(c, tag, cmd, Op.JOB_CONTROL, List.of());
            // publish / lookup, spawn, connect
            case Commands.PUBLISHNB -> request(c, tag, cmd, Op.PUBLISH, publish(r));
            case Commands.LOOKUPNB -> request(c, tag, cmd, Op.LOOKUP, keysAndInfos(r));
            case Commands.UNPUBLISHNB -> request(c, tag, cmd, Op.UNPUBLISH, keysAndInfos(r));
            case Commands.SPAWNNB -> request(c, tag, cmd, Op.SPAWN, spawn(r));
            case Commands.CONNECTNB -> connect(c, tag, cmd, Op.CONNECT, r);
            case Commands.DISCONNECTNB -> connect(c, tag, cmd, Op.DISCONNECT, r);
            default -> throw new PmixException(Status.ERR_NOT_SUPPORTED, Commands.name(cmd) + " is not served here");
        }
    }

    private static void request(OpenPmixConnection c, int tag, int cmd, int op, List<Info> fields) {
        c.pending.put(tag, new OpenPmixConnection.Pending(cmd, null, null));
        c.front.backend().request(c.client, tag, op, fields);
    }

    /**
     * {@code P(SCOPE) P(BUFFER of KVALs)} per scope, LOCAL then REMOTE; a GLOBAL put arrives in both
     * ({@code client/pmix_client.c:1376-1480}), and every commit carries every value put so far. Only
     * the values that differ from the connection's last commit are posted: the others are in the
     * modex store already, and posting them again would count them as new data that the next fence
     * release must carry or publish (a client doing many rounds would republish all it ever put).
     */
    static List<Info> commit(OpenPmixConnection c, BfropsReader r) {
        Map<String, Value> values = new LinkedHashMap<>();
        Map<String, Integer> scopes = new LinkedHashMap<>();
        while (r.hasRemaining()) {
            int scope = r.unpackScope();
            if (scope != Scope.LOCAL && scope != Scope.REMOTE) {
                throw new PmixException(Status.ERR_BAD_PARAM, "commit: a section of scope " + scope);
            }
            BfropsReader section = r.unpackBuffer();
            while (section.hasRemaining()) {
                KeyValue kv = section.unpackKeyValue();
                values.put(kv.key(), kv.value());
                scopes.merge(kv.key(), scope, (a, b) -> a.equals(b) ? a : Scope.GLOBAL);
            }
        }
        List<Info> posted = new ArrayList<>();
        values.forEach((k, v) -> {
            Info i = MessageKeys.posted(k, v, scopes.get(k));
            if (!i.equals(c.committed.put(k, i))) {
                posted.add(i);
            }
        });
        return posted;
    }

    /** {@code P(SIZE n) P(PROC x n) P(SIZE ninfo) [P(INFO x ninfo)]} ({@code client/pmix_client_fence.c:203-243}). */
    private static List<Info> fence(BfropsReader r) {
        List<Proc> procs = procs(r);
        List<Info> fields = new ArrayList<>();
        fields.add(Info.of(MessageKeys.PROCS, Value.ofDataArray(DataArray.of(DataType.PROC, procs))));
        fields.addAll(infos(r));
        return fields;
    }

    /**
     * {@code P(STRING nspace) P(PROC_RANK rank) P(SIZE ninfo) [P(INFO x ninfo)] [P(STRING key)]}
     * ({@code client/pmix_client_get.c:584-660}); no key asks for every value of the process.
     */
    private static void get(OpenPmixConnection c, int tag, BfropsReader r) {
        String nspace = r.unpackString();
        int rank = r.unpackRank();
        List<Info> qualifiers = infos(r);
        String key = r.hasRemaining() ? r.unpackString() : null;
        if (nspace == null) {
            throw new PmixException(Status.ERR_BAD_PARAM, "get: no namespace");
        }
        Proc target = new Proc(nspace, rank == Rank.UNDEF ? Rank.WILDCARD : rank);
        OpenPmixConnection.Pending p = new OpenPmixConnection.Pending(Commands.GETNB, target, key);
        if (key == null) {
            // every value the process posted that this node may read: what is here now
            c.pending.put(tag, p);
            if (c.front.backend().posted(target).isEmpty()) {
                c.replyError(tag, Status.ERR_NOT_FOUND, "nothing posted");
            } else {
                c.reply(tag, io.github.jpmix.server.internal.front.Reply.of(List.of()));
            }
            return;
        }
        List<Info> fields = new ArrayList<>();
        fields.add(Info.of(MessageKeys.TARGET, Value.ofProc(target)));
        fields.add(Info.of(MessageKeys.KEY, Value.ofString(key)));
        fields.addAll(qualifiers);
        c.pending.put(tag, p);
        c.front.backend().request(c.client, tag, Op.GET, fields);
    }

    /** {@code P(STATUS) P(STRING message) P(SIZE n) [P(PROC x n)]} ({@code client/pmix_client.c:1194-1260}). */
    private static List<Info> abort(BfropsReader r) {
        int status = r.unpackStatus();
        String message = r.unpackString();
        List<Proc> procs = procs(r);
        List<Info> fields = new ArrayList<>();
        fields.add(Info.of(MessageKeys.STATUS, Value.ofStatus(status)));
        fields.add(Info.of(MessageKeys.MESSAGE, Value.ofString(message == null ? "" : message)));
        if (!procs.isEmpty()) {
            fields.add(Info.of(MessageKeys.PROCS, Value.ofDataArray(DataArray.of(DataType.PROC, procs))));
        }
        return fields;
    }

    /** {@code P(SIZE ncodes) [P(STATUS x ncodes)] P(SIZE ninfo) [P(INFO x ninfo)]} ({@code event/pmix_event_registration.c:186-231}). */
    private static List<Info> registerEvents(BfropsReader r) {
        int n = count(r, "codes");
        List<Value> codes = new ArrayList<>(n);
        if (n > 0) {
            for (Object o : r.unpack(DataType.STATUS, n)) {
                codes.add(Value.ofStatus((Integer) o));
            }
        }
        List<Info> fields = new ArrayList<>();
        if (!codes.isEmpty()) {
            fields.add(Info.of(MessageKeys.CODES, Value.ofDataArray(new DataArray(DataType.STATUS, codes))));
        }
        fields.addAll(infos(r));
        return fields;
    }

    /** {@code P(STATUS code) P(DATA_RANGE) P(SIZE ninfo) [P(INFO x ninfo)]} ({@code event/pmix_event_notification.c:160-219}). */
    private static List<Info> notifyEvent(BfropsReader r) {
        int code = r.unpackStatus();
        int range = r.unpackDataRange();
        List<Info> fields = new ArrayList<>();
        fields.add(Info.of(MessageKeys.STATUS, Value.ofStatus(code)));
        fields.add(Info.of(MessageKeys.RANGE, Value.of(DataType.DATA_RANGE, range)));
        fields.addAll(infos(r));
        return fields;
    }

    /** {@code P(SIZE nq) P(QUERY x nq)} ({@code common/pmix_query.c:209-250}). */
    private static List<Info> query(BfropsReader r) {
        int n = count(r, "queries");
        List<Query> queries = new ArrayList<>(n);
        if (n > 0) {
            for (Object o : r.unpack(DataType.QUERY, n)) {
                queries.add((Query) o);
            }
        }
        return List.of(Info.of(MessageKeys.QUERIES, Value.ofDataArray(DataArray.of(DataType.QUERY, queries))));
    }

    /** {@code P(TIME) P(SIZE nd) [P(INFO x nd)] P(SIZE ndir) [P(INFO x ndir)]} ({@code common/pmix_log.c:159-270}). */
    private static List<Info> log(BfropsReader r) {
        r.unpack(DataType.TIME); // the client's timestamp, 0 unless asked for: the server stamps entries itself
        List<Info> data = infos(r);
        List<Info> directives = infos(r);
        return List.of(Info.of(MessageKeys.DATA, Value.ofDataArray(DataArray.of(DataType.INFO, data))),
                Info.of(MessageKeys.DIRECTIVES, Value.ofDataArray(DataArray.of(DataType.INFO, directives))));
    }

    // ---- publish / lookup, spawn, connect ----

    /**
     * {@code P(UINT32 uid) P(SIZE n) [P(INFO x n)]} ({@code client/pmix_client_pub.c:103-180}): the infos mix
     * the data with the directives; a reserved ({@code pmix}) key is a directive ({@code PMIX_RANGE},
     * {@code PMIX_PERSISTENCE}, {@code PMIX_TIMEOUT}), any other key is data. The claimed uid is ignored:
     * the server adds the one it verified.
     */
    private static List<Info> publish(BfropsReader r) {
        r.unpackUint32();
        List<Info> data = new ArrayList<>();
        List<Info> directives = new ArrayList<>();
        for (Info i : infos(r)) {
            (Keys.isReserved(i.key()) ? directives : data).add(i);
        }
        return Requests.publish(data, directives);
    }

    /**
     * {@code P(UINT32 uid) P(SIZE nkeys)}, then {@code P(STRING key)} per key, {@code P(SIZE ninfo) [P(INFO x
     * ninfo)]}: lookup and unpublish alike ({@code client/pmix_client_pub.c:244-340, 383-470}).
     */
    private static List<Info> keysAndInfos(BfropsReader r) {
        r.unpackUint32();
        int n = count(r, "keys");
        List<Value> keys = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            String key = r.unpackString();
            if (key == null) {
                throw new PmixException(Status.ERR_BAD_PARAM, "a NULL key");
            }
            keys.add(Value.ofString(key));
        }
        List<Info> fields = new ArrayList<>();
        if (!keys.isEmpty()) {
            fields.add(Info.of(MessageKeys.KEYS, Value.ofDataArray(new DataArray(DataType.STRING, keys))));
        }
        fields.addAll(infos(r));
        return fields;
    }

    /** {@code P(SIZE ninfo) [P(INFO x ninfo)] P(SIZE napps) [P(APP x napps)]} ({@code client/pmix_client_spawn.c:318-350}). */
    private static List<Info> spawn(BfropsReader r) {
        List<Info> jobInfo = infos(r);
        int n = count(r, "apps");
        List<App> apps = new ArrayList<>(n);
        if (n > 0) {
            for (Object o : r.unpack(DataType.APP, n)) {
                apps.add((App) o);
            }
        }
        List<Info> fields = new ArrayList<>();
        fields.add(Info.of(MessageKeys.APPS, Value.ofDataArray(DataArray.of(DataType.APP, apps))));
        fields.addAll(jobInfo);
        return fields;
    }

    /**
     * {@code P(SIZE n) P(PROC x n) P(SIZE ninfo) [P(INFO x ninfo)]} ({@code client/pmix_client_connect.c:108-190});
     * the reply of a connect carries the other namespaces' job data, so the pending request remembers the caller.
     */
    private static void connect(OpenPmixConnection c, int tag, int cmd, int op, BfropsReader r) {
        List<Info> fields = fence(r);
        c.pending.put(tag, new OpenPmixConnection.Pending(cmd, c.client.proc(), null));
        c.front.backend().request(c.client, tag, op, fields);
    }

    /** {@code P(SIZE n)} then, when n > 0, {@code P(PROC x n)}. */
    private static List<Proc> procs(BfropsReader r) {
        int n = count(r, "procs");
        return n == 0 ? List.of() : r.unpackProcs(n);
    }

    /** {@code P(SIZE n)} then, when n > 0, {@code P(INFO x n)}. */
    private static List<Info> infos(BfropsReader r) {
        int n = count(r, "infos");
        return n == 0 ? List.of() : r.unpackInfos(n);
    }

    private static int count(BfropsReader r, String what) {
        long n = r.unpackSize();
        if (n < 0 || n > r.remaining()) {
            throw new PmixException(Status.ERR_UNPACK_INADEQUATE_SPACE, Long.toUnsignedString(n) + " " + what
                    + " announced with " + r.remaining() + " bytes left");
        }
        return (int) n;
    }
}
