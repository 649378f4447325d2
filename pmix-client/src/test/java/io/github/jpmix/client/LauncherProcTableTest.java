package io.github.jpmix.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.internal.JvmFlags;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher feeds its server the pids, executables and exit codes of the processes it starts, and logs to
 * its stdout (and syslog where the machine has one): {@code pmixrun} run as a user runs it, with rank 0 of the
 * job reading the proc table ({@link QueryScenarios#launcherPs}).
 */
class LauncherProcTableTest {
    @TempDir
    Path tmp;

    @Test
    void shouldReportPidsExitCodesAndSignalsOfTheLaunchedProcesses() throws Exception {
        List<String> cmd = new ArrayList<>(JvmFlags.javaCommand(List.of(), "io.github.jpmix.server.Launcher"));
        // rank 0 reads the table after ranks 2 and 3 failed: the job must run on past a failure
        cmd.addAll(List.of("--enable-recovery", "-n", "4", ClientScenarios.class.getName(), "launcher-ps"));
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectOutput(tmp.resolve("out").toFile())
                .redirectError(tmp.resolve("err").toFile());
        pb.environment().put("TMPDIR", tmp.toString());
        Process p = pb.start();
        if (!p.waitFor(150, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("pmixrun did not finish: " + Files.readString(tmp.resolve("out")));
        }
        String out = Files.readString(tmp.resolve("out"));
        String err = Files.readString(tmp.resolve("err"));
        // the job's exit code: the first non-zero one, rank 2's
        assertEquals(7, p.exitValue(), out + err);
        for (int r = 0; r < 4; r++) {
            assertTrue(out.contains("ROW " + r + " pid>0=true exe=" + ClientScenarios.class.getName() + " host-known=true"), out);
        }
        assertTrue(out.contains("ME PMIX_PROC_STATE_CONNECTED pid-matches=true"), out);
        // PMIX_LOG_STDOUT with PMIX_LOG_TAG_OUTPUT, written by the launcher
        String nspace = "pmixrun." + p.pid();
        assertTrue(out.contains("[" + nspace + ",0] logged by rank 0"), out);
        if (Files.exists(Path.of("/dev/log"))) {
            assertTrue(out.contains("SYSLOG ok"), out);
        } else {
            // no syslog socket on this machine: the channel says it is not there
            assertTrue(out.contains("SYSLOG PMIX_ERR_NOT_SUPPORTED"), out);
        }
        assertTrue(out.contains("END 1 PMIX_PROC_STATE_TERMINATED exit=0"), out);
        assertTrue(out.contains("END 2 PMIX_PROC_STATE_TERM_WO_SYNC exit=7"), out);
        // killed with SIGKILL: Process.exitValue() 137 = 128 + 9
        assertTrue(out.contains("END 3 PMIX_PROC_STATE_ABORTED_BY_SIG exit=137"), out);
        assertTrue(out.contains("JOB PMIX_ERR_JOB_TERM_WO_SYNC"), out);
    }
}
