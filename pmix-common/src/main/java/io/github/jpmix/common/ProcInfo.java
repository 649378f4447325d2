package io.github.jpmix.common;

import java.util.Objects;

/**
 * A proc-table entry ({@code pmix_proc_info_t}, {@code PMIX_PROC_INFO}), as RFC0010's
 * {@code PMIX_QUERY_PROC_TABLE} returns: who the process is, where it runs, what it runs, and how
 * it is doing.
 *
 * @param proc the process
 * @param hostname the node it runs on, or null if not known
 * @param executable the executable's name, or null if not known
 * @param pid its OS pid (0 if not started)
 * @param exitCode its exit code (meaningful once terminated)
 * @param state a {@link ProcState} code
 */
public record ProcInfo(Proc proc, String hostname, String executable, int pid, int exitCode, int state) {
    public ProcInfo {
        Objects.requireNonNull(proc, "proc");
        checkUint8("proc info state", state);
    }

    static void checkUint8(String what, int v) {
        if (v < 0 || v > 0xFF) {
            throw new PmixException(Status.ERR_BAD_PARAM, what + ": not a uint8: " + v);
        }
    }
}
