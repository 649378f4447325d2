package io.github.jpmix.benchmarks.wireup;

import io.github.jpmix.benchmarks.BenchmarkMain;
import io.github.jpmix.benchmarks.Jobs;
import io.github.jpmix.client.PmixClient;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.internal.transport.PeerCredentials;
import io.github.jpmix.server.HostModule;
import io.github.jpmix.server.PmixServer;
import io.github.jpmix.server.ServerOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * {@code PmixClient.init} then {@code close} against a server holding a job of {@code procs}
 * processes (100 per node): handshake, attaching to the mapped store, finalize. The client runs in
 * the benchmark's JVM, so this is init in a warm process; init in a fresh JVM, which also pays the
 * JVM's and Chronicle's start-up, is {@code startup.ColdInit} ({@code docs/startup.md}). The
 * reference's {@code PMIx_Init} takes 35 ms / 268 ms / 2.6 s / 74 s at 10^3 / 10^4 / 10^5 / 10^6
 * processes here.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "-Xmx1g")
public class ClientInitBenchmark {
    @Param({"1000", "10000", "100000", "1000000"})
    public int procs;

    private Path dir;
    private PmixServer server;
    private int next;

    @Setup
    public void setUp() throws IOException {
        dir = Files.createTempDirectory("jpmix-init-bench");
        server = PmixServer.start(new ServerOptions().serverTmpdir(dir).systemTmpdir(dir).hostname(Jobs.LOCAL),
                new HostModule() { });
        server.registerNamespace("job", 100, Jobs.wireup("job", procs / 100, 100));
    }

    @Benchmark
    public Proc initAndFinalize() {
        // the local node hosts ranks 100-199; each round re-registers one that finalized before
        Proc proc = new Proc("job", 100 + next++ % 100);
        server.registerClient(proc, PeerCredentials.currentUid(), PeerCredentials.currentGid());
        Map<String, String> env = server.setupFork(proc);
        try (PmixClient client = PmixClient.init(env)) {
            return client.proc();
        }
    }

    @TearDown
    public void tearDown() throws IOException {
        server.close();
        Files.deleteIfExists(dir);
    }

    public static void main(String[] args) throws RunnerException {
        BenchmarkMain.run(new OptionsBuilder().include(ClientInitBenchmark.class.getSimpleName()));
    }
}
