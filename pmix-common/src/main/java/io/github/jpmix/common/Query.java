package io.github.jpmix.common;

import java.util.List;
import java.util.Objects;

/**
 * A query ({@code pmix_query_t}, {@code PMIX_QUERY}): the keys asked for and the qualifiers that
 * narrow them (e.g. {@code PMIX_LOCAL_PROCS} qualified by {@code PMIX_NODEID}, as RFC0010's
 * example does). Qualifier infos carry {@link InfoDirectives#QUALIFIER}, which
 * {@link #Query(List, List)} sets on them.
 */
public record Query(List<String> keys, List<Info> qualifiers) {
    public Query {
        keys = List.copyOf(Objects.requireNonNull(keys, "keys"));
        if (keys.isEmpty()) {
            throw new PmixException(Status.ERR_BAD_PARAM, "query: no keys");
        }
        for (String k : keys) {
            Info.checkKey(k);
        }
        qualifiers = Objects.requireNonNull(qualifiers, "qualifiers").stream()
                .map(Info::asQualifier)
                .toList();
    }

    /** A query for keys without qualifiers. */
    public static Query of(String... keys) {
        return new Query(List.of(keys), List.of());
    }

    /** A query for one key with qualifiers (e.g. {@code PMIX_LOCAL_PROCS} qualified by {@code PMIX_NODEID}). */
    public static Query qualified(String key, Info... qualifiers) {
        return new Query(List.of(key), List.of(qualifiers));
    }
}
