package io.github.jpmix.benchmarks.regex;

import io.github.jpmix.benchmarks.BenchmarkMain;
import io.github.jpmix.regex.NodeRegex;
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
 * Node maps: {@link NodeRegex#generate} and {@link NodeRegex#parse} on {@link RegexInputs}'s
 * realistic lists. Compare with {@code PMIx_generate_regex} in
 * {@code benchmarks/reference/regex/regex_bench.c} (same inputs).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
// A fixed, pre-touched heap: on a VM, first-touch page faults of a growing heap otherwise make
// the allocation-heavy parse benchmarks swing by 10x from one iteration to the next.
@Fork(value = 1, jvmArgs = {"-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class NodeRegexBenchmark {
    @Param({"1000", "10000", "100000"})
    int nodes;

    /** "plain": one run of nid names; "mixed": runs interrupted by GPU nodes (see {@link RegexInputs}). */
    @Param({"plain", "mixed"})
    String shape;

    private List<String> names;
    private String map;

    @Setup
    public void setup() {
        names = RegexInputs.nodeNames(nodes, "mixed".equals(shape));
        map = NodeRegex.generate(names);
        if (!NodeRegex.parse(map).equals(names)) {
            throw new IllegalStateException("node map does not round-trip");
        }
    }

    @Benchmark
    public String generate() {
        return NodeRegex.generate(names);
    }

    @Benchmark
    public List<String> parse() {
        return NodeRegex.parse(map);
    }

    public static void main(String[] args) throws RunnerException {
        BenchmarkMain.run(new OptionsBuilder().include(NodeRegexBenchmark.class.getSimpleName()));
    }
}
