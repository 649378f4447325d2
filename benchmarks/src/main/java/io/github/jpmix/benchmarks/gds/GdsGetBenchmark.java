package io.github.jpmix.benchmarks.gds;

import io.github.jpmix.benchmarks.BenchmarkMain;
import io.github.jpmix.benchmarks.Jobs;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.JvmFlags;
import io.github.jpmix.gds.Gds;
import io.github.jpmix.gds.GdsReader;
import io.github.jpmix.gds.GdsStore;
import io.github.jpmix.gds.Registration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * A client's {@code get} from the memory-mapped (Chronicle) store, as a client process does it: a
 * reader attached to the server's files, in a job of 1,000,000 processes (10,000 nodes x 100) with a
 * modex generation holding the posted endpoint of the 100 local processes. The three hot-path reads:
 * a job-level key, a fact of a rank on another node (derived from the maps), a peer's posted key.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class GdsGetBenchmark {
    private static final String NS = "job";
    private final Proc self = new Proc(NS, 100);
    private final Proc job = Proc.wildcard(NS);
    private final Proc remote = new Proc(NS, 654_321);
    private final Proc peer = new Proc(NS, 150);
    private final List<Info> none = List.of();
    private Path dir;
    private GdsStore store;
    private GdsReader reader;

    @Setup
    public void setUp() throws IOException {
        JvmFlags.disableChronicleAnalytics();
        dir = Files.createTempDirectory("jpmix-gds-bench");
        store = Gds.mappedStore(dir, Jobs.LOCAL);
        store.register(Registration.parse(NS, 100, Jobs.wireup(NS, 10_000, 100)));
        Map<Proc, Map<String, Value>> posted = new HashMap<>();
        for (int r = 100; r < 200; r++) {
            posted.put(new Proc(NS, r), Map.of("ep", Value.ofString("tcp://10.0.0." + r + ":5000")));
        }
        long generation = store.publishModex(posted);
        reader = Gds.attach(store.attachInfo(), NS);
        reader.advanceModex(generation);
    }

    @TearDown
    public void tearDown() throws IOException {
        reader.close();
        store.close();
        Files.deleteIfExists(dir);
    }

    @Benchmark
    public Value jobKey() {
        return reader.get(job, Keys.JOB_SIZE.name(), none, self);
    }

    @Benchmark
    public Value remoteProcNodeId() {
        return reader.get(remote, Keys.NODEID.name(), none, self);
    }

    @Benchmark
    public Value peerPostedKey() {
        return reader.modex(peer, "ep");
    }

    public static void main(String[] args) throws RunnerException {
        BenchmarkMain.run(new OptionsBuilder().include(GdsGetBenchmark.class.getSimpleName()));
    }
}
