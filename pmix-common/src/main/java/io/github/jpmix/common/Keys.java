package io.github.jpmix.common;

import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The reserved keys: every attribute of OpenPMIx 4.2.2's {@code pmix_common.h} and {@code pmix_deprecated.h}
 * and every key of the Standard's "Reserved Keys" chapter ({@code spec/reserved-keys.tex}), each a typed
 * {@link Key} named after its C macro without {@code PMIX_} ({@code PMIX_RANK} is {@link #RANK}), grouped as the
 * header groups them.
 *
 * <p><b>Reserved.</b> A key is reserved when its string starts with {@code "pmix"} ({@link #isReserved(String)}),
 * listed here or not: reserved-keys.tex lets hosts define non-standard reserved keys, and all of them follow the
 * same retrieval rules. Clients and tools never post one (ARCHITECTURE.md, Conventions).
 *
 * <p><b>Types.</b> A key's {@link DataType} is the one its header comment names, each C type mapped to the PMIx
 * type that carries it ({@code char*} STRING, {@code bool} BOOL, {@code uint32_t} UINT32, {@code pmix_rank_t}
 * PROC_RANK, {@code pmix_proc_t*} PROC, {@code pmix_data_array_t*} DATA_ARRAY, {@code size_t} SIZE, {@code pid_t}
 * PID, {@code pmix_status_t} STATUS, {@code pmix_storage_medium_t} STOR_MEDIUM, ...), its Java type the one
 * {@link Value#javaType(int)} gives. Decisions where the header does not settle it:
 * <ul>
 *   <li>reserved-keys.tex is authoritative for the 64 keys it declares. It disagrees with the header once:
 *       {@link #LOCAL_CPUSETS} is a {@code pmix_data_array_t} of strings in the tex, a colon-delimited
 *       {@code char*} in the header; it is a DATA_ARRAY here.</li>
 *   <li>{@link #PROC_INFO} ({@code "pmix.proc.info"}) is only in the tex: OpenPMIx 4.2.2 uses the macro name
 *       {@code PMIX_PROC_INFO} for data type 38 and does not define the attribute.</li>
 *   <li>A key the header types {@code (varies)} is a {@code Key<Value>} of type {@link DataType#VALUE}, whose
 *       value travels with its own type ({@link Key#value}): {@link #DEBUG_STOP_ON_EXEC},
 *       {@link #DEBUG_STOP_IN_INIT}, {@link #DEBUG_STOP_IN_APP} (a bool, a rank, or an array of procs) and
 *       {@link #MAX_VALUE}, {@link #MIN_VALUE} (of the type of the attribute they describe).</li>
 *   <li>{@link #ATTR_UNDEF}, which has no type comment, is the placeholder of no type and no value
 *       ({@link DataType#UNDEF}).</li>
 * </ul>
 *
 * <p><b>Left out.</b> Attributes whose value is an address in one process, which no {@link Value} carries across
 * processes: {@code PMIX_EVENT_RETURN_OBJECT} ({@code void*}), {@code PMIX_FABRIC_COST_MATRIX} (pointer), and the
 * deprecated {@code PMIX_EVENT_BASE} ({@code struct event_base*}) and {@code PMIX_TOPOLOGY}
 * ({@code hwloc_topology_t}). And the defines that name environment variables, not attributes (their strings do
 * not start with {@code "pmix"}): {@code PMIX_LAUNCHER_RNDZ_URI}, {@code PMIX_LAUNCHER_RNDZ_FILE},
 * {@code PMIX_KEEPALIVE_PIPE}.
 *
 * <p><b>Aliases.</b> As in OpenPMIx, a few strings have two names. Equal keys: the deprecated
 * {@code ALLOC_NETWORK*} keys are the {@code ALLOC_FABRIC*} ones, {@link #PROC_DATA} is {@link #PROC_INFO_ARRAY},
 * and {@link #JOB_CTRL_CHECKPOINT_TIMEOUT} has the string of {@link #JOB_CTRL_CHECKPOINT_SIGNAL}
 * ({@code "pmix.jctrl.ckptsig"}, both INT). Two strings carry two types: {@code "pmix.qry.quals"} is
 * {@link #QUERY_QUALIFIERS} (DATA_ARRAY, in query results) and {@link #QUERY_SUPPORTED_QUALIFIERS} (BOOL, a query
 * qualifier); {@code "pmix.fab.coord"} is {@link #FABRIC_COORDINATES} (DATA_ARRAY, of a node) and
 * {@link #FABRIC_DEVICE_COORDINATES} (GEOMETRY, of a device). {@link #byName(String)} answers the key declared
 * first (never a deprecated one when another exists); a reader of a two-typed string tells them apart by the
 * value's type.
 *
 * <p><b>Realms.</b> {@link #realmsOf(String)} and {@link #defaultRealm(String)} say where reserved-keys.tex puts the
 * 59 keys it assigns to a data realm (its subsections "Session realm attributes" to "Node realm keys").
 *
 * <p><b>Registry.</b> Each constant registers itself as the class initializes, in textual order: no reflection,
 * and the compiler checks each field's Java type against the class passed with it; {@link Key}'s constructor
 * checks that class against the DataType. Everything here is immutable and thread-safe once the class is
 * initialized.
 */
public final class Keys {
    /** The prefix of every reserved key (reserved-keys.tex: keys "whose string representation begin with" it). */
    public static final String RESERVED_PREFIX = "pmix";

    // Declared before the keys: each key registers itself here while the class initializes.
    /** Each string's key: the first one declared with it. */
    private static final Map<String, Key<?>> BY_NAME = new HashMap<>(1024);
    /** Every distinct key (equal aliases once), in declaration order. */
    private static final Set<Key<?>> DISTINCT = new LinkedHashSet<>(1024);
    private static final Collection<Key<?>> ALL = Collections.unmodifiableCollection(DISTINCT);

    // ---- Placeholder ----

    /** The undefined attribute: a placeholder of no type and no value. */
    public static final Key<Void> ATTR_UNDEF = key("pmix.undef", DataType.UNDEF, Void.class);

    // ---- Initialization of servers, clients and tools ----

    /** The host shall progress the PMIx library via calls to {@code PMIx_Progress}. */
    public static final Key<Boolean> EXTERNAL_PROGRESS = key("pmix.evext", DataType.BOOL, Boolean.class);
    /** The host RM wants to declare itself as willing to accept tool connection requests. */
    public static final Key<Boolean> SERVER_TOOL_SUPPORT = key("pmix.srvr.tool", DataType.BOOL, Boolean.class);
    /** Allow connections from remote tools (do not use loopback device). */
    public static final Key<Boolean> SERVER_REMOTE_CONNECTIONS = key("pmix.srvr.remote", DataType.BOOL, Boolean.class);
    /** The host RM wants to declare itself as being the local system server for PMIx connection requests. */
    public static final Key<Boolean> SERVER_SYSTEM_SUPPORT = key("pmix.srvr.sys", DataType.BOOL, Boolean.class);
    /** The host RM wants to declare itself as being the local session server for PMIx connection requests. */
    public static final Key<Boolean> SERVER_SESSION_SUPPORT = key("pmix.srvr.sess", DataType.BOOL, Boolean.class);
    /** Temp directory where PMIx server will place client rendezvous points and contact info. */
    public static final Key<String> SERVER_TMPDIR = key("pmix.srvr.tmpdir", DataType.STRING, String.class);
    /** Temp directory for this system, where PMIx server will place tool rendezvous points and contact info. */
    public static final Key<String> SYSTEM_TMPDIR = key("pmix.sys.tmpdir", DataType.STRING, String.class);
    /** Server is to share its copy of the local node topology. */
    public static final Key<Boolean> SERVER_SHARE_TOPOLOGY = key("pmix.srvr.share", DataType.BOOL, Boolean.class);
    /** Enable PMIx internal monitoring by server. */
    public static final Key<Boolean> SERVER_ENABLE_MONITORING = key("pmix.srv.monitor", DataType.BOOL, Boolean.class);
    /** Name of the nspace to use for this server. */
    public static final Key<String> SERVER_NSPACE = key("pmix.srv.nspace", DataType.STRING, String.class);
    /** Rank of this server. */
    public static final Key<Integer> SERVER_RANK = key("pmix.srv.rank", DataType.PROC_RANK, Integer.class);
    /** Server is acting as a gateway for PMIx requests that cannot be serviced on backend nodes. */
    public static final Key<Boolean> SERVER_GATEWAY = key("pmix.srv.gway", DataType.BOOL, Boolean.class);
    /** Server supports system scheduler. */
    public static final Key<Boolean> SERVER_SCHEDULER = key("pmix.srv.sched", DataType.BOOL, Boolean.class);
    /** Time when the server started. */
    public static final Key<String> SERVER_START_TIME = key("pmix.srv.strtime", DataType.STRING, String.class);
    /** The nodes comprising the session are homogeneous. */
    public static final Key<Boolean> HOMOGENEOUS_SYSTEM = key("pmix.homo", DataType.BOOL, Boolean.class);
    /** String representation (nspace.rank) of proc ID for the singleton the server was started to support. */
    public static final Key<String> SINGLETON = key("pmix.singleton", DataType.STRING, String.class);
    /** Comma-delimited ranges of CPUs that the internal PMIx progress thread shall be bound to. */
    public static final Key<String> BIND_PROGRESS_THREAD = key("pmix.bind.pt", DataType.STRING, String.class);
    /** Return error if the internal PMIx progress thread cannot be bound. */
    public static final Key<Boolean> BIND_REQUIRED = key("pmix.bind.reqd", DataType.BOOL, Boolean.class);

    // ---- Tool connections (RFC0010) ----

    /** Name of the nspace to use for this tool. */
    public static final Key<String> TOOL_NSPACE = key("pmix.tool.nspace", DataType.STRING, String.class);
    /** Rank of this tool. */
    public static final Key<Integer> TOOL_RANK = key("pmix.tool.rank", DataType.UINT32, Integer.class);
    /** Pid of the target server for a tool. */
    public static final Key<Integer> SERVER_PIDINFO = key("pmix.srvr.pidinfo", DataType.PID, Integer.class);
    /** The requestor requires that a connection be made only to a local system-level PMIx server. */
    public static final Key<Boolean> CONNECT_TO_SYSTEM = key("pmix.cnct.sys", DataType.BOOL, Boolean.class);
    /** Preferentially look for a system-level PMIx server first. */
    public static final Key<Boolean> CONNECT_SYSTEM_FIRST = key("pmix.cnct.sys.first", DataType.BOOL, Boolean.class);
    /** URI of server to be contacted. */
    public static final Key<String> SERVER_URI = key("pmix.srvr.uri", DataType.STRING, String.class);
    /** URI of this proc's listener socket. */
    public static final Key<String> MYSERVER_URI = key("pmix.mysrvr.uri", DataType.STRING, String.class);
    /** Node where target server is located. */
    public static final Key<String> SERVER_HOSTNAME = key("pmix.srvr.host", DataType.STRING, String.class);
    /** Maximum number of times to try to connect to server. */
    public static final Key<Integer> CONNECT_MAX_RETRIES = key("pmix.tool.mretries", DataType.UINT32, Integer.class);
    /** Time in seconds between connection attempts. */
    public static final Key<Integer> CONNECT_RETRY_DELAY = key("pmix.tool.retry", DataType.UINT32, Integer.class);
    /** The tool wants to use internal PMIx support, but not to connect to a PMIx server. */
    public static final Key<Boolean> TOOL_DO_NOT_CONNECT = key("pmix.tool.nocon", DataType.BOOL, Boolean.class);
    /** Tool shall connect to a server if available, but otherwise continue to operate unconnected. */
    public static final Key<Boolean> TOOL_CONNECT_OPTIONAL = key("pmix.tool.conopt", DataType.BOOL, Boolean.class);
    /** Tool is a launcher and needs rendezvous files created. */
    public static final Key<Boolean> LAUNCHER = key("pmix.tool.launcher", DataType.BOOL, Boolean.class);
    /** Pathname of file where connection info is to be stored. */
    public static final Key<String> LAUNCHER_RENDEZVOUS_FILE = key("pmix.tool.lncrnd", DataType.STRING, String.class);
    /** File containing connection info to be used for attaching to server. */
    public static final Key<String> TOOL_ATTACHMENT_FILE = key("pmix.tool.attach", DataType.STRING, String.class);
    /**
     * The server to which the tool is connecting shall be designated the primary server once connection has been
     * accomplished.
     */
    public static final Key<Boolean> PRIMARY_SERVER = key("pmix.pri.srvr", DataType.BOOL, Boolean.class);
    /** Processes started on behalf of the calling tool continue after the tool disconnects from its server. */
    public static final Key<Boolean> NOHUP = key("pmix.nohup", DataType.BOOL, Boolean.class);
    /** Path to executable that is to be used as the backend daemon for the launcher. */
    public static final Key<String> LAUNCHER_DAEMON = key("pmix.lnch.dmn", DataType.STRING, String.class);
    /**
     * Path to executable that the launcher's backend daemons are to fork/exec in place of the actual application
     * processes.
     */
    public static final Key<String> EXEC_AGENT = key("pmix.exec.agnt", DataType.STRING, String.class);
    /** Array of pmix_info_t containing directives for the launcher. */
    public static final Key<DataArray> LAUNCH_DIRECTIVES = key("pmix.lnch.dirs", DataType.DATA_ARRAY, DataArray.class);

    // ---- Identification ----

    /** Effective user id. */
    public static final Key<Integer> USERID = key("pmix.euid", DataType.UINT32, Integer.class);
    /** Effective group id. */
    public static final Key<Integer> GRPID = key("pmix.egid", DataType.UINT32, Integer.class);
    /** PMIx version of contactor. */
    public static final Key<String> VERSION_INFO = key("pmix.version", DataType.STRING, String.class);
    /** Requesting process is a tool. */
    public static final Key<Boolean> REQUESTOR_IS_TOOL = key("pmix.req.tool", DataType.BOOL, Boolean.class);
    /** Requesting process is a client process. */
    public static final Key<Boolean> REQUESTOR_IS_CLIENT = key("pmix.req.client", DataType.BOOL, Boolean.class);
    /** The name of the newly defined process set. */
    public static final Key<String> PSET_NAME = key("pmix.pset.nm", DataType.STRING, String.class);
    /** Returns an array of string names of the process sets in which the given process is a member. */
    public static final Key<DataArray> PSET_NAMES = key("pmix.pset.nms", DataType.DATA_ARRAY, DataArray.class);
    /** An array of pmix_proc_t containing the members of the newly defined process set. */
    public static final Key<DataArray> PSET_MEMBERS = key("pmix.pset.mems", DataType.DATA_ARRAY, DataArray.class);
    /** Number of times this process has been instantiated. */
    public static final Key<Integer> REINCARNATION = key("pmix.reinc", DataType.UINT32, Integer.class);

    // ---- Programming models ----

    /** Programming model being initialized (e.g., "MPI" or "OpenMP"). */
    public static final Key<String> PROGRAMMING_MODEL = key("pmix.pgm.model", DataType.STRING, String.class);
    /** Programming model implementation ID (e.g., "OpenMPI" or "MPICH"). */
    public static final Key<String> MODEL_LIBRARY_NAME = key("pmix.mdl.name", DataType.STRING, String.class);
    /** Programming model version string (e.g., "2.1.1"). */
    public static final Key<String> MODEL_LIBRARY_VERSION = key("pmix.mld.vrs", DataType.STRING, String.class);
    /** Threading model used (e.g., "pthreads"). */
    public static final Key<String> THREADING_MODEL = key("pmix.threads", DataType.STRING, String.class);
    /** Number of active threads being used by the model. */
    public static final Key<Long> MODEL_NUM_THREADS = key("pmix.mdl.nthrds", DataType.UINT64, Long.class);
    /** Number of cpus being used by the model. */
    public static final Key<Long> MODEL_NUM_CPUS = key("pmix.mdl.ncpu", DataType.UINT64, Long.class);
    /** Granularity - "hwthread", "core", etc. */
    public static final Key<String> MODEL_CPU_TYPE = key("pmix.mdl.cputype", DataType.STRING, String.class);
    /** User-assigned name for a phase in the application execution - e.g., "cfd reduction". */
    public static final Key<String> MODEL_PHASE_NAME = key("pmix.mdl.phase", DataType.STRING, String.class);
    /** Type of phase being executed - e.g., "matrix multiply". */
    public static final Key<String> MODEL_PHASE_TYPE = key("pmix.mdl.ptype", DataType.STRING, String.class);
    /** Thread affinity policy (e.g., "master", "close", "spread"). */
    public static final Key<String> MODEL_AFFINITY_POLICY = key("pmix.mdl.tap", DataType.STRING, String.class);

    // ---- TCP connections ----

    /** Output URI - '-' =&gt; stdout, '+' =&gt; stderr, or filename. */
    public static final Key<String> TCP_REPORT_URI = key("pmix.tcp.repuri", DataType.STRING, String.class);
    /** URI of server to connect to, or file:&lt;name of file containing it&gt;. */
    public static final Key<String> TCP_URI = key("pmix.tcp.uri", DataType.STRING, String.class);
    /** Comma-delimited list of devices and/or CIDR notation. */
    public static final Key<String> TCP_IF_INCLUDE = key("pmix.tcp.ifinclude", DataType.STRING, String.class);
    /** Comma-delimited list of devices and/or CIDR notation. */
    public static final Key<String> TCP_IF_EXCLUDE = key("pmix.tcp.ifexclude", DataType.STRING, String.class);
    /** IPv4 port to be used. */
    public static final Key<Integer> TCP_IPV4_PORT = key("pmix.tcp.ipv4", DataType.INT, Integer.class);
    /** IPv6 port to be used. */
    public static final Key<Integer> TCP_IPV6_PORT = key("pmix.tcp.ipv6", DataType.INT, Integer.class);
    /** True to disable IPv4 family. */
    public static final Key<Boolean> TCP_DISABLE_IPV4 = key("pmix.tcp.disipv4", DataType.BOOL, Boolean.class);
    /** True to disable IPv6 family. */
    public static final Key<Boolean> TCP_DISABLE_IPV6 = key("pmix.tcp.disipv6", DataType.BOOL, Boolean.class);

    // ---- General process-level ----

    /** String representation of bitmap applied to process upon launch. */
    public static final Key<String> CPUSET = key("pmix.cpuset", DataType.STRING, String.class);
    /** Bitmap applied to process at launch. */
    public static final Key<CpuSet> CPUSET_BITMAP = key("pmix.bitmap", DataType.PROC_CPUSET, CpuSet.class);
    /** Security credential assigned to proc. */
    public static final Key<String> CREDENTIAL = key("pmix.cred", DataType.STRING, String.class);
    /** True if this proc resulted from a call to {@code PMIx_Spawn}. */
    public static final Key<Boolean> SPAWNED = key("pmix.spawned", DataType.BOOL, Boolean.class);
    /** True if number of procs from this job on this node exceeds the number of slots allocated to it. */
    public static final Key<Boolean> NODE_OVERSUBSCRIBED = key("pmix.ndosub", DataType.BOOL, Boolean.class);

    // ---- Scratch directories ----

    /** Top-level tmp dir assigned to session. */
    public static final Key<String> TMPDIR = key("pmix.tmpdir", DataType.STRING, String.class);
    /** Sub-tmpdir assigned to namespace. */
    public static final Key<String> NSDIR = key("pmix.nsdir", DataType.STRING, String.class);
    /** Sub-nsdir assigned to proc. */
    public static final Key<String> PROCDIR = key("pmix.pdir", DataType.STRING, String.class);
    /** Resource Manager will clean session directories. */
    public static final Key<Boolean> TDIR_RMCLEAN = key("pmix.tdir.rmclean", DataType.BOOL, Boolean.class);

    // ---- Identity and relative ranks, as assigned by the resource manager ----

    /** A string name for the cluster this proc is executing on. */
    public static final Key<String> CLUSTER_ID = key("pmix.clid", DataType.STRING, String.class);
    /** Process identifier. */
    public static final Key<Proc> PROCID = key("pmix.procid", DataType.PROC, Proc.class);
    /** Nspace of a job. */
    public static final Key<String> NSPACE = key("pmix.nspace", DataType.STRING, String.class);
    /** Jobid assigned by scheduler. */
    public static final Key<String> JOBID = key("pmix.jobid", DataType.STRING, String.class);
    /** App number within the job. */
    public static final Key<Integer> APPNUM = key("pmix.appnum", DataType.UINT32, Integer.class);
    /** Process rank within the job. */
    public static final Key<Integer> RANK = key("pmix.rank", DataType.PROC_RANK, Integer.class);
    /** Rank spanning across all jobs in this session. */
    public static final Key<Integer> GLOBAL_RANK = key("pmix.grank", DataType.PROC_RANK, Integer.class);
    /** Rank within this app. */
    public static final Key<Integer> APP_RANK = key("pmix.apprank", DataType.PROC_RANK, Integer.class);
    /** Starting global rank of this job. */
    public static final Key<Integer> NPROC_OFFSET = key("pmix.offset", DataType.PROC_RANK, Integer.class);
    /** Rank on this node within this job. */
    public static final Key<Integer> LOCAL_RANK = key("pmix.lrank", DataType.UINT16, Integer.class);
    /** Rank on this node spanning all jobs. */
    public static final Key<Integer> NODE_RANK = key("pmix.nrank", DataType.UINT16, Integer.class);
    /** Rank within this job on the package where this proc resides. */
    public static final Key<Integer> PACKAGE_RANK = key("pmix.pkgrank", DataType.UINT16, Integer.class);
    /** Lowest rank on this node within this job. */
    public static final Key<Integer> LOCALLDR = key("pmix.lldr", DataType.PROC_RANK, Integer.class);
    /** Lowest rank in this app within this job. */
    public static final Key<Integer> APPLDR = key("pmix.aldr", DataType.PROC_RANK, Integer.class);
    /** Pid of specified proc. */
    public static final Key<Integer> PROC_PID = key("pmix.ppid", DataType.PID, Integer.class);
    /** Session identifier. */
    public static final Key<Integer> SESSION_ID = key("pmix.session.id", DataType.UINT32, Integer.class);
    /** Comma-delimited list of nodes running procs for the specified nspace. */
    public static final Key<String> NODE_LIST = key("pmix.nlist", DataType.STRING, String.class);
    /** Comma-delimited list of all nodes in this allocation regardless of whether or not they currently host procs. */
    public static final Key<String> ALLOCATED_NODELIST = key("pmix.alist", DataType.STRING, String.class);
    /** Name of the host the specified proc is on. */
    public static final Key<String> HOSTNAME = key("pmix.hname", DataType.STRING, String.class);
    /** Comma-delimited list of names by which this node is known. */
    public static final Key<String> HOSTNAME_ALIASES = key("pmix.alias", DataType.STRING, String.class);
    /** FQDN hostnames are being retained. */
    public static final Key<Boolean> HOSTNAME_KEEP_FQDN = key("pmix.fqdn", DataType.BOOL, Boolean.class);
    /** Node identifier where the specified proc is located. */
    public static final Key<Integer> NODEID = key("pmix.nodeid", DataType.UINT32, Integer.class);
    /** Comma-delimited string of ranks on this node within the specified nspace. */
    public static final Key<String> LOCAL_PEERS = key("pmix.lpeers", DataType.STRING, String.class);
    /** Array of pmix_proc_t of procs on the specified node. */
    public static final Key<DataArray> LOCAL_PROCS = key("pmix.lprocs", DataType.DATA_ARRAY, DataArray.class);
    /**
     * PU binding bitmaps of the local peers, as strings (e.g. {@code "hwloc:0x3"}) in {@link #LOCAL_PEERS} order.
     * DATA_ARRAY as reserved-keys.tex declares it; the header says a colon-delimited {@code char*}.
     */
    public static final Key<DataArray> LOCAL_CPUSETS = key("pmix.lcpus", DataType.DATA_ARRAY, DataArray.class);
    /** Identifier of the process that called {@code PMIx_Spawn} to launch this proc's application. */
    public static final Key<Proc> PARENT_ID = key("pmix.parent", DataType.PROC, Proc.class);
    /** Exit code returned when proc terminated. */
    public static final Key<Integer> EXIT_CODE = key("pmix.exit.code", DataType.INT, Integer.class);

    // ---- Sizes ----

    /** #slots in this session. */
    public static final Key<Integer> UNIV_SIZE = key("pmix.univ.size", DataType.UINT32, Integer.class);
    /** #procs in this job. */
    public static final Key<Integer> JOB_SIZE = key("pmix.job.size", DataType.UINT32, Integer.class);
    /** #apps in this job. */
    public static final Key<Integer> JOB_NUM_APPS = key("pmix.job.napps", DataType.UINT32, Integer.class);
    /** #procs in this application. */
    public static final Key<Integer> APP_SIZE = key("pmix.app.size", DataType.UINT32, Integer.class);
    /** #procs in this job on this node. */
    public static final Key<Integer> LOCAL_SIZE = key("pmix.local.size", DataType.UINT32, Integer.class);
    /** #procs across all jobs on this node. */
    public static final Key<Integer> NODE_SIZE = key("pmix.node.size", DataType.UINT32, Integer.class);
    /** Max #procs for this job. */
    public static final Key<Integer> MAX_PROCS = key("pmix.max.size", DataType.UINT32, Integer.class);
    /** #slots allocated. */
    public static final Key<Integer> NUM_SLOTS = key("pmix.num.slots", DataType.UINT32, Integer.class);
    /** #nodes currently hosting processes in the specified realm. */
    public static final Key<Integer> NUM_NODES = key("pmix.num.nodes", DataType.UINT32, Integer.class);
    /** #nodes in the specified realm regardless of whether or not they currently host processes. */
    public static final Key<Integer> NUM_ALLOCATED_NODES = key("pmix.num.anodes", DataType.UINT32, Integer.class);

    // ---- Memory ----

    /** Total available physical memory on this node. */
    public static final Key<Long> AVAIL_PHYS_MEMORY = key("pmix.pmem", DataType.UINT64, Long.class);
    /** Mbytes of memory currently used by daemon. */
    public static final Key<Float> DAEMON_MEMORY = key("pmix.dmn.mem", DataType.FLOAT, Float.class);
    /** Average Mbytes of memory used by client processes. */
    public static final Key<Float> CLIENT_AVG_MEMORY = key("pmix.cl.mem.avg", DataType.FLOAT, Float.class);

    // ---- Topology ----

    /** The topology of the local node. */
    public static final Key<Topology> TOPOLOGY2 = key("pmix.topo2", DataType.TOPO, Topology.class);
    /** String describing a proc's location. */
    public static final Key<String> LOCALITY_STRING = key("pmix.locstr", DataType.STRING, String.class);

    // ---- Request directives and qualifiers ----

    /** Collect data and return it at the end of the operation. */
    public static final Key<Boolean> COLLECT_DATA = key("pmix.collect", DataType.BOOL, Boolean.class);
    /** All clones of the calling process must participate in the collective operation. */
    public static final Key<Boolean> ALL_CLONES_PARTICIPATE = key("pmix.clone.part", DataType.BOOL, Boolean.class);
    /** Collect all job-level information (i.e., reserved keys) that was locally generated by PMIx servers. */
    public static final Key<Boolean> COLLECT_GENERATED_JOB_INFO = key("pmix.collect.gen", DataType.BOOL, Boolean.class);
    /** Time in sec before specified operation should time out (0 =&gt; infinite). */
    public static final Key<Integer> TIMEOUT = key("pmix.timeout", DataType.INT, Integer.class);
    /**
     * Specified operation should immediately return an error from the PMIx server if requested data cannot be found -
     * do not request it from the host RM.
     */
    public static final Key<Boolean> IMMEDIATE = key("pmix.immediate", DataType.BOOL, Boolean.class);
    /** Caller requests that the server wait until at least the specified #values are found. */
    public static final Key<Integer> WAIT = key("pmix.wait", DataType.INT, Integer.class);
    /** Notify parent process upon termination of child job. */
    public static final Key<Boolean> NOTIFY_COMPLETION = key("pmix.notecomp", DataType.BOOL, Boolean.class);
    /** Value for calls to publish/lookup/unpublish or for monitoring event notifications. */
    public static final Key<Integer> RANGE = key("pmix.range", DataType.DATA_RANGE, Integer.class);
    /** Value for calls to publish. */
    public static final Key<Integer> PERSISTENCE = key("pmix.persist", DataType.PERSIST, Integer.class);
    /** Scope of the data to be found in a {@code PMIx_Get} call. */
    public static final Key<Integer> DATA_SCOPE = key("pmix.scope", DataType.SCOPE, Integer.class);
    /** Look only in the client's local data store for the requested value. */
    public static final Key<Boolean> OPTIONAL = key("pmix.optional", DataType.BOOL, Boolean.class);
    /** Request that the data be returned in the provided storage location. */
    public static final Key<Boolean> GET_STATIC_VALUES = key("pmix.get.static", DataType.BOOL, Boolean.class);
    /** Request that any pointers in the returned value point directly to values in the key-value store. */
    public static final Key<Boolean> GET_POINTER_VALUES = key("pmix.get.pntrs", DataType.BOOL, Boolean.class);
    /** Execute a blocking fence operation before executing the specified operation. */
    public static final Key<Boolean> EMBED_BARRIER = key("pmix.embed.barrier", DataType.BOOL, Boolean.class);
    /** Status returned upon job termination. */
    public static final Key<Integer> JOB_TERM_STATUS = key("pmix.job.term.status", DataType.STATUS, Integer.class);
    /** Status returned upon process termination. */
    public static final Key<Integer> PROC_TERM_STATUS = key("pmix.proc.term.status", DataType.STATUS, Integer.class);
    /** Process state. */
    public static final Key<Integer> PROC_STATE_STATUS = key("pmix.proc.state", DataType.PROC_STATE, Integer.class);
    /** When retrieving data of a remote process, refresh the local cache in case it has committed new values. */
    public static final Key<Boolean> GET_REFRESH_CACHE = key("pmix.get.refresh", DataType.BOOL, Boolean.class);
    /** Define access permissions for the published data. */
    public static final Key<DataArray> ACCESS_PERMISSIONS = key("pmix.aperms", DataType.DATA_ARRAY, DataArray.class);
    /** Array of effective UIDs that are allowed to access the published data. */
    public static final Key<DataArray> ACCESS_USERIDS = key("pmix.auids", DataType.DATA_ARRAY, DataArray.class);
    /** Array of effective GIDs that are allowed to access the published data. */
    public static final Key<DataArray> ACCESS_GRPIDS = key("pmix.agids", DataType.DATA_ARRAY, DataArray.class);
    /** Wait until the specified connection has been made. */
    public static final Key<Boolean> WAIT_FOR_CONNECTION = key("pmix.wait.conn", DataType.BOOL, Boolean.class);
    /** The value is the primary key-value pair followed by the qualifiers to retrieve it with. */
    public static final Key<DataArray> QUALIFIED_VALUE = key("pmix.qual.val", DataType.DATA_ARRAY, DataArray.class);

    // ---- Job data the host passes to the server library (maps) ----

    /** Registration is for nspace only, do not copy job data. */
    public static final Key<Boolean> REGISTER_NODATA = key("pmix.reg.nodata", DataType.BOOL, Boolean.class);
    /** Regex of nodes containing procs for this job. */
    public static final Key<String> NODE_MAP = key("pmix.nmap", DataType.STRING, String.class);
    /** Comma-delimited list of nodes containing procs for this job. */
    public static final Key<String> NODE_MAP_RAW = key("pmix.nmap.raw", DataType.STRING, String.class);
    /** Regex describing procs on each node within this job. */
    public static final Key<String> PROC_MAP = key("pmix.pmap", DataType.STRING, String.class);
    /** Semicolon-delimited list of the comma-delimited ranks on each node. */
    public static final Key<String> PROC_MAP_RAW = key("pmix.pmap.raw", DataType.STRING, String.class);
    /** Process mapping in ANL notation (used in PMI-1/PMI-2). */
    public static final Key<String> ANL_MAP = key("pmix.anlmap", DataType.STRING, String.class);
    /** Type of mapping used to layout the application (e.g., cyclic). */
    public static final Key<String> APP_MAP_TYPE = key("pmix.apmap.type", DataType.STRING, String.class);
    /** Regex describing the result of the mapping. */
    public static final Key<String> APP_MAP_REGEX = key("pmix.apmap.regex", DataType.STRING, String.class);
    /** Key the user needs prior to responding from a dmodex request. */
    public static final Key<String> REQUIRED_KEY = key("pmix.req.key", DataType.STRING, String.class);
    /** Status code for local collective operation being reported to host by server library. */
    public static final Key<Integer> LOCAL_COLLECTIVE_STATUS = key("pmix.loc.col.st", DataType.STATUS, Integer.class);
    /** Proc array being passed has been sorted. */
    public static final Key<Boolean> SORTED_PROC_ARRAY = key("pmix.sorted.parr", DataType.BOOL, Boolean.class);

    // ---- Event handler registration and notification ----

    /** String name identifying this handler. */
    public static final Key<String> EVENT_HDLR_NAME = key("pmix.evname", DataType.STRING, String.class);
    /** Invoke this event handler before any other handlers. */
    public static final Key<Boolean> EVENT_HDLR_FIRST = key("pmix.evfirst", DataType.BOOL, Boolean.class);
    /** Invoke this event handler after all other handlers have been called. */
    public static final Key<Boolean> EVENT_HDLR_LAST = key("pmix.evlast", DataType.BOOL, Boolean.class);
    /** Invoke this event handler before any other handlers in this category. */
    public static final Key<Boolean> EVENT_HDLR_FIRST_IN_CATEGORY =
            key("pmix.evfirstcat", DataType.BOOL, Boolean.class);
    /** Invoke this event handler after all other handlers in this category have been called. */
    public static final Key<Boolean> EVENT_HDLR_LAST_IN_CATEGORY = key("pmix.evlastcat", DataType.BOOL, Boolean.class);
    /** Put this event handler immediately before the one specified in the (char*) value. */
    public static final Key<String> EVENT_HDLR_BEFORE = key("pmix.evbefore", DataType.STRING, String.class);
    /** Put this event handler immediately after the one specified in the (char*) value. */
    public static final Key<String> EVENT_HDLR_AFTER = key("pmix.evafter", DataType.STRING, String.class);
    /** Prepend this handler to the precedence list within its category. */
    public static final Key<Boolean> EVENT_HDLR_PREPEND = key("pmix.evprepend", DataType.BOOL, Boolean.class);
    /** Append this handler to the precedence list within its category. */
    public static final Key<Boolean> EVENT_HDLR_APPEND = key("pmix.evappend", DataType.BOOL, Boolean.class);
    /** Array of pmix_proc_t defining range of event notification. */
    public static final Key<DataArray> EVENT_CUSTOM_RANGE = key("pmix.evrange", DataType.DATA_ARRAY, DataArray.class);
    /** Single proc that was affected. */
    public static final Key<Proc> EVENT_AFFECTED_PROC = key("pmix.evproc", DataType.PROC, Proc.class);
    /** Array of pmix_proc_t defining affected procs. */
    public static final Key<DataArray> EVENT_AFFECTED_PROCS =
            key("pmix.evaffected", DataType.DATA_ARRAY, DataArray.class);
    /** Event is not to be delivered to default event handlers. */
    public static final Key<Boolean> EVENT_NON_DEFAULT = key("pmix.evnondef", DataType.BOOL, Boolean.class);
    /** Instruct the PMIx server not to cache the event. */
    public static final Key<Boolean> EVENT_DO_NOT_CACHE = key("pmix.evnocache", DataType.BOOL, Boolean.class);
    /** Do not generate an event when this job normally terminates. */
    public static final Key<Boolean> EVENT_SILENT_TERMINATION = key("pmix.evsilentterm", DataType.BOOL, Boolean.class);
    /** PMIx server that sourced the event. */
    public static final Key<Proc> EVENT_PROXY = key("pmix.evproxy", DataType.PROC, Proc.class);
    /** Text message suitable for output by recipient - e.g., describing the cause of the event. */
    public static final Key<String> EVENT_TEXT_MESSAGE = key("pmix.evtext", DataType.STRING, String.class);
    /** System time when the associated event occurred. */
    public static final Key<Long> EVENT_TIMESTAMP = key("pmix.evtstamp", DataType.TIME, Long.class);
    /** When registering, indicate that this event handler is to be deleted after being invoked. */
    public static final Key<Boolean> EVENT_ONESHOT = key("pmix.evone", DataType.BOOL, Boolean.class);

    // ---- Fault-tolerance events ----

    /** RM intends to terminate session. */
    public static final Key<Boolean> EVENT_TERMINATE_SESSION = key("pmix.evterm.sess", DataType.BOOL, Boolean.class);
    /** RM intends to terminate this job. */
    public static final Key<Boolean> EVENT_TERMINATE_JOB = key("pmix.evterm.job", DataType.BOOL, Boolean.class);
    /** RM intends to terminate all procs on this node. */
    public static final Key<Boolean> EVENT_TERMINATE_NODE = key("pmix.evterm.node", DataType.BOOL, Boolean.class);
    /** RM intends to terminate just this process. */
    public static final Key<Boolean> EVENT_TERMINATE_PROC = key("pmix.evterm.proc", DataType.BOOL, Boolean.class);
    /** Time in sec before RM will execute error response. */
    public static final Key<Integer> EVENT_ACTION_TIMEOUT = key("pmix.evtimeout", DataType.INT, Integer.class);

    // ---- Spawn directives ----

    /** Name of personality to use. */
    public static final Key<String> PERSONALITY = key("pmix.pers", DataType.STRING, String.class);
    /** Comma-delimited list of hosts to use for spawned procs. */
    public static final Key<String> HOST = key("pmix.host", DataType.STRING, String.class);
    /** Hostfile to use for spawned procs. */
    public static final Key<String> HOSTFILE = key("pmix.hostfile", DataType.STRING, String.class);
    /** Comma-delimited list of hosts to add to allocation. */
    public static final Key<String> ADD_HOST = key("pmix.addhost", DataType.STRING, String.class);
    /** Hostfile to add to existing allocation. */
    public static final Key<String> ADD_HOSTFILE = key("pmix.addhostfile", DataType.STRING, String.class);
    /** Prefix to use for starting spawned procs. */
    public static final Key<String> PREFIX = key("pmix.prefix", DataType.STRING, String.class);
    /** Working directory for spawned procs. */
    public static final Key<String> WDIR = key("pmix.wdir", DataType.STRING, String.class);
    /** User specified the working directory. */
    public static final Key<Boolean> WDIR_USER_SPECIFIED = key("pmix.wdir.user", DataType.BOOL, Boolean.class);
    /** Display placement map upon spawn. */
    public static final Key<Boolean> DISPLAY_MAP = key("pmix.dispmap", DataType.BOOL, Boolean.class);
    /** Display a highly detailed placement map upon spawn. */
    public static final Key<Boolean> DISPLAY_MAP_DETAILED = key("pmix.dispmapdet", DataType.BOOL, Boolean.class);
    /** Display the resource allocation. */
    public static final Key<Boolean> DISPLAY_ALLOCATION = key("pmix.dispalloc", DataType.BOOL, Boolean.class);
    /** Comma-delimited list of hosts whose topology is to be displayed. */
    public static final Key<String> DISPLAY_TOPOLOGY = key("pmix.disptopo", DataType.STRING, String.class);
    /** #procs to spawn on each identified resource. */
    public static final Key<String> PPR = key("pmix.ppr", DataType.STRING, String.class);
    /** Mapping policy. */
    public static final Key<String> MAPBY = key("pmix.mapby", DataType.STRING, String.class);
    /** Ranking policy. */
    public static final Key<String> RANKBY = key("pmix.rankby", DataType.STRING, String.class);
    /** Binding policy. */
    public static final Key<String> BINDTO = key("pmix.bindto", DataType.STRING, String.class);
    /** Preload binaries. */
    public static final Key<Boolean> PRELOAD_BIN = key("pmix.preloadbin", DataType.BOOL, Boolean.class);
    /** Comma-delimited list of files to pre-position. */
    public static final Key<String> PRELOAD_FILES = key("pmix.preloadfiles", DataType.STRING, String.class);
    /** Proc that is to receive stdin ({@code PMIX_RANK_WILDCARD} = all in given nspace). */
    public static final Key<Proc> STDIN_TGT = key("pmix.stdin", DataType.PROC, Proc.class);
    /** Spawned app consists of debugger daemons. */
    public static final Key<Boolean> DEBUGGER_DAEMONS = key("pmix.debugger", DataType.BOOL, Boolean.class);
    /** Designated app is to be spawned as a disconnected job. */
    public static final Key<Boolean> COSPAWN_APP = key("pmix.cospawn", DataType.BOOL, Boolean.class);
    /** Array of pmix_proc_t identifying the procs with which the new job's procs are to be colocated. */
    public static final Key<DataArray> COLOCATE_PROCS = key("pmix.colproc", DataType.DATA_ARRAY, DataArray.class);
    /** Number of procs to colocate with each identified proc. */
    public static final Key<Integer> COLOCATE_NPERPROC = key("pmix.colnum.proc", DataType.UINT16, Integer.class);
    /** Number of procs to colocate on the node of each identified proc. */
    public static final Key<Integer> COLOCATE_NPERNODE = key("pmix.colnum.node", DataType.UINT16, Integer.class);
    /** Set the application's current working directory to the session working directory assigned by the RM. */
    public static final Key<Boolean> SET_SESSION_CWD = key("pmix.ssncwd", DataType.BOOL, Boolean.class);
    /** Mark the argv with the rank of the proc. */
    public static final Key<Boolean> INDEX_ARGV = key("pmix.indxargv", DataType.BOOL, Boolean.class);
    /** #cpus to assign to each rank. */
    public static final Key<Integer> CPUS_PER_PROC = key("pmix.cpuperproc", DataType.UINT32, Integer.class);
    /** Do not place procs on the head node. */
    public static final Key<Boolean> NO_PROCS_ON_HEAD = key("pmix.nolocal", DataType.BOOL, Boolean.class);
    /** Do not oversubscribe the cpus. */
    public static final Key<Boolean> NO_OVERSUBSCRIBE = key("pmix.noover", DataType.BOOL, Boolean.class);
    /** Report bindings of the individual procs. */
    public static final Key<Boolean> REPORT_BINDINGS = key("pmix.repbind", DataType.BOOL, Boolean.class);
    /** List of cpus to use for this job. */
    public static final Key<String> CPU_LIST = key("pmix.cpulist", DataType.STRING, String.class);
    /** Application supports recoverable operations. */
    public static final Key<Boolean> JOB_RECOVERABLE = key("pmix.recover", DataType.BOOL, Boolean.class);
    /** Application is continuous, all failed procs should be immediately restarted. */
    public static final Key<Boolean> JOB_CONTINUOUS = key("pmix.continuous", DataType.BOOL, Boolean.class);
    /** Max number of times to restart a job. */
    public static final Key<Integer> MAX_RESTARTS = key("pmix.maxrestarts", DataType.UINT32, Integer.class);
    /** Forward the stdin from this process to the target processes. */
    public static final Key<Boolean> FWD_STDIN = key("pmix.fwd.stdin", DataType.BOOL, Boolean.class);
    /** Forward stdout from the spawned processes to this process (typically used by a tool). */
    public static final Key<Boolean> FWD_STDOUT = key("pmix.fwd.stdout", DataType.BOOL, Boolean.class);
    /** Forward stderr from the spawned processes to this process (typically used by a tool). */
    public static final Key<Boolean> FWD_STDERR = key("pmix.fwd.stderr", DataType.BOOL, Boolean.class);
    /** If a diagnostic channel exists, forward any output on it from the spawned processes to this process. */
    public static final Key<Boolean> FWD_STDDIAG = key("pmix.fwd.stddiag", DataType.BOOL, Boolean.class);
    /** Job being spawned is a tool. */
    public static final Key<Boolean> SPAWN_TOOL = key("pmix.spwn.tool", DataType.BOOL, Boolean.class);
    /** Command line executing in the specified nspace. */
    public static final Key<String> CMD_LINE = key("pmix.cmd.line", DataType.STRING, String.class);
    /** Command line of fork/exec agent to be used for starting local processes. */
    public static final Key<String> FORKEXEC_AGENT = key("pmix.fe.agnt", DataType.STRING, String.class);
    /** Time in sec before job should time out (0 =&gt; infinite). */
    public static final Key<Integer> JOB_TIMEOUT = key("pmix.job.time", DataType.INT, Integer.class);
    /** Time in sec before spawn operation should time out (0 =&gt; infinite). */
    public static final Key<Integer> SPAWN_TIMEOUT = key("pmix.sp.time", DataType.INT, Integer.class);
    /** Include process stacktraces in timeout report from a job. */
    public static final Key<Boolean> TIMEOUT_STACKTRACES = key("pmix.tim.stack", DataType.BOOL, Boolean.class);
    /** Report process states in timeout report from a job. */
    public static final Key<Boolean> TIMEOUT_REPORT_STATE = key("pmix.tim.state", DataType.BOOL, Boolean.class);
    /** Consolidated argv passed to the spawn command for the given app. */
    public static final Key<String> APP_ARGV = key("pmix.app.argv", DataType.STRING, String.class);
    /** Requests that the launcher generate the job start, launch complete and job end events. */
    public static final Key<Boolean> NOTIFY_JOB_EVENTS = key("pmix.note.jev", DataType.BOOL, Boolean.class);
    /**
     * Requests that the launcher generate the {@code PMIX_EVENT_PROC_TERMINATED} event whenever a process either
     * normally or abnormally terminates.
     */
    public static final Key<Boolean> NOTIFY_PROC_TERMINATION = key("pmix.noteproc", DataType.BOOL, Boolean.class);
    /**
     * Requests that the launcher generate the {@code PMIX_EVENT_PROC_TERMINATED} event only when a process abnormally
     * terminates.
     */
    public static final Key<Boolean> NOTIFY_PROC_ABNORMAL_TERMINATION =
            key("pmix.noteabproc", DataType.BOOL, Boolean.class);
    /** Envars have been harvested by the spawn requestor. */
    public static final Key<Boolean> ENVARS_HARVESTED = key("pmix.evar.hvstd", DataType.BOOL, Boolean.class);
    /** Environment-specific runtime directives that control job behavior. */
    public static final Key<String> RUNTIME_OPTIONS = key("pmix.runopt", DataType.STRING, String.class);
    /** Abort the spawned job if any process terminates with non-zero status. */
    public static final Key<Boolean> ABORT_NON_ZERO_TERM = key("pmix.abnz", DataType.BOOL, Boolean.class);
    /** Execute all procedures to prepare the requested job for launch, but do not launch it. */
    public static final Key<Boolean> DO_NOT_LAUNCH = key("pmix.dnl", DataType.BOOL, Boolean.class);
    /** Provide periodic progress reports on job launch procedure. */
    public static final Key<Boolean> SHOW_LAUNCH_PROGRESS = key("pmix.showprog", DataType.BOOL, Boolean.class);
    /**
     * Aggregate help messages, reporting each unique help message once accompanied by the number of processes that
     * reported it.
     */
    public static final Key<Boolean> AGGREGATE_HELP = key("pmix.agg.help", DataType.BOOL, Boolean.class);
    /** Report the exit status of any child jobs spawned by the primary job separately. */
    public static final Key<Boolean> REPORT_CHILD_SEP = key("pmix.rptchildsep", DataType.BOOL, Boolean.class);

    // ---- Query keys (the type is that of the answer) ----

    /** Returns comma-delimited list of keys supported by the query function. */
    public static final Key<String> QUERY_SUPPORTED_KEYS = key("pmix.qry.keys", DataType.STRING, String.class);
    /** Returns a comma-delimited list of active namespaces. */
    public static final Key<String> QUERY_NAMESPACES = key("pmix.qry.ns", DataType.STRING, String.class);
    /** Returns an array of active nspace information. */
    public static final Key<DataArray> QUERY_NAMESPACE_INFO =
            key("pmix.qry.nsinfo", DataType.DATA_ARRAY, DataArray.class);
    /** Returns status of a specified currently executing job. */
    public static final Key<Integer> QUERY_JOB_STATUS = key("pmix.qry.jst", DataType.STATUS, Integer.class);
    /** Request a comma-delimited list of scheduler queues. */
    public static final Key<String> QUERY_QUEUE_LIST = key("pmix.qry.qlst", DataType.STRING, String.class);
    /** Returns array where each element contains the name and status of a scheduler queue. */
    public static final Key<DataArray> QUERY_QUEUE_STATUS = key("pmix.qry.qst", DataType.DATA_ARRAY, DataArray.class);
    /** Returns an array of pmix_proc_info_t, one per process of the namespace given as {@link #NSPACE} qualifier. */
    public static final Key<DataArray> QUERY_PROC_TABLE = key("pmix.qry.ptable", DataType.DATA_ARRAY, DataArray.class);
    /** Returns an array of pmix_proc_info_t for the processes of the {@link #NSPACE} qualifier on the same node. */
    public static final Key<DataArray> QUERY_LOCAL_PROC_TABLE =
            key("pmix.qry.lptable", DataType.DATA_ARRAY, DataArray.class);
    /** Return operations tool is authorized to perform. */
    public static final Key<DataArray> QUERY_AUTHORIZATIONS =
            key("pmix.qry.auths", DataType.DATA_ARRAY, DataArray.class);
    /** Return a comma-delimited list of supported spawn attributes. */
    public static final Key<String> QUERY_SPAWN_SUPPORT = key("pmix.qry.spawn", DataType.STRING, String.class);
    /** Return a comma-delimited list of supported debug attributes. */
    public static final Key<String> QUERY_DEBUG_SUPPORT = key("pmix.qry.debug", DataType.STRING, String.class);
    /** Return info on memory usage for the procs indicated in the qualifiers. */
    public static final Key<DataArray> QUERY_MEMORY_USAGE = key("pmix.qry.mem", DataType.DATA_ARRAY, DataArray.class);
    /** Return a string reporting status of an allocation request. */
    public static final Key<String> QUERY_ALLOC_STATUS = key("pmix.query.alloc", DataType.STRING, String.class);
    /** Returns number of seconds remaining in allocation for the specified nspace. */
    public static final Key<Integer> TIME_REMAINING = key("pmix.time.remaining", DataType.UINT32, Integer.class);
    /** Returns the number of psets defined in the specified range (defaults to session). */
    public static final Key<Long> QUERY_NUM_PSETS = key("pmix.qry.psetnum", DataType.SIZE, Long.class);
    /** Returns a comma-delimited list of the names of the psets defined in the specified range. */
    public static final Key<String> QUERY_PSET_NAMES = key("pmix.qry.psets", DataType.STRING, String.class);
    /** Return an array of pmix_proc_t containing the members of the specified process set. */
    public static final Key<DataArray> QUERY_PSET_MEMBERSHIP =
            key("pmix.qry.pmems", DataType.DATA_ARRAY, DataArray.class);
    /** Return the number of process groups defined in the specified range (defaults to session). */
    public static final Key<Long> QUERY_NUM_GROUPS = key("pmix.qry.pgrpnum", DataType.SIZE, Long.class);
    /**
     * Return a pmix_data_array_t containing an array of string names of the process groups defined in the specified
     * range (defaults to session).
     */
    public static final Key<DataArray> QUERY_GROUP_NAMES = key("pmix.qry.pgrp", DataType.DATA_ARRAY, DataArray.class);
    /** Return a pmix_data_array_t of pmix_proc_t containing the members of the specified process group. */
    public static final Key<DataArray> QUERY_GROUP_MEMBERSHIP =
            key("pmix.qry.pgrpmems", DataType.DATA_ARRAY, DataArray.class);
    /**
     * Returns array of pmix_info_t where each element consists of a key containing the name of the function, and an
     * array of pmix_regattr_t detailing the attribute support for that function.
     */
    public static final Key<DataArray> QUERY_ATTRIBUTE_SUPPORT =
            key("pmix.qry.attrs", DataType.DATA_ARRAY, DataArray.class);
    /** Returns a comma-delimited list of supported PMIx client functions. */
    public static final Key<String> CLIENT_FUNCTIONS = key("pmix.client.fns", DataType.STRING, String.class);
    /** Returns a comma-delimited list of supported PMIx server functions. */
    public static final Key<String> SERVER_FUNCTIONS = key("pmix.srvr.fns", DataType.STRING, String.class);
    /** Returns a comma-delimited list of supported PMIx tool functions. */
    public static final Key<String> TOOL_FUNCTIONS = key("pmix.tool.fns", DataType.STRING, String.class);
    /** Returns a comma-delimited list of PMIx functions supported by the host environment. */
    public static final Key<String> HOST_FUNCTIONS = key("pmix.host.fns", DataType.STRING, String.class);
    /**
     * Array of pmix_info_t, each element containing an array of pmix_info_t of available data for servers on this
     * node to which the caller might be able to connect.
     */
    public static final Key<DataArray> QUERY_AVAIL_SERVERS =
            key("pmix.qry.asrvrs", DataType.DATA_ARRAY, DataArray.class);
    /** Contains an array of qualifiers that were included in the query that produced the provided results. */
    public static final Key<DataArray> QUERY_QUALIFIERS = key("pmix.qry.quals", DataType.DATA_ARRAY, DataArray.class);
    /** Contains an array of query results for a given pmix_query_t passed to the {@code PMIx_Query_info} APIs. */
    public static final Key<DataArray> QUERY_RESULTS = key("pmix.qry.res", DataType.DATA_ARRAY, DataArray.class);

    // ---- Query qualifiers ----

    /** Retrieve updated information from server to update local cache. */
    public static final Key<Boolean> QUERY_REFRESH_CACHE = key("pmix.qry.rfsh", DataType.BOOL, Boolean.class);
    /** Constrain the query to local information only. */
    public static final Key<Boolean> QUERY_LOCAL_ONLY = key("pmix.qry.local", DataType.BOOL, Boolean.class);
    /** Report average values. */
    public static final Key<Boolean> QUERY_REPORT_AVG = key("pmix.qry.avg", DataType.BOOL, Boolean.class);
    /** Report minimum and maximum value. */
    public static final Key<Boolean> QUERY_REPORT_MINMAX = key("pmix.qry.minmax", DataType.BOOL, Boolean.class);
    /** Comma-delimited list of functions (or "all") whose attributes a query is to include. */
    public static final Key<String> CLIENT_ATTRIBUTES = key("pmix.client.attrs", DataType.STRING, String.class);
    /** Comma-delimited list of functions (or "all") whose attributes a query is to include. */
    public static final Key<String> SERVER_ATTRIBUTES = key("pmix.srvr.attrs", DataType.STRING, String.class);
    /** Comma-delimited list of functions (or "all") whose attributes a query is to include. */
    public static final Key<String> HOST_ATTRIBUTES = key("pmix.host.attrs", DataType.STRING, String.class);
    /** Comma-delimited list of functions (or "all") whose attributes a query is to include. */
    public static final Key<String> TOOL_ATTRIBUTES = key("pmix.tool.attrs", DataType.STRING, String.class);
    /** Return comma-delimited list of qualifiers supported by a query on the provided key. */
    public static final Key<Boolean> QUERY_SUPPORTED_QUALIFIERS = key("pmix.qry.quals", DataType.BOOL, Boolean.class);

    // ---- Realm qualifiers for PMIx_Get (reserved-keys.tex, "Data realms") ----

    /** Return information about the specified session. */
    public static final Key<Boolean> SESSION_INFO = key("pmix.ssn.info", DataType.BOOL, Boolean.class);
    /** Return information about the specified job or namespace. */
    public static final Key<Boolean> JOB_INFO = key("pmix.job.info", DataType.BOOL, Boolean.class);
    /** Return information about the specified application. */
    public static final Key<Boolean> APP_INFO = key("pmix.app.info", DataType.BOOL, Boolean.class);
    /**
     * Return information about the specified process. Only in reserved-keys.tex: OpenPMIx 4.2.2 names data type 38
     * {@code PMIX_PROC_INFO} and has no such attribute.
     */
    public static final Key<Boolean> PROC_INFO = key("pmix.proc.info", DataType.BOOL, Boolean.class);
    /** Return information about the specified node. */
    public static final Key<Boolean> NODE_INFO = key("pmix.node.info", DataType.BOOL, Boolean.class);

    // ---- Information storage arrays ----

    /** Provide an array of pmix_info_t containing session-level information. */
    public static final Key<DataArray> SESSION_INFO_ARRAY = key("pmix.ssn.arr", DataType.DATA_ARRAY, DataArray.class);
    /** Provide an array of pmix_info_t containing job-level information. */
    public static final Key<DataArray> JOB_INFO_ARRAY = key("pmix.job.arr", DataType.DATA_ARRAY, DataArray.class);
    /** Provide an array of pmix_info_t containing app-level information. */
    public static final Key<DataArray> APP_INFO_ARRAY = key("pmix.app.arr", DataType.DATA_ARRAY, DataArray.class);
    /** Provide an array of pmix_info_t containing process-realm information. */
    public static final Key<DataArray> PROC_INFO_ARRAY = key("pmix.pdata", DataType.DATA_ARRAY, DataArray.class);
    /** Provide an array of pmix_info_t containing node-level information. */
    public static final Key<DataArray> NODE_INFO_ARRAY = key("pmix.node.arr", DataType.DATA_ARRAY, DataArray.class);
    /** Array of data on a given server, starting with its nspace. */
    public static final Key<DataArray> SERVER_INFO_ARRAY = key("pmix.srv.arr", DataType.DATA_ARRAY, DataArray.class);

    // ---- Logging ----

    /** ID of source of the log request. */
    public static final Key<Proc> LOG_SOURCE = key("pmix.log.source", DataType.PROC, Proc.class);
    /** Log string to stderr. */
    public static final Key<String> LOG_STDERR = key("pmix.log.stderr", DataType.STRING, String.class);
    /** Log string to stdout. */
    public static final Key<String> LOG_STDOUT = key("pmix.log.stdout", DataType.STRING, String.class);
    /** Log message to syslog - defaults to ERROR priority. */
    public static final Key<String> LOG_SYSLOG = key("pmix.log.syslog", DataType.STRING, String.class);
    /** Log msg to local syslog - defaults to ERROR priority. */
    public static final Key<String> LOG_LOCAL_SYSLOG = key("pmix.log.lsys", DataType.STRING, String.class);
    /** Forward data to system "master" and log msg to that syslog. */
    public static final Key<String> LOG_GLOBAL_SYSLOG = key("pmix.log.gsys", DataType.STRING, String.class);
    /** Syslog priority level. */
    public static final Key<Integer> LOG_SYSLOG_PRI = key("pmix.log.syspri", DataType.INT, Integer.class);
    /** Timestamp for log report. */
    public static final Key<Long> LOG_TIMESTAMP = key("pmix.log.tstmp", DataType.TIME, Long.class);
    /** Generate timestamp for log. */
    public static final Key<Boolean> LOG_GENERATE_TIMESTAMP = key("pmix.log.gtstmp", DataType.BOOL, Boolean.class);
    /** Label the output stream with the channel name (e.g., "stdout"). */
    public static final Key<Boolean> LOG_TAG_OUTPUT = key("pmix.log.tag", DataType.BOOL, Boolean.class);
    /** Print timestamp in output string. */
    public static final Key<Boolean> LOG_TIMESTAMP_OUTPUT = key("pmix.log.tsout", DataType.BOOL, Boolean.class);
    /** Print the output stream in xml format. */
    public static final Key<Boolean> LOG_XML_OUTPUT = key("pmix.log.xml", DataType.BOOL, Boolean.class);
    /** Only log this once with whichever channel can first support it. */
    public static final Key<Boolean> LOG_ONCE = key("pmix.log.once", DataType.BOOL, Boolean.class);
    /** Message blob to be sent somewhere. */
    public static final Key<byte[]> LOG_MSG = key("pmix.log.msg", DataType.BYTE_OBJECT, byte[].class);
    /** Key to a logging message. */
    public static final Key<String> LOG_KEY = key("pmix.log.key", DataType.STRING, String.class);
    /** Value to a logging message. */
    public static final Key<String> LOG_VAL = key("pmix.log.val", DataType.STRING, String.class);
    /** Whether to aggregate and prevent duplicate logging messages based on key value pairs. */
    public static final Key<Boolean> LOG_AGG = key("pmix.log.agg", DataType.BOOL, Boolean.class);
    /** Log via email based on array of pmix_info_t containing directives. */
    public static final Key<DataArray> LOG_EMAIL = key("pmix.log.email", DataType.DATA_ARRAY, DataArray.class);
    /** Comma-delimited list of email addresses that are to recv msg. */
    public static final Key<String> LOG_EMAIL_ADDR = key("pmix.log.emaddr", DataType.STRING, String.class);
    /** Return email address of sender. */
    public static final Key<String> LOG_EMAIL_SENDER_ADDR = key("pmix.log.emfaddr", DataType.STRING, String.class);
    /** Subject line for email. */
    public static final Key<String> LOG_EMAIL_SUBJECT = key("pmix.log.emsub", DataType.STRING, String.class);
    /** Msg to be included in email. */
    public static final Key<String> LOG_EMAIL_MSG = key("pmix.log.emmsg", DataType.STRING, String.class);
    /** Hostname (or IP addr) of estmp server. */
    public static final Key<String> LOG_EMAIL_SERVER = key("pmix.log.esrvr", DataType.STRING, String.class);
    /** Port the email server is listening to. */
    public static final Key<Integer> LOG_EMAIL_SRVR_PORT = key("pmix.log.esrvrprt", DataType.INT32, Integer.class);
    /** Log the provided data to a global datastore. */
    public static final Key<Boolean> LOG_GLOBAL_DATASTORE = key("pmix.log.gstore", DataType.BOOL, Boolean.class);
    /** Log the provided information to the RM's job record. */
    public static final Key<Boolean> LOG_JOB_RECORD = key("pmix.log.jrec", DataType.BOOL, Boolean.class);
    /**
     * Requests that the launcher log the {@code PMIX_EVENT_PROC_TERMINATED} event whenever a process either normally
     * or abnormally terminates.
     */
    public static final Key<Boolean> LOG_PROC_TERMINATION = key("pmix.logproc", DataType.BOOL, Boolean.class);
    /**
     * Requests that the launcher log the {@code PMIX_EVENT_PROC_TERMINATED} event only when a process abnormally
     * terminates.
     */
    public static final Key<Boolean> LOG_PROC_ABNORMAL_TERMINATION =
            key("pmix.logabproc", DataType.BOOL, Boolean.class);
    /** Requests that the launcher log the job start, launch complete and job end events with {@code PMIx_Log}. */
    public static final Key<Boolean> LOG_JOB_EVENTS = key("pmix.log.jev", DataType.BOOL, Boolean.class);
    /**
     * Requests that the launcher log the {@code PMIX_EVENT_JOB_END} event for normal or abnormal termination of the
     * spawned job using {@code PMIx_Log}.
     */
    public static final Key<Boolean> LOG_COMPLETION = key("pmix.logcomp", DataType.BOOL, Boolean.class);

    // ---- Debugger support ----

    /** Stop specified rank(s) on exec and notify ready-to-debug. */
    public static final Key<Value> DEBUG_STOP_ON_EXEC = key("pmix.dbg.exec", DataType.VALUE, Value.class);
    /** Stop specified rank(s) in {@code PMIx_Init} and notify ready-to-debug. */
    public static final Key<Value> DEBUG_STOP_IN_INIT = key("pmix.dbg.init", DataType.VALUE, Value.class);
    /** Direct specified ranks to stop at application-specific point and notify ready-to-debug. */
    public static final Key<Value> DEBUG_STOP_IN_APP = key("pmix.dbg.notify", DataType.VALUE, Value.class);
    /** String ID of the breakpoint where the process(es) is(are) waiting. */
    public static final Key<String> BREAKPOINT = key("pmix.brkpnt", DataType.STRING, String.class);
    /** Identifier of proc(s) to be debugged. */
    public static final Key<Proc> DEBUG_TARGET = key("pmix.dbg.tgt", DataType.PROC, Proc.class);
    /** Number of debugger daemons to be spawned per application process. */
    public static final Key<Integer> DEBUG_DAEMONS_PER_PROC = key("pmix.dbg.dpproc", DataType.UINT16, Integer.class);
    /** Number of debugger daemons to be spawned on each node where the target job is executing. */
    public static final Key<Integer> DEBUG_DAEMONS_PER_NODE = key("pmix.dbg.dpnd", DataType.UINT16, Integer.class);

    // ---- Resource manager identification ----

    /** String name of the resource manager. */
    public static final Key<String> RM_NAME = key("pmix.rm.name", DataType.STRING, String.class);
    /** RM version string. */
    public static final Key<String> RM_VERSION = key("pmix.rm.version", DataType.STRING, String.class);

    // ---- Environment variable operations ----

    /** Set the envar to the given value, overwriting any pre-existing one. */
    public static final Key<Envar> SET_ENVAR = key("pmix.envar.set", DataType.ENVAR, Envar.class);
    /** Add envar, but do not overwrite any existing one. */
    public static final Key<Envar> ADD_ENVAR = key("pmix.envar.add", DataType.ENVAR, Envar.class);
    /** Unset the envar, if present. */
    public static final Key<String> UNSET_ENVAR = key("pmix.envar.unset", DataType.STRING, String.class);
    /** Prepend the given value to the specified envar using the separator character. */
    public static final Key<Envar> PREPEND_ENVAR = key("pmix.envar.prepnd", DataType.ENVAR, Envar.class);
    /** Append the given value to the specified envar using the separator character. */
    public static final Key<Envar> APPEND_ENVAR = key("pmix.envar.appnd", DataType.ENVAR, Envar.class);
    /** Ensure the given value appears first in the specified envar using the separator character. */
    public static final Key<Envar> FIRST_ENVAR = key("pmix.envar.first", DataType.ENVAR, Envar.class);

    // ---- Allocations ----

    /**
     * User-provided string identifier for this allocation request which can later be used to query status of the
     * request.
     */
    public static final Key<String> ALLOC_REQ_ID = key("pmix.alloc.reqid", DataType.STRING, String.class);
    /**
     * A string identifier (provided by the host environment) for the resulting allocation which can later be used to
     * reference the allocated resources in, for example, a call to {@code PMIx_Spawn}.
     */
    public static final Key<String> ALLOC_ID = key("pmix.alloc.id", DataType.STRING, String.class);
    /** Number of nodes. */
    public static final Key<Long> ALLOC_NUM_NODES = key("pmix.alloc.nnodes", DataType.UINT64, Long.class);
    /** Regex of specific nodes. */
    public static final Key<String> ALLOC_NODE_LIST = key("pmix.alloc.nlist", DataType.STRING, String.class);
    /** Number of cpus. */
    public static final Key<Long> ALLOC_NUM_CPUS = key("pmix.alloc.ncpus", DataType.UINT64, Long.class);
    /** Regex of #cpus for each node. */
    public static final Key<String> ALLOC_NUM_CPU_LIST = key("pmix.alloc.ncpulist", DataType.STRING, String.class);
    /** Regex of specific cpus indicating the cpus involved. */
    public static final Key<String> ALLOC_CPU_LIST = key("pmix.alloc.cpulist", DataType.STRING, String.class);
    /** Number of Mbytes. */
    public static final Key<Float> ALLOC_MEM_SIZE = key("pmix.alloc.msize", DataType.FLOAT, Float.class);
    /** Array of pmix_info_t describing fabric resource request. */
    public static final Key<DataArray> ALLOC_FABRIC = key("pmix.alloc.net", DataType.DATA_ARRAY, DataArray.class);
    /** Key to be used when accessing this requested fabric allocation. */
    public static final Key<String> ALLOC_FABRIC_ID = key("pmix.alloc.netid", DataType.STRING, String.class);
    /** Mbits/sec. */
    public static final Key<Float> ALLOC_BANDWIDTH = key("pmix.alloc.bw", DataType.FLOAT, Float.class);
    /** Quality of service level. */
    public static final Key<String> ALLOC_FABRIC_QOS = key("pmix.alloc.netqos", DataType.STRING, String.class);
    /** Time in seconds that the allocation shall remain valid. */
    public static final Key<Integer> ALLOC_TIME = key("pmix.alloc.time", DataType.UINT32, Integer.class);
    /** Type of desired transport (e.g., tcp, udp). */
    public static final Key<String> ALLOC_FABRIC_TYPE = key("pmix.alloc.nettype", DataType.STRING, String.class);
    /** Id string for the NIC (aka plane) to be used for this allocation (e.g., CIDR for Ethernet). */
    public static final Key<String> ALLOC_FABRIC_PLANE = key("pmix.alloc.netplane", DataType.STRING, String.class);
    /** Number of endpoints to allocate per process. */
    public static final Key<Long> ALLOC_FABRIC_ENDPTS = key("pmix.alloc.endpts", DataType.SIZE, Long.class);
    /** Number of endpoints to allocate per node. */
    public static final Key<Long> ALLOC_FABRIC_ENDPTS_NODE = key("pmix.alloc.endpts.nd", DataType.SIZE, Long.class);
    /** Fabric security key. */
    public static final Key<byte[]> ALLOC_FABRIC_SEC_KEY = key("pmix.alloc.nsec", DataType.BYTE_OBJECT, byte[].class);
    /** Name of queue being referenced. */
    public static final Key<String> ALLOC_QUEUE = key("pmix.alloc.queue", DataType.STRING, String.class);

    // ---- Job control ----

    /** Provide a string identifier for this request. */
    public static final Key<String> JOB_CTRL_ID = key("pmix.jctrl.id", DataType.STRING, String.class);
    /** Pause the specified processes. */
    public static final Key<Boolean> JOB_CTRL_PAUSE = key("pmix.jctrl.pause", DataType.BOOL, Boolean.class);
    /** "un-pause" the specified processes. */
    public static final Key<Boolean> JOB_CTRL_RESUME = key("pmix.jctrl.resume", DataType.BOOL, Boolean.class);
    /** Cancel the specified request (NULL =&gt; cancel all requests from this requestor). */
    public static final Key<String> JOB_CTRL_CANCEL = key("pmix.jctrl.cancel", DataType.STRING, String.class);
    /** Forcibly terminate the specified processes and cleanup. */
    public static final Key<Boolean> JOB_CTRL_KILL = key("pmix.jctrl.kill", DataType.BOOL, Boolean.class);
    /** Restart the specified processes using the given checkpoint ID. */
    public static final Key<String> JOB_CTRL_RESTART = key("pmix.jctrl.restart", DataType.STRING, String.class);
    /** Checkpoint the specified processes and assign the given ID to it. */
    public static final Key<String> JOB_CTRL_CHECKPOINT = key("pmix.jctrl.ckpt", DataType.STRING, String.class);
    /** Use event notification to trigger process checkpoint. */
    public static final Key<Boolean> JOB_CTRL_CHECKPOINT_EVENT = key("pmix.jctrl.ckptev", DataType.BOOL, Boolean.class);
    /** Use the given signal to trigger process checkpoint. */
    public static final Key<Integer> JOB_CTRL_CHECKPOINT_SIGNAL =
            key("pmix.jctrl.ckptsig", DataType.INT, Integer.class);
    /** Time in seconds to wait for checkpoint to complete. */
    public static final Key<Integer> JOB_CTRL_CHECKPOINT_TIMEOUT =
            key("pmix.jctrl.ckptsig", DataType.INT, Integer.class);
    /** Array of pmix_info_t declaring each method and value supported by this application. */
    public static final Key<DataArray> JOB_CTRL_CHECKPOINT_METHOD =
            key("pmix.jctrl.ckmethod", DataType.DATA_ARRAY, DataArray.class);
    /** Send given signal to specified processes. */
    public static final Key<Integer> JOB_CTRL_SIGNAL = key("pmix.jctrl.sig", DataType.INT, Integer.class);
    /** Regex identifying nodes that are to be provisioned. */
    public static final Key<String> JOB_CTRL_PROVISION = key("pmix.jctrl.pvn", DataType.STRING, String.class);
    /** Name of the image that is to be provisioned. */
    public static final Key<String> JOB_CTRL_PROVISION_IMAGE = key("pmix.jctrl.pvnimg", DataType.STRING, String.class);
    /** Job can be pre-empted. */
    public static final Key<Boolean> JOB_CTRL_PREEMPTIBLE = key("pmix.jctrl.preempt", DataType.BOOL, Boolean.class);
    /** Politely terminate the specified procs. */
    public static final Key<Boolean> JOB_CTRL_TERMINATE = key("pmix.jctrl.term", DataType.BOOL, Boolean.class);
    /** Comma-delimited list of files to be removed upon process termination. */
    public static final Key<String> REGISTER_CLEANUP = key("pmix.reg.cleanup", DataType.STRING, String.class);
    /** Comma-delimited list of directories to be removed upon process termination. */
    public static final Key<String> REGISTER_CLEANUP_DIR = key("pmix.reg.cleanupdir", DataType.STRING, String.class);
    /** Recursively cleanup all subdirectories under the specified one(s). */
    public static final Key<Boolean> CLEANUP_RECURSIVE = key("pmix.clnup.recurse", DataType.BOOL, Boolean.class);
    /** Only remove empty subdirectories. */
    public static final Key<Boolean> CLEANUP_EMPTY = key("pmix.clnup.empty", DataType.BOOL, Boolean.class);
    /** Comma-delimited list of filenames that are not to be removed. */
    public static final Key<String> CLEANUP_IGNORE = key("pmix.clnup.ignore", DataType.STRING, String.class);
    /** When recursively cleaning subdirs, do not remove the top-level directory. */
    public static final Key<Boolean> CLEANUP_LEAVE_TOPDIR = key("pmix.clnup.lvtop", DataType.BOOL, Boolean.class);

    // ---- Monitoring ----

    /** Provide a string identifier for this request. */
    public static final Key<String> MONITOR_ID = key("pmix.monitor.id", DataType.STRING, String.class);
    /** Identifier to be canceled (NULL = cancel all monitoring for this process). */
    public static final Key<String> MONITOR_CANCEL = key("pmix.monitor.cancel", DataType.STRING, String.class);
    /** The application desires to control the response to a monitoring event. */
    public static final Key<Boolean> MONITOR_APP_CONTROL = key("pmix.monitor.appctrl", DataType.BOOL, Boolean.class);
    /** Register to have the server monitor the requestor for heartbeats. */
    public static final Key<Boolean> MONITOR_HEARTBEAT = key("pmix.monitor.mbeat", DataType.BOOL, Boolean.class);
    /** Send heartbeat to local server. */
    public static final Key<Boolean> SEND_HEARTBEAT = key("pmix.monitor.beat", DataType.BOOL, Boolean.class);
    /** Time in seconds before declaring heartbeat missed. */
    public static final Key<Integer> MONITOR_HEARTBEAT_TIME = key("pmix.monitor.btime", DataType.UINT32, Integer.class);
    /** Number of heartbeats that can be missed before generating the event. */
    public static final Key<Integer> MONITOR_HEARTBEAT_DROPS =
            key("pmix.monitor.bdrop", DataType.UINT32, Integer.class);
    /** Register to monitor file for signs of life. */
    public static final Key<String> MONITOR_FILE = key("pmix.monitor.fmon", DataType.STRING, String.class);
    /** Monitor size of given file is growing to determine app is running. */
    public static final Key<Boolean> MONITOR_FILE_SIZE = key("pmix.monitor.fsize", DataType.BOOL, Boolean.class);
    /** Monitor time since last access of given file to determine app is running. */
    public static final Key<String> MONITOR_FILE_ACCESS = key("pmix.monitor.faccess", DataType.STRING, String.class);
    /** Monitor time since last modified of given file to determine app is running. */
    public static final Key<String> MONITOR_FILE_MODIFY = key("pmix.monitor.fmod", DataType.STRING, String.class);
    /** Time in seconds between checking file. */
    public static final Key<Integer> MONITOR_FILE_CHECK_TIME =
            key("pmix.monitor.ftime", DataType.UINT32, Integer.class);
    /** Number of file checks that can be missed before generating the event. */
    public static final Key<Integer> MONITOR_FILE_DROPS = key("pmix.monitor.fdrop", DataType.UINT32, Integer.class);

    // ---- Security ----

    /** Prioritized, comma-delimited list of desired credential types (for {@code PMIx_Get_credential}). */
    public static final Key<String> CRED_TYPE = key("pmix.sec.ctype", DataType.STRING, String.class);
    /** Blob containing crypto key. */
    public static final Key<byte[]> CRYPTO_KEY = key("pmix.sec.key", DataType.BYTE_OBJECT, byte[].class);

    // ---- IO forwarding ----

    /** Requested size of the server cache in bytes for each specified channel. */
    public static final Key<Integer> IOF_CACHE_SIZE = key("pmix.iof.csize", DataType.UINT32, Integer.class);
    /** In an overflow situation, drop the oldest bytes to make room in the cache. */
    public static final Key<Boolean> IOF_DROP_OLDEST = key("pmix.iof.old", DataType.BOOL, Boolean.class);
    /** In an overflow situation, drop any new bytes received until room becomes available in the cache. */
    public static final Key<Boolean> IOF_DROP_NEWEST = key("pmix.iof.new", DataType.BOOL, Boolean.class);
    /**
     * Basically controls grouping of IO on the specified channel(s) to avoid being called every time a bit of IO
     * arrives.
     */
    public static final Key<Integer> IOF_BUFFERING_SIZE = key("pmix.iof.bsize", DataType.UINT32, Integer.class);
    /** Max time in seconds to buffer IO before delivering it. */
    public static final Key<Integer> IOF_BUFFERING_TIME = key("pmix.iof.btime", DataType.UINT32, Integer.class);
    /** Indicates whether or not the specified IO channel has been closed by the source. */
    public static final Key<Boolean> IOF_COMPLETE = key("pmix.iof.cmp", DataType.BOOL, Boolean.class);
    /**
     * Used by a tool to request that the PMIx library collect the tool's stdin and forward it to the procs specified
     * in the {@code PMIx_IOF_push} call.
     */
    public static final Key<Boolean> IOF_PUSH_STDIN = key("pmix.iof.stdin", DataType.BOOL, Boolean.class);
    /** Tag output with the [local jobid,rank] and channel it comes from. */
    public static final Key<Boolean> IOF_TAG_OUTPUT = key("pmix.iof.tag", DataType.BOOL, Boolean.class);
    /** Tag output with the [local jobid,rank][hostname:pid] and channel it comes from. */
    public static final Key<Boolean> IOF_TAG_DETAILED_OUTPUT = key("pmix.iof.tagdet", DataType.BOOL, Boolean.class);
    /** Tag output with the [nspace,rank] and channel it comes from. */
    public static final Key<Boolean> IOF_TAG_FULLNAME_OUTPUT = key("pmix.iof.tagfull", DataType.BOOL, Boolean.class);
    /** Tag output with the rank it came from. */
    public static final Key<Boolean> IOF_RANK_OUTPUT = key("pmix.iof.rank", DataType.BOOL, Boolean.class);
    /** Timestamp output. */
    public static final Key<Boolean> IOF_TIMESTAMP_OUTPUT = key("pmix.iof.ts", DataType.BOOL, Boolean.class);
    /** Merge stdout and stderr streams from application procs. */
    public static final Key<Boolean> IOF_MERGE_STDERR_STDOUT = key("pmix.iof.mrg", DataType.BOOL, Boolean.class);
    /** Format output in XML. */
    public static final Key<Boolean> IOF_XML_OUTPUT = key("pmix.iof.xml", DataType.BOOL, Boolean.class);
    /**
     * Direct application output into files of form "&lt;filename&gt;.rank" with both stdout and stderr redirected
     * into it.
     */
    public static final Key<String> IOF_OUTPUT_TO_FILE = key("pmix.iof.file", DataType.STRING, String.class);
    /** Specified output file is a pattern, not to be annotated by nspace, rank or other parameters. */
    public static final Key<Boolean> IOF_FILE_PATTERN = key("pmix.iof.fpt", DataType.BOOL, Boolean.class);
    /** Direct application output into files of form "&lt;directory&gt;/&lt;jobid&gt;/rank.&lt;rank&gt;/stdout[err]". */
    public static final Key<String> IOF_OUTPUT_TO_DIRECTORY = key("pmix.iof.dir", DataType.STRING, String.class);
    /** Output only into designated files - do not also output a copy to stdout/stderr. */
    public static final Key<Boolean> IOF_FILE_ONLY = key("pmix.iof.fonly", DataType.BOOL, Boolean.class);
    /** Requests that the host environment deliver a copy of the specified output stream(s) to the tool. */
    public static final Key<Boolean> IOF_COPY = key("pmix.iof.cpy", DataType.BOOL, Boolean.class);
    /**
     * Requests that the host environment intercept the specified output stream(s) and deliver it to the requesting
     * tool instead of its current final destination.
     */
    public static final Key<Boolean> IOF_REDIRECT = key("pmix.iof.redir", DataType.BOOL, Boolean.class);
    /** Write output streams to local stdout/err. */
    public static final Key<Boolean> IOF_LOCAL_OUTPUT = key("pmix.iof.local", DataType.BOOL, Boolean.class);
    /** Do not buffer output to be written as complete lines - output characters as the stream delivers them. */
    public static final Key<Boolean> IOF_OUTPUT_RAW = key("pmix.iof.raw", DataType.BOOL, Boolean.class);

    // ---- Application setup data ----

    /** Harvest and include relevant envars. */
    public static final Key<Boolean> SETUP_APP_ENVARS = key("pmix.setup.env", DataType.BOOL, Boolean.class);
    /** Include all non-envar data. */
    public static final Key<Boolean> SETUP_APP_NONENVARS = key("pmix.setup.nenv", DataType.BOOL, Boolean.class);
    /** Include all relevant data. */
    public static final Key<Boolean> SETUP_APP_ALL = key("pmix.setup.all", DataType.BOOL, Boolean.class);

    // ---- Groups ----

    /** User-provided group identifier. */
    public static final Key<String> GROUP_ID = key("pmix.grp.id", DataType.STRING, String.class);
    /** This process is the leader of the group. */
    public static final Key<Boolean> GROUP_LEADER = key("pmix.grp.ldr", DataType.BOOL, Boolean.class);
    /** Participation is optional: no error if a specified process terminates without joining. */
    public static final Key<Boolean> GROUP_OPTIONAL = key("pmix.grp.opt", DataType.BOOL, Boolean.class);
    /** Notify remaining members when another member terminates without first leaving the group. */
    public static final Key<Boolean> GROUP_NOTIFY_TERMINATION = key("pmix.grp.notterm", DataType.BOOL, Boolean.class);
    /** Adjust internal tracking for terminated processes. */
    public static final Key<Boolean> GROUP_FT_COLLECTIVE = key("pmix.grp.ftcoll", DataType.BOOL, Boolean.class);
    /** Array of group member ID's. */
    public static final Key<DataArray> GROUP_MEMBERSHIP = key("pmix.grp.mbrs", DataType.DATA_ARRAY, DataArray.class);
    /** Request that the RM assign a unique numerical (size_t) ID to this group. */
    public static final Key<Boolean> GROUP_ASSIGN_CONTEXT_ID = key("pmix.grp.actxid", DataType.BOOL, Boolean.class);
    /** Context ID assigned to group. */
    public static final Key<Long> GROUP_CONTEXT_ID = key("pmix.grp.ctxid", DataType.SIZE, Long.class);
    /** Group operation only involves local procs. */
    public static final Key<Boolean> GROUP_LOCAL_ONLY = key("pmix.grp.lcl", DataType.BOOL, Boolean.class);
    /** Data collected to be shared during construction. */
    public static final Key<byte[]> GROUP_ENDPT_DATA = key("pmix.grp.endpt", DataType.BYTE_OBJECT, byte[].class);
    /** Returns an array of string names of the process groups in which the given process is a member. */
    public static final Key<DataArray> GROUP_NAMES = key("pmix.pgrp.nm", DataType.DATA_ARRAY, DataArray.class);
    /**
     * Array of pmix_info_t containing data that is to be shared across all members of a group during group
     * construction.
     */
    public static final Key<DataArray> GROUP_INFO = key("pmix.grp.info", DataType.DATA_ARRAY, DataArray.class);
    /** Local context ID for the specified process member of a group. */
    public static final Key<Long> GROUP_LOCAL_CID = key("pmix.grp.lclid", DataType.SIZE, Long.class);
    /**
     * Array of pmix_proc_t identifying procs that are not included in the membership specified in the procs array
     * passed to the {@code PMIx_Group_construct}[_nb] call, but are to be included in the final group.
     */
    public static final Key<DataArray> GROUP_ADD_MEMBERS = key("pmix.grp.add", DataType.DATA_ARRAY, DataArray.class);

    // ---- Storage ----

    /** Return comma-delimited list of identifiers for all available storage systems. */
    public static final Key<String> QUERY_STORAGE_LIST = key("pmix.strg.list", DataType.STRING, String.class);
    /** Return overall capacity (in Megabytes[base2]) of specified storage system. */
    public static final Key<Long> STORAGE_CAPACITY_LIMIT = key("pmix.strg.cap", DataType.UINT64, Long.class);
    /** Return overall limit on number of objects (e.g., inodes) of specified storage system. */
    public static final Key<Long> STORAGE_OBJECT_LIMIT = key("pmix.strg.obj", DataType.UINT64, Long.class);
    /** Identifier of the storage system being referenced. */
    public static final Key<String> STORAGE_ID = key("pmix.strg.id", DataType.STRING, String.class);
    /** Mount point corresponding to a specified storage ID. */
    public static final Key<String> STORAGE_PATH = key("pmix.strg.path", DataType.STRING, String.class);
    /** Qualifier indicating the type of storage being referenced by a query. */
    public static final Key<String> STORAGE_TYPE = key("pmix.strg.type", DataType.STRING, String.class);
    /** Accessibility level of the storage system (e.g., within same node, within same session). */
    public static final Key<Long> STORAGE_ACCESSIBILITY = key("pmix.strg.access", DataType.STOR_ACCESS, Long.class);
    /** Qualifier describing the type of storage access to return information for. */
    public static final Key<Integer> STORAGE_ACCESS_TYPE =
            key("pmix.strg.atype", DataType.STOR_ACCESS_TYPE, Integer.class);
    /** Observed bandwidth (in bytes/sec) for storage system. */
    public static final Key<Double> STORAGE_BW_CUR = key("pmix.strg.bwcur", DataType.DOUBLE, Double.class);
    /** Maximum bandwidth (in bytes/sec) for storage system. */
    public static final Key<Double> STORAGE_BW_MAX = key("pmix.strg.bwmax", DataType.DOUBLE, Double.class);
    /** Overall used capacity (in bytes) for the storage system. */
    public static final Key<Double> STORAGE_CAPACITY_USED = key("pmix.strg.capuse", DataType.DOUBLE, Double.class);
    /** Observed IOPS (in I/O operations per second) for storage system. */
    public static final Key<Double> STORAGE_IOPS_CUR = key("pmix.strg.iopscur", DataType.DOUBLE, Double.class);
    /** Maximum IOPS (in I/O operations per second) for storage system. */
    public static final Key<Double> STORAGE_IOPS_MAX = key("pmix.strg.iopsmax", DataType.DOUBLE, Double.class);
    /** Types of storage mediums utilized by the storage system (e.g., SSDs, HDDs, tape). */
    public static final Key<Long> STORAGE_MEDIUM = key("pmix.strg.medium", DataType.STOR_MEDIUM, Long.class);
    /** Minimal transfer size (in bytes) for the storage system. */
    public static final Key<Double> STORAGE_MINIMAL_XFER_SIZE = key("pmix.strg.minxfer", DataType.DOUBLE, Double.class);
    /** Overall used number of objects (e.g., inodes) for the storage system. */
    public static final Key<Long> STORAGE_OBJECTS_USED = key("pmix.strg.objuse", DataType.UINT64, Long.class);
    /** Persistence level of the storage system (e.g., sratch storage or archive storage). */
    public static final Key<Long> STORAGE_PERSISTENCE = key("pmix.strg.persist", DataType.STOR_PERSIST, Long.class);
    /** Suggested transfer size (in bytes) for the storage system. */
    public static final Key<Double> STORAGE_SUGGESTED_XFER_SIZE = key("pmix.strg.sxfer", DataType.DOUBLE, Double.class);
    /** Version string for the storage system. */
    public static final Key<String> STORAGE_VERSION = key("pmix.strg.ver", DataType.STRING, String.class);

    // ---- Fabric ----

    /** A string delineating the group membership of nodes in the system. */
    public static final Key<String> FABRIC_GROUPS = key("pmix.fab.grps", DataType.STRING, String.class);
    /** Name of fabric vendor (e.g., Amazon, Mellanox, HPE, Intel). */
    public static final Key<String> FABRIC_VENDOR = key("pmix.fab.vndr", DataType.STRING, String.class);
    /** An identifier for the fabric (e.g., MgmtEthernet, Slingshot-11, OmniPath-1). */
    public static final Key<String> FABRIC_IDENTIFIER = key("pmix.fab.id", DataType.STRING, String.class);
    /** The index of the fabric as returned in pmix_fabric_t. */
    public static final Key<Long> FABRIC_INDEX = key("pmix.fab.idx", DataType.SIZE, Long.class);
    /** Array of pmix_geometry_t fabric coordinates for devices on the specified node. */
    public static final Key<DataArray> FABRIC_COORDINATES = key("pmix.fab.coord", DataType.DATA_ARRAY, DataArray.class);
    /** This is a vendor-provided identifier for the device or product. */
    public static final Key<String> FABRIC_DEVICE_VENDORID = key("pmix.fabdev.vendid", DataType.STRING, String.class);
    /** Total number of fabric devices in the system. */
    public static final Key<Long> FABRIC_NUM_DEVICES = key("pmix.fab.nverts", DataType.SIZE, Long.class);
    /** Number of dimensions in the specified fabric plane/view. */
    public static final Key<Integer> FABRIC_DIMS = key("pmix.fab.dims", DataType.UINT32, Integer.class);
    /** ID string of a fabric plane (e.g., CIDR for Ethernet). */
    public static final Key<String> FABRIC_PLANE = key("pmix.fab.plane", DataType.STRING, String.class);
    /** ID string of a fabric switch. */
    public static final Key<String> FABRIC_SWITCH = key("pmix.fab.switch", DataType.STRING, String.class);
    /** Fabric endpoints for a specified process. */
    public static final Key<DataArray> FABRIC_ENDPT = key("pmix.fab.endpt", DataType.DATA_ARRAY, DataArray.class);
    /** The size of each dimension in the specified fabric plane/view. */
    public static final Key<DataArray> FABRIC_SHAPE = key("pmix.fab.shape", DataType.DATA_ARRAY, DataArray.class);
    /** Network shape expressed as a string (e.g., "10x12x2"). */
    public static final Key<String> FABRIC_SHAPE_STRING = key("pmix.fab.shapestr", DataType.STRING, String.class);
    /** Peer ranks that share the same switch as the process specified in the call to {@code PMIx_Get}. */
    public static final Key<String> SWITCH_PEERS = key("pmix.speers", DataType.STRING, String.class);
    /** An array of pmix_info_t describing a particular fabric device. */
    public static final Key<DataArray> FABRIC_DEVICE = key("pmix.fabdev", DataType.DATA_ARRAY, DataArray.class);
    /** Array of pmix_info_t containing information for all devices on the specified node. */
    public static final Key<DataArray> FABRIC_DEVICES = key("pmix.fab.devs", DataType.DATA_ARRAY, DataArray.class);
    /** The operating system name associated with the device. */
    public static final Key<String> FABRIC_DEVICE_NAME = key("pmix.fabdev.nm", DataType.STRING, String.class);
    /** Index of the device within an associated communication cost matrix. */
    public static final Key<Integer> FABRIC_DEVICE_INDEX = key("pmix.fabdev.idx", DataType.UINT32, Integer.class);
    /** Indicates the name of the vendor that distributes the NIC. */
    public static final Key<String> FABRIC_DEVICE_VENDOR = key("pmix.fabdev.vndr", DataType.STRING, String.class);
    /** The type of bus to which the device is attached (e.g., "PCI", "GEN-Z"). */
    public static final Key<String> FABRIC_DEVICE_BUS_TYPE = key("pmix.fabdev.btyp", DataType.STRING, String.class);
    /** The name of the driver associated with the device. */
    public static final Key<String> FABRIC_DEVICE_DRIVER = key("pmix.fabdev.driver", DataType.STRING, String.class);
    /** The device's firmware version. */
    public static final Key<String> FABRIC_DEVICE_FIRMWARE = key("pmix.fabdev.fmwr", DataType.STRING, String.class);
    /** The primary link-level address associated with the device, such as a MAC address. */
    public static final Key<String> FABRIC_DEVICE_ADDRESS = key("pmix.fabdev.addr", DataType.STRING, String.class);
    /** The pmix_geometry_t fabric coordinates for the device. */
    public static final Key<Geometry> FABRIC_DEVICE_COORDINATES =
            key("pmix.fab.coord", DataType.GEOMETRY, Geometry.class);
    /** The maximum transfer unit of link level frames or packets, in bytes. */
    public static final Key<Long> FABRIC_DEVICE_MTU = key("pmix.fabdev.mtu", DataType.SIZE, Long.class);
    /** The active link data rate, given in bits per second. */
    public static final Key<Long> FABRIC_DEVICE_SPEED = key("pmix.fabdev.speed", DataType.SIZE, Long.class);
    /** The last available physical port state. */
    public static final Key<Integer> FABRIC_DEVICE_STATE = key("pmix.fabdev.state", DataType.LINK_STATE, Integer.class);
    /** Specifies the type of fabric interface currently active on the device. */
    public static final Key<String> FABRIC_DEVICE_TYPE = key("pmix.fabdev.type", DataType.STRING, String.class);
    /** A node-level unique identifier for a PCI device. */
    public static final Key<String> FABRIC_DEVICE_PCI_DEVID =
            key("pmix.fabdev.pcidevid", DataType.STRING, String.class);

    // ---- Device distances ----

    /**
     * Return an array of pmix_device_distance_t containing the minimum and maximum distances of the given process
     * location to all devices of the specified type on the local node.
     */
    public static final Key<DataArray> DEVICE_DISTANCES = key("pmix.dev.dist", DataType.DATA_ARRAY, DataArray.class);
    /** Bitmask specifying the type(s) of device(s) whose information is being requested. */
    public static final Key<Long> DEVICE_TYPE = key("pmix.dev.type", DataType.DEVTYPE, Long.class);
    /** System-wide UUID or node-local OS name of a particular device. */
    public static final Key<String> DEVICE_ID = key("pmix.dev.id", DataType.STRING, String.class);

    // ---- Descriptive attributes (pmix_regattr_t) ----

    /** Used in pmix_regattr_t to describe the maximum valid value for the associated attribute. */
    public static final Key<Value> MAX_VALUE = key("pmix.descr.maxval", DataType.VALUE, Value.class);
    /** Used in pmix_regattr_t to describe the minimum valid value for the associated attribute. */
    public static final Key<Value> MIN_VALUE = key("pmix.descr.minval", DataType.VALUE, Value.class);
    /** Used in pmix_regattr_t to describe accepted values for the associated attribute. */
    public static final Key<String> ENUM_VALUE = key("pmix.descr.enum", DataType.STRING, String.class);
    /** The Stable ABI versions of the Standard supported, a comma-separated list of "MAJOR.MINOR". */
    public static final Key<String> QUERY_STABLE_ABI_VERSION = key("pmix.qry.stabiver", DataType.STRING, String.class);
    /** The Provisional ABI versions of the Standard supported, a comma-separated list of "MAJOR.MINOR". */
    public static final Key<String> QUERY_PROVISIONAL_ABI_VERSION =
            key("pmix.qry.prabiver", DataType.STRING, String.class);

    // ---- Deprecated: pmix_deprecated.h ----

    /**
     * Nspace of the job assigned to this debugger to be debugged.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<String> DEBUG_JOB = key("pmix.dbg.job", DataType.STRING, String.class);
    /**
     * Tool is requesting to change server connections.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<Boolean> RECONNECT_SERVER = key("pmix.cnct.recon", DataType.BOOL, Boolean.class);
    /**
     * Disable legacy usock support.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<Boolean> USOCK_DISABLE = key("pmix.usock.disable", DataType.BOOL, Boolean.class);
    /**
     * POSIX mode_t (9 bits valid).
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<Integer> SOCKET_MODE = key("pmix.sockmode", DataType.UINT32, Integer.class);
    /**
     * Use only one rendezvous socket, letting priorities and/or MCA param select the active transport.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<Boolean> SINGLE_LISTENER = key("pmix.sing.listnr", DataType.BOOL, Boolean.class);
    /**
     * Old name of {@link #ALLOC_FABRIC}.
     *
     * @deprecated use {@link #ALLOC_FABRIC}, same string
     */
    @Deprecated
    public static final Key<DataArray> ALLOC_NETWORK = key("pmix.alloc.net", DataType.DATA_ARRAY, DataArray.class);
    /**
     * Old name of {@link #ALLOC_FABRIC_ID}.
     *
     * @deprecated use {@link #ALLOC_FABRIC_ID}, same string
     */
    @Deprecated
    public static final Key<String> ALLOC_NETWORK_ID = key("pmix.alloc.netid", DataType.STRING, String.class);
    /**
     * Old name of {@link #ALLOC_FABRIC_QOS}.
     *
     * @deprecated use {@link #ALLOC_FABRIC_QOS}, same string
     */
    @Deprecated
    public static final Key<String> ALLOC_NETWORK_QOS = key("pmix.alloc.netqos", DataType.STRING, String.class);
    /**
     * Old name of {@link #ALLOC_FABRIC_TYPE}.
     *
     * @deprecated use {@link #ALLOC_FABRIC_TYPE}, same string
     */
    @Deprecated
    public static final Key<String> ALLOC_NETWORK_TYPE = key("pmix.alloc.nettype", DataType.STRING, String.class);
    /**
     * Old name of {@link #ALLOC_FABRIC_PLANE}.
     *
     * @deprecated use {@link #ALLOC_FABRIC_PLANE}, same string
     */
    @Deprecated
    public static final Key<String> ALLOC_NETWORK_PLANE = key("pmix.alloc.netplane", DataType.STRING, String.class);
    /**
     * Old name of {@link #ALLOC_FABRIC_ENDPTS}.
     *
     * @deprecated use {@link #ALLOC_FABRIC_ENDPTS}, same string
     */
    @Deprecated
    public static final Key<Long> ALLOC_NETWORK_ENDPTS = key("pmix.alloc.endpts", DataType.SIZE, Long.class);
    /**
     * Old name of {@link #ALLOC_FABRIC_ENDPTS_NODE}.
     *
     * @deprecated use {@link #ALLOC_FABRIC_ENDPTS_NODE}, same string
     */
    @Deprecated
    public static final Key<Long> ALLOC_NETWORK_ENDPTS_NODE = key("pmix.alloc.endpts.nd", DataType.SIZE, Long.class);
    /**
     * Old name of {@link #ALLOC_FABRIC_SEC_KEY}.
     *
     * @deprecated use {@link #ALLOC_FABRIC_SEC_KEY}, same string
     */
    @Deprecated
    public static final Key<byte[]> ALLOC_NETWORK_SEC_KEY = key("pmix.alloc.nsec", DataType.BYTE_OBJECT, byte[].class);
    /**
     * Starts with rank, then contains more data.
     *
     * @deprecated use {@link #PROC_INFO_ARRAY}, same string
     */
    @Deprecated
    public static final Key<DataArray> PROC_DATA = key("pmix.pdata", DataType.DATA_ARRAY, DataArray.class);
    /**
     * Relative locality of two procs.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<Integer> LOCALITY = key("pmix.loc", DataType.UINT16, Integer.class);
    /**
     * Xml-representation of local node topology.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<String> LOCAL_TOPO = key("pmix.ltopo", DataType.STRING, String.class);
    /**
     * XML-based description of topology.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<String> TOPOLOGY_XML = key("pmix.topo.xml", DataType.STRING, String.class);
    /**
     * Full path to file containing XML topology description.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<String> TOPOLOGY_FILE = key("pmix.topo.file", DataType.STRING, String.class);
    /**
     * Topology signature string.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<String> TOPOLOGY_SIGNATURE = key("pmix.toposig", DataType.STRING, String.class);
    /**
     * Address of HWLOC shared memory segment.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<Long> HWLOC_SHMEM_ADDR = key("pmix.hwlocaddr", DataType.SIZE, Long.class);
    /**
     * Size of HWLOC shared memory segment.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<Long> HWLOC_SHMEM_SIZE = key("pmix.hwlocsize", DataType.SIZE, Long.class);
    /**
     * Path to HWLOC shared memory file.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<String> HWLOC_SHMEM_FILE = key("pmix.hwlocfile", DataType.STRING, String.class);
    /**
     * XML representation of local topology using HWLOC v1.x format.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<String> HWLOC_XML_V1 = key("pmix.hwlocxml1", DataType.STRING, String.class);
    /**
     * XML representation of local topology using HWLOC v2.x format.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<String> HWLOC_XML_V2 = key("pmix.hwlocxml2", DataType.STRING, String.class);
    /**
     * Share the HWLOC topology via shared memory.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<Boolean> HWLOC_SHARE_TOPO = key("pmix.hwlocsh", DataType.BOOL, Boolean.class);
    /**
     * Kind of VM "hole" HWLOC should use for shared memory.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<String> HWLOC_HOLE_KIND = key("pmix.hwlocholek", DataType.STRING, String.class);
    /**
     * Path to dstore files.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<String> DSTPATH = key("pmix.dstpath", DataType.STRING, String.class);
    /**
     * Comma-delimited list of algorithms to use for collective.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<String> COLLECTIVE_ALGO = key("pmix.calgo", DataType.STRING, String.class);
    /**
     * If true, indicates that the requested choice of algo is mandatory.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<Boolean> COLLECTIVE_ALGO_REQD = key("pmix.calreqd", DataType.BOOL, Boolean.class);
    /**
     * Packed blob of process data.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<byte[]> PROC_BLOB = key("pmix.pblob", DataType.BYTE_OBJECT, byte[].class);
    /**
     * Packed blob of process location.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<byte[]> MAP_BLOB = key("pmix.mblob", DataType.BYTE_OBJECT, byte[].class);
    /**
     * Mapper to use for placing spawned procs.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<String> MAPPER = key("pmix.mapper", DataType.STRING, String.class);
    /**
     * Spawned procs will not call {@code PMIx_Init}.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<Boolean> NON_PMI = key("pmix.nonpmi", DataType.BOOL, Boolean.class);
    /**
     * URI containing contact info for proc.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<String> PROC_URI = key("pmix.puri", DataType.STRING, String.class);
    /**
     * Datatype architecture flag.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<Integer> ARCH = key("pmix.arch", DataType.UINT32, Integer.class);
    /**
     * Array of job-level directives.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<DataArray> DEBUG_JOB_DIRECTIVES =
            key("pmix.dbg.jdirs", DataType.DATA_ARRAY, DataArray.class);
    /**
     * Array of app-level directives.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<DataArray> DEBUG_APP_DIRECTIVES =
            key("pmix.dbg.adirs", DataType.DATA_ARRAY, DataArray.class);
    /**
     * Indicates that the handler has satisfactorily handled the event and believes termination of the application is
     * not required.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<Boolean> EVENT_NO_TERMINATION = key("pmix.evnoterm", DataType.BOOL, Boolean.class);
    /**
     * Indicates that the handler has determined that the application should be terminated.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<Boolean> EVENT_WANT_TERMINATION = key("pmix.evterm", DataType.BOOL, Boolean.class);
    /**
     * Tag application output with the ID of the source.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<Boolean> TAG_OUTPUT = key("pmix.tagout", DataType.BOOL, Boolean.class);
    /**
     * Timestamp output from applications.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<Boolean> TIMESTAMP_OUTPUT = key("pmix.tsout", DataType.BOOL, Boolean.class);
    /**
     * Merge stdout and stderr streams from application procs.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<Boolean> MERGE_STDERR_STDOUT = key("pmix.mergeerrout", DataType.BOOL, Boolean.class);
    /**
     * Direct application output into files of form "&lt;filename&gt;.rank" with both stdout and stderr redirected
     * into it.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<String> OUTPUT_TO_FILE = key("pmix.outfile", DataType.STRING, String.class);
    /**
     * Direct application output into files of form "&lt;directory&gt;/&lt;jobid&gt;/rank.&lt;rank&gt;/stdout[err]".
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<String> OUTPUT_TO_DIRECTORY = key("pmix.outdir", DataType.STRING, String.class);
    /**
     * Output only into designated files - do not also output a copy to stdout/stderr.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<Boolean> OUTPUT_NOCOPY = key("pmix.nocopy", DataType.BOOL, Boolean.class);
    /**
     * Comma-delimited string of desired modules.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<String> GDS_MODULE = key("pmix.gds.mod", DataType.STRING, String.class);
    /**
     * Name of bfrops plugin in-use by a given nspace.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<String> BFROPS_MODULE = key("pmix.bfrops.mod", DataType.STRING, String.class);
    /**
     * Blob containing info to be given to pnet framework on remote nodes.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<byte[]> PNET_SETUP_APP = key("pmix.pnet.setapp", DataType.BYTE_OBJECT, byte[].class);
    /**
     * Stop forwarding the specified channel(s).
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<Boolean> IOF_STOP = key("pmix.iof.stop", DataType.BOOL, Boolean.class);
    /**
     * Notify the requestor upon launch of the child job and return its namespace in the event.
     *
     * @deprecated listed in {@code pmix_deprecated.h}
     */
    @Deprecated
    public static final Key<Boolean> NOTIFY_LAUNCH = key("pmix.note.lnch", DataType.BOOL, Boolean.class);

    // ---- Data realms: reserved-keys.tex, "Data realms" and its realm subsections ----

    /**
     * The data realms of reserved-keys.tex ("Data realms"): the scope a piece of reserved information applies to.
     * A {@code PMIx_Get} names the realm with its {@link #qualifier()} when it is not the key's default.
     */
    public enum Realm {
        SESSION,
        JOB,
        APP,
        NODE,
        PROC;

        /**
         * The boolean attribute that directs {@code PMIx_Get} to this realm: {@link Keys#SESSION_INFO},
         * {@link Keys#JOB_INFO}, {@link Keys#APP_INFO}, {@link Keys#NODE_INFO} or {@link Keys#PROC_INFO}.
         */
        public Key<Boolean> qualifier() {
            // a switch, not a constructor argument: initializing Realm must not need Keys initialized
            return switch (this) {
                case SESSION -> SESSION_INFO;
                case JOB -> JOB_INFO;
                case APP -> APP_INFO;
                case NODE -> NODE_INFO;
                case PROC -> PROC_INFO;
            };
        }
    }

    private static final Map<String, Set<Realm>> REALMS = new HashMap<>();
    private static final Map<String, Realm> DEFAULT_REALM = new HashMap<>();

    static {
        // "Session realm attributes": keys that by default request session-level information
        place(Realm.SESSION, EnumSet.of(Realm.SESSION),
                CLUSTER_ID, UNIV_SIZE, TMPDIR, TDIR_RMCLEAN, HOSTNAME_KEEP_FQDN, RM_NAME, RM_VERSION);
        // ... and the session-related keys that "default to the job realm" but may be asked of the session
        // with PMIX_SESSION_INFO; those also pasted under "Job realm" and "Application realm" may be asked of
        // either with PMIX_JOB_INFO / PMIX_APP_INFO
        place(Realm.JOB, EnumSet.of(Realm.SESSION, Realm.JOB),
                ALLOCATED_NODELIST, NUM_ALLOCATED_NODES, NODE_MAP_RAW, PROC_MAP_RAW, ANL_MAP);
        place(Realm.JOB, EnumSet.of(Realm.SESSION, Realm.JOB, Realm.APP),
                MAX_PROCS, NUM_SLOTS, NUM_NODES, NODE_MAP, NODE_LIST, PROC_MAP);
        // "Job realm attributes"
        place(Realm.JOB, EnumSet.of(Realm.JOB),
                JOBID, NPROC_OFFSET, CMD_LINE, NSDIR, JOB_SIZE, JOB_NUM_APPS, LOCAL_PEERS, LOCALLDR, LOCAL_CPUSETS);
        // declared under "Job realm", but its text: "Defaults to job unless the PMIX_APP_INFO and the PMIX_APPNUM
        // qualifiers are given"
        place(Realm.JOB, EnumSet.of(Realm.JOB, Realm.APP), LOCAL_SIZE);
        // "Application realm attributes"
        place(Realm.APP, EnumSet.of(Realm.APP), APPLDR, APP_SIZE, APP_ARGV, APP_MAP_TYPE, APP_MAP_REGEX);
        // "Process realm attributes"
        place(Realm.PROC, EnumSet.of(Realm.PROC),
                APPNUM, RANK, NSPACE, SESSION_ID, GLOBAL_RANK, APP_RANK, PARENT_ID, EXIT_CODE, PROCID, LOCAL_RANK,
                NODE_RANK, PACKAGE_RANK, PROC_PID, PROCDIR, CPUSET, CPUSET_BITMAP, CREDENTIAL, SPAWNED, REINCARNATION);
        // "Node realm keys"
        place(Realm.NODE, EnumSet.of(Realm.NODE),
                HOSTNAME, HOSTNAME_ALIASES, NODEID, NODE_SIZE, AVAIL_PHYS_MEMORY, LOCAL_PROCS, NODE_OVERSUBSCRIBED);
    }

    private Keys() {
    }

    /**
     * Whether a key is reserved: its string starts with {@value #RESERVED_PREFIX} (reserved-keys.tex), listed in
     * this class or not. Clients and tools must not post such a key.
     */
    public static boolean isReserved(String key) {
        return Objects.requireNonNull(key, "key").startsWith(RESERVED_PREFIX);
    }

    /**
     * The key with the given string ({@code "pmix.rank"} gives {@link #RANK}), in O(1); empty for a string no key
     * here has. For a string with two keys, the first declared (see "Aliases" in the class comment).
     */
    public static Optional<Key<?>> byName(String name) {
        return Optional.ofNullable(BY_NAME.get(Objects.requireNonNull(name, "name")));
    }

    /** Every key here, equal aliases once, in declaration order (the header's); unmodifiable. */
    public static Collection<Key<?>> all() {
        return ALL;
    }

    /**
     * The realms reserved-keys.tex allows a key to be retrieved from: the subsection that declares it, the
     * subsections it is pasted into, and a realm its description names as the default. Empty for a key the tex
     * does not place in a realm (not a reserved key of a realm, or posted data).
     */
    public static Set<Realm> realmsOf(String name) {
        Set<Realm> realms = REALMS.get(Objects.requireNonNull(name, "name"));
        return realms != null ? realms : Set.of();
    }

    /** {@link #realmsOf(String)} of a key's string. */
    public static Set<Realm> realmsOf(Key<?> key) {
        return realmsOf(key.name());
    }

    /**
     * The realm a {@code PMIx_Get} of the key reads when no realm qualifier is given (reserved-keys.tex: "The
     * following keys, by default, request ... information", or "Defaults to the job realm"); empty for a key the
     * tex does not place in a realm.
     */
    public static Optional<Realm> defaultRealm(String name) {
        return Optional.ofNullable(DEFAULT_REALM.get(Objects.requireNonNull(name, "name")));
    }

    /** {@link #defaultRealm(String)} of a key's string. */
    public static Optional<Realm> defaultRealm(Key<?> key) {
        return defaultRealm(key.name());
    }

    private static <T> Key<T> key(String name, int type, Class<T> javaType) {
        Key<T> key = new Key<>(name, type, javaType);
        BY_NAME.putIfAbsent(name, key);
        DISTINCT.add(key);
        return key;
    }

    private static void place(Realm defaultRealm, EnumSet<Realm> realms, Key<?>... keys) {
        Set<Realm> view = Collections.unmodifiableSet(realms);
        for (Key<?> k : keys) {
            REALMS.put(k.name(), view);
            DEFAULT_REALM.put(k.name(), defaultRealm);
        }
    }
}
