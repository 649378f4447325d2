package io.github.jpmix.client.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.protocol.ModexFrames;
import io.github.jpmix.gds.Gds;
import io.github.jpmix.gds.GdsStore;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The modex view a client reads: the data releases carry, over the newest generation (docs/gds.md, "Generations"). */
class GdsClientStoreTest {
    private final GdsStore server = Gds.heapStore("node0");
    private final GdsClientStore client = new GdsClientStore(server.reader());
    private final Proc peer = new Proc("ns", 1);

    @AfterEach
    void close() {
        client.close();
        server.close();
    }

    private byte[] frames(String ep) {
        return ModexFrames.encode(Map.of(peer, List.of(Info.of("ep", Value.ofString(ep)))));
    }

    @Test
    void shouldReadCarriedDataAheadOfTheGenerationAndDropItWithTheNextRelease() {
        long g1 = server.publishModex(Map.of(peer, Map.of("ep", Value.ofString("in generation 1"), "old", Value.ofInt32(1))));
        client.advanceModex(g1, 1, frames("carried"));
        assertEquals(Optional.of(Value.ofString("carried")), client.modex(peer, "ep"), "carried data is newer");
        assertEquals(Optional.of(Value.ofInt32(1)), client.modex(peer, "old"), "the rest comes from the generation");

        long g2 = server.publishModex(Map.of(peer, Map.of("ep", Value.ofString("in generation 2"))));
        client.advanceModex(g2, 2, null);
        assertEquals(Optional.of(Value.ofString("in generation 2")), client.modex(peer, "ep"));
    }

    /** Releases of concurrent fences may be handled out of order: the older one must not replace the newer view. */
    @Test
    void shouldKeepTheNewerViewWhenAnOlderReleaseIsHandledLate() {
        long g1 = server.publishModex(Map.of(peer, Map.of("ep", Value.ofString("g1"))));
        client.advanceModex(g1, 7, frames("newer"));
        client.advanceModex(g1, 6, frames("older"));
        assertEquals(Optional.of(Value.ofString("newer")), client.modex(peer, "ep"));
        // the same version again (a fence without data after a modex round): nothing to read, not even bad bytes
        client.advanceModex(g1, 7, new byte[] {1, 2, 3});
        assertEquals(Optional.of(Value.ofString("newer")), client.modex(peer, "ep"));
    }
}
