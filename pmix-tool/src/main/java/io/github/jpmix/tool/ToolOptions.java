package io.github.jpmix.tool;

import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Key;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Rank;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.transport.RendezvousFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How a {@link PmixTool} finds and connects to a server: the attributes of {@code PMIx_tool_init}
 * (RFC0010 and the Standard), as typed setters or as a {@code List<Info>} of the same {@link Keys}
 * ({@link #fromInfo}, {@link #info}). {@code docs/tools.md} describes the search.
 *
 * <table>
 *   <caption>Attributes</caption>
 *   <tr><th>attribute</th><th>setter</th><th>meaning</th></tr>
 *   <tr><td>{@code PMIX_SERVER_URI}</td><td>{@link #serverUri}</td><td>connect to this URI (or
 *       {@code file:<rendezvous file>}); no search</td></tr>
 *   <tr><td>{@code PMIX_TOOL_ATTACHMENT_FILE}</td><td>{@link #attachmentFile}</td><td>connect to the
 *       server this rendezvous file names; no search</td></tr>
 *   <tr><td>{@code PMIX_CONNECT_TO_SYSTEM}</td><td>{@link #connectToSystem}</td><td>only the system server</td></tr>
 *   <tr><td>{@code PMIX_CONNECT_SYSTEM_FIRST}</td><td>{@link #connectSystemFirst}</td><td>the system
 *       server if there is one, else as directed</td></tr>
 *   <tr><td>{@code PMIX_SERVER_PIDINFO}</td><td>{@link #serverPid}</td><td>the session server with this pid</td></tr>
 *   <tr><td>{@code PMIX_SERVER_NSPACE}</td><td>{@link #serverNamespace}</td><td>the session server with this namespace</td></tr>
 *   <tr><td>{@code PMIX_SERVER_TMPDIR}</td><td>{@link #serverTmpdir}</td><td>where session servers' files are searched</td></tr>
 *   <tr><td>{@code PMIX_SYSTEM_TMPDIR}</td><td>{@link #systemTmpdir}</td><td>where the system server's file is
 *       (and session files are searched too)</td></tr>
 *   <tr><td>{@code PMIX_TOOL_NSPACE}, {@code PMIX_TOOL_RANK}</td><td>{@link #toolProc}</td><td>this tool's
 *       identity; default: the server assigns one</td></tr>
 *   <tr><td>{@code PMIX_CONNECT_MAX_RETRIES}, {@code PMIX_CONNECT_RETRY_DELAY}</td><td>{@link #maxRetries},
 *       {@link #retryDelay}</td><td>try again when no server answers</td></tr>
 *   <tr><td>{@code PMIX_TOOL_CONNECT_OPTIONAL}</td><td>{@link #connectOptional}</td><td>no server found:
 *       run unconnected instead of failing</td></tr>
 *   <tr><td>{@code PMIX_TOOL_DO_NOT_CONNECT}</td><td>{@link #doNotConnect}</td><td>do not look for a server</td></tr>
 *   <tr><td>{@code PMIX_HOSTNAME}</td><td>{@link #hostname}</td><td>the node name in rendezvous file names</td></tr>
 * </table>
 * Any other info is handed to the server's host with the connection request (its
 * {@code toolConnected} upcall sees it).
 *
 * <p>Not thread-safe: configure, then hand to {@link PmixTool#connect}.
 */
public final class ToolOptions {
    private String serverUri;
    private Path attachmentFile;
    private boolean connectToSystem;
    private boolean connectSystemFirst;
    private long serverPid;
    private String serverNamespace;
    private Path serverTmpdir;
    private Path systemTmpdir;
    private boolean serverTmpdirGiven;
    private boolean systemTmpdirGiven;
    private String toolNamespace;
    private Integer toolRank;
    private int maxRetries;
    private Duration retryDelay = Duration.ofSeconds(1);
    private boolean connectOptional;
    private boolean doNotConnect;
    private String hostname;
    private Map<String, String> environment = System.getenv();
    private final List<Info> passThrough = new ArrayList<>();

    /** Options with every default: search the system server, then session servers. */
    public ToolOptions() {
    }

    /**
     * Options from attributes, as {@code PMIx_tool_init} takes them. A boolean attribute counts as
     * set when its value is true or it has no value ({@code PMIX_INFO_TRUE}).
     *
     * @throws PmixException {@link Status#ERR_TYPE_MISMATCH} for a value of the wrong type
     */
    public static ToolOptions fromInfo(List<Info> info) {
        return new ToolOptions().info(info);
    }

    /** Applies attributes on top of what is set; see {@link #fromInfo}. */
    public ToolOptions info(List<Info> info) {
        Objects.requireNonNull(info, "info");
        for (Info i : info) {
            apply(i);
        }
        return this;
    }

    /** Applies attributes on top of what is set; see {@link #fromInfo}. */
    public ToolOptions info(Info... info) {
        return info(List.of(info));
    }

    private void apply(Info i) {
        String k = i.key();
        if (k.equals(Keys.SERVER_URI.name())) {
            serverUri(read(i, Keys.SERVER_URI));
        } else if (k.equals(Keys.TOOL_ATTACHMENT_FILE.name())) {
            attachmentFile(Path.of(read(i, Keys.TOOL_ATTACHMENT_FILE)));
        } else if (k.equals(Keys.CONNECT_TO_SYSTEM.name())) {
            connectToSystem(flag(i));
        } else if (k.equals(Keys.CONNECT_SYSTEM_FIRST.name())) {
            connectSystemFirst(flag(i));
        } else if (k.equals(Keys.SERVER_PIDINFO.name())) {
            serverPid(i.value().asLong());
        } else if (k.equals(Keys.SERVER_NSPACE.name())) {
            serverNamespace(read(i, Keys.SERVER_NSPACE));
        } else if (k.equals(Keys.SERVER_TMPDIR.name())) {
            serverTmpdir(Path.of(read(i, Keys.SERVER_TMPDIR)));
        } else if (k.equals(Keys.SYSTEM_TMPDIR.name())) {
            systemTmpdir(Path.of(read(i, Keys.SYSTEM_TMPDIR)));
        } else if (k.equals(Keys.TOOL_NSPACE.name())) {
            toolNamespace = read(i, Keys.TOOL_NSPACE);
        } else if (k.equals(Keys.TOOL_RANK.name())) {
            toolRank = i.value().asInt();
        } else if (k.equals(Keys.CONNECT_MAX_RETRIES.name())) {
            maxRetries(i.value().asInt());
        } else if (k.equals(Keys.CONNECT_RETRY_DELAY.name())) {
            retryDelay(Duration.ofSeconds(Integer.toUnsignedLong(i.value().asInt())));
        } else if (k.equals(Keys.TOOL_CONNECT_OPTIONAL.name())) {
            connectOptional(flag(i));
        } else if (k.equals(Keys.TOOL_DO_NOT_CONNECT.name())) {
            doNotConnect(flag(i));
        } else if (k.equals(Keys.HOSTNAME.name())) {
            hostname(read(i, Keys.HOSTNAME));
        } else {
            passThrough.add(i);
        }
    }

    private static <T> T read(Info i, Key<T> key) {
        return key.read(i.value());
    }

    private static boolean flag(Info i) {
        return i.value().type() == DataType.UNDEF || i.value().asBoolean();
    }

    /** {@code PMIX_SERVER_URI}: {@code <nspace>.<rank>;unix:<socket>}, or {@code file:<path>} of a rendezvous file. */
    public ToolOptions serverUri(String uri) {
        this.serverUri = Objects.requireNonNull(uri, "uri");
        return this;
    }

    /** {@code PMIX_TOOL_ATTACHMENT_FILE}: a rendezvous file naming the server (its first line is the URI). */
    public ToolOptions attachmentFile(Path file) {
        this.attachmentFile = Objects.requireNonNull(file, "file");
        return this;
    }

    /** {@code PMIX_CONNECT_TO_SYSTEM}: connect only to this node's system server. */
    public ToolOptions connectToSystem(boolean only) {
        this.connectToSystem = only;
        return this;
    }

    /** {@code PMIX_CONNECT_SYSTEM_FIRST}: try the system server first, then as otherwise directed. */
    public ToolOptions connectSystemFirst(boolean first) {
        this.connectSystemFirst = first;
        return this;
    }

    /** {@code PMIX_SERVER_PIDINFO}: the session server whose pid this is (its {@code pmix.<host>.tool.<pid>} file). */
    public ToolOptions serverPid(long pid) {
        if (pid <= 0 || pid > Integer.MAX_VALUE) {
            throw bad("PMIX_SERVER_PIDINFO (a pid)", pid);
        }
        this.serverPid = pid;
        return this;
    }

    /** {@code PMIX_SERVER_NSPACE}: the session server with this namespace (its {@code pmix.<host>.tool.<nspace>} file). */
    public ToolOptions serverNamespace(String nspace) {
        if (!RendezvousFile.isFileNameSafe(Objects.requireNonNull(nspace, "nspace"))) {
            throw bad("PMIX_SERVER_NSPACE", "'" + nspace + "'");
        }
        this.serverNamespace = nspace;
        return this;
    }

    /** {@code PMIX_SERVER_TMPDIR}: where session servers publish; default the tmpdir chain. */
    public ToolOptions serverTmpdir(Path dir) {
        this.serverTmpdir = Objects.requireNonNull(dir, "dir");
        this.serverTmpdirGiven = true;
        return this;
    }

    /** {@code PMIX_SYSTEM_TMPDIR}: where the system server publishes; default the tmpdir chain. */
    public ToolOptions systemTmpdir(Path dir) {
        this.systemTmpdir = Objects.requireNonNull(dir, "dir");
        this.systemTmpdirGiven = true;
        return this;
    }

    /**
     * {@code PMIX_TOOL_NSPACE}/{@code PMIX_TOOL_RANK}: the identity this tool asks for; default the
     * server assigns {@code <server nspace>.tool.<n>}, rank 0.
     */
    public ToolOptions toolProc(Proc proc) {
        Objects.requireNonNull(proc, "proc");
        this.toolNamespace = proc.namespace();
        this.toolRank = proc.rank();
        return this;
    }

    /** {@code PMIX_CONNECT_MAX_RETRIES}: further attempts when no server answers; default 0. */
    public ToolOptions maxRetries(int retries) {
        this.maxRetries = retries;
        return this;
    }

    /** {@code PMIX_CONNECT_RETRY_DELAY}: the wait between attempts; default 1 s. */
    public ToolOptions retryDelay(Duration delay) {
        this.retryDelay = Objects.requireNonNull(delay, "delay");
        return this;
    }

    /** {@code PMIX_TOOL_CONNECT_OPTIONAL}: with no server to be found, run unconnected instead of failing. */
    public ToolOptions connectOptional(boolean optional) {
        this.connectOptional = optional;
        return this;
    }

    /** {@code PMIX_TOOL_DO_NOT_CONNECT}: do not look for a server at all. */
    public ToolOptions doNotConnect(boolean doNotConnect) {
        this.doNotConnect = doNotConnect;
        return this;
    }

    /** {@code PMIX_HOSTNAME}: this node's name as servers put it in rendezvous file names; default the host name. */
    public ToolOptions hostname(String name) {
        this.hostname = Objects.requireNonNull(name, "name");
        return this;
    }

    /** The environment the tmpdir chain reads (for tests); default {@link System#getenv()}. */
    public ToolOptions environment(Map<String, String> env) {
        this.environment = Map.copyOf(env);
        return this;
    }

    /**
     * The former name of {@link #conclude()}.
     *
     * @deprecated use {@link #conclude()}, the finishing step of every JPMIx options object
     */
    @Deprecated
    public ToolOptions validate() {
        return conclude();
    }

    /**
     * Fills the defaults and checks every setting. Directories follow the tmpdir chain of
     * {@code ServerOptions}: the setting, else {@code PMIX_SERVER_TMPDIR} (resp.
     * {@code PMIX_SYSTEM_TMPDIR}), else {@code TMPDIR}, else {@code java.io.tmpdir}.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} naming the bad setting or the settings that
     *     contradict each other
     */
    public ToolOptions conclude() {
        if (serverUri != null && attachmentFile != null) {
            throw new PmixException(Status.ERR_BAD_PARAM, "tool options: give PMIX_SERVER_URI or PMIX_TOOL_ATTACHMENT_FILE, not both");
        }
        if (connectToSystem && (serverUri != null || attachmentFile != null || serverPid != 0 || serverNamespace != null)) {
            throw new PmixException(Status.ERR_BAD_PARAM, "tool options: PMIX_CONNECT_TO_SYSTEM excludes PMIX_SERVER_URI,"
                    + " PMIX_TOOL_ATTACHMENT_FILE, PMIX_SERVER_PIDINFO and PMIX_SERVER_NSPACE");
        }
        if (maxRetries < 0) {
            throw bad("PMIX_CONNECT_MAX_RETRIES", maxRetries);
        }
        if (retryDelay.isNegative()) {
            throw bad("PMIX_CONNECT_RETRY_DELAY", retryDelay);
        }
        if (toolRank != null && toolNamespace == null) {
            throw new PmixException(Status.ERR_BAD_PARAM, "tool options: PMIX_TOOL_RANK without PMIX_TOOL_NSPACE");
        }
        if (toolNamespace != null) {
            int rank = toolRank == null ? 0 : toolRank;
            new Proc(toolNamespace, rank); // checks the length
            if (!Rank.isValid(rank)) {
                throw bad("PMIX_TOOL_RANK (a process rank)", Rank.toString(rank));
            }
        }
        if (hostname == null) {
            hostname = RendezvousFile.defaultHostname();
        }
        if (hostname.isEmpty() || !RendezvousFile.isFileNameSafe(hostname)) {
            throw bad("PMIX_HOSTNAME", "'" + hostname + "'");
        }
        serverTmpdir = resolveTmpdir(serverTmpdir, serverTmpdirGiven, "PMIX_SERVER_TMPDIR");
        systemTmpdir = resolveTmpdir(systemTmpdir, systemTmpdirGiven, "PMIX_SYSTEM_TMPDIR");
        return this;
    }

    private Path resolveTmpdir(Path explicit, boolean given, String variable) {
        if (given) {
            if (!Files.isDirectory(explicit)) {
                throw bad(variable + " (an existing directory)", explicit);
            }
            return explicit.toAbsolutePath();
        }
        if (explicit != null) {
            return explicit; // resolved by an earlier conclude()
        }
        for (String v : List.of(variable, "TMPDIR")) {
            String value = environment.get(v);
            if (value != null && !value.isEmpty()) {
                return Path.of(value).toAbsolutePath();
            }
        }
        return Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath();
    }

    private static PmixException bad(String setting, Object value) {
        return new PmixException(Status.ERR_BAD_PARAM, "tool options: bad " + setting + ": " + value);
    }

    public Optional<String> serverUri() {
        return Optional.ofNullable(serverUri);
    }

    public Optional<Path> attachmentFile() {
        return Optional.ofNullable(attachmentFile);
    }

    public boolean connectToSystem() {
        return connectToSystem;
    }

    public boolean connectSystemFirst() {
        return connectSystemFirst;
    }

    /** The server pid asked for, 0 for none. */
    public long serverPid() {
        return serverPid;
    }

    public Optional<String> serverNamespace() {
        return Optional.ofNullable(serverNamespace);
    }

    /** After {@link #conclude()}: the server tmpdir searched for session servers. */
    public Path serverTmpdir() {
        return serverTmpdir;
    }

    /** After {@link #conclude()}: the system tmpdir. */
    public Path systemTmpdir() {
        return systemTmpdir;
    }

    /** The identity asked for, if any. */
    public Optional<Proc> toolProc() {
        return toolNamespace == null ? Optional.empty() : Optional.of(new Proc(toolNamespace, toolRank == null ? 0 : toolRank));
    }

    public int maxRetries() {
        return maxRetries;
    }

    public Duration retryDelay() {
        return retryDelay;
    }

    public boolean connectOptional() {
        return connectOptional;
    }

    public boolean doNotConnect() {
        return doNotConnect;
    }

    /** After {@link #conclude()}: the node name in rendezvous file names. */
    public String hostname() {
        return hostname;
    }

    /** The infos handed to the server's host with the connection request. */
    public List<Info> passThrough() {
        return List.copyOf(passThrough);
    }

    /** Whether a specific server was named (URI, attachment file, pid or namespace). */
    boolean directed() {
        return serverUri != null || attachmentFile != null || serverPid != 0 || serverNamespace != null;
    }
}
