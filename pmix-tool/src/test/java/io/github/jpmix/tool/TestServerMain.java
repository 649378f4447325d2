package io.github.jpmix.tool;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.internal.JvmFlags;
import io.github.jpmix.server.HostModule;
import io.github.jpmix.server.PmixServer;
import io.github.jpmix.server.ServerOptions;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A server in its own JVM, for the multi-process tool tests. Arguments: {@code --server-tmpdir DIR},
 * {@code --system-tmpdir DIR}, {@code --nspace NS}, {@code --tool}, {@code --system},
 * {@code --allow-tools} (the host admits every tool), {@code --job NS} (registers a job of one process
 * on this node, repeatable). Prints {@code URI}, {@code TOOLURI}, {@code PID}, one
 * {@code FILE} per rendezvous file and {@code READY}; or {@code ERROR <status> <message>} and exits 3.
 * Then reads stdin: the line {@code exit} makes it exit without closing the server (its shutdown hook
 * runs); end of input closes the server, prints {@code CLOSED} and exits 0.
 */
public final class TestServerMain {
    private TestServerMain() {
    }

    public static void main(String[] args) throws Exception {
        JvmFlags.disableChronicleAnalytics();
        ServerOptions options = new ServerOptions().hostname(ToolTestSupport.HOST);
        boolean allowTools = false;
        List<String> jobs = new java.util.ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--server-tmpdir" -> options.serverTmpdir(Path.of(args[++i]));
                case "--system-tmpdir" -> options.systemTmpdir(Path.of(args[++i]));
                case "--nspace" -> options.serverProc(args[++i], 0);
                case "--tool" -> options.toolSupport(true);
                case "--system" -> options.systemSupport(true);
                case "--allow-tools" -> allowTools = true;
                case "--job" -> jobs.add(args[++i]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        boolean admitAll = allowTools;
        HostModule host = new HostModule() {
            @Override
            public CompletionStage<Void> toolConnected(List<Info> info) {
                return admitAll ? CompletableFuture.completedFuture(null) : HostModule.notSupported("toolConnected");
            }
        };
        PmixServer server;
        try {
            server = PmixServer.start(options, host);
        } catch (PmixException e) {
            System.out.println("ERROR " + e.statusName() + " " + e.getMessage().replace('\n', ' '));
            System.out.flush();
            System.exit(3);
            return;
        }
        for (String job : jobs) {
            server.registerNamespace(job, 1, io.github.jpmix.server.WireupInfo.of(job).node(ToolTestSupport.HOST, 0)
                    .build(ToolTestSupport.HOST));
        }
        Proc proc = server.proc();
        System.out.println("URI " + server.uri());
        System.out.println("TOOLURI " + server.toolUri());
        System.out.println("PID " + ProcessHandle.current().pid());
        System.out.println("NSPACE " + proc.namespace());
        for (Path f : server.rendezvousFiles()) {
            System.out.println("FILE " + f);
        }
        System.out.println("READY");
        System.out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            if (line.equals("exit")) {
                System.exit(0); // no close(): the shutdown hook must clean up
            }
        }
        server.close();
        System.out.println("CLOSED");
        System.out.flush();
        System.exit(0);
    }
}
