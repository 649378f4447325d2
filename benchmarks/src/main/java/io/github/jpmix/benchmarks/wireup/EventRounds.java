package io.github.jpmix.benchmarks.wireup;

import io.github.jpmix.client.EventHandler;
import io.github.jpmix.client.PmixClient;
import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataRange;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.Proc;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * The event phase of the wireup benchmark ({@code event}): rank 0 notifies {@link #PING} to the job
 * ({@code PMIX_RANGE_NAMESPACE}) and waits until each of the other N-1 local ranks has answered with
 * {@link #PONG} to rank 0 alone ({@code PMIX_RANGE_CUSTOM}); a sample is that round trip, seen by rank 0
 * (the others record none). Every rank's handler only hands the event to its main thread, which answers:
 * the OpenPMIx reference client ({@code wireup_client.c}) does the same, as libpmix's handlers run on its
 * progress thread. 100 rounds after 10.
 */
final class EventRounds {
    /** User-defined codes lie below {@code PMIX_EXTERNAL_ERR_BASE} (-3000); the same in {@code wireup.h}. */
    static final int PING = -3010;
    static final int PONG = -3011;
    static final int WARMUP = 10;
    static final int ROUNDS = 100;

    private final PmixClient client;
    private final int local;
    private final boolean root;
    private final Semaphore arrived = new Semaphore(0);
    private final List<Info> toRoot;

    /** Registers this rank's handler; every rank must have done so (a fence) before the first round. */
    EventRounds(PmixClient client, int local) {
        this.client = client;
        this.local = local;
        Proc me = client.proc();
        this.root = me.rank() == 0;
        this.toRoot = List.of(Info.of(Keys.EVENT_CUSTOM_RANGE,
                DataArray.of(DataType.PROC, List.of(new Proc(me.namespace(), 0)))));
        client.registerEventHandler(List.of(root ? PONG : PING), List.of(), e -> {
            arrived.release();
            return EventHandler.Outcome.COMPLETE;
        });
    }

    /** One round; rank 0's round trip in nanoseconds, 0 elsewhere. */
    long round() {
        try {
            if (root) {
                long t = System.nanoTime();
                client.notifyEvent(PING, null, DataRange.NAMESPACE, List.of());
                if (!arrived.tryAcquire(local - 1, 60, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("rank 0: no answer from every local rank in 60 s");
                }
                return System.nanoTime() - t;
            }
            if (!arrived.tryAcquire(1, 60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("rank " + client.proc().rank() + ": no event from rank 0 in 60 s");
            }
            client.notifyEvent(PONG, null, DataRange.CUSTOM, toRoot);
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** As many rounds as {@code samples} has slots, each round's duration into its slot (0 but on rank 0). */
    long[] rounds(long[] samples) {
        for (int i = 0; i < samples.length; i++) {
            samples[i] = round();
        }
        return samples;
    }
}
