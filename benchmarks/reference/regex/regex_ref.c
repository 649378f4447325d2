/*
 * regex_ref: OpenPMIx's own node-map / proc-map code behind the same line protocol as
 * JPMIx's RegexCli, so the two can be compared line by line.
 *
 *   regex_ref MODE [--isolate] [--timeout SECONDS] [--tmpdir DIR]
 *
 * MODE is generate-nodes, generate-ppn, parse-nodes or parse-ppn. One input per line on stdin
 * (a line starting with "base64:" carries binary input, e.g. a blob); one output line per input
 * line on stdout: the result (node lists joined with ',', proc maps with ';' between nodes), or
 * "base64:..." when the result is not printable text (or could be mistaken for a tag), or
 * "ERROR <status> ..." when the library returns an error.
 *
 * generate-* call the public PMIx_generate_regex / PMIx_generate_ppn. parse-* call
 * pmix_preg_base_parse_nodes / pmix_preg_base_parse_procs: internal, but exported by
 * libpmix.so 4.2.2 (they are what the hash GDS calls when a namespace is registered).
 *
 * OpenPMIx crashes or hangs on some inputs (regex-format.md section 9). With --isolate every
 * line runs in a forked child, and a crash prints "CRASH SIG<n>" (a hang: "CRASH SIG14" after
 * --timeout seconds, default 5) instead of ending the run.
 *
 * PMIx_server_init needs a directory; regex_ref makes one under --tmpdir (default $TMPDIR or /tmp)
 * and removes it at the end. A crash outside --isolate leaves it behind: point --tmpdir at a
 * directory that gets cleaned up.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <pmix.h>
#include <pmix_server.h>

#include "../reference_server.h"

/* exported by libpmix.so, declared in its internal src/mca/preg/base/base.h */
extern pmix_status_t pmix_preg_base_parse_nodes(const char *regexp, char ***names);
extern pmix_status_t pmix_preg_base_parse_procs(const char *regexp, char ***procs);

typedef struct {
    char *data;
    size_t len;
    size_t cap;
} buf_t;

static void buf_add(buf_t *b, const char *p, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (b->len + n + 1 > cap) {
            cap *= 2;
        }
        b->data = realloc(b->data, cap);
        if (NULL == b->data) {
            perror("realloc");
            exit(3);
        }
        b->cap = cap;
    }
    memcpy(b->data + b->len, p, n);
    b->len += n;
    b->data[b->len] = '\0';
}

static void buf_adds(buf_t *b, const char *s)
{
    buf_add(b, s, strlen(s));
}

static const char B64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static void b64_encode(buf_t *out, const unsigned char *p, size_t n)
{
    char q[4];
    for (size_t i = 0; i < n; i += 3) {
        unsigned v = p[i] << 16 | (i + 1 < n ? p[i + 1] << 8 : 0) | (i + 2 < n ? p[i + 2] : 0);
        q[0] = B64[v >> 18 & 63];
        q[1] = B64[v >> 12 & 63];
        q[2] = i + 1 < n ? B64[v >> 6 & 63] : '=';
        q[3] = i + 2 < n ? B64[v & 63] : '=';
        buf_add(out, q, 4);
    }
}

/* decodes in place; returns the decoded length or -1 */
static long b64_decode(char *s)
{
    size_t n = 0;
    unsigned v = 0;
    int bits = 0;
    for (char *p = s; *p && *p != '='; p++) {
        const char *k = strchr(B64, *p);
        if (NULL == k) {
            return -1;
        }
        v = v << 6 | (unsigned) (k - B64);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            s[n++] = (char) (v >> bits & 0xff);
        }
    }
    return (long) n;
}

/* the length of a result: a C string, except a compress blob, which carries NULs */
static size_t result_len(const char *r)
{
    size_t len = strlen(r);
    if (0 == strcmp(r, "blob:")) {
        const char *p = r + len + 1;
        if (0 == strcmp(p, "component=zlib:")) {
            p += strlen(p) + 1;
            if (0 == strncmp(p, "size=", 5)) {
                size_t n = strtoul(p + 5, NULL, 10);
                p += strlen(p) + 1;
                return (size_t) (p - r) + n;
            }
        }
    }
    return len;
}

static void emit(buf_t *out, const char *p, size_t n)
{
    int plain = !(n >= 7 && 0 == strncmp(p, "base64:", 7)) && !(n >= 6 && 0 == strncmp(p, "ERROR ", 6));
    for (size_t i = 0; plain && i < n; i++) {
        unsigned char c = (unsigned char) p[i];
        if (c < 0x20 || c == 0x7f) {
            plain = 0;
        }
    }
    if (plain) {
        buf_add(out, p, n);
    } else {
        buf_adds(out, "base64:");
        b64_encode(out, (const unsigned char *) p, n);
    }
}

static void emit_argv(buf_t *out, char **argv, char sep)
{
    buf_t joined = {0};
    buf_add(&joined, "", 0);
    for (int i = 0; NULL != argv && NULL != argv[i]; i++) {
        if (i > 0) {
            buf_add(&joined, &sep, 1);
        }
        buf_adds(&joined, argv[i]);
    }
    emit(out, joined.data, joined.len);
    free(joined.data);
}

static void free_argv(char **argv)
{
    for (int i = 0; NULL != argv && NULL != argv[i]; i++) {
        free(argv[i]);
    }
    free(argv);
}

static void error_line(buf_t *out, pmix_status_t rc)
{
    char tmp[64];
    buf_adds(out, "ERROR ");
    buf_adds(out, PMIx_Error_string(rc));
    snprintf(tmp, sizeof tmp, " (%d)", rc);
    buf_adds(out, tmp);
}

/* one input (a C string: embedded NULs of a binary input end it, as they would for the library
 * too, except that the blob parsers look past them) to one output line, without the newline */
static void process(const char *mode, const char *in, buf_t *out)
{
    pmix_status_t rc;
    char *res = NULL;
    char **argv = NULL;

    if (0 == strcmp(mode, "generate-nodes")) {
        rc = PMIx_generate_regex(in, &res);
    } else if (0 == strcmp(mode, "generate-ppn")) {
        rc = PMIx_generate_ppn(in, &res);
    } else if (0 == strcmp(mode, "parse-nodes")) {
        rc = pmix_preg_base_parse_nodes(in, &argv);
        if (PMIX_SUCCESS == rc) {
            emit_argv(out, argv, ',');
            free_argv(argv);
            return;
        }
    } else {
        rc = pmix_preg_base_parse_procs(in, &argv);
        if (PMIX_SUCCESS == rc) {
            emit_argv(out, argv, ';');
            free_argv(argv);
            return;
        }
    }
    if (PMIX_SUCCESS != rc) {
        error_line(out, rc);
        return;
    }
    if (NULL == res) {
        buf_adds(out, "ERROR NULL result");
        return;
    }
    emit(out, res, result_len(res));
    free(res);
}

static void isolated(const char *mode, const char *in, int timeout, buf_t *out)
{
    int fds[2];
    if (0 != pipe(fds)) {
        perror("pipe");
        exit(3);
    }
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) {
        perror("fork");
        exit(3);
    }
    if (0 == pid) {
        close(fds[0]);
        alarm((unsigned) timeout);
        buf_t mine = {0};
        buf_add(&mine, "", 0);
        process(mode, in, &mine);
        size_t off = 0;
        while (off < mine.len) {
            ssize_t w = write(fds[1], mine.data + off, mine.len - off);
            if (w <= 0) {
                _exit(4);
            }
            off += (size_t) w;
        }
        _exit(0);
    }
    close(fds[1]);
    char tmp[65536];
    buf_t got = {0};
    buf_add(&got, "", 0);
    ssize_t r;
    while ((r = read(fds[0], tmp, sizeof tmp)) != 0) {
        if (r < 0) {
            if (EINTR == errno) {
                continue;
            }
            break;
        }
        buf_add(&got, tmp, (size_t) r);
    }
    close(fds[0]);
    int status;
    while (waitpid(pid, &status, 0) < 0 && EINTR == errno) {
    }
    if (WIFSIGNALED(status)) {
        char msg[32];
        snprintf(msg, sizeof msg, "CRASH SIG%d", WTERMSIG(status));
        buf_adds(out, msg);
    } else if (!WIFEXITED(status) || 0 != WEXITSTATUS(status)) {
        buf_adds(out, "CRASH exit");
    } else {
        buf_add(out, got.data, got.len);
    }
    free(got.data);
}

int main(int argc, char **argv)
{
    const char *mode = NULL;
    int isolate = 0;
    int timeout = 5;
    const char *base = getenv("TMPDIR");
    for (int i = 1; i < argc; i++) {
        if (0 == strcmp(argv[i], "--isolate")) {
            isolate = 1;
        } else if (0 == strcmp(argv[i], "--tmpdir") && i + 1 < argc) {
            base = argv[++i];
        } else if (0 == strcmp(argv[i], "--timeout") && i + 1 < argc) {
            timeout = atoi(argv[++i]);
        } else if (NULL == mode) {
            mode = argv[i];
        } else {
            mode = NULL;
            break;
        }
    }
    if (NULL == mode
        || (0 != strcmp(mode, "generate-nodes") && 0 != strcmp(mode, "generate-ppn")
            && 0 != strcmp(mode, "parse-nodes") && 0 != strcmp(mode, "parse-ppn"))) {
        fprintf(stderr, "usage: %s generate-nodes|generate-ppn|parse-nodes|parse-ppn"
                        " [--isolate] [--timeout SECONDS] [--tmpdir DIR]\n", argv[0]);
        return 2;
    }

    char dir[4096];
    if (0 != start_reference_server(base, "regex_ref", dir, sizeof dir)) {
        return 3;
    }

    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    buf_t out = {0};
    while ((n = getline(&line, &cap, stdin)) >= 0) {
        if (n > 0 && '\n' == line[n - 1]) {
            line[--n] = '\0';
        }
        char *in = line;
        if (0 == strncmp(line, "base64:", 7)) {
            in = line + 7;
            long len = b64_decode(in);
            if (len < 0) {
                fputs("ERROR bad base64 input\n", stdout);
                continue;
            }
            in[len] = '\0';
        }
        out.len = 0;
        buf_add(&out, "", 0);
        if (isolate) {
            isolated(mode, in, timeout, &out);
        } else {
            process(mode, in, &out);
        }
        buf_add(&out, "\n", 1);
        fwrite(out.data, 1, out.len, stdout);
        fflush(stdout);
    }
    free(line);
    free(out.data);
    PMIx_server_finalize();
    rmdir(dir);
    return 0;
}
