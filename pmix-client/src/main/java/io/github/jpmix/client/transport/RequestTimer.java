package io.github.jpmix.client.transport;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Times out the requests of both connections ({@link TransportClient}, {@link OpenPmixConnection}): one
 * daemon thread, started by the first request with a timeout, that sleeps in the kernel until the
 * next deadline.
 */
final class RequestTimer {
    private static final ScheduledThreadPoolExecutor TIMER = create();

    private RequestTimer() {
    }

    private static ScheduledThreadPoolExecutor create() {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "jpmix-request-timeout");
            t.setDaemon(true);
            return t;
        });
        timer.setRemoveOnCancelPolicy(true);
        return timer;
    }

    /**
     * Fails {@code future} with {@link Status#ERR_TIMEOUT} unless it completes within {@code timeout}; it
     * leaves {@code pending} first, so a reply that comes later finds no one waiting.
     *
     * @param server the server as the message names it ("the PMIx server at ...")
     */
    static <K> void expire(Map<K, CompletableFuture<byte[]>> pending, K id, CompletableFuture<byte[]> future,
            Duration timeout, String server) {
        if (future.isDone()) {
            return;
        }
        ScheduledFuture<?> timer = TIMER.schedule(() -> {
            if (pending.remove(id, future)) {
                future.completeExceptionally(new PmixException(Status.ERR_TIMEOUT, "request " + id + " to " + server
                        + " got no reply within " + timeout));
            }
        }, timeout.toNanos(), TimeUnit.NANOSECONDS);
        future.whenComplete((reply, failure) -> timer.cancel(false));
    }
}
