package io.github.jpmix.gds;

import io.github.jpmix.common.Keys;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Value;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import net.openhft.posix.PosixAPI;

/**
 * A fresh JVM that reads a store the way a client does, for {@link ChronicleBootstrapTest}:
 * {@code <dir> <host> <namespace> <expected directory, or ->} runs {@link Gds#prepareAttach} with that
 * directory, attaches, and prints {@code size=<job size>}, {@code shipped=<whether Chronicle uses the
 * shipped $$Native class>} and {@code posix=<Chronicle's POSIX binding>}.
 */
public final class BootstrapChild {
    private BootstrapChild() {
    }

    public static void main(String[] args) {
        Path expected = args[3].equals("-") ? null : Path.of(args[3]);
        Gds.prepareAttach(expected, args[2]);
        try (GdsReader r = Gds.attach(Map.of(Gds.KIND, Gds.KIND_MAPPED, Gds.DIR, args[0], Gds.HOST, args[1]), args[2])) {
            Value size = r.get(Proc.wildcard(args[2]), Keys.JOB_SIZE.name(), List.of(), null);
            System.out.println("size=" + (size == null ? null : size.asInt()));
        }
        System.out.println("shipped=" + ChronicleBootstrap.await());
        System.out.println("posix=" + PosixAPI.posix().getClass().getSimpleName());
    }
}
