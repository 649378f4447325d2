package io.github.jpmix.tool.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.internal.JvmFlags;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/pmixrun}'s main ({@link Pmixrun}), run as a user runs it: a separate launcher JVM that starts the
 * job's JVMs.
 */
class LauncherTest {
    @TempDir
    Path tmp;

    private record Run(int exit, String out, String err) {
    }

    private Run pmixrun(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(JvmFlags.javaCommand(List.of(), Pmixrun.class.getName()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectOutput(tmp.resolve("out").toFile())
                .redirectError(tmp.resolve("err").toFile());
        pb.environment().put("TMPDIR", tmp.toString());
        Process p = pb.start();
        if (!p.waitFor(110, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("pmixrun did not finish");
        }
        return new Run(p.exitValue(), java.nio.file.Files.readString(tmp.resolve("out")),
                java.nio.file.Files.readString(tmp.resolve("err")));
    }

    @Test
    void shouldRunTheBundledDemoAsTwoAppsAndReportEachPhase() throws Exception {
        Run r = pmixrun("-n", "2", ":", "-n", "1");
        assertEquals(0, r.exit, r.out + r.err);
        assertTrue(r.out.contains("rank 0/3 app 0") && r.out.contains("rank 1/3 app 0") && r.out.contains("rank 2/3 app 1"),
                r.out);
        assertTrue(r.out.contains("3 local peers wired"), r.out);
        assertTrue(r.err.contains("pmixrun: 3 process(es) in 2 app(s)") && r.err.contains("register")
                && r.err.contains("exit 0"), r.err);
    }

    @Test
    void shouldSpreadTheMapsOverSimulatedNodes() throws Exception {
        Run r = pmixrun("--simulate-nodes", "3", "-n", "1");
        assertEquals(0, r.exit, r.out + r.err);
        assertTrue(r.out.contains("rank 0/3") && r.out.contains("1 local peers wired, 3 node(s)"), r.out);
    }

    @Test
    void shouldPadTheJobWithSimulatedNodesOfSixteenRanks() throws Exception {
        // 2 local ranks, 33 more on nid00001 (16), nid00002 (16), nid00003 (1): the reference harness's layout
        Run r = pmixrun("--job-size", "35", "-n", "2");
        assertEquals(0, r.exit, r.out + r.err);
        assertTrue(r.out.contains("rank 0/35") && r.out.contains("rank 1/35"), r.out);
        assertTrue(r.out.contains("2 local peers wired, 4 node(s)"), r.out);
        assertTrue(r.err.contains("job of 35 ranks (33 on simulated nodes)"), r.err);
        r = pmixrun("--job-size", "1", "-n", "2");
        assertEquals(2, r.exit, r.err);
        assertTrue(r.err.contains("--job-size 1 is smaller than the 2 local process(es)"), r.err);
        r = pmixrun("--job-size", "40", "--simulate-nodes", "2", "-n", "2");
        assertEquals(2, r.exit, r.err);
        assertTrue(r.err.contains("exclude each other"), r.err);
    }

    @Test
    void shouldPassOnTheJobsExitCodeAndRefuseBadUsage() throws Exception {
        // a program that is not there: the JVM exits 1, and so does the job
        Run r = pmixrun("-n", "1", "no.such.Main");
        assertEquals(1, r.exit, r.err);
        r = pmixrun("-n", "zero");
        assertEquals(2, r.exit, r.err);
        assertTrue(r.err.contains("-n needs a positive number"), r.err);
    }
}
