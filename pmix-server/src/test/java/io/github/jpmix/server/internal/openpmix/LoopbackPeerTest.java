package io.github.jpmix.server.internal.openpmix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The kernel's word on who connected (docs/openpmix.md, "Who connects"): every connection waiting is
 * answered from one read of {@code /proc/net/tcp}, on the lookup thread.
 */
class LoopbackPeerTest {

    @Test
    void shouldReadBothPortsOfATableLine() {
        assertEquals("9C41:A3B2", LoopbackPeer.ports(
                "  12: 0100007F:9C41 0100007F:A3B2 01 00000000:00000000 00:00000000 00000000  1000        0 4242 1"));
        assertEquals("0016:0000", LoopbackPeer.ports("   0: 00000000000000000000000001000000:0016 "
                + "00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1 1"));
        assertNull(LoopbackPeer.ports("  sl  local_address"));
        assertNull(LoopbackPeer.ports(""));
        assertNull(LoopbackPeer.ports("garbage without fields"));
    }

    @Test
    void shouldFindTheOwnerOfEveryConnectionInOneRead() throws IOException {
        assumeTrue(Files.isReadable(Path.of("/proc/net/tcp")), "no /proc/net/tcp");
        int me = (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            List<Socket> clients = new ArrayList<>();
            List<Socket> accepted = new ArrayList<>();
            try {
                List<LoopbackPeer.Query> queries = new ArrayList<>();
                for (int i = 0; i < 3; i++) {
                    clients.add(new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort()));
                    Socket a = server.accept();
                    accepted.add(a);
                    queries.add(new LoopbackPeer.Query((InetSocketAddress) a.getLocalSocketAddress(),
                            (InetSocketAddress) a.getRemoteSocketAddress()));
                }
                queries.add(queries.get(1)); // the same connection asked for twice in one read
                Integer[] uids = LoopbackPeer.uids(queries);
                assertEquals(me, uids[0]);
                assertEquals(me, uids[1]);
                assertEquals(me, uids[2]);
                assertEquals(me, uids[3]);
                Integer[] none = LoopbackPeer.uids(List.of(new LoopbackPeer.Query(
                        new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort()),
                        new InetSocketAddress(InetAddress.getLoopbackAddress(), 1))));
                assertNull(none[0], "nobody connected from port 1");
            } finally {
                for (Socket s : clients) {
                    s.close();
                }
                for (Socket s : accepted) {
                    s.close();
                }
            }
        }
    }

    @Test
    void shouldAnswerEveryLookupOnItsThreadAndRefuseAnUnlistedPeer() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/net/tcp")), "no /proc/net/tcp");
        int me = (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
                LoopbackPeer.Lookups lookups = new LoopbackPeer.Lookups("test-peers")) {
            List<Socket> sockets = new ArrayList<>();
            try {
                Map<Integer, Object> answers = new ConcurrentHashMap<>();
                Map<Integer, String> threads = new ConcurrentHashMap<>();
                CountDownLatch done = new CountDownLatch(6);
                for (int i = 0; i < 5; i++) {
                    Socket c = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
                    Socket a = server.accept();
                    sockets.add(c);
                    sockets.add(a);
                    int k = i;
                    lookups.submit(new LoopbackPeer.Query((InetSocketAddress) a.getLocalSocketAddress(),
                            (InetSocketAddress) a.getRemoteSocketAddress()), (uid, failure) -> {
                                answers.put(k, failure != null ? failure : uid);
                                threads.put(k, Thread.currentThread().getName());
                                done.countDown();
                            });
                }
                lookups.submit(new LoopbackPeer.Query(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort()),
                        new InetSocketAddress(InetAddress.getLoopbackAddress(), 1)), (uid, failure) -> {
                            answers.put(5, failure != null ? failure : uid);
                            done.countDown();
                        });
                assertTrue(done.await(10, TimeUnit.SECONDS), "every lookup answered");
                for (int i = 0; i < 5; i++) {
                    assertEquals(me, answers.get(i));
                    assertEquals("test-peers", threads.get(i));
                }
                PmixException refused = (PmixException) answers.get(5);
                assertEquals(Status.ERR_INVALID_CRED, refused.status());
            } finally {
                for (Socket s : sockets) {
                    s.close();
                }
            }
        }
    }
}
