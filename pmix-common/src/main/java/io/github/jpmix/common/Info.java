package io.github.jpmix.common;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * A key, a value and directive bits ({@code pmix_info_t}, {@code PMIX_INFO}): how attributes and
 * qualifiers travel in every PMIx call.
 *
 * @param key the attribute's string, at most {@link #MAX_KEYLEN} bytes of UTF-8
 * @param value the value
 * @param directives {@link InfoDirectives} bits, e.g. {@link InfoDirectives#REQD}
 */
public record Info(String key, Value value, int directives) {
    /** {@code PMIX_MAX_KEYLEN}: the longest key, in bytes. */
    public static final int MAX_KEYLEN = 511;

    public Info {
        checkKey(key);
        Objects.requireNonNull(value, "value");
    }

    /** An info with no directives. */
    public static Info of(String key, Value value) {
        return new Info(key, value, 0);
    }

    /** A typed info: the value is built with the key's PMIx type. */
    public static <T> Info of(Key<T> key, T value) {
        return new Info(key.name(), key.value(value), 0);
    }

    /** A boolean flag attribute set to true (how PMIx passes most switches, e.g. {@code PMIX_COLLECT_DATA}). */
    public static Info flag(Key<Boolean> key) {
        return of(key, Boolean.TRUE);
    }

    /** This info with {@link InfoDirectives#REQD}: the receiver must honour it or fail. */
    public Info required() {
        return withDirectives(directives | InfoDirectives.REQD);
    }

    /** This info with {@link InfoDirectives#QUALIFIER}: it qualifies the main attribute of a request. */
    public Info asQualifier() {
        return withDirectives(directives | InfoDirectives.QUALIFIER);
    }

    public boolean isRequired() {
        return (directives & InfoDirectives.REQD) != 0;
    }

    public boolean isQualifier() {
        return (directives & InfoDirectives.QUALIFIER) != 0;
    }

    /** Whether this info's key is the given one ({@code PMIX_CHECK_KEY}). */
    public boolean is(Key<?> k) {
        return key.equals(k.name());
    }

    private Info withDirectives(int d) {
        return d == directives ? this : new Info(key, value, d);
    }

    /**
     * Rejects a key PMIx cannot carry: null, empty, or longer than {@link #MAX_KEYLEN} bytes.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM}
     */
    public static String checkKey(String key) {
        if (key == null || key.isEmpty()) {
            throw new PmixException(Status.ERR_BAD_PARAM, "key: empty");
        }
        if (utf8LongerThan(key, MAX_KEYLEN)) {
            throw new PmixException(Status.ERR_BAD_PARAM,
                    "key: longer than " + MAX_KEYLEN + " bytes: '" + key.substring(0, Math.min(40, key.length())) + "...'");
        }
        return key;
    }

    /** Whether a string's UTF-8 form exceeds {@code maxBytes}, encoding it only when its length cannot tell. */
    static boolean utf8LongerThan(String s, int maxBytes) {
        // chars <= UTF-8 bytes <= 3 * chars
        return s.length() > maxBytes
                || (s.length() > maxBytes / 3 && s.getBytes(StandardCharsets.UTF_8).length > maxBytes);
    }

    /**
     * As a record's, written out ({@link Key#equals}): a record's own links an {@code invokedynamic}
     * bootstrap on first use, 10-15 ms of a fresh server's first commit from an OpenPMIx client
     * ({@code docs/startup.md}).
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof Info i && directives == i.directives && key.equals(i.key) && value.equals(i.value);
    }

    @Override
    public int hashCode() {
        return (key.hashCode() * 31 + value.hashCode()) * 31 + directives;
    }

    @Override
    public String toString() {
        return key + "=" + value + (directives == 0 ? "" : " [0x" + Integer.toHexString(directives) + "]");
    }
}
