package io.github.jpmix.client.internal.openpmix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.KeyValue;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.bfrops.BfropsReader;
import io.github.jpmix.common.internal.bfrops.BfropsWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@link PeerData} against a stand-in server that records every GETNB and answers when told: gets of a
 * peer share one fetch, a collecting fence makes the first miss fetch every local participant at once,
 * and a fence forgets what was fetched before it.
 */
class PeerDataTest {
    private static final Proc ME = new Proc("capjob", 1);

    /** The GETNBs sent: target and the future of their reply. */
    private record Sent(Proc target, String key, CompletableFuture<byte[]> reply) {
    }

    private final List<Sent> sent = new ArrayList<>();
    private HashStore store;
    private PeerData peers;

    private void start() {
        store = new HashStore(JobData.parse(JobDataTest.observed(), ME, "vm"));
        peers = new PeerData(store, new PeerData.Sender() {
            @Override
            public CompletableFuture<byte[]> send(byte[] payload, Duration timeout) {
                return PeerDataTest.this.send(payload, timeout);
            }

            @Override
            public List<CompletableFuture<byte[]>> sendAll(List<byte[]> payloads) {
                batches.add(payloads.size());
                return PeerData.Sender.super.sendAll(payloads);
            }
        });
    }

    /** The sizes of the requests sent together ({@link PeerData.Sender#sendAll}). */
    private final List<Integer> batches = new ArrayList<>();

    private synchronized CompletableFuture<byte[]> send(byte[] payload, Duration timeout) {
        BfropsReader r = new BfropsReader(payload);
        r.unpackCommand();
        Proc target = new Proc(r.unpackString(), r.unpackRank());
        r.unpackSize();
        CompletableFuture<byte[]> f = new CompletableFuture<>();
        sent.add(new Sent(target, r.unpackString(), f));
        return f;
    }

    /** The server's reply: status 0 and the target's values. */
    private static byte[] values(Proc p, String value) {
        BfropsWriter bo = new BfropsWriter();
        bo.packProc(p);
        bo.packKeyValue(new KeyValue("ep", Value.ofString(value)));
        return new BfropsWriter().packStatus(Status.SUCCESS).packByteObject(bo).toByteArray();
    }

    @Test
    void shouldShareOneFetchPerPeer() throws Exception {
        start();
        Proc peer = new Proc("capjob", 0);
        CompletableFuture<Value> a = peers.get(peer, "ep");
        CompletableFuture<Value> b = peers.get(peer, "ep");
        assertEquals(1, sent.size());
        sent.get(0).reply().complete(values(peer, "v1"));
        assertEquals("v1", a.get(5, TimeUnit.SECONDS).asString());
        assertEquals("v1", b.get(5, TimeUnit.SECONDS).asString());
        assertEquals("v1", store.modex(peer, "ep").orElseThrow().asString());
        // a fence: the values are forgotten, the next get asks again
        store.forgetPeers();
        peers.fenced(false, List.of(), new int[] {0, 1}, ME);
        assertTrue(store.modex(peer, "ep").isEmpty());
        CompletableFuture<Value> c = peers.get(peer, "ep");
        assertEquals(2, sent.size());
        sent.get(1).reply().complete(values(peer, "v2"));
        assertEquals("v2", c.get(5, TimeUnit.SECONDS).asString());
    }

    @Test
    void shouldFetchEveryLocalParticipantOnTheFirstMissAfterACollectingFence() throws Exception {
        start();
        store.forgetPeers();
        peers.fenced(true, List.of(Proc.wildcard("capjob")), new int[] {0, 1, 2, 3}, ME);
        CompletableFuture<Value> first = peers.get(new Proc("capjob", 2), "ep");
        assertEquals(List.of(new Proc("capjob", 2), new Proc("capjob", 0), new Proc("capjob", 3)),
                sent.stream().map(Sent::target).toList(), "the asked peer first, then the others, never this rank");
        assertEquals(List.of(3), batches, "the three in one write");
        for (Sent s : sent) {
            s.reply().complete(values(s.target(), "of-" + s.target().rank()));
        }
        assertEquals("of-2", first.get(5, TimeUnit.SECONDS).asString());
        assertEquals("of-0", store.modex(new Proc("capjob", 0), "ep").orElseThrow().asString());
        assertEquals("of-3", store.modex(new Proc("capjob", 3), "ep").orElseThrow().asString());
        // a fence without data collection: a miss fetches only its peer
        store.forgetPeers();
        peers.fenced(false, List.of(), new int[] {0, 1, 2, 3}, ME);
        CompletableFuture<Value> again = peers.get(new Proc("capjob", 0), "ep");
        assertEquals(4, sent.size(), "no fetch of the others without a collecting fence");
        sent.get(3).reply().complete(values(new Proc("capjob", 0), "new"));
        assertEquals("new", again.get(5, TimeUnit.SECONDS).asString());
    }
}
