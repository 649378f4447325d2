package io.github.jpmix.benchmarks.wireup;

/**
 * The wireup benchmark's baseline for a client's start ({@code jvm_bare}): a JVM that prints
 * {@link System#nanoTime()} (CLOCK_MONOTONIC on Linux, the clock of the fork time it is compared with)
 * as its {@code main} begins, and exits; started with the java, the JVM flags and the class path a client
 * gets, but nothing of PMIx and none of JPMIx's class-data-sharing archives.
 */
public final class BareJvm {
    private BareJvm() {
    }

    public static void main(String[] args) {
        System.out.println(System.nanoTime());
    }
}
