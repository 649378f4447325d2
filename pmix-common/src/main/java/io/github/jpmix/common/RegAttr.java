package io.github.jpmix.common;

import java.util.List;
import java.util.Objects;

/**
 * An attribute's registration ({@code pmix_regattr_t}, {@code PMIX_REGATTR}), as
 * {@code PMIX_QUERY_ATTRIBUTE_SUPPORT} reports what a side supports.
 *
 * @param name the attribute's C name, e.g. {@code "PMIX_RANK"}
 * @param key its string, e.g. {@code "pmix.rank"}
 * @param type its {@link DataType}
 * @param description lines of description
 */
public record RegAttr(String name, String key, int type, List<String> description) {
    public RegAttr {
        Objects.requireNonNull(name, "name");
        Info.checkKey(key);
        description = List.copyOf(description);
    }

    /**
     * The registration of a reserved key: its C name ({@code "PMIX_LOG_STDOUT"}), string and type as {@link Keys}
     * has them, and the description lines.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} for a key that is not one of {@link Keys}
     */
    public static RegAttr of(Key<?> key, String... description) {
        return new RegAttr(KeyNames.cName(key), key.name(), key.type(),
                List.of(description));
    }
}
