package io.github.jpmix.client;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Scope;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.protocol.MessageKeys;
import io.github.jpmix.common.internal.protocol.Messages;
import io.github.jpmix.common.internal.protocol.Op;
import io.github.jpmix.common.internal.transport.ServerUri;
import io.github.jpmix.common.internal.transport.TransportConfig;
import io.github.jpmix.client.transport.TransportClient;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The main of the client JVMs {@code HardeningTest} forks, one scenario per run, chosen by the first
 * argument. Each prints what it observes, one fact per line; a call's failure prints as
 * {@code <WHAT> <status name> <message>}.
 */
public final class HardeningScenarios {
    private HardeningScenarios() {
    }

    public static void main(String[] args) throws Exception {
        BufferedReader stdin = new BufferedReader(new InputStreamReader(System.in));
        switch (args[0]) {
            case "fence-loop" -> {
                // fences with data among the ranks of args[1] (comma-separated), args[2] times (0: until
                // one fails); prints the slowest fence of every 100 and the first failure
                try (PmixClient c = PmixClient.init()) {
                    List<Proc> procs = ranks(c, args[1]);
                    int rounds = Integer.parseInt(args[2]);
                    System.out.println("LOOPING");
                    long slowest = 0;
                    for (int n = 1; rounds == 0 || n <= rounds; n++) {
                        c.put(Scope.GLOBAL, "ep", Value.ofString("round-" + n));
                        long t0 = System.nanoTime();
                        try {
                            c.commit();
                            c.fence(procs, Info.flag(Keys.COLLECT_DATA));
                        } catch (PmixException e) {
                            System.out.println("FAILED " + e.statusName() + " " + e.getMessage() + " after " + n);
                            return;
                        }
                        slowest = Math.max(slowest, System.nanoTime() - t0);
                        if (n % 100 == 0) {
                            System.out.println("FENCES " + n + " slowest " + TimeUnit.NANOSECONDS.toMicros(slowest) + " us");
                            slowest = 0;
                        }
                    }
                    System.out.println("LOOPED " + rounds);
                }
            }
            case "fill-fences" -> {
                // each round posts a new 256 KiB value, commits and fences with everybody, printing the
                // outcome, for args[1] rounds; the session file system fills meanwhile
                try (PmixClient c = PmixClient.init()) {
                    int rounds = Integer.parseInt(args[1]);
                    System.out.println("LOOPING");
                    int failed = 0;
                    for (int n = 1; n <= rounds && failed < 3; n++) {
                        try {
                            c.put(Scope.GLOBAL, "blob-" + n, Value.ofByteObject(new byte[256 * 1024]));
                            c.commit();
                            c.fence(List.of(), Info.flag(Keys.COLLECT_DATA));
                            System.out.println("ROUND " + n + " ok");
                        } catch (PmixException e) {
                            failed++;
                            System.out.println("ROUND " + n + " " + e.statusName() + " " + e.getMessage());
                        }
                        if (n == 4) {
                            System.out.println("FILL");
                            stdin.readLine(); // the test fills the file system now
                        }
                    }
                }
                System.out.println("DONE");
            }
            case "put-limit" -> {
                // puts args[1] values of args[2] bytes each under new keys, commits, then fences with
                // everybody and reads rank 0's first key
                try (PmixClient c = PmixClient.init()) {
                    int count = Integer.parseInt(args[1]);
                    int size = Integer.parseInt(args[2]);
                    int put = 0;
                    try {
                        for (; put < count; put++) {
                            c.put(Scope.GLOBAL, "k" + put, Value.ofByteObject(new byte[size]));
                        }
                        System.out.println("PUT " + put);
                    } catch (PmixException e) {
                        System.out.println("PUT " + e.statusName() + " " + e.getMessage() + " at " + put);
                    }
                    c.commit();
                    System.out.println("COMMITTED");
                    c.fence(List.of(), Info.flag(Keys.COLLECT_DATA));
                    System.out.println("FENCED");
                    Value v = c.get(new Proc(c.proc().namespace(), 0), "k0");
                    System.out.println("GOT " + v.asBytes().length);
                }
            }
            case "raw-commit" -> {
                // a client that ignores the limits its handshake stated: COMMIT requests straight on the
                // transport, args[1] keys then args[2] keys, then a fence with ranks 0 and 1
                String nspace = System.getenv("PMIX_NAMESPACE");
                int rank = Integer.parseInt(System.getenv("PMIX_RANK"));
                List<Info> hello = List.of(Info.of(MessageKeys.NSPACE, Value.ofString(nspace)),
                        Info.of(MessageKeys.RANK, Value.ofRank(rank)),
                        Info.of(MessageKeys.PID, Value.ofInt64(ProcessHandle.current().pid())));
                try (TransportClient t = TransportClient.connect(ServerUri.socket(System.getenv("PMIX_SERVER_URI")),
                        Messages.reply(hello), new TransportConfig(), (id, b, o, l) -> { })) {
                    List<Info> reply = Messages.replyInfos(t.handshakeReply());
                    System.out.println("LIMITS " + MessageKeys.find(reply, MessageKeys.LIMIT_POSTED_KEYS));
                    for (int i = 1; i <= 2; i++) {
                        int keys = Integer.parseInt(args[i]);
                        List<Info> batch = new ArrayList<>();
                        for (int k = 0; k < keys; k++) {
                            batch.add(MessageKeys.posted("c" + i + "-" + k, Value.ofInt32(k), Scope.GLOBAL));
                        }
                        try {
                            t.request(Messages.request(Op.COMMIT, batch), Duration.ofSeconds(30)).join();
                            System.out.println("COMMIT " + keys + " ok");
                        } catch (java.util.concurrent.CompletionException e) {
                            PmixException p = (PmixException) e.getCause();
                            System.out.println("COMMIT " + keys + " " + p.statusName() + " " + p.getMessage());
                        }
                    }
                    List<Info> fence = List.of(Info.of(MessageKeys.PROCS, Value.ofDataArray(
                            io.github.jpmix.common.DataArray.of(io.github.jpmix.common.DataType.PROC,
                                    List.of(new Proc(nspace, 0), new Proc(nspace, 1))))),
                            Info.flag(Keys.COLLECT_DATA));
                    t.request(Messages.request(Op.FENCE, fence), Duration.ofSeconds(30)).join();
                    System.out.println("FENCED");
                }
            }
            case "park-gets" -> {
                // args[1] gets of a key rank args[2] has not posted, then one more; prints how each ended
                try (PmixClient c = PmixClient.init()) {
                    int n = Integer.parseInt(args[1]);
                    Proc target = new Proc(c.proc().namespace(), Integer.parseInt(args[2]));
                    List<CompletableFuture<Value>> parked = new ArrayList<>();
                    for (int i = 0; i < n; i++) {
                        parked.add(c.getAsync(target, "later", Info.of(Keys.TIMEOUT, 60)));
                    }
                    try {
                        c.getAsync(target, "later", Info.of(Keys.TIMEOUT, 60)).join();
                        System.out.println("EXTRA ok");
                    } catch (java.util.concurrent.CompletionException e) {
                        PmixException p = (PmixException) e.getCause();
                        System.out.println("EXTRA " + p.statusName() + " " + p.getMessage());
                    }
                    System.out.println("PARKED " + n);
                    int answered = 0;
                    for (CompletableFuture<Value> f : parked) {
                        if (f.join().asString().equals("now")) {
                            answered++;
                        }
                    }
                    System.out.println("ANSWERED " + answered);
                }
            }
            case "post-later" -> {
                // waits for a line on stdin, then posts "later" and fences with nobody else
                try (PmixClient c = PmixClient.init()) {
                    System.out.println("READY");
                    stdin.readLine();
                    c.put(Scope.GLOBAL, "later", Value.ofString("now"));
                    c.commit();
                    System.out.println("POSTED");
                    stdin.readLine();
                }
            }
            case "stop-me" -> {
                // says READY, waits for a line on stdin (the test stops this process past the server's
                // heartbeat timeout meanwhile), then fences alone and prints the outcome
                try (PmixClient c = PmixClient.init()) {
                    System.out.println("READY " + ProcessHandle.current().pid());
                    stdin.readLine();
                    try {
                        c.fence(List.of(c.proc()));
                        System.out.println("FENCED");
                    } catch (PmixException e) {
                        System.out.println("FENCE " + e.statusName() + " " + e.getMessage());
                    }
                } catch (PmixException e) {
                    System.out.println("FINALIZE " + e.statusName());
                }
            }
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    private static List<Proc> ranks(PmixClient c, String csv) {
        List<Proc> procs = new ArrayList<>();
        for (String r : csv.split(",")) {
            procs.add(new Proc(c.proc().namespace(), Integer.parseInt(r)));
        }
        return procs;
    }
}
