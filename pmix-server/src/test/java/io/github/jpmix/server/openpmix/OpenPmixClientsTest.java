package io.github.jpmix.server.openpmix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.internal.transport.PeerCredentials;
import io.github.jpmix.server.HostModule;
import io.github.jpmix.server.PmixServer;
import io.github.jpmix.server.ServerOptions;
import io.github.jpmix.server.WireupInfo;
import io.github.jpmix.testing.NativePrograms;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Unmodified libpmix C clients served by JPMIx's server (docs/openpmix.md). */
class OpenPmixClientsTest {
    static final String NODE = "node0";
    @TempDir
    static Path bin;
    static Path client;

    @TempDir
    Path tmp;

    @BeforeAll
    static void build() {
        client = NativePrograms.pmix("pmix-server/src/test/c/pmix_client.c", bin);
    }

    /** A host of one node: its fence is the node's own data. */
    static final class Host implements HostModule {
        final List<String> aborts = new java.util.concurrent.CopyOnWriteArrayList<>();

        @Override
        public CompletionStage<byte[]> fence(List<Proc> procs, List<Info> directives, byte[] data) {
            return CompletableFuture.completedFuture(data);
        }

        @Override
        public CompletionStage<Void> abort(Proc requester, int status, String message, List<Proc> targets) {
            aborts.add(requester + " " + status + " " + message);
            return CompletableFuture.completedFuture(null);
        }
    }

    record Run(List<Integer> exits, String output) {
    }

    static Run run(PmixServer server, String nspace, int n, String... args) throws Exception {
        int[] ranks = new int[n];
        for (int i = 0; i < n; i++) {
            ranks[i] = i;
        }
        server.registerNamespace(nspace, n, WireupInfo.of(nspace).node(NODE, ranks).build(NODE));
        List<Process> procs = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            Proc p = new Proc(nspace, r);
            server.registerClient(p, PeerCredentials.currentUid(), PeerCredentials.currentGid());
            List<String> cmd = new ArrayList<>(List.of(client.toString()));
            cmd.addAll(List.of(args));
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
            pb.environment().putAll(server.setupFork(p));
            procs.add(pb.start());
        }
        List<CompletableFuture<String>> outs = new ArrayList<>();
        for (Process p : procs) {
            outs.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                } catch (java.io.IOException e) {
                    return e.toString();
                }
            }));
        }
        List<Integer> exits = new ArrayList<>();
        StringBuilder out = new StringBuilder();
        for (int r = 0; r < n; r++) {
            Process p = procs.get(r);
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
            exits.add(p.waitFor(5, TimeUnit.SECONDS) ? p.exitValue() : -1);
            out.append(outs.get(r).get(10, TimeUnit.SECONDS));
        }
        return new Run(exits, out.toString());
    }

    @Test
    void shouldServeTheBasicClientProtocolToTwoCClients() throws Exception {
        try (PmixServer server = PmixServer.start(new ServerOptions().serverTmpdir(tmp).systemTmpdir(tmp).hostname(NODE), new Host())) {
            Run r = run(server, "cjob", 2, "basic");
            System.out.println(r.output());
            assertEquals(List.of(0, 0), r.exits(), r.output());
            assertTrue(!r.output().contains("FAIL"), r.output());
        }
    }
}
