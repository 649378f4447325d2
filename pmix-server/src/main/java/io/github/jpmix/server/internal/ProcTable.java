package io.github.jpmix.server.internal;

import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.ProcInfo;
import io.github.jpmix.common.ProcState;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Not API. The processes of a job as the server knows them: what {@code PMIX_QUERY_PROC_TABLE},
 * {@code PMIX_QUERY_LOCAL_PROC_TABLE} and {@code PMIX_QUERY_JOB_STATUS} report, and the host's reports of
 * launches and exits ({@code PmixServer.procLaunched}/{@code procTerminated}) that feed it. The states follow
 * {@link ClientRecord}'s state machine. Every method takes the server lock itself.
 */
final class ProcTable {
    private final ServerState state;

    ProcTable(ServerState state) {
        this.state = state;
    }

    /** The host started {@code proc} as process {@code pid} running {@code executable}. */
    void launched(Proc proc, long pid, String executable) {
        synchronized (state.lock) {
            record(proc, "procLaunched").launched(pid, executable);
        }
    }

    /** The host saw {@code proc} end with {@code exitCode}, killed by {@code signal} (0: not killed). */
    void terminated(Proc proc, int exitCode, int signal) {
        ClientRecord c;
        synchronized (state.lock) {
            c = record(proc, "procTerminated");
            c.exited(exitCode, signal);
        }
        ServerState.LOG.log(System.Logger.Level.DEBUG, "exited " + c + " with " + exitCode
                + (signal != 0 ? " (signal " + signal + ")" : ""));
    }

    private ClientRecord record(Proc proc, String op) {
        ClientRecord c = state.clients.get(proc);
        if (c == null) {
            throw new PmixException(Status.ERR_NOT_FOUND, op + ": " + proc + " is not a registered client");
        }
        return c;
    }

    /**
     * The proc-table entries of the job's registered local clients, by rank.
     *
     * @throws PmixException {@link Status#ERR_INVALID_NAMESPACE} for a namespace the server does not hold
     */
    List<ProcInfo> local(String nspace) {
        synchronized (state.lock) {
            checkNamespace(nspace);
            List<ProcInfo> out = new ArrayList<>();
            for (ClientRecord c : state.clientsOf(nspace)) {
                out.add(c.procInfo(state.hostname));
            }
            out.sort(Comparator.comparingInt(p -> p.proc().rank()));
            return out;
        }
    }

    /**
     * Every process of the job: the local clients as {@link #local}, and each other rank below the job's
     * size with the node the maps place it on, state {@code PMIX_PROC_STATE_UNDEF} (this server does not see
     * processes it does not serve) and no pid.
     *
     * @throws PmixException {@link Status#ERR_INVALID_NAMESPACE} for a namespace the server does not hold
     */
    List<ProcInfo> all(String nspace) {
        synchronized (state.lock) {
            Map<Integer, ProcInfo> byRank = new TreeMap<>(Integer::compareUnsigned);
            for (ProcInfo p : local(nspace)) {
                byRank.put(p.proc().rank(), p);
            }
            Value size = state.store.get(Proc.wildcard(nspace), Keys.JOB_SIZE.name(), List.of(), null).orElse(null);
            int n = size == null ? 0 : size.asInt();
            for (int r = 0; r < n; r++) {
                if (!byRank.containsKey(r)) {
                    Proc p = new Proc(nspace, r);
                    String host = state.store.get(p, Keys.HOSTNAME.name(), List.of(), null).map(Value::asString).orElse(null);
                    byRank.put(r, new ProcInfo(p, host, null, 0, 0, ProcState.UNDEF));
                }
            }
            return List.copyOf(byRank.values());
        }
    }

    /**
     * {@code PMIX_QUERY_JOB_STATUS}: the job's status as a {@code pmix_status_t}, from its local processes'
     * states (RFC0010's best fit): the job-level error of the first process (by rank) that ended abnormally
     * ({@code PMIX_ERR_JOB_ABORTED_BY_SIG}, {@code PMIX_ERR_JOB_TERM_WO_SYNC}, {@code PMIX_ERR_JOB_NON_ZERO_TERM},
     * {@code PMIX_ERR_JOB_ABORTED}, ...); else {@code PMIX_EVENT_JOB_END} when every one has terminated; else
     * {@code PMIX_SUCCESS} (executing, nothing wrong so far).
     *
     * @throws PmixException {@link Status#ERR_INVALID_NAMESPACE} for a namespace the server does not hold,
     *     {@link Status#ERR_NOT_FOUND} when none of its processes is registered here
     */
    int jobStatus(String nspace) {
        List<ProcInfo> procs = local(nspace);
        if (procs.isEmpty()) {
            throw new PmixException(Status.ERR_NOT_FOUND, "job status: no process of " + nspace + " is registered here");
        }
        boolean allEnded = true;
        for (ProcInfo p : procs) {
            if (ProcState.isError(p.state())) {
                return jobError(p.state());
            }
            allEnded &= ProcState.isTerminated(p.state());
        }
        return allEnded ? Status.EVENT_JOB_END : Status.SUCCESS;
    }

    private static int jobError(int procState) {
        return switch (procState) {
            case ProcState.ABORTED_BY_SIG -> Status.ERR_JOB_ABORTED_BY_SIG;
            case ProcState.TERM_WO_SYNC -> Status.ERR_JOB_TERM_WO_SYNC;
            case ProcState.TERM_NON_ZERO -> Status.ERR_JOB_NON_ZERO_TERM;
            case ProcState.KILLED_BY_CMD -> Status.ERR_JOB_KILLED_BY_CMD;
            case ProcState.FAILED_TO_START, ProcState.FAILED_TO_LAUNCH -> Status.ERR_JOB_FAILED_TO_LAUNCH;
            case ProcState.SENSOR_BOUND_EXCEEDED -> Status.ERR_JOB_SENSOR_BOUND_EXCEEDED;
            default -> Status.ERR_JOB_ABORTED;
        };
    }

    private void checkNamespace(String nspace) {
        if (!state.store.hasNamespace(nspace)) {
            throw new PmixException(Status.ERR_INVALID_NAMESPACE, "no namespace " + nspace + " here");
        }
    }
}
