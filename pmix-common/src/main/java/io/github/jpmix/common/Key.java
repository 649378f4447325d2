package io.github.jpmix.common;

import java.util.Objects;

/**
 * A PMIx attribute: its string (e.g. {@code "pmix.rank"}), its PMIx {@link DataType}, and the
 * Java type that holds its value ({@link Value#javaType(int)}). {@link Keys} lists the reserved
 * ones; anybody can make keys of their own for posted data.
 *
 * <p>A key whose type varies (the header's {@code (varies)}, e.g. {@link Keys#DEBUG_STOP_ON_EXEC}) is a
 * {@code Key<Value>} of type {@link DataType#VALUE}: its value travels with its own type, as C's
 * {@code PMIX_INFO_LOAD} of a {@code PMIX_VALUE} does, so {@link #value} and {@link #read} pass the Value through.
 *
 * @param <T> the Java type of the key's value
 * @param name the attribute's string, at most {@link Info#MAX_KEYLEN} bytes
 * @param type its {@link DataType}
 * @param javaType the Java class of its value
 */
public record Key<T>(String name, int type, Class<T> javaType) {
    public Key {
        Info.checkKey(name);
        Objects.requireNonNull(javaType, "javaType");
        Class<?> expected = Value.javaType(type);
        if (expected != javaType && !(type == DataType.UNDEF && javaType == Void.class)) {
            throw new PmixException(Status.ERR_TYPE_MISMATCH, "key " + name + ": " + DataType.name(type)
                    + " is held as " + expected.getSimpleName() + ", not " + javaType.getSimpleName());
        }
    }

    /**
     * As a record's, written out: a record's own {@code equals} and {@code hashCode} link an
     * {@code invokedynamic} bootstrap on first use, and {@link Keys} puts every reserved key in a map
     * while a fresh process starts (a third of a client's start-up linking, docs/startup.md).
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof Key<?> k && type == k.type && name.equals(k.name) && javaType == k.javaType;
    }

    @Override
    public int hashCode() {
        return (name.hashCode() * 31 + type) * 31 + javaType.hashCode();
    }

    /** A key of a type whose Java class is implied ({@link Value#javaType(int)}). */
    @SuppressWarnings("unchecked")
    public static <T> Key<T> of(String name, int type) {
        return new Key<>(name, type, (Class<T>) Value.javaType(type));
    }

    /** A value of this key's type; for a key of type {@link DataType#VALUE}, {@code v} itself. */
    public Value value(T v) {
        if (type == DataType.VALUE) {
            return (Value) Objects.requireNonNull(v, "v");
        }
        return Value.of(type, v);
    }

    /**
     * Reads a value as this key's Java type; for a key of type {@link DataType#VALUE}, {@code v} itself.
     *
     * @throws PmixException {@link Status#ERR_TYPE_MISMATCH} when it cannot be read so
     */
    public T read(Value v) {
        if (type == DataType.VALUE) {
            return javaType.cast(Objects.requireNonNull(v, "v"));
        }
        return v.to(javaType);
    }

    /** Whether the key is reserved: PMIx keys start with {@code "pmix"} ({@link Keys#isReserved(String)}). */
    public boolean isReserved() {
        return Keys.isReserved(name);
    }

    @Override
    public String toString() {
        return name;
    }
}
