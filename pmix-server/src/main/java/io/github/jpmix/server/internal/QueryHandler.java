package io.github.jpmix.server.internal;

import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Key;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.Rank;
import io.github.jpmix.common.RegAttr;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.SupportedAttributes;
import io.github.jpmix.common.internal.SupportedAttributes.Level;
import io.github.jpmix.common.internal.protocol.MessageKeys;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Not API. {@code PMIx_Query_info} on the server: from clients (and tools, whose requests are the same), and
 * the resolve calls, which are queries too ({@link ResolveHandler}).
 *
 * <p><b>Host first.</b> Every query goes to the host's {@code query} upcall first, with the requester's
 * {@code PMIX_USERID} and {@code PMIX_GRPID} added to its qualifiers (the Standard's Query section: "the PMIx
 * library is required to add the PMIX_USERID and the PMIX_GRPID attributes of the client process making the
 * request"). The server answers itself each key the host leaves out: all of them when the host fails with
 * {@code PMIX_ERR_NOT_SUPPORTED} or {@code PMIX_ERR_NOT_FOUND}; any other host failure fails the request.
 * Host answers are matched to queries by key, in order.
 *
 * <p><b>What the server answers</b> is the table in {@link #SUPPORT}: each query key with its required and
 * optional qualifiers, the same keys {@link SupportedAttributes} lists for {@code PMIx_Query_info} at the server
 * level. Any other key of a data realm ({@link Keys#defaultRealm}) is read from the store as a get would read it
 * (the qualifiers {@code PMIX_PROCID}, or {@code PMIX_NSPACE} with {@code PMIX_RANK}, name the target; the
 * requester's namespace by default), as OpenPMIx looks in its data store first. A key nobody knows is
 * {@code PMIX_ERR_NOT_SUPPORTED}.
 *
 * <p><b>Statuses</b> of a request: {@code PMIX_ERR_BAD_PARAM} (no queries, a missing required qualifier,
 * {@code PMIX_PROCID} together with {@code PMIX_NSPACE} or {@code PMIX_RANK}) fails it before the host sees
 * it; {@code PMIX_SUCCESS} when every key was answered; {@code PMIX_ERR_PARTIAL_SUCCESS} when some were; when
 * none was, {@code PMIX_ERR_NOT_SUPPORTED} if no key was supported by anybody, else {@code PMIX_ERR_NOT_FOUND}.
 * The answer format is {@link io.github.jpmix.common.QueryResults}'.
 */
final class QueryHandler {
    /** What the server answers for one query key, given the requester and the query. Returns null for "not found". */
    private interface Answerer {
        Value answer(QueryHandler h, ClientRecord requester, Query q);
    }

    private record Support(Key<?> key, List<Key<?>> required, List<Key<?>> optional, Answerer answerer) {
    }

    /** The query keys the server answers itself, in the order {@code PMIX_QUERY_SUPPORTED_KEYS} lists them. */
    static final Map<String, Support> SUPPORT = new LinkedHashMap<>();

    static {
        support(Keys.QUERY_NAMESPACES, List.of(), List.of(), QueryHandler::namespaces);
        support(Keys.QUERY_NAMESPACE_INFO, List.of(), List.of(Keys.NSPACE), QueryHandler::namespaceInfo);
        support(Keys.QUERY_JOB_STATUS, List.of(Keys.NSPACE), List.of(),
                (h, r, q) -> Value.ofStatus(h.procs.jobStatus(nspace(q))));
        support(Keys.QUERY_PROC_TABLE, List.of(Keys.NSPACE), List.of(),
                (h, r, q) -> Value.ofDataArray(DataArray.of(DataType.PROC_INFO, h.procs.all(nspace(q)))));
        support(Keys.QUERY_LOCAL_PROC_TABLE, List.of(Keys.NSPACE), List.of(),
                (h, r, q) -> Value.ofDataArray(DataArray.of(DataType.PROC_INFO, h.procs.local(nspace(q)))));
        support(Keys.QUERY_SPAWN_SUPPORT, List.of(), List.of(), (h, r, q) -> Value.ofString(h.spawnSupport(false)));
        support(Keys.QUERY_DEBUG_SUPPORT, List.of(), List.of(), (h, r, q) -> Value.ofString(h.spawnSupport(true)));
        support(Keys.QUERY_SUPPORTED_KEYS, List.of(), List.of(),
                (h, r, q) -> Value.ofString(String.join(",", SUPPORT.keySet())));
        support(Keys.QUERY_AVAIL_SERVERS, List.of(), List.of(), QueryHandler::availableServers);
        support(Keys.QUERY_ATTRIBUTE_SUPPORT, List.of(), List.of(Keys.CLIENT_ATTRIBUTES, Keys.SERVER_ATTRIBUTES,
                Keys.HOST_ATTRIBUTES, Keys.TOOL_ATTRIBUTES, Keys.CLIENT_FUNCTIONS, Keys.SERVER_FUNCTIONS,
                Keys.HOST_FUNCTIONS, Keys.TOOL_FUNCTIONS), QueryHandler::attributeSupport);
        support(Keys.LOCAL_PROCS, List.of(), List.of(Keys.NODEID, Keys.HOSTNAME, Keys.NSPACE, Keys.SESSION_ID),
                QueryHandler::localProcs);
        support(Keys.NODE_LIST, List.of(), List.of(Keys.NSPACE, Keys.SESSION_ID), QueryHandler::nodeList);
    }

    private static void support(Key<?> key, List<Key<?>> required, List<Key<?>> optional, Answerer answerer) {
        SUPPORT.put(key.name(), new Support(key, required, optional, answerer));
    }

    /** The outcome of one query: the info per key found, the failure per key not found. */
    record Outcome(Query query, List<Info> found, List<PmixException> failures) {
        boolean answered() {
            return !found.isEmpty();
        }

        /** The one answer info of the query (see {@code QueryResults}), or its first key with PMIX_UNDEF. */
        Info answer() {
            if (found.isEmpty()) {
                return Info.of(query.keys().get(0), Value.UNDEF);
            }
            if (keysOf(query).size() == 1) {
                return found.get(0);
            }
            return Info.of(Keys.QUERY_RESULTS, DataArray.of(DataType.INFO, found));
        }
    }

    private final ServerState state;
    private final ProcTable procs;

    QueryHandler(ServerState state) {
        this.state = state;
        this.procs = new ProcTable(state);
    }

    // ---- the QUERY request ----

    /** Answers a QUERY request: {@code jpmix.status} and {@code jpmix.answers}, or an error reply. */
    void onQuery(ClientRecord caller, int correlationId, List<Info> infos) {
        List<Query> queries = new ArrayList<>();
        for (Info i : infos) {
            if (i.key().equals(MessageKeys.QUERIES)) {
                queries.addAll(i.value().asDataArray().elements(Query.class));
            }
        }
        run(caller, queries).whenComplete((outcomes, error) -> {
            if (error != null) {
                ServerState.replyError(caller, correlationId, error);
                return;
            }
            try {
                int status = status(outcomes);
                List<Info> answers = new ArrayList<>(outcomes.size());
                for (Outcome o : outcomes) {
                    answers.add(o.answer());
                }
                ServerState.reply(caller, correlationId, List.of(
                        Info.of(MessageKeys.STATUS, Value.ofStatus(status)),
                        Info.of(MessageKeys.ANSWERS, Value.ofDataArray(DataArray.of(DataType.INFO, answers)))));
            } catch (RuntimeException e) {
                ServerState.replyError(caller, correlationId, e);
            }
        });
    }

    /**
     * The status of a request from its outcomes: SUCCESS, PARTIAL_SUCCESS, or a {@link PmixException} with
     * NOT_SUPPORTED (nothing answered, no key supported) or NOT_FOUND (nothing answered) naming each reason.
     */
    static int status(List<Outcome> outcomes) {
        int keys = 0;
        int found = 0;
        boolean allUnsupported = true;
        StringBuilder why = new StringBuilder();
        for (Outcome o : outcomes) {
            keys += o.found().size() + o.failures().size();
            found += o.found().size();
            for (PmixException f : o.failures()) {
                allUnsupported &= f.status() == Status.ERR_NOT_SUPPORTED;
                why.append(why.length() == 0 ? "" : "; ").append(f.getMessage());
            }
        }
        if (found == keys) {
            return Status.SUCCESS;
        }
        if (found > 0) {
            return Status.ERR_PARTIAL_SUCCESS;
        }
        throw new PmixException(allUnsupported ? Status.ERR_NOT_SUPPORTED : Status.ERR_NOT_FOUND, "query: " + why);
    }

    // ---- host first, then the server ----

    /**
     * Runs queries for a requester: checks them, asks the host, answers what it leaves.
     *
     * @return one outcome per query, in order; a failed stage for a bad request or a host failure
     */
    CompletionStage<List<Outcome>> run(ClientRecord requester, List<Query> queries) {
        List<Query> relayed = new ArrayList<>(queries.size());
        try {
            if (queries.isEmpty()) {
                throw new PmixException(Status.ERR_BAD_PARAM, "query: no queries");
            }
            for (Query q : queries) {
                check(q);
                List<Info> quals = new ArrayList<>(q.qualifiers());
                quals.add(Info.of(Keys.USERID, requester.uid));
                quals.add(Info.of(Keys.GRPID, requester.gid));
                relayed.add(new Query(q.keys(), quals));
            }
        } catch (PmixException e) {
            return CompletableFuture.failedFuture(e);
        }
        CompletionStage<List<Info>> host;
        try {
            host = state.host.query(requester.proc, Collections.unmodifiableList(relayed));
            if (host == null) {
                throw new PmixException(Status.ERROR, "host query upcall returned null");
            }
        } catch (RuntimeException e) {
            host = CompletableFuture.failedFuture(e);
        }
        return host.handle((results, error) -> {
            List<Info> unused = new ArrayList<>();
            if (error != null) {
                PmixException pe = ServerState.asPmix(error);
                if (pe.status() != Status.ERR_NOT_SUPPORTED && pe.status() != Status.ERR_NOT_FOUND) {
                    throw pe;
                }
            } else if (results != null) {
                unused.addAll(results);
            }
            List<Outcome> out = new ArrayList<>(queries.size());
            for (Query q : queries) {
                out.add(answer(requester, q, unused));
            }
            return out;
        });
    }

    /** The answer of one query: per key, the host's answer if it gave one, else the server's own. */
    private Outcome answer(ClientRecord requester, Query q, List<Info> hostResults) {
        List<Info> found = new ArrayList<>();
        List<PmixException> failures = new ArrayList<>();
        for (String key : keysOf(q)) {
            Info fromHost = null;
            for (Info r : hostResults) {
                if (r.key().equals(key) && r.value().type() != DataType.UNDEF) {
                    fromHost = r;
                    break;
                }
            }
            if (fromHost != null) {
                hostResults.remove(fromHost);
                found.add(Info.of(key, fromHost.value()));
                continue;
            }
            try {
                Value v = answerItself(requester, key, q);
                if (v == null) {
                    throw new PmixException(Status.ERR_NOT_FOUND, key + ": not found");
                }
                found.add(Info.of(key, v));
            } catch (PmixException e) {
                failures.add(new PmixException(e.status(), Status.name(e.status()) + " for " + key + ": "
                        + e.getMessage(), e));
            }
        }
        return new Outcome(q, found, failures);
    }

    /** The keys of a query that are answered one by one: an attribute-support query's other keys are functions. */
    static List<String> keysOf(Query q) {
        return q.keys().get(0).equals(Keys.QUERY_ATTRIBUTE_SUPPORT.name()) ? List.of(q.keys().get(0)) : q.keys();
    }

    /** Rejects a query the Standard calls a bad parameter: a missing required qualifier, PROCID with NSPACE/RANK. */
    private static void check(Query q) {
        boolean procId = has(q, Keys.PROCID);
        if (procId && (has(q, Keys.NSPACE) || has(q, Keys.RANK))) {
            // Query section: "inclusion of both the PMIX_PROCID directive and either the PMIX_NSPACE or the
            // PMIX_RANK attribute will return a PMIX_ERR_BAD_PARAM result"
            throw new PmixException(Status.ERR_BAD_PARAM, "query: " + q.keys()
                    + " has PMIX_PROCID together with PMIX_NSPACE or PMIX_RANK");
        }
        if (flag(q, Keys.QUERY_SUPPORTED_QUALIFIERS.name())) {
            return;
        }
        for (String key : keysOf(q)) {
            Support s = SUPPORT.get(key);
            if (s == null) {
                continue;
            }
            for (Key<?> r : s.required()) {
                if (!has(q, r)) {
                    throw new PmixException(Status.ERR_BAD_PARAM, "query: " + SupportedAttributes.cName(s.key())
                            + " requires the qualifier " + SupportedAttributes.cName(r));
                }
            }
        }
    }

    /** One key answered by the server: from {@link #SUPPORT}, else from the store; null for "not found". */
    private Value answerItself(ClientRecord requester, String key, Query q) {
        Support s = SUPPORT.get(key);
        if (flag(q, Keys.QUERY_SUPPORTED_QUALIFIERS.name())) {
            // Query keys: "Return comma-delimited list of qualifiers supported by a query on the provided key,
            // instead of actually performing the query on the key."
            if (s == null) {
                throw new PmixException(Status.ERR_NOT_SUPPORTED, "the server does not answer " + key);
            }
            List<String> quals = new ArrayList<>();
            s.required().forEach(k -> quals.add(k.name()));
            s.optional().forEach(k -> quals.add(k.name()));
            return Value.ofString(String.join(",", quals));
        }
        if (s != null) {
            return s.answerer().answer(this, requester, q);
        }
        if (Keys.defaultRealm(key).isEmpty()) {
            throw new PmixException(Status.ERR_NOT_SUPPORTED, "neither the host nor the server answers " + key);
        }
        Proc target = target(requester, q);
        List<Info> quals = new ArrayList<>();
        for (Info i : q.qualifiers()) {
            if (!i.is(Keys.PROCID) && !i.is(Keys.NSPACE) && !i.is(Keys.RANK) && !i.is(Keys.QUERY_REFRESH_CACHE)) {
                quals.add(i);
            }
        }
        synchronized (state.lock) {
            return state.store.get(target, key, quals, requester.proc).orElse(null);
        }
    }

    /** A data-realm key's target: PMIX_PROCID, else PMIX_NSPACE (+ PMIX_RANK, default WILDCARD), else the requester's job. */
    private static Proc target(ClientRecord requester, Query q) {
        Optional<Value> procId = value(q, Keys.PROCID);
        if (procId.isPresent()) {
            return procId.get().asProc();
        }
        String ns = value(q, Keys.NSPACE).map(Value::asString).orElse(requester.proc.namespace());
        int rank = value(q, Keys.RANK).map(Value::asInt).orElse(Rank.WILDCARD);
        return new Proc(ns, rank);
    }

    // ---- the answers ----

    private Value namespaces(ClientRecord requester, Query q) {
        synchronized (state.lock) {
            return Value.ofString(String.join(",", state.store.namespaces()));
        }
    }

    private Value namespaceInfo(ClientRecord requester, Query q) {
        List<Info> out = new ArrayList<>();
        synchronized (state.lock) {
            Optional<String> only = value(q, Keys.NSPACE).map(Value::asString);
            List<String> names = only.map(List::of).orElseGet(state.store::namespaces);
            for (String ns : names) {
                if (!state.store.hasNamespace(ns)) {
                    throw new PmixException(Status.ERR_INVALID_NAMESPACE, "no namespace " + ns + " here");
                }
                // PRRTE's answer: one element per namespace, itself an array with the namespace and command line
                List<Info> info = new ArrayList<>();
                info.add(Info.of(Keys.NSPACE, ns));
                for (Key<?> k : List.of(Keys.JOB_SIZE, Keys.CMD_LINE)) {
                    state.store.get(Proc.wildcard(ns), k.name(), List.of(), null).ifPresent(v -> info.add(Info.of(k.name(), v)));
                }
                out.add(Info.of(Keys.QUERY_NAMESPACE_INFO, DataArray.of(DataType.INFO, info)));
            }
        }
        return Value.ofDataArray(DataArray.of(DataType.INFO, out));
    }

    private static String nspace(Query q) {
        return value(q, Keys.NSPACE).orElseThrow().asString();
    }

    /**
     * Spawn (or debug) attributes: what any level registered for {@code PMIx_Spawn}, debug ones being those whose
     * key starts with {@code "pmix.dbg."}. The server hands spawns to its host, so this is what the host registered.
     */
    private String spawnSupport(boolean debug) {
        Set<String> keys = new LinkedHashSet<>();
        for (Level level : Level.values()) {
            for (String fn : List.of("PMIx_Spawn", "PMIx_Spawn_nb")) {
                for (RegAttr a : attributes(level).getOrDefault(fn, List.of())) {
                    if (!debug || a.key().startsWith("pmix.dbg.")) {
                        keys.add(a.key());
                    }
                }
            }
        }
        return String.join(",", keys);
    }

    /**
     * {@code PMIX_QUERY_AVAIL_SERVERS}: this server first, then every other live server of the node that
     * published a rendezvous file ({@link ServerScan}), one {@code PMIX_SERVER_INFO_ARRAY} each.
     */
    private Value availableServers(ClientRecord requester, Query q) {
        List<Info> out = new ArrayList<>();
        out.add(Info.of(Keys.SERVER_INFO_ARRAY, DataArray.of(DataType.INFO, state.serverInfo)));
        for (List<Info> other : state.otherServers.get()) {
            out.add(Info.of(Keys.SERVER_INFO_ARRAY, DataArray.of(DataType.INFO, other)));
        }
        return Value.ofDataArray(DataArray.of(DataType.INFO, out));
    }

    private Map<String, List<RegAttr>> attributes(Level level) {
        if (level == Level.HOST) {
            synchronized (state.lock) {
                return new LinkedHashMap<>(state.hostAttributes);
            }
        }
        return SupportedAttributes.functions(level);
    }

    /**
     * {@code PMIX_QUERY_ATTRIBUTE_SUPPORT}: one info per level asked (all four when none is), in level order.
     * {@code PMIX_<LEVEL>_ATTRIBUTES} answers an array with one info per function (key: the function's name,
     * value: its {@code pmix_regattr_t} array); {@code PMIX_<LEVEL>_FUNCTIONS} answers the comma-delimited
     * function names; a level with nothing to report answers {@code PMIX_UNDEF} (the Standard: "an array
     * element with a key of PMIX_HOST_ATTRIBUTES and a value type of PMIX_UNDEF indicating that no attributes
     * are supported at that level"). The functions are the query's keys after the first (the Standard) and
     * the comma-delimited value of a level qualifier (OpenPMIx); none, or {@code "all"}, means every function.
     */
    private Value attributeSupport(ClientRecord requester, Query q) {
        Set<String> askedFns = new LinkedHashSet<>(q.keys().subList(1, q.keys().size()));
        boolean anyLevel = false;
        for (Level level : Level.values()) {
            anyLevel |= has(q, level.attributesKey()) || has(q, level.functionsKey());
        }
        List<Info> out = new ArrayList<>();
        for (Level level : Level.values()) {
            Map<String, List<RegAttr>> table = attributes(level);
            Optional<Value> attrs = value(q, level.attributesKey());
            if (!anyLevel || (attrs.isPresent() && requested(attrs.get()))) {
                Set<String> fns = new LinkedHashSet<>(askedFns);
                attrs.ifPresent(v -> fns.addAll(functionList(v)));
                List<Info> perFn = new ArrayList<>();
                table.forEach((fn, regs) -> {
                    if (fns.isEmpty() || fns.contains("all") || fns.contains(fn)) {
                        perFn.add(Info.of(fn, Value.ofDataArray(DataArray.of(DataType.REGATTR, regs))));
                    }
                });
                out.add(perFn.isEmpty() ? Info.of(level.attributesKey().name(), Value.UNDEF)
                        : Info.of(level.attributesKey().name(), Value.ofDataArray(DataArray.of(DataType.INFO, perFn))));
            }
            Optional<Value> fnsAsked = value(q, level.functionsKey());
            if (fnsAsked.isPresent() && requested(fnsAsked.get())) {
                out.add(table.isEmpty() ? Info.of(level.functionsKey().name(), Value.UNDEF)
                        : Info.of(level.functionsKey(), String.join(",", table.keySet())));
            }
        }
        return Value.ofDataArray(DataArray.of(DataType.INFO, out));
    }

    /** A level qualifier asks for its level unless it is a boolean false. */
    private static boolean requested(Value v) {
        return v.type() != DataType.BOOL || v.asBoolean();
    }

    private static List<String> functionList(Value v) {
        if (v.type() != DataType.STRING || v.asString().isBlank()) {
            return List.of();
        }
        return Arrays.stream(v.asString().split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    /**
     * {@code PMIX_LOCAL_PROCS}: the processes on the nodes the {@code PMIX_NODEID} and {@code PMIX_HOSTNAME}
     * qualifiers name (RFC0010's example: "a value that contained a pmix_data_array_t of pmix_proc_t structures,
     * each structure containing the namespace and rank of a proc on one of the specified nodes"), this node when
     * none is named; of the {@code PMIX_NSPACE} qualifier's job, else of every job (of the {@code PMIX_SESSION_ID}
     * qualifier's session when there is one).
     */
    private Value localProcs(ClientRecord requester, Query q) {
        Optional<String> ns = value(q, Keys.NSPACE).map(Value::asString);
        Integer session = value(q, Keys.SESSION_ID).map(Value::asInt).orElse(null);
        Set<Proc> out = new LinkedHashSet<>();
        boolean named = false;
        synchronized (state.lock) {
            for (Info i : q.qualifiers()) {
                if (i.is(Keys.HOSTNAME)) {
                    named = true;
                    out.addAll(peers(i.value().asString(), ns.orElse(null), session));
                } else if (i.is(Keys.NODEID)) {
                    named = true;
                    String host = hostOf(i.value().asInt(), ns.orElse(null), session);
                    if (host != null) {
                        out.addAll(peers(host, ns.orElse(null), session));
                    }
                }
            }
            if (!named) {
                out.addAll(peers(state.hostname, ns.orElse(null), session));
            }
        }
        return Value.ofDataArray(DataArray.of(DataType.PROC, List.copyOf(out)));
    }

    /** The name of the node with a node id, as the store knows it from the job (or any job); null if unknown. */
    private String hostOf(int nodeId, String nspace, Integer session) {
        List<String> jobs = nspace != null ? List.of(nspace) : state.namespacesOf(session);
        for (String ns : jobs) {
            Optional<Value> host = state.store.get(Proc.wildcard(ns), Keys.HOSTNAME.name(),
                    List.of(Info.of(Keys.NODEID, nodeId)), null);
            if (host.isPresent()) {
                return host.get().asString();
            }
        }
        return null;
    }

    /**
     * The processes of {@code nspace} (null: every namespace of {@code session}, or every one for a null
     * session, those whose peers on the node cannot be derived skipped) on {@code node}. Caller holds the lock.
     *
     * @throws PmixException {@link Status#ERR_INVALID_NAMESPACE}, {@link Status#ERR_DATA_VALUE_NOT_FOUND} as
     *     {@link ServerStore#peers}
     */
    private List<Proc> peers(String node, String nspace, Integer session) {
        return nspace != null ? state.store.peers(node, nspace) : state.sessionPeers(node, session);
    }

    /**
     * {@code PMIX_NODE_LIST} of a job, or (no {@code PMIX_NSPACE}) of every job (of the {@code PMIX_SESSION_ID}
     * qualifier's session when there is one) merged in namespace order.
     */
    private Value nodeList(ClientRecord requester, Query q) {
        Optional<String> ns = value(q, Keys.NSPACE).map(Value::asString);
        Integer session = value(q, Keys.SESSION_ID).map(Value::asInt).orElse(null);
        synchronized (state.lock) {
            if (ns.isPresent()) {
                return Value.ofString(String.join(",", state.store.nodes(ns.get())));
            }
            // regex-format.md section 8: with an empty nspace OpenPMIx "merges all namespaces and removes duplicates"
            Set<String> all = new LinkedHashSet<>();
            for (String n : state.namespacesOf(session)) {
                all.addAll(state.store.nodes(n));
            }
            return Value.ofString(String.join(",", all));
        }
    }

    // ---- qualifiers ----

    private static boolean has(Query q, Key<?> key) {
        return value(q, key).isPresent();
    }

    private static Optional<Value> value(Query q, Key<?> key) {
        for (Info i : q.qualifiers()) {
            if (i.key().equals(key.name())) {
                return Optional.of(i.value());
            }
        }
        return Optional.empty();
    }

    /**
     * A boolean qualifier that is set (present without a value counts as true, as in PMIx). Only a BOOL counts:
     * {@code "pmix.qry.quals"} is also {@code PMIX_QUERY_QUALIFIERS}, an array in results.
     */
    private static boolean flag(Query q, String key) {
        for (Info i : q.qualifiers()) {
            if (i.key().equals(key)) {
                int t = i.value().type();
                return t == DataType.UNDEF || (t == DataType.BOOL && i.value().asBoolean());
            }
        }
        return false;
    }
}
