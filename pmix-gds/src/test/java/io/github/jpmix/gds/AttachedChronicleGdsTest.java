package io.github.jpmix.gds;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/**
 * The contract over the Chronicle store, read the way a client reads it: a reader attached from the
 * store's attach info, told of each namespace and generation as the server would tell it.
 */
class AttachedChronicleGdsTest extends GdsContractTest {
    @TempDir
    Path dir;

    @Override
    GdsStore newStore(String localHost) {
        return Gds.mappedStore(dir.resolve("session"), localHost);
    }

    @Override
    GdsReader newReader(GdsStore s) {
        return Gds.attach(s.attachInfo(), null);
    }

    @Override
    void registered(GdsReader r, String namespace) {
        if (!r.attachNamespace(namespace)) {
            throw new AssertionError("could not attach " + namespace);
        }
    }
}
