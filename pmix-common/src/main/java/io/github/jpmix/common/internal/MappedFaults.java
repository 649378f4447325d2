package io.github.jpmix.common.internal;

import java.nio.MappedByteBuffer;
import org.agrona.IoUtil;

/**
 * Not API. Where a fault of a memory-mapped file shows. A file that shrinks under its mapping (a ring
 * file another process of the user truncated; a store file whose file system is full) makes an access
 * past its end raise SIGBUS, which the JVM turns into an {@code InternalError} in the thread that
 * touched it. JDK 25 throws at the faulting access. JDK 17's compiled code records the fault and goes
 * on; it throws the error when the thread next returns from a call into the VM's runtime
 * ({@code ThreadInVMfromJava}) or at a safepoint, not on a native method's return
 * ({@code check_special_condition_for_native_trans} skips "unsafe access errors"). Left alone, it
 * surfaces in whatever the thread runs next: another client's bookkeeping on the server, a caller's
 * continuation on a client's receiver thread.
 */
public final class MappedFaults {
    private MappedFaults() {
    }

    /**
     * Lets a fault of a mapped file this thread touched a moment ago surface here. Allocating a
     * two-dimensional array whose outer length the compiler cannot see is a call into the runtime in
     * HotSpot's interpreter, C1 and C2 alike ({@code multianewarray}), about 50-70 ns here: measured on
     * JDK 17.0.15, a fault of a C2-compiled read of a truncated file surfaced at this call, where at a
     * {@code Thread.holdsLock} (a native method) it surfaced only at a later {@code Thread.sleep}
     * ({@code RingFileTest}). Called inside a fault guard after a mapping was touched: a ring send's
     * commit, the conductor's pass over the request rings, its sleep, wake-up and heartbeat, before a
     * message is handled (server and client), a disconnect, a store file written.
     */
    public static void surface() {
        // HotSpot keeps the runtime call while the outer length is read from a volatile field (C2
        // expands multianewarray inline only for small constant lengths); the array is kept nowhere,
        // so the call stores nothing to memory that threads share
        byte[][] unused = new byte[length][length];
    }

    /**
     * Unmaps {@code buffers} (nulls skipped) once a fault this thread recorded has surfaced, and
     * returns that fault (null if none) for the caller to report. Unmapping runs in the JDK's
     * {@code jdk.internal.ref.Cleaner}, which ends the JVM with exit code 1 on any throwable
     * ("Cleaner terminated abnormally"): a JDK 17 fault of an earlier compiled access that surfaced
     * in there, at a safepoint, would take every connection of the process with it.
     */
    public static InternalError unmap(MappedByteBuffer... buffers) {
        InternalError fault = null;
        while (true) { // a second call finds nothing pending: surface() touches no mapping
            try {
                surface();
                break;
            } catch (InternalError e) {
                fault = e;
            }
        }
        for (MappedByteBuffer b : buffers) {
            if (b != null) {
                IoUtil.unmap(b);
            }
        }
        return fault;
    }

    /** Zero, read afresh each time (see {@link #surface}). */
    private static volatile int length;
}
