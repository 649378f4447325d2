/*
 * pmix_client: a PMIx test client for a PMIx server (JPMIx's OpenPMIx front or OpenPMIx itself).
 *
 *   pmix_client MODE [ARG]
 *
 * Every step prints one line on stdout, written with a single write(2) so ranks sharing a pipe do
 * not interleave within a line:
 *
 *   OK <rank> <step> <detail>
 *   FAIL <rank> <step> <status name> <detail>      (status name from PMIx_Error_string)
 *   SKIP <rank> <step> <reason>
 *   INFO <rank> <target> <key> <type> <value>      (mode info; "- <status name>" when absent)
 *   READY <rank> <pid> <what>                      (modes sleep-in-fence, hang)
 *   EVENT <rank> <status name> <detail>            (mode hang; mode watch: the status as a number)
 *
 * The exit status is 0 when every step passed, 1 otherwise, 2 for a usage error. <rank> is the
 * process's own rank ("-" before PMIx_Init succeeded).
 *
 * Modes:
 *   basic          the whole client protocol, steps in this order (peer = (rank+1) mod size):
 *                  init; job-level keys (job-size, univ-size, max-procs, local-size, local-peers),
 *                  own keys (nodeid, hostname, local-rank, node-rank, appnum, rank), the peer's
 *                  local-rank and hostname, node-info/app-info with qualifiers; put of test.*
 *                  keys in the three scopes and ten value types, commit; get-before-fence of the
 *                  peer's test.global with PMIX_TIMEOUT (answered once the peer commits);
 *                  fence-collect, fence, fence-subset (ranks 0 and 1; others skip); get-peers
 *                  (every peer's keys checked, its REMOTE-only key not visible: NOT_FOUND);
 *                  get-own; get-missing-{immediate,optional,timeout,reserved} and get-missing
 *                  (NOT_FOUND from JPMIx, TIMEOUT after OpenPMIx's default 2 s wait); get-immediate; event-register, then rank 0
 *                  notifies the namespace and every other rank checks what its handler got;
 *                  finalize
 *   abort [STATUS] after a fence, rank 0 calls PMIx_Abort(STATUS (default 42), message, NULL, 0)
 *                  and exits with STATUS when it returns; the others enter a fence no one
 *                  completes and wait to be killed
 *   fence-timeout  every rank but the last fences with PMIX_TIMEOUT=2 and expects
 *                  PMIX_ERR_TIMEOUT; the last rank stays away 5 s; then all fence again (needs 2+)
 *   sleep-in-fence every rank but the last enters a fence (no timeout) after printing READY and
 *                  reports what the fence returned; the last rank prints READY and sleeps until
 *                  killed: kill it (or any rank) with SIGKILL to see what the others get
 *   hang           PMIx_Init, a handler for PMIX_ERR_LOST_CONNECTION, READY, then waits: when the
 *                  server goes away it prints EVENT and exits 0
 *   info           rank 0 prints every job-, node- and app-level key it can get, each rank its
 *                  own proc-level keys (compare the views of two servers)
 *   wire           a modex round with Java test ranks' values: put "ep" = "endpoint-of-<rank>"
 *                  (GLOBAL), commit, fence with collect, get and check every rank's "ep"; prints
 *                  "OK <rank> wired <rank> of <size>" (a mixed job of C and Java ranks)
 *   other NSPACE KEY...
 *                  gets each KEY of {NSPACE, WILDCARD}, another namespace's job-level data, which
 *                  libpmix asks of the server; prints "INFO <rank> NSPACE KEY <type> <value>"
 *   publish        (2 ranks) PMIx_Publish / PMIx_Lookup / PMIx_Unpublish: rank 1 publishes c.waiting, then
 *                  looks up c.key with PMIX_WAIT; rank 0 looks up c.waiting (waiting), sleeps 2 s and
 *                  publishes c.key, then again (PMIX_ERR_DUPLICATE_KEY); rank 1 checks it waited, that a
 *                  waiting lookup with PMIX_TIMEOUT=2 times out and that a lookup of a missing key without
 *                  PMIX_WAIT is not found; after a fence rank 0 unpublishes c.key, and after another both
 *                  find it gone
 *   watch          a handler for PMIX_ERR_PROC_ABORTED (-7), a fence with the job, READY; prints the first
 *                  such event as "EVENT <rank> <status> affected=<ns>:<rank> source=<ns>:<rank>", then
 *                  finalizes (kill a peer with SIGKILL to see it)
 */
#define _GNU_SOURCE
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <pmix.h>

/* A user event code, as in the protocol captures: PMIX_EXTERNAL_ERR_BASE - 1 = -3001. */
#define TEST_EVENT (PMIX_EXTERNAL_ERR_BASE - 1)
#define LONG_LEN 5000 /* > 4096, the size above which OpenPMIx compresses a put string */
#define BO_LEN 16

static pmix_proc_t me;
static char rankstr[16] = "-";
static uint32_t size;
static bool failed;

/* ---------------------------------------------------------------- output */

static void emit(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void emit(const char *fmt, ...)
{
    char line[8192];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0) {
        return;
    }
    if ((size_t) n > sizeof line - 2) {
        n = sizeof line - 2;
    }
    line[n++] = '\n';
    if (write(STDOUT_FILENO, line, (size_t) n) < 0) {
        failed = true;
    }
}

#define OK(step, ...) ok_line(step, __VA_ARGS__)
static void ok_line(const char *step, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void ok_line(const char *step, const char *fmt, ...)
{
    char detail[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
    emit("OK %s %s %s", rankstr, step, detail);
}

static void fail(const char *step, pmix_status_t rc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void fail(const char *step, pmix_status_t rc, const char *fmt, ...)
{
    char detail[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
    emit("FAIL %s %s %s %s", rankstr, step, PMIx_Error_string(rc), detail);
    failed = true;
}

/* A failure the ranks cannot continue in step after (a collective or the connection). */
static void bail(const char *step, pmix_status_t rc, const char *what)
{
    fail(step, rc, "%s", what);
    exit(1);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double) ts.tv_sec + ts.tv_nsec / 1e9;
}

/* "TYPE value", short and on one line. */
static void format_value(const pmix_value_t *v, char *out, size_t len)
{
    const char *t = PMIx_Data_type_string(v->type);
    switch (v->type) {
    case PMIX_BOOL:
        snprintf(out, len, "%s %s", t, v->data.flag ? "true" : "false");
        break;
    case PMIX_STRING:
        if (NULL != v->data.string && strlen(v->data.string) > 64) {
            snprintf(out, len, "%s %.40s...(%zu chars)", t, v->data.string, strlen(v->data.string));
        } else {
            snprintf(out, len, "%s %s", t, NULL == v->data.string ? "(null)" : v->data.string);
        }
        break;
    case PMIX_UINT8:
        snprintf(out, len, "%s %u", t, v->data.uint8);
        break;
    case PMIX_UINT16:
        snprintf(out, len, "%s %u", t, v->data.uint16);
        break;
    case PMIX_UINT32:
        snprintf(out, len, "%s %u", t, v->data.uint32);
        break;
    case PMIX_UINT64:
        snprintf(out, len, "%s %" PRIu64, t, v->data.uint64);
        break;
    case PMIX_INT:
        snprintf(out, len, "%s %d", t, v->data.integer);
        break;
    case PMIX_INT32:
        snprintf(out, len, "%s %d", t, v->data.int32);
        break;
    case PMIX_INT64:
        snprintf(out, len, "%s %" PRId64, t, v->data.int64);
        break;
    case PMIX_SIZE:
        snprintf(out, len, "%s %zu", t, v->data.size);
        break;
    case PMIX_PID:
        snprintf(out, len, "%s %d", t, (int) v->data.pid);
        break;
    case PMIX_DOUBLE:
        snprintf(out, len, "%s %g", t, v->data.dval);
        break;
    case PMIX_STATUS:
        snprintf(out, len, "%s %s", t, PMIx_Error_string(v->data.status));
        break;
    case PMIX_PROC_RANK:
        snprintf(out, len, "%s %u", t, v->data.rank);
        break;
    case PMIX_PROC:
        snprintf(out, len, "%s %s:%u", t, v->data.proc->nspace, v->data.proc->rank);
        break;
    case PMIX_BYTE_OBJECT:
        snprintf(out, len, "%s %zu bytes", t, v->data.bo.size);
        break;
    case PMIX_DATA_ARRAY:
        snprintf(out, len, "%s %zu x %s", t, v->data.darray->size, PMIx_Data_type_string(v->data.darray->type));
        break;
    default: {
        char *s = PMIx_Value_string(v);
        for (char *p = s; NULL != p && '\0' != *p; p++) {
            *p = '\n' == *p || '\t' == *p ? ' ' : *p;
        }
        snprintf(out, len, "%s %s", t, NULL == s ? "?" : s);
        free(s);
    }
    }
}

/* ---------------------------------------------------------------- get helpers */

static void load_proc(pmix_proc_t *p, pmix_rank_t rank)
{
    PMIX_LOAD_PROCID(p, me.nspace, rank);
}

/* PMIx_Get with at most two directives; returns its status, the value in *val (or NULL). */
static pmix_status_t get(pmix_rank_t rank, const char *key, const pmix_info_t *info, size_t ninfo, pmix_value_t **val)
{
    pmix_proc_t p;
    load_proc(&p, rank);
    *val = NULL;
    return PMIx_Get(&p, key, info, ninfo, val);
}

/* Gets a key that must exist with the given type; NULL after a FAIL line. */
static pmix_value_t *get_typed(const char *step, pmix_rank_t rank, const char *key, pmix_data_type_t type)
{
    pmix_value_t *val;
    pmix_status_t rc = get(rank, key, NULL, 0, &val);
    if (PMIX_SUCCESS != rc) {
        fail(step, rc, "PMIx_Get(%u, %s)", rank, key);
        return NULL;
    }
    if (type != val->type) {
        fail(step, PMIX_ERR_TYPE_MISMATCH, "%s is %s, expected %s", key, PMIx_Data_type_string(val->type),
             PMIx_Data_type_string(type));
        PMIX_VALUE_RELEASE(val);
        return NULL;
    }
    return val;
}

/* A get that must fail with `expected`; reports the elapsed time. */
/* A get that must fail with `expected` or, where servers differ, with `alternative`. */
static void expect_either(const char *step, pmix_rank_t rank, const char *key, const pmix_info_t *info, size_t ninfo,
                          pmix_status_t expected, pmix_status_t alternative)
{
    pmix_value_t *val;
    double t0 = now();
    pmix_status_t rc = get(rank, key, info, ninfo, &val);
    double ms = (now() - t0) * 1e3;
    if (expected == rc || alternative == rc) {
        OK(step, "rank=%u key=%s status=%s after %.0f ms", rank, key, PMIx_Error_string(rc), ms);
    } else {
        fail(step, rc, "rank=%u key=%s expected %s after %.0f ms", rank, key, PMIx_Error_string(expected), ms);
    }
    if (PMIX_SUCCESS == rc && NULL != val) {
        PMIX_VALUE_RELEASE(val);
    }
}

static void expect_status(const char *step, pmix_rank_t rank, const char *key, const pmix_info_t *info, size_t ninfo,
                          pmix_status_t expected)
{
    expect_either(step, rank, key, info, ninfo, expected, expected);
}

/* ---------------------------------------------------------------- the values each rank puts */

static void long_string(char *s, pmix_rank_t r)
{
    for (int i = 0; i < LONG_LEN; i++) {
        s[i] = (char) ('a' + (i + (int) r) % 26);
    }
    s[LONG_LEN] = '\0';
}

static void byte_pattern(unsigned char *b, pmix_rank_t r)
{
    for (int i = 0; i < BO_LEN; i++) {
        b[i] = (unsigned char) (i * 17 + r); /* includes 0x00 and bytes >= 0x80 */
    }
}

static int64_t i64_of(pmix_rank_t r)
{
    return -((int64_t) r + 1) * 1000000000007LL; /* needs all 64 bits, negative: zig-zag on the wire */
}

static void put_one(pmix_scope_t scope, const char *key, const void *data, pmix_data_type_t type)
{
    pmix_value_t v;
    PMIX_VALUE_LOAD(&v, data, type);
    pmix_status_t rc = PMIx_Put(scope, key, &v);
    PMIX_VALUE_DESTRUCT(&v);
    if (PMIX_SUCCESS != rc) {
        bail("put", rc, key);
    }
}

/* test.local (LOCAL), test.remote (REMOTE) and eight GLOBAL keys of different types. */
static void put_all(void)
{
    char s[64], lng[LONG_LEN + 1];
    unsigned char bytes[BO_LEN];
    uint32_t u32 = 1000 + me.rank, arr[3] = {me.rank, me.rank + 1, me.rank + 2};
    int64_t i64 = i64_of(me.rank);
    double d = me.rank + 0.25;
    bool yes = true;

    snprintf(s, sizeof s, "local-r%u", me.rank);
    put_one(PMIX_LOCAL, "test.local", s, PMIX_STRING);
    put_one(PMIX_REMOTE, "test.remote", &u32, PMIX_UINT32);
    snprintf(s, sizeof s, "global-r%u", me.rank);
    put_one(PMIX_GLOBAL, "test.global", s, PMIX_STRING);
    put_one(PMIX_GLOBAL, "test.u32", &u32, PMIX_UINT32);
    put_one(PMIX_GLOBAL, "test.i64", &i64, PMIX_INT64);
    put_one(PMIX_GLOBAL, "test.double", &d, PMIX_DOUBLE);
    put_one(PMIX_GLOBAL, "test.bool", &yes, PMIX_BOOL);
    byte_pattern(bytes, me.rank);
    pmix_byte_object_t bo = {(char *) bytes, BO_LEN};
    put_one(PMIX_GLOBAL, "test.bo", &bo, PMIX_BYTE_OBJECT);
    pmix_data_array_t da = {PMIX_UINT32, 3, arr};
    put_one(PMIX_GLOBAL, "test.darray", &da, PMIX_DATA_ARRAY);
    long_string(lng, me.rank);
    put_one(PMIX_GLOBAL, "test.long", lng, PMIX_STRING);
    OK("put", "10 keys: test.local LOCAL, test.remote REMOTE, 8 GLOBAL");
}

/* Checks every key rank r put (as a peer sees them); returns how many matched. */
static int check_peer(pmix_rank_t r)
{
    char s[64], lng[LONG_LEN + 1];
    unsigned char bytes[BO_LEN];
    pmix_value_t *v;
    int good = 0;

    snprintf(s, sizeof s, "local-r%u", r);
    if (NULL != (v = get_typed("get-peers", r, "test.local", PMIX_STRING))) {
        good += 0 == strcmp(s, v->data.string) ? 1 : (fail("get-peers", PMIX_ERR_INVALID_VAL, "test.local of %u = %s", r, v->data.string), 0);
        PMIX_VALUE_RELEASE(v);
    }
    snprintf(s, sizeof s, "global-r%u", r);
    if (NULL != (v = get_typed("get-peers", r, "test.global", PMIX_STRING))) {
        good += 0 == strcmp(s, v->data.string) ? 1 : (fail("get-peers", PMIX_ERR_INVALID_VAL, "test.global of %u = %s", r, v->data.string), 0);
        PMIX_VALUE_RELEASE(v);
    }
    if (NULL != (v = get_typed("get-peers", r, "test.u32", PMIX_UINT32))) {
        good += 1000 + r == v->data.uint32 ? 1 : (fail("get-peers", PMIX_ERR_INVALID_VAL, "test.u32 of %u = %u", r, v->data.uint32), 0);
        PMIX_VALUE_RELEASE(v);
    }
    if (NULL != (v = get_typed("get-peers", r, "test.i64", PMIX_INT64))) {
        good += i64_of(r) == v->data.int64 ? 1 : (fail("get-peers", PMIX_ERR_INVALID_VAL, "test.i64 of %u = %" PRId64, r, v->data.int64), 0);
        PMIX_VALUE_RELEASE(v);
    }
    if (NULL != (v = get_typed("get-peers", r, "test.double", PMIX_DOUBLE))) {
        good += r + 0.25 == v->data.dval ? 1 : (fail("get-peers", PMIX_ERR_INVALID_VAL, "test.double of %u = %g", r, v->data.dval), 0);
        PMIX_VALUE_RELEASE(v);
    }
    if (NULL != (v = get_typed("get-peers", r, "test.bool", PMIX_BOOL))) {
        good += v->data.flag ? 1 : (fail("get-peers", PMIX_ERR_INVALID_VAL, "test.bool of %u = false", r), 0);
        PMIX_VALUE_RELEASE(v);
    }
    byte_pattern(bytes, r);
    if (NULL != (v = get_typed("get-peers", r, "test.bo", PMIX_BYTE_OBJECT))) {
        good += BO_LEN == v->data.bo.size && 0 == memcmp(bytes, v->data.bo.bytes, BO_LEN)
                    ? 1 : (fail("get-peers", PMIX_ERR_INVALID_VAL, "test.bo of %u: %zu bytes, differ", r, v->data.bo.size), 0);
        PMIX_VALUE_RELEASE(v);
    }
    if (NULL != (v = get_typed("get-peers", r, "test.darray", PMIX_DATA_ARRAY))) {
        const uint32_t *a = v->data.darray->array;
        good += PMIX_UINT32 == v->data.darray->type && 3 == v->data.darray->size && r == a[0] && r + 1 == a[1] && r + 2 == a[2]
                    ? 1 : (fail("get-peers", PMIX_ERR_INVALID_VAL, "test.darray of %u differs", r), 0);
        PMIX_VALUE_RELEASE(v);
    }
    long_string(lng, r);
    if (NULL != (v = get_typed("get-peers", r, "test.long", PMIX_STRING))) {
        good += 0 == strcmp(lng, v->data.string) ? 1 : (fail("get-peers", PMIX_ERR_INVALID_VAL, "test.long of %u differs", r), 0);
        PMIX_VALUE_RELEASE(v);
    }
    return good;
}

/* ---------------------------------------------------------------- events */

static pthread_mutex_t evlock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t evcond = PTHREAD_COND_INITIALIZER;
static int evcount;
static pmix_status_t evstatus;
static pmix_proc_t evsource;
static size_t evninfo;
static char evnote[64];
static char evkeys[512];

static void on_event(size_t id, pmix_status_t status, const pmix_proc_t *source, pmix_info_t info[], size_t ninfo,
                     pmix_info_t *results, size_t nresults, pmix_event_notification_cbfunc_fn_t cbfunc, void *cbdata)
{
    (void) id;
    (void) results;
    (void) nresults;
    pthread_mutex_lock(&evlock);
    evcount++;
    evstatus = status;
    if (NULL != source) {
        evsource = *source;
    }
    evninfo = ninfo;
    evkeys[0] = '\0';
    for (size_t i = 0; i < ninfo; i++) {
        size_t l = strlen(evkeys);
        snprintf(evkeys + l, sizeof evkeys - l, "%s%s", 0 == i ? "" : ",", info[i].key);
        if (PMIX_CHECK_KEY(&info[i], "test.note") && PMIX_STRING == info[i].value.type) {
            snprintf(evnote, sizeof evnote, "%s", info[i].value.data.string);
        }
    }
    pthread_cond_broadcast(&evcond);
    pthread_mutex_unlock(&evlock);
    if (NULL != cbfunc) {
        cbfunc(PMIX_EVENT_ACTION_COMPLETE, NULL, 0, NULL, NULL, cbdata);
    }
}

/* Waits until the handler ran `count` times or `seconds` passed; returns the count seen. */
static int wait_events(int count, double seconds)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += (time_t) seconds;
    pthread_mutex_lock(&evlock);
    while (evcount < count) {
        if (0 != pthread_cond_timedwait(&evcond, &evlock, &until)) {
            break;
        }
    }
    int seen = evcount;
    pthread_mutex_unlock(&evlock);
    return seen;
}

typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    bool done;
    pmix_status_t status;
} opwait_t;

static void op_done(pmix_status_t status, void *cbdata)
{
    opwait_t *w = cbdata;
    pthread_mutex_lock(&w->lock);
    w->status = status;
    w->done = true;
    pthread_cond_signal(&w->cond);
    pthread_mutex_unlock(&w->lock);
}

/* ---------------------------------------------------------------- steps */

static void init(void)
{
    pmix_status_t rc = PMIx_Init(&me, NULL, 0);
    if (PMIX_SUCCESS != rc) {
        bail("init", rc, "PMIx_Init");
    }
    snprintf(rankstr, sizeof rankstr, "%u", me.rank);
    OK("init", "nspace=%s rank=%u", me.nspace, me.rank);
    pmix_value_t *v = get_typed("job-size", PMIX_RANK_WILDCARD, PMIX_JOB_SIZE, PMIX_UINT32);
    if (NULL == v) {
        exit(1);
    }
    size = v->data.uint32;
    PMIX_VALUE_RELEASE(v);
    if (me.rank >= size) {
        bail("job-size", PMIX_ERR_BAD_PARAM, "own rank >= job size");
    }
    OK("job-size", "%u", size);
}

static void fence(const char *step, bool collect, const pmix_proc_t *procs, size_t nprocs)
{
    pmix_info_t info;
    PMIX_INFO_LOAD(&info, PMIX_COLLECT_DATA, &collect, PMIX_BOOL);
    double t0 = now();
    pmix_status_t rc = PMIx_Fence(procs, nprocs, collect ? &info : NULL, collect ? 1 : 0);
    PMIX_INFO_DESTRUCT(&info);
    if (PMIX_SUCCESS != rc) {
        bail(step, rc, "PMIx_Fence");
    }
    OK(step, "%zu procs%s, %.1f ms", NULL == procs ? size : nprocs, collect ? " collect" : "", (now() - t0) * 1e3);
}

static void finalize(void)
{
    pmix_status_t rc = PMIx_Finalize(NULL, 0);
    if (PMIX_SUCCESS != rc) {
        fail("finalize", rc, "PMIx_Finalize");
    } else {
        OK("finalize", "done");
    }
}

/* Own and job-level facts; returns our local rank (index in PMIX_LOCAL_PEERS), -1 if unknown. */
static uint32_t local_size;
static uint32_t *local_peers;

static int local_index(pmix_rank_t r)
{
    for (uint32_t i = 0; i < local_size; i++) {
        if (local_peers[i] == r) {
            return (int) i;
        }
    }
    return -1;
}

static void job_keys(char *hostname, size_t hostlen)
{
    pmix_value_t *v;
    if (NULL != (v = get_typed("univ-size", PMIX_RANK_WILDCARD, PMIX_UNIV_SIZE, PMIX_UINT32))) {
        v->data.uint32 >= size ? OK("univ-size", "%u", v->data.uint32)
                               : fail("univ-size", PMIX_ERR_INVALID_VAL, "%u < job size", v->data.uint32);
        PMIX_VALUE_RELEASE(v);
    }
    if (NULL != (v = get_typed("max-procs", PMIX_RANK_WILDCARD, PMIX_MAX_PROCS, PMIX_UINT32))) {
        v->data.uint32 >= size ? OK("max-procs", "%u", v->data.uint32)
                               : fail("max-procs", PMIX_ERR_INVALID_VAL, "%u < job size", v->data.uint32);
        PMIX_VALUE_RELEASE(v);
    }
    if (NULL == (v = get_typed("local-size", PMIX_RANK_WILDCARD, PMIX_LOCAL_SIZE, PMIX_UINT32))) {
        exit(1);
    }
    local_size = v->data.uint32;
    PMIX_VALUE_RELEASE(v);
    if (local_size < 1 || local_size > size) {
        bail("local-size", PMIX_ERR_INVALID_VAL, "out of range");
    }
    OK("local-size", "%u", local_size);
    if (NULL == (v = get_typed("local-peers", PMIX_RANK_WILDCARD, PMIX_LOCAL_PEERS, PMIX_STRING))) {
        exit(1);
    }
    local_peers = calloc(local_size, sizeof *local_peers);
    uint32_t n = 0;
    char *save = NULL, *copy = strdup(v->data.string);
    for (char *tok = strtok_r(copy, ",", &save); NULL != tok && n < local_size; tok = strtok_r(NULL, ",", &save)) {
        local_peers[n++] = (uint32_t) strtoul(tok, NULL, 10);
    }
    free(copy);
    if (n != local_size || local_index(me.rank) < 0) {
        fail("local-peers", PMIX_ERR_INVALID_VAL, "\"%s\": %u entries, own rank %s", v->data.string, n,
             local_index(me.rank) < 0 ? "missing" : "present");
    } else {
        OK("local-peers", "%s", v->data.string);
    }
    PMIX_VALUE_RELEASE(v);

    if (NULL != (v = get_typed("nodeid", me.rank, PMIX_NODEID, PMIX_UINT32))) {
        OK("nodeid", "%u", v->data.uint32);
        PMIX_VALUE_RELEASE(v);
    }
    /* what the server calls this host: it gives PMIX_HOSTNAME in the environment too */
    const char *envhost = getenv("PMIX_HOSTNAME");
    if (NULL != envhost) {
        snprintf(hostname, hostlen, "%s", envhost);
    } else if (0 != gethostname(hostname, hostlen)) {
        hostname[0] = '\0';
    }
    if (NULL != (v = get_typed("hostname", me.rank, PMIX_HOSTNAME, PMIX_STRING))) {
        0 == strcmp(hostname, v->data.string) ? OK("hostname", "%s", v->data.string)
            : fail("hostname", PMIX_ERR_INVALID_VAL, "%s, expected %s", v->data.string, hostname);
        PMIX_VALUE_RELEASE(v);
    }
    if (NULL != (v = get_typed("local-rank", me.rank, PMIX_LOCAL_RANK, PMIX_UINT16))) {
        (int) v->data.uint16 == local_index(me.rank) ? OK("local-rank", "%u", v->data.uint16)
            : fail("local-rank", PMIX_ERR_INVALID_VAL, "%u, expected %d (position in local peers)", v->data.uint16, local_index(me.rank));
        PMIX_VALUE_RELEASE(v);
    }
    /* one job per node, as the launchers under test run it: node rank = local rank */
    if (NULL != (v = get_typed("node-rank", me.rank, PMIX_NODE_RANK, PMIX_UINT16))) {
        (int) v->data.uint16 == local_index(me.rank) ? OK("node-rank", "%u", v->data.uint16)
            : fail("node-rank", PMIX_ERR_INVALID_VAL, "%u, expected %d", v->data.uint16, local_index(me.rank));
        PMIX_VALUE_RELEASE(v);
    }
    if (NULL != (v = get_typed("appnum", me.rank, PMIX_APPNUM, PMIX_UINT32))) {
        0 == v->data.uint32 ? OK("appnum", "%u", v->data.uint32) : fail("appnum", PMIX_ERR_INVALID_VAL, "%u", v->data.uint32);
        PMIX_VALUE_RELEASE(v);
    }
    /* the documented way to ask for one's own rank: the client library answers it */
    if (NULL != (v = get_typed("rank", PMIX_RANK_INVALID, PMIX_RANK, PMIX_PROC_RANK))) {
        me.rank == v->data.rank ? OK("rank", "%u", v->data.rank) : fail("rank", PMIX_ERR_INVALID_VAL, "%u", v->data.rank);
        PMIX_VALUE_RELEASE(v);
    }
    /*
     * PMIX_RANK of one's own proc goes to the server: OpenPMIx does not store the rank that heads
     * a proc's data array, so it answers NOT_FOUND; the right rank is accepted too.
     */
    pmix_status_t rc = get(me.rank, PMIX_RANK, NULL, 0, &v);
    if (PMIX_ERR_NOT_FOUND == rc) {
        OK("rank-of-proc", "NOT-FOUND");
    } else if (PMIX_SUCCESS == rc && PMIX_PROC_RANK == v->type && me.rank == v->data.rank) {
        OK("rank-of-proc", "%u", v->data.rank);
    } else {
        fail("rank-of-proc", rc, "PMIx_Get(%u, pmix.rank)", me.rank);
    }
    if (PMIX_SUCCESS == rc) {
        PMIX_VALUE_RELEASE(v);
    }
}

static void peer_keys(const char *hostname)
{
    pmix_rank_t peer = (me.rank + 1) % size;
    pmix_value_t *v;
    if (1 == size) {
        emit("SKIP %s peer-local-rank one rank", rankstr);
        emit("SKIP %s peer-hostname one rank", rankstr);
    } else {
        if (NULL != (v = get_typed("peer-local-rank", peer, PMIX_LOCAL_RANK, PMIX_UINT16))) {
            (int) v->data.uint16 == local_index(peer) ? OK("peer-local-rank", "rank=%u %u", peer, v->data.uint16)
                : fail("peer-local-rank", PMIX_ERR_INVALID_VAL, "rank=%u %u, expected %d", peer, v->data.uint16, local_index(peer));
            PMIX_VALUE_RELEASE(v);
        }
        if (NULL != (v = get_typed("peer-hostname", peer, PMIX_HOSTNAME, PMIX_STRING))) {
            0 == strcmp(hostname, v->data.string) ? OK("peer-hostname", "rank=%u %s", peer, v->data.string)
                : fail("peer-hostname", PMIX_ERR_INVALID_VAL, "rank=%u %s, expected %s", peer, v->data.string, hostname);
            PMIX_VALUE_RELEASE(v);
        }
    }
    /* node-level key of a named node, app-level key of a named app (qualified gets) */
    pmix_info_t q[2];
    bool yes = true;
    uint32_t zero = 0;
    PMIX_INFO_LOAD(&q[0], PMIX_NODE_INFO, &yes, PMIX_BOOL);
    PMIX_INFO_LOAD(&q[1], PMIX_HOSTNAME, hostname, PMIX_STRING);
    pmix_status_t rc = get(PMIX_RANK_WILDCARD, PMIX_LOCAL_SIZE, q, 2, &v);
    if (PMIX_SUCCESS != rc) {
        fail("node-info", rc, "PMIX_LOCAL_SIZE of node %s", hostname);
    } else {
        PMIX_UINT32 == v->type && local_size == v->data.uint32 ? OK("node-info", "%s PMIX_LOCAL_SIZE=%u", hostname, v->data.uint32)
            : fail("node-info", PMIX_ERR_INVALID_VAL, "PMIX_LOCAL_SIZE of %s: type %s", hostname, PMIx_Data_type_string(v->type));
        PMIX_VALUE_RELEASE(v);
    }
    PMIX_INFO_DESTRUCT(&q[0]);
    PMIX_INFO_DESTRUCT(&q[1]);
    PMIX_INFO_LOAD(&q[0], PMIX_APP_INFO, &yes, PMIX_BOOL);
    PMIX_INFO_LOAD(&q[1], PMIX_APPNUM, &zero, PMIX_UINT32);
    rc = get(PMIX_RANK_WILDCARD, PMIX_APP_SIZE, q, 2, &v);
    if (PMIX_SUCCESS != rc) {
        fail("app-info", rc, "PMIX_APP_SIZE of app 0");
    } else {
        PMIX_UINT32 == v->type && size == v->data.uint32 ? OK("app-info", "app 0 PMIX_APP_SIZE=%u", v->data.uint32)
            : fail("app-info", PMIX_ERR_INVALID_VAL, "PMIX_APP_SIZE of app 0: type %s", PMIx_Data_type_string(v->type));
        PMIX_VALUE_RELEASE(v);
    }
    PMIX_INFO_DESTRUCT(&q[0]);
    PMIX_INFO_DESTRUCT(&q[1]);
}

static void get_before_fence(void)
{
    if (1 == size) {
        emit("SKIP %s get-before-fence one rank", rankstr);
        return;
    }
    /* The peer commits right after its puts, like us: the server holds the request until then. */
    pmix_rank_t peer = (me.rank + 1) % size;
    pmix_info_t t;
    int timeout = 10;
    PMIX_INFO_LOAD(&t, PMIX_TIMEOUT, &timeout, PMIX_INT);
    char want[64];
    snprintf(want, sizeof want, "global-r%u", peer);
    pmix_value_t *v;
    double t0 = now();
    pmix_status_t rc = get(peer, "test.global", &t, 1, &v);
    double ms = (now() - t0) * 1e3;
    PMIX_INFO_DESTRUCT(&t);
    if (PMIX_SUCCESS != rc) {
        fail("get-before-fence", rc, "rank=%u test.global after %.0f ms", peer, ms);
        return;
    }
    PMIX_STRING == v->type && 0 == strcmp(want, v->data.string)
        ? OK("get-before-fence", "rank=%u test.global=%s after %.0f ms", peer, v->data.string, ms)
        : fail("get-before-fence", PMIX_ERR_INVALID_VAL, "rank=%u test.global wrong", peer);
    PMIX_VALUE_RELEASE(v);
}

static void get_after_fence(void)
{
    for (pmix_rank_t r = 0; r < size; r++) {
        if (r == me.rank) {
            continue;
        }
        int good = check_peer(r);
        if (9 == good) {
            OK("get-peers", "rank=%u 9 keys match", r);
        }
        /* a REMOTE-only put is not given to a peer on the same node */
        pmix_value_t *v;
        pmix_status_t rc = get(r, "test.remote", NULL, 0, &v);
        if (PMIX_ERR_NOT_FOUND == rc) {
            OK("get-peers", "rank=%u test.remote (REMOTE scope) NOT-FOUND", r);
        } else {
            fail("get-peers", rc, "rank=%u test.remote: expected NOT_FOUND for a local peer", r);
            if (PMIX_SUCCESS == rc) {
                PMIX_VALUE_RELEASE(v);
            }
        }
    }
    /* own keys, every scope, are answered from the client's own store */
    const char *keys[] = {"test.local", "test.remote", "test.global"};
    int own = 0;
    for (size_t i = 0; i < 3; i++) {
        pmix_value_t *v;
        pmix_status_t rc = get(me.rank, keys[i], NULL, 0, &v);
        if (PMIX_SUCCESS == rc) {
            own++;
            PMIX_VALUE_RELEASE(v);
        } else {
            fail("get-own", rc, "%s", keys[i]);
        }
    }
    if (3 == own) {
        OK("get-own", "test.local test.remote test.global");
    }
}

static void get_missing(void)
{
    pmix_rank_t peer = (me.rank + 1) % size;
    bool yes = true;
    int one = 1;
    pmix_info_t i;
    PMIX_INFO_LOAD(&i, PMIX_IMMEDIATE, &yes, PMIX_BOOL);
    expect_status("get-missing-immediate", peer, "test.never", &i, 1, PMIX_ERR_NOT_FOUND);
    PMIX_INFO_DESTRUCT(&i);
    PMIX_INFO_LOAD(&i, PMIX_OPTIONAL, &yes, PMIX_BOOL);
    expect_status("get-missing-optional", peer, "test.never", &i, 1, PMIX_ERR_NOT_FOUND);
    PMIX_INFO_DESTRUCT(&i);
    PMIX_INFO_LOAD(&i, PMIX_TIMEOUT, &one, PMIX_INT);
    expect_status("get-missing-timeout", peer, "test.never", &i, 1, PMIX_ERR_TIMEOUT);
    PMIX_INFO_DESTRUCT(&i);
    /* no directive, the peer has committed without the key: OpenPMIx's server waits 2 s for another
     * commit, then times out; JPMIx's answers NOT_FOUND at once (a commit without the key is the answer) */
    expect_either("get-missing", peer, "test.never", NULL, 0, PMIX_ERR_NOT_FOUND, PMIX_ERR_TIMEOUT);
    /* a missing reserved key is asked for with PMIX_IMMEDIATE added by the client */
    expect_status("get-missing-reserved", PMIX_RANK_WILDCARD, "pmix.test.never", NULL, 0, PMIX_ERR_NOT_FOUND);

    PMIX_INFO_LOAD(&i, PMIX_IMMEDIATE, &yes, PMIX_BOOL);
    pmix_value_t *v;
    pmix_status_t rc = get(peer, "test.global", &i, 1, &v);
    PMIX_INFO_DESTRUCT(&i);
    if (PMIX_SUCCESS != rc) {
        fail("get-immediate", rc, "rank=%u test.global", peer);
    } else {
        OK("get-immediate", "rank=%u test.global=%s", peer, PMIX_STRING == v->type ? v->data.string : "?");
        PMIX_VALUE_RELEASE(v);
    }
}

static void events(void)
{
    pmix_status_t code = TEST_EVENT;
    pmix_status_t rc = PMIx_Register_event_handler(&code, 1, NULL, 0, on_event, NULL, NULL);
    if (rc < 0) {
        bail("event-register", rc, "PMIx_Register_event_handler");
    }
    OK("event-register", "code=%d ref=%d", TEST_EVENT, rc);
    fence("event-fence", false, NULL, 0); /* every handler is registered before anyone notifies */
    if (0 == me.rank) {
        pmix_info_t note;
        PMIX_INFO_LOAD(&note, "test.note", "hello from 0", PMIX_STRING);
        opwait_t w = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, false, PMIX_SUCCESS};
        rc = PMIx_Notify_event(TEST_EVENT, NULL, PMIX_RANGE_NAMESPACE, &note, 1, op_done, &w);
        if (PMIX_SUCCESS != rc) {
            fail("event-notify", rc, "PMIx_Notify_event");
        } else {
            pthread_mutex_lock(&w.lock);
            while (!w.done) {
                pthread_cond_wait(&w.cond, &w.lock);
            }
            pthread_mutex_unlock(&w.lock);
            OK("event-notify", "range=NAMESPACE callback status=%s", PMIx_Error_string(w.status));
        }
        PMIX_INFO_DESTRUCT(&note);
        /* the notifier's own handler runs too (locally, not via the server) */
        int seen = wait_events(1, 5);
        seen >= 1 ? OK("event-self", "handler ran %d time(s)", seen) : fail("event-self", PMIX_ERR_TIMEOUT, "own handler did not run");
    } else {
        int seen = wait_events(1, 10);
        pthread_mutex_lock(&evlock);
        if (seen < 1) {
            fail("event-received", PMIX_ERR_TIMEOUT, "handler did not run in 10 s");
        } else if (TEST_EVENT != evstatus || !PMIX_CHECK_NSPACE(evsource.nspace, me.nspace) || 0 != evsource.rank
                   || 0 != strcmp(evnote, "hello from 0")) {
            fail("event-received", PMIX_ERR_INVALID_VAL, "status=%d source=%s:%u note=%s", evstatus, evsource.nspace,
                 evsource.rank, evnote);
        } else {
            OK("event-received", "status=%d source=%s:%u ninfo=%zu keys=%s", evstatus, evsource.nspace, evsource.rank,
               evninfo, evkeys);
        }
        pthread_mutex_unlock(&evlock);
    }
    fence("event-done", false, NULL, 0);
}

static void basic(void)
{
    char hostname[256];
    init();
    job_keys(hostname, sizeof hostname);
    peer_keys(hostname);
    put_all();
    pmix_status_t rc = PMIx_Commit();
    if (PMIX_SUCCESS != rc) {
        bail("commit", rc, "PMIx_Commit");
    }
    OK("commit", "done");
    get_before_fence();
    fence("fence-collect", true, NULL, 0);
    fence("fence", false, NULL, 0);
    if (size >= 2 && me.rank < 2) {
        pmix_proc_t pair[2];
        load_proc(&pair[0], 0);
        load_proc(&pair[1], 1);
        fence("fence-subset", false, pair, 2);
    } else {
        emit("SKIP %s fence-subset only ranks 0 and 1 take part", rankstr);
    }
    if (size >= 2) {
        get_after_fence();
        get_missing();
    } else {
        emit("SKIP %s get-peers one rank", rankstr);
    }
    events();
    finalize();
}

/* ---------------------------------------------------------------- fault modes */

static void abort_mode(int status)
{
    init();
    fence("fence", false, NULL, 0);
    if (0 == me.rank) {
        OK("abort", "calling PMIx_Abort(%d)", status);
        pmix_status_t rc = PMIx_Abort(status, "pmix_client abort test", NULL, 0);
        OK("abort-returned", "%s", PMIx_Error_string(rc));
        exit(status);
    }
    OK("abort-wait", "in a fence rank 0 never joins");
    pmix_status_t rc = PMIx_Fence(NULL, 0, NULL, 0);
    fail("abort-wait", rc, "the fence returned; the host should have killed this rank");
    exit(1);
}

static void fence_timeout_mode(void)
{
    init();
    if (size < 2) {
        bail("fence-timeout", PMIX_ERR_BAD_PARAM, "needs 2 or more ranks");
    }
    if (me.rank == size - 1) {
        sleep(5); /* the others' fence times out after 2 s */
        OK("fence-timeout", "stayed away 5 s");
    } else {
        pmix_info_t t;
        int seconds = 2;
        PMIX_INFO_LOAD(&t, PMIX_TIMEOUT, &seconds, PMIX_INT);
        double t0 = now();
        pmix_status_t rc = PMIx_Fence(NULL, 0, &t, 1);
        double ms = (now() - t0) * 1e3;
        PMIX_INFO_DESTRUCT(&t);
        PMIX_ERR_TIMEOUT == rc ? OK("fence-timeout", "%s after %.0f ms", PMIx_Error_string(rc), ms)
                               : fail("fence-timeout", rc, "expected TIMEOUT, after %.0f ms", ms);
    }
    fence("fence-after-timeout", false, NULL, 0);
    finalize();
}

static void sleep_in_fence_mode(void)
{
    init();
    if (me.rank == size - 1) {
        emit("READY %s %d sleeping", rankstr, (int) getpid());
        for (;;) {
            pause();
        }
    }
    emit("READY %s %d in-fence", rankstr, (int) getpid());
    pmix_status_t rc = PMIx_Fence(NULL, 0, NULL, 0);
    OK("sleep-in-fence", "fence returned %s", PMIx_Error_string(rc));
    finalize();
}

static void on_lost(size_t id, pmix_status_t status, const pmix_proc_t *source, pmix_info_t info[], size_t ninfo,
                    pmix_info_t *results, size_t nresults, pmix_event_notification_cbfunc_fn_t cbfunc, void *cbdata)
{
    (void) id;
    (void) info;
    (void) ninfo;
    (void) results;
    (void) nresults;
    (void) cbfunc;
    (void) cbdata;
    emit("EVENT %s %s source=%s:%u", rankstr, PMIx_Error_string(status), NULL == source ? "-" : source->nspace,
         NULL == source ? 0 : source->rank);
    _exit(failed ? 1 : 0);
}

static void hang_mode(void)
{
    init();
    pmix_status_t code = PMIX_ERR_LOST_CONNECTION;
    pmix_status_t rc = PMIx_Register_event_handler(&code, 1, NULL, 0, on_lost, NULL, NULL);
    if (rc < 0) {
        bail("hang", rc, "PMIx_Register_event_handler(LOST_CONNECTION)");
    }
    emit("READY %s %d hang", rankstr, (int) getpid());
    for (;;) {
        pause();
    }
}

/* ---------------------------------------------------------------- watch */

static volatile int watched;

static void on_departure(size_t id, pmix_status_t status, const pmix_proc_t *source, pmix_info_t info[], size_t ninfo,
                         pmix_info_t *results, size_t nresults, pmix_event_notification_cbfunc_fn_t cbfunc, void *cbdata)
{
    (void) id;
    (void) results;
    (void) nresults;
    char affected[PMIX_MAX_NSLEN + 16] = "-";
    for (size_t i = 0; i < ninfo; i++) {
        if (PMIX_CHECK_KEY(&info[i], PMIX_EVENT_AFFECTED_PROC) && PMIX_PROC == info[i].value.type) {
            snprintf(affected, sizeof affected, "%s:%u", info[i].value.data.proc->nspace, info[i].value.data.proc->rank);
        }
    }
    emit("EVENT %s %d affected=%s source=%s:%u", rankstr, (int) status, affected, NULL == source ? "-" : source->nspace,
         NULL == source ? 0 : source->rank);
    watched = 1;
    if (NULL != cbfunc) {
        cbfunc(PMIX_EVENT_ACTION_COMPLETE, NULL, 0, NULL, NULL, cbdata);
    }
}

/* A handler for a peer's departure (PMIX_ERR_PROC_ABORTED, -7), a fence with the job, READY; then the first
 * such event is printed and the client finalizes (60 s at most). */
static void watch_mode(void)
{
    init();
    pmix_status_t code = PMIX_ERR_PROC_ABORTED;
    pmix_status_t rc = PMIx_Register_event_handler(&code, 1, NULL, 0, on_departure, NULL, NULL);
    if (rc < 0) {
        bail("watch", rc, "PMIx_Register_event_handler(PROC_ABORTED)");
    }
    fence("watch-fence", false, NULL, 0);
    emit("READY %s %d watch", rankstr, (int) getpid());
    for (int i = 0; i < 6000 && !watched; i++) {
        usleep(10000);
    }
    if (!watched) {
        fail("watch", PMIX_ERR_TIMEOUT, "no departure event in 60 s");
    }
    finalize();
}

/* ---------------------------------------------------------------- wire */

/* The modex round every MPI library does, with the values JPMIx's Java test ranks use, so C and Java
 * ranks of one job can check each other: put "ep" = "endpoint-of-<rank>" (GLOBAL), commit, fence
 * with data collection, get and check every rank's "ep". */
static void wire_mode(void)
{
    init();
    char ep[64];
    snprintf(ep, sizeof ep, "endpoint-of-%u", me.rank);
    put_one(PMIX_GLOBAL, "ep", ep, PMIX_STRING);
    pmix_status_t rc = PMIx_Commit();
    if (PMIX_SUCCESS != rc) {
        bail("wire", rc, "PMIx_Commit");
    }
    fence("wire-fence", true, NULL, 0);
    int good = 0;
    for (pmix_rank_t r = 0; r < size; r++) {
        pmix_value_t *v;
        char want[64];
        snprintf(want, sizeof want, "endpoint-of-%u", r);
        rc = get(r, "ep", NULL, 0, &v);
        if (PMIX_SUCCESS != rc) {
            fail("wire", rc, "rank %u's ep", r);
            continue;
        }
        if (PMIX_STRING == v->type && 0 == strcmp(v->data.string, want)) {
            good++;
        } else {
            fail("wire", PMIX_ERROR, "rank %u posted %s", r, PMIX_STRING == v->type ? v->data.string : "(not a string)");
        }
        PMIX_VALUE_RELEASE(v);
    }
    if ((uint32_t) good == size) {
        OK("wired", "%u of %u", me.rank, size);
    }
    fence("wire-done", false, NULL, 0);
    finalize();
}

/* ---------------------------------------------------------------- info */

static void print_key(pmix_rank_t rank, const char *key, const pmix_info_t *q, size_t nq, const char *label)
{
    pmix_value_t *v;
    char target[32], text[1024];
    PMIX_RANK_WILDCARD == rank ? snprintf(target, sizeof target, "%s", label)
                               : snprintf(target, sizeof target, "rank%u", rank);
    pmix_status_t rc = get(rank, key, q, nq, &v);
    if (PMIX_SUCCESS != rc) {
        emit("INFO %s %s %s - %s", rankstr, target, key, PMIx_Error_string(rc));
        return;
    }
    format_value(v, text, sizeof text);
    emit("INFO %s %s %s %s", rankstr, target, key, text);
    PMIX_VALUE_RELEASE(v);
}

static void info_mode(void)
{
    static const char *job[] = {PMIX_JOBID, PMIX_JOB_SIZE, PMIX_UNIV_SIZE, PMIX_MAX_PROCS, PMIX_NUM_NODES,
                                PMIX_NODE_LIST, PMIX_NPROC_OFFSET, PMIX_JOB_NUM_APPS, PMIX_TMPDIR, PMIX_NSDIR,
                                PMIX_SESSION_ID, PMIX_SPAWNED, PMIX_NODE_MAP, PMIX_PROC_MAP, PMIX_BFROPS_MODULE,
                                PMIX_LOCAL_SIZE, PMIX_LOCAL_PEERS, PMIX_LOCALLDR, PMIX_NODE_SIZE, PMIX_HOSTNAME,
                                PMIX_NODEID, PMIX_LOCAL_CPUSETS, PMIX_APP_SIZE, PMIX_APPLDR, PMIX_APPNUM, NULL};
    static const char *proc[] = {PMIX_RANK, PMIX_LOCAL_RANK, PMIX_NODE_RANK, PMIX_APPNUM, PMIX_APP_RANK,
                                 PMIX_GLOBAL_RANK, PMIX_NODEID, PMIX_HOSTNAME, PMIX_PROCDIR, PMIX_LOCALITY_STRING,
                                 PMIX_CPUSET, PMIX_SPAWNED, NULL};
    init();
    if (0 == me.rank) {
        for (const char **k = job; NULL != *k; k++) {
            print_key(PMIX_RANK_WILDCARD, *k, NULL, 0, "job");
        }
        char host[256];
        const char *envhost = getenv("PMIX_HOSTNAME");
        snprintf(host, sizeof host, "%s", NULL != envhost ? envhost : "localhost");
        pmix_info_t q[2];
        bool yes = true;
        uint32_t zero = 0;
        PMIX_INFO_LOAD(&q[0], PMIX_NODE_INFO, &yes, PMIX_BOOL);
        PMIX_INFO_LOAD(&q[1], PMIX_HOSTNAME, host, PMIX_STRING);
        const char *node[] = {PMIX_LOCAL_SIZE, PMIX_LOCAL_PEERS, PMIX_LOCALLDR, PMIX_NODE_SIZE, PMIX_NODEID, NULL};
        for (const char **k = node; NULL != *k; k++) {
            print_key(PMIX_RANK_WILDCARD, *k, q, 2, "node");
        }
        PMIX_INFO_DESTRUCT(&q[0]);
        PMIX_INFO_DESTRUCT(&q[1]);
        PMIX_INFO_LOAD(&q[0], PMIX_APP_INFO, &yes, PMIX_BOOL);
        PMIX_INFO_LOAD(&q[1], PMIX_APPNUM, &zero, PMIX_UINT32);
        const char *app[] = {PMIX_APP_SIZE, PMIX_APPLDR, PMIX_APPNUM, NULL};
        for (const char **k = app; NULL != *k; k++) {
            print_key(PMIX_RANK_WILDCARD, *k, q, 2, "app");
        }
        PMIX_INFO_DESTRUCT(&q[0]);
        PMIX_INFO_DESTRUCT(&q[1]);
    }
    for (const char **k = proc; NULL != *k; k++) {
        print_key(me.rank, *k, NULL, 0, "proc");
    }
    fence("fence", false, NULL, 0);
    finalize();
}

static void other_mode(int argc, char **argv)
{
    init();
    pmix_proc_t p;
    PMIX_LOAD_PROCID(&p, argv[2], PMIX_RANK_WILDCARD);
    for (int i = 3; i < argc; i++) {
        pmix_value_t *v = NULL;
        char text[1024];
        pmix_status_t rc = PMIx_Get(&p, argv[i], NULL, 0, &v);
        if (PMIX_SUCCESS != rc) {
            emit("INFO %s %s %s - %s", rankstr, argv[2], argv[i], PMIx_Error_string(rc));
            continue;
        }
        format_value(v, text, sizeof text);
        emit("INFO %s %s %s %s", rankstr, argv[2], argv[i], text);
        PMIX_VALUE_RELEASE(v);
    }
    finalize();
}

/* ---------------------------------------------------------------- publish / lookup */

/* PMIx_Lookup of one key: the status, the value's string in out (if found) and its publisher's rank. */
static pmix_status_t lookup_one(const char *key, bool wait, int timeout, char *out, size_t len, pmix_rank_t *from)
{
    pmix_pdata_t pd;
    pmix_info_t info[2];
    size_t ninfo = 0;
    int all = 0;
    PMIX_PDATA_CONSTRUCT(&pd);
    pmix_strncpy(pd.key, key, PMIX_MAX_KEYLEN);
    if (wait) {
        PMIX_INFO_LOAD(&info[ninfo], PMIX_WAIT, &all, PMIX_INT);
        ninfo++;
    }
    if (timeout > 0) {
        PMIX_INFO_LOAD(&info[ninfo], PMIX_TIMEOUT, &timeout, PMIX_INT);
        ninfo++;
    }
    pmix_status_t rc = PMIx_Lookup(&pd, 1, 0 == ninfo ? NULL : info, ninfo);
    if (PMIX_SUCCESS == rc && NULL != out) {
        snprintf(out, len, "%s", PMIX_STRING == pd.value.type ? pd.value.data.string : "?");
        *from = pd.proc.rank;
    }
    for (size_t i = 0; i < ninfo; i++) {
        PMIX_INFO_DESTRUCT(&info[i]);
    }
    PMIX_PDATA_DESTRUCT(&pd);
    return rc;
}

static pmix_status_t publish_one(const char *key, const char *value)
{
    pmix_info_t info;
    PMIX_INFO_LOAD(&info, key, value, PMIX_STRING);
    pmix_status_t rc = PMIx_Publish(&info, 1);
    PMIX_INFO_DESTRUCT(&info);
    return rc;
}

static void publish_mode(void)
{
    char value[256];
    pmix_rank_t from = PMIX_RANK_UNDEF;
    pmix_status_t rc;
    init();
    if (2 != size) {
        bail("publish", PMIX_ERR_BAD_PARAM, "needs 2 ranks");
    }
    if (0 == me.rank) {
        rc = lookup_one("c.waiting", true, 60, value, sizeof value, &from);
        if (PMIX_SUCCESS != rc) {
            bail("lookup-waiting", rc, "c.waiting");
        }
        sleep(2);
        if (PMIX_SUCCESS != (rc = publish_one("c.key", "from-c-0"))) {
            bail("publish", rc, "c.key");
        }
        OK("publish", "c.key");
        rc = publish_one("c.key", "again");
        PMIX_ERR_DUPLICATE_KEY == rc ? OK("publish-again", "%s", PMIx_Error_string(rc))
                                     : fail("publish-again", rc, "not a duplicate");
    } else {
        if (PMIX_SUCCESS != (rc = publish_one("c.waiting", "yes"))) {
            bail("publish", rc, "c.waiting");
        }
        double t0 = now();
        rc = lookup_one("c.key", true, 60, value, sizeof value, &from);
        double waited = now() - t0;
        if (PMIX_SUCCESS != rc) {
            fail("lookup-wait", rc, "c.key");
        } else if (0 != strcmp(value, "from-c-0") || 0 != from || waited < 1.5) {
            fail("lookup-wait", PMIX_ERROR, "c.key=%s from rank %u after %.0f ms", value, from, waited * 1e3);
        } else {
            OK("lookup-wait", "c.key=%s from rank %u after waiting", value, from);
        }
        t0 = now();
        rc = lookup_one("c.never", true, 2, NULL, 0, NULL);
        double took = now() - t0;
        PMIX_ERR_TIMEOUT == rc && took >= 1.5 && took < 30 ? OK("lookup-timeout", "%s", PMIx_Error_string(rc))
                                                          : fail("lookup-timeout", rc, "after %.0f ms", took * 1e3);
        rc = lookup_one("c.missing", false, 0, NULL, 0, NULL);
        PMIX_ERR_NOT_FOUND == rc ? OK("lookup-missing", "%s", PMIx_Error_string(rc)) : fail("lookup-missing", rc, "found");
    }
    fence("fence", false, NULL, 0);
    if (0 == me.rank) {
        char *keys[] = {"c.key", NULL};
        rc = PMIx_Unpublish(keys, NULL, 0);
        PMIX_SUCCESS == rc ? OK("unpublish", "c.key") : fail("unpublish", rc, "c.key");
    }
    fence("fence", false, NULL, 0);
    rc = lookup_one("c.key", false, 0, NULL, 0, NULL);
    PMIX_ERR_NOT_FOUND == rc ? OK("lookup-unpublished", "%s", PMIx_Error_string(rc)) : fail("lookup-unpublished", rc, "found");
    finalize();
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    if (0 == strcmp(mode, "basic") && 2 == argc) {
        basic();
    } else if (0 == strcmp(mode, "abort") && argc <= 3) {
        abort_mode(3 == argc ? atoi(argv[2]) : 42);
    } else if (0 == strcmp(mode, "fence-timeout") && 2 == argc) {
        fence_timeout_mode();
    } else if (0 == strcmp(mode, "sleep-in-fence") && 2 == argc) {
        sleep_in_fence_mode();
    } else if (0 == strcmp(mode, "hang") && 2 == argc) {
        hang_mode();
    } else if (0 == strcmp(mode, "info") && 2 == argc) {
        info_mode();
    } else if (0 == strcmp(mode, "wire") && 2 == argc) {
        wire_mode();
    } else if (0 == strcmp(mode, "other") && argc >= 4) {
        other_mode(argc, argv);
    } else if (0 == strcmp(mode, "publish") && 2 == argc) {
        publish_mode();
    } else if (0 == strcmp(mode, "watch") && 2 == argc) {
        watch_mode();
    } else {
        fprintf(stderr, "usage: pmix_client basic|abort [STATUS]|fence-timeout|sleep-in-fence|hang|info|wire|publish|watch|other NSPACE KEY...\n");
        return 2;
    }
    return failed ? 1 : 0;
}
