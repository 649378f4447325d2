package io.github.jpmix.common.internal.openpmix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class OpenPmixUriTest {
    @Test
    void shouldReadAnOpenPmixServersUri() {
        OpenPmixUri u = OpenPmixUri.parse("pmix-server.12158;tcp4://127.0.0.1:58305");
        assertEquals(new Proc("pmix-server", 12158), u.server());
        assertEquals("127.0.0.1", u.address().getAddress().getHostAddress());
        assertEquals(58305, u.address().getPort());
        assertTrue(OpenPmixUri.isOpenPmix("pmix-server.12158;tcp4://127.0.0.1:58305"));
        assertFalse(OpenPmixUri.isOpenPmix("jpmix.vm.1.0;unix:/tmp/x/server.sock"));
    }

    @Test
    void shouldSplitTheServerIdAtItsLastDot() {
        OpenPmixUri u = OpenPmixUri.parse("a.b.c.3;tcp6://[::1]:7");
        assertEquals(new Proc("a.b.c", 3), u.server());
        assertEquals(7, u.address().getPort());
        assertEquals("a.b.c.3;tcp4://10.0.0.1:99", OpenPmixUri.format(new Proc("a.b.c", 3), "10.0.0.1", 99));
    }

    static Stream<Named<String>> malformed() {
        return Stream.of(
                Named.of("no separator", "pmix-server.1tcp4://127.0.0.1:5"),
                Named.of("no rank", "pmix-server;tcp4://127.0.0.1:5"),
                Named.of("unix socket", "srv.0;unix:/tmp/s"),
                Named.of("host name", "srv.0;tcp4://localhost:5"),
                Named.of("no port", "srv.0;tcp4://127.0.0.1"),
                Named.of("port zero", "srv.0;tcp4://127.0.0.1:0"),
                Named.of("two separators", "srv.0;tcp4://127.0.0.1:5;x"));
    }

    @ParameterizedTest
    @MethodSource("malformed")
    void shouldRefuseMalformedUris(String uri) {
        PmixException e = assertThrows(PmixException.class, () -> OpenPmixUri.parse(uri));
        assertEquals(Status.ERR_BAD_PARAM, e.status());
    }
}
