package io.github.jpmix.common;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The C macro name of each reserved key ({@code Keys.LOG_STDERR} is {@code "PMIX_LOG_STDERR"}): the
 * {@link Keys} field holding that very key, with the {@code PMIX_} prefix its naming rule drops.
 * {@link RegAttr#of} names its attribute with it. Immutable once initialized; thread-safe.
 */
final class KeyNames {
    /** Identity: two fields never hold the same Key object, and equal-valued aliases keep their own names. */
    private static final Map<Key<?>, String> C_NAMES = cNames();

    private KeyNames() {
    }

    /**
     * @throws PmixException {@link Status#ERR_BAD_PARAM} for a key that is not one of {@link Keys}
     */
    static String cName(Key<?> key) {
        String name = C_NAMES.get(key);
        if (name == null) {
            throw new PmixException(Status.ERR_BAD_PARAM, "attributes: " + key + " is not a reserved key of Keys");
        }
        return name;
    }

    private static Map<Key<?>, String> cNames() {
        Map<Key<?>, String> out = new IdentityHashMap<>();
        for (Field f : Keys.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == Key.class) {
                try {
                    out.put((Key<?>) f.get(null), "PMIX_" + f.getName());
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return out;
    }
}
