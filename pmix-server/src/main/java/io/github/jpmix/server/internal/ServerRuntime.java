package io.github.jpmix.server.internal;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.PmixVersion;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.ProcState;
import io.github.jpmix.common.RegAttr;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.transport.Leftovers;
import io.github.jpmix.common.internal.transport.ServerUri;
import io.github.jpmix.common.internal.transport.TransportConfig;
import io.github.jpmix.server.HostModule;
import io.github.jpmix.server.ServerOptions;
import io.github.jpmix.server.internal.front.ClientLink;
import io.github.jpmix.server.internal.openpmix.OpenPmixFront;
import io.github.jpmix.server.internal.transport.TransportServer;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Not API. A running server: its session directory, store, transport and request dispatcher, and
 * the host-facing operations of {@link io.github.jpmix.server.PmixServer}.
 */
public final class ServerRuntime {
    static final String SOCKET = "server.sock";
    static final String RENDEZVOUS = "rendezvous";

    private final ServerOptions options;
    private final SessionDirectory directory;
    private final ServerState state;
    /** Set once at start; the namespace's pending fences are failed through it on deregistration. */
    private RequestDispatcher dispatcher;
    private final TransportServer transport;
    private final String uri;
    private final Thread shutdownHook;
    private final AtomicBoolean closed = new AtomicBoolean();
    /** The tool listener and rendezvous files, with tool or system support; else null. */
    private volatile Rendezvous rendezvous;
    private final ProcTable procs;
    /** The OpenPMIx-protocol front, when {@link ServerOptions#openPmixClients()}; else null. */
    private volatile OpenPmixFront openPmix;

    private ServerRuntime(ServerOptions options, SessionDirectory directory, ServerState state, TransportServer transport) {
        this.options = options;
        this.directory = directory;
        this.state = state;
        this.transport = transport;
        this.uri = ServerUri.format(options.serverProc(), transport.socketPath());
        this.shutdownHook = new Thread(this::closeResources, "jpmix-server-shutdown");
        this.procs = new ProcTable(state);
        // PMIX_QUERY_AVAIL_SERVERS: "starting with its PMIX_NSPACE and including at least one of the
        // rendezvous-required pieces of information"
        state.serverInfo = List.of(
                Info.of(Keys.NSPACE, options.serverProc().namespace()),
                Info.of(Keys.SERVER_RANK, options.serverProc().rank()),
                Info.of(Keys.SERVER_URI, uri),
                Info.of(Keys.SERVER_PIDINFO, (int) ProcessHandle.current().pid()),
                Info.of(Keys.HOSTNAME, options.hostname()),
                Info.of(Keys.SERVER_TMPDIR, directory.path().toString()));
        state.otherServers = () -> ServerScan.others(options.systemTmpdir(), options.serverTmpdir(), options.hostname(),
                options.serverProc());
    }

    public static ServerRuntime start(ServerOptions options, HostModule host) {
        reclaimLeftovers(options);
        SessionDirectory dir = SessionDirectory.create(options.serverTmpdir(), options.hostname());
        ServerStore store = null;
        try {
            store = GdsServerStore.create(dir.path(), options.hostname());
            ServerState state = new ServerState(host, store, options.hostname());
            state.limits = new ServerState.ClientLimits(options.maxPostedBytesPerClient(),
                    options.maxPostedKeysPerClient(), options.maxParkedGetsPerClient());
            RequestDispatcher dispatcher = new RequestDispatcher(state, options.serverProc());
            TransportConfig config = new TransportConfig()
                    .ringCapacity(options.ringCapacity())
                    .heartbeatTimeout(options.heartbeatTimeout().toNanos(), java.util.concurrent.TimeUnit.NANOSECONDS);
            TransportServer transport = TransportServer.start(dir.resolve(SOCKET), config, dispatcher, dispatcher);
            ServerRuntime runtime = new ServerRuntime(options, dir, state, transport);
            runtime.dispatcher = dispatcher;
            SessionDirectory.writeAtomically(dir.resolve(RENDEZVOUS), runtime.uri + "\n");
            if (options.openPmixClients()) {
                try {
                    runtime.openPmix = OpenPmixFront.start(dispatcher, config.handshakeTimeoutNs());
                } catch (RuntimeException e) {
                    transport.close();
                    state.timer.shutdownNow();
                    throw e;
                }
            }
            if (options.toolSupport() || options.systemSupport()) {
                try {
                    runtime.rendezvous = Rendezvous.open(options, dir, config, dispatcher);
                } catch (RuntimeException e) {
                    transport.close();
                    state.timer.shutdownNow();
                    throw e;
                }
            }
            Runtime.getRuntime().addShutdownHook(runtime.shutdownHook);
            return runtime;
        } catch (RuntimeException e) {
            if (store != null) {
                store.close();
            }
            dir.close();
            throw e;
        }
    }

    /**
     * Removes what dead servers of this user left in this server's tmpdirs: session and tool directories,
     * rendezvous files ({@code docs/tools.md}, "Leftovers of dead servers"). Never fails the start.
     */
    private static void reclaimLeftovers(ServerOptions options) {
        try {
            Leftovers.Report r = Leftovers.reclaim(List.of(options.serverTmpdir(), options.systemTmpdir()),
                    options.hostname(), false);
            for (Leftovers.Entry e : r.removed()) {
                ServerState.LOG.log(System.Logger.Level.INFO, "removed the leftover " + e);
            }
            for (Leftovers.Entry e : r.failed()) {
                ServerState.LOG.log(System.Logger.Level.WARNING, "leftover not removed: " + e);
            }
        } catch (RuntimeException e) {
            ServerState.LOG.log(System.Logger.Level.WARNING, "cannot look for leftovers of dead servers: " + e);
        }
    }

    public void registerNamespace(String nspace, int nlocalprocs, List<Info> info) {
        synchronized (state.lock) {
            if (state.learnedNamespaces.remove(nspace)) {
                // what the host's namespaceInfo answer gave gives way to the host's own registration
                state.store.deregisterNamespace(nspace);
            }
            if (state.store.hasNamespace(nspace)) {
                throw new PmixException(Status.ERR_EXISTS, "registerNamespace: " + nspace + " is registered already");
            }
            state.store.registerNamespace(nspace, nlocalprocs, info);
            state.localByNamespace.putIfAbsent(nspace, new HashSet<>());
        }
    }

    public void deregisterNamespace(String nspace) {
        List<ClientRecord> gone;
        synchronized (state.lock) {
            gone = state.clientsOf(nspace);
            for (ClientRecord c : gone) {
                c.finalized = true; // a host-driven removal is not a crash
                state.clients.remove(c.proc);
            }
            state.localByNamespace.remove(nspace);
            state.learnedNamespaces.remove(nspace);
            dispatcher.onNamespaceDeregistering(nspace);
            state.modex.forget(nspace);
            state.store.deregisterNamespace(nspace);
        }
        dispatcher.onNamespaceDeregistered(nspace);
        OpenPmixFront front = openPmix;
        if (front != null) {
            front.forget(nspace);
        }
        for (ClientRecord c : gone) {
            closeConnection(c);
        }
    }

    public void registerClient(Proc proc, int uid, int gid) {
        synchronized (state.lock) {
            if (!state.store.hasNamespace(proc.namespace())) {
                throw new PmixException(Status.ERR_INVALID_NAMESPACE,
                        "registerClient: namespace of " + proc + " is not registered");
            }
            ClientRecord old = state.clients.get(proc);
            if (old != null && old.isAlive()) {
                throw new PmixException(Status.ERR_EXISTS, "registerClient: " + proc + " is registered already");
            }
            state.clients.put(proc, new ClientRecord(proc, uid, gid));
            state.localByNamespace.computeIfAbsent(proc.namespace(), n -> new HashSet<>()).add(proc);
        }
    }

    public void deregisterClient(Proc proc) {
        ClientRecord c;
        synchronized (state.lock) {
            c = state.clients.remove(proc);
            Set<Proc> local = state.localByNamespace.get(proc.namespace());
            if (local != null) {
                local.remove(proc);
            }
            if (c != null) {
                c.finalized = true;
            }
        }
        if (c != null) {
            closeConnection(c);
        }
    }

    private static void closeConnection(ClientRecord c) {
        ClientLink link = c.link;
        if (link != null) {
            link.close();
        }
    }

    public Map<String, String> setupFork(Proc proc) {
        synchronized (state.lock) {
            if (!state.clients.containsKey(proc)) {
                throw new PmixException(Status.ERR_NOT_FOUND, "setupFork: " + proc + " is not registered");
            }
        }
        Map<String, String> env = new LinkedHashMap<>();
        env.put("PMIX_NAMESPACE", proc.namespace());
        env.put("PMIX_RANK", Integer.toUnsignedString(proc.rank()));
        env.put("PMIX_SERVER_URI", uri);
        env.put("PMIX_SERVER_TMPDIR", options.serverTmpdir().toString());
        env.put("PMIX_SYSTEM_TMPDIR", options.systemTmpdir().toString());
        env.put("PMIX_HOSTNAME", options.hostname());
        env.put("PMIX_VERSION", PmixVersion.PMIX_VERSION);
        env.put("PMIX_SERVER_NSPACE", options.serverProc().namespace());
        env.put("PMIX_SERVER_RANK", Integer.toUnsignedString(options.serverProc().rank()));
        OpenPmixFront front = openPmix;
        if (front != null) {
            // what OpenPMIx 4.2.2's client library looks for (docs/openpmix.md, "Environment"): the URI under
            // every name it tries, newest first (ptl_base_fns.c:126-162), the security module, non-described
            // buffers, and the hash storage component, the only one that takes job data over the socket
            for (String name : List.of("PMIX_SERVER_URI41", "PMIX_SERVER_URI4", "PMIX_SERVER_URI3", "PMIX_SERVER_URI2",
                    "PMIX_SERVER_URI21")) {
                env.put(name, front.uri());
            }
            env.put("PMIX_SECURITY_MODE", "native");
            env.put("PMIX_BFROP_BUFFER_TYPE", "PMIX_BFROP_BUFFER_NON_DESC");
            env.put("PMIX_GDS_MODULE", "hash");
            env.put("PMIX_MCA_gds", "hash");
        }
        return env;
    }

    /** Packs {@code nspace}'s job data for OpenPMIx clients now ({@link OpenPmixFront#prepare}); nothing without that front. */
    public void prepareOpenPmixClients(String nspace) {
        OpenPmixFront front = openPmix;
        if (front != null) {
            front.prepare(nspace);
        }
    }

    public byte[] directModexData(Proc proc) {
        synchronized (state.lock) {
            if (!state.clients.containsKey(proc)) {
                throw new PmixException(Status.ERR_NOT_FOUND, "directModexData: " + proc + " is not a local client");
            }
            return state.modex.contribution(List.of(proc));
        }
    }

    public void procLaunched(Proc proc, long pid, String executable) {
        procs.launched(proc, pid, executable);
    }

    public void procTerminated(Proc proc, int exitCode, int signal) {
        procs.terminated(proc, exitCode, signal);
    }

    public void notifyEvent(int code, Proc source, int range, List<Info> info) {
        dispatcher.notifyEvent(code, source, range, info);
    }

    public void registerAttributes(String function, List<RegAttr> attributes) {
        synchronized (state.lock) {
            if (state.hostAttributes.containsKey(function)) {
                // OpenPMIx: PMIX_ERR_REPEAT_ATTR_REGISTRATION for a function registered twice
                throw new PmixException(Status.ERR_REPEAT_ATTR_REGISTRATION,
                        "registerAttributes: " + function + " is registered already");
            }
            state.hostAttributes.put(function, List.copyOf(attributes));
        }
    }

    /** The state of a local client as the server tracks it ({@link ProcState}), for tools and tests. */
    public int procState(Proc proc) {
        synchronized (state.lock) {
            ClientRecord c = state.clients.get(proc);
            if (c == null) {
                throw new PmixException(Status.ERR_NOT_FOUND, "procState: " + proc + " is not registered");
            }
            return c.state;
        }
    }

    public String uri() {
        return uri;
    }

    public Path sessionDirectory() {
        return directory.path();
    }

    /** The URI tools connect to: the tool listener's, or {@link #uri()} without tool support. */
    public String toolUri() {
        Rendezvous r = rendezvous;
        return r == null ? uri : r.uri();
    }

    /** The rendezvous files this server published (empty without tool or system support). */
    public List<Path> rendezvousFiles() {
        Rendezvous r = rendezvous;
        return r == null ? List.of() : r.files();
    }

    public String hostname() {
        return options.hostname();
    }

    public Proc serverProc() {
        return options.serverProc();
    }

    public void close() {
        if (closed.get()) {
            return;
        }
        closeResources();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook runs or ran closeResources
        }
    }

    private void closeResources() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        Rendezvous r = rendezvous;
        if (r != null) {
            r.close(); // first: tools stop finding a server that is going away
        }
        OpenPmixFront front = openPmix;
        if (front != null) {
            front.close();
        }
        transport.close();
        state.timer.shutdownNow();
        state.store.close();
        directory.close();
    }
}
