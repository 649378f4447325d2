package io.github.jpmix.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class JobStateTest {

    @Test
    void shouldClassifyStatesByTheBoundaries() {
        assertFalse(JobState.isTerminated(JobState.RUNNING));
        assertFalse(JobState.isTerminated(JobState.UNTERMINATED));
        assertTrue(JobState.isTerminated(JobState.TERMINATED));
        assertFalse(JobState.isError(JobState.TERMINATED));
        assertTrue(JobState.isError(JobState.TERMINATED_WITH_ERROR));
        assertTrue(JobState.isTerminated(JobState.TERMINATED_WITH_ERROR));
    }

    @Test
    void shouldKeepTheDeprecatedPreppedAsAnAliasPrintedAsOpenPmixPrintsIt() {
        assertEquals(JobState.AWAITING_ALLOC, JobState.PREPPED);
        assertEquals("PMIX_JOB_STATE_AWAITING_ALLOC", JobState.name(JobState.PREPPED));
        // 4.2.2's PMIx_Job_state_string still prints the old name's text for value 1
        assertEquals("PREPPED FOR LAUNCH", JobState.toString(JobState.AWAITING_ALLOC));
    }

    @Test
    void shouldPrintWhatPmixJobStateStringPrints() {
        assertEquals("LAUNCHING", JobState.toString(JobState.LAUNCH_UNDERWAY));
        assertEquals("TERMINATED WITH ERROR", JobState.toString(JobState.TERMINATED_WITH_ERROR));
        assertEquals("6", JobState.toString(6), "OpenPMIx says UNKNOWN; JPMIx says which value");
    }
}
