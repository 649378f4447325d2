package io.github.jpmix.common.internal.openpmix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class ConnectMessageTest {
    /** The body of rank 0's connect message in {@code openpmix-wire-4.2.2.md} §1.3 (root, nspace capjob). */
    private static final String CAPTURED_BODY = "6e617469766500" + "00000008" + "0000000000000000" + "00"
            + "6361706a6f6200" + "00000000" + "342e322e3272633200" + "76343100" + "01" + "6861736800" + "00";

    @Test
    void shouldParseTheCapturedClientMessage() {
        ConnectMessage m = ConnectMessage.parse(HexFormat.of().parseHex(CAPTURED_BODY));
        assertEquals("native", m.psec());
        assertEquals(ConnectMessage.SIMPLE_CLIENT, m.flag());
        assertEquals("capjob", m.nspace());
        assertEquals(0, m.rank());
        assertEquals("4.2.2rc2", m.version());
        assertEquals("v41", m.bfrops());
        assertEquals(1, m.bufferType());
        assertEquals("hash", m.gds());
        assertArrayEquals(new int[] {0, 0}, m.nativeIds());
        assertArrayEquals(new byte[1], m.blob());
    }

    @Test
    void shouldWriteAClientMessageAsLibpmixDoes() {
        ByteBuffer b = ConnectMessage.client(new Proc("capjob", 0), 0, 0).encode();
        ByteBuffer h = b.duplicate().order(ByteOrder.nativeOrder());
        assertEquals(-1, h.getInt(0));
        assertEquals(-1, h.getInt(4));
        byte[] body = Arrays.copyOfRange(b.array(), ConnectMessage.HEADER, b.limit());
        assertEquals(body.length, ConnectMessage.bodyLength(b));
        // the capture's but for the version string: 4.2.2 rather than Debian's 4.2.2rc2
        assertEquals(CAPTURED_BODY.replace("342e322e3272633200", "342e322e3200"), HexFormat.of().formatHex(body));
    }

    @Test
    void shouldRoundTripToolMessages() {
        byte[] infos = {2, 0};
        ConnectMessage needs = ConnectMessage.parse(body(ConnectMessage.tool(null, 1000, 100, infos)));
        assertEquals(ConnectMessage.TOOL_NEEDS_ID, needs.flag());
        assertEquals(1000, needs.uid());
        assertEquals(100, needs.gid());
        assertNull(needs.nspace());
        assertArrayEquals(infos, needs.blob());
        ConnectMessage given = ConnectMessage.parse(body(ConnectMessage.tool(new Proc("t.ns", 7), 1000, 100, infos)));
        assertEquals(ConnectMessage.TOOL_GIVEN_ID, given.flag());
        assertEquals("t.ns", given.nspace());
        assertEquals(7, given.rank());
        assertArrayEquals(new int[] {1000, 100}, given.nativeIds());
    }

    @Test
    void shouldRefuseATruncatedMessage() {
        byte[] b = HexFormat.of().parseHex(CAPTURED_BODY);
        PmixException e = assertThrows(PmixException.class, () -> ConnectMessage.parse(Arrays.copyOf(b, 30)));
        assertEquals(Status.ERR_BAD_PARAM, e.status());
    }

    private static byte[] body(ConnectMessage m) {
        ByteBuffer b = m.encode();
        return Arrays.copyOfRange(b.array(), ConnectMessage.HEADER, b.limit());
    }
}
