package io.github.jpmix.benchmarks.codec;

import io.github.jpmix.benchmarks.BenchmarkMain;
import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.codec.Codec;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * The codec on the launcher's hot path: encoding and decoding the job-level info array a launcher
 * registers for a namespace (27 infos: namespace and job strings, node and proc maps, sizes and
 * ranks, flags, a proc, and data arrays of node and app infos) to and from an off-heap buffer, as
 * the ring buffers will. One codec per benchmark thread, as the codec's threading contract asks.
 *
 * <pre>java -jar benchmarks/target/benchmarks.jar CodecBenchmark -f 1 -wi 3 -i 5 -w 1s -r 1s</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CodecBenchmark {
    private final Codec codec = new Codec();
    private final UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(64 * 1024));
    private List<Info> jobInfo;
    private int encodedLength;

    @Setup
    public void setUp() {
        jobInfo = jobInfo();
        encodedLength = codec.encode(jobInfo, buffer, 0);
    }

    @Benchmark
    public int encodeJobInfoOffHeap() {
        return codec.encode(jobInfo, buffer, 0);
    }

    @Benchmark
    public List<Info> decodeJobInfoOffHeap() {
        return codec.decodeInfos(buffer, 0, encodedLength);
    }

    /** What a launcher registers for a 64-node, 2,048-rank job, as seen from node 17. */
    static List<Info> jobInfo() {
        String ns = "prterun-node0001-41234@1";
        StringBuilder peers = new StringBuilder();
        for (int r = 17 * 32; r < 18 * 32; r++) {
            peers.append(peers.length() == 0 ? "" : ",").append(r);
        }
        List<Info> nodeInfo = List.of(
                Info.of("pmix.hname", Value.ofString("node0017")),
                Info.of("pmix.nodeid", Value.ofUint32(17)),
                Info.of("pmix.local.size", Value.ofUint32(32)),
                Info.of("pmix.lpeers", Value.ofString(peers.toString())));
        List<Info> appInfo = List.of(
                Info.of("pmix.appnum", Value.ofUint32(0)),
                Info.of("pmix.app.size", Value.ofUint32(2048)),
                Info.of("pmix.app.ldr", Value.ofRank(0)),
                Info.of("pmix.wdir", Value.ofString("/home/user/run")));
        List<Info> infos = new ArrayList<>();
        infos.add(Info.of("pmix.nspace", Value.ofNamespace(ns)));
        infos.add(Info.of("pmix.jobid", Value.ofString(ns)));
        infos.add(Info.of("pmix.session.id", Value.ofUint32(1)));
        infos.add(Info.of("pmix.univ.size", Value.ofUint32(2048)));
        infos.add(Info.of("pmix.job.size", Value.ofUint32(2048)));
        infos.add(Info.of("pmix.max.size", Value.ofUint32(2048)));
        infos.add(Info.of("pmix.num.nodes", Value.ofUint32(64)));
        infos.add(Info.of("pmix.num.apps", Value.ofUint32(1)));
        infos.add(Info.of("pmix.nmap", Value.ofString("node[4:1-64]")));
        infos.add(Info.of("pmix.pmap", Value.ofString("[32:0-2047]")));
        infos.add(Info.of("pmix.hname", Value.ofString("node0017")));
        infos.add(Info.of("pmix.lpeers", Value.ofString(peers.toString())));
        infos.add(Info.of("pmix.local.size", Value.ofUint32(32)));
        infos.add(Info.of("pmix.node.size", Value.ofUint32(32)));
        infos.add(Info.of("pmix.lldr", Value.ofRank(17 * 32)));
        infos.add(Info.of("pmix.tmpdir", Value.ofString("/tmp/prte.node0017.1000")));
        infos.add(Info.of("pmix.nsdir", Value.ofString("/tmp/prte.node0017.1000/dvm.41234/1")));
        infos.add(Info.of("pmix.mapby", Value.ofString("SLOT")));
        infos.add(Info.of("pmix.rankby", Value.ofString("SLOT")));
        infos.add(Info.of("pmix.bindto", Value.ofString("CORE")));
        infos.add(Info.of("pmix.spawned", Value.ofBool(false)));
        infos.add(Info.of("pmix.collect", Value.ofBool(true)));
        infos.add(Info.of("pmix.tdir.rmclean", Value.ofBool(true)));
        infos.add(Info.of("pmix.parent", Value.ofProc(new Proc("prterun-node0001-41234@0", 0))));
        infos.add(Info.of("pmix.job.term.status", Value.ofStatus(0)));
        infos.add(Info.of("pmix.node.info", Value.ofDataArray(DataArray.of(DataType.INFO, nodeInfo))));
        infos.add(Info.of("pmix.app.info", Value.ofDataArray(DataArray.of(DataType.INFO, appInfo))));
        return List.copyOf(infos);
    }

    public static void main(String[] args) throws RunnerException {
        BenchmarkMain.run(new OptionsBuilder().include(CodecBenchmark.class.getSimpleName()));
    }
}
