/*
 * reference_server.h: the OpenPMIx server start-up every reference program here shares
 * (regex/regex_ref.c, regex/regex_bench.c, wireup/wireup_host.c): a server initialised with its
 * tmpdirs in a fresh directory of its own, so runs never see each other's rendezvous files or
 * shared-memory segments. The regex programs need a server only because PMIx_generate_regex /
 * PMIx_generate_ppn return PMIX_ERR_INIT until some PMIx_*_init ran; the wireup host passes its
 * module (fence and direct-modex upcalls).
 *
 * Functions are static inline so a program that uses only some of them compiles warning-free.
 */
#ifndef JPMIX_REFERENCE_SERVER_H
#define JPMIX_REFERENCE_SERVER_H

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <pmix.h>
#include <pmix_server.h>

/* Makes "<base or /tmp>/<prefix>.XXXXXX" into dir (dirlen bytes). Returns 0, or 3 after saying why. */
static inline int make_reference_dir(const char *base, const char *prefix, char *dir, size_t dirlen)
{
    int len = snprintf(dir, dirlen, "%s/%s.XXXXXX", NULL != base && '\0' != base[0] ? base : "/tmp", prefix);
    if (len < 0 || (size_t) len >= dirlen) {
        fprintf(stderr, "temporary directory name too long (at most %zu bytes): %s\n", dirlen - 1, dir);
        return 3;
    }
    if (NULL == mkdtemp(dir)) {
        perror("mkdtemp");
        return 3;
    }
    return 0;
}

/*
 * PMIx_server_init(module, ...) with tmpdir as PMIX_SERVER_TMPDIR and PMIX_SYSTEM_TMPDIR (module may
 * be NULL). Everything else is left to OpenPMIx's defaults (its GDS choice included), because the
 * reference is "what OpenPMIx does out of the box". Returns 0, or 3 after saying why on stderr.
 */
static inline int init_reference_server(pmix_server_module_t *module, const char *tmpdir)
{
    pmix_info_t info[2];
    PMIX_INFO_LOAD(&info[0], PMIX_SERVER_TMPDIR, tmpdir, PMIX_STRING);
    PMIX_INFO_LOAD(&info[1], PMIX_SYSTEM_TMPDIR, tmpdir, PMIX_STRING);
    pmix_status_t rc = PMIx_server_init(module, info, 2);
    PMIX_INFO_DESTRUCT(&info[0]);
    PMIX_INFO_DESTRUCT(&info[1]);
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "PMIx_server_init: %s\n", PMIx_Error_string(rc));
        return 3;
    }
    return 0;
}

/*
 * make_reference_dir + init_reference_server without a module. Returns 0, or 3 after saying why
 * (the directory is removed again when the init fails).
 */
static inline int start_reference_server(const char *base, const char *prefix, char *dir, size_t dirlen)
{
    if (0 != make_reference_dir(base, prefix, dir, dirlen)) {
        return 3;
    }
    if (0 != init_reference_server(NULL, dir)) {
        rmdir(dir);
        return 3;
    }
    return 0;
}

#endif
