/*
 * reference_server.h: what regex_ref.c and regex_bench.c both need before they may call
 * PMIx_generate_regex / PMIx_generate_ppn (which return PMIX_ERR_INIT until some PMIx_*_init ran):
 * a server initialised with its tmpdirs in a fresh directory of its own.
 */
#ifndef JPMIX_REFERENCE_SERVER_H
#define JPMIX_REFERENCE_SERVER_H

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <pmix.h>
#include <pmix_server.h>

/*
 * Makes "<base or /tmp>/<prefix>.XXXXXX" into dir (dirlen bytes) and runs PMIx_server_init with it
 * as PMIX_SERVER_TMPDIR and PMIX_SYSTEM_TMPDIR. Returns 0, or 3 after saying why on stderr (the
 * directory is removed again when the init fails).
 */
static int start_reference_server(const char *base, const char *prefix, char *dir, size_t dirlen)
{
    snprintf(dir, dirlen, "%s/%s.XXXXXX", NULL != base && '\0' != base[0] ? base : "/tmp", prefix);
    if (NULL == mkdtemp(dir)) {
        perror("mkdtemp");
        return 3;
    }
    pmix_info_t info[2];
    PMIX_INFO_LOAD(&info[0], PMIX_SERVER_TMPDIR, dir, PMIX_STRING);
    PMIX_INFO_LOAD(&info[1], PMIX_SYSTEM_TMPDIR, dir, PMIX_STRING);
    pmix_status_t rc = PMIx_server_init(NULL, info, 2);
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "PMIx_server_init: %s\n", PMIx_Error_string(rc));
        rmdir(dir);
        return 3;
    }
    return 0;
}

#endif
