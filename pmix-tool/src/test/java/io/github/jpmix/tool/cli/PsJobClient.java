package io.github.jpmix.tool.cli;

import io.github.jpmix.client.PmixClient;
import io.github.jpmix.common.internal.JvmFlags;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A job process for the {@code jpmix ps} tests, run by {@code pmixrun}: connects, writes
 * {@code <dir>/ready-<rank>} (its pid), then waits for {@code <dir>/go-<rank>}, whose text says how to
 * end: {@code finalize <code>} (close the client, then exit with the code) or {@code exit <code>}
 * (exit without finalizing). The test SIGKILLs some instead.
 */
public final class PsJobClient {
    private PsJobClient() {
    }

    public static void main(String[] args) throws Exception {
        JvmFlags.disableChronicleAnalytics();
        Path dir = Path.of(args[0]);
        PmixClient client = PmixClient.init();
        int rank = client.proc().rank();
        Path ready = dir.resolve("ready-" + rank);
        Files.writeString(dir.resolve(".ready-" + rank), Long.toString(ProcessHandle.current().pid()));
        Files.move(dir.resolve(".ready-" + rank), ready);
        Path go = dir.resolve("go-" + rank);
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (!Files.exists(go)) {
            if (System.nanoTime() > deadline) {
                System.err.println("rank " + rank + ": no go file in 120 s");
                System.exit(99);
            }
            Thread.sleep(20);
        }
        String[] how = Files.readString(go, StandardCharsets.UTF_8).strip().split(" ");
        int code = Integer.parseInt(how[1]);
        if (how[0].equals("finalize")) {
            client.close();
        }
        System.exit(code);
    }
}
