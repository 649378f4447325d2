package io.github.jpmix.server;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.PmixVersion;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Rank;
import io.github.jpmix.common.RegAttr;
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
    /**
     * The PMIx version JPMIx is compatible with, as {@code PMIX_VERSION} tells clients: the same as
     * {@link PmixVersion#PMIX_VERSION}, which JPMIx's own code reads.
     */
    public static final String PMIX_VERSION = PmixVersion.PMIX_VERSION;

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
        return new PmixServer(ServerRuntime.start(options.conclude(), host));
    }

    /**
     * Registers a job ({@code PMIx_server_register_nspace}): its wireup information
     * ({@code spec/wireup-info.txt}) as job-level infos plus {@code PMIX_SESSION_INFO_ARRAY},
     * {@code PMIX_APP_INFO_ARRAY}, {@code PMIX_NODE_INFO_ARRAY} and {@code PMIX_PROC_INFO_ARRAY} arrays, and
     * {@code PMIX_NODE_MAP}/{@code PMIX_PROC_MAP}. Call it before starting the job's processes.
     *
     * @param nlocalprocs how many of the job's processes run on this node: a fence over the whole namespace
     *     waits for that many of them, registered yet or not
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
     * The launcher is about to start processes of {@code nspace} that link OpenPMIx's client library
     * (native programs): their job data is packed now, on the caller's thread, rather than at their first
     * request or while they start. Not API: a hint the reference launcher gives, as it knows what it runs.
     */
    void prepareOpenPmixClients(String nspace) {
        runtime.prepareOpenPmixClients(Objects.requireNonNull(nspace, "nspace"));
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

    /**
     * The host started a registered client: it runs as process {@code pid}, executing {@code executable}. The
     * process's {@code PMIX_PROC_STATE} becomes {@code PMIX_PROC_STATE_RUNNING} ("the daemon has forked the
     * process") unless it already connected, and the proc table ({@code PMIX_QUERY_PROC_TABLE},
     * {@code PMIX_QUERY_LOCAL_PROC_TABLE}) reports its pid and executable. A host that reports a launch reports
     * the exit too ({@link #procTerminated}): the process's state then waits for that report instead of taking
     * its finalize as its end.
     *
     * @param executable what runs ({@code pmix_proc_info_t.executable_name}), e.g. the program or main class
     * @throws PmixException {@link Status#ERR_NOT_FOUND} if {@code proc} is not a registered client
     */
    public void procLaunched(Proc proc, long pid, String executable) {
        Objects.requireNonNull(proc, "proc");
        Objects.requireNonNull(executable, "executable");
        if (pid <= 0) {
            throw new PmixException(Status.ERR_BAD_PARAM, "procLaunched: not a pid: " + pid);
        }
        runtime.procLaunched(proc, pid, executable);
    }

    /**
     * The host saw a client's process end ({@code PMIX_EVENT_PROC_TERMINATED}): its {@code PMIX_EXIT_CODE} and,
     * if a signal killed it, the signal. Its state becomes {@code PMIX_PROC_STATE_TERMINATED} (it finalized, or
     * never connected, and exited 0), {@code PMIX_PROC_STATE_TERM_NON_ZERO} (same, non-zero code),
     * {@code PMIX_PROC_STATE_TERM_WO_SYNC} (it connected but never finalized) or
     * {@code PMIX_PROC_STATE_ABORTED_BY_SIG} (killed by a signal); a process whose abort the host accepted stays
     * {@code PMIX_PROC_STATE_CALLED_ABORT}.
     *
     * @param exitCode the exit code as the host has it (a Java host gets {@code 128 + signal} from
     *     {@code Process.exitValue()} for a process a signal killed)
     * @param signal the signal that killed it, 0 if it exited by itself
     * @throws PmixException {@link Status#ERR_NOT_FOUND} if {@code proc} is not a registered client
     */
    public void procTerminated(Proc proc, int exitCode, int signal) {
        Objects.requireNonNull(proc, "proc");
        if (signal < 0) {
            throw new PmixException(Status.ERR_BAD_PARAM, "procTerminated: not a signal: " + signal);
        }
        runtime.procTerminated(proc, exitCode, signal);
    }

    /**
     * {@code PMIx_Notify_event} by the host: delivers an event to this node's clients registered for
     * {@code status} within {@code range} ({@code PMIX_RANGE_NAMESPACE}: those of {@code source}'s namespace;
     * {@code LOCAL}, {@code SESSION}, {@code GLOBAL}: all; {@code CUSTOM}: those of
     * {@code PMIX_EVENT_CUSTOM_RANGE}), the source itself excepted ({@code docs/events.md}). A host passes an
     * event another node's server handed its {@link HostModule#notifyEvent} on this way. Returns once the
     * event is on its way to each client.
     *
     * @param source the process the event is from, or the job ({@code Proc.wildcard(nspace)}) for range
     *     {@code NAMESPACE}; null: this server (whose namespace no client shares)
     * @throws PmixException {@link Status#ERR_BAD_PARAM} for range {@code CUSTOM} without
     *     {@code PMIX_EVENT_CUSTOM_RANGE}
     */
    public void notifyEvent(int status, Proc source, int range, List<Info> info) {
        Objects.requireNonNull(info, "info");
        runtime.notifyEvent(status, source, range, info);
    }

    /**
     * {@code PMIx_Register_attributes}: the attributes the host supports for one PMIx function (e.g.
     * {@code "PMIx_Log"}), reported at the host level of {@code PMIX_QUERY_ATTRIBUTE_SUPPORT}.
     * {@link RegAttr#of} builds an entry for a reserved key.
     *
     * @throws PmixException {@link Status#ERR_REPEAT_ATTR_REGISTRATION} if the function is registered already
     */
    public void registerAttributes(String function, List<RegAttr> attributes) {
        Objects.requireNonNull(function, "function");
        Objects.requireNonNull(attributes, "attributes");
        if (function.isBlank()) {
            throw new PmixException(Status.ERR_BAD_PARAM, "registerAttributes: no function name");
        }
        runtime.registerAttributes(function, attributes);
    }

    /** The {@code PMIX_PROC_STATE} the server tracks for a registered client ({@link io.github.jpmix.common.ProcState}). */
    public int procState(Proc proc) {
        return runtime.procState(Objects.requireNonNull(proc, "proc"));
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
