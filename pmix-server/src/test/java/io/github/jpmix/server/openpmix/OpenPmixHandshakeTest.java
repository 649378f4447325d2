package io.github.jpmix.server.openpmix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.Proc;
import io.github.jpmix.common.internal.transport.PeerCredentials;
import io.github.jpmix.common.internal.transport.TransportConfig;
import io.github.jpmix.server.HostModule;
import io.github.jpmix.server.PmixServer;
import io.github.jpmix.server.ServerOptions;
import io.github.jpmix.server.WireupInfo;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The OpenPMIx front's connect handshake against crafted bytes (docs/openpmix.md, "Connect"): a
 * client whose message is right is answered with status 0 and its index; anything else (another
 * version, buffer type or storage component, a uid the kernel does not confirm, an unregistered
 * process, garbage) is closed without a byte, as OpenPMIx's own server does, and the server goes on
 * serving the others.
 */
class OpenPmixHandshakeTest {
    static final String NODE = "node0";
    @TempDir
    Path tmp;
    PmixServer server;
    int port;
    final int uid = PeerCredentials.currentUid();
    final int gid = PeerCredentials.currentGid();

    @BeforeEach
    void start() {
        server = PmixServer.start(new ServerOptions().serverTmpdir(tmp).systemTmpdir(tmp).hostname(NODE), new HostModule() {
        });
        server.registerNamespace("hs", 2, WireupInfo.of("hs").node(NODE, 0, 1).build(NODE));
        server.registerClient(new Proc("hs", 0), uid, gid);
        server.registerClient(new Proc("hs", 1), uid, gid);
        String uri = server.setupFork(new Proc("hs", 0)).get("PMIX_SERVER_URI41");
        port = Integer.parseInt(uri.substring(uri.lastIndexOf(':') + 1));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    /** The connect message of a simple client (wire spec 1.3): host-order header, then the fields. */
    static byte[] connect(String psec, int credUid, int credGid, String nspace, int rank, String version, String bfrops,
            int bufferType, String gds) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        cstring(body, psec);
        ByteBuffer cred = ByteBuffer.allocate(12).order(ByteOrder.BIG_ENDIAN).putInt(psec.equals("native") ? 8 : 0);
        if (psec.equals("native")) {
            cred.order(ByteOrder.nativeOrder()).putInt(credUid).putInt(credGid);
        }
        body.write(cred.array(), 0, cred.position());
        body.write(0); // a simple client
        cstring(body, nspace);
        body.write(ByteBuffer.allocate(4).putInt(rank).array(), 0, 4);
        cstring(body, version);
        cstring(body, bfrops);
        body.write(bufferType);
        cstring(body, gds);
        body.write(0);
        byte[] b = body.toByteArray();
        ByteBuffer m = ByteBuffer.allocate(16 + b.length).order(ByteOrder.nativeOrder());
        m.putInt(-1).putInt(-1).putInt(b.length).putInt(0).put(b);
        return m.array();
    }

    private static void cstring(ByteArrayOutputStream out, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.write(b, 0, b.length);
        out.write(0);
    }

    byte[] good(int rank) {
        return connect("native", uid, gid, "hs", rank, "4.2.2rc2", "v41", 1, "hash");
    }

    /** What the server sends back to {@code message} before it closes the connection or goes quiet (2 s). */
    byte[] answer(byte[] message) throws Exception {
        return answer(message, 2000);
    }

    byte[] answer(byte[] message, int quietMillis) throws Exception {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(quietMillis);
            OutputStream out = s.getOutputStream();
            out.write(message);
            out.flush();
            InputStream in = s.getInputStream();
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            try {
                for (int b; got.size() < 8 && (b = in.read()) >= 0;) {
                    got.write(b);
                }
                if (got.size() == 0 || got.size() == 8) {
                    // closed without a byte, or a whole reply: nothing more to wait for
                    return got.toByteArray();
                }
            } catch (SocketTimeoutException e) {
                return got.toByteArray();
            }
            return got.toByteArray();
        }
    }

    /** EOF without a byte: the refusal. */
    void assertRefused(byte[] message) throws Exception {
        assertArrayEquals(new byte[0], answer(message));
    }

    @Test
    void shouldAnswerARightConnectWithStatusZeroAndTheIndex() throws Exception {
        byte[] reply = answer(good(0));
        assertEquals(8, reply.length, Arrays.toString(reply));
        assertEquals(0, ByteBuffer.wrap(reply).getInt(0), "status");
    }

    @Test
    void shouldRefuseWhatItDoesNotSpeak() throws Exception {
        assertRefused(connect("native", uid, gid, "hs", 0, "3.1.6", "v3", 1, "hash"));
        assertRefused(connect("native", uid, gid, "hs", 0, "4.2.2rc2", "v41", 2, "hash")); // fully described buffers
        assertRefused(connect("native", uid, gid, "hs", 0, "4.2.2rc2", "v41", 1, "ds21")); // shared-memory store
        assertRefused(connect("munge", uid, gid, "hs", 0, "4.2.2rc2", "v41", 1, "hash"));
        // the refused attempts took nothing: the process may still connect
        assertEquals(8, answer(good(0)).length);
    }

    @Test
    void shouldRefuseAClaimedUidTheKernelDoesNotConfirm() throws Exception {
        assertRefused(connect("native", uid + 4242, gid, "hs", 0, "4.2.2rc2", "v41", 1, "hash"));
        // a gid that is not the registered one
        assertRefused(connect("native", uid, gid + 4242, "hs", 0, "4.2.2rc2", "v41", 1, "hash"));
        assertEquals(8, answer(good(0)).length);
    }

    @Test
    void shouldRefuseUnregisteredProcessesAndNamespaces() throws Exception {
        assertRefused(connect("native", uid, gid, "hs", 7, "4.2.2rc2", "v41", 1, "hash"));
        assertRefused(connect("native", uid, gid, "nope", 0, "4.2.2rc2", "v41", 1, "hash"));
    }

    /** docs/openpmix.md, "Connect": no complete connect message within the handshake timeout, closed. */
    @Test
    void shouldCloseAConnectionWhoseConnectMessageIsLate() throws Exception {
        server.close();
        String was = System.getProperty(TransportConfig.HANDSHAKE_TIMEOUT_PROP);
        System.setProperty(TransportConfig.HANDSHAKE_TIMEOUT_PROP, "300ms");
        try {
            start();
        } finally {
            if (was == null) {
                System.clearProperty(TransportConfig.HANDSHAKE_TIMEOUT_PROP);
            } else {
                System.setProperty(TransportConfig.HANDSHAKE_TIMEOUT_PROP, was);
            }
        }
        byte[] right = good(1);
        try (Socket silent = new Socket("127.0.0.1", port); Socket half = new Socket("127.0.0.1", port)) {
            half.getOutputStream().write(Arrays.copyOf(right, right.length / 2));
            for (Socket s : List.of(silent, half)) {
                s.setSoTimeout(10_000);
                long t0 = System.nanoTime();
                assertEquals(-1, s.getInputStream().read(), "closed without a reply");
                long ms = (System.nanoTime() - t0) / 1_000_000;
                assertTrue(ms < 5_000, "closed after " + ms + " ms, not at the 300 ms timeout");
            }
        }
        assertEquals(8, answer(good(1)).length, "the server still admits a right client");
    }

    @Test
    void shouldCloseGarbageAndKeepServingTheOthers() throws Exception {
        Random random = new Random(42);
        for (int i = 0; i < 20; i++) {
            byte[] junk = new byte[1 + random.nextInt(200)];
            random.nextBytes(junk);
            answer(junk, 200); // closed, or left to time out: never a reply
        }
        // a header that announces far more than a connect message may hold
        assertRefused(ByteBuffer.allocate(16).order(ByteOrder.nativeOrder()).putInt(-1).putInt(-1).putInt(64 << 20).putInt(0).array());
        // truncated at every prefix of a right message: no reply (the server waits for the rest, then gives up)
        byte[] right = good(1);
        for (int cut : new int[] {1, 15, 16, 17, right.length / 2, right.length - 1}) {
            byte[] a = answer(Arrays.copyOf(right, cut), 300);
            assertEquals(0, a.length, "a reply to " + cut + " of " + right.length + " bytes");
        }
        assertEquals(8, answer(good(1)).length, "the server still admits a right client");
    }
}
