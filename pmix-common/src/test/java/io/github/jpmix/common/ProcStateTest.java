package io.github.jpmix.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ProcStateTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(ints = {ProcState.UNDEF, ProcState.PREPPED, ProcState.LAUNCH_UNDERWAY, ProcState.RESTART,
            ProcState.TERMINATE, ProcState.RUNNING, ProcState.CONNECTED, 7, 14, ProcState.UNTERMINATED})
    void shouldNotCallLiveStatesTerminated(int state) {
        assertFalse(ProcState.isTerminated(state));
        assertFalse(ProcState.isError(state));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(ints = {16, ProcState.TERMINATED, 49})
    void shouldCallStatesAboveTheBoundaryTerminatedButNotErrors(int state) {
        assertTrue(ProcState.isTerminated(state));
        assertFalse(ProcState.isError(state));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(ints = {ProcState.ERROR, ProcState.KILLED_BY_CMD, ProcState.ABORTED, ProcState.TERM_WO_SYNC,
            ProcState.CALLED_ABORT, ProcState.FAILED_TO_LAUNCH, 64, 255})
    void shouldCallStatesFromTheErrorBoundaryUpErrorsAndTerminated(int state) {
        assertTrue(ProcState.isError(state));
        assertTrue(ProcState.isTerminated(state));
    }

    @Test
    void shouldDeriveTheErrorStatesFromTheBoundary() {
        assertEquals(ProcState.ERROR + 1, ProcState.KILLED_BY_CMD);
        assertEquals(63, ProcState.FAILED_TO_LAUNCH);
    }

    @Test
    void shouldPrintWhatPmixProcStateStringPrints() {
        assertEquals("PROC EXECUTING", ProcState.toString(ProcState.RUNNING));
        assertEquals("PROC HAS NOT TERMINATED", ProcState.toString(ProcState.UNTERMINATED));
        assertEquals("PROC TERMINATED WITHOUT CALLING PMIx_Finalize", ProcState.toString(ProcState.TERM_WO_SYNC));
        assertEquals("PMIX_PROC_STATE_RUNNING", ProcState.name(ProcState.RUNNING));
    }

    @Test
    void shouldPrintUnknownStatesAsNumbersNotUnknownState() {
        assertEquals("64", ProcState.toString(64));
        assertEquals("64", ProcState.name(64));
        assertFalse(ProcState.isKnown(64));
    }

    @Test
    void shouldPrintAStateAHostDefines() {
        assertEquals("MYRM_PROC_STATE_FROZEN", ProcState.define(40, "MYRM_PROC_STATE_FROZEN"));
        assertEquals("MYRM_PROC_STATE_FROZEN", ProcState.toString(40));
        assertEquals("MYRM_PROC_STATE_FROZEN", ProcState.name(40));
        assertTrue(ProcState.isKnown(40));
        assertTrue(ProcState.isTerminated(40), "a defined state classifies by its range");
    }
}
