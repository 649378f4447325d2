package io.github.jpmix.common.internal;

import io.github.jpmix.common.Key;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.RegAttr;
import io.github.jpmix.common.Status;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Not API. The one registry of the attributes JPMIx itself supports, per level and per PMIx function, as
 * {@code PMIX_QUERY_ATTRIBUTE_SUPPORT} reports them (the Standard's "Accessing attribute support information";
 * OpenPMIx's {@code pattrs} prints the same tables). Each entry is a {@link RegAttr}: the attribute's C name, its
 * string, its type, and what JPMIx does with it.
 *
 * <p>Levels: {@link Level#CLIENT} (what {@code PmixClient} honours), {@link Level#SERVER} (what
 * {@code PmixServer} honours, including the query keys it answers and the log directives it handles),
 * {@link Level#TOOL} (what the tool library, {@code PmixTool}, honours) and
 * {@link Level#HOST}, which is never static: a host registers its own with {@code PmixServer.registerAttributes}.
 *
 * <p>A function that takes no attributes is listed with an empty list: it is supported, with nothing to tune.
 *
 * <p>Immutable once the class is initialized; thread-safe.
 */
public final class SupportedAttributes {
    /** The levels of attribute support, each with the qualifiers that ask for its attributes and its functions. */
    public enum Level {
        CLIENT(Keys.CLIENT_ATTRIBUTES, Keys.CLIENT_FUNCTIONS),
        SERVER(Keys.SERVER_ATTRIBUTES, Keys.SERVER_FUNCTIONS),
        HOST(Keys.HOST_ATTRIBUTES, Keys.HOST_FUNCTIONS),
        TOOL(Keys.TOOL_ATTRIBUTES, Keys.TOOL_FUNCTIONS);

        private final Key<String> attributes;
        private final Key<String> functions;

        Level(Key<String> attributes, Key<String> functions) {
            this.attributes = attributes;
            this.functions = functions;
        }

        /** The qualifier asking for this level's attributes ({@code PMIX_CLIENT_ATTRIBUTES}, ...). */
        public Key<String> attributesKey() {
            return attributes;
        }

        /** The qualifier asking for this level's function names ({@code PMIX_CLIENT_FUNCTIONS}, ...). */
        public Key<String> functionsKey() {
            return functions;
        }
    }

    /** The PMIx function whose attributes are the query keys and qualifiers the server answers. */
    public static final String QUERY_FUNCTION = "PMIx_Query_info";
    /** The PMIx function whose attributes are the log channels and directives. */
    public static final String LOG_FUNCTION = "PMIx_Log";

    private static final String C_PREFIX = "PMIX_";
    private static final Map<Level, Map<String, List<RegAttr>>> TABLES = new LinkedHashMap<>();

    static {
        Map<String, List<RegAttr>> client = new LinkedHashMap<>();
        client.put("PMIx_Init", List.of());
        client.put("PMIx_Finalize", List.of());
        client.put("PMIx_Abort", List.of());
        client.put("PMIx_Put", List.of());
        client.put("PMIx_Commit", List.of());
        List<RegAttr> fence = List.of(
                attr(Keys.COLLECT_DATA, "collect the posted data of every participant: readable by get afterwards"),
                attr(Keys.TIMEOUT, "seconds to wait for every participant; PMIX_ERR_TIMEOUT after"));
        client.put("PMIx_Fence", fence);
        client.put("PMIx_Fence_nb", fence);
        List<RegAttr> get = List.of(
                attr(Keys.SESSION_INFO, "read the session realm"),
                attr(Keys.JOB_INFO, "read the job realm"),
                attr(Keys.APP_INFO, "read the application realm (with PMIX_APPNUM: that application)"),
                attr(Keys.APPNUM, "the application whose realm PMIX_APP_INFO reads"),
                attr(Keys.NODE_INFO, "read the node realm (with PMIX_HOSTNAME or PMIX_NODEID: that node)"),
                attr(Keys.HOSTNAME, "the node whose realm PMIX_NODE_INFO reads"),
                attr(Keys.NODEID, "the node whose realm PMIX_NODE_INFO reads"),
                attr(Keys.SESSION_ID, "the session whose realm PMIX_SESSION_INFO reads"),
                attr(Keys.IMMEDIATE, "answer PMIX_ERR_NOT_FOUND at once instead of waiting for posted data"),
                attr(Keys.TIMEOUT, "seconds to wait for posted data; PMIX_ERR_TIMEOUT after"));
        client.put("PMIx_Get", get);
        client.put("PMIx_Get_nb", get);
        client.put("PMIx_Resolve_peers", List.of());
        client.put("PMIx_Resolve_nodes", List.of());
        List<RegAttr> query = List.of(
                attr(Keys.QUERY_REFRESH_CACHE, "bypass the client's cache of earlier answers and ask the server"));
        client.put(QUERY_FUNCTION, query);
        client.put("PMIx_Query_info_nb", query);
        List<RegAttr> log = List.of(
                attr(Keys.LOG_GENERATE_TIMESTAMP, "the client stamps the request with PMIX_LOG_TIMESTAMP (seconds)"));
        client.put(LOG_FUNCTION, log);
        client.put("PMIx_Log_nb", log);
        // publish / lookup, spawn, connect: handed to the host, which honours the directives (docs/protocol.md)
        List<RegAttr> publish = List.of(
                attr(Keys.RANGE, "who may look the data up (default PMIX_RANGE_SESSION); passed to the host"),
                attr(Keys.PERSISTENCE, "how long the data lives (default PMIX_PERSIST_SESSION); passed to the host"),
                attr(Keys.TIMEOUT, "seconds the client waits for the answer"));
        client.put("PMIx_Publish", publish);
        client.put("PMIx_Publish_nb", publish);
        List<RegAttr> lookup = List.of(
                attr(Keys.RANGE, "where to look; passed to the host"),
                attr(Keys.WAIT, "wait until that many keys (0: all) are published; passed to the host"),
                attr(Keys.TIMEOUT, "seconds to wait at most; PMIX_ERR_TIMEOUT after"));
        client.put("PMIx_Lookup", lookup);
        client.put("PMIx_Lookup_nb", lookup);
        List<RegAttr> unpublish = List.of(attr(Keys.RANGE, "only what was published in that range; passed to the host"));
        client.put("PMIx_Unpublish", unpublish);
        client.put("PMIx_Unpublish_nb", unpublish);
        client.put("PMIx_Spawn", List.of());
        client.put("PMIx_Spawn_nb", List.of());
        List<RegAttr> connect = List.of(attr(Keys.TIMEOUT, "seconds to wait for every participant; PMIX_ERR_TIMEOUT after"));
        client.put("PMIx_Connect", connect);
        client.put("PMIx_Connect_nb", connect);
        client.put("PMIx_Disconnect", connect);
        client.put("PMIx_Disconnect_nb", connect);
        TABLES.put(Level.CLIENT, Collections.unmodifiableMap(client));

        Map<String, List<RegAttr>> server = new LinkedHashMap<>();
        server.put("PMIx_server_init", List.of(
                attr(Keys.SERVER_TMPDIR, "where the session directory is made (ServerOptions.serverTmpdir)"),
                attr(Keys.SYSTEM_TMPDIR, "the system tmpdir (ServerOptions.systemTmpdir)"),
                attr(Keys.HOSTNAME, "this node's name as clients see it (ServerOptions.hostname)"),
                attr(Keys.SERVER_NSPACE, "the server's own namespace (ServerOptions.serverProc)"),
                attr(Keys.SERVER_RANK, "the server's own rank (ServerOptions.serverProc)")));
        server.put("PMIx_server_register_nspace", List.of(
                attr(Keys.JOB_SIZE, "processes in the job"),
                attr(Keys.NODE_MAP, "the job's nodes as a node map (regex)"),
                attr(Keys.PROC_MAP, "the ranks of each node as a proc map (regex)"),
                attr(Keys.SESSION_INFO_ARRAY, "session-realm facts"),
                attr(Keys.JOB_INFO_ARRAY, "job-realm facts"),
                attr(Keys.APP_INFO_ARRAY, "one array per application (PMIX_APPNUM first)"),
                attr(Keys.NODE_INFO_ARRAY, "one array per node (PMIX_HOSTNAME or PMIX_NODEID first)"),
                attr(Keys.PROC_INFO_ARRAY, "one array per local process (PMIX_RANK first)")));
        server.put("PMIx_server_deregister_nspace", List.of());
        server.put("PMIx_server_register_client", List.of());
        server.put("PMIx_server_deregister_client", List.of());
        server.put("PMIx_server_setup_fork", List.of());
        server.put("PMIx_Register_attributes", List.of());
        server.put(QUERY_FUNCTION, List.of(
                attr(Keys.QUERY_NAMESPACES, "comma-delimited list of the namespaces this server holds"),
                attr(Keys.QUERY_NAMESPACE_INFO, "per namespace: PMIX_NSPACE, PMIX_JOB_SIZE, PMIX_CMD_LINE if given; "
                        + "optional qualifier PMIX_NSPACE"),
                attr(Keys.QUERY_JOB_STATUS, "the job's status from its local processes' states; "
                        + "required qualifier PMIX_NSPACE"),
                attr(Keys.QUERY_PROC_TABLE, "pmix_proc_info_t of every process of the job (remote ones with "
                        + "hostname only); required qualifier PMIX_NSPACE"),
                attr(Keys.QUERY_LOCAL_PROC_TABLE, "pmix_proc_info_t of the job's processes on this node; "
                        + "required qualifier PMIX_NSPACE"),
                attr(Keys.QUERY_SPAWN_SUPPORT, "comma-delimited spawn attributes registered at any level"),
                attr(Keys.QUERY_DEBUG_SUPPORT, "comma-delimited debug attributes registered at any level"),
                attr(Keys.QUERY_SUPPORTED_KEYS, "comma-delimited list of the query keys this server answers"),
                attr(Keys.QUERY_AVAIL_SERVERS, "PMIX_SERVER_INFO_ARRAY of this server, then of every other live server "
                        + "of the node with a rendezvous file"),
                attr(Keys.QUERY_ATTRIBUTE_SUPPORT, "these tables; qualifiers PMIX_CLIENT_/SERVER_/HOST_/TOOL_"
                        + "ATTRIBUTES (comma-delimited functions or \"all\") and _FUNCTIONS"),
                attr(Keys.LOCAL_PROCS, "the processes on the nodes given by PMIX_NODEID or PMIX_HOSTNAME qualifiers "
                        + "(default this node), of PMIX_NSPACE or every namespace"),
                attr(Keys.NODE_LIST, "comma-delimited nodes of PMIX_NSPACE (or of every namespace)"),
                attr(Keys.NSPACE, "qualifier: the namespace a query is about"),
                attr(Keys.RANK, "qualifier: with PMIX_NSPACE, the process a data-realm key is read for"),
                attr(Keys.PROCID, "qualifier: the process a data-realm key is read for (not with NSPACE/RANK)"),
                attr(Keys.NODEID, "qualifier: a node a PMIX_LOCAL_PROCS query is about (may repeat)"),
                attr(Keys.HOSTNAME, "qualifier: a node a PMIX_LOCAL_PROCS query is about (may repeat)"),
                attr(Keys.SESSION_ID, "qualifier: without PMIX_NSPACE, PMIX_LOCAL_PROCS and PMIX_NODE_LIST read "
                        + "the namespaces of this session only"),
                attr(Keys.QUERY_SUPPORTED_QUALIFIERS, "qualifier: answer the qualifiers a key takes instead")));
        server.put(LOG_FUNCTION, List.of(
                attr(Keys.LOG_ONCE, "hand the data to the first channel that takes it, in the order given"),
                attr(Keys.USERID, "added by the server: the requester's uid (SO_PEERCRED)"),
                attr(Keys.GRPID, "added by the server: the requester's gid (SO_PEERCRED)"),
                attr(Keys.LOG_SOURCE, "added by the server when absent: the requesting process")));
        List<RegAttr> relayed = List.of(
                attr(Keys.USERID, "added by the server for the host: the requester's uid (SO_PEERCRED)"),
                attr(Keys.GRPID, "added by the server for the host: the requester's gid (SO_PEERCRED)"));
        for (String f : List.of("PMIx_Publish", "PMIx_Lookup", "PMIx_Unpublish")) {
            server.put(f, relayed);
        }
        server.put("PMIx_Spawn", List.of()); // the host's attributes (PMIX_QUERY_SPAWN_SUPPORT lists what users may pass)
        server.put("PMIx_Connect", List.of(attr(Keys.TIMEOUT, "seconds to wait for every local participant")));
        server.put("PMIx_Disconnect", List.of(attr(Keys.TIMEOUT, "seconds to wait for every local participant")));
        TABLES.put(Level.SERVER, Collections.unmodifiableMap(server));

        TABLES.put(Level.HOST, Map.of());

        // what io.github.jpmix.tool.PmixTool / ToolOptions read (RFC0010, docs/tools.md)
        Map<String, List<RegAttr>> tool = new LinkedHashMap<>();
        tool.put("PMIx_tool_init", List.of(
                attr(Keys.SERVER_URI, "connect to the server at this URI (or file:<rendezvous file>)"),
                attr(Keys.TOOL_ATTACHMENT_FILE, "connect to the server a rendezvous file names"),
                attr(Keys.CONNECT_TO_SYSTEM, "connect only to this node's system server"),
                attr(Keys.CONNECT_SYSTEM_FIRST, "try the system server first, then the session servers"),
                attr(Keys.SERVER_PIDINFO, "the session server with this pid (exact file name match)"),
                attr(Keys.SERVER_NSPACE, "the session server with this namespace (exact file name match)"),
                attr(Keys.SERVER_TMPDIR, "where session servers publish rendezvous files"),
                attr(Keys.SYSTEM_TMPDIR, "where the system server publishes its rendezvous file"),
                attr(Keys.TOOL_NSPACE, "the namespace this tool asks for (default: the server assigns one)"),
                attr(Keys.TOOL_RANK, "the rank this tool asks for, with PMIX_TOOL_NSPACE"),
                attr(Keys.CONNECT_MAX_RETRIES, "further connection attempts while no server answers"),
                attr(Keys.CONNECT_RETRY_DELAY, "seconds between connection attempts"),
                attr(Keys.TOOL_CONNECT_OPTIONAL, "run unconnected when no server can be found"),
                attr(Keys.TOOL_DO_NOT_CONNECT, "do not look for a server"),
                attr(Keys.HOSTNAME, "this node's name as servers spell it in rendezvous file names")));
        tool.put("PMIx_tool_finalize", List.of());
        tool.put(QUERY_FUNCTION, client.get(QUERY_FUNCTION));
        tool.put("PMIx_Query_info_nb", client.get(QUERY_FUNCTION));
        tool.put(LOG_FUNCTION, log);
        tool.put("PMIx_Log_nb", log);
        TABLES.put(Level.TOOL, Collections.unmodifiableMap(tool));
    }

    private SupportedAttributes() {
    }

    /** The functions of a level and their attributes, in order; {@link Level#HOST} is always empty here. */
    public static Map<String, List<RegAttr>> functions(Level level) {
        return TABLES.get(level);
    }

    /** The attributes of one function at one level; empty if the level does not have the function. */
    public static List<RegAttr> attributes(Level level, String function) {
        return TABLES.get(level).getOrDefault(function, List.of());
    }

    /**
     * A registration of a reserved key: its C name, string and type from {@link Keys}, and a description.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} for a key that is not one of {@link Keys}
     */
    public static RegAttr attr(Key<?> key, String description) {
        return RegAttr.of(key, description);
    }

    /**
     * The C macro name of a reserved key ({@code Keys.LOG_STDERR} is {@code "PMIX_LOG_STDERR"}): the {@link Keys}
     * field holding that very key, with the {@code PMIX_} prefix its naming rule drops (the name
     * {@link RegAttr#of} gives it).
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} for a key that is not one of {@link Keys}
     */
    public static String cName(Key<?> key) {
        return RegAttr.of(key).name();
    }

    /**
     * The reserved key a C macro name names ({@code "PMIX_NSPACE"} is {@code Keys.NSPACE}), if any: the
     * inverse of {@link #cName}, by the same rule (the {@link Keys} field named as the macro without {@code PMIX_}).
     */
    public static java.util.Optional<Key<?>> byCName(String cName) {
        if (!cName.startsWith(C_PREFIX)) {
            return java.util.Optional.empty();
        }
        try {
            Field f = Keys.class.getField(cName.substring(C_PREFIX.length()));
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == Key.class) {
                return java.util.Optional.of((Key<?>) f.get(null));
            }
        } catch (NoSuchFieldException e) {
            // not a key of Keys
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
        return java.util.Optional.empty();
    }
}
