package io.github.jpmix.client.internal;

import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.QueryResults;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.protocol.Requests;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Not API. A client's cache of query answers and the merge of cached and fresh ones: the Standard's
 * {@code PMIx_Query_info} "The local cache shall be checked prior to querying the PMIx server ...
 * Queries that include the PMIX_QUERY_REFRESH_CACHE attribute shall bypass the local cache and
 * retrieve a new value for the query, refreshing the values in the cache". {@link #plan} splits a
 * call's queries into the answers the cache has and the queries the server must answer;
 * {@link #merge} puts the server's answers in their places, caches them, and says whether the call
 * succeeded in whole or in part.
 *
 * <p>Thread-safe: the cache is a concurrent map; a {@link Plan} belongs to one call.
 */
public final class QueryCache {
    /** Answers of earlier queries, by query without PMIX_QUERY_REFRESH_CACHE. */
    private final Map<Query, Info> answers = new ConcurrentHashMap<>();

    /**
     * One call's queries: the answers known so far (the cache's, in place; the server's slots null),
     * the positions the server answers, and the queries it is asked.
     */
    public record Plan(List<Query> queries, Info[] answers, List<Integer> asked, List<Query> toServer) {
        /** The call's result when the cache answered every query. */
        public QueryResults cached() {
            return new QueryResults(Status.SUCCESS, Arrays.asList(answers));
        }
    }

    /**
     * Splits {@code queries} into cached answers and queries for the server.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} for no queries
     */
    public Plan plan(List<Query> queries) {
        Objects.requireNonNull(queries, "queries");
        if (queries.isEmpty()) {
            throw new PmixException(Status.ERR_BAD_PARAM, "query: no queries");
        }
        Info[] found = new Info[queries.size()];
        List<Integer> asked = new ArrayList<>();
        List<Query> toServer = new ArrayList<>();
        for (int i = 0; i < queries.size(); i++) {
            Query q = Objects.requireNonNull(queries.get(i), "query");
            Info cached = refresh(q) ? null : answers.get(cacheKey(q));
            if (cached != null) {
                found[i] = cached;
            } else {
                asked.add(i);
                toServer.add(q);
            }
        }
        return new Plan(queries, found, asked, toServer);
    }

    /**
     * The call's result from the server's answers to {@link Plan#toServer} (or its failure): the
     * server's answers in their places, each one cached; when the server found none of its queries but
     * the cache answered some, a partial success.
     *
     * @param fromServer the server's answers, one per query it was asked; null when {@code error} is not
     * @param connectionLost whether the connection to the server is gone (any failure then is
     *     {@code PMIX_ERR_LOST_CONNECTION}, {@link Requests#failure})
     * @throws PmixException the failure the caller sees
     */
    public QueryResults merge(Plan plan, QueryResults fromServer, Throwable error, boolean connectionLost) {
        Info[] out = plan.answers();
        List<Integer> asked = plan.asked();
        boolean cachedSome = asked.size() < plan.queries().size();
        if (error != null) {
            PmixException pe = Requests.failure(error, connectionLost);
            if (!cachedSome || (pe.status() != Status.ERR_NOT_FOUND && pe.status() != Status.ERR_NOT_SUPPORTED)) {
                throw pe;
            }
            // the server found none of the others, the cache had some: partial success
            for (int i : asked) {
                out[i] = Info.of(plan.queries().get(i).keys().get(0), Value.UNDEF);
            }
            return new QueryResults(Status.ERR_PARTIAL_SUCCESS, Arrays.asList(out));
        }
        if (fromServer.answers().size() != asked.size()) {
            throw new PmixException(Status.ERR_BAD_PARAM, "query: the server sent " + fromServer.answers().size()
                    + " answers to " + asked.size() + " queries");
        }
        boolean all = fromServer.isComplete();
        for (int j = 0; j < asked.size(); j++) {
            Info a = fromServer.answers().get(j);
            out[asked.get(j)] = a;
            if (a.value().type() != DataType.UNDEF) {
                answers.put(cacheKey(plan.toServer().get(j)), a);
            }
        }
        return new QueryResults(all ? Status.SUCCESS : Status.ERR_PARTIAL_SUCCESS, Arrays.asList(out));
    }

    private static boolean refresh(Query q) {
        for (Info i : q.qualifiers()) {
            if (i.is(Keys.QUERY_REFRESH_CACHE)) {
                return i.value().type() == DataType.UNDEF || i.value().asBoolean();
            }
        }
        return false;
    }

    /** A query as the cache knows it: without {@code PMIX_QUERY_REFRESH_CACHE}. */
    private static Query cacheKey(Query q) {
        return new Query(q.keys(), q.qualifiers().stream().filter(i -> !i.is(Keys.QUERY_REFRESH_CACHE)).toList());
    }
}
