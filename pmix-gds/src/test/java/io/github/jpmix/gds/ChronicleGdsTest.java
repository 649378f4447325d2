package io.github.jpmix.gds;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The contract over the Chronicle store, read by the server's own reader. */
class ChronicleGdsTest extends GdsContractTest {
    @TempDir
    Path dir;

    @Override
    GdsStore newStore(String localHost) {
        return Gds.mappedStore(dir.resolve("session"), localHost);
    }
}
