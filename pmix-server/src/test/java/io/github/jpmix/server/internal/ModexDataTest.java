package io.github.jpmix.server.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Scope;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.protocol.MessageKeys;
import io.github.jpmix.common.internal.protocol.ModexFrames;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Scopes of posted data, as {@code pmix_common.h} defines them: "PMI_LOCAL - the data is intended
 * only for other application processes on the same node ... PMI_REMOTE - the data is intended
 * solely for applications processes on remote nodes ... PMI_GLOBAL - the data is to be shared with
 * all other requesting processes, regardless of location".
 */
class ModexDataTest {
    private final Proc local = new Proc("ns", 0);
    private final Proc remote = new Proc("ns", 1);
    private final ModexData here = new ModexData(Set.of(local)::contains);

    private void postAllScopes() {
        here.commit(local, List.of(
                MessageKeys.posted("l", Value.ofString("local"), Scope.LOCAL),
                MessageKeys.posted("r", Value.ofString("remote"), Scope.REMOTE),
                MessageKeys.posted("g", Value.ofString("global"), Scope.GLOBAL)));
    }

    @Test
    void shouldShowLocalPeersLocalAndGlobalDataButNotRemoteData() {
        postAllScopes();
        assertEquals(Value.ofString("local"), here.lookup(local, "l"));
        assertEquals(Value.ofString("global"), here.lookup(local, "g"));
        assertNull(here.lookup(local, "r"));
        assertEquals(Map.of("l", Value.ofString("local"), "g", Value.ofString("global")), here.visibleHere().get(local));
    }

    @Test
    void shouldSendOtherNodesRemoteAndGlobalDataButNotLocalData() {
        postAllScopes();
        // the other node sees this node's contribution with 'local' and 'remote' swapped roles
        ModexData there = new ModexData(Set.of(remote)::contains);
        there.absorb(here.contribution(List.of(local)));
        assertNull(there.lookup(local, "l"));
        assertEquals(Value.ofString("remote"), there.lookup(local, "r"));
        assertEquals(Value.ofString("global"), there.lookup(local, "g"));
    }

    @Test
    void shouldSayWhetherAnythingCameSinceTheLastPublication() {
        assertFalse(here.changed());
        here.commit(local, List.of());
        assertFalse(here.changed(), "an empty commit brings nothing");
        postAllScopes();
        assertTrue(here.changed());
        here.published();
        assertFalse(here.changed());
        // this node's own frames come back in the fence result: nothing new
        here.absorb(here.contribution(List.of(local)));
        assertFalse(here.changed());
        ModexData there = new ModexData(Set.of(remote)::contains);
        there.commit(remote, List.of(MessageKeys.posted("x", Value.ofInt32(1), Scope.GLOBAL)));
        here.absorb(there.contribution(List.of(remote)));
        assertTrue(here.changed(), "another node's data is new");
    }

    @Test
    void shouldKeepTheNewestValueOfAKeyPostedAgain() {
        here.commit(local, List.of(MessageKeys.posted("k", Value.ofInt32(1), Scope.GLOBAL)));
        here.commit(local, List.of(MessageKeys.posted("k", Value.ofInt32(2), Scope.GLOBAL)));
        assertEquals(Value.ofInt32(2), here.lookup(local, "k"));
    }

    @Test
    void shouldSkipItsOwnFramesInAFenceResult() {
        postAllScopes();
        byte[] own = here.contribution(List.of(local));
        here.absorb(own);
        // the LOCAL key survives: its own frame (which lacks it) did not replace its data
        assertEquals(Value.ofString("local"), here.lookup(local, "l"));
    }

    @Test
    void shouldRefuseBytesThatAreNotFrames() {
        assertEquals(Status.ERR_UNPACK_FAILURE,
                assertThrows(PmixException.class, () -> here.absorb(new byte[] {1, 2})).status());
        assertEquals(Status.ERR_UNPACK_FAILURE,
                assertThrows(PmixException.class, () -> here.absorb(new byte[] {(byte) 0xff, 0, 0, 0, 1})).status());
    }

    /** docs/gds.md, "Generations": a release carries what the newest generation lacks, when it is small. */
    @Test
    void shouldGiveWhatTheNewestGenerationLacksAsFramesUpToALimit() {
        assertEquals(0, here.unpublished(1024).length, "nothing posted: nothing to carry");
        postAllScopes();
        here.published();
        here.commit(local, List.of(MessageKeys.posted("g", Value.ofString("newer"), Scope.GLOBAL),
                MessageKeys.posted("r", Value.ofString("remote only"), Scope.REMOTE)));
        ModexData there = new ModexData(Set.of(remote)::contains);
        there.commit(remote, List.of(MessageKeys.posted("x", Value.ofInt32(7), Scope.GLOBAL)));
        here.absorb(there.contribution(List.of(remote)));

        byte[] frames = here.unpublished(1024);
        Map<Proc, List<io.github.jpmix.common.Info>> carried = new java.util.HashMap<>();
        for (ModexFrames.Frame f : ModexFrames.decode(frames)) {
            carried.put(f.proc(), f.infos());
        }
        // only keys posted since the publication, newest values, and none a local reader may not see
        assertEquals(List.of(io.github.jpmix.common.Info.of("g", Value.ofString("newer"))), carried.get(local));
        assertEquals(List.of(io.github.jpmix.common.Info.of("x", Value.ofInt32(7))), carried.get(remote));
        assertEquals(2, carried.size());
        assertNull(here.unpublished(frames.length - 1), "over the limit: publish a generation instead");
        here.published();
        assertEquals(0, here.unpublished(1024).length);
    }

    @Test
    void shouldForgetADeregisteredNamespacesData() {
        postAllScopes();
        here.commit(new Proc("other", 0), List.of(MessageKeys.posted("o", Value.ofInt32(1), Scope.GLOBAL)));
        here.forget("ns");
        assertNull(here.lookup(local, "g"));
        assertFalse(here.holds(local));
        assertEquals(Value.ofInt32(1), here.lookup(new Proc("other", 0), "o"));
        assertEquals(1, ModexFrames.decode(here.unpublished(1024)).size(), "only the other namespace's data is carried");
    }

    @Test
    void shouldTakeACommitWithinTheLimitsAndRefuseOneBeyondThemWhole() {
        // each key: its name (1 char) + a 100-byte value = 101 bytes
        here.commit(local, List.of(MessageKeys.posted("a", Value.ofByteObject(new byte[100]), Scope.GLOBAL),
                MessageKeys.posted("b", Value.ofByteObject(new byte[100]), Scope.GLOBAL)), 303, 3);
        PmixException bytes = assertThrows(PmixException.class, () -> here.commit(local,
                List.of(MessageKeys.posted("c", Value.ofByteObject(new byte[200]), Scope.GLOBAL)), 303, 3));
        assertEquals(Status.ERR_OUT_OF_RESOURCE, bytes.status());
        assertTrue(bytes.getMessage().contains("maxPostedBytesPerClient=303"), bytes.getMessage());
        assertNull(here.lookup(local, "c"), "nothing of a refused commit is taken");
        // a key posted again counts once, with its newest value
        here.commit(local, List.of(MessageKeys.posted("a", Value.ofByteObject(new byte[200]), Scope.GLOBAL)), 303, 3);
        PmixException keys = assertThrows(PmixException.class, () -> here.commit(local, List.of(
                MessageKeys.posted("d", Value.ofInt32(1), Scope.GLOBAL), MessageKeys.posted("e", Value.ofInt32(1), Scope.GLOBAL)),
                Long.MAX_VALUE, 3));
        assertTrue(keys.getMessage().contains("maxPostedKeysPerClient=3"), keys.getMessage());
        here.commit(local, List.of(MessageKeys.posted("d", Value.ofInt32(1), Scope.GLOBAL)), Long.MAX_VALUE, 3);
        assertEquals(Value.ofInt32(1), here.lookup(local, "d"));
    }
}
