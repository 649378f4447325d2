/*
 * wireup_host: the OpenPMIx 4.2.2 side of the side-by-side wireup benchmark (issue 4, section 2).
 *
 *   wireup_host --n N --j J [--runs R] [--client PATH] [--tmpdir DIR] [--timeout SECONDS] [--warmup-seconds S]
 *               [--gds LIST]
 *
 * One run = one fresh OpenPMIx server (a forked child of this process, so every run starts cold
 * and a crash or hang in the library cannot take the aggregation with it):
 *   1. PMIx_server_init with its tmpdirs in a fresh directory (OpenPMIx's default GDS, ds21; with
 *      --gds LIST, PMIX_MCA_gds=LIST in the run's environment, so the server restricts its gds
 *      framework to LIST, tells the clients PMIX_GDS_MODULE=LIST and they inherit the restriction);
 *   2. PMIx_generate_regex / PMIx_generate_ppn for the job layout of wireup.h (metric generate_maps);
 *   3. PMIx_server_register_nspace with the wireup information a launcher gives (metric register);
 *   4. PMIx_server_register_client + PMIx_server_setup_fork for the N local ranks (metric
 *      register_clients: OpenPMIx may defer job-info work to this point, so it is reported too);
 *   5. posix_spawn of N wireup_client processes, which measure start, init, wired, cpu, modex_first,
 *      get_job_key, fence, modex, event.
 * The fence_nb upcall returns the node's collected data at once (the other nodes are simulated and
 * contribute nothing); direct_modex answers not-found (no remote process has data).
 *
 * After R runs (default 5) it prints one line per metric, over the samples of all runs and clients:
 *   RESULT impl=openpmix metric=<m> N=<n> J=<j> median_us=<x> p99_us=<x> samples=<k>
 * (impl=openpmix-LIST with --gds LIST: openpmix-hash).
 * median: the middle sample (mean of the two middle ones for an even count); p99: nearest rank,
 * the ceil(0.99 k)-th smallest sample. Progress goes to stderr.
 *
 * Errors: every PMIx call is checked; a failing call, a client that exits non-zero or is killed, or
 * a run past --timeout (default 1800 s) stops everything with a message and a non-zero exit. The
 * run's process group is killed and its directory removed in every case, also on SIGINT/SIGTERM.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <ftw.h>
#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <pmix.h>
#include <pmix_server.h>

#include "../reference_server.h"
#include "wireup.h"

extern char **environ;

/* Metrics in RESULT order; the host writes the last three, the clients the others. */
static const char *const METRICS[] = {
    "start", "init", "wired", "cpu", "modex_first", "get_job_key", "fence", "modex", "event",
    "register", "register_clients", "generate_maps",
};
#define NMETRICS (sizeof METRICS / sizeof METRICS[0])

/*
 * Room for a run's directory name. Short on purpose: OpenPMIx puts its rendezvous socket under it,
 * and a Unix socket path has at most 107 bytes.
 */
#define RUN_DIR_MAX 80

/* How long the parent waits beyond --timeout: the run child reports its own timeout first. */
#define PARENT_GRACE_NS (30 * 1000000000LL)

/* The signals the parent waits for: children ending, and the user or `timeout` stopping it. */
static sigset_t waited;
/* The mask before main blocked `waited`: restored in each client before exec. */
static sigset_t original_mask;

/* ---------------------------------------------------------------- the run child (PMIx server) */

/* Completion of a non-blocking PMIx server call, signalled from OpenPMIx's progress thread. */
typedef struct {
    pthread_mutex_t mutex;
    pthread_cond_t cond;
    bool done;
    pmix_status_t status;
} completion_t;

static void completion_init(completion_t *c)
{
    pthread_mutex_init(&c->mutex, NULL);
    pthread_cond_init(&c->cond, NULL);
    c->done = false;
    c->status = PMIX_SUCCESS;
}

static void op_done(pmix_status_t status, void *cbdata)
{
    completion_t *c = cbdata;
    pthread_mutex_lock(&c->mutex);
    c->status = status;
    c->done = true;
    pthread_cond_signal(&c->cond);
    pthread_mutex_unlock(&c->mutex);
}

/* Waits for op_done unless the call itself already failed; returns the final status. */
static pmix_status_t completion_wait(completion_t *c, pmix_status_t called)
{
    if (PMIX_SUCCESS != called) {
        /* OPERATION_SUCCEEDED: done inline, the callback will not run */
        return PMIX_OPERATION_SUCCEEDED == called ? PMIX_SUCCESS : called;
    }
    pthread_mutex_lock(&c->mutex);
    while (!c->done) {
        pthread_cond_wait(&c->cond, &c->mutex);
    }
    pthread_mutex_unlock(&c->mutex);
    return c->status;
}

/*
 * All local participants arrived: hand the server library back the node's data as the collective
 * result, at once. Calling cbfunc inside the upcall is what OpenPMIx's own example servers do; the
 * library owns data and copies what it keeps, so no release function is needed.
 */
static pmix_status_t fence_nb(const pmix_proc_t procs[], size_t nprocs, const pmix_info_t info[], size_t ninfo,
                              char *data, size_t ndata, pmix_modex_cbfunc_t cbfunc, void *cbdata)
{
    (void) procs;
    (void) nprocs;
    (void) info;
    (void) ninfo;
    if (NULL != cbfunc) {
        cbfunc(PMIX_SUCCESS, data, ndata, cbdata, NULL, NULL);
    }
    return PMIX_SUCCESS;
}

/* Only simulated nodes could hold data we lack, and they hold none. */
static pmix_status_t direct_modex(const pmix_proc_t *proc, const pmix_info_t info[], size_t ninfo,
                                  pmix_modex_cbfunc_t cbfunc, void *cbdata)
{
    (void) proc;
    (void) info;
    (void) ninfo;
    if (NULL != cbfunc) {
        cbfunc(PMIX_ERR_NOT_FOUND, NULL, 0, cbdata, NULL, NULL);
    }
    return PMIX_SUCCESS;
}

static pmix_server_module_t module = {
    .fence_nb = fence_nb,
    .direct_modex = direct_modex,
};

/* Appends to a growing string buffer; exits on allocation failure (the run child only). */
typedef struct {
    char *s;
    size_t len, cap;
} buf_t;

static void buf_add(buf_t *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void buf_add(buf_t *b, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
        va_end(ap);
        if (n >= 0 && (size_t) n < b->cap - b->len) {
            b->len += (size_t) n;
            return;
        }
        b->cap = b->cap * 2 + (size_t) (n > 0 ? n : 0) + 64;
        if (NULL == (b->s = realloc(b->s, b->cap))) {
            perror("realloc");
            exit(1);
        }
    }
}

/* PMIx_Info_list_add, exiting with a message when it fails. */
static void add(void *list, const char *key, const void *value, pmix_data_type_t type)
{
    pmix_status_t rc = PMIx_Info_list_add(list, key, value, type);
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "wireup_host: PMIx_Info_list_add(%s): %s\n", key, PMIx_Error_string(rc));
        exit(1);
    }
}

static void convert(void *list, pmix_data_array_t *out)
{
    pmix_status_t rc = PMIx_Info_list_convert(list, out);
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "wireup_host: PMIx_Info_list_convert: %s\n", PMIx_Error_string(rc));
        exit(1);
    }
    PMIx_Info_list_release(list);
}

/* Adds key = an info array built by the caller into sub (released here). */
static void add_array(void *list, const char *key, void *sub)
{
    pmix_data_array_t arr;
    convert(sub, &arr);
    add(list, key, &arr, PMIX_DATA_ARRAY);
    PMIX_DATA_ARRAY_DESTRUCT(&arr);
}

/*
 * The job-level, app, node and local-proc information of spec/wireup-info.txt, as JPMIx's
 * WireupInfo builds it (pmix-server/.../WireupInfo.java), so both libraries get the same facts:
 * maps for the whole job, details for this node and its processes only (the store derives remote
 * processes' node and host from the maps), plus the session/namespace/process tmpdirs.
 */
static void *job_info(const char *nspace, uint32_t n, uint32_t j, uint32_t nnodes, const char *host,
                      const char *node_regex, const char *ppn_regex, const char *sessiondir, const char *nsdir)
{
    uint32_t zero = 0, one = 1;
    pmix_rank_t rank0 = 0;
    void *list = PMIx_Info_list_start();
    add(list, PMIX_JOBID, nspace, PMIX_STRING);
    add(list, PMIX_JOB_SIZE, &j, PMIX_UINT32);
    add(list, PMIX_UNIV_SIZE, &j, PMIX_UINT32);
    add(list, PMIX_MAX_PROCS, &j, PMIX_UINT32);
    add(list, PMIX_NUM_NODES, &nnodes, PMIX_UINT32);
    add(list, PMIX_NPROC_OFFSET, &rank0, PMIX_PROC_RANK);
    add(list, PMIX_JOB_NUM_APPS, &one, PMIX_UINT32);
    /* PMIX_REGEX, as PRRTE passes them: the library copies the generator's format tag along */
    add(list, PMIX_NODE_MAP, node_regex, PMIX_REGEX);
    add(list, PMIX_PROC_MAP, ppn_regex, PMIX_REGEX);
    add(list, PMIX_TMPDIR, sessiondir, PMIX_STRING);
    add(list, PMIX_NSDIR, nsdir, PMIX_STRING);

    void *app = PMIx_Info_list_start();
    add(app, PMIX_APPNUM, &zero, PMIX_UINT32);
    add(app, PMIX_APPLDR, &rank0, PMIX_PROC_RANK);
    add(app, PMIX_APP_SIZE, &j, PMIX_UINT32);
    add_array(list, PMIX_APP_INFO_ARRAY, app);

    buf_t peers = {0};
    for (uint32_t r = 0; r < n; r++) {
        buf_add(&peers, "%s%u", r > 0 ? "," : "", r);
    }
    void *node = PMIx_Info_list_start();
    add(node, PMIX_HOSTNAME, host, PMIX_STRING);
    add(node, PMIX_NODEID, &zero, PMIX_UINT32);
    add(node, PMIX_LOCAL_PEERS, peers.s, PMIX_STRING);
    add(node, PMIX_LOCAL_SIZE, &n, PMIX_UINT32);
    add(node, PMIX_LOCALLDR, &rank0, PMIX_PROC_RANK);
    add(node, PMIX_NODE_SIZE, &n, PMIX_UINT32);
    add_array(list, PMIX_NODE_INFO_ARRAY, node);
    free(peers.s);

    for (uint32_t r = 0; r < n; r++) {
        pmix_rank_t rank = r;
        uint16_t local = (uint16_t) r;
        char procdir[PATH_MAX];
        snprintf(procdir, sizeof procdir, "%s/%u", nsdir, r);
        void *proc = PMIx_Info_list_start();
        add(proc, PMIX_RANK, &rank, PMIX_PROC_RANK); /* first: it says whose array this is */
        add(proc, PMIX_APPNUM, &zero, PMIX_UINT32);
        add(proc, PMIX_APP_RANK, &rank, PMIX_PROC_RANK);
        add(proc, PMIX_GLOBAL_RANK, &rank, PMIX_PROC_RANK);
        add(proc, PMIX_LOCAL_RANK, &local, PMIX_UINT16);
        add(proc, PMIX_NODE_RANK, &local, PMIX_UINT16);
        add(proc, PMIX_NODEID, &zero, PMIX_UINT32);
        add(proc, PMIX_HOSTNAME, host, PMIX_STRING);
        add(proc, PMIX_PROCDIR, procdir, PMIX_STRING);
        add_array(list, PMIX_PROC_INFO_ARRAY, proc);
    }
    return list;
}

static void write_host_sample(FILE *f, const char *metric, int64_t ns)
{
    fprintf(f, "%s %.3f\n", metric, (double) ns / 1e3);
}

/* Kills and reaps the clients still running, so none outlives a failed run. */
static void kill_clients(const pid_t *pids, const bool *running, uint32_t n)
{
    for (uint32_t r = 0; r < n; r++) {
        if (running[r]) {
            kill(pids[r], SIGKILL);
        }
    }
    for (uint32_t r = 0; r < n; r++) {
        if (running[r]) {
            waitpid(pids[r], NULL, 0);
        }
    }
}

/*
 * Waits until every pid in pids[0..n) has exited (running[i] cleared as each does) or the deadline
 * passes. Returns 0 when all exited with status 0; otherwise says which one failed (or that time
 * ran out) and returns 1, leaving the others running for the caller to kill. Needs SIGCHLD blocked.
 */
static int wait_all(const pid_t *pids, bool *running, uint32_t n, int64_t deadline, const char *who, bool numbered)
{
    uint32_t left = 0;
    for (uint32_t i = 0; i < n; i++) {
        left += running[i] ? 1 : 0;
    }
    while (left > 0) {
        int status;
        pid_t p;
        while (left > 0 && (p = waitpid(-1, &status, WNOHANG)) > 0) {
            for (uint32_t i = 0; i < n; i++) {
                if (running[i] && pids[i] == p) {
                    running[i] = false;
                    left--;
                    char name[96];
                    snprintf(name, sizeof name, numbered ? "%s %u" : "%s", who, i);
                    if (WIFSIGNALED(status)) {
                        fprintf(stderr, "wireup_host: %s killed by signal %d\n", name, WTERMSIG(status));
                        return 1;
                    }
                    if (!WIFEXITED(status) || 0 != WEXITSTATUS(status)) {
                        fprintf(stderr, "wireup_host: %s exited with status %d\n", name, WEXITSTATUS(status));
                        return 1;
                    }
                }
            }
        }
        if (left == 0) {
            break;
        }
        int64_t remaining = deadline - now_ns();
        if (remaining <= 0) {
            fprintf(stderr, "wireup_host: timed out, %u still running (%s)\n", left, who);
            return 1;
        }
        struct timespec ts = {remaining / 1000000000, remaining % 1000000000};
        int sig = sigtimedwait(&waited, NULL, &ts);
        if (SIGINT == sig || SIGTERM == sig || SIGHUP == sig) {
            fprintf(stderr, "wireup_host: stopped by signal %d\n", sig);
            return 1;
        }
    }
    return 0;
}

static int make_dir(const char *path)
{
    if (0 != mkdir(path, 0700)) {
        perror(path);
        return 1;
    }
    return 0;
}

#define CHECK(what, call)                                                                    \
    do {                                                                                      \
        pmix_status_t rc_ = (call);                                                           \
        if (PMIX_SUCCESS != rc_) {                                                            \
            fprintf(stderr, "wireup_host: %s: %s\n", what, PMIx_Error_string(rc_));           \
            return 1;                                                                         \
        }                                                                                     \
    } while (0)

/* One run in a fresh server; samples go to files in dir. Returns the child's exit status. */
/* --warmup-seconds: passed to every client (0: the fixed warm-up counts). */
static uint32_t warmup_seconds;
/* --gds: the gds components the server may use (NULL: OpenPMIx's default choice). */
static const char *gds;

static int run_once(const char *dir, uint32_t n, uint32_t j, const char *client, int64_t deadline, bool first)
{
    /* sized from RUN_DIR_MAX so the compiler can prove no path is cut short */
    pmix_nspace_t nspace;
    char pmixdir[RUN_DIR_MAX + 8], sessiondir[RUN_DIR_MAX + 8], nsdir[sizeof sessiondir + sizeof nspace];
    char host[256];
    snprintf(nspace, sizeof nspace, "ref-wireup-%u-%d", j, (int) getpid());
    snprintf(pmixdir, sizeof pmixdir, "%s/pmix", dir);
    snprintf(sessiondir, sizeof sessiondir, "%s/session", dir);
    snprintf(nsdir, sizeof nsdir, "%s/%s", sessiondir, nspace);
    if (make_dir(pmixdir) || make_dir(sessiondir) || make_dir(nsdir)) {
        return 1;
    }
    if (0 != gethostname(host, sizeof host)) {
        perror("gethostname");
        return 1;
    }
    host[sizeof host - 1] = '\0';
    if (NULL != gds && 0 != setenv("PMIX_MCA_gds", gds, 1)) {
        perror("setenv");
        return 1;
    }
    if (0 != init_reference_server(&module, pmixdir)) {
        return 1;
    }

    /* The job layout of wireup.h, in the input formats of the generators ("," and ";"). */
    uint32_t nnodes = 1 + (j - n + RANKS_PER_REMOTE_NODE - 1) / RANKS_PER_REMOTE_NODE;
    buf_t names = {0}, ppn = {0};
    buf_add(&names, "%s", host);
    for (uint32_t r = 0; r < n; r++) {
        buf_add(&ppn, "%s%u", r > 0 ? "," : "", r);
    }
    for (uint32_t node = 1, r = n; node < nnodes; node++) {
        buf_add(&names, ",nid%05u", node);
        buf_add(&ppn, ";");
        for (uint32_t i = 0; i < RANKS_PER_REMOTE_NODE && r < j; i++, r++) {
            buf_add(&ppn, "%s%u", i > 0 ? "," : "", r);
        }
    }
    char *node_regex = NULL, *ppn_regex = NULL;
    int64_t t0 = now_ns();
    CHECK("PMIx_generate_regex", PMIx_generate_regex(names.s, &node_regex));
    CHECK("PMIx_generate_ppn", PMIx_generate_ppn(ppn.s, &ppn_regex));
    int64_t maps_ns = now_ns() - t0;
    free(names.s);
    free(ppn.s);

    pmix_data_array_t info;
    convert(job_info(nspace, n, j, nnodes, host, node_regex, ppn_regex, sessiondir, nsdir), &info);
    free(node_regex);
    free(ppn_regex);
    completion_t c;
    completion_init(&c);
    t0 = now_ns();
    pmix_status_t rc = PMIx_server_register_nspace(nspace, (int) n, info.array, info.size, op_done, &c);
    CHECK("PMIx_server_register_nspace", completion_wait(&c, rc));
    int64_t register_ns = now_ns() - t0;
    PMIX_DATA_ARRAY_DESTRUCT(&info);

    /*
     * Each client's environment: ours plus what PMIx_server_setup_fork adds (server URI, nspace, rank, ...),
     * less JPMIX_FORK_NS: a value this host inherited (from JPMIx's launcher) would be the host's fork,
     * not the client's, and the client would take it over SPAWN_NS for its "wired" metric.
     */
    char ***envs = calloc(n, sizeof *envs);
    pid_t *pids = calloc(n, sizeof *pids);
    bool *running = calloc(n, sizeof *running);
    if (NULL == envs || NULL == pids || NULL == running) {
        perror("calloc");
        return 1;
    }
    for (uint32_t r = 0; r < n; r++) {
        for (char **e = environ; NULL != *e; e++) {
            if (0 == strncmp(*e, "JPMIX_FORK_NS=", 14)) {
                continue;
            }
            CHECK("environment copy", pmix_argv_append_nosize(&envs[r], *e));
        }
    }
    t0 = now_ns();
    for (uint32_t r = 0; r < n; r++) {
        pmix_proc_t proc;
        PMIX_LOAD_PROCID(&proc, nspace, r);
        completion_init(&c);
        rc = PMIx_server_register_client(&proc, geteuid(), getegid(), NULL, op_done, &c);
        CHECK("PMIx_server_register_client", completion_wait(&c, rc));
        CHECK("PMIx_server_setup_fork", PMIx_server_setup_fork(&proc, &envs[r]));
    }
    int64_t clients_ns = now_ns() - t0;
    for (char **e = envs[0]; first && NULL != *e; e++) {
        if (0 == strncmp(*e, "PMIX_GDS_MODULE=", 16)) { /* which store OpenPMIx chose, for the record */
            fprintf(stderr, "wireup_host: clients get %s\n", *e);
        }
    }

    char path[PATH_MAX];
    snprintf(path, sizeof path, HOST_SAMPLE_FILE_FMT, dir);
    FILE *f = fopen(path, "w");
    if (NULL == f) {
        perror(path);
        return 1;
    }
    write_host_sample(f, "register", register_ns);
    write_host_sample(f, "register_clients", clients_ns);
    write_host_sample(f, "generate_maps", maps_ns);
    if (0 != fclose(f)) {
        perror(path);
        return 1;
    }

    /*
     * posix_spawn, not fork: glibc spawns with a shared address space, so starting a client costs
     * the same whatever the server's size (a fork of the server copies its page tables: tens of
     * milliseconds at J = 10^5, with gigabytes of job data at 10^6). The clients get the signal
     * mask main() found, not the blocked one the host waits with.
     */
    posix_spawnattr_t attr;
    if (0 != posix_spawnattr_init(&attr) || 0 != posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK)
        || 0 != posix_spawnattr_setsigmask(&attr, &original_mask)) {
        fprintf(stderr, "wireup_host: posix_spawnattr setup failed\n");
        return 1;
    }
    char jarg[16], narg[16], spawnarg[32], warmarg[16];
    snprintf(warmarg, sizeof warmarg, "%u", warmup_seconds);
    snprintf(jarg, sizeof jarg, "%u", j);
    snprintf(narg, sizeof narg, "%u", n);
    for (uint32_t r = 0; r < n; r++) {
        snprintf(spawnarg, sizeof spawnarg, "%" PRId64, now_ns());
        char *args[] = {(char *) client, (char *) dir, spawnarg, jarg, narg, warmup_seconds > 0 ? warmarg : NULL, NULL};
        int err = posix_spawn(&pids[r], client, NULL, &attr, args, envs[r]);
        if (0 != err) {
            fprintf(stderr, "wireup_host: starting %s: %s\n", client, strerror(err));
            kill_clients(pids, running, r);
            return 1;
        }
        running[r] = true;
    }
    posix_spawnattr_destroy(&attr);
    if (0 != wait_all(pids, running, n, deadline, "client rank", true)) {
        kill_clients(pids, running, n);
        return 1;
    }
    for (uint32_t r = 0; r < n; r++) {
        pmix_argv_free(envs[r]);
    }
    free(envs);
    free(pids);
    free(running);
    CHECK("PMIx_server_finalize", PMIx_server_finalize());
    return 0;
}

/* ---------------------------------------------------------------- the parent (aggregation) */

typedef struct {
    double *v;
    size_t n, cap;
} pool_t;

static pool_t pools[NMETRICS];

static int pool_add(const char *metric, double us)
{
    for (size_t m = 0; m < NMETRICS; m++) {
        if (0 == strcmp(metric, METRICS[m])) {
            pool_t *p = &pools[m];
            if (p->n == p->cap) {
                p->cap = p->cap * 2 + 1024;
                if (NULL == (p->v = realloc(p->v, p->cap * sizeof *p->v))) {
                    perror("realloc");
                    return 1;
                }
            }
            p->v[p->n++] = us;
            return 0;
        }
    }
    fprintf(stderr, "wireup_host: unknown metric %s in a sample file\n", metric);
    return 1;
}

static int read_samples(const char *path)
{
    FILE *f = fopen(path, "r");
    if (NULL == f) {
        perror(path);
        return 1;
    }
    char metric[64];
    double us;
    int got, bad = 0;
    while (2 == (got = fscanf(f, "%63s %lf", metric, &us))) {
        if (0 != pool_add(metric, us)) {
            bad = 1;
            break;
        }
    }
    if (!bad && EOF != got) {
        fprintf(stderr, "wireup_host: %s: malformed sample line\n", path);
        bad = 1;
    }
    fclose(f);
    return bad;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *) a, y = *(const double *) b;
    return (x > y) - (x < y);
}

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void) sb;
    (void) flag;
    (void) ftw;
    if (0 != remove(path)) {
        perror(path);
    }
    return 0;
}

static void remove_tree(const char *dir)
{
    nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* Waits for the run child; on timeout or a stop signal kills its process group. Returns 0 if it succeeded. */
static int wait_run(pid_t pid, int64_t deadline)
{
    bool running = true;
    int failed = wait_all(&pid, &running, 1, deadline, "the run's server process", false);
    /* The group holds the run's clients too: none may outlive the run, whatever happened. */
    kill(-pid, SIGKILL);
    if (running) {
        waitpid(pid, NULL, 0);
    }
    return failed;
}

static void usage(const char *prog)
{
    fprintf(stderr,
            "usage: %s --n N --j J [--runs R] [--client PATH] [--tmpdir DIR] [--timeout SECONDS] [--warmup-seconds S]\n"
            "          [--gds LIST]\n"
            "  N local clients (1..65535), a job of J >= N processes, R runs (default 5),\n"
            "  PATH the wireup_client binary (default: next to this one),\n"
            "  DIR where each run's directory goes (default $TMPDIR or /tmp),\n"
            "  SECONDS the limit for one run (default 1800),\n"
            "  S seconds each phase is repeated before it is timed (default 0: the fixed warm-up counts),\n"
            "  LIST the gds components the server may use, PMIX_MCA_gds (default: OpenPMIx's choice, ds21);\n"
            "    the RESULT lines then say impl=openpmix-LIST\n",
            prog);
}

static bool parse_u32(const char *s, uint32_t *out)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(s, &end, 10);
    if (0 != errno || end == s || '\0' != *end || v > UINT32_MAX || '-' == s[0]) {
        return false;
    }
    *out = (uint32_t) v;
    return true;
}

int main(int argc, char **argv)
{
    uint32_t n = 0, j = 0, runs = 5, timeout = 1800;
    const char *client = NULL, *base = getenv("TMPDIR");
    for (int i = 1; i + 1 < argc; i += 2) {
        const char *opt = argv[i], *val = argv[i + 1];
        bool ok = true;
        if (0 == strcmp(opt, "--n")) {
            ok = parse_u32(val, &n);
        } else if (0 == strcmp(opt, "--j")) {
            ok = parse_u32(val, &j);
        } else if (0 == strcmp(opt, "--runs")) {
            ok = parse_u32(val, &runs);
        } else if (0 == strcmp(opt, "--timeout")) {
            ok = parse_u32(val, &timeout);
        } else if (0 == strcmp(opt, "--warmup-seconds")) {
            ok = parse_u32(val, &warmup_seconds);
        } else if (0 == strcmp(opt, "--client")) {
            client = val;
        } else if (0 == strcmp(opt, "--gds")) {
            gds = val;
            ok = '\0' != val[0];
        } else if (0 == strcmp(opt, "--tmpdir")) {
            base = val;
        } else {
            ok = false;
        }
        if (!ok) {
            usage(argv[0]);
            return 2;
        }
    }
    /* Local ranks are uint16 (PMIX_LOCAL_RANK); the job layout needs J >= N. */
    if (0 == argc % 2 || n < 1 || n > 65535 || j < n || runs < 1 || timeout < 1) {
        usage(argv[0]);
        return 2;
    }
    char clientpath[PATH_MAX];
    if (NULL == client) {
        ssize_t len = readlink("/proc/self/exe", clientpath, sizeof clientpath - 32);
        if (len < 0) {
            perror("/proc/self/exe");
            return 1;
        }
        clientpath[len] = '\0';
        char *slash = strrchr(clientpath, '/');
        strcpy(NULL != slash ? slash + 1 : clientpath, "wireup_client");
        client = clientpath;
    }
    if (0 != access(client, X_OK)) {
        perror(client);
        return 1;
    }

    /* Blocked before any fork so no child exit or stop request slips past sigtimedwait. */
    sigemptyset(&waited);
    sigaddset(&waited, SIGCHLD);
    sigaddset(&waited, SIGINT);
    sigaddset(&waited, SIGTERM);
    sigaddset(&waited, SIGHUP);
    sigprocmask(SIG_BLOCK, &waited, &original_mask);

    for (uint32_t run = 1; run <= runs; run++) {
        fprintf(stderr, "wireup_host: N=%u J=%u run %u/%u\n", n, j, run, runs);
        char dir[RUN_DIR_MAX];
        if (0 != make_reference_dir(base, "jpmix-wireup", dir, sizeof dir)) {
            return 1;
        }
        int64_t start = now_ns();
        fflush(NULL);
        pid_t pid = fork();
        if (pid < 0) {
            perror("fork");
            remove_tree(dir);
            return 1;
        }
        if (0 == pid) {
            setpgid(0, 0);
            _exit(run_once(dir, n, j, client, start + (int64_t) timeout * 1000000000, 1 == run));
        }
        setpgid(pid, pid); /* also here, so the group exists before the parent may have to kill it */
        int failed = wait_run(pid, start + (int64_t) timeout * 1000000000 + PARENT_GRACE_NS);
        if (!failed) {
            char path[PATH_MAX];
            snprintf(path, sizeof path, HOST_SAMPLE_FILE_FMT, dir);
            failed = read_samples(path);
            for (uint32_t r = 0; r < n && !failed; r++) {
                snprintf(path, sizeof path, SAMPLE_FILE_FMT, dir, r);
                failed = read_samples(path);
            }
        }
        remove_tree(dir);
        if (failed) {
            fprintf(stderr, "wireup_host: N=%u J=%u run %u failed\n", n, j, run);
            return 1;
        }
    }

    for (size_t m = 0; m < NMETRICS; m++) {
        pool_t *p = &pools[m];
        if (0 == p->n) {
            continue;
        }
        qsort(p->v, p->n, sizeof *p->v, cmp_double);
        double median = p->n % 2 ? p->v[p->n / 2] : (p->v[p->n / 2 - 1] + p->v[p->n / 2]) / 2;
        size_t rank99 = (99 * p->n + 99) / 100; /* ceil(0.99 n), 1-based */
        printf("RESULT impl=openpmix%s%s metric=%s N=%u J=%u median_us=%.3f p99_us=%.3f samples=%zu warmup_s=%u\n",
               NULL != gds ? "-" : "", NULL != gds ? gds : "", METRICS[m], n, j, median, p->v[rank99 - 1], p->n,
               warmup_seconds);
        free(p->v);
    }
    return 0;
}
