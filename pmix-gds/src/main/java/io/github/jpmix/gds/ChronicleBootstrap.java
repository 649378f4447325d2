package io.github.jpmix.gds;

import io.github.jpmix.common.internal.JvmFlags;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import net.openhft.chronicle.hash.VanillaGlobalMutableState;
import net.openhft.chronicle.map.ChronicleMap;
import net.openhft.chronicle.map.ChronicleMapBuilder;
import net.openhft.chronicle.values.Values;

/**
 * Chronicle Map's start-up in a JVM that writes stores (the server): done once, before the first map
 * is written, and as cheaply as Chronicle allows. Readers need none of it: they read finished files
 * with {@link MapFile} and load no Chronicle class ({@code docs/startup.md}). What this removes or moves:
 *
 * <ul>
 *   <li><b>No javac.</b> Chronicle Values generates the source of
 *       {@code net.openhft.chronicle.hash.VanillaGlobalMutableState$$Native} and compiles it with
 *       javac the first time a JVM creates or opens a map (about 0.6 s), but only after looking the
 *       class up by name ({@code ValueModel.createClass}). JPMIx ships that very source (what
 *       Chronicle's own generator writes, {@code src/main/chronicle}; {@code ChronicleBootstrapTest}
 *       keeps it current), compiled at build time into a resource, and defines it in Chronicle's
 *       package before the first map. If that fails (another Chronicle, a JVM that already has the
 *       class), Chronicle generates it as before: it costs time, never correctness.</li>
 *   <li><b>In the background.</b> {@link #start} runs on a daemon thread, while the server opens its
 *       socket: it warms chronicle-core's static start-up, the builder and marshallers of
 *       {@code CharSequence -> byte[]} maps and the map and query classes with a one-entry map in
 *       memory. {@link #await} waits until Chronicle is ready; every path that writes a map calls it
 *       first.</li>
 * </ul>
 */
final class ChronicleBootstrap {
    /** Where the build puts the class compiled from {@code src/main/chronicle}. */
    static final String NATIVE_CLASS_RESOURCE =
            "/META-INF/jpmix/chronicle/net/openhft/chronicle/hash/VanillaGlobalMutableState$$Native.class";

    private static final AtomicBoolean STARTED = new AtomicBoolean();
    private static final CompletableFuture<Boolean> READY = new CompletableFuture<>();

    private ChronicleBootstrap() {
    }

    /** Starts the bootstrap on a daemon thread, unless it has started already. */
    static void start() {
        if (!STARTED.compareAndSet(false, true)) {
            return;
        }
        JvmFlags.disableChronicleAnalytics();
        Thread t = new Thread(ChronicleBootstrap::run, "jpmix-chronicle-bootstrap");
        t.setDaemon(true);
        t.start();
    }

    /**
     * Waits until Chronicle is ready to write maps (starting the bootstrap if nobody did). Returns
     * whether the shipped {@code $$Native} class is the one Chronicle uses in this JVM.
     */
    static boolean await() {
        start();
        return READY.join();
    }

    private static void run() {
        boolean shipped = false;
        try {
            shipped = defineNativeClass(readNativeClass());
            // what every first map does anyway, done now: chronicle-core's Jvm and OS start-up, the
            // builder, the value model (which finds the class defined above), map and query classes
            ChronicleMapBuilder<CharSequence, byte[]> b = ChronicleMap.of(CharSequence.class, byte[].class)
                    .entries(1).averageKeySize(8).averageValueSize(8).skipCloseOnExitHook(true);
            Values.nativeClassFor(VanillaGlobalMutableState.class);
            try (ChronicleMap<CharSequence, byte[]> m = b.create()) {
                m.put("jpmix", new byte[1]);
                m.getUsing("jpmix", null);
            }
        } catch (RuntimeException | LinkageError e) {
            // the first real map does this work, or reports why it cannot
        } finally {
            READY.complete(shipped);
        }
    }

    private static byte[] readNativeClass() {
        try (InputStream in = ChronicleBootstrap.class.getResourceAsStream(NATIVE_CLASS_RESOURCE)) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * Defines {@code bytes} as a class of Chronicle's hash package (in the class loader and protection
     * domain of {@link VanillaGlobalMutableState}). False, and nothing defined, for bytes that are not
     * a class of that package or when this JVM has the class already.
     */
    static boolean defineNativeClass(byte[] bytes) {
        if (bytes == null) {
            return false;
        }
        try {
            MethodHandles.privateLookupIn(VanillaGlobalMutableState.class, MethodHandles.lookup()).defineClass(bytes);
            return true;
        } catch (IllegalAccessException | LinkageError | IllegalArgumentException | SecurityException e) {
            // ClassFormatError, a duplicate definition, another package: Chronicle generates it then
            return false;
        }
    }
}
