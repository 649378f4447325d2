package io.github.jpmix.tool.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

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

    @TempDir
    static Path bin;
    @TempDir
    Path tmp;

    @BeforeAll
    static void compile() {
        ring = NativePrograms.mpi("pmix-server/src/test/c/mpi_ring.c", bin);
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
}
