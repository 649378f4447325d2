package io.github.jpmix.server;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.transport.RendezvousFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * How a {@link PmixServer} runs. Every setting has one name and one default; {@link #conclude()}
 * checks them all once, when the server starts (the way Aeron's {@code Context.conclude()} does).
 *
 * <p>Directories follow OpenPMIx's "tmpdir chain": the explicit setting, else the environment's
 * {@code PMIX_SERVER_TMPDIR} (resp. {@code PMIX_SYSTEM_TMPDIR}), else {@code TMPDIR}, else
 * {@code java.io.tmpdir}. The server makes its session directory, mode 0700, inside the server
 * tmpdir.
 *
 * <p>Tools (RFC0010, {@code docs/tools.md}) can connect only to a server started with
 * {@link #toolSupport} or {@link #systemSupport}: it then listens on a second socket for tools and
 * publishes rendezvous files naming it.
 *
 * <p>Not thread-safe: configure, then hand to {@link PmixServer#start}.
 */
public final class ServerOptions {
    private Path serverTmpdir;
    private Path systemTmpdir;
    private String hostname;
    private String serverNamespace;
    private int serverRank;
    private Duration heartbeatTimeout = Duration.ofSeconds(30);
    private int ringCapacity = 1 << 20;
    private Map<String, String> environment = System.getenv();
    private boolean toolSupport;
    private boolean systemSupport;
    private boolean openPmixClients = true;
    private long maxPostedBytesPerClient = DEFAULT_MAX_POSTED_BYTES_PER_CLIENT;
    private int maxPostedKeysPerClient = DEFAULT_MAX_POSTED_KEYS_PER_CLIENT;
    private int maxParkedGetsPerClient = DEFAULT_MAX_PARKED_GETS_PER_CLIENT;

    /** Default of {@link #maxPostedBytesPerClient}: 64 MiB. */
    public static final long DEFAULT_MAX_POSTED_BYTES_PER_CLIENT = 64L << 20;
    /** Default of {@link #maxPostedKeysPerClient}. */
    public static final int DEFAULT_MAX_POSTED_KEYS_PER_CLIENT = 100_000;
    /** Default of {@link #maxParkedGetsPerClient}. */
    public static final int DEFAULT_MAX_PARKED_GETS_PER_CLIENT = 10_000;

    /** Where the session directory goes ({@code PMIX_SERVER_TMPDIR}). */
    public ServerOptions serverTmpdir(Path dir) {
        this.serverTmpdir = Objects.requireNonNull(dir, "dir");
        return this;
    }

    /** The system-wide tmpdir ({@code PMIX_SYSTEM_TMPDIR}), where system-level rendezvous files go. */
    public ServerOptions systemTmpdir(Path dir) {
        this.systemTmpdir = Objects.requireNonNull(dir, "dir");
        return this;
    }

    /** This node's name as clients see it ({@code PMIX_HOSTNAME}); default: the host's name. */
    public ServerOptions hostname(String name) {
        this.hostname = Objects.requireNonNull(name, "name");
        return this;
    }

    /** The server's own identity ({@code PMIX_SERVER_NSPACE}, {@code PMIX_SERVER_RANK}); default {@code jpmix.<host>.<pid>}, rank 0. */
    public ServerOptions serverProc(String nspace, int rank) {
        this.serverNamespace = Objects.requireNonNull(nspace, "nspace");
        this.serverRank = rank;
        return this;
    }

    /**
     * How long a connected client may stay silent (no heartbeat) before it is taken for hung and
     * dropped; default 30 s, the transport's (docs/transport.md, "Settings"). A dead client is
     * noticed at once through its socket; this bound is for one that is alive but stuck. Shorter
     * is risky on an oversubscribed node: 64 JVMs starting at once on 2 cores stalled a healthy
     * client's 1 s heartbeat for 11.8 s (StressTest).
     */
    public ServerOptions heartbeatTimeout(Duration timeout) {
        this.heartbeatTimeout = Objects.requireNonNull(timeout, "timeout");
        return this;
    }

    /** Bytes of each ring buffer (one per direction per client), a power of two; default 1 MiB. */
    public ServerOptions ringCapacity(int bytes) {
        this.ringCapacity = bytes;
        return this;
    }

    /**
     * {@code PMIX_SERVER_TOOL_SUPPORT}: accept tool connections and publish the session-level
     * rendezvous files {@code pmix.<host>.tool}, {@code pmix.<host>.tool.<pid>} and
     * {@code pmix.<host>.tool.<server nspace>} in the server tmpdir (owner-only, mode 0600).
     * Default false.
     */
    public ServerOptions toolSupport(boolean enabled) {
        this.toolSupport = enabled;
        return this;
    }

    /**
     * {@code PMIX_SERVER_SYSTEM_SUPPORT}: be this node's system-level server: accept tool
     * connections and publish {@code pmix.sys.<host>} in the system tmpdir (mode 0644, so every
     * user's tools find it). Only one live server per node and system tmpdir may hold it:
     * {@link PmixServer#start} fails with {@code PMIX_ERR_EXISTS} while another one does. Default false.
     */
    public ServerOptions systemSupport(boolean enabled) {
        this.systemSupport = enabled;
        return this;
    }

    /**
     * Serve unmodified OpenPMIx 4.2.2 clients (every libpmix program, Open MPI) beside JPMIx's own:
     * listen on a loopback TCP port for OpenPMIx's client-server protocol ({@code docs/openpmix.md})
     * and give every process, in {@link PmixServer#setupFork}, the variables by which OpenPMIx's
     * client library finds that port ({@code PMIX_SERVER_URI41}, ...). Default true.
     */
    public ServerOptions openPmixClients(boolean enabled) {
        this.openPmixClients = enabled;
        return this;
    }

    /**
     * The most bytes of posted data ({@code PMIx_Put} then {@code PMIx_Commit}) the server holds for one
     * local client: each key counts its name and its value's payload (strings by their characters,
     * byte arrays by their length, other values 16 bytes; a key posted again counts once, with its
     * newest value). A {@code put} that would pass it fails at the caller with
     * {@code PMIX_ERR_OUT_OF_RESOURCE} naming this setting (the client learns the limits at its
     * handshake), and so does a commit the server refuses; the other processes' fences and gets go on.
     * Default 64 MiB ({@value #DEFAULT_MAX_POSTED_BYTES_PER_CLIENT} bytes); at least 1 KiB.
     */
    public ServerOptions maxPostedBytesPerClient(long bytes) {
        this.maxPostedBytesPerClient = bytes;
        return this;
    }

    /**
     * The most distinct keys the server holds posted for one local client; beyond it, as for
     * {@link #maxPostedBytesPerClient}. Each held key costs the server about 1 KB of heap (its value,
     * the key and the maps that index it, plus its copy in the store's staging map), so the default of
     * {@value #DEFAULT_MAX_POSTED_KEYS_PER_CLIENT} keeps one client's posts near 100 MB; an MPI process
     * posts a few dozen. At least 1.
     */
    public ServerOptions maxPostedKeysPerClient(int keys) {
        this.maxPostedKeysPerClient = keys;
        return this;
    }

    /**
     * The most gets of one client the server keeps waiting at once (gets of keys a local process has
     * not posted yet, answered at its commit or at their {@code PMIX_TIMEOUT}). A get beyond it fails
     * at once with {@code PMIX_ERR_OUT_OF_RESOURCE} naming this setting; each waiting get costs about
     * 500 bytes. Default {@value #DEFAULT_MAX_PARKED_GETS_PER_CLIENT}; at least 1.
     */
    public ServerOptions maxParkedGetsPerClient(int gets) {
        this.maxParkedGetsPerClient = gets;
        return this;
    }

    /** The environment the tmpdir chain reads (for tests); default {@link System#getenv()}. */
    public ServerOptions environment(Map<String, String> env) {
        this.environment = Map.copyOf(env);
        return this;
    }

    /**
     * The former name of {@link #conclude()}.
     *
     * @deprecated use {@link #conclude()}, the finishing step of every JPMIx options object
     */
    @Deprecated
    public ServerOptions validate() {
        return conclude();
    }

    /**
     * Fills the defaults and checks every setting.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} naming the bad setting and its value
     */
    public ServerOptions conclude() {
        serverTmpdir = resolveTmpdir(serverTmpdir, "PMIX_SERVER_TMPDIR");
        systemTmpdir = resolveTmpdir(systemTmpdir, "PMIX_SYSTEM_TMPDIR");
        if (hostname == null) {
            hostname = RendezvousFile.defaultHostname();
        }
        if (hostname.isEmpty() || hostname.indexOf(',') >= 0 || !RendezvousFile.isFileNameSafe(hostname)) {
            throw bad("hostname", hostname);
        }
        if (serverNamespace == null) {
            serverNamespace = "jpmix." + hostname + "." + ProcessHandle.current().pid();
        }
        new Proc(serverNamespace, serverRank); // checks the namespace length
        if (heartbeatTimeout.isNegative() || heartbeatTimeout.isZero()) {
            throw bad("heartbeatTimeout", heartbeatTimeout);
        }
        if (ringCapacity < 4096 || Integer.bitCount(ringCapacity) != 1) {
            throw bad("ringCapacity (a power of two >= 4096)", ringCapacity);
        }
        if (maxPostedBytesPerClient < 1024) {
            throw bad("maxPostedBytesPerClient (at least 1024)", maxPostedBytesPerClient);
        }
        if (maxPostedKeysPerClient < 1) {
            throw bad("maxPostedKeysPerClient (at least 1)", maxPostedKeysPerClient);
        }
        if (maxParkedGetsPerClient < 1) {
            throw bad("maxParkedGetsPerClient (at least 1)", maxParkedGetsPerClient);
        }
        return this;
    }

    private Path resolveTmpdir(Path explicit, String variable) {
        Path dir = explicit;
        if (dir == null && environment.get(variable) != null && !environment.get(variable).isEmpty()) {
            dir = Path.of(environment.get(variable));
        }
        if (dir == null && environment.get("TMPDIR") != null && !environment.get("TMPDIR").isEmpty()) {
            dir = Path.of(environment.get("TMPDIR"));
        }
        if (dir == null) {
            dir = Path.of(System.getProperty("java.io.tmpdir"));
        }
        if (!Files.isDirectory(dir)) {
            throw bad(variable + " (an existing directory)", dir);
        }
        return dir.toAbsolutePath();
    }

    private static PmixException bad(String setting, Object value) {
        return new PmixException(Status.ERR_BAD_PARAM, "server options: bad " + setting + ": " + value);
    }

    public Path serverTmpdir() {
        return serverTmpdir;
    }

    public Path systemTmpdir() {
        return systemTmpdir;
    }

    public String hostname() {
        return hostname;
    }

    public Proc serverProc() {
        return new Proc(serverNamespace, serverRank);
    }

    public Duration heartbeatTimeout() {
        return heartbeatTimeout;
    }

    public int ringCapacity() {
        return ringCapacity;
    }

    public long maxPostedBytesPerClient() {
        return maxPostedBytesPerClient;
    }

    public int maxPostedKeysPerClient() {
        return maxPostedKeysPerClient;
    }

    public int maxParkedGetsPerClient() {
        return maxParkedGetsPerClient;
    }

    public boolean toolSupport() {
        return toolSupport;
    }

    public boolean openPmixClients() {
        return openPmixClients;
    }

    public boolean systemSupport() {
        return systemSupport;
    }
}
