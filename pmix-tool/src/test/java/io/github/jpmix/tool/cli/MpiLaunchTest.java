package io.github.jpmix.tool.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.testing.NativePrograms;
import io.github.jpmix.tool.cli.Pmixruns.Run;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * An unmodified Open MPI 4.1.4 program (pmix-server/src/test/c/mpi_ring.c, built with {@code mpicc})
 * direct-launched by pmixrun: a token around the ring and a checked allreduce at 1, 2, 4 and 8 ranks,
 * over shared memory ({@code self,vader}) and over TCP ({@code self,tcp}). pmixrun sets
 * {@code OMPI_MCA_schizo=^orte} itself, and {@code OMPI_MCA_mpi_yield_when_idle=1} when the ranks
 * outnumber the processors.
 */
class MpiLaunchTest {
    private static Path ring;
    /** pmix-server/src/test/c/mpi_dynamic.c: MPI_Publish_name, MPI_Lookup_name, MPI_Comm_spawn. */
    private static Path dynamic;

    @TempDir
    static Path bin;
    @TempDir
    Path tmp;

    @BeforeAll
    static void compile() {
        ring = NativePrograms.mpi("pmix-server/src/test/c/mpi_ring.c", bin);
        dynamic = NativePrograms.mpi("pmix-server/src/test/c/mpi_dynamic.c", bin);
    }

    static Stream<Arguments> jobs() {
        List<Arguments> jobs = new ArrayList<>();
        for (String btl : List.of("self,vader", "self,tcp")) {
            for (int n : new int[] {1, 2, 4, 8}) {
                jobs.add(Arguments.of(btl, n));
            }
        }
        return jobs.stream();
    }

    @ParameterizedTest(name = "btl {0}, {1} rank(s)")
    @MethodSource("jobs")
    void shouldRunAnOpenMpiRing(String btl, int n) throws Exception {
        Run r = Pmixruns.run(tmp, Map.of("OMPI_MCA_btl", btl), 110, "-n", Integer.toString(n), ring.toString());
        assertEquals(0, r.exit(), r.both());
        List<String> expected = new ArrayList<>(IntStream.range(0, n).mapToObj(i -> "ring rank " + i + "/" + n + " ok").toList());
        expected.add("allreduce ok");
        assertEquals(expected.stream().sorted().toList(), r.out().lines().sorted().toList(), r.both());
        assertEquals(3, r.err().lines().count(), r.err());
    }

    /**
     * MPI_Publish_name / MPI_Lookup_name, then MPI_Comm_spawn of 3 children that look the name up too,
     * connect (Open MPI's connect/accept: PMIx_Publish, a waiting PMIx_Lookup, PMIx_Connect) and sum over
     * the merged intercommunicator: with Open MPI's default transports (shared memory within a job, TCP
     * between the jobs: Open MPI's {@code vader} reaches only processes of its own job,
     * {@code btl_vader_module.c:353-359}) and with TCP only.
     */
    @ParameterizedTest(name = "btl {0}, {1} parent rank(s)")
    @CsvSource({"default, 2", "'self,tcp', 1"})
    void shouldSpawnAndLookUpNamesFromAnOpenMpiProgram(String btl, int n) throws Exception {
        Map<String, String> env = btl.equals("default") ? Map.of() : Map.of("OMPI_MCA_btl", btl);
        Run r = Pmixruns.run(tmp, env, 170, "-n", Integer.toString(n), dynamic.toString());
        assertEquals(0, r.exit(), r.both());
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            expected.add("parent " + i + "/" + n + ": lookup ok");
            expected.add("parent " + i + "/" + n + ": merged " + (n + 3) + " ok");
        }
        for (int i = 0; i < 3; i++) {
            expected.add("child " + i + "/3: lookup ok");
            expected.add("child " + i + "/3: merged " + (n + 3) + " ok");
        }
        assertEquals(expected.stream().sorted().toList(), r.out().lines().sorted().toList(), r.both());
        assertTrue(r.err().contains(" spawns "), r.err());
    }
}
