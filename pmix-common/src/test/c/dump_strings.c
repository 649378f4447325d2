/*
 * Dumps what OpenPMIx's pretty-printers (pmix.h, "PRETTY-PRINT DEFINED VALUE TYPES") return
 * for every known value of each constant family, and for the values around them, as TSV:
 *
 *     family<TAB>value<TAB>string
 *
 * "family" is the JPMIx class whose toString(int) mirrors the printer; "value" is the decimal
 * value of the Java int that holds it (a uint32_t mask with the top bit set is negative). "string"
 * is the printer's result byte for byte (PMIx_IOF_channel_string's ends in a space). The output is
 * committed as src/test/resources/io/github/jpmix/common/openpmix-4.2.2-strings.tsv and
 * PrettyPrinterTest reads it; the tests never call the C library. See README.md here for how to
 * regenerate it.
 *
 * The library is initialised as a tool that does not connect (PMIX_TOOL_DO_NOT_CONNECT): before
 * initialisation PMIx_Data_type_string answers from a short fallback table ("NOT INITIALIZED"
 * for most types); a real client, server or tool gets the answer of its bfrops module, and that
 * is what JPMIx matches.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pmix.h>
#include <pmix_tool.h>

static void row(const char *family, long long value, const char *text)
{
    if (NULL == text || NULL != strpbrk(text, "\t\r\n")) {
        fprintf(stderr, "%s %lld: string is NULL or not TSV-safe\n", family, value);
        exit(1);
    }
    printf("%s\t%lld\t%s\n", family, value, text);
}

/* the uint8_t families: every value of the type */
#define DUMP_UINT8(family, fn)                                  \
    do {                                                        \
        for (int v_ = 0; v_ <= UINT8_MAX; v_++) {               \
            row((family), v_, fn((uint8_t) v_));                \
        }                                                       \
    } while (0)

int main(void)
{
    pmix_proc_t me;
    pmix_info_t info;
    bool flag = true;
    pmix_status_t rc;
    char *s;

    PMIX_INFO_LOAD(&info, PMIX_TOOL_DO_NOT_CONNECT, &flag, PMIX_BOOL);
    rc = PMIx_tool_init(&me, &info, 1);
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "PMIx_tool_init: %s\n", PMIx_Error_string(rc));
        return 1;
    }

    /* provenance; PrettyPrinterTest skips lines that start with '#' */
    printf("# %s, printed by src/test/c/dump_strings.c\n", PMIx_Get_version());
    printf("# family\tvalue\tstring\n");

    /* pmix_status_t: every code PMIx uses lies in [-1000, 0]; internal codes of the library
     * (src/util/pmix_error.h) sit further down, and PMIX_EXTERNAL_ERR_BASE at -3000 */
    for (int v = -3010; v <= 10; v++) {
        row("Status", v, PMIx_Error_string(v));
    }
    row("Status", INT32_MIN, PMIx_Error_string(INT32_MIN));
    row("Status", INT32_MAX, PMIx_Error_string(INT32_MAX));

    DUMP_UINT8("ProcState", PMIx_Proc_state_string);
    DUMP_UINT8("JobState", PMIx_Job_state_string);
    DUMP_UINT8("Scope", PMIx_Scope_string);
    DUMP_UINT8("Persistence", PMIx_Persistence_string);
    DUMP_UINT8("DataRange", PMIx_Data_range_string);
    DUMP_UINT8("AllocDirective", PMIx_Alloc_directive_string);
    DUMP_UINT8("LinkState", PMIx_Link_state_string);

    /* pmix_data_type_t is a uint16_t; implementers' types start above PMIX_DATA_TYPE_MAX (500) */
    for (int v = 0; v <= 520; v++) {
        row("DataType", v, PMIx_Data_type_string((pmix_data_type_t) v));
    }
    row("DataType", UINT16_MAX, PMIx_Data_type_string(UINT16_MAX));

    /* pmix_iof_channel_t: a uint16_t bit mask; every combination of the low 9 bits, and the
     * high bits alone */
    for (int v = 0; v <= 0x1ff; v++) {
        row("IofChannel", v, PMIx_IOF_channel_string((pmix_iof_channel_t) v));
    }
    for (int bit = 9; bit < 16; bit++) {
        row("IofChannel", 1 << bit, PMIx_IOF_channel_string((pmix_iof_channel_t) (1 << bit)));
    }
    row("IofChannel", UINT16_MAX, PMIx_IOF_channel_string(UINT16_MAX));

    /* pmix_info_directives_t: a uint32_t bit mask; every combination of the low 6 bits, each
     * higher bit alone, the reserved mask, all ones. Printed as the signed int Java holds. */
    {
        uint32_t extra[] = {0x40, 0x80, 0x100, 0x8000, 0x10000, 0x80000000u, 0xffff0000u,
                            0xffff0001u, 0xffff0008u, 0xffffffffu};
        for (uint32_t v = 0; v < 0x40; v++) {
            s = PMIx_Info_directives_string(v);
            row("InfoDirectives", (int32_t) v, s);
            free(s);
        }
        for (size_t n = 0; n < sizeof(extra) / sizeof(extra[0]); n++) {
            s = PMIx_Info_directives_string(extra[n]);
            row("InfoDirectives", (int32_t) extra[n], s);
            free(s);
        }
    }

    PMIx_tool_finalize();
    return 0;
}
