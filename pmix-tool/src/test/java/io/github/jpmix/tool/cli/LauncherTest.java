package io.github.jpmix.tool.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.tool.cli.Pmixruns.Run;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code bin/pmixrun}'s main ({@link Pmixrun}), run as a user runs it: a separate launcher JVM that starts the
 * job's JVMs.
 */
class LauncherTest {
    @TempDir
    Path tmp;

    private Run pmixrun(String... args) throws Exception {
        return Pmixruns.run(tmp, Map.of(), 110, args);
    }

    @Test
    void shouldRunTheBundledDemoAsTwoAppsAndReportEachPhase() throws Exception {
        Run r = pmixrun("-n", "2", ":", "-n", "1");
        assertEquals(0, r.exit(), r.both());
        assertTrue(r.out().contains("rank 0/3 app 0") && r.out().contains("rank 1/3 app 0")
                && r.out().contains("rank 2/3 app 1"), r.out());
        assertTrue(r.out().contains("3 local peers wired"), r.out());
        List<String> err = r.err().lines().toList();
        assertEquals("pmixrun: 3 process(es) in 2 app(s)", err.get(0), r.err());
        // the summary is the last line, and nothing but pmixrun's own lines come before it
        assertTrue(err.get(err.size() - 1).matches("pmixrun: server \\d+ ms, register .* total \\d+ ms; exit 0"), r.err());
        assertEquals(3, err.size(), r.err());
    }

    @Test
    void shouldSpreadTheMapsOverSimulatedNodes() throws Exception {
        Run r = pmixrun("--simulate-nodes", "3", "-n", "1");
        assertEquals(0, r.exit(), r.both());
        assertTrue(r.out().contains("rank 0/3") && r.out().contains("1 local peers wired, 3 node(s)"), r.out());
    }

    @Test
    void shouldPadTheJobWithSimulatedNodesOfSixteenRanks() throws Exception {
        // 2 local ranks, 33 more on nid00001 (16), nid00002 (16), nid00003 (1): the reference harness's layout
        Run r = pmixrun("--job-size", "35", "-n", "2");
        assertEquals(0, r.exit(), r.both());
        assertTrue(r.out().contains("rank 0/35") && r.out().contains("rank 1/35"), r.out());
        assertTrue(r.out().contains("2 local peers wired, 4 node(s)"), r.out());
        assertTrue(r.err().contains("job of 35 ranks (33 on simulated nodes)"), r.err());
    }

    @Test
    void shouldPassOnTheJobsExitCode() throws Exception {
        // a main class that is not there: the JVM exits 1, and so does the job
        Run r = pmixrun("-n", "1", "no.such.Main");
        assertEquals(1, r.exit(), r.both());
        assertTrue(r.err().contains("rank 0 (pid ") && r.err().contains(") exited with status 1; terminating the job"),
                r.err());
    }

    static Stream<Arguments> usageErrors() {
        return Stream.of(
                Arguments.of(Named.of("-n without a value", List.of("-n")), "-n needs a value"),
                Arguments.of(Named.of("-n before a ':'", List.of("-n", ":", "-n", "1")), "-n needs a value"),
                Arguments.of(Named.of("a bad -n", List.of("-n", "zero")), "-n needs a positive number, not 'zero'"),
                Arguments.of(Named.of("--simulate-nodes without a value", List.of("-n", "1", "--simulate-nodes")),
                        "--simulate-nodes needs a value"),
                Arguments.of(Named.of("a trailing ':'", List.of("-n", "2", ":")), "':' with no app after it"),
                Arguments.of(Named.of("a leading ':'", List.of(":", "-n", "2")), "':' with no app before it"),
                Arguments.of(Named.of("two ':' in a row", List.of("-n", "1", ":", ":", "-n", "1")),
                        "two ':' with no app between them"),
                Arguments.of(Named.of("an unknown option", List.of("--frobnicate", "-n", "1")), "unknown option --frobnicate"),
                Arguments.of(Named.of("a path that is no file", List.of("-n", "1", "./no/such/program")),
                        "./no/such/program: no such file"),
                Arguments.of(Named.of("a job size below the local processes", List.of("--job-size", "1", "-n", "2")),
                        "--job-size 1 is smaller than the 2 local process(es)"),
                Arguments.of(Named.of("--job-size with --simulate-nodes", List.of("--job-size", "40", "--simulate-nodes",
                        "2", "-n", "2")), "--job-size and --simulate-nodes exclude each other"));
    }

    /** A usage error is one line on stderr, nothing on stdout, exit 2, and no process started. */
    @ParameterizedTest
    @MethodSource("usageErrors")
    void shouldRefuseBadUsageInOneLine(List<String> args, String message) throws Exception {
        Run r = pmixrun(args.toArray(String[]::new));
        assertEquals(2, r.exit(), r.both());
        assertEquals("", r.out());
        assertEquals(List.of("pmixrun: " + message + " (pmixrun --help for the usage)"), r.err().lines().toList());
    }

    @Test
    void shouldDescribeNativeProgramsAndOpenMpiInItsHelp() throws Exception {
        Run r = pmixrun("--help");
        assertEquals(0, r.exit(), r.both());
        for (String s : List.of("usage: pmixrun", "command on", "Java main class", "--tag-output", "OMPI_MCA_schizo=^orte",
                "OMPI_MCA_mpi_yield_when_idle=1", "OMPI_MCA_btl", "SIGKILL", "io.github.jpmix.client.WireupDemo")) {
            assertTrue(r.out().contains(s), s + " missing from\n" + r.out());
        }
    }
}
