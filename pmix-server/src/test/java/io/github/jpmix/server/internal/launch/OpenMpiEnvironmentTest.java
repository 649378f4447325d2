package io.github.jpmix.server.internal.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

class OpenMpiEnvironmentTest {
    @Test
    void shouldAskForDirectLaunchAndYieldOnlyWhenOversubscribed() {
        assertEquals(Map.of("OMPI_MCA_schizo", "^orte"), OpenMpiEnvironment.of(Map.of(), 2, 2));
        assertEquals(Map.of("OMPI_MCA_schizo", "^orte", "OMPI_MCA_mpi_yield_when_idle", "1"),
                OpenMpiEnvironment.of(Map.of(), 3, 2));
    }

    @Test
    void shouldLeaveTheUsersOwnSettingsAlone() {
        Map<String, String> user = Map.of("OMPI_MCA_schizo", "slurm", "OMPI_MCA_mpi_yield_when_idle", "0");
        assertEquals(Map.of(), OpenMpiEnvironment.of(user, 8, 2));
    }
}
