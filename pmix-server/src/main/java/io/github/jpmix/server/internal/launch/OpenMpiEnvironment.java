package io.github.jpmix.server.internal.launch;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Not API. The variables Open MPI 4.1.4 needs to run as a direct-launched job under a PMIx server
 * that is not its own {@code mpirun} ({@code openpmix-wire-4.2.2.md} §5.1), given to every launched
 * process (a program that is not an MPI program ignores them). A variable already set in the
 * launcher's environment is left as the user set it.
 *
 * <ul>
 *   <li>{@code OMPI_MCA_schizo=^orte}: without it Open MPI's fallback schizo component declares each
 *       process an unmanaged singleton, which never talks to the server (N jobs of one rank);
 *       with it, no schizo component claims the process and {@code ess pmi} runs it.</li>
 *   <li>{@code OMPI_MCA_mpi_yield_when_idle=1} when the node is oversubscribed (more local processes
 *       than processors), as {@code mpirun} sets it: a waiting rank yields the processor instead of
 *       spinning on it (4 ranks on 2 cores, 1000 allreduces: 28.6 s spinning, 0.36 s yielding).</li>
 * </ul>
 */
public final class OpenMpiEnvironment {
    static final String SCHIZO = "OMPI_MCA_schizo";
    static final String YIELD = "OMPI_MCA_mpi_yield_when_idle";

    private OpenMpiEnvironment() {
    }

    /**
     * The variables to add for a node that runs {@code localProcs} processes on {@code processors}
     * processors, leaving out those {@code launcherEnv} sets.
     */
    public static Map<String, String> of(Map<String, String> launcherEnv, int localProcs, int processors) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put(SCHIZO, "^orte");
        if (localProcs > processors) {
            env.put(YIELD, "1");
        }
        env.keySet().removeAll(launcherEnv.keySet());
        return env;
    }
}
