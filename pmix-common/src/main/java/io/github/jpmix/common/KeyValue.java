package io.github.jpmix.common;

import java.util.Objects;

/** A key and its value ({@code pmix_kval_t}, {@code PMIX_KVAL}), as stored and exchanged in the modex. */
public record KeyValue(String key, Value value) {
    public KeyValue {
        Info.checkKey(key);
        Objects.requireNonNull(value, "value");
    }
}
