package io.github.jpmix.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.Proc;
import io.github.jpmix.testing.Child;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a fresh client JVM loads from its start to wired (init, put, commit, fence with data
 * collection, get of every peer's value) and on to its exit: the guard of the start-up work
 * {@code docs/startup.md} took out, counted rather than timed so that it holds on a busy machine.
 * The wireup benchmark's {@code classes}, {@code cpu} and {@code wired} figures are the timed side.
 */
class StartupFootprintTest {
    /**
     * Classes a client JVM loads in all (JDK included), measured at 1,717 (JDK 17) and 1,796 (JDK 25);
     * 3,020 and 3,090 when it read the store through Chronicle, whose javac compilation alone would add
     * some 1,300 more and its JNR POSIX binding some 300.
     */
    static final int MAX_CLASSES = 2_100;

    @TempDir
    Path tmp;
    private TestHost host;
    private final List<Child> children = new ArrayList<>();

    @AfterEach
    void stop() {
        children.forEach(Child::close);
        if (host != null) {
            host.close();
        }
    }

    @Test
    void shouldWireUpAFreshClientWithoutChronicleJavacJnrServiceScanOrMoreClassesThanTheBound() throws Exception {
        host = new TestHost(tmp);
        host.job("boot", 2);
        List<Path> logs = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            Path log = tmp.resolve("classes-" + r + ".log");
            logs.add(log);
            List<String> options = new ArrayList<>(Child.SMALL);
            options.add("-Xlog:class+load=info:file=" + log);
            Child c = host.launch(new Proc("boot", r), options, ClientScenarios.class, "wireup");
            children.add(c);
        }
        for (int r = 0; r < 2; r++) {
            Child c = children.get(r);
            c.await("WIRED " + r + " of 2", 120_000);
            assertEquals(0, c.awaitExit(60_000), c.transcript());
        }
        for (Path log : logs) {
            List<String> loaded = Files.readAllLines(log).stream().filter(l -> l.contains(" source: ")).toList();
            List<String> javac = loaded.stream().filter(l -> l.contains(" com.sun.tools.javac.")).toList();
            List<String> jnr = loaded.stream().filter(l -> l.contains(" jnr.") || l.contains(" com.kenai.jffi.")).toList();
            List<String> chronicle = loaded.stream().filter(l -> l.contains(" net.openhft.")).toList();
            // up to the JVM's exit: from JDK 21 on, Runtime.exit asks System.getLogger whether to log the
            // exit, whose first use looks a LoggerFinder up on the class path (JDK-8301627)
            int exit = 0;
            while (exit < loaded.size() && !loaded.get(exit).contains(" java.lang.Shutdown ")) {
                exit++;
            }
            List<String> serviceScans = loaded.subList(0, exit).stream()
                    .filter(l -> l.contains(" java.util.ServiceLoader$LazyClassPathLookupIterator ")).toList();
            System.out.println("[startup] " + log.getFileName() + ": " + loaded.size() + " classes");
            // docs/startup.md, "What a fresh client JVM does", 1: a reader loads no Chronicle class
            assertTrue(chronicle.isEmpty(), () -> "a client loaded " + chronicle.size() + " Chronicle classes, e.g. "
                    + chronicle.get(0));
            assertTrue(javac.isEmpty(), () -> "a client loaded javac: " + javac.size() + " classes, e.g. " + javac.get(0));
            assertTrue(jnr.isEmpty(), () -> "a client loaded JNR: " + jnr.size() + " classes, e.g. " + jnr.get(0));
            // docs/startup.md, "What a fresh client JVM does", 5: the JVM flags name the selector
            // provider, so the first socket does not make the JDK scan every jar for one
            assertTrue(serviceScans.isEmpty(), "a client looked a service up on its class path (the JDK's"
                    + " selector provider, unless the JVM flags name it)");
            Path name = log.getFileName();
            assertTrue(loaded.size() <= MAX_CLASSES, () -> name + ": " + loaded.size()
                    + " classes loaded by a client from start to exit, over the bound " + MAX_CLASSES);
        }
    }
}
