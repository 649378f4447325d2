package io.github.jpmix.server;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Rank;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.JvmFlags;
import io.github.jpmix.server.internal.ServerRuntime;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A PMIx server, embedded in a host (resource manager daemon or launcher): OpenPMIx's
 * {@code PMIx_server_init} and the {@code PMIx_server_*} calls a host makes.
 *
 * <p>A host starts it, registers each job ({@link #registerNamespace}) and each local process
 * ({@link #registerClient}), starts every process with the environment {@link #setupFork} returns,
 * and answers the upcalls of its {@link HostModule}. Clients connect over a Unix socket in the
 * server's session directory, read their job's facts from the memory-mapped store the server
 * writes, and exchange requests over per-client ring buffers ({@code docs/wireup-design.md}).
 *
 * <p>Thread-safe: every method may be called from any thread.
 */
public final class PmixServer implements AutoCloseable {
    /** The PMIx Standard version JPMIx implements, as {@code PMIX_VERSION} tells clients. */
    public static final String PMIX_VERSION = "4.2.2";

    static {
        JvmFlags.disableChronicleAnalytics();
    }

    private final ServerRuntime runtime;

    private PmixServer(ServerRuntime runtime) {
        this.runtime = runtime;
    }

    /**
     * Starts a server: creates its session directory (mode 0700) under the server tmpdir, its
     * store, its Unix socket and its rendezvous file; with tool or system support, its tool listener
     * and tool rendezvous files ({@code docs/tools.md}).
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} for bad options, {@link Status#ERR_INIT}
     *     when the directory or socket cannot be made, {@link Status#ERR_EXISTS} with
     *     {@link ServerOptions#systemSupport} while another live server is this node's system server
     */
    public static PmixServer start(ServerOptions options, HostModule host) {
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(host, "host");
        return new PmixServer(ServerRuntime.start(options.validate(), host));
    }

    /**
     * Registers a job ({@code PMIx_server_register_nspace}): its wireup information
     * ({@code spec/wireup-info.txt}) as job-level infos plus {@code PMIX_SESSION_INFO_ARRAY},
     * {@code PMIX_APP_INFO_ARRAY}, {@code PMIX_NODE_INFO_ARRAY} and {@code PMIX_PROC_INFO_ARRAY} arrays, and
     * {@code PMIX_NODE_MAP}/{@code PMIX_PROC_MAP}. Call it before starting the job's processes.
     *
     * @param nlocalprocs how many of the job's processes run on this node
     * @throws PmixException {@link Status#ERR_BAD_PARAM} for malformed information,
     *     {@link Status#ERR_EXISTS} if the namespace is registered already
     */
    public void registerNamespace(String nspace, int nlocalprocs, List<Info> info) {
        Objects.requireNonNull(nspace, "nspace");
        Objects.requireNonNull(info, "info");
        if (nlocalprocs < 0) {
            throw new PmixException(Status.ERR_BAD_PARAM, "registerNamespace: nlocalprocs < 0: " + nlocalprocs);
        }
        runtime.registerNamespace(nspace, nlocalprocs, info);
    }

    /** Forgets a job: its clients are disconnected and its data removed ({@code PMIx_server_deregister_nspace}). */
    public void deregisterNamespace(String nspace) {
        runtime.deregisterNamespace(Objects.requireNonNull(nspace, "nspace"));
    }

    /**
     * Registers a local process that will connect ({@code PMIx_server_register_client}), with the
     * uid and gid it will run as: a connecting process whose kernel-reported credentials differ is
     * refused with {@code PMIX_ERR_INVALID_CRED}.
     *
     * @throws PmixException {@link Status#ERR_INVALID_NAMESPACE} if its namespace is not registered,
     *     {@link Status#ERR_BAD_PARAM} for a rank that is not a process rank,
     *     {@link Status#ERR_EXISTS} if it is registered and alive
     */
    public void registerClient(Proc proc, int uid, int gid) {
        Objects.requireNonNull(proc, "proc");
        if (!Rank.isValid(proc.rank())) {
            throw new PmixException(Status.ERR_BAD_PARAM, "registerClient: not a process rank: " + proc);
        }
        runtime.registerClient(proc, uid, gid);
    }

    /** Forgets a local process, disconnecting it if connected ({@code PMIx_server_deregister_client}). */
    public void deregisterClient(Proc proc) {
        runtime.deregisterClient(Objects.requireNonNull(proc, "proc"));
    }

    /**
     * The environment a registered client must be started with ({@code PMIx_server_setup_fork}):
     * {@code PMIX_NAMESPACE}, {@code PMIX_RANK}, {@code PMIX_SERVER_URI}, {@code PMIX_SERVER_TMPDIR},
     * {@code PMIX_SYSTEM_TMPDIR}, {@code PMIX_HOSTNAME}, {@code PMIX_VERSION}.
     *
     * @throws PmixException {@link Status#ERR_NOT_FOUND} if the process is not registered
     */
    public Map<String, String> setupFork(Proc proc) {
        return runtime.setupFork(Objects.requireNonNull(proc, "proc"));
    }

    /**
     * What this node's process {@code proc} posted for other nodes, in the contribution format
     * {@link HostModule#fence} carries: a host answers another node's {@code directModex} with it.
     *
     * @throws PmixException {@link Status#ERR_NOT_FOUND} if {@code proc} is not a local client
     */
    public byte[] directModexData(Proc proc) {
        return runtime.directModexData(Objects.requireNonNull(proc, "proc"));
    }

    /** {@code PMIX_SERVER_URI}: how clients and tools reach this server. */
    public String uri() {
        return runtime.uri();
    }

    /**
     * The URI tools connect to ({@code PMIX_SERVER_URI} for {@code PmixTool}): with
     * {@link ServerOptions#toolSupport} or {@link ServerOptions#systemSupport}, the tool listener's, which
     * any user can reach (the handshake decides who gets in, {@code docs/tools.md}); else {@link #uri()}.
     */
    public String toolUri() {
        return runtime.toolUri();
    }

    /** The tool rendezvous files this server published and removes on {@link #close()} ({@code docs/tools.md}). */
    public List<Path> rendezvousFiles() {
        return runtime.rendezvousFiles();
    }

    /** The session directory (mode 0700) holding the socket, the store and the ring files. */
    public Path sessionDirectory() {
        return runtime.sessionDirectory();
    }

    /** This node's name as the server's clients see it ({@code PMIX_HOSTNAME}). */
    public String hostname() {
        return runtime.hostname();
    }

    /** This server's identity ({@code PMIX_SERVER_NSPACE}, {@code PMIX_SERVER_RANK}). */
    public Proc proc() {
        return runtime.serverProc();
    }

    /**
     * Stops the server ({@code PMIx_server_finalize}): clients are disconnected (their calls fail
     * with {@code PMIX_ERR_LOST_CONNECTION}), tools too, the tool rendezvous files this server
     * wrote are removed, and so is the session directory. A shutdown hook does the same when the JVM
     * exits without a close. Idempotent.
     */
    @Override
    public void close() {
        runtime.close();
    }
}
