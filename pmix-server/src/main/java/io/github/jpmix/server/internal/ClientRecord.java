package io.github.jpmix.server.internal;

import io.github.jpmix.common.Proc;
import io.github.jpmix.common.ProcInfo;
import io.github.jpmix.common.ProcState;
import io.github.jpmix.server.internal.front.ClientHandle;
import io.github.jpmix.server.internal.front.ClientLink;
import io.github.jpmix.server.internal.transport.ClientConnection;
import java.util.ArrayList;
import java.util.List;

/**
 * Not API. What the server knows of one registered local client: its identity and credentials as
 * the host registered them, its connection once it has one, and its life as a {@link ProcState}
 * with pid, executable and exit code (what the proc table reports). Guarded by the server lock.
 *
 * <p><b>The state machine</b> (RFC0010: "a best-fit approximation of the actual process state"):
 * <pre>
 *   register          PREPPED
 *   host: launched    RUNNING            (PmixServer.procLaunched: pid, executable; only from PREPPED)
 *   handshake         CONNECTED          (from PREPPED or RUNNING)
 *   finalize          TERMINATED         when the host does not report this process's exit (it never
 *                                        reported its launch); otherwise the state waits for the exit:
 *   host: exited      TERMINATED         finalized (or never connected), exit code 0
 *                     TERM_NON_ZERO      finalized (or never connected), exit code != 0
 *                     TERM_WO_SYNC       connected but never finalized
 *                     ABORTED_BY_SIG     killed by a signal (wins over TERM_WO_SYNC)
 *   connection lost   TERM_WO_SYNC       without a finalize ("exited without calling PMIx_Finalize")
 *   abort accepted    CALLED_ABORT       the host accepted its PMIx_Abort; kept through the exit
 * </pre>
 * A terminated state only ever changes to ABORTED_BY_SIG (a later, more precise report); the exit code is
 * recorded whatever the state.
 */
final class ClientRecord implements ClientHandle {
    final Proc proc;
    final int uid;
    final int gid;
    int state = ProcState.PREPPED;
    /** How replies reach it, through whichever front it connected; null while not connected. */
    ClientLink link;
    /** Its ring connection when it came through JPMIx's own transport (tools always do); else null. */
    ClientConnection connection;
    /** Its event registrations ({@code PMIx_Register_event_handler}), in registration order. */
    final List<EventHandler.Registration> events = new ArrayList<>();
    long pid;
    /** What the host said it started ({@code pmix_proc_info_t.executable_name}); null until it says. */
    String executable;
    /** The exit code the host reported; meaningful once {@link #exited}. */
    int exitCode;
    boolean exited;
    /** The host reports this process's launch, so it will report its exit too. */
    boolean launchReported;
    /** Whether it committed at least once: a get for a key it did not post then fails instead of waiting. */
    boolean committed;
    /**
     * The correlation id of this client's last fence arrival, guarded by the state lock: the
     * transport may hand a message over again when a fault of another client's ring interrupted its
     * handling (ClientConnection.dispatch), and a fence request counted twice would open an operation
     * that never completes. A client never sends two requests with one id (0: none yet).
     */
    int lastFenceCorrelation;
    /** The clean end was a finalize (not a lost connection). */
    boolean finalized;
    /** Its gets waiting at the server for data not posted yet (bounded by {@code maxParkedGetsPerClient}). */
    int parkedGets;
    /** A tool connection (RFC0010), not a registered client: see {@link ToolConnections}. */
    boolean tool;
    private boolean everConnected;

    ClientRecord(Proc proc, int uid, int gid) {
        this.proc = proc;
        this.uid = uid;
        this.gid = gid;
    }

    @Override
    public Proc proc() {
        return proc;
    }

    /** Neither terminated nor finalized: it may still take part in fences and post data. */
    boolean isAlive() {
        return !finalized && !ended();
    }

    private boolean ended() {
        return ProcState.isTerminated(state);
    }

    /** The host started it: {@code PMIX_PROC_STATE_RUNNING}, "the daemon has forked the process". */
    void launched(long launchedPid, String launchedExecutable) {
        launchReported = true;
        pid = launchedPid;
        executable = launchedExecutable;
        if (state == ProcState.PREPPED) {
            state = ProcState.RUNNING;
        }
    }

    /** It passed the handshake: {@code PMIX_PROC_STATE_CONNECTED}. */
    void connected(long connectedPid) {
        everConnected = true;
        if (pid == 0) {
            pid = connectedPid;
        }
        if (!ended()) {
            state = ProcState.CONNECTED;
        }
    }

    /** It called finalize; the process ends soon. */
    void finalizedNow() {
        finalized = true;
        if (!launchReported && !ended()) {
            // nobody will report the exit: finalize is the last word on this process
            state = ProcState.TERMINATED;
        }
    }

    /** Its connection closed without a finalize; true if that changed its state. */
    boolean lost() {
        if (finalized || ended()) {
            return false;
        }
        state = ProcState.TERM_WO_SYNC;
        return true;
    }

    /** The host accepted its {@code PMIx_Abort}. */
    void calledAbort() {
        state = ProcState.CALLED_ABORT;
    }

    /** The host reports the process's end: its exit code and the signal that killed it (0 for none). */
    void exited(int code, int signal) {
        exited = true;
        exitCode = code;
        if (state == ProcState.CALLED_ABORT) {
            return;
        }
        if (signal != 0) {
            state = ProcState.ABORTED_BY_SIG;
        } else if (ended()) {
            if (state == ProcState.TERMINATED && code != 0) {
                state = ProcState.TERM_NON_ZERO;
            }
        } else if (finalized || !everConnected) {
            state = code == 0 ? ProcState.TERMINATED : ProcState.TERM_NON_ZERO;
        } else {
            state = ProcState.TERM_WO_SYNC;
        }
    }

    /** Its proc-table entry ({@code pmix_proc_info_t}). */
    ProcInfo procInfo(String hostname) {
        return new ProcInfo(proc, hostname, executable, (int) pid, exitCode, state);
    }

    @Override
    public String toString() {
        return proc + "[" + ProcState.toString(state) + (pid != 0 ? ", pid " + pid : "") + "]";
    }
}
