package io.github.jpmix.common.internal.openpmix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.jpmix.common.DataRange;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Value;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The event messages of OpenPMIx 4.2.2's client protocol against bytes libpmix sent and received
 * ({@code shared/spec/openpmix-wire-4.2.2/dumps/decoded_notify_rank1.txt}, notes §6).
 */
class ClientRequestsEventsTest {
    record Case(byte[] actual, String hex) {
    }

    static Stream<Named<Case>> requests() {
        return Stream.of(
                // libpmix's registration of code -3001 and Open MPI's default handler (notes §6.1)
                Named.of("REGEVENTS -3001", new Case(ClientRequests.registerEvents(List.of(-3001), List.of()),
                        "020d 0201 02f12e 0200")),
                Named.of("REGEVENTS default", new Case(ClientRequests.registerEvents(List.of(), List.of()), "020d 0200 0200")),
                // the last default handler gone: INT32_MIN
                Named.of("DEREGEVENTS default", new Case(ClientRequests.deregisterEvents(List.of(Integer.MIN_VALUE)),
                        "020e 02ffffffff0f")),
                // a notify with one string info, range NAMESPACE (notes §6.2)
                Named.of("NOTIFY", new Case(ClientRequests.notifyEvent(-3001, DataRange.NAMESPACE,
                        List.of(Info.of("test.note", Value.ofString("hello from 0")))),
                        "020c 02f12e 0203 0201 0214" + hex("test.note") + "00 031a" + hex("hello from 0"))));
    }

    @ParameterizedTest
    @MethodSource("requests")
    void shouldPackEventRequestsAsLibpmixDoes(Case c) {
        assertEquals(c.hex().replace(" ", ""), HexFormat.of().formatHex(c.actual()));
    }

    @Test
    void shouldReadAnEventTheOpenPmixServerSent() {
        // the 69-byte payload on tag 0 of the capture
        byte[] payload = HexFormat.of().parseHex(("020c02f12e020e6361706a6f6200000202041263 61702e6e6f7465000003 0c68"
                + "656c6c6f00 34 706d69782e737276722e696e7465726e616c2e6e6f74696679000001 01 0205").replace(" ", ""));
        ClientRequests.EventMessage e = ClientRequests.event(payload);
        assertEquals(-3001, e.code());
        assertEquals(new Proc("capjob", 0), e.source());
        assertEquals(List.of(Info.of("cap.note", Value.ofString("hello")), Info.of("pmix.srvr.internal.notify", Value.ofBool(true))),
                e.info());
        // the variant for cached events has no trailing range: read the same
        byte[] cached = java.util.Arrays.copyOf(payload, payload.length - 2);
        assertEquals(e, ClientRequests.event(cached));
    }

    @Test
    void shouldRefuseATagZeroMessageThatIsNotAnEvent() {
        assertThrows(PmixException.class, () -> ClientRequests.event(HexFormat.of().parseHex("0205")));
    }

    private static String hex(String s) {
        return HexFormat.of().formatHex((s + "\0").getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
}
