package io.github.jpmix.tool.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.jpmix.tool.cli.Pmixruns.Run;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Publish / lookup, spawn and connect under pmixrun, with real processes: the launcher's JVM and the
 * job's ({@link DynamicJobClient}), and the jobs they spawn.
 */
class DynamicLaunchTest {
    @TempDir
    Path tmp;

    /** Each test runs the clients over JPMIx's transport and over OpenPMIx's protocol (the server's OpenPMIx front). */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jpmix", "openpmix"})
    void shouldWaitForALaterPublishAndTimeOutWhenTold(String protocol) throws Exception {
        Run r = Pmixruns.run(tmp, Map.of(), 170, "-n", "2", DynamicJobClient.class.getName(), "lookup", protocol);
        assertEquals(0, r.exit(), r.both());
        assertEquals(List.of(
                "rank 0: duplicate PMIX_ERR_DUPLICATE_KEY",
                "rank 0: unpublished PMIX_ERR_NOT_FOUND",
                "rank 1: found dyn.key=published by 0 from rank 0 after waiting",
                "rank 1: missing PMIX_ERR_NOT_FOUND",
                "rank 1: second read PMIX_ERR_NOT_FOUND",
                "rank 1: timeout PMIX_ERR_TIMEOUT",
                "rank 1: unpublished PMIX_ERR_NOT_FOUND"), r.out().lines().sorted().toList(), r.both());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jpmix", "openpmix"})
    void shouldSpawnAJobThatReadsItsParentsDataAndFencesWithIt(String protocol) throws Exception {
        Run r = Pmixruns.run(tmp, Map.of(), 240, "-n", "2", DynamicJobClient.class.getName(), "parent", protocol);
        assertEquals(0, r.exit(), r.both());
        assertEquals(List.of(
                "child 0: parent rank 0, hello from ..., read [parent 0, parent 1]",
                "child 1: parent rank 0, hello from ..., read [parent 0, parent 1]",
                "child 2: parent rank 0, hello from ..., read [parent 0, parent 1]",
                "native child 0 yes",
                "native child 1 yes",
                "rank 0: connected, fenced and read [child 0, child 1, child 2]",
                "rank 0: spawn in a missing directory PMIX_ERR_JOB_FAILED_TO_LAUNCH",
                "rank 0: spawn of a missing program PMIX_ERR_BAD_PARAM",
                "rank 0: spawned a child namespace",
                "rank 1: connected, fenced and read [child 0, child 1, child 2]"), r.out().lines().sorted().toList(), r.both());
    }
}
