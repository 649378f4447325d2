package io.github.jpmix.gds;

import io.github.jpmix.common.Keys;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Value;
import java.util.List;
import java.util.Map;

/**
 * A fresh JVM that reads a store the way a client does, for {@link MapFileTest}: {@code <dir> <host>
 * <namespace>} attaches and prints {@code size=<job size>}.
 */
public final class FreshReaderChild {
    private FreshReaderChild() {
    }

    public static void main(String[] args) {
        try (GdsReader r = Gds.attach(Map.of(Gds.KIND, Gds.KIND_MAPPED, Gds.DIR, args[0], Gds.HOST, args[1]), args[2])) {
            Value size = r.get(Proc.wildcard(args[2]), Keys.JOB_SIZE.name(), List.of(), null);
            System.out.println("size=" + (size == null ? null : size.asInt()));
        }
    }
}
