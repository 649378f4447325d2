/*
 * wireup_client: one OpenPMIx client of the wireup reference, started by wireup_host (never by
 * hand: it needs the environment PMIx_server_setup_fork gives).
 *
 *   wireup_client SAMPLE_DIR SPAWN_NS JOB_SIZE LOCAL_SIZE [WARMUP_SECONDS]
 *
 * SPAWN_NS is the host's CLOCK_MONOTONIC just before it started this process. Measures, with all
 * local clients running at once (wireup.h has the counts):
 *   start        host posix_spawn -> main entered (spawn + exec + dynamic loading: the C counterpart of JVM start)
 *   init         PMIx_Init
 *   modex_first  the first modex round, right after PMIx_Init (a fence without data with WIREUP_NO_MODEX=1)
 *   wired        the fork instant -> the end of that first round: the process started, connected and
 *                holding every local peer's endpoint. The fork instant is JPMIX_FORK_NS from the
 *                environment when set (JPMIx's launcher: CLOCK_MONOTONIC just before it started this
 *                process), else SPAWN_NS
 *   cpu          the process's CPU time (user + system, all threads) at the end of that first round
 *   get_job_key  PMIx_Get({nspace, WILDCARD}, PMIX_JOB_SIZE), per call
 *   fence        PMIx_Fence(NULL, 0, NULL, 0) (no data collection), per call
 *   modex        PMIx_Put(GLOBAL, "bench.ep", 64-byte string) + PMIx_Commit
 *                + PMIx_Fence(PMIX_COLLECT_DATA) + PMIx_Get of "bench.ep" of every local rank, per round
 *   event        (N > 1, rank 0 only) PMIx_Notify_event of EVENT_PING to the job until every other local
 *                rank's EVENT_PONG to rank 0 has reached rank 0's handler, per round (wireup.h)
 * and checks every value it gets (a wrong value fails the run: a fast wrong answer is no reference).
 * An untimed fence separates the phases so no client's phase overlaps another client's previous one.
 * Any failure: a message naming the call and PMIx_Error_string, and exit status 1.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <pmix.h>

#include "wireup.h"

static pmix_proc_t me;

/*
 * Whether round k puts and gets its own key, MODEX_KEY ".k", instead of MODEX_KEY every round. A
 * client of the hash store keeps every value a get brought (the reply holds all of the target's data)
 * and answers a later get of a key it holds from that cache without asking its server
 * (pmix_client_get.c, _getnbfn: its own store first), so round k+1 would read round k's value; a
 * ds21 client reads the server's shared memory on every get. Chosen by the store the server named
 * in PMIX_GDS_MODULE (its first choice is the one used).
 */
static bool key_per_round;

static void die(const char *what, pmix_status_t rc)
{
    fprintf(stderr, "wireup_client rank %u: %s: %s\n", me.rank, what, PMIx_Error_string(rc));
    exit(1);
}

__attribute__((format(printf, 1, 2))) static void fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "wireup_client rank %u: ", me.rank);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

/* The value rank r puts in round k: exactly MODEX_VALUE_LEN characters, unique per (r, k). */
static void modex_value(char out[MODEX_VALUE_LEN + 1], pmix_rank_t r, int k)
{
    int n = snprintf(out, MODEX_VALUE_LEN + 1, "ep:rank=%010u:round=%06d:", r, k);
    for (int i = n; i < MODEX_VALUE_LEN; i++) {
        out[i] = (char) ('a' + (r + (unsigned) k + (unsigned) i) % 26);
    }
    out[MODEX_VALUE_LEN] = '\0';
}

static void fence(bool collect, const char *what)
{
    pmix_info_t info;
    bool flag = true;
    pmix_status_t rc;
    if (collect) {
        PMIX_INFO_LOAD(&info, PMIX_COLLECT_DATA, &flag, PMIX_BOOL);
        rc = PMIx_Fence(NULL, 0, &info, 1);
    } else {
        rc = PMIx_Fence(NULL, 0, NULL, 0);
    }
    if (PMIX_SUCCESS != rc) {
        die(what, rc);
    }
}

static void get_job_size(const pmix_proc_t *wildcard, uint32_t expected)
{
    pmix_value_t *val = NULL;
    pmix_status_t rc = PMIx_Get(wildcard, PMIX_JOB_SIZE, NULL, 0, &val);
    if (PMIX_SUCCESS != rc) {
        die("PMIx_Get(PMIX_JOB_SIZE)", rc);
    }
    if (PMIX_UINT32 != val->type || expected != val->data.uint32) {
        fail("PMIx_Get(PMIX_JOB_SIZE): wrong value (type %s)", PMIx_Data_type_string(val->type));
    }
    PMIX_VALUE_RELEASE(val);
}

/* One modex round k: put + commit + collecting fence + get (and check) every local rank's value. */
static void modex_round(int k, uint32_t nlocal)
{
    char mine[MODEX_VALUE_LEN + 1], want[MODEX_VALUE_LEN + 1], next[MODEX_VALUE_LEN + 1], key[PMIX_MAX_KEYLEN + 1];
    if (key_per_round) {
        snprintf(key, sizeof key, MODEX_KEY ".%d", k);
    } else {
        snprintf(key, sizeof key, "%s", MODEX_KEY);
    }
    modex_value(mine, me.rank, k);
    pmix_value_t v;
    PMIX_VALUE_LOAD(&v, mine, PMIX_STRING);
    pmix_status_t rc = PMIx_Put(PMIX_GLOBAL, key, &v);
    PMIX_VALUE_DESTRUCT(&v);
    if (PMIX_SUCCESS != rc) {
        die("PMIx_Put", rc);
    }
    if (PMIX_SUCCESS != (rc = PMIx_Commit())) {
        die("PMIx_Commit", rc);
    }
    fence(true, "PMIx_Fence(PMIX_COLLECT_DATA)");
    pmix_proc_t peer;
    for (uint32_t p = 0; p < nlocal; p++) {
        PMIX_LOAD_PROCID(&peer, me.nspace, p);
        pmix_value_t *got = NULL;
        if (PMIX_SUCCESS != (rc = PMIx_Get(&peer, key, NULL, 0, &got))) {
            die("PMIx_Get(modex key)", rc);
        }
        /*
         * Round k's value, or round k+1's: a peer that already left this fence may have put and
         * committed its next value, and OpenPMIx stores a local peer's commit at once (PMIx makes
         * no snapshot promise). It cannot be further ahead: round k+2 needs our next fence. With a
         * key per round only round k's value can be there.
         */
        modex_value(want, p, k);
        modex_value(next, p, k + 1);
        if (PMIX_STRING != got->type
            || (0 != strcmp(want, got->data.string) && (key_per_round || 0 != strcmp(next, got->data.string)))) {
            fail("PMIx_Get(%s) of rank %u: wrong value in round %d: got %s, want %s", key, p, k,
                 PMIX_STRING == got->type ? got->data.string : PMIx_Data_type_string(got->type), want);
        }
        PMIX_VALUE_RELEASE(got);
    }
}

/*
 * Warm-up by time: repeats chunk() until rank 0 has seen `seconds` pass; every rank runs it equally
 * often. After each chunk rank 0 creates "<dir>/warmup-<phase>-<n>.stop" when the time is up, then
 * all fence: a rank that leaves the fence sees the file if rank 0 made it (before it entered), so all
 * stop after the same chunk. A file and not posted data, so the warm-up leaves nothing in the store.
 */
static void warm_up(const char *dir, const char *phase, double seconds, void (*chunk)(uint32_t), uint32_t nlocal)
{
    int64_t end = now_ns() + (int64_t) (seconds * 1e9);
    for (int decision = 1;; decision++) {
        chunk(nlocal);
        char stop[4096];
        snprintf(stop, sizeof stop, "%s/warmup-%s-%d.stop", dir, phase, decision);
        if (0 == me.rank && now_ns() >= end) {
            int fd = open(stop, O_CREAT | O_EXCL | O_WRONLY, 0600);
            if (fd < 0 || 0 != close(fd)) {
                perror(stop);
                exit(1);
            }
        }
        fence(false, "PMIx_Fence (warm-up decision)");
        if (0 == access(stop, F_OK)) {
            return;
        }
    }
}

static void fence_chunk(uint32_t nlocal)
{
    (void) nlocal;
    for (int i = 0; i < WARMUP_CHUNK_FENCES; i++) {
        fence(false, "PMIx_Fence");
    }
}

static int next_round;

static void modex_chunk(uint32_t nlocal)
{
    for (int i = 0; i < WARMUP_CHUNK_ROUNDS; i++) {
        modex_round(next_round++, nlocal);
    }
}

/*
 * The event phase. Handlers run on libpmix's progress thread: each only counts the event and signals the
 * main thread, which answers (a handler must not block the thread that delivers replies). Each notify
 * waits for the server's acknowledgement, as JPMIx's blocking notifyEvent does.
 */
static pthread_mutex_t ev_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ev_cond = PTHREAD_COND_INITIALIZER;
static int ev_arrived;   /* events the handler counted that the main thread has not taken */
static int ev_acked;     /* notifications the server acknowledged */
static pmix_status_t ev_ack_status;

static void ev_handler(size_t id, pmix_status_t status, const pmix_proc_t *source, pmix_info_t info[],
                       size_t ninfo, pmix_info_t results[], size_t nresults,
                       pmix_event_notification_cbfunc_fn_t cbfunc, void *cbdata)
{
    (void) id; (void) status; (void) source; (void) info; (void) ninfo; (void) results; (void) nresults;
    pthread_mutex_lock(&ev_lock);
    ev_arrived++;
    pthread_cond_broadcast(&ev_cond);
    pthread_mutex_unlock(&ev_lock);
    if (NULL != cbfunc) {
        cbfunc(PMIX_EVENT_ACTION_COMPLETE, NULL, 0, NULL, NULL, cbdata);
    }
}

static void ev_ack(pmix_status_t status, void *cbdata)
{
    (void) cbdata;
    pthread_mutex_lock(&ev_lock);
    ev_ack_status = status;
    ev_acked++;
    pthread_cond_broadcast(&ev_cond);
    pthread_mutex_unlock(&ev_lock);
}

/* Waits until *counter >= n (60 s at most), then takes n. Called with ev_lock held. */
static void ev_wait(int *counter, int n, const char *what)
{
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += 60;
    while (*counter < n) {
        if (ETIMEDOUT == pthread_cond_timedwait(&ev_cond, &ev_lock, &deadline)) {
            fail("%s: nothing in 60 s", what);
        }
    }
    *counter -= n;
}

static void ev_notify(pmix_status_t code, pmix_data_range_t range, pmix_info_t *info, size_t ninfo)
{
    pmix_status_t rc = PMIx_Notify_event(code, &me, range, info, ninfo, ev_ack, NULL);
    if (PMIX_SUCCESS != rc) {
        die("PMIx_Notify_event", rc);
    }
    pthread_mutex_lock(&ev_lock);
    ev_wait(&ev_acked, 1, "PMIx_Notify_event acknowledgement");
    rc = ev_ack_status;
    pthread_mutex_unlock(&ev_lock);
    if (PMIX_SUCCESS != rc && PMIX_OPERATION_SUCCEEDED != rc) {
        die("PMIx_Notify_event (acknowledged)", rc);
    }
}

static uint32_t ev_nlocal;
static pmix_info_t ev_to_root;

/* One round; rank 0's round trip in nanoseconds, 0 elsewhere. */
static int64_t event_round(void)
{
    if (0 == me.rank) {
        int64_t t = now_ns();
        ev_notify(EVENT_PING, PMIX_RANGE_NAMESPACE, NULL, 0);
        pthread_mutex_lock(&ev_lock);
        ev_wait(&ev_arrived, (int) ev_nlocal - 1, "EVENT_PONG from every local rank");
        pthread_mutex_unlock(&ev_lock);
        return now_ns() - t;
    }
    pthread_mutex_lock(&ev_lock);
    ev_wait(&ev_arrived, 1, "EVENT_PING from rank 0");
    pthread_mutex_unlock(&ev_lock);
    ev_notify(EVENT_PONG, PMIX_RANGE_CUSTOM, &ev_to_root, 1);
    return 0;
}

static void event_setup(uint32_t nlocal)
{
    ev_nlocal = nlocal;
    pmix_status_t code = 0 == me.rank ? EVENT_PONG : EVENT_PING;
    pmix_status_t rc = PMIx_Register_event_handler(&code, 1, NULL, 0, ev_handler, NULL, NULL);
    if (rc < 0) {
        die("PMIx_Register_event_handler", rc);
    }
    pmix_proc_t root;
    PMIX_LOAD_PROCID(&root, me.nspace, 0);
    pmix_data_array_t *targets;
    PMIX_DATA_ARRAY_CREATE(targets, 1, PMIX_PROC);
    memcpy(targets->array, &root, sizeof root);
    PMIX_INFO_LOAD(&ev_to_root, PMIX_EVENT_CUSTOM_RANGE, targets, PMIX_DATA_ARRAY);
}

static void event_chunk(uint32_t nlocal)
{
    (void) nlocal;
    for (int i = 0; i < EVENT_WARMUP; i++) {
        event_round();
    }
}

/*
 * The instant this process was forked (CLOCK_MONOTONIC nanoseconds): JPMIX_FORK_NS when the
 * environment has it (JPMIx's launcher sets it for each process just before starting it, so that
 * under pmixrun the rank's own fork counts, not the launcher's start), else SPAWN_NS. A value that
 * is not a decimal number or lies after `entered` (main's first instant) ends the process.
 */
static int64_t fork_instant(int64_t spawned, int64_t entered)
{
    const char *env = getenv("JPMIX_FORK_NS");
    if (NULL == env) {
        return spawned;
    }
    int64_t v = 0;
    for (const char *c = env; '\0' != *c; c++) {
        if (*c < '0' || *c > '9' || v > (INT64_MAX - (*c - '0')) / 10) {
            fprintf(stderr, "wireup_client: JPMIX_FORK_NS='%s' is not a decimal CLOCK_MONOTONIC nanosecond instant\n",
                    env);
            exit(1);
        }
        v = v * 10 + (*c - '0');
    }
    if ('\0' == *env || v > entered) {
        fprintf(stderr, "wireup_client: JPMIX_FORK_NS='%s' is %s\n", env,
                '\0' == *env ? "empty" : "after this process's main was entered (not this machine's CLOCK_MONOTONIC?)");
        exit(1);
    }
    return v;
}

/* The process's CPU time so far, user + system of all its threads, in nanoseconds. */
static int64_t cpu_ns(void)
{
    struct rusage ru;
    if (0 != getrusage(RUSAGE_SELF, &ru)) {
        perror("getrusage");
        exit(1);
    }
    return ((int64_t) ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000000
           + ((int64_t) ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1000;
}

static void write_samples(FILE *f, const char *metric, const int64_t *ns, int n)
{
    for (int i = 0; i < n; i++) {
        fprintf(f, "%s %.3f\n", metric, (double) ns[i] / 1e3);
    }
}

int main(int argc, char **argv)
{
    int64_t entered = now_ns();
    if (5 != argc && 6 != argc) {
        fprintf(stderr, "usage: %s SAMPLE_DIR SPAWN_NS JOB_SIZE LOCAL_SIZE [WARMUP_SECONDS] (started by wireup_host)\n",
                argv[0]);
        return 2;
    }
    double warmup = 6 == argc ? strtod(argv[5], NULL) : 0;
    const char *dir = argv[1];
    int64_t spawned = strtoll(argv[2], NULL, 10);
    int64_t forked = fork_instant(spawned, entered);
    uint32_t jobsize = (uint32_t) strtoul(argv[3], NULL, 10);
    uint32_t nlocal = (uint32_t) strtoul(argv[4], NULL, 10);
    const char *gds = getenv("PMIX_GDS_MODULE");
    key_per_round = NULL != gds && 0 == strncmp(gds, "hash", 4) && ('\0' == gds[4] || ',' == gds[4]);

    static int64_t get_ns[GET_CALLS], fence_ns[FENCE_CALLS_STEADY], modex_ns[MODEX_ROUNDS];
    int64_t t0 = now_ns();
    pmix_status_t rc = PMIx_Init(&me, NULL, 0);
    int64_t init_ns = now_ns() - t0;
    if (PMIX_SUCCESS != rc) {
        die("PMIx_Init", rc);
    }
    if (me.rank >= nlocal) {
        fail("rank %u is not one of the local ranks 0..%u", me.rank, nlocal - 1);
    }

    /*
     * Wired: one modex round straight after PMIx_Init, as an MPI process exchanges its endpoints
     * before it can talk. Every rank does it, so rounds stay in step. WIREUP_NO_MODEX=1 (below)
     * makes it a fence without data.
     */
    const char *no_modex = getenv("WIREUP_NO_MODEX");
    bool modex_off = NULL != no_modex && 0 == strcmp(no_modex, "1");
    t0 = now_ns();
    if (modex_off) {
        fence(false, "PMIx_Fence (first round, WIREUP_NO_MODEX)");
    } else {
        modex_round(next_round++, nlocal);
    }
    int64_t wired_at = now_ns();
    int64_t cpu_wired_ns = cpu_ns();
    int64_t modex_first_ns = wired_at - t0;
    int64_t wired_ns = wired_at - forked;

    pmix_proc_t wildcard;
    PMIX_LOAD_PROCID(&wildcard, me.nspace, PMIX_RANK_WILDCARD);
    fence(false, "PMIx_Fence (phase start)");
    for (int64_t end = now_ns() + (int64_t) (warmup * 1e9);;) {
        for (int i = 0; i < GET_WARMUP; i++) {
            get_job_size(&wildcard, jobsize);
        }
        if (now_ns() >= end) {
            break;
        }
    }
    for (int i = 0; i < GET_CALLS; i++) {
        t0 = now_ns();
        get_job_size(&wildcard, jobsize);
        get_ns[i] = now_ns() - t0;
    }

    fence(false, "PMIx_Fence (phase start)");
    if (warmup > 0) {
        warm_up(dir, "fence", warmup, fence_chunk, nlocal);
    } else {
        for (int i = 0; i < FENCE_WARMUP; i++) {
            fence(false, "PMIx_Fence");
        }
    }
    int fence_calls = warmup > 0 ? FENCE_CALLS_STEADY : FENCE_CALLS;
    for (int i = 0; i < fence_calls; i++) {
        t0 = now_ns();
        fence(false, "PMIx_Fence");
        fence_ns[i] = now_ns() - t0;
    }

    fence(false, "PMIx_Fence (phase start)");
    /*
     * WIREUP_NO_MODEX=1: no modex rounds. WIREUP_MODEX_WARMUP_ROUNDS=K: K warm-up rounds instead of
     * WARMUP_SECONDS of them, for a client with a key per round: its commits and its peers' get
     * replies carry one more value every round (OpenPMIx's client commits every value put so far),
     * and a warm-up by time would make that thousands. Without a JIT, K rounds warm a C client.
     */
    int modex_rounds = modex_off ? 0 : MODEX_ROUNDS;
    const char *warmup_rounds = getenv("WIREUP_MODEX_WARMUP_ROUNDS");
    if (0 == modex_rounds) {
        /* nothing */
    } else if (NULL != warmup_rounds) {
        char *end;
        long k = strtol(warmup_rounds, &end, 10);
        if ('\0' == warmup_rounds[0] || '\0' != *end || k < 0 || k > 100000) {
            fail("WIREUP_MODEX_WARMUP_ROUNDS=%s: not a round count from 0 to 100000", warmup_rounds);
        }
        for (long i = 0; i < k; i++) {
            modex_round(next_round++, nlocal);
        }
    } else if (warmup > 0) {
        warm_up(dir, "modex", warmup, modex_chunk, nlocal);
    } else {
        for (int k = 0; k < MODEX_WARMUP; k++) {
            modex_round(next_round++, nlocal);
        }
    }
    for (int k = 0; k < modex_rounds; k++) {
        t0 = now_ns();
        modex_round(next_round++, nlocal);
        modex_ns[k] = now_ns() - t0;
    }

    static int64_t event_ns[EVENT_ROUNDS];
    int event_rounds = 0;
    if (nlocal > 1) {
        fence(false, "PMIx_Fence (phase start)");
        event_setup(nlocal);
        fence(false, "PMIx_Fence (handlers in place)");
        if (warmup > 0) {
            warm_up(dir, "event", warmup, event_chunk, nlocal);
        } else {
            event_chunk(nlocal);
        }
        for (int i = 0; i < EVENT_ROUNDS; i++) {
            event_ns[i] = event_round();
        }
        event_rounds = 0 == me.rank ? EVENT_ROUNDS : 0;
    }
    fence(false, "PMIx_Fence (end)");

    if (PMIX_SUCCESS != (rc = PMIx_Finalize(NULL, 0))) {
        die("PMIx_Finalize", rc);
    }

    char path[4096];
    snprintf(path, sizeof path, SAMPLE_FILE_FMT, dir, me.rank);
    FILE *f = fopen(path, "w");
    if (NULL == f) {
        perror(path);
        return 1;
    }
    int64_t start_ns = entered - spawned;
    write_samples(f, "start", &start_ns, 1);
    write_samples(f, "init", &init_ns, 1);
    write_samples(f, "wired", &wired_ns, 1);
    write_samples(f, "cpu", &cpu_wired_ns, 1);
    write_samples(f, "modex_first", &modex_first_ns, 1);
    write_samples(f, "get_job_key", get_ns, GET_CALLS);
    write_samples(f, "fence", fence_ns, fence_calls);
    write_samples(f, "modex", modex_ns, modex_rounds);
    write_samples(f, "event", event_ns, event_rounds);
    if (0 != fclose(f)) {
        perror(path);
        return 1;
    }
    return 0;
}
