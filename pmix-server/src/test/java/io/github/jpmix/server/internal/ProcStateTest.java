package io.github.jpmix.server.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.ProcInfo;
import io.github.jpmix.common.ProcState;
import io.github.jpmix.common.Status;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The process state machine of {@link ClientRecord}, with the names of {@code pmix_common.h}'s "PROCESS STATE
 * DEFINITIONS", and the proc table and job status built from it ({@link ProcTable}).
 */
class ProcStateTest {
    private final ClientRecord c = new ClientRecord(new Proc("ns", 0), 1, 1);

    @Test
    void shouldGoFromPreppedThroughRunningAndConnectedToTerminated() {
        assertEquals(ProcState.PREPPED, c.state); // "process is ready to be launched"
        c.launched(77, "app.Main");
        assertEquals(ProcState.RUNNING, c.state); // "the daemon has forked the process"
        c.connected(77);
        assertEquals(ProcState.CONNECTED, c.state); // "the process connected to its PMIx server"
        c.finalizedNow();
        // the host reports exits: finalize is not the end yet
        assertEquals(ProcState.CONNECTED, c.state);
        assertFalse(c.isAlive());
        c.exited(0, 0);
        assertEquals(ProcState.TERMINATED, c.state); // "process has terminated and is no longer running"
        assertEquals(new ProcInfo(c.proc, "h", "app.Main", 77, 0, ProcState.TERMINATED), c.procInfo("h"));
    }

    @Test
    void shouldTakeFinalizeAsTheEndWhenTheHostDoesNotReportExits() {
        c.connected(5);
        c.finalizedNow();
        assertEquals(ProcState.TERMINATED, c.state);
        assertEquals(5, c.pid);
    }

    @Test
    void shouldReportANonZeroExitAfterFinalize() {
        c.launched(1, "x");
        c.connected(1);
        c.finalizedNow();
        c.exited(3, 0);
        assertEquals(ProcState.TERM_NON_ZERO, c.state); // "process exited with a non-zero status"
        assertEquals(3, c.exitCode);
    }

    @Test
    void shouldReportAnExitWithoutFinalizeAndLetASignalRefineIt() {
        c.launched(1, "x");
        c.connected(1);
        assertTrue(c.lost());
        assertEquals(ProcState.TERM_WO_SYNC, c.state); // "process exited without calling PMIx_Finalize"
        assertFalse(c.lost());
        c.exited(137, 9);
        assertEquals(ProcState.ABORTED_BY_SIG, c.state); // "process aborted by a signal"
        assertEquals(137, c.exitCode);
    }

    @Test
    void shouldReportTermWithoutSyncWhenTheExitComesBeforeTheLostConnection() {
        c.launched(1, "x");
        c.connected(1);
        c.exited(0, 0);
        assertEquals(ProcState.TERM_WO_SYNC, c.state);
        assertFalse(c.lost());
        assertEquals(ProcState.TERM_WO_SYNC, c.state);
    }

    @Test
    void shouldKeepCalledAbortThroughTheKill() {
        c.launched(1, "x");
        c.connected(1);
        c.calledAbort();
        c.exited(137, 9);
        assertEquals(ProcState.CALLED_ABORT, c.state); // "process called PMIx_Abort"
        assertEquals(137, c.exitCode);
    }

    @Test
    void shouldTakeAProcessThatNeverConnectedAsANormalProgram() {
        c.launched(1, "/bin/true");
        c.exited(0, 0);
        assertEquals(ProcState.TERMINATED, c.state);
        ClientRecord d = new ClientRecord(new Proc("ns", 1), 1, 1);
        d.launched(2, "/bin/false");
        d.exited(1, 0);
        assertEquals(ProcState.TERM_NON_ZERO, d.state);
    }

    @Test
    void shouldNotGoBackToConnectedOrRunningOnceEnded() {
        c.connected(1);
        c.lost();
        c.launched(2, "x");
        c.connected(2);
        assertEquals(ProcState.TERM_WO_SYNC, c.state);
    }

    @Test
    void shouldBuildJobStatusesFromTheLocalProcesses(@TempDir Path tmp) {
        try (ServerFixture f = new ServerFixture(tmp)) {
            ProcTable t = new ProcTable(f.state);
            assertEquals(Status.ERR_NOT_FOUND, assertThrows(PmixException.class, () -> t.jobStatus("job")).status());
            assertEquals(Status.ERR_INVALID_NAMESPACE, assertThrows(PmixException.class, () -> t.jobStatus("nosuch")).status());
            f.client(new Proc("job", 0), 1, 1);
            f.client(new Proc("job", 1), 1, 1);
            t.launched(new Proc("job", 0), 100, "a");
            t.launched(new Proc("job", 1), 101, "a");
            assertEquals(Status.SUCCESS, t.jobStatus("job"));
            t.terminated(new Proc("job", 0), 0, 0);
            t.terminated(new Proc("job", 1), 0, 0);
            assertEquals(Status.EVENT_JOB_END, t.jobStatus("job"));
            t.terminated(new Proc("job", 1), 2, 0);
            assertEquals(Status.ERR_JOB_NON_ZERO_TERM, t.jobStatus("job"));
            assertEquals(List.of(100, 101), t.local("job").stream().map(ProcInfo::pid).toList());
            assertEquals(Status.ERR_NOT_FOUND,
                    assertThrows(PmixException.class, () -> t.launched(new Proc("job", 9), 1, "x")).status());
        }
    }
}
