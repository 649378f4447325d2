package io.github.jpmix.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.Proc;
import io.github.jpmix.common.internal.transport.PeerCredentials;
import io.github.jpmix.common.internal.transport.ServerUri;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client whose handshake the server refuses leaves the server's session directory as it found it: a
 * reader maps the store's files read-only and creates nothing there ({@code docs/gds.md}), and the ring
 * the server made for the refused client is gone with it.
 */
class RefusedInitTest {
    @TempDir
    Path tmp;
    TestHost host;

    @BeforeEach
    void startHost() {
        host = new TestHost(tmp);
    }

    @AfterEach
    void stopHost() {
        host.close();
    }

    @Test
    void shouldLeaveTheSessionDirectoryAsItWasBehindARefusedInit() throws Exception {
        host.job("refused", 3);
        host.server.registerClient(new Proc("refused", 0), PeerCredentials.currentUid(), PeerCredentials.currentGid());
        Proc otherUid = new Proc("refused", 1);
        host.server.registerClient(otherUid, PeerCredentials.currentUid() + 1, PeerCredentials.currentGid());
        Path session = ServerUri.socket(host.server.uri()).getParent();
        List<String> before = TestHost.settledFiles(session, n -> !n.startsWith("ring-"));
        for (int i = 0; i < 4; i++) {
            long t0 = System.nanoTime();
            Process p;
            String expected;
            if (i % 2 == 0) {
                // a rank that was never registered: PMIX_ERR_NOT_FOUND
                Map<String, String> env = new HashMap<>(host.server.setupFork(new Proc("refused", 0)));
                env.put("PMIX_RANK", "2");
                p = host.start(env, "init-only");
                expected = "ERROR PMIX_ERR_NOT_FOUND";
            } else {
                // registered for another uid: PMIX_ERR_INVALID_CRED
                p = host.start(host.server.setupFork(otherUid), "init-only");
                expected = "ERROR PMIX_ERR_INVALID_CRED";
            }
            String out = TestHost.output(p, 60);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(out.contains(expected), out);
            assertEquals(3, p.exitValue());
            List<String> files = TestHost.settledFiles(session, before::contains);
            System.out.println("refused init " + i + " (" + expected.substring(6) + "): " + ms + " ms from start to exit;"
                    + " session directory: " + files);
            assertEquals(before, files);
        }
    }
}
