package io.github.jpmix.gds;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.openhft.chronicle.map.ChronicleMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every Chronicle map pmix-gds writes has one closer, the store's: none is in Chronicle's close-on-exit
 * registry, whose shutdown hook would otherwise close it while the store closes it (two concurrent
 * closes of one map throw from Chronicle's {@code assertCloseable}). Readers open no Chronicle map
 * ({@link MapFile}).
 */
class MappingCloseTest {
    @TempDir
    Path dir;

    @Test
    void shouldKeepTheStoresOwnMapsOutOfChroniclesExitHook() throws Exception {
        try (ChronicleMap<CharSequence, byte[]> map = StoreFiles.createMap(dir.resolve("w" + StoreFiles.SUFFIX),
                new long[] {1, 1, 1, 1})) {
            assertFalse(closedOnExit(map), "a writer's map is in Chronicle's close-on-exit registry");
        }
    }

    @Test
    void shouldSeeAMapBuiltWithoutTheOptionInTheRegistry() throws Exception {
        // the probe itself: a map built as Chronicle's default is found
        try (ChronicleMap<CharSequence, byte[]> map = ChronicleMap.of(CharSequence.class, byte[].class)
                .entries(1).averageKeySize(8).averageValueSize(8).create()) {
            assertTrue(closedOnExit(map));
        }
    }

    /** Whether Chronicle's ChronicleHashCloseOnExitHook would close {@code map} at JVM exit. */
    private static boolean closedOnExit(Object map) throws ReflectiveOperationException {
        Class<?> hook = Class.forName("net.openhft.chronicle.hash.impl.ChronicleHashCloseOnExitHook");
        Field mapsField = hook.getDeclaredField("maps");
        mapsField.setAccessible(true);
        List<Object> identities;
        synchronized (hook) {
            identities = new ArrayList<>(((Map<?, ?>) mapsField.get(null)).keySet());
        }
        for (Object identity : identities) {
            Method hash = identity.getClass().getMethod("hash");
            hash.setAccessible(true);
            if (hash.invoke(identity) == map) {
                return true;
            }
        }
        return false;
    }
}
