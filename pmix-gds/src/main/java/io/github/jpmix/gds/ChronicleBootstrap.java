package io.github.jpmix.gds;

import io.github.jpmix.common.internal.JvmFlags;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import net.openhft.chronicle.hash.VanillaGlobalMutableState;
import net.openhft.chronicle.map.ChronicleMap;
import net.openhft.chronicle.map.ChronicleMapBuilder;
import net.openhft.chronicle.values.Values;
import net.openhft.posix.PosixAPI;

/**
 * Chronicle Map's start-up in this JVM: done once, before the first map is written or mapped, and as
 * cheaply as Chronicle allows. A fresh JVM otherwise spends over a second in its first map open
 * ({@code docs/startup.md}); what this removes or moves:
 *
 * <ul>
 *   <li><b>No javac.</b> Chronicle Values generates the source of
 *       {@code net.openhft.chronicle.hash.VanillaGlobalMutableState$$Native} and compiles it with
 *       javac the first time a JVM creates or opens a map (about 0.6 s), but only after looking the
 *       class up by name ({@code ValueModel.createClass}). JPMIx ships that very source (what
 *       Chronicle's own generator writes, {@code src/main/chronicle}; {@code ChronicleBootstrapTest}
 *       keeps it current), compiled at build time into a resource, and defines it in Chronicle's
 *       package before the first open. If that fails (another Chronicle, a JVM that already has the
 *       class), Chronicle generates it as before: it costs time, never correctness.</li>
 *   <li><b>No native POSIX binding in readers.</b> chronicle-core loads its JNR-based POSIX binding
 *       when it starts (about 0.2 s). Its only uses on JPMIx's path are {@code fallocate} when a map
 *       file is created and {@code msync}; a process that only reads stores (a client, a tool) calls
 *       neither, so {@link #start start(true)} selects Chronicle's no-op binding first. The server,
 *       which writes files, keeps the real one.</li>
 *   <li><b>In the background.</b> {@link #start} runs the rest on a daemon thread: a client's
 *       socket handshake runs meanwhile. Given the file the caller will map next (a client's job
 *       file, whose directory its server's socket names), the thread maps it, which is the whole of
 *       Chronicle's start-up, and the caller's own open then shares that mapping. Without one, it
 *       warms chronicle-core's static start-up, the builder and marshallers of
 *       {@code CharSequence -> byte[]} maps and the map and query classes with a one-entry map in
 *       memory (the server, which writes files next). {@link #await} waits until Chronicle is ready;
 *       every path that opens or writes a map calls it first.</li>
 * </ul>
 */
final class ChronicleBootstrap {
    /** Where the build puts the class compiled from {@code src/main/chronicle}. */
    static final String NATIVE_CLASS_RESOURCE =
            "/META-INF/jpmix/chronicle/net/openhft/chronicle/hash/VanillaGlobalMutableState$$Native.class";

    private static final AtomicBoolean STARTED = new AtomicBoolean();
    private static final CompletableFuture<Boolean> READY = new CompletableFuture<>();
    /** The bootstrap's mapping of the file the caller expected to open; guarded by the class. */
    private static Mapping expected;
    /** Whether the caller gave the expected mapping up; guarded by the class. */
    private static boolean released;
    /** Whether the thread is mapping the expected file now (its private link exists); guarded by the class. */
    private static boolean opening;
    /** How long {@link #abandonExpected} waits for a mapping in progress: one Chronicle open, far less. */
    private static final long ABANDON_WAIT_MILLIS = 5000;

    private ChronicleBootstrap() {
    }

    /**
     * Starts the bootstrap on a daemon thread, unless it has started already (the first caller decides
     * {@code readOnly}).
     *
     * @param readOnly whether this process only reads stores: Chronicle gets its no-op POSIX binding
     * @param expectedFile a store file the caller will most likely map next (a client's job file), or
     *     null: the thread maps it once Chronicle is ready, so that the caller's own {@link Mapping#open}
     *     of it shares that mapping ({@link #releaseExpected()} gives it up)
     */
    static void start(boolean readOnly, Path expectedFile) {
        if (!STARTED.compareAndSet(false, true)) {
            return;
        }
        JvmFlags.disableChronicleAnalytics();
        if (readOnly) {
            try {
                // before chronicle-core's Jvm class initializes, which would load the JNR binding
                PosixAPI.useNoOpPosixApi();
            } catch (LinkageError e) {
                // another Chronicle without it: the binding it loads only costs time
            }
        }
        Thread t = new Thread(() -> run(expectedFile), "jpmix-chronicle-bootstrap");
        t.setDaemon(true);
        t.start();
    }

    /**
     * Waits until Chronicle is ready to open maps (starting the bootstrap for a writer if nobody did).
     * Returns whether the shipped {@code $$Native} class is the one Chronicle uses in this JVM.
     */
    static boolean await() {
        start(false, null);
        return READY.join();
    }

    /**
     * Gives up the mapping of the expected file, if the bootstrap made one (now or when it gets to it):
     * the caller has mapped what it needs by now.
     */
    static void releaseExpected() {
        Mapping m;
        synchronized (ChronicleBootstrap.class) {
            released = true;
            m = expected;
            expected = null;
        }
        if (m != null) {
            m.retire();
        }
    }

    /**
     * Gives up the expected mapping for good, before the caller exits without attaching (its handshake
     * was refused): an open not started is never made, an open in progress is waited for (at most
     * {@value #ABANDON_WAIT_MILLIS} ms) so that its private link ({@code .rd-*}, {@code docs/gds.md}) is
     * removed before the process may exit, and a finished one is unmapped.
     */
    static void abandonExpected() {
        Mapping m;
        synchronized (ChronicleBootstrap.class) {
            released = true;
            long deadline = System.currentTimeMillis() + ABANDON_WAIT_MILLIS;
            long left;
            while (opening && (left = deadline - System.currentTimeMillis()) > 0) {
                try {
                    ChronicleBootstrap.class.wait(left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            m = expected;
            expected = null;
        }
        if (m != null) {
            m.retire();
        }
    }

    private static void run(Path expectedFile) {
        boolean shipped = false;
        try {
            shipped = defineNativeClass(readNativeClass());
            if (expectedFile == null) {
                // what every first open does anyway, done now: chronicle-core's Jvm and OS start-up, the
                // builder, the value model (which finds the class defined above), map and query classes
                ChronicleMapBuilder<CharSequence, byte[]> b = ChronicleMap.of(CharSequence.class, byte[].class)
                        .entries(1).averageKeySize(8).averageValueSize(8).skipCloseOnExitHook(true);
                Values.nativeClassFor(VanillaGlobalMutableState.class);
                try (ChronicleMap<CharSequence, byte[]> m = b.create()) {
                    m.put("jpmix", new byte[1]);
                    m.getUsing("jpmix", null);
                }
            }
        } catch (RuntimeException | LinkageError e) {
            // the first real open does this work, or reports why it cannot
        } finally {
            READY.complete(shipped);
        }
        if (expectedFile != null) {
            // the real first open, which the caller's own open of the file then shares
            mapExpected(expectedFile);
        }
    }

    private static void mapExpected(Path file) {
        synchronized (ChronicleBootstrap.class) {
            if (released) {
                return; // the caller attached already, or gave up (refused): no link, no mapping
            }
            opening = true;
        }
        Mapping m = null;
        try {
            m = Mapping.open(file);
        } catch (RuntimeException e) {
            // not there or not readable: the caller's attach reports what it finds
        } finally {
            synchronized (ChronicleBootstrap.class) {
                opening = false;
                ChronicleBootstrap.class.notifyAll();
                if (m != null && !released) {
                    expected = m;
                    m = null;
                }
            }
        }
        if (m != null) {
            m.retire();
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
