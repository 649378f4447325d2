package io.github.jpmix.client.internal;

/**
 * Not API. Where the last {@code PmixClient.init} of this process spent its time under a JPMIx
 * server, in nanoseconds of {@link System#nanoTime()}: the handshake on the socket and the attach of
 * the store (a map of the job file and a check of its header, {@code docs/startup.md}). The wireup
 * benchmark reports them beside the time to wired;
 * zero when not measured (no init yet, or an OpenPMIx server).
 */
public final class InitPhases {
    private static volatile long handshakeNs;
    private static volatile long attachNs;

    private InitPhases() {
    }

    /** The handshake: socket connect, hello, ring mapping and the server's reply. */
    public static long handshakeNs() {
        return handshakeNs;
    }

    /** The store's attach after the handshake: mapping the job file and checking its header. */
    public static long attachNs() {
        return attachNs;
    }

    static void record(long handshake, long attach) {
        handshakeNs = handshake;
        attachNs = attach;
    }
}
