package io.github.jpmix.tool.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.testing.NativePrograms;
import io.github.jpmix.tool.cli.Pmixruns.Run;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * pmixrun runs native programs as mpirun does: a path or a command on PATH is a program, its arguments
 * pass untouched, native and Java apps share a job, and every rank's output reaches pmixrun's a whole
 * line at a time. Real processes: the launcher's JVM, shells, Python, the libpmix test client.
 */
class NativeLaunchTest {
    /** The libpmix test client (pmix-server/src/test/c/pmix_client.c), compiled once for the class. */
    private static Path pmixClient;

    @TempDir
    static Path bin;
    @TempDir
    Path tmp;

    @BeforeAll
    static void compile() {
        pmixClient = NativePrograms.pmix("pmix-server/src/test/c/pmix_client.c", bin);
    }

    private Run pmixrun(String... args) throws Exception {
        return Pmixruns.run(tmp, Map.of(), 110, args);
    }

    @Test
    void shouldRunAProgramWithItsArgumentsUntouched() throws Exception {
        // options after the program, an empty word, spaces, quotes, a glob: all the program's own
        String script = "printf '%s|' \"$0\" \"$@\"; printf 'rank=%s ns=%s schizo=%s\\n' \"$PMIX_RANK\" \"$PMIX_NAMESPACE\""
                + " \"$OMPI_MCA_schizo\"";
        Run r = pmixrun("-n", "3", "/bin/sh", "-c", script, "arg0", "-n", "--flag", "", "two words", "'q'", "*", "-h");
        assertEquals(0, r.exit(), r.both());
        List<String> lines = r.out().lines().sorted().toList();
        assertEquals(3, lines.size(), r.out());
        for (int rank = 0; rank < 3; rank++) {
            assertEquals("arg0|-n|--flag||two words|'q'|*|-h|rank=" + rank + " ns=pmixrun." + pid(r)
                    + " schizo=^orte", lines.get(rank), r.out());
        }
    }

    @Test
    void shouldFindCommandsOnPathAndLetTheUsersOpenMpiSettingsWin() throws Exception {
        // "sh" is looked up on PATH; the launcher's own OMPI_MCA_schizo is the one the ranks get
        Run r = Pmixruns.run(tmp, Map.of("OMPI_MCA_schizo", "^slurm"), 110,
                "-n", "2", "sh", "-c", "echo \"rank $PMIX_RANK schizo $OMPI_MCA_schizo\"");
        assertEquals(0, r.exit(), r.both());
        assertEquals(List.of("rank 0 schizo ^slurm", "rank 1 schizo ^slurm"), r.out().lines().sorted().toList());
    }

    /** As mpirun: ranks that outnumber the processors yield when idle instead of spinning (Open MPI's setting). */
    @Test
    void shouldTellOpenMpiToYieldOnlyWhenOversubscribed() throws Exception {
        int cpus = Runtime.getRuntime().availableProcessors();
        String script = "echo \"yield=$OMPI_MCA_mpi_yield_when_idle\"";
        Run over = pmixrun("-n", Integer.toString(cpus + 1), "/bin/sh", "-c", script);
        assertEquals(0, over.exit(), over.both());
        assertEquals(java.util.Collections.nCopies(cpus + 1, "yield=1"), over.out().lines().toList());
        Run fits = pmixrun("-n", "1", "/bin/sh", "-c", script);
        assertEquals(0, fits.exit(), fits.both());
        assertEquals(List.of("yield="), fits.out().lines().toList());
    }

    @Test
    void shouldServeTheOpenPmixTestClientAtTwoRanks() throws Exception {
        Run r = pmixrun("-n", "2", pmixClient.toString(), "basic");
        assertEquals(0, r.exit(), r.both());
        assertFalse(r.out().contains("FAIL"), r.out());
        for (int rank = 0; rank < 2; rank++) {
            assertTrue(r.out().contains("OK " + rank + " init nspace=pmixrun." + pid(r) + " rank=" + rank), r.out());
            assertTrue(r.out().contains("OK " + rank + " fence-collect 2 procs collect"), r.out());
            assertTrue(r.out().contains("OK " + rank + " finalize done"), r.out());
        }
        assertTrue(r.out().lines().allMatch(l -> l.startsWith("OK ")), r.out());
    }

    /**
     * PMIx_Abort from rank 0 of 3: the others are killed before rank 0 hears back (so none reports rank 0's
     * end as a failure of its own), rank 0 exits by itself, and the abort's status is pmixrun's, said once.
     */
    @Test
    void shouldEndTheJobWithTheAbortsStatus() throws Exception {
        Run r = pmixrun("-n", "3", pmixClient.toString(), "abort");
        assertEquals(42, r.exit(), r.both());
        assertTrue(r.out().contains("OK 0 abort-returned SUCCESS"), r.out());
        assertFalse(r.out().contains("FAIL"), r.out());
        List<String> err = r.err().lines().toList();
        assertEquals("pmixrun: rank 0 aborts the job with status 42: pmix_client abort test", err.get(2), r.err());
        assertEquals(4, err.size(), r.err());
        assertTrue(err.get(3).endsWith("; exit 42"), r.err());
    }

    /** A C app and a Java app in one job: each rank reads its own facts, and all fence together. */
    @Test
    void shouldRunNativeAndJavaAppsInOneJob() throws Exception {
        Run r = pmixrun("-n", "1", pmixClient.toString(), "info", ":",
                "-n", "2", LaunchedProgram.class.getName(), "rank", "-n", "--x");
        assertEquals(0, r.exit(), r.both());
        assertTrue(r.out().contains("INFO 0 "), r.out());
        assertTrue(r.out().contains("OK 0 fence"), r.out());
        assertFalse(r.out().contains("FAIL"), r.out());
        for (int rank = 1; rank <= 2; rank++) {
            assertTrue(r.out().contains("JAVA rank=" + rank + " app=1 size=3 java.home=" + System.getProperty("java.home")
                    + " args=[rank, -n, --x]"), r.out());
        }
    }

    /**
     * Four ranks write long lines to stdout and stderr at once, each line in pieces (Python's stdio writes a
     * pipe in 8 KiB blocks, and flushes mid-line here on purpose): every line arrives whole, tagged with
     * its rank.
     */
    @Test
    void shouldKeepEveryLineOfEveryRankWhole() throws Exception {
        String program = String.join("\n",
                "import os, sys",
                "r = os.environ['PMIX_RANK']",
                "for i in range(150):",
                "    for f, name in ((sys.stdout, 'out'), (sys.stderr, 'err')):",
                "        line = '%s %s %d ' % (name, r, i) + r * 3000",
                "        f.write(line[:1000]); f.flush()",
                "        f.write(line[1000:] + '\\n')",
                "sys.stdout.flush()");
        Run r = pmixrun("--tag-output", "-n", "4", "python3", "-c", program);
        assertEquals(0, r.exit(), r.both());
        Pattern line = Pattern.compile("\\[(\\d)] (out|err) (\\d) (\\d+) (\\d+)");
        for (String stream : List.of("out", "err")) {
            String text = stream.equals("out") ? r.out() : r.err();
            Map<Integer, List<Integer>> seen = new TreeMap<>();
            for (String l : text.lines().toList()) {
                if (l.startsWith("pmixrun: ")) {
                    continue;
                }
                Matcher m = line.matcher(l);
                assertTrue(m.matches(), "a broken line on std" + stream + ": " + l.substring(0, Math.min(200, l.length())));
                int rank = Integer.parseInt(m.group(1));
                assertEquals(m.group(1), m.group(3), l.substring(0, 20));
                assertEquals(String.valueOf(rank).repeat(3000), m.group(5), "line " + m.group(4) + " of rank " + rank);
                seen.computeIfAbsent(rank, k -> new ArrayList<>()).add(Integer.parseInt(m.group(4)));
            }
            assertEquals(List.of(0, 1, 2, 3), List.copyOf(seen.keySet()), stream);
            for (List<Integer> numbers : seen.values()) {
                assertEquals(java.util.stream.IntStream.range(0, 150).boxed().toList(), numbers, stream);
            }
        }
    }

    /** The launcher's pid: the job's namespace is {@code pmixrun.<pid>}. */
    private static String pid(Run r) {
        Matcher m = Pattern.compile("ns=pmixrun\\.(\\d+)|nspace=pmixrun\\.(\\d+)").matcher(r.out());
        assertTrue(m.find(), r.out());
        return m.group(1) != null ? m.group(1) : m.group(2);
    }

    /**
     * PMIx_Publish, PMIx_Lookup and PMIx_Unpublish from libpmix clients (the OpenPMIx front): a lookup with
     * PMIX_WAIT waits for a later publish, one with PMIX_TIMEOUT times out, a duplicate is refused, an
     * unpublished key is gone.
     */
    @Test
    void shouldPublishAndLookUpFromLibpmixClients() throws Exception {
        Run r = pmixrun("-n", "2", pmixClient.toString(), "publish");
        assertEquals(0, r.exit(), r.both());
        List<String> steps = r.out().lines().filter(l -> !l.contains(" init ") && !l.contains(" job-size ")
                && !l.contains(" fence ")).sorted().toList();
        assertEquals(List.of(
                "OK 0 finalize done",
                "OK 0 lookup-unpublished NOT-FOUND",
                "OK 0 publish c.key",
                "OK 0 publish-again DUPLICATE KEY",
                "OK 0 unpublish c.key",
                "OK 1 finalize done",
                "OK 1 lookup-missing NOT-FOUND",
                "OK 1 lookup-timeout TIMEOUT",
                "OK 1 lookup-unpublished NOT-FOUND",
                "OK 1 lookup-wait c.key=from-c-0 from rank 0 after waiting"), steps, r.both());
    }
}
