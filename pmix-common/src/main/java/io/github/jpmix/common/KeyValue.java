package io.github.jpmix.common;

import java.util.Objects;

/** A key and its value ({@code pmix_kval_t}, {@code PMIX_KVAL}), as stored and exchanged in the modex. */
public record KeyValue(String key, Value value) {
    public KeyValue {
        Info.checkKey(key);
        Objects.requireNonNull(value, "value");
    }

    /** As a record's, written out: see {@link Info#equals}. */
    @Override
    public boolean equals(Object o) {
        return o instanceof KeyValue kv && key.equals(kv.key) && value.equals(kv.value);
    }

    @Override
    public int hashCode() {
        return key.hashCode() * 31 + value.hashCode();
    }

    @Override
    public String toString() {
        return key + "=" + value;
    }
}
