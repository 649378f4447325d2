package io.github.jpmix.server.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.protocol.MessageKeys;
import io.github.jpmix.server.WireupInfo;
import io.github.jpmix.server.internal.front.ClientLink;
import io.github.jpmix.server.internal.front.Reply;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fence request the transport hands over twice (it does when a fault of another client's ring,
 * reported late, interrupted the first handling: ClientConnection.dispatch) counts once.
 */
class FenceHandlerTest {
    @TempDir
    Path tmp;
    ServerFixture f;
    FenceHandler fences;

    /** A link that keeps the request ids it was answered for. */
    static final class Answers implements ClientLink {
        final List<Integer> replies = new CopyOnWriteArrayList<>();

        @Override
        public void reply(int requestId, Reply reply) {
            replies.add(requestId);
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
        ClientRecord c = f.client(new Proc("fj", rank), 0, 0);
        Answers a = new Answers();
        c.link = a;
        return a;
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
}
