package io.github.jpmix.benchmarks.gds;

import io.github.jpmix.benchmarks.BenchmarkMain;
import io.github.jpmix.benchmarks.Jobs;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.internal.JvmFlags;
import io.github.jpmix.gds.Gds;
import io.github.jpmix.gds.GdsStore;
import io.github.jpmix.gds.Registration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * What {@code PmixServer.registerNamespace} costs: parsing the wireup information of a job of
 * {@code procs} processes ({@code ppn} per node, maps plus full data for the local ones) and
 * writing its store file, at 10^4, 10^5 and 10^6 processes. {@code -prof gc} gives the bytes
 * allocated per registration; {@code RegistrationHeapTest} registers 10^6 in a -Xmx100m JVM. The
 * reference, OpenPMIx 4.2.2's {@code PMIx_server_register_nspace}, takes 88 ms / 1.0 s / 129 s at
 * those sizes here.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "-Xmx1g")
public class RegisterNamespaceBenchmark {
    @Param({"10000", "100000", "1000000"})
    public int procs;

    /** Processes per node: 100 (10^4 nodes at 10^6), or e.g. {@code -p ppn=16} (62,500 nodes). */
    @Param({"100"})
    public int ppn;

    private Path dir;
    private GdsStore store;
    private List<Info> wireup;
    private int round;
    private String registered;

    @Setup
    public void setUp() throws IOException {
        JvmFlags.disableChronicleAnalytics();
        dir = Files.createTempDirectory("jpmix-reg-bench");
        store = Gds.mappedStore(dir, Jobs.LOCAL);
        wireup = Jobs.wireup("job", procs / ppn, ppn);
    }

    @Benchmark
    public Registration register() {
        registered = "job" + round++;
        Registration r = Registration.parse(registered, ppn, wireup);
        store.register(r);
        return r;
    }

    @TearDown(Level.Invocation)
    public void deregister() {
        if (registered != null) {
            store.deregister(registered);
            registered = null;
        }
    }

    @TearDown
    public void tearDown() throws IOException {
        store.close();
        Files.deleteIfExists(dir);
    }

    public static void main(String[] args) throws RunnerException {
        BenchmarkMain.run(new OptionsBuilder().include(RegisterNamespaceBenchmark.class.getSimpleName()));
    }
}
