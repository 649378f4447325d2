/*
 * pmix_host: a small OpenPMIx 4.2.2 host (PMIx server) that launches one single-node job.
 *
 *   pmix_host [-n N] [--nspace NAME] [--gds LIST] [--tool] [--tmpdir DIR] [--timeout SECONDS] [-v]
 *             -- COMMAND [ARG...]
 *
 * It starts the installed libpmix server (PMIx_server_init with its tmpdirs in DIR), registers
 * the namespace NAME with N processes on this node and the job information a launcher gives
 * (spec/wireup-info.txt: sizes, maps, app/node/proc arrays, tmpdirs), registers each rank, and
 * forks COMMAND N times with the environment PMIx_server_setup_fork builds for that rank. It
 * exits when all of them have ended, with the worst exit status among them (a client killed
 * by signal S counts as 128+S), or with the status a client passed to PMIx_Abort.
 *
 * Options:
 *   -n N             number of processes, all local (default 1)
 *   --nspace NAME    the job's namespace (default "pmix-host-<pid>")
 *   --gds LIST       restrict the server's gds framework (e.g. "hash"): PMIX_MCA_gds=LIST is
 *                    set for PMIx_server_init only, so the clients are told PMIX_GDS_MODULE=LIST
 *                    and exchange job data over the socket (hash) instead of shared memory (ds21)
 *   --tool           accept tools: PMIX_SERVER_TOOL_SUPPORT, _SYSTEM_SUPPORT and _SESSION_SUPPORT,
 *                    so rendezvous files pmix.sys.<host>, pmix.<host>.tool[.<pid>|.pmix-server] are
 *                    written in the tmpdir; a tool without an identity gets "<nspace>-tool-<k>":0
 *   --tmpdir DIR     the server's PMIX_SERVER_TMPDIR and PMIX_SYSTEM_TMPDIR; must exist (default:
 *                    $PMIX_HOST_TMPDIR, else a new directory under $TMPDIR or /tmp that is removed
 *                    at exit); the job's session directories are created under it
 *   --timeout S      after S seconds kill every client (SIGKILL) and exit 124 (default: none)
 *   -v               print every host upcall and the rank-0 environment on stderr
 *
 * Host upcalls: client_connected/client_finalized (log), abort (log, release the caller, then
 * kill the other named processes, or every other rank when none are named; the caller gets 5 s
 * to exit by itself), fence_nb (a single node: hand the collected data straight back; OpenPMIx
 * completes a purely local fence without calling it unless pmix_server_fence_localonly_opt=0),
 * direct_modex (PMIX_ERR_NOT_SUPPORTED: every rank is local), tool_connected (with --tool), query
 * (PMIX_QUERY_NAMESPACES and this job's PMIX_QUERY_PROC_TABLE / _LOCAL_PROC_TABLE, as a resource
 * manager answers tools).
 * Host messages go to stderr, prefixed "pmix_host:"; an abort is always reported as
 *   pmix_host: abort from NSPACE:RANK status S "MESSAGE" (N procs)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <pmix.h>
#include <pmix_server.h>

extern char **environ;

#define ABORT_GRACE_SECONDS 5

static bool verbose;
static pmix_nspace_t nspace;
static uint32_t nprocs = 1;
static pid_t *pids;     /* pids[rank], 0 once reaped */
static int *statuses;   /* exit code per rank, 128+signal when killed */
static int mainpid;
static unsigned tool_count;
static char host[256];        /* this node */
static const char *executable; /* COMMAND, for the proc table */

/* What the abort upcall reports to the main thread (which owns the processes). */
static pthread_mutex_t abort_lock = PTHREAD_MUTEX_INITIALIZER;
static bool aborted;
static int abort_status;
static pmix_rank_t abort_caller;
static bool *abort_targets; /* per rank: kill it */

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("pmix_host: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

static void die(const char *what, pmix_status_t rc)
{
    say("%s: %s", what, PMIx_Error_string(rc));
    exit(1);
}

/* ---------------------------------------------------------------- upcalls (progress thread) */

static pmix_status_t client_connected(const pmix_proc_t *proc, void *server_object, pmix_op_cbfunc_t cbfunc,
                                      void *cbdata)
{
    (void) server_object;
    (void) cbfunc;
    (void) cbdata;
    if (verbose) {
        say("client %s:%u connected", proc->nspace, proc->rank);
    }
    return PMIX_OPERATION_SUCCEEDED;
}

static pmix_status_t client_finalized(const pmix_proc_t *proc, void *server_object, pmix_op_cbfunc_t cbfunc,
                                      void *cbdata)
{
    (void) server_object;
    (void) cbfunc;
    (void) cbdata;
    if (verbose) {
        say("client %s:%u finalized", proc->nspace, proc->rank);
    }
    return PMIX_OPERATION_SUCCEEDED;
}

/*
 * The library replies to the caller with the status given to cbfunc; killing is the host's job.
 * The caller is released first, so its PMIx_Abort returns before anything is killed.
 */
static pmix_status_t abort_fn(const pmix_proc_t *proc, void *server_object, int status, const char msg[],
                              pmix_proc_t procs[], size_t n, pmix_op_cbfunc_t cbfunc, void *cbdata)
{
    (void) server_object;
    say("abort from %s:%u status %d \"%s\" (%zu procs)", proc->nspace, proc->rank, status,
        NULL == msg ? "" : msg, n);
    pthread_mutex_lock(&abort_lock);
    if (!aborted) {
        aborted = true;
        abort_status = status;
        abort_caller = proc->rank;
    }
    for (uint32_t r = 0; r < nprocs; r++) {
        bool named = 0 == n;
        for (size_t i = 0; i < n && !named; i++) {
            named = PMIX_CHECK_NSPACE(procs[i].nspace, nspace)
                    && (PMIX_RANK_WILDCARD == procs[i].rank || r == procs[i].rank);
        }
        abort_targets[r] = abort_targets[r] || named;
    }
    pthread_mutex_unlock(&abort_lock);
    if (NULL != cbfunc) {
        cbfunc(PMIX_SUCCESS, cbdata);
    }
    kill(mainpid, SIGUSR1); /* wake the main thread's sigtimedwait */
    return PMIX_SUCCESS;
}

/* One node: every participant is here, so the collected data is the whole result. */
static pmix_status_t fence_nb(const pmix_proc_t procs[], size_t n, const pmix_info_t info[], size_t ninfo,
                              char *data, size_t ndata, pmix_modex_cbfunc_t cbfunc, void *cbdata)
{
    (void) procs;
    (void) info;
    (void) ninfo;
    if (verbose) {
        say("fence_nb: %zu procs, %zu bytes", n, ndata);
    }
    if (NULL != cbfunc) {
        cbfunc(PMIX_SUCCESS, data, ndata, cbdata, NULL, NULL);
    }
    return PMIX_SUCCESS;
}

/* Every rank is local, so there is no other server to ask. */
static pmix_status_t direct_modex(const pmix_proc_t *proc, const pmix_info_t info[], size_t ninfo,
                                  pmix_modex_cbfunc_t cbfunc, void *cbdata)
{
    (void) info;
    (void) ninfo;
    (void) cbfunc;
    (void) cbdata;
    if (verbose) {
        say("direct_modex for %s:%u: not supported", proc->nspace, proc->rank);
    }
    return PMIX_ERR_NOT_SUPPORTED;
}

/* A tool that brings its own identity keeps it; otherwise it is given "<nspace>-tool-<k>":0. */
static void tool_connected(pmix_info_t *info, size_t ninfo, pmix_tool_connection_cbfunc_t cbfunc, void *cbdata)
{
    pmix_proc_t proc;
    PMIX_LOAD_PROCID(&proc, NULL, 0);
    for (size_t i = 0; i < ninfo; i++) {
        if (PMIX_CHECK_KEY(&info[i], PMIX_NSPACE) && PMIX_STRING == info[i].value.type) {
            PMIX_LOAD_NSPACE(proc.nspace, info[i].value.data.string);
        } else if (PMIX_CHECK_KEY(&info[i], PMIX_RANK) && PMIX_PROC_RANK == info[i].value.type) {
            proc.rank = info[i].value.data.rank;
        }
    }
    if ('\0' == proc.nspace[0]) {
        snprintf(proc.nspace, sizeof proc.nspace, "%.200s-tool-%u", nspace, ++tool_count);
        proc.rank = 0;
    }
    if (verbose) {
        say("tool connected as %s:%u", proc.nspace, proc.rank);
    }
    if (NULL != cbfunc) {
        cbfunc(PMIX_SUCCESS, &proc, cbdata);
    }
}

/* The answers of one query upcall, released when the library is done with them. */
typedef struct {
    pmix_info_t *info;
    size_t ninfo;
} answers_t;

static void release_answers(void *cbdata)
{
    answers_t *a = cbdata;
    PMIX_INFO_FREE(a->info, a->ninfo);
    free(a);
}

/* Fills info with the proc table of this job: every rank, its pid while it runs, its exit status after. */
static void load_proc_table(pmix_info_t *info, const char *key)
{
    pmix_data_array_t *table;
    PMIX_DATA_ARRAY_CREATE(table, nprocs, PMIX_PROC_INFO);
    pmix_proc_info_t *p = table->array;
    for (uint32_t r = 0; r < nprocs; r++) {
        PMIX_LOAD_PROCID(&p[r].proc, nspace, r);
        p[r].hostname = strdup(host);
        p[r].executable_name = strdup(executable);
        p[r].pid = pids[r];
        p[r].exit_code = statuses[r];
        p[r].state = 0 < pids[r] ? PMIX_PROC_STATE_RUNNING : PMIX_PROC_STATE_TERMINATED;
    }
    PMIX_INFO_LOAD(info, key, table, PMIX_DATA_ARRAY);
    PMIX_DATA_ARRAY_FREE(table);
}

/*
 * The queries a resource manager answers for tools (PRRTE answers these too): PMIX_QUERY_NAMESPACES
 * (this job's) and PMIX_QUERY_PROC_TABLE / PMIX_QUERY_LOCAL_PROC_TABLE of this job (qualifier
 * PMIX_NSPACE). Other keys are not answered; nothing answered is PMIX_ERR_NOT_FOUND.
 */
static pmix_status_t query_fn(pmix_proc_t *proct, pmix_query_t *queries, size_t nqueries, pmix_info_cbfunc_t cbfunc,
                              void *cbdata)
{
    answers_t *a = calloc(1, sizeof *a);
    if (NULL == a) {
        return PMIX_ERR_NOMEM;
    }
    size_t max = 0;
    for (size_t q = 0; q < nqueries; q++) {
        for (size_t k = 0; NULL != queries[q].keys && NULL != queries[q].keys[k]; k++) {
            max++;
        }
    }
    if (0 < max) {
        PMIX_INFO_CREATE(a->info, max);
    }
    for (size_t q = 0; q < nqueries; q++) {
        const char *ns = NULL;
        for (size_t i = 0; i < queries[q].nqual; i++) {
            if (PMIX_CHECK_KEY(&queries[q].qualifiers[i], PMIX_NSPACE) && PMIX_STRING == queries[q].qualifiers[i].value.type) {
                ns = queries[q].qualifiers[i].value.data.string;
            }
        }
        for (size_t k = 0; NULL != queries[q].keys && NULL != queries[q].keys[k]; k++) {
            const char *key = queries[q].keys[k];
            if (0 == strcmp(key, PMIX_QUERY_NAMESPACES)) {
                PMIX_INFO_LOAD(&a->info[a->ninfo++], key, nspace, PMIX_STRING);
            } else if ((0 == strcmp(key, PMIX_QUERY_PROC_TABLE) || 0 == strcmp(key, PMIX_QUERY_LOCAL_PROC_TABLE))
                       && NULL != ns && PMIX_CHECK_NSPACE(ns, nspace)) {
                load_proc_table(&a->info[a->ninfo++], key);
            }
        }
    }
    if (verbose) {
        say("query from %s:%u: %zu queries, %zu answers", proct->nspace, proct->rank, nqueries, a->ninfo);
    }
    pmix_status_t status = 0 < a->ninfo ? PMIX_SUCCESS : PMIX_ERR_NOT_FOUND;
    if (NULL != cbfunc) {
        cbfunc(status, a->info, a->ninfo, cbdata, release_answers, a);
    } else {
        release_answers(a);
    }
    return PMIX_SUCCESS;
}

static pmix_server_module_t module = {
    .client_connected = client_connected,
    .client_finalized = client_finalized,
    .abort = abort_fn,
    .fence_nb = fence_nb,
    .direct_modex = direct_modex,
    .query = query_fn,
};

/* ---------------------------------------------------------------- job registration */

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

/* Waits for op_done unless the call itself already answered; returns the final status. */
static pmix_status_t completion_wait(completion_t *c, pmix_status_t called)
{
    if (PMIX_SUCCESS != called) {
        return PMIX_OPERATION_SUCCEEDED == called ? PMIX_SUCCESS : called;
    }
    pthread_mutex_lock(&c->mutex);
    while (!c->done) {
        pthread_cond_wait(&c->cond, &c->mutex);
    }
    pthread_mutex_unlock(&c->mutex);
    return c->status;
}

static void add(void *list, const char *key, const void *value, pmix_data_type_t type)
{
    pmix_status_t rc = PMIx_Info_list_add(list, key, value, type);
    if (PMIX_SUCCESS != rc) {
        die(key, rc);
    }
}

/* Converts the list into an info array value under key, added to list (sub is released). */
static void add_array(void *list, const char *key, void *sub)
{
    pmix_data_array_t arr;
    pmix_status_t rc = PMIx_Info_list_convert(sub, &arr);
    if (PMIX_SUCCESS != rc) {
        die("PMIx_Info_list_convert", rc);
    }
    PMIx_Info_list_release(sub);
    add(list, key, &arr, PMIX_DATA_ARRAY);
    PMIX_DATA_ARRAY_DESTRUCT(&arr);
}

static void make_dir(const char *path)
{
    if (0 != mkdir(path, 0700) && EEXIST != errno) {
        say("mkdir %s: %s", path, strerror(errno));
        exit(1);
    }
}

/*
 * The wireup information of spec/wireup-info.txt for one node holding ranks 0..n-1: job sizes,
 * node and proc maps (as regexes of PMIx_generate_regex/ppn, type PMIX_REGEX as PRRTE passes
 * them), the session and namespace tmpdirs, one app, this node, and each rank's own facts.
 */
static void register_job(const char *host, const char *tmpdir)
{
    uint32_t zero = 0, one = 1;
    pmix_rank_t rank0 = 0;
    char sessiondir[PATH_MAX], nsdir[sizeof sessiondir + sizeof nspace], procdir[sizeof nsdir + 16];
    snprintf(sessiondir, sizeof sessiondir, "%s/session", tmpdir);
    snprintf(nsdir, sizeof nsdir, "%s/%s", sessiondir, nspace);
    make_dir(sessiondir);
    make_dir(nsdir);

    size_t cap = 8 * (size_t) nprocs, len = 0; /* "65534," at most */
    char *peers = malloc(cap);
    if (NULL == peers) {
        say("out of memory");
        exit(1);
    }
    for (uint32_t r = 0; r < nprocs; r++) {
        len += (size_t) snprintf(peers + len, cap - len, "%s%u", r > 0 ? "," : "", r);
    }
    char *node_regex = NULL, *ppn_regex = NULL;
    pmix_status_t rc = PMIx_generate_regex(host, &node_regex);
    if (PMIX_SUCCESS != rc) {
        die("PMIx_generate_regex", rc);
    }
    if (PMIX_SUCCESS != (rc = PMIx_generate_ppn(peers, &ppn_regex))) {
        die("PMIx_generate_ppn", rc);
    }

    void *job = PMIx_Info_list_start();
    add(job, PMIX_JOBID, nspace, PMIX_STRING);
    add(job, PMIX_JOB_SIZE, &nprocs, PMIX_UINT32);
    add(job, PMIX_UNIV_SIZE, &nprocs, PMIX_UINT32);
    add(job, PMIX_MAX_PROCS, &nprocs, PMIX_UINT32);
    add(job, PMIX_NUM_NODES, &one, PMIX_UINT32);
    add(job, PMIX_NPROC_OFFSET, &rank0, PMIX_PROC_RANK);
    add(job, PMIX_JOB_NUM_APPS, &one, PMIX_UINT32);
    add(job, PMIX_NODE_MAP, node_regex, PMIX_REGEX);
    add(job, PMIX_PROC_MAP, ppn_regex, PMIX_REGEX);
    add(job, PMIX_TMPDIR, sessiondir, PMIX_STRING);
    add(job, PMIX_NSDIR, nsdir, PMIX_STRING);
    free(node_regex);
    free(ppn_regex);

    void *app = PMIx_Info_list_start();
    add(app, PMIX_APPNUM, &zero, PMIX_UINT32);
    add(app, PMIX_APPLDR, &rank0, PMIX_PROC_RANK);
    add(app, PMIX_APP_SIZE, &nprocs, PMIX_UINT32);
    add_array(job, PMIX_APP_INFO_ARRAY, app);

    void *node = PMIx_Info_list_start();
    add(node, PMIX_HOSTNAME, host, PMIX_STRING);
    add(node, PMIX_NODEID, &zero, PMIX_UINT32);
    add(node, PMIX_LOCAL_PEERS, peers, PMIX_STRING);
    add(node, PMIX_LOCAL_SIZE, &nprocs, PMIX_UINT32);
    add(node, PMIX_LOCALLDR, &rank0, PMIX_PROC_RANK);
    add(node, PMIX_NODE_SIZE, &nprocs, PMIX_UINT32);
    add_array(job, PMIX_NODE_INFO_ARRAY, node);
    free(peers);

    for (uint32_t r = 0; r < nprocs; r++) {
        pmix_rank_t rank = r;
        uint16_t local = (uint16_t) r;
        snprintf(procdir, sizeof procdir, "%s/%u", nsdir, r);
        make_dir(procdir);
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
        add_array(job, PMIX_PROC_INFO_ARRAY, proc);
    }

    pmix_data_array_t info;
    if (PMIX_SUCCESS != (rc = PMIx_Info_list_convert(job, &info))) {
        die("PMIx_Info_list_convert", rc);
    }
    PMIx_Info_list_release(job);
    completion_t c;
    completion_init(&c);
    rc = PMIx_server_register_nspace(nspace, (int) nprocs, info.array, info.size, op_done, &c);
    if (PMIX_SUCCESS != (rc = completion_wait(&c, rc))) {
        die("PMIx_server_register_nspace", rc);
    }
    PMIX_DATA_ARRAY_DESTRUCT(&info);
}

/* ---------------------------------------------------------------- processes (main thread) */

static void kill_all(int sig)
{
    for (uint32_t r = 0; r < nprocs; r++) {
        if (0 < pids[r]) {
            kill(pids[r], sig);
        }
    }
}

/* Reaps every ended child; returns how many are still running. */
static uint32_t reap(void)
{
    int status;
    pid_t pid;
    while (0 < (pid = waitpid(-1, &status, WNOHANG))) {
        for (uint32_t r = 0; r < nprocs; r++) {
            if (pids[r] == pid) {
                pids[r] = 0;
                statuses[r] = WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
                if (verbose || 0 != statuses[r]) {
                    say("rank %u exited with status %d", r, statuses[r]);
                }
            }
        }
    }
    uint32_t left = 0;
    for (uint32_t r = 0; r < nprocs; r++) {
        left += 0 < pids[r];
    }
    return left;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double) ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * Waits for every child. Abort: kill the named ranks other than the caller at once, the caller
 * after ABORT_GRACE_SECONDS. Timeout or a stop signal to the host: kill everyone.
 */
static int wait_children(const sigset_t *waited, unsigned timeout)
{
    double deadline = 0 < timeout ? now() + timeout : 0, abort_deadline = 0;
    bool handled_abort = false;
    int stopped_by = 0;
    while (0 < reap()) {
        pthread_mutex_lock(&abort_lock);
        bool doabort = aborted && !handled_abort;
        pthread_mutex_unlock(&abort_lock);
        if (doabort) {
            handled_abort = true;
            abort_deadline = now() + ABORT_GRACE_SECONDS;
            for (uint32_t r = 0; r < nprocs; r++) {
                if (abort_targets[r] && r != abort_caller && 0 < pids[r]) {
                    kill(pids[r], SIGKILL);
                }
            }
            continue;
        }
        double wait = 1.0, t = now();
        if (0 < deadline) {
            if (t >= deadline) {
                say("timeout after %u s: killing the clients", timeout);
                kill_all(SIGKILL);
                stopped_by = 124;
                deadline = 0;
                continue;
            }
            wait = deadline - t < wait ? deadline - t : wait;
        }
        if (0 < abort_deadline && t >= abort_deadline) {
            if (abort_caller < nprocs && 0 < pids[abort_caller]) {
                kill(pids[abort_caller], SIGKILL);
            }
            abort_deadline = 0;
        }
        struct timespec ts = {(time_t) wait, (long) ((wait - (time_t) wait) * 1e9)};
        int sig = sigtimedwait(waited, NULL, &ts);
        if (SIGINT == sig || SIGTERM == sig || SIGHUP == sig) {
            say("stopped by signal %d: killing the clients", sig);
            kill_all(SIGKILL);
            stopped_by = 128 + sig;
        }
    }
    if (0 != stopped_by) {
        return stopped_by;
    }
    if (aborted && 0 != abort_status) {
        return 0 < abort_status && abort_status < 256 ? abort_status : 1;
    }
    int worst = 0;
    for (uint32_t r = 0; r < nprocs; r++) {
        worst = statuses[r] > worst ? statuses[r] : worst;
    }
    return worst;
}

/* A NULL-terminated, malloc'ed copy of environ: PMIx_server_setup_fork grows it. */
static char **copy_environ(void)
{
    size_t n = 0;
    while (NULL != environ[n]) {
        n++;
    }
    char **env = calloc(n + 1, sizeof *env);
    for (size_t i = 0; NULL != env && i < n; i++) {
        env[i] = strdup(environ[i]);
    }
    if (NULL == env) {
        say("out of memory");
        exit(1);
    }
    return env;
}

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void) sb;
    (void) flag;
    (void) ftw;
    remove(path);
    return 0;
}

static void usage(void)
{
    fprintf(stderr, "usage: pmix_host [-n N] [--nspace NAME] [--gds LIST] [--tool] [--tmpdir DIR]\n"
                    "                 [--timeout SECONDS] [-v] -- COMMAND [ARG...]\n");
    exit(2);
}

static unsigned parse_unsigned(const char *s, unsigned min, unsigned max)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(s, &end, 10);
    if (0 != errno || end == s || '\0' != *end || '-' == s[0] || v < min || v > max) {
        usage();
    }
    return (unsigned) v;
}

int main(int argc, char **argv)
{
    const char *gds = NULL, *tmpdir = getenv("PMIX_HOST_TMPDIR");
    bool tool = false;
    unsigned timeout = 0;
    int cmd = -1;
    snprintf(nspace, sizeof nspace, "pmix-host-%d", (int) getpid());
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i];
        bool hasval = i + 1 < argc;
        if (0 == strcmp(opt, "--")) {
            cmd = i + 1;
            break;
        } else if (0 == strcmp(opt, "-n") && hasval) {
            nprocs = parse_unsigned(argv[++i], 1, 65535); /* local ranks are uint16 */
        } else if (0 == strcmp(opt, "--nspace") && hasval) {
            if (strlen(argv[++i]) > PMIX_MAX_NSLEN) {
                usage();
            }
            PMIX_LOAD_NSPACE(nspace, argv[i]);
        } else if (0 == strcmp(opt, "--gds") && hasval) {
            gds = argv[++i];
        } else if (0 == strcmp(opt, "--tmpdir") && hasval) {
            tmpdir = argv[++i];
        } else if (0 == strcmp(opt, "--timeout") && hasval) {
            timeout = parse_unsigned(argv[++i], 1, 86400);
        } else if (0 == strcmp(opt, "--tool")) {
            tool = true;
        } else if (0 == strcmp(opt, "-v")) {
            verbose = true;
        } else {
            usage();
        }
    }
    if (cmd < 0 || cmd >= argc) {
        usage();
    }

    char madedir[PATH_MAX] = "";
    if (NULL == tmpdir || '\0' == tmpdir[0]) {
        const char *base = getenv("TMPDIR");
        snprintf(madedir, sizeof madedir, "%s/pmix_host.XXXXXX", NULL != base && '\0' != base[0] ? base : "/tmp");
        if (NULL == mkdtemp(madedir)) {
            say("mkdtemp %s: %s", madedir, strerror(errno));
            return 1;
        }
        tmpdir = madedir;
    }
    executable = argv[cmd];
    if (0 != gethostname(host, sizeof host)) {
        say("gethostname: %s", strerror(errno));
        return 1;
    }
    host[sizeof host - 1] = '\0';

    pids = calloc(nprocs, sizeof *pids);
    statuses = calloc(nprocs, sizeof *statuses);
    abort_targets = calloc(nprocs, sizeof *abort_targets);
    if (NULL == pids || NULL == statuses || NULL == abort_targets) {
        say("out of memory");
        return 1;
    }

    /* Blocked before PMIx_server_init, so its threads inherit the mask and only sigtimedwait sees them. */
    sigset_t waited, original;
    sigemptyset(&waited);
    sigaddset(&waited, SIGCHLD);
    sigaddset(&waited, SIGUSR1);
    sigaddset(&waited, SIGINT);
    sigaddset(&waited, SIGTERM);
    sigaddset(&waited, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &waited, &original);
    mainpid = getpid();

    /* The gds restriction applies to the server only: the clients learn the result from PMIX_GDS_MODULE. */
    char *saved_gds = NULL;
    if (NULL != gds) {
        if (NULL != getenv("PMIX_MCA_gds")) {
            saved_gds = strdup(getenv("PMIX_MCA_gds"));
        }
        setenv("PMIX_MCA_gds", gds, 1);
    }
    if (tool) {
        module.tool_connected = tool_connected;
    }
    pmix_info_t info[5];
    size_t ninfo = 0;
    bool yes = true;
    PMIX_INFO_LOAD(&info[ninfo++], PMIX_SERVER_TMPDIR, tmpdir, PMIX_STRING);
    PMIX_INFO_LOAD(&info[ninfo++], PMIX_SYSTEM_TMPDIR, tmpdir, PMIX_STRING);
    if (tool) {
        PMIX_INFO_LOAD(&info[ninfo++], PMIX_SERVER_TOOL_SUPPORT, &yes, PMIX_BOOL);
        PMIX_INFO_LOAD(&info[ninfo++], PMIX_SERVER_SYSTEM_SUPPORT, &yes, PMIX_BOOL);
        PMIX_INFO_LOAD(&info[ninfo++], PMIX_SERVER_SESSION_SUPPORT, &yes, PMIX_BOOL);
    }
    pmix_status_t rc = PMIx_server_init(&module, info, ninfo);
    for (size_t i = 0; i < ninfo; i++) {
        PMIX_INFO_DESTRUCT(&info[i]);
    }
    if (NULL != gds) {
        if (NULL != saved_gds) {
            setenv("PMIX_MCA_gds", saved_gds, 1);
            free(saved_gds);
        } else {
            unsetenv("PMIX_MCA_gds");
        }
    }
    if (PMIX_SUCCESS != rc) {
        die("PMIx_server_init", rc);
    }

    register_job(host, tmpdir);
    char ***envs = calloc(nprocs, sizeof *envs);
    if (NULL == envs) {
        say("out of memory");
        return 1;
    }
    for (uint32_t r = 0; r < nprocs; r++) {
        pmix_proc_t proc;
        PMIX_LOAD_PROCID(&proc, nspace, r);
        completion_t c;
        completion_init(&c);
        rc = PMIx_server_register_client(&proc, geteuid(), getegid(), NULL, op_done, &c);
        if (PMIX_SUCCESS != (rc = completion_wait(&c, rc))) {
            die("PMIx_server_register_client", rc);
        }
        envs[r] = copy_environ();
        if (PMIX_SUCCESS != (rc = PMIx_server_setup_fork(&proc, &envs[r]))) {
            die("PMIx_server_setup_fork", rc);
        }
    }
    for (char **e = envs[0]; verbose && NULL != *e; e++) {
        if (0 == strncmp(*e, "PMIX_", 5)) {
            say("env %s", *e);
        }
    }

    fflush(NULL);
    for (uint32_t r = 0; r < nprocs; r++) {
        pid_t pid = fork();
        if (pid < 0) {
            say("fork: %s", strerror(errno));
            kill_all(SIGKILL);
            return 1;
        }
        if (0 == pid) {
            pthread_sigmask(SIG_SETMASK, &original, NULL);
            execvpe(argv[cmd], &argv[cmd], envs[r]);
            fprintf(stderr, "pmix_host: exec %s: %s\n", argv[cmd], strerror(errno));
            _exit(127);
        }
        pids[r] = pid;
    }
    int exitcode = wait_children(&waited, timeout);
    /* from here on a signal (e.g. from timeout(1)) ends the host as usual */
    pthread_sigmask(SIG_SETMASK, &original, NULL);

    for (uint32_t r = 0; r < nprocs; r++) {
        for (char **e = envs[r]; NULL != *e; e++) {
            free(*e);
        }
        free(envs[r]);
    }
    free(envs);
    /*
     * OpenPMIx 4.2.2's PMIx_server_finalize sometimes crashes (SIGSEGV) or waits forever for its
     * progress thread after clients died without PMIx_Finalize (killed mid-fence, aborted): 8 of
     * about 110 abort runs. Then the host skips it; the kernel closes the sockets.
     */
    bool abnormal = aborted;
    for (uint32_t r = 0; r < nprocs; r++) {
        abnormal = abnormal || 0 != statuses[r];
    }
    if (abnormal) {
        if (verbose) {
            say("a client ended abnormally: not calling PMIx_server_finalize");
        }
    } else if (PMIX_SUCCESS != (rc = PMIx_server_finalize())) {
        say("PMIx_server_finalize: %s", PMIx_Error_string(rc));
    }
    if ('\0' != madedir[0]) {
        nftw(madedir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    }
    if (verbose) {
        say("exit %d", exitcode);
    }
    fflush(NULL);
    _exit(exitcode); /* no library destructors: the server library may be mid-teardown */
}
