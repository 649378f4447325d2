package io.github.jpmix.server.internal.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import org.junit.jupiter.api.Test;

class CommandLineArgsTest {
    @Test
    void shouldTakeAPositiveNumber() {
        assertEquals(16, CommandLineArgs.positive("-n", "16"));
    }

    @Test
    void shouldRefuseZeroNegativesAndWordsNamingTheOptionAndTheValue() {
        for (String bad : new String[] {"0", "-3", "eight", "", "99999999999"}) {
            PmixException e = assertThrows(PmixException.class, () -> CommandLineArgs.positive("--job-size", bad));
            assertEquals(Status.ERR_BAD_PARAM, e.status());
            assertEquals("PMIX_ERR_BAD_PARAM: --job-size needs a positive number, not '" + bad + "'", e.getMessage());
        }
    }
}
