package io.github.jpmix.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.internal.JvmFlags;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The scale bound of ARCHITECTURE.md (memory in proportion to nodes plus local processes): a server
 * registers a 1,000,000-process job within 100 MB of heap. The job is registered in a JVM of its own
 * started with {@code -Xmx100m} ({@link RegistrationHeapChild}), the host's wireup information and
 * its builder included; the figures it prints go to this test's output (the heap the registration
 * keeps is a few MB: nodes and ranges, not processes).
 */
class RegistrationHeapTest {
    @Test
    void aMillionProcessJobRegistersWithin100MbOfHeap() throws Exception {
        List<String> cmd = new ArrayList<>(JvmFlags.javaCommand(List.of("-Xmx100m"), RegistrationHeapChild.class.getName()));
        cmd.addAll(List.of("1000000", "2"));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), out);
        assertEquals(0, p.exitValue(), out);
        System.out.println("RegistrationHeapTest (MB of heap, -Xmx100m): " + out.trim());
        String line = out.lines().filter(l -> l.startsWith("baseline ")).findFirst().orElseThrow(() -> new AssertionError(out));
        String[] f = line.split(" ");
        double retained = Double.parseDouble(f[5]);
        double baseline = Double.parseDouble(f[1]);
        assertTrue(retained - baseline < 100, line);
    }
}
