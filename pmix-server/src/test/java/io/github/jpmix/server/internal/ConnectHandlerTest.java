package io.github.jpmix.server.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.protocol.MessageKeys;
import io.github.jpmix.server.WireupInfo;
import io.github.jpmix.server.internal.front.ClientLink;
import io.github.jpmix.server.internal.front.Reply;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code PMIx_Connect} and {@code PMIx_Disconnect} on the server, across two namespaces of this node. */
class ConnectHandlerTest {
    @TempDir
    Path tmp;
    ServerFixture f;
    ConnectHandler handler;

    /** A link that keeps each answer: the status (0 for success) and the reply's participants. */
    static final class Recorder implements ClientLink {
        final CompletableFuture<List<Proc>> answer = new CompletableFuture<>();

        @Override
        public void reply(int requestId, Reply reply) {
            answer.complete(MessageKeys.procs(MessageKeys.require(reply.infos(), MessageKeys.PROCS)));
        }

        @Override
        public void replyError(int requestId, int status, String message) {
            answer.completeExceptionally(new PmixException(status, message));
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

        int status() throws Exception {
            try {
                answer.get(10, TimeUnit.SECONDS);
                return Status.SUCCESS;
            } catch (java.util.concurrent.ExecutionException e) {
                return ((PmixException) e.getCause()).status();
            }
        }
    }

    @BeforeEach
    void setUp() {
        f = new ServerFixture(tmp);
        f.state.store.registerNamespace("child", 2, WireupInfo.of("child").node(ServerFixture.NODE, 0, 1).build(ServerFixture.NODE));
        handler = new ConnectHandler(f.state);
    }

    @AfterEach
    void tearDown() {
        f.close();
    }

    private Recorder client(Proc p) {
        ClientRecord c = f.client(p, 0, 0);
        Recorder r = new Recorder();
        c.link = r;
        return r;
    }

    private static List<Info> request(List<Proc> procs, Info... dirs) {
        List<Info> fields = new ArrayList<>();
        fields.add(Info.of(MessageKeys.PROCS, Value.ofDataArray(DataArray.of(DataType.PROC, procs))));
        fields.addAll(List.of(dirs));
        return fields;
    }

    private void connect(Proc who, List<Proc> procs, Info... dirs) {
        handler.onConnect(f.state.clients.get(who), 7, request(procs, dirs), true);
    }

    private static final List<Proc> BOTH = List.of(Proc.wildcard("other"), Proc.wildcard("child"));

    @Test
    void shouldReleaseEveryParticipantOnceAllHaveArrived() throws Exception {
        Recorder p = client(new Proc("other", 0));
        Recorder c0 = client(new Proc("child", 0));
        Recorder c1 = client(new Proc("child", 1));
        connect(new Proc("other", 0), BOTH);
        connect(new Proc("child", 1), List.of(Proc.wildcard("child"), Proc.wildcard("other"))); // any order
        assertTrue(!p.answer.isDone() && !c1.answer.isDone(), "released before child 0 arrived");
        connect(new Proc("child", 0), BOTH);
        // the host has no connect (its default): every participant is this server's, so it completes
        List<Proc> sorted = List.of(Proc.wildcard("child"), Proc.wildcard("other"));
        assertEquals(sorted, p.answer.get(10, TimeUnit.SECONDS));
        assertEquals(sorted, c0.answer.get(10, TimeUnit.SECONDS));
        assertEquals(sorted, c1.answer.get(10, TimeUnit.SECONDS));
        // a disconnect is its own operation
        Recorder again = client(new Proc("child", 0));
        handler.onConnect(f.state.clients.get(new Proc("child", 0)), 8, request(List.of(Proc.wildcard("child"))), false);
        client(new Proc("child", 1));
        handler.onConnect(f.state.clients.get(new Proc("child", 1)), 8, request(List.of(Proc.wildcard("child"))), false);
        assertEquals(Status.SUCCESS, again.status());
    }

    @Test
    void shouldFailTheOthersWhenAParticipantLeaves() throws Exception {
        Recorder p = client(new Proc("other", 0));
        client(new Proc("child", 0));
        client(new Proc("child", 1));
        connect(new Proc("other", 0), BOTH);
        handler.onClientLost(new Proc("child", 1));
        assertEquals(Status.ERR_PROC_TERM_WO_SYNC, p.status());
    }

    @Test
    void shouldFailTheOthersWhenAParticipantFinalizesWithoutJoining() throws Exception {
        Recorder p = client(new Proc("other", 0));
        client(new Proc("child", 0));
        client(new Proc("child", 1));
        connect(new Proc("other", 0), BOTH);
        handler.onClientFinalized(new Proc("child", 0));
        assertEquals(Status.ERR_UNREACH, p.status());
    }

    @Test
    void shouldTimeOutWhenTold() throws Exception {
        Recorder p = client(new Proc("other", 0));
        client(new Proc("child", 0));
        client(new Proc("child", 1));
        connect(new Proc("other", 0), BOTH, Info.of(Keys.TIMEOUT, 1));
        assertEquals(Status.ERR_TIMEOUT, p.status());
    }

    @Test
    void shouldNeedTheHostForParticipantsOfOtherNodes() throws Exception {
        // "job" has ranks 2 and 3 on n2: without a host connect the operation cannot complete there
        Recorder j0 = client(new Proc("job", 0));
        client(new Proc("job", 1));
        Recorder o = client(new Proc("other", 0));
        List<Proc> procs = List.of(Proc.wildcard("job"), Proc.wildcard("other"));
        connect(new Proc("job", 0), procs);
        connect(new Proc("job", 1), procs);
        connect(new Proc("other", 0), procs);
        assertEquals(Status.ERR_NOT_SUPPORTED, j0.status());
        assertEquals(Status.ERR_NOT_SUPPORTED, o.status());
    }

    @Test
    void shouldRefuseACallerOutsideTheParticipantsAndUnknownNamespaces() {
        client(new Proc("other", 0));
        PmixException e = assertThrows(PmixException.class, () -> connect(new Proc("other", 0), List.of(Proc.wildcard("child"))));
        assertEquals(Status.ERR_BAD_PARAM, e.status());
        e = assertThrows(PmixException.class, () -> connect(new Proc("other", 0), List.of(Proc.wildcard("other"), Proc.wildcard("nope"))));
        assertEquals(Status.ERR_INVALID_NAMESPACE, e.status());
    }
}
