package io.github.jpmix.benchmarks.wireup;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the wireup benchmark reads (pmixrun's summary line and a native client's sample files) and the
 * values its Java client posts.
 */
class WireupBenchTest {
    private static Map<String, List<Long>> programSamples() {
        Map<String, List<Long>> samples = new LinkedHashMap<>();
        WireupBench.PROGRAM_METRICS.forEach(m -> samples.put(m, new ArrayList<>()));
        return samples;
    }

    @Test
    void shouldReadTheLauncherPhasesFromPmixrunsSummary() {
        assertArrayEquals(new long[] {1109, 2557, 54}, WireupBench.launcherPhases(
                "pmixrun: server 1109 ms, register 2557 ms, launch 54 ms, run 2616 ms, total 6335 ms; exit 0"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"pmixrun: launched 2 process(es); waiting", "server 1 ms, register 2 ms",
        "[0] pmixrun: server 1109 ms, register 2557 ms, launch 54 ms, run 2616 ms, total 6335 ms; exit 0"})
    void shouldTakeNoOtherLineForTheSummary(String line) {
        assertNull(WireupBench.launcherPhases(line));
    }

    @Test
    void shouldPoolANativeClientsMicrosecondsAsNanoseconds() {
        Map<String, List<Long>> samples = programSamples();
        WireupBench.addProgramSamples(List.of("start 2.5", "init 67700.125", "fence 90.9", "fence 91.0",
                "modex 341.0004", "job_size 10000"), samples);
        assertEquals(List.of(2500L), samples.get("pmixrun_start"));
        assertEquals(List.of(67_700_125L), samples.get("init"));
        assertEquals(List.of(90_900L, 91_000L), samples.get("fence"));
        assertEquals(List.of(341_000L), samples.get("modex"));
        assertEquals(List.of(), samples.get("get_job_key"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"fence", "fence 1.0 2.0", "fence fast", ""})
    void shouldRefuseAMalformedSampleLine(String line) {
        assertThrows(IllegalArgumentException.class, () -> WireupBench.addProgramSamples(List.of(line), programSamples()));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 7, 255, 256, 70_000, 39_999, 40_000})
    void shouldPostTheEndpointTheFormatDescribes(int rank) {
        for (int round : new int[] {0, 42, 999_999, 1_000_000}) {
            String formatted = String.format("tcp://10.%d.%d.%d:%05d/round-%06d/", (rank >> 16) & 0xFF, (rank >> 8) & 0xFF,
                    rank & 0xFF, 20000 + (rank % 40000), round);
            String expected = formatted + "x".repeat(Math.max(0, 64 - formatted.length()));
            assertEquals(expected, WireupBenchClient.endpoint(rank, round));
        }
    }

    @Test
    void firstFencesProbeShouldPrintTheMedianOfEachBlockOfAHundredFencesAndOfTheShorterLastOne() {
        long[] ns = new long[250];
        for (int i = 0; i < ns.length; i++) {
            ns[i] = (ns.length - i) * 1000L; // descending: each block's median is not its middle slot
        }
        // blocks of 250..151, 150..51 and 50..1 us: nearest-rank medians, the 50th of 100 and the 25th of 50
        assertEquals("200 100 25", FirstFencesProbe.blockMedians(ns));
        assertEquals("7", FirstFencesProbe.blockMedians(new long[] {7_999}));
    }
}
