/*
 * wireup.h: what wireup_host.c and wireup_client.c agree on: the job layout, the loop counts, the
 * sample files and the clock.
 */
#ifndef JPMIX_REFERENCE_WIREUP_H
#define JPMIX_REFERENCE_WIREUP_H

#include <stdint.h>
#include <time.h>

/*
 * Job layout, identical to the JPMIx wireup benchmark's: node 0 is this host and holds the N local
 * ranks 0..N-1; the other J-N ranks sit on simulated nodes nid00001, nid00002, ... in contiguous
 * blocks of RANKS_PER_REMOTE_NODE (the last block may be smaller). J=10,000 at N=16 is 625 nodes.
 */
#define RANKS_PER_REMOTE_NODE 16

/* Loop counts of the benchmark definition (issue 4, section 2): warm-up, then timed. */
#define GET_WARMUP 100
#define GET_CALLS 1000
#define FENCE_WARMUP 10
#define FENCE_CALLS 100
/*
 * Timed fences of the steady-state variant (--warmup-seconds S). Its figure of interest is the tail:
 * over 100 fences the p99 is about the slowest one, which a single preemption decides. The fresh
 * variant keeps FENCE_CALLS, so its figures stay the first fences of a job.
 */
#define FENCE_CALLS_STEADY 1000
#define MODEX_WARMUP 5
#define MODEX_ROUNDS 50

/*
 * The event phase (N > 1): rank 0 notifies EVENT_PING to the job (PMIX_RANGE_NAMESPACE) and waits until
 * each other local rank has answered EVENT_PONG to rank 0 alone (PMIX_RANGE_CUSTOM); rank 0 times the round
 * trip. User-defined codes lie below PMIX_EXTERNAL_ERR_BASE (-3000). JPMIx's EventRounds is the same.
 */
#define EVENT_PING -3010
#define EVENT_PONG -3011
#define EVENT_WARMUP 10
#define EVENT_ROUNDS 100

/*
 * The steady-state variant (--warmup-seconds S): each phase is first repeated for S seconds instead
 * of its warm-up count. Fences and modex rounds must run equally often on every rank, so after every
 * chunk rank 0 creates "<dir>/warmup-<phase>-<n>.stop" once S seconds have passed, and all fence: a
 * rank leaving the fence sees the file if rank 0 made it. JPMIx's WireupBenchClient does the same.
 * (Deciding through posted data instead left keys in the store that the timed rounds carried.)
 */
#define WARMUP_CHUNK_FENCES 200
#define WARMUP_CHUNK_ROUNDS 20

/* The modex key and the length of each value (a 64-byte string, distinct per rank and round). */
#define MODEX_KEY "bench.ep"
#define MODEX_VALUE_LEN 64

/*
 * Each client writes "<metric> <microseconds>" lines to "<dir>/samples.<rank>" after
 * PMIx_Finalize (so file I/O never overlaps a measurement); the host adds "<dir>/samples.host".
 * Metric names are the RESULT line's.
 */
#define SAMPLE_FILE_FMT "%s/samples.%u"
#define HOST_SAMPLE_FILE_FMT "%s/samples.host"

/*
 * CLOCK_MONOTONIC is system-wide, so the host's "about to spawn" instant and a client's "main
 * entered" instant are comparable: that difference is the process-start metric.
 */
static inline int64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t) ts.tv_sec * 1000000000 + ts.tv_nsec;
}

#endif
