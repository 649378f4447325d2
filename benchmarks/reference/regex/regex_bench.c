/*
 * regex_bench: OpenPMIx 4.2.2's own timings for the inputs of JPMIx's NodeRegexBenchmark and
 * PpnRegexBenchmark (benchmarks/src/main/java/io/github/jpmix/benchmarks/regex/RegexInputs.java
 * defines the same inputs; keep the two identical).
 *
 *   regex_bench [--runs N] [--skip-slow] [--tmpdir DIR]
 *
 * For 10^3, 10^4 and 10^5 nodes: PMIx_generate_regex on the node lists ("plain" and "mixed"), PMIx_generate_ppn on the
 * proc map at 16 ranks per node, and the library's parsers (pmix_preg_base_parse_nodes /
 * _procs, internal but exported) on their outputs. Each case runs once untimed, then N times
 * (default 5); the median and the minimum are printed. PMIx_generate_ppn is quadratic: at 10^5
 * nodes one run takes about 20 s, so that case runs at most 3 times, and --skip-slow skips it.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <pmix.h>
#include <pmix_server.h>

#include "../reference_server.h"

extern pmix_status_t pmix_preg_base_parse_nodes(const char *regexp, char ***names);
extern pmix_status_t pmix_preg_base_parse_procs(const char *regexp, char ***procs);

#define RANKS_PER_NODE 16

/* "plain": nid000001.. one run; "mixed": a gap after every 1000, every hundredth a GPU node */
static char *node_list(int n, int mixed)
{
    size_t cap = (size_t) n * 16 + 16, len = 0;
    char *s = malloc(cap);
    s[0] = '\0';
    for (int i = 0; i < n; i++) {
        if (!mixed) {
            len += (size_t) sprintf(s + len, "%snid%06d", i > 0 ? "," : "", i + 1);
        } else if (i % 100 == 42) {
            len += (size_t) sprintf(s + len, "%sgpu%04dn1", i > 0 ? "," : "", i / 100);
        } else {
            len += (size_t) sprintf(s + len, "%snid%06d", i > 0 ? "," : "", i + 1 + (i / 1000) * 7);
        }
    }
    return s;
}

static char *proc_map(int nodes)
{
    size_t cap = (size_t) nodes * RANKS_PER_NODE * 9 + 16, len = 0;
    char *s = malloc(cap);
    s[0] = '\0';
    for (int k = 0; k < nodes; k++) {
        for (int i = 0; i < RANKS_PER_NODE; i++) {
            len += (size_t) sprintf(s + len, "%s%d", i > 0 ? "," : (k > 0 ? ";" : ""), k * RANKS_PER_NODE + i);
        }
    }
    return s;
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *) a, y = *(const double *) b;
    return x < y ? -1 : x > y;
}

static void free_argv(char **argv)
{
    for (int i = 0; NULL != argv && NULL != argv[i]; i++) {
        free(argv[i]);
    }
    free(argv);
}

enum op { GEN_NODES, GEN_PPN, PARSE_NODES, PARSE_PROCS };

/* one timed call; returns ms, and the generated string through *out when asked */
static double once(enum op op, const char *in, char **out)
{
    char *res = NULL;
    char **argv = NULL;
    pmix_status_t rc;
    double t0 = now_ms();
    switch (op) {
    case GEN_NODES:
        rc = PMIx_generate_regex(in, &res);
        break;
    case GEN_PPN:
        rc = PMIx_generate_ppn(in, &res);
        break;
    case PARSE_NODES:
        rc = pmix_preg_base_parse_nodes(in, &argv);
        break;
    default:
        rc = pmix_preg_base_parse_procs(in, &argv);
        break;
    }
    double t = now_ms() - t0;
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "regex_bench: call failed: %s\n", PMIx_Error_string(rc));
        exit(1);
    }
    free_argv(argv);
    if (NULL != out) {
        *out = res;
    } else {
        free(res);
    }
    return t;
}

static void bench(const char *name, int nodes, enum op op, const char *in, int runs, char **out)
{
    double *t = calloc((size_t) runs, sizeof *t);
    once(op, in, out); /* warm-up, and the result */
    for (int r = 0; r < runs; r++) {
        t[r] = once(op, in, NULL);
    }
    qsort(t, (size_t) runs, sizeof *t, cmp);
    printf("%-27s %8d nodes  median %12.3f ms  min %12.3f ms  (%d runs)\n", name, nodes, t[runs / 2], t[0], runs);
    fflush(stdout);
    free(t);
}

int main(int argc, char **argv)
{
    int runs = 5, skip_slow = 0;
    const char *base = getenv("TMPDIR");
    for (int i = 1; i < argc; i++) {
        if (0 == strcmp(argv[i], "--runs") && i + 1 < argc) {
            runs = atoi(argv[++i]);
        } else if (0 == strcmp(argv[i], "--skip-slow")) {
            skip_slow = 1;
        } else if (0 == strcmp(argv[i], "--tmpdir") && i + 1 < argc) {
            base = argv[++i];
        } else {
            fprintf(stderr, "usage: %s [--runs N] [--skip-slow] [--tmpdir DIR]\n", argv[0]);
            return 2;
        }
    }
    if (runs < 1) {
        runs = 1;
    }
    char dir[4096];
    if (0 != start_reference_server(base, "regex_bench", dir, sizeof dir)) {
        return 3;
    }
    printf("OpenPMIx %s, default preg components\n", PMIx_Get_version());
    const int sizes[] = {1000, 10000, 100000};
    for (int mixed = 0; mixed < 2; mixed++) {
        for (int s = 0; s < 3; s++) {
            int n = sizes[s];
            char *nodes = node_list(n, mixed), *regex = NULL;
            bench(mixed ? "PMIx_generate_regex mixed" : "PMIx_generate_regex plain", n, GEN_NODES, nodes, runs, &regex);
            bench(mixed ? "parse_nodes mixed" : "parse_nodes plain", n, PARSE_NODES, regex, runs, NULL);
            free(regex);
            free(nodes);
        }
    }
    for (int s = 0; s < 3; s++) {
        int n = sizes[s];
        if (100000 == n && skip_slow) {
            printf("%-27s %8d nodes  skipped (--skip-slow)\n", "PMIx_generate_ppn", n);
            continue;
        }
        char *map = proc_map(n), *regex = NULL;
        bench("PMIx_generate_ppn", n, GEN_PPN, map, 100000 == n && runs > 3 ? 3 : runs, &regex);
        bench("parse_procs", n, PARSE_PROCS, regex, runs, NULL);
        free(regex);
        free(map);
    }
    PMIx_server_finalize();
    rmdir(dir);
    return 0;
}
