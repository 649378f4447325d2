package io.github.jpmix.common;

import java.util.Objects;

/**
 * An environment-variable directive ({@code pmix_envar_t}, {@code PMIX_ENVAR}): a variable, the
 * value to add to it, and the separator used when composing the aggregate value (e.g. {@code ':'}
 * for {@code PATH}).
 */
public record Envar(String name, String value, char separator) {
    public Envar {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
    }
}
