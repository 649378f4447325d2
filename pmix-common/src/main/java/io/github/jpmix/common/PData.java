package io.github.jpmix.common;

import java.util.Objects;

/** Published data as a lookup returns it ({@code pmix_pdata_t}, {@code PMIX_PDATA}): who published, the key, the value. */
public record PData(Proc proc, String key, Value value) {
    public PData {
        Objects.requireNonNull(proc, "proc");
        Info.checkKey(key);
        Objects.requireNonNull(value, "value");
    }
}
