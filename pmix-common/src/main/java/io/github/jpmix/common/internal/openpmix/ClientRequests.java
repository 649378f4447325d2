package io.github.jpmix.common.internal.openpmix;

import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.KeyValue;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.QueryResults;
import io.github.jpmix.common.Scope;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.bfrops.BfropsReader;
import io.github.jpmix.common.internal.bfrops.BfropsWriter;
import io.github.jpmix.common.internal.protocol.MessageKeys;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Not API. What an OpenPMIx 4.2.2 client or tool sends its server, and how it reads the replies, as
 * {@code libpmix} packs and unpacks them (each method cites the lines). Every request starts with
 * its command packed alone ({@code P(COMMAND,c)}); every reply but REQ's starts with a status
 * ({@code docs/openpmix.md}, "Commands", where the server's side of each is).
 */
public final class ClientRequests {
    private ClientRequests() {
    }

    /** {@code PMIX_REQ_CMD}: nothing after the command ({@code client/pmix_client.c:868-893}); the reply is the job data. */
    public static byte[] req() {
        return new BfropsWriter().packCommand(Commands.REQ).toByteArray();
    }

    /** {@code PMIx_Finalize}: nothing after the command ({@code client/pmix_client.c:1065-1140}). */
    public static byte[] finalizeRequest() {
        return new BfropsWriter().packCommand(Commands.FINALIZE).toByteArray();
    }

    /**
     * {@code PMIx_Commit} ({@code client/pmix_client.c:1376-1480}): for scope LOCAL then REMOTE, when it
     * has data, {@code P(SCOPE) P(BUFFER of P(KVAL)...)}. A LOCAL section holds the LOCAL and GLOBAL
     * values, a REMOTE one the REMOTE and GLOBAL values, and each commit sends <em>every</em> value put
     * so far ({@code gds_hash.c:1277-1306}, {@code gds_fetch.c:657-737}): the server's store replaces a
     * process's values key by key.
     *
     * @param posted every value put so far, by key, with its scope ({@link MessageKeys#posted})
     */
    public static byte[] commit(Map<String, Info> posted) {
        BfropsWriter w = new BfropsWriter().packCommand(Commands.COMMIT);
        for (int scope : new int[] {Scope.LOCAL, Scope.REMOTE}) {
            BfropsWriter section = new BfropsWriter();
            for (Info i : posted.values()) {
                int s = MessageKeys.scopeOf(i);
                if (s == scope || s == Scope.GLOBAL) {
                    section.packKeyValue(new KeyValue(i.key(), i.value()));
                }
            }
            if (section.size() > 0) {
                w.pack(DataType.SCOPE, scope);
                w.packBuffer(section);
            }
        }
        return w.toByteArray();
    }

    /**
     * {@code PMIx_Fence_nb} ({@code client/pmix_client_fence.c:203-243}):
     * {@code P(SIZE n) P(PROC x n) P(SIZE ninfo) [P(INFO x ninfo)]}; no processes means the caller's
     * whole namespace, sent as {@code {nspace, WILDCARD}} ({@code :151-159}).
     */
    public static byte[] fence(List<Proc> procs, List<Info> directives) {
        BfropsWriter w = new BfropsWriter().packCommand(Commands.FENCENB);
        w.packSize(procs.size());
        w.packProcs(procs);
        infos(w, directives);
        return w.toByteArray();
    }

    /**
     * {@code PMIx_Get_nb} that goes to the server ({@code client/pmix_client_get.c:584-660}):
     * {@code P(STRING nspace) P(PROC_RANK rank) P(SIZE ninfo) [P(INFO x ninfo)] [P(STRING key)]}.
     */
    public static byte[] get(Proc target, List<Info> qualifiers, String key) {
        BfropsWriter w = new BfropsWriter().packCommand(Commands.GETNB);
        w.packString(target.namespace());
        w.packRank(target.rank());
        infos(w, qualifiers);
        if (key != null) {
            w.packString(key);
        }
        return w.toByteArray();
    }

    /**
     * {@code PMIx_Abort} ({@code client/pmix_client.c:1194-1260}):
     * {@code P(STATUS) P(STRING message) P(SIZE n) [P(PROC x n)]}.
     */
    public static byte[] abort(int status, String message, Collection<Proc> procs) {
        BfropsWriter w = new BfropsWriter().packCommand(Commands.ABORT);
        w.packStatus(status);
        w.packString(message);
        w.packSize(procs.size());
        if (!procs.isEmpty()) {
            w.packProcs(List.copyOf(procs));
        }
        return w.toByteArray();
    }

    /** {@code PMIx_Query_info} ({@code common/pmix_query.c:209-250}): {@code P(SIZE nq) P(QUERY x nq)}. */
    public static byte[] query(List<Query> queries) {
        BfropsWriter w = new BfropsWriter().packCommand(Commands.QUERY);
        w.packSize(queries.size());
        w.packAll(DataType.QUERY, queries);
        return w.toByteArray();
    }

    /**
     * {@code PMIx_Log} to a server of version 3 or later ({@code common/pmix_log.c:159-270}):
     * {@code P(TIME ts) P(SIZE nd) [P(INFO x nd)] P(SIZE ndir) [P(INFO x ndir)]}; the timestamp is the
     * caller's time in seconds when a directive asks for {@code PMIX_LOG_GENERATE_TIMESTAMP}, else 0.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} for no data (libpmix refuses it so)
     */
    public static byte[] log(List<Info> data, List<Info> directives) {
        if (data.isEmpty()) {
            throw new PmixException(Status.ERR_BAD_PARAM, "log: no data to log");
        }
        long stamp = 0;
        for (Info i : directives) {
            if (i.is(Keys.LOG_GENERATE_TIMESTAMP) && (i.value().type() == DataType.UNDEF || i.value().asBoolean())) {
                stamp = System.currentTimeMillis() / 1000;
            }
        }
        BfropsWriter w = new BfropsWriter().packCommand(Commands.LOG);
        w.pack(DataType.TIME, stamp);
        infos(w, data);
        infos(w, directives);
        return w.toByteArray();
    }

    private static void infos(BfropsWriter w, List<Info> infos) {
        w.packSize(infos.size());
        if (!infos.isEmpty()) {
            w.packInfos(infos);
        }
    }

    // ---- replies ----

    /**
     * The reply's leading status: returns the reader past it.
     *
     * @throws PmixException with that status when it is not {@code PMIX_SUCCESS} (an empty reply, which a
     *     server never sends, is {@code PMIX_ERR_UNREACH}, as libpmix reads it: notes §1.1)
     */
    public static BfropsReader success(byte[] reply, String what) {
        BfropsReader r = new BfropsReader(reply);
        if (!r.hasRemaining()) {
            throw new PmixException(Status.ERR_UNREACH, what + ": the server sent an empty reply");
        }
        int status = r.unpackStatus();
        if (status != Status.SUCCESS) {
            throw new PmixException(status, what + ": " + Status.name(status));
        }
        return r;
    }

    /** The values one byte object of a GET reply carries: its process, then its KVALs in order. */
    public record ProcValues(Proc proc, Map<String, Value> values) {
    }

    /**
     * A GET reply ({@code server/pmix_server.c:3437-3497}, {@code gds_hash.c:1429-1449}):
     * {@code P(STATUS) [P(BYTE_OBJECT of P(PROC) P(KVAL)...)]...}. Status 0 with no byte object is
     * legal: the server has nothing for the key (notes §3.2).
     *
     * @throws PmixException the reply's status when it is not {@code PMIX_SUCCESS}
     */
    public static List<ProcValues> getReply(byte[] reply, String what) {
        BfropsReader r = success(reply, what);
        List<ProcValues> out = new ArrayList<>();
        while (r.hasRemaining()) {
            BfropsReader bo = r.unpackByteObjectReader();
            Proc p = bo.unpackProc();
            Map<String, Value> values = new LinkedHashMap<>();
            while (bo.hasRemaining()) {
                KeyValue kv = bo.unpackKeyValue();
                values.put(kv.key(), kv.value());
            }
            out.add(new ProcValues(p, values));
        }
        return out;
    }

    /**
     * A QUERY reply ({@code common/pmix_query.c:115-187}): {@code P(STATUS) P(SIZE n) [P(INFO x n)]},
     * the answers one info per key found, as JPMIx's {@link QueryResults}: one answer per query, in
     * order (a query with one key: that key's info; with several: a {@code PMIX_QUERY_RESULTS} array of
     * the infos found), {@code PMIX_ERR_PARTIAL_SUCCESS} when some query found nothing.
     *
     * @throws PmixException the reply's status when it is neither success nor partial success, or
     *     {@code PMIX_ERR_NOT_FOUND} when the server answered none of the queries
     */
    public static QueryResults queryResults(byte[] reply, List<Query> queries) {
        BfropsReader r = new BfropsReader(reply);
        if (!r.hasRemaining()) {
            throw new PmixException(Status.ERR_UNREACH, "query: the server sent an empty reply");
        }
        int status = r.unpackStatus();
        if (status != Status.SUCCESS && status != Status.ERR_PARTIAL_SUCCESS) {
            throw new PmixException(status, "query: " + Status.name(status));
        }
        List<Info> found = new ArrayList<>();
        if (r.hasRemaining()) {
            long n = r.unpackSize();
            if (n < 0 || n > r.remaining()) {
                throw new PmixException(Status.ERR_UNPACK_INADEQUATE_SPACE, "query: " + Long.toUnsignedString(n)
                        + " answers announced with " + r.remaining() + " bytes left");
            }
            if (n > 0) {
                found.addAll(r.unpackInfos((int) n));
            }
        }
        // an answer that is itself PMIX_QUERY_RESULTS holds the per-key infos (the Standard's form)
        List<Info> flat = new ArrayList<>();
        for (Info i : found) {
            if (i.is(Keys.QUERY_RESULTS) && i.value().type() == DataType.DATA_ARRAY) {
                flat.addAll(i.value().asDataArray().elements(Info.class));
            } else {
                flat.add(i);
            }
        }
        Set<Integer> used = new HashSet<>();
        List<Info> answers = new ArrayList<>(queries.size());
        boolean all = true;
        boolean any = false;
        for (Query q : queries) {
            List<Info> mine = new ArrayList<>();
            for (String k : q.keys()) {
                for (int j = 0; j < flat.size(); j++) {
                    if (!used.contains(j) && flat.get(j).key().equals(k)) {
                        used.add(j);
                        mine.add(flat.get(j));
                        break;
                    }
                }
            }
            if (mine.isEmpty()) {
                all = false;
                answers.add(Info.of(q.keys().get(0), Value.UNDEF));
            } else {
                any = true;
                answers.add(q.keys().size() == 1 ? mine.get(0) : Info.of(Keys.QUERY_RESULTS.name(),
                        Value.ofDataArray(DataArray.of(DataType.INFO, mine))));
            }
        }
        if (!any) {
            throw new PmixException(Status.ERR_NOT_FOUND, "query: the server answered none of "
                    + Arrays.toString(queries.stream().map(q -> q.keys().get(0)).toArray()));
        }
        return new QueryResults(all ? Status.SUCCESS : Status.ERR_PARTIAL_SUCCESS, answers);
    }
}
