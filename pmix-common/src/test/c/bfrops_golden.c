/*
 * Golden bytes for JPMIx's bfrops v41 codec (io.github.jpmix.common.internal.bfrops), produced
 * and consumed by the installed OpenPMIx 4.2.2 itself. BfropsLibpmixGoldenTest compiles this file
 * (gcc + pkg-config pmix) and runs it in two modes:
 *
 *     bfrops_golden pack      one line per case: name<TAB>hex
 *                             hex = PMIx_Data_pack(NULL, buffer, values, n, type), i.e. the INT32
 *                             count then the n values, exactly what PMIX_BFROPS_PACK writes on the
 *                             client-server wire
 *     bfrops_golden unpack    reads name<TAB>type<TAB>n<TAB>repack<TAB>hex lines (bytes JPMIx
 *                             wrote), unpacks them with PMIx_Data_unpack(n, type) and prints
 *                             name<TAB>status<TAB>consumed<TAB>repacked-hex<TAB>printed
 *                             consumed = bytes the unpack read; repacked-hex = the unpacked values
 *                             packed again (only when repack is 1: 4.2.2 crashes repacking some
 *                             values it unpacks); printed = PMIx_Data_print of each value (tabs and
 *                             newlines escaped), which the test checks for some cases
 *
 * Which buffer PMIx_Data_pack writes: it packs with the bfrops module and the buffer type of the
 * target's peer (src/common/pmix_data.c:176-200, PMIX_EMBED_DATA_BUFFER takes
 * pmix_globals.mypeer->nptr->compat.type); with a NULL target that is this process itself. A tool
 * initialised with PMIX_TOOL_DO_NOT_CONNECT selects the newest bfrops module (v41, with psquash
 * flex128) and takes the buffer type from PMIX_BFROP_BUFFER_TYPE (src/tool/pmix_tool.c:679-713),
 * which main() sets to PMIX_BFROP_BUFFER_NON_DESC before PMIx_tool_init - the same two settings
 * a 4.2.2 client gets from its server (PMIX_SERVER_URI41, PMIX_BFROP_BUFFER_TYPE). Debian's
 * release build defaults to NON_DESC anyway (src/mca/bfrops/base/bfrop_base_frame.c:57-90);
 * main() checks the result on a probe value before doing anything else and exits 2 if the
 * buffer is not non-described v41.
 *
 * The case names, types and values must match BfropsLibpmixGoldenTest's table.
 */
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include <hwloc.h>
#include <pmix.h>
#include <pmix_tool.h>

/* ---- output ---- */

static void hex(const char *bytes, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        printf("%02x", (unsigned char) bytes[i]);
    }
}

/* packs n values of type and prints "name<TAB>hex" */
static void emit(const char *name, void *src, int32_t n, pmix_data_type_t type)
{
    pmix_data_buffer_t buf;
    pmix_status_t rc;

    PMIX_DATA_BUFFER_CONSTRUCT(&buf);
    rc = PMIx_Data_pack(NULL, &buf, src, n, type);
    if (PMIX_SUCCESS != rc) {
        printf("%s\tERROR %d\n", name, rc);
        PMIX_DATA_BUFFER_DESTRUCT(&buf);
        return;
    }
    printf("%s\t", name);
    hex(buf.base_ptr, buf.bytes_used);
    printf("\n");
    PMIX_DATA_BUFFER_DESTRUCT(&buf);
}

/* one pmix_value_t of the given type whose payload is memcpy'd from data */
static void emit_value(const char *name, pmix_data_type_t type, const void *data, size_t size)
{
    pmix_value_t v;

    memset(&v, 0, sizeof(v));
    v.type = type;
    if (NULL != data) {
        memcpy(&v.data, data, size);
    }
    emit(name, &v, 1, PMIX_VALUE);
}

#define VALUE_OF(name, type, ctype, x)                    \
    do {                                                  \
        ctype v_ = (x);                                   \
        emit_value((name), (type), &v_, sizeof(v_));      \
    } while (0)

#define VALUE_PTR(name, type, ptr)                        \
    do {                                                  \
        void *p_ = (ptr);                                 \
        emit_value((name), (type), &p_, sizeof(p_));      \
    } while (0)

/* ---- the values the cases share ---- */

static pmix_proc_t proc(const char *nspace, pmix_rank_t rank)
{
    pmix_proc_t p;
    PMIX_LOAD_PROCID(&p, nspace, rank);
    return p;
}

static pmix_byte_object_t bo(const char *bytes, size_t n)
{
    pmix_byte_object_t b;
    b.bytes = (char *) bytes;
    b.size = n;
    return b;
}

static pmix_coord_t coord(uint8_t view, uint32_t *c, size_t dims)
{
    pmix_coord_t x;
    x.view = view;
    x.coord = c;
    x.dims = dims;
    return x;
}

static uint32_t COORDS[] = {1, 2, 0xffffffffu};
static char *DESCRIPTION[] = {"first line", "second line", NULL};
static char *ARGV[] = {"/bin/app", "-v", "x y", NULL};
static char *ENV[] = {"A=1", "B=", NULL};
static char *KEYS[] = {"pmix.qry.nodes", "pmix.qry.procs", NULL};

static void info_string(pmix_info_t *info, const char *key, const char *s, pmix_info_directives_t flags)
{
    PMIX_INFO_LOAD(info, key, s, PMIX_STRING);
    info->flags = flags;
}

static pmix_proc_info_t proc_info(void)
{
    pmix_proc_info_t p;
    memset(&p, 0, sizeof(p));
    p.proc = proc("capjob", 3);
    p.hostname = "node1";
    p.executable_name = "/bin/app";
    p.pid = 4242;
    p.exit_code = 0;
    p.state = PMIX_PROC_STATE_RUNNING;
    return p;
}

static pmix_regattr_t regattr(void)
{
    pmix_regattr_t r;
    memset(&r, 0, sizeof(r));
    r.name = "PMIX_JOB_SIZE";
    PMIX_LOAD_KEY(r.string, "pmix.job.size");
    r.type = PMIX_UINT32;
    r.description = DESCRIPTION;
    return r;
}

static pmix_geometry_t geometry(void)
{
    static pmix_coord_t coords[2];
    pmix_geometry_t g;
    coords[0] = coord(PMIX_COORD_LOGICAL_VIEW, COORDS, 3);
    coords[1] = coord(PMIX_COORD_PHYSICAL_VIEW, COORDS, 1);
    memset(&g, 0, sizeof(g));
    g.fabric = 3;
    g.uuid = "fab-uuid";
    g.osname = NULL;
    g.coordinates = coords;
    g.ncoords = 2;
    return g;
}

static pmix_device_distance_t devdist(void)
{
    pmix_device_distance_t d;
    d.uuid = "dev-uuid";
    d.osname = "mlx5_0";
    d.type = PMIX_DEVTYPE_OPENFABRICS | PMIX_DEVTYPE_NETWORK;
    d.mindist = 10;
    d.maxdist = 65535;
    return d;
}

static pmix_endpoint_t endpoint(void)
{
    pmix_endpoint_t e;
    e.uuid = "ep-uuid";
    e.osname = NULL;
    e.endpt = bo("\x01\x00\xff\x7f", 4);
    return e;
}

static pmix_proc_stats_t proc_stats(void)
{
    pmix_proc_stats_t s;
    memset(&s, 0, sizeof(s));
    s.node = "node1";
    s.proc = proc("capjob", 1);
    s.pid = 777;
    s.cmd = "app";
    s.state = 'R';
    s.time.tv_sec = 12;
    s.time.tv_usec = 500000;
    s.percent_cpu = 0; /* not packed by 4.2.2 */
    s.priority = -5;
    s.num_threads = 65535;
    s.pss = 1.25f;
    s.vsize = 2048.5f;
    s.rss = 100.0f;
    s.peak_vsize = 0; /* not packed by 4.2.2 */
    s.processor = 3;
    s.sample_time.tv_sec = 1700000000;
    s.sample_time.tv_usec = 1;
    return s;
}

static pmix_disk_stats_t disk_stats(void)
{
    pmix_disk_stats_t d;
    d.disk = "sda";
    d.num_reads_completed = 1;
    d.num_reads_merged = 2;
    d.num_sectors_read = 3;
    d.milliseconds_reading = 4;
    d.num_writes_completed = 5;
    d.num_writes_merged = 6;
    d.num_sectors_written = 7;
    d.milliseconds_writing = 8;
    d.num_ios_in_progress = 9;
    d.milliseconds_io = 10;
    d.weighted_milliseconds_io = UINT64_MAX;
    return d;
}

static pmix_net_stats_t net_stats(void)
{
    pmix_net_stats_t n;
    n.net_interface = "eth0";
    n.num_bytes_recvd = 1000;
    n.num_packets_recvd = 10;
    n.num_recv_errs = 0;
    n.num_bytes_sent = 2000;
    n.num_packets_sent = 20;
    n.num_send_errs = 1;
    return n;
}

/* node stats with no disk or net stats: 4.2.2 packs the two arrays from &ptr->diskstats and
 * &ptr->netstats, the addresses of the pointers (bfrop_base_pack.c:1614, 1625), so a node stats
 * with any disk or net stats packs the pointer's bytes; only empty ones are well-defined */
static pmix_node_stats_t node_stats(void)
{
    pmix_node_stats_t n;
    memset(&n, 0, sizeof(n));
    n.node = "node1";
    n.la = 0.5f;
    n.la5 = 0.25f;
    n.la15 = 0.125f;
    n.total_mem = 16000.0f;
    n.free_mem = 8000.5f;
    n.buffers = 1.0f;
    n.cached = 2.0f;
    n.swap_cached = 3.0f;
    n.swap_total = 4.0f;
    n.swap_free = 5.0f;
    n.mapped = 6.0f;
    n.sample_time.tv_sec = 99;
    n.sample_time.tv_usec = 999999;
    return n;
}

/* an empty hwloc bitmap: 4.2.2 can pack no other (pmix_hwloc_datatype.c:47 takes the length that
 * hwloc_bitmap_list_asprintf returns for an error, so any non-empty cpuset fails with PMIX_ERROR) */
static pmix_cpuset_t cpuset(void)
{
    char spec[] = "hwloc:";
    pmix_cpuset_t c;
    pmix_status_t rc = PMIx_Parse_cpuset_string(spec, &c);
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "PMIx_Parse_cpuset_string: %s\n", PMIx_Error_string(rc));
        exit(1);
    }
    return c;
}

/* ---- pack mode: every case ---- */

static void pack_values(void)
{
    pmix_proc_t p;
    pmix_byte_object_t b;
    pmix_proc_info_t pi;
    pmix_coord_t c;
    pmix_regattr_t ra;
    pmix_geometry_t g;
    pmix_device_distance_t dd;
    pmix_endpoint_t ep;
    pmix_cpuset_t cs;
    pmix_envar_t env;
    pmix_nspace_t ns;
    pmix_proc_stats_t ps;
    pmix_disk_stats_t ds;
    pmix_net_stats_t nst;
    pmix_node_stats_t nd;
    struct timeval tv;
    char regex_native[] = "pmix[vm[1:0-3]]";
    char regex_raw[] = "raw:node1,node2";

    emit_value("value.UNDEF", PMIX_UNDEF, NULL, 0);
    VALUE_OF("value.BOOL.true", PMIX_BOOL, bool, true);
    VALUE_OF("value.BOOL.false", PMIX_BOOL, bool, false);
    VALUE_OF("value.BYTE", PMIX_BYTE, uint8_t, 0xab);
    VALUE_PTR("value.STRING", PMIX_STRING, "hello, w\xc3\xb6rld");
    VALUE_PTR("value.STRING.empty", PMIX_STRING, "");
    VALUE_OF("value.SIZE", PMIX_SIZE, size_t, 7);
    VALUE_OF("value.SIZE.2^56", PMIX_SIZE, size_t, (size_t) 1 << 56);
    VALUE_OF("value.SIZE.max", PMIX_SIZE, size_t, SIZE_MAX);
    VALUE_OF("value.PID", PMIX_PID, pid_t, 12345);
    VALUE_OF("value.PID.-1", PMIX_PID, pid_t, -1);
    VALUE_OF("value.INT", PMIX_INT, int, -123456);
    VALUE_OF("value.INT.min", PMIX_INT, int, INT32_MIN);
    VALUE_OF("value.INT8", PMIX_INT8, int8_t, -5);
    VALUE_OF("value.INT16", PMIX_INT16, int16_t, -300);
    VALUE_OF("value.INT16.min", PMIX_INT16, int16_t, INT16_MIN);
    VALUE_OF("value.INT32", PMIX_INT32, int32_t, -3001);
    VALUE_OF("value.INT32.max", PMIX_INT32, int32_t, INT32_MAX);
    VALUE_OF("value.INT64.min", PMIX_INT64, int64_t, INT64_MIN);
    VALUE_OF("value.INT64.max", PMIX_INT64, int64_t, INT64_MAX);
    VALUE_OF("value.UINT", PMIX_UINT, unsigned int, 5);
    VALUE_OF("value.UINT.max", PMIX_UINT, unsigned int, UINT32_MAX);
    VALUE_OF("value.UINT8", PMIX_UINT8, uint8_t, 200);
    VALUE_OF("value.UINT16", PMIX_UINT16, uint16_t, 65535);
    VALUE_OF("value.UINT32", PMIX_UINT32, uint32_t, 0xfffffffeu);
    VALUE_OF("value.UINT64.max", PMIX_UINT64, uint64_t, UINT64_MAX);
    VALUE_OF("value.UINT64.2^63", PMIX_UINT64, uint64_t, (uint64_t) 1 << 63);
    VALUE_OF("value.FLOAT", PMIX_FLOAT, float, 1.5f);
    VALUE_OF("value.FLOAT.-0.1", PMIX_FLOAT, float, -0.1f);
    VALUE_OF("value.FLOAT.1e20", PMIX_FLOAT, float, 1e20f);
    VALUE_OF("value.FLOAT.1e-7", PMIX_FLOAT, float, 1e-7f);
    VALUE_OF("value.FLOAT.-0", PMIX_FLOAT, float, -0.0f);
    VALUE_OF("value.FLOAT.inf", PMIX_FLOAT, float, INFINITY);
    VALUE_OF("value.FLOAT.nan", PMIX_FLOAT, float, NAN);
    /* 2^-7 = 0.0078125 is a tie at six decimals: glibc rounds it to even, 0.007812 */
    VALUE_OF("value.FLOAT.tie", PMIX_FLOAT, float, 0.0078125f);
    VALUE_OF("value.DOUBLE.tie", PMIX_DOUBLE, double, 0.0234375);
    VALUE_OF("value.DOUBLE", PMIX_DOUBLE, double, 3.141592653589793);
    VALUE_OF("value.DOUBLE.1e300", PMIX_DOUBLE, double, 1e300);
    VALUE_OF("value.DOUBLE.-inf", PMIX_DOUBLE, double, -INFINITY);
    VALUE_OF("value.DOUBLE.-2.5e-7", PMIX_DOUBLE, double, -2.5e-7);
    tv.tv_sec = 1700000000;
    tv.tv_usec = 123456;
    VALUE_OF("value.TIMEVAL", PMIX_TIMEVAL, struct timeval, tv);
    tv.tv_sec = -5;
    tv.tv_usec = 0;
    VALUE_OF("value.TIMEVAL.-5", PMIX_TIMEVAL, struct timeval, tv);
    VALUE_OF("value.TIME", PMIX_TIME, time_t, 1700000000);
    VALUE_OF("value.TIME.-1", PMIX_TIME, time_t, -1);
    VALUE_OF("value.STATUS", PMIX_STATUS, pmix_status_t, -47);
    p = proc("capjob", PMIX_RANK_WILDCARD);
    VALUE_PTR("value.PROC", PMIX_PROC, &p);
    b = bo("\x00\x01\xff", 3);
    VALUE_OF("value.BYTE_OBJECT", PMIX_BYTE_OBJECT, pmix_byte_object_t, b);
    b = bo(NULL, 0);
    VALUE_OF("value.BYTE_OBJECT.empty", PMIX_BYTE_OBJECT, pmix_byte_object_t, b);
    VALUE_OF("value.PERSIST", PMIX_PERSIST, pmix_persistence_t, PMIX_PERSIST_SESSION);
    VALUE_OF("value.SCOPE", PMIX_SCOPE, pmix_scope_t, PMIX_GLOBAL);
    VALUE_OF("value.DATA_RANGE", PMIX_DATA_RANGE, pmix_data_range_t, PMIX_RANGE_GLOBAL);
    VALUE_OF("value.COMMAND", PMIX_COMMAND, uint8_t, 12);
    VALUE_OF("value.INFO_DIRECTIVES", PMIX_INFO_DIRECTIVES, pmix_info_directives_t, 0x80000001u);
    VALUE_OF("value.DATA_TYPE", PMIX_DATA_TYPE, pmix_data_type_t, PMIX_STRING);
    VALUE_OF("value.PROC_STATE", PMIX_PROC_STATE, pmix_proc_state_t, PMIX_PROC_STATE_ABORTED);
    pi = proc_info();
    VALUE_PTR("value.PROC_INFO", PMIX_PROC_INFO, &pi);
    pi.hostname = NULL;
    pi.executable_name = NULL;
    pi.pid = 0;
    VALUE_PTR("value.PROC_INFO.nulls", PMIX_PROC_INFO, &pi);
    VALUE_OF("value.PROC_RANK", PMIX_PROC_RANK, pmix_rank_t, 7);
    VALUE_OF("value.PROC_RANK.wildcard", PMIX_PROC_RANK, pmix_rank_t, PMIX_RANK_WILDCARD);
    b = bo("x\x9c\x03\x00", 4);
    VALUE_OF("value.COMPRESSED_STRING", PMIX_COMPRESSED_STRING, pmix_byte_object_t, b);
    VALUE_OF("value.COMPRESSED_BYTE_OBJECT", PMIX_COMPRESSED_BYTE_OBJECT, pmix_byte_object_t, b);
    VALUE_OF("value.ALLOC_DIRECTIVE", PMIX_ALLOC_DIRECTIVE, pmix_alloc_directive_t, PMIX_ALLOC_EXTEND);
    VALUE_OF("value.IOF_CHANNEL", PMIX_IOF_CHANNEL, pmix_iof_channel_t, PMIX_FWD_STDOUT_CHANNEL | PMIX_FWD_STDERR_CHANNEL);
    env.envar = "PATH";
    env.value = "/usr/bin";
    env.separator = ':';
    VALUE_OF("value.ENVAR", PMIX_ENVAR, pmix_envar_t, env);
    c = coord(PMIX_COORD_LOGICAL_VIEW, COORDS, 3);
    VALUE_PTR("value.COORD", PMIX_COORD, &c);
    ra = regattr();
    VALUE_PTR("value.REGATTR", PMIX_REGATTR, &ra);
    b = bo(regex_native, sizeof(regex_native));
    VALUE_OF("value.REGEX.native", PMIX_REGEX, pmix_byte_object_t, b);
    b = bo(regex_raw, sizeof(regex_raw));
    VALUE_OF("value.REGEX.raw", PMIX_REGEX, pmix_byte_object_t, b);
    VALUE_OF("value.JOB_STATE", PMIX_JOB_STATE, pmix_job_state_t, PMIX_JOB_STATE_RUNNING);
    VALUE_OF("value.LINK_STATE", PMIX_LINK_STATE, pmix_link_state_t, PMIX_LINK_UP);
    cs = cpuset();
    VALUE_PTR("value.PROC_CPUSET.empty", PMIX_PROC_CPUSET, &cs);
    cs.bitmap = NULL;
    VALUE_PTR("value.PROC_CPUSET.unbound", PMIX_PROC_CPUSET, &cs);
    g = geometry();
    VALUE_PTR("value.GEOMETRY", PMIX_GEOMETRY, &g);
    dd = devdist();
    VALUE_PTR("value.DEVICE_DIST", PMIX_DEVICE_DIST, &dd);
    ep = endpoint();
    VALUE_PTR("value.ENDPOINT", PMIX_ENDPOINT, &ep);
    VALUE_OF("value.DEVTYPE", PMIX_DEVTYPE, pmix_device_type_t, PMIX_DEVTYPE_GPU | 0x8000000000000000ull);
    VALUE_OF("value.LOCTYPE", PMIX_LOCTYPE, pmix_locality_t, PMIX_LOCALITY_SHARE_NODE | PMIX_LOCALITY_SHARE_L3CACHE);
    PMIX_LOAD_NSPACE(ns, "capjob");
    VALUE_PTR("value.PROC_NSPACE", PMIX_PROC_NSPACE, &ns);
    ps = proc_stats();
    VALUE_PTR("value.PROC_STATS", PMIX_PROC_STATS, &ps);
    ds = disk_stats();
    VALUE_PTR("value.DISK_STATS", PMIX_DISK_STATS, &ds);
    nst = net_stats();
    VALUE_PTR("value.NET_STATS", PMIX_NET_STATS, &nst);
    nd = node_stats();
    VALUE_PTR("value.NODE_STATS", PMIX_NODE_STATS, &nd);
    VALUE_OF("value.STOR_MEDIUM", PMIX_STOR_MEDIUM, uint64_t, 0x10);
    VALUE_OF("value.STOR_ACCESS", PMIX_STOR_ACCESS, uint64_t, 0x3);
    VALUE_OF("value.STOR_PERSIST", PMIX_STOR_PERSIST, uint64_t, 0x20);
    VALUE_OF("value.STOR_ACCESS_TYPE", PMIX_STOR_ACCESS_TYPE, uint16_t, 0x2);
}

static void pack_arrays(void)
{
    uint32_t u32[] = {1, 2, 3};
    bool flags[] = {true, false, true};
    char *strings[] = {"a", "", "ccc"};
    pmix_info_t infos[2];
    pmix_proc_t procs[2];
    pmix_value_t values[3];
    pmix_data_array_t inner[2];
    pmix_byte_object_t bos[2];
    pmix_envar_t envars[1];
    pmix_data_buffer_t dbufs[2];
    pmix_data_array_t a;
    struct timeval tvs[1];
    float floats[2] = {0.5f, -2.0f};
    pid_t pids[2] = {1, 65536};
    pmix_cpuset_t cs[1];

#define DARRAY(name, t, arr, n)          \
    do {                                 \
        a.type = (t);                    \
        a.size = (n);                    \
        a.array = (arr);                 \
        VALUE_PTR((name), PMIX_DATA_ARRAY, &a); \
    } while (0)

    DARRAY("darray.UINT32", PMIX_UINT32, u32, 3);
    DARRAY("darray.BOOL", PMIX_BOOL, flags, 3);
    DARRAY("darray.STRING", PMIX_STRING, strings, 3);
    DARRAY("darray.INT.empty", PMIX_INT, NULL, 0);
    DARRAY("darray.UNDEF", PMIX_UNDEF, NULL, 3);
    info_string(&infos[0], "pmix.hname", "vm", 0);
    PMIX_INFO_LOAD(&infos[1], "pmix.local.size", &u32[1], PMIX_UINT32);
    infos[1].flags = PMIX_INFO_ARRAY_END;
    DARRAY("darray.INFO", PMIX_INFO, infos, 2);
    procs[0] = proc("capjob", 0);
    procs[1] = proc("other", PMIX_RANK_LOCAL_PEERS);
    DARRAY("darray.PROC", PMIX_PROC, procs, 2);
    memset(values, 0, sizeof(values));
    values[0].type = PMIX_UINT16;
    values[0].data.uint16 = 9;
    values[1].type = PMIX_STRING;
    values[1].data.string = "v";
    values[2].type = PMIX_UNDEF;
    DARRAY("darray.VALUE", PMIX_VALUE, values, 3);
    inner[0].type = PMIX_UINT32;
    inner[0].size = 2;
    inner[0].array = u32;
    inner[1].type = PMIX_STRING;
    inner[1].size = 1;
    inner[1].array = strings;
    DARRAY("darray.DATA_ARRAY", PMIX_DATA_ARRAY, inner, 2);
    bos[0] = bo("\x01\x02", 2);
    bos[1] = bo(NULL, 0);
    DARRAY("darray.BYTE_OBJECT", PMIX_BYTE_OBJECT, bos, 2);
    envars[0].envar = "LD_PRELOAD";
    envars[0].value = "x.so";
    envars[0].separator = ' ';
    DARRAY("darray.ENVAR", PMIX_ENVAR, envars, 1);
    tvs[0].tv_sec = 1;
    tvs[0].tv_usec = 2;
    DARRAY("darray.TIMEVAL", PMIX_TIMEVAL, tvs, 1);
    DARRAY("darray.FLOAT", PMIX_FLOAT, floats, 2);
    DARRAY("darray.PID", PMIX_PID, pids, 2);
    PMIX_DATA_BUFFER_CONSTRUCT(&dbufs[0]);
    PMIX_DATA_BUFFER_CONSTRUCT(&dbufs[1]);
    dbufs[0].base_ptr = "\x02\x00";
    dbufs[0].bytes_used = 2;
    DARRAY("darray.DATA_BUFFER", PMIX_DATA_BUFFER, dbufs, 2);
    cs[0] = cpuset();
    DARRAY("darray.PROC_CPUSET", PMIX_PROC_CPUSET, cs, 1);
    {
        char r1[] = "pmix[a]";
        char r2[] = "raw:b";
        char *regexes[] = {r1, r2};
        DARRAY("darray.REGEX", PMIX_REGEX, regexes, 2);
    }
}

static void pack_top_level(void)
{
    pmix_info_t infos[2];
    pmix_proc_t procs[3];
    char *strings[] = {"capjob", NULL, "x"};
    pmix_app_t app;
    pmix_pdata_t pd;
    pmix_query_t q;
    pmix_byte_object_t b;
    pmix_value_t values[2];
    uint32_t one = 1;
    size_t sizes[3] = {0, 128, SIZE_MAX};
    int32_t i32[2] = {INT32_MIN, 42};
    int16_t i16[2] = {INT16_MAX, -1};
    pmix_status_t statuses[2] = {0, -3001};
    double doubles[2] = {0.1, -1234.5678};
    pmix_proc_info_t pinfo[1];
    pmix_regattr_t regattrs[1];
    pmix_coord_t coords[1];
    pmix_geometry_t geos[1];
    pmix_device_distance_t dds[1];
    pmix_endpoint_t eps[1];
    pmix_proc_stats_t pss[1];
    pmix_disk_stats_t dss[2];
    pmix_net_stats_t nss[1];
    pmix_node_stats_t nds[1];
    pmix_data_buffer_t dbufs[1];
    pmix_nspace_t nss2[2];
    pmix_cpuset_t cs[1];
    pmix_envar_t envs[1];
    struct timeval tvs[2];
    time_t times[2] = {0, 1700000000};
    bool flags[3] = {true, false, true};
    uint8_t cmd = 4;
    char r1[] = "pmix[vm]";
    char r2[] = "raw:a";
    char *regexes[] = {r1, r2};
    pmix_data_array_t darr[1];
    uint16_t u16[2] = {0, 300};
    uint64_t u64[2] = {0, UINT64_MAX};
    int64_t i64[2] = {-1, INT64_MIN};
    unsigned int uints[2] = {0, UINT32_MAX};
    int ints[2] = {-1, 1};
    pmix_rank_t ranks[2] = {0, PMIX_RANK_UNDEF};

    info_string(&infos[0], "pmix.tmpdir", "/tmp/x", PMIX_INFO_REQD);
    PMIX_INFO_LOAD(&infos[1], "pmix.collect", &flags[0], PMIX_BOOL);
    infos[1].flags = PMIX_INFO_REQD | PMIX_INFO_ARRAY_END;
    emit("top.INFO", infos, 2, PMIX_INFO);
    procs[0] = proc("capjob", 0);
    procs[1] = proc("capjob", PMIX_RANK_WILDCARD);
    procs[2] = proc("", PMIX_RANK_UNDEF);
    emit("top.PROC", procs, 3, PMIX_PROC);
    emit("top.STRING", strings, 3, PMIX_STRING);
    emit("top.STRING.none", strings, 0, PMIX_STRING);
    memset(&app, 0, sizeof(app));
    app.cmd = "/bin/app";
    app.argv = ARGV;
    app.env = ENV;
    app.cwd = NULL;
    app.maxprocs = 4;
    app.info = infos;
    app.ninfo = 1;
    emit("top.APP", &app, 1, PMIX_APP);
    app.argv = NULL;
    app.env = NULL;
    app.cwd = "/home";
    app.maxprocs = -1;
    app.info = NULL;
    app.ninfo = 0;
    emit("top.APP.bare", &app, 1, PMIX_APP);
    memset(&pd, 0, sizeof(pd));
    pd.proc = proc("pubjob", 2);
    PMIX_LOAD_KEY(pd.key, "pub.key");
    pd.value.type = PMIX_UINT32;
    pd.value.data.uint32 = one;
    emit("top.PDATA", &pd, 1, PMIX_PDATA);
    memset(&q, 0, sizeof(q));
    q.keys = KEYS;
    q.qualifiers = &infos[0];
    q.nqual = 1;
    infos[0].flags = PMIX_INFO_QUALIFIER;
    emit("top.QUERY", &q, 1, PMIX_QUERY);
    infos[0].flags = PMIX_INFO_REQD;
    b = bo("\x02\x00", 2);
    emit("top.BYTE_OBJECT", &b, 1, PMIX_BYTE_OBJECT);
    memset(values, 0, sizeof(values));
    values[0].type = PMIX_BOOL;
    values[0].data.flag = true;
    values[1].type = PMIX_STRING;
    values[1].data.string = NULL;
    emit("top.VALUE", values, 1, PMIX_VALUE);
    emit("top.SIZE", sizes, 3, PMIX_SIZE);
    emit("top.INT32", i32, 2, PMIX_INT32);
    emit("top.INT16", i16, 2, PMIX_INT16);
    emit("top.UINT16", u16, 2, PMIX_UINT16);
    emit("top.UINT64", u64, 2, PMIX_UINT64);
    emit("top.INT64", i64, 2, PMIX_INT64);
    emit("top.UINT", uints, 2, PMIX_UINT);
    emit("top.INT", ints, 2, PMIX_INT);
    emit("top.PROC_RANK", ranks, 2, PMIX_PROC_RANK);
    emit("top.STATUS", statuses, 2, PMIX_STATUS);
    emit("top.DOUBLE", doubles, 2, PMIX_DOUBLE);
    emit("top.BOOL", flags, 3, PMIX_BOOL);
    emit("top.COMMAND", &cmd, 1, PMIX_COMMAND);
    tvs[0].tv_sec = 0;
    tvs[0].tv_usec = 999999;
    tvs[1].tv_sec = INT64_MAX;
    tvs[1].tv_usec = 0;
    emit("top.TIMEVAL", tvs, 2, PMIX_TIMEVAL);
    emit("top.TIME", times, 2, PMIX_TIME);
    pinfo[0] = proc_info();
    emit("top.PROC_INFO", pinfo, 1, PMIX_PROC_INFO);
    regattrs[0] = regattr();
    regattrs[0].description = NULL;
    emit("top.REGATTR.nodesc", regattrs, 1, PMIX_REGATTR);
    coords[0] = coord(PMIX_COORD_VIEW_UNDEF, NULL, 0);
    emit("top.COORD.nodims", coords, 1, PMIX_COORD);
    geos[0] = geometry();
    geos[0].uuid = NULL;
    geos[0].ncoords = 0;
    geos[0].coordinates = NULL;
    emit("top.GEOMETRY.bare", geos, 1, PMIX_GEOMETRY);
    dds[0] = devdist();
    emit("top.DEVICE_DIST", dds, 1, PMIX_DEVICE_DIST);
    eps[0] = endpoint();
    eps[0].endpt = bo(NULL, 0);
    eps[0].uuid = NULL;
    emit("top.ENDPOINT.empty", eps, 1, PMIX_ENDPOINT);
    pss[0] = proc_stats();
    pss[0].node = NULL;
    pss[0].cmd = NULL;
    emit("top.PROC_STATS.nulls", pss, 1, PMIX_PROC_STATS);
    dss[0] = disk_stats();
    dss[1] = disk_stats();
    dss[1].disk = NULL;
    emit("top.DISK_STATS", dss, 2, PMIX_DISK_STATS);
    nss[0] = net_stats();
    emit("top.NET_STATS", nss, 1, PMIX_NET_STATS);
    nds[0] = node_stats();
    nds[0].node = NULL;
    emit("top.NODE_STATS", nds, 1, PMIX_NODE_STATS);
    PMIX_DATA_BUFFER_CONSTRUCT(&dbufs[0]);
    dbufs[0].base_ptr = "\x02\x0e\x63\x00";
    dbufs[0].bytes_used = 4;
    emit("top.DATA_BUFFER", dbufs, 1, PMIX_DATA_BUFFER);
    PMIX_LOAD_NSPACE(nss2[0], "ns1");
    PMIX_LOAD_NSPACE(nss2[1], "");
    emit("top.PROC_NSPACE", nss2, 2, PMIX_PROC_NSPACE);
    cs[0] = cpuset();
    emit("top.PROC_CPUSET", cs, 1, PMIX_PROC_CPUSET);
    envs[0].envar = "X";
    envs[0].value = "";
    envs[0].separator = '\xe9';
    emit("top.ENVAR", envs, 1, PMIX_ENVAR);
    emit("top.REGEX", regexes, 2, PMIX_REGEX);
    darr[0].type = PMIX_UINT16;
    darr[0].size = 2;
    darr[0].array = u16;
    emit("top.DATA_ARRAY", darr, 1, PMIX_DATA_ARRAY);
    emit("top.FLOAT", (float[]){3.25f}, 1, PMIX_FLOAT);
    emit("top.PID", (pid_t[]){99}, 1, PMIX_PID);
    /* bfrop_base_pack.c:166-182: one type tag per call, however many pids follow (none too) */
    emit("top.PID.two", (pid_t[]){1, -1}, 2, PMIX_PID);
    emit("top.PID.none", (pid_t[]){0}, 0, PMIX_PID);
    emit("top.UINT8", (uint8_t[]){0, 255}, 2, PMIX_UINT8);
    emit("top.INT8", (int8_t[]){-128, 127}, 2, PMIX_INT8);
    emit("top.BYTE", (uint8_t[]){0x80}, 1, PMIX_BYTE);
    emit("top.UINT32", (uint32_t[]){0, 127, 128, UINT32_MAX}, 4, PMIX_UINT32);
    emit("top.SCOPE", (pmix_scope_t[]){PMIX_LOCAL, PMIX_REMOTE}, 2, PMIX_SCOPE);
    emit("top.DATA_RANGE", (pmix_data_range_t[]){PMIX_RANGE_SESSION}, 1, PMIX_DATA_RANGE);
    emit("top.INFO_DIRECTIVES", (pmix_info_directives_t[]){PMIX_INFO_REQD}, 1, PMIX_INFO_DIRECTIVES);
    emit("top.DATA_TYPE", (pmix_data_type_t[]){PMIX_UINT64, 300}, 2, PMIX_DATA_TYPE);
}

/* ---- unpack mode ---- */

static int unhex(const char *s, char **out, size_t *n)
{
    size_t len = strlen(s);
    if (len % 2) {
        return -1;
    }
    *n = len / 2;
    *out = malloc(*n + 1);
    for (size_t i = 0; i < *n; i++) {
        unsigned int b;
        if (1 != sscanf(s + 2 * i, "%2x", &b)) {
            return -1;
        }
        (*out)[i] = (char) b;
    }
    return 0;
}

static void escaped(const char *s)
{
    for (; NULL != s && *s; s++) {
        if ('\t' == *s) {
            printf("\\t");
        } else if ('\n' == *s) {
            printf("\\n");
        } else if ('\\' == *s) {
            printf("\\\\");
        } else {
            putchar(*s);
        }
    }
}

/* the size of one unpacked element, for stepping through the unpacked array when printing */
static size_t element_size(pmix_data_type_t type)
{
    switch (type) {
    case PMIX_VALUE: return sizeof(pmix_value_t);
    case PMIX_INFO: return sizeof(pmix_info_t);
    case PMIX_PROC: return sizeof(pmix_proc_t);
    case PMIX_STRING: return sizeof(char *);
    case PMIX_APP: return sizeof(pmix_app_t);
    case PMIX_PDATA: return sizeof(pmix_pdata_t);
    case PMIX_QUERY: return sizeof(pmix_query_t);
    case PMIX_DATA_ARRAY: return sizeof(pmix_data_array_t);
    case PMIX_PROC_CPUSET: return sizeof(pmix_cpuset_t);
    default: return 0; /* not printed */
    }
}

static void unpack_lines(void)
{
    char line[1 << 20];

    while (NULL != fgets(line, sizeof(line), stdin)) {
        char *name = strtok(line, "\t\n");
        char *type_s = strtok(NULL, "\t\n");
        char *n_s = strtok(NULL, "\t\n");
        char *repack_s = strtok(NULL, "\t\n");
        char *hex_s = strtok(NULL, "\t\n");
        char *bytes;
        size_t nbytes;
        pmix_data_buffer_t in, out;
        pmix_byte_object_t payload;
        pmix_data_type_t type;
        int32_t n, m;
        void *dest;
        pmix_status_t rc;
        size_t consumed;

        if (NULL == name || NULL == type_s || NULL == n_s || NULL == repack_s) {
            fprintf(stderr, "bad input line\n");
            exit(1);
        }
        if (NULL == hex_s) {
            hex_s = "";
        }
        type = (pmix_data_type_t) atoi(type_s);
        n = atoi(n_s);
        if (0 != unhex(hex_s, &bytes, &nbytes)) {
            fprintf(stderr, "%s: bad hex\n", name);
            exit(1);
        }
        PMIX_DATA_BUFFER_CONSTRUCT(&in);
        payload = bo(bytes, nbytes);
        PMIx_Data_load(&in, &payload);
        dest = calloc(n + 1, 4096);
        /* a count of 0 still needs room for one: PMIx_Data_unpack refuses a max of 0 */
        m = 0 < n ? n : 1;
        rc = PMIx_Data_unpack(NULL, &in, dest, &m, type);
        consumed = (size_t) (in.unpack_ptr - in.base_ptr);
        printf("%s\t%d\t%zu\t", name, rc, consumed);
        if (PMIX_SUCCESS == rc) {
            if (0 != atoi(repack_s)) {
                PMIX_DATA_BUFFER_CONSTRUCT(&out);
                rc = PMIx_Data_pack(NULL, &out, dest, m, type);
                if (PMIX_SUCCESS == rc) {
                    hex(out.base_ptr, out.bytes_used);
                } else {
                    printf("repack:%d", rc);
                }
            }
            printf("\t");
            if (PMIX_VALUE == type && PMIX_PROC_CPUSET == ((pmix_value_t *) dest)->type) {
                /* 4.2.2 prints no non-empty cpuset (pmix_hwloc_datatype.c:113 has the packer's
                 * asprintf bug): ask hwloc for the bitmap it read */
                pmix_cpuset_t *cs = ((pmix_value_t *) dest)->data.cpuset;
                char *text = NULL;
                if (NULL == cs->bitmap) {
                    printf("cpuset:NULL");
                } else if (0 <= hwloc_bitmap_list_asprintf(&text, (hwloc_const_bitmap_t) cs->bitmap)) {
                    printf("cpuset:%s", text);
                    free(text);
                }
            } else if (PMIX_VALUE == type && PMIX_REGEX == ((pmix_value_t *) dest)->type) {
                /* no printer for a regex value: the unpacker left the C string in the byte object */
                printf("regex:%s", ((pmix_value_t *) dest)->data.bo.bytes);
            } else if (0 < element_size(type)) {
                for (int32_t i = 0; i < m; i++) {
                    char *text = NULL;
                    if (PMIX_SUCCESS == PMIx_Data_print(&text, NULL, (char *) dest + i * element_size(type), type)) {
                        escaped(text);
                        printf(" | ");
                        free(text);
                    }
                }
            }
        } else {
            printf("\t");
        }
        printf("\n");
        fflush(stdout);
    }
}

int main(int argc, char **argv)
{
    pmix_proc_t me;
    pmix_info_t info;
    bool flag = true;
    pmix_status_t rc;
    pmix_data_buffer_t probe;
    uint8_t u8 = 7;

    if (2 != argc || (0 != strcmp(argv[1], "pack") && 0 != strcmp(argv[1], "unpack"))) {
        fprintf(stderr, "usage: %s pack|unpack\n", argv[0]);
        return 1;
    }
    setenv("PMIX_BFROP_BUFFER_TYPE", "PMIX_BFROP_BUFFER_NON_DESC", 1);
    PMIX_INFO_LOAD(&info, PMIX_TOOL_DO_NOT_CONNECT, &flag, PMIX_BOOL);
    rc = PMIx_tool_init(&me, &info, 1);
    if (PMIX_SUCCESS != rc) {
        fprintf(stderr, "PMIx_tool_init: %s\n", PMIx_Error_string(rc));
        return 1;
    }

    /* non-described v41 packs one UINT8 as 02 07: the count 1 as a flex128 zig-zag INT32 and the
     * byte; v3 and older would write a 4-byte count, a described buffer type tags first */
    PMIX_DATA_BUFFER_CONSTRUCT(&probe);
    rc = PMIx_Data_pack(NULL, &probe, &u8, 1, PMIX_UINT8);
    if (PMIX_SUCCESS != rc || 2 != probe.bytes_used || 0x02 != probe.base_ptr[0] || 0x07 != probe.base_ptr[1]) {
        fprintf(stderr, "PMIx_Data_pack does not write non-described v41 buffers (rc %d, %zu bytes)\n", rc,
                probe.bytes_used);
        return 2;
    }
    PMIX_DATA_BUFFER_DESTRUCT(&probe);

    if (0 == strcmp(argv[1], "pack")) {
        pack_values();
        pack_arrays();
        pack_top_level();
    } else {
        unpack_lines();
    }
    fflush(stdout);
    PMIx_tool_finalize();
    return 0;
}
