package io.github.jpmix.server.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Scope;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.protocol.MessageKeys;
import io.github.jpmix.server.WireupInfo;
import io.github.jpmix.server.internal.front.ClientLink;
import io.github.jpmix.server.internal.front.Reply;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fence request the transport hands over twice (it does when a fault of another client's ring,
 * reported late, interrupted the first handling: ClientConnection.dispatch) counts once; a release
 * writes a modex generation on its path only when a participant reads the store.
 */
class FenceHandlerTest {
    @TempDir
    Path tmp;
    ServerFixture f;
    FenceHandler fences;

    /** A link that keeps the request ids it was answered for, and the replies. */
    static final class Answers implements ClientLink {
        final List<Integer> replies = new CopyOnWriteArrayList<>();
        final List<Reply> views = new CopyOnWriteArrayList<>();
        final boolean readsStore;

        Answers(boolean readsStore) {
            this.readsStore = readsStore;
        }

        @Override
        public void reply(int requestId, Reply reply) {
            replies.add(requestId);
            views.add(reply);
        }

        @Override
        public boolean readsStore() {
            return readsStore;
        }

        @Override
        public void replyError(int requestId, int status, String message) {
            replies.add(-requestId);
        }

        @Override
        public void event(int code, Proc source, int range, List<Info> info) {
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void close() {
        }
    }

    @BeforeEach
    void setUp() {
        f = new ServerFixture(tmp);
        f.state.store.registerNamespace("fj", 3, WireupInfo.of("fj").node(ServerFixture.NODE, 0, 1, 2)
                .build(ServerFixture.NODE));
        fences = new FenceHandler(f.state);
    }

    @AfterEach
    void tearDown() {
        f.close();
    }

    private Answers client(int rank) {
        return client(rank, false);
    }

    private Answers client(int rank, boolean readsStore) {
        ClientRecord c = f.client(new Proc("fj", rank), 0, 0);
        Answers a = new Answers(readsStore);
        c.link = a;
        return a;
    }

    /** Every rank commits a value of 8 KiB: 24 KiB in all, more than a release carries (MODEX_INLINE_LIMIT). */
    private void commitMoreThanAReleaseCarries() {
        for (int r = 0; r < 3; r++) {
            f.state.modex.commit(new Proc("fj", r),
                    List.of(MessageKeys.posted("ep", Value.ofByteObject(new byte[8 * 1024]), Scope.GLOBAL)));
        }
        assertTrue(3 * 8 * 1024 > ServerState.MODEX_INLINE_LIMIT);
    }

    private void fence(int rank, int requestId) {
        List<Proc> all = List.of(new Proc("fj", 0), new Proc("fj", 1), new Proc("fj", 2));
        fences.onFence(f.state.clients.get(new Proc("fj", rank)), requestId,
                List.of(Info.of(MessageKeys.PROCS, Value.ofDataArray(DataArray.of(DataType.PROC, all)))));
    }

    @Test
    void shouldCountARequestHandedOverTwiceOnceAndReleaseEveryParticipant() {
        Answers r0 = client(0);
        Answers r1 = client(1);
        Answers r2 = client(2);
        fence(1, 202);
        fence(1, 202); // handed over again: no second operation for it
        fence(0, 202);
        assertFalse(!r0.replies.isEmpty() || !r1.replies.isEmpty(), "released before rank 2 arrived");
        fence(2, 202);
        assertEquals(List.of(202), r0.replies);
        assertEquals(List.of(202), r1.replies);
        assertEquals(List.of(202), r2.replies);

        // after the release, the same request handed over again opens nothing
        fence(2, 202);
        fence(0, 204);
        fence(1, 204);
        assertEquals(List.of(202), r2.replies, "rank 2's old request is not an arrival of the next fence");
        fence(2, 206);
        assertEquals(List.of(202, 204), r0.replies);
        assertEquals(List.of(202, 204), r1.replies);
        assertEquals(List.of(202, 206), r2.replies);
    }

    /**
     * OpenPMIx's clients ask the server for every value (their release is a status alone), so a release
     * to them alone writes no generation: the first fence of an 8-rank Open MPI job waited 14-23 ms for
     * one in a fresh launcher. The data is published by the flush once releases are quiet
     * (docs/gds.md, "Generations"), and the release names no generation.
     */
    @Test
    void shouldWriteNoGenerationOnTheReleasePathWhenNoParticipantReadsTheStore() throws Exception {
        Answers r0 = client(0);
        client(1);
        client(2);
        commitMoreThanAReleaseCarries();
        long before = f.state.store.modexGeneration();
        fence(0, 10);
        fence(1, 10);
        fence(2, 10);
        assertEquals(List.of(10), r0.replies);
        assertEquals(before, f.state.store.modexGeneration(), "a generation was written on the release's path");
        assertEquals(List.of(), r0.views.get(0).infos());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (f.state.store.modexGeneration() == before && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(before + 1, f.state.store.modexGeneration(), "the flush did not publish the data");
    }

    /** One participant that maps the store is told of the new data: the release publishes it, as before. */
    @Test
    void shouldPublishTheGenerationAReleaseTellsAStoreReaderOf() {
        Answers r0 = client(0, true);
        Answers r1 = client(1);
        client(2);
        commitMoreThanAReleaseCarries();
        long before = f.state.store.modexGeneration();
        fence(0, 12);
        fence(1, 12);
        fence(2, 12);
        assertEquals(before + 1, f.state.store.modexGeneration());
        assertEquals(Value.ofUint64(before + 1), MessageKeys.find(r0.views.get(0).infos(), MessageKeys.MODEX_GENERATION));
        assertEquals(List.of(12), r1.replies);
    }
}
