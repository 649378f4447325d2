package io.github.jpmix.benchmarks.regex;

import io.github.jpmix.benchmarks.BenchmarkMain;
import io.github.jpmix.regex.PpnRegex;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Proc maps at 16 ranks per node: {@link PpnRegex#generate(List)} from ranks,
 * {@link PpnRegex#generate(String)} from the text {@code PMIx_generate_ppn} takes, and both
 * parsers. Compare with {@code benchmarks/reference/regex/regex_bench.c} (same inputs).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
// A fixed, pre-touched heap: on a VM, first-touch page faults of a growing heap otherwise make
// the allocation-heavy parse benchmarks swing by 10x from one iteration to the next.
@Fork(value = 1, jvmArgs = {"-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class PpnRegexBenchmark {
    @Param({"1000", "10000", "100000"})
    int nodes;

    private List<int[]> ranks;
    private String text;
    private String map;

    @Setup
    public void setup() {
        ranks = RegexInputs.procMap(nodes);
        text = RegexInputs.procMapText(nodes);
        map = PpnRegex.generate(ranks);
        if (!map.equals(PpnRegex.generate(text)) || PpnRegex.parse(map).size() != nodes) {
            throw new IllegalStateException("proc map does not round-trip");
        }
    }

    @Benchmark
    public String generate() {
        return PpnRegex.generate(ranks);
    }

    @Benchmark
    public String generateFromText() {
        return PpnRegex.generate(text);
    }

    @Benchmark
    public List<int[]> parse() {
        return PpnRegex.parse(map);
    }

    @Benchmark
    public List<String> parseLocalPeers() {
        return PpnRegex.parseLocalPeers(map);
    }

    public static void main(String[] args) throws RunnerException {
        BenchmarkMain.run(new OptionsBuilder().include(PpnRegexBenchmark.class.getSimpleName()));
    }
}
