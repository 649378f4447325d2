package io.github.jpmix.common.internal.bfrops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataRange;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.InfoDirectives;
import io.github.jpmix.common.KeyValue;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Rank;
import io.github.jpmix.common.Scope;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.codec.CodecOptions;
import io.github.jpmix.common.internal.bfrops.ProtocolMessages.Nested;
import io.github.jpmix.common.internal.bfrops.ProtocolMessages.Pack;
import io.github.jpmix.common.internal.bfrops.WireDumps.Kind;
import io.github.jpmix.common.internal.bfrops.WireDumps.Message;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every message of the byte captures of spec {@code openpmix-wire-4.2.2.md} (sections 3 and 4:
 * a C client and an Open MPI process talking to a 4.2.2 server) is read by its schema and written
 * back byte for byte; the fields of the ones the spec walks through are what it says; and every
 * strict prefix of each is a truncation, never another exception.
 */
class BfropsWireDumpsTest {

    static Stream<Message> messages() {
        return WireDumps.all().stream();
    }

    private static Message find(String file, Kind kind, int tag) {
        return WireDumps.read(file).stream().filter(m -> m.kind() == kind && m.tag() == tag).findFirst()
                .orElseThrow(() -> new AssertionError(file + " has no " + kind + " tag " + tag));
    }

    private static Object only(Pack p) {
        assertEquals(1, p.elements().size(), p.toString());
        return p.elements().get(0);
    }

    @Test
    void shouldFindEveryCapturedMessage() {
        List<Message> all = WireDumps.all();
        assertEquals(81, all.size(), all::toString);
        assertTrue(all.stream().anyMatch(m -> m.kind() == Kind.UNSOLICITED && m.command() == ProtocolMessages.NOTIFY));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("messages")
    void shouldReadAndWriteBackTheCapturedMessage(Message m) {
        List<Pack> packs = ProtocolMessages.decode(m);
        assertEquals(Hex.of(m.payload()), Hex.of(ProtocolMessages.encode(packs)), packs::toString);
    }

    // ---- the exchanges section 3.1 walks through ----

    @Test
    void shouldReadTheGetRequestAndItsReply() {
        List<Pack> req = ProtocolMessages.decode(find("decoded_hash_rank0.txt", Kind.REQUEST, 105));
        assertEquals(ProtocolMessages.GETNB, only(req.get(0)));
        assertEquals("capjob", only(req.get(1)));
        assertEquals(1, only(req.get(2)));
        assertEquals(0L, only(req.get(3)));
        assertEquals("cap.ep", only(req.get(4)));
        assertEquals(5, req.size());

        List<Pack> reply = ProtocolMessages.decode(find("decoded_hash_rank0.txt", Kind.REPLY, 105));
        assertEquals(Status.SUCCESS, only(reply.get(0)));
        List<Pack> blob = ((Nested) only(reply.get(1))).packs();
        assertEquals(new Proc("capjob", 1), only(blob.get(0)));
        assertEquals(new KeyValue("cap.ep", Value.ofString("ep-of-rank-1")), only(blob.get(1)));
        assertEquals(2, reply.size());
    }

    @Test
    void shouldReadTheImmediateWildcardGetOfOpenMpi() {
        List<Pack> req = ProtocolMessages.decode(find("decoded_ompi_rank0.txt", Kind.REQUEST, 104));
        assertEquals(Rank.WILDCARD, only(req.get(2)));
        assertEquals(new Info("pmix.immediate", Value.ofBool(true), InfoDirectives.ARRAY_END), only(req.get(4)));
        assertEquals("pmix.hwlocxml2", only(req.get(5)));
    }

    @Test
    void shouldReadTheFenceWithAndWithoutCollection() {
        List<Pack> collect = ProtocolMessages.decode(find("decoded_hash_rank0.txt", Kind.REQUEST, 104));
        assertEquals(ProtocolMessages.FENCENB, only(collect.get(0)));
        assertEquals(1L, only(collect.get(1)));
        assertEquals(Proc.wildcard("capjob"), only(collect.get(2)));
        assertEquals(1L, only(collect.get(3)));
        assertEquals(Info.of("pmix.collect", Value.ofBool(true)), only(collect.get(4)));

        Message plain = find("decoded_hash_rank0.txt", Kind.REQUEST, 107);
        assertEquals("02030201020e" + Hex.of("capjob\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII)) + "feffffff0f0200",
                Hex.of(plain.payload()));
        List<Pack> noCollect = ProtocolMessages.decode(plain);
        assertEquals(0L, only(noCollect.get(3)));
        assertEquals(4, noCollect.size());
    }

    @Test
    void shouldReadTheCommitOfBothScopes() {
        List<Pack> commit = ProtocolMessages.decode(find("decoded_hash_rank0.txt", Kind.REQUEST, 103));
        assertEquals(ProtocolMessages.COMMIT, only(commit.get(0)));
        assertEquals(Scope.LOCAL, only(commit.get(1)));
        KeyValue ep = new KeyValue("cap.ep", Value.ofString("ep-of-rank-0"));
        assertEquals(List.of(new Pack(DataType.KVAL, List.of(ep))), ((Nested) only(commit.get(2))).packs());
        assertEquals(Scope.REMOTE, only(commit.get(3)));
        assertEquals(commit.get(2), commit.get(4));
    }

    @Test
    void shouldWriteTheCommitOfTheSpecsWorkedExample() {
        BfropsWriter kvals = new BfropsWriter().packKeyValue(new KeyValue("cap.ep", Value.ofString("ep-of-rank-0")));
        BfropsWriter w = new BfropsWriter().packCommand(ProtocolMessages.COMMIT).pack(DataType.SCOPE, Scope.LOCAL)
                .packBuffer(kvals);
        assertEquals("0202" + "0201" + "020118" + "020e" + Hex.of("cap.ep\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII))
                + "031a" + Hex.of("ep-of-rank-0\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII)), Hex.of(w.toByteArray()));
    }

    @Test
    void shouldReadTheNotifyRequestAndTheEventOnTagZero() {
        List<Pack> req = ProtocolMessages.decode(find("decoded_notify_rank0.txt", Kind.REQUEST, 105));
        assertEquals(ProtocolMessages.NOTIFY, only(req.get(0)));
        assertEquals(-3001, only(req.get(1)));
        assertEquals(DataRange.GLOBAL, only(req.get(2)));
        assertEquals(Info.of("cap.note", Value.ofString("hello")), only(req.get(4)));

        List<Pack> event = ProtocolMessages.decode(find("decoded_notify_rank1.txt", Kind.UNSOLICITED, 0));
        assertEquals(ProtocolMessages.NOTIFY, only(event.get(0)));
        assertEquals(-3001, only(event.get(1)));
        assertEquals(new Proc("capjob", 0), only(event.get(2)));
        assertEquals(2L, only(event.get(3)));
        assertEquals(List.of(Info.of("cap.note", Value.ofString("hello")),
                Info.of("pmix.srvr.internal.notify", Value.ofBool(true))), event.get(4).elements());
        assertEquals(DataRange.GLOBAL, only(event.get(5)));
    }

    @Test
    void shouldReadTheAbort() {
        List<Pack> abort = ProtocolMessages.decode(find("decoded_abort.txt", Kind.REQUEST, 103));
        assertEquals(ProtocolMessages.ABORT, only(abort.get(0)));
        assertEquals(42, only(abort.get(1)));
        assertEquals("capture abort", only(abort.get(2)));
        assertEquals(0L, only(abort.get(3)));
        assertEquals(4, abort.size());
    }

    @Test
    void shouldReadTheDeregistrationsOfOpenMpi() {
        assertEquals(List.of(Integer.MIN_VALUE),
                ProtocolMessages.decode(find("decoded_ompi_rank0.txt", Kind.REQUEST, 114)).get(1).elements());
        assertEquals(List.of(-147), ProtocolMessages.decode(find("decoded_ompi_rank0.txt", Kind.REQUEST, 115)).get(1).elements());
    }

    @Test
    void shouldReadTheJobDataOfTheRequestReply() {
        List<Pack> job = ProtocolMessages.decode(find("decoded_hash_rank0.txt", Kind.REPLY, 101));
        assertEquals("capjob", only(job.get(0)));
        assertEquals(new KeyValue("pmix.job.size", Value.ofUint32(2)), only(job.get(1)));
        assertEquals(new KeyValue("pmix.bfrops.mod", Value.ofString("4.2.2rc2")), only(job.get(7)));
        DataArray session = ((KeyValue) only(job.get(8))).value().asDataArray();
        assertEquals(DataType.INFO, session.type());
        assertEquals(List.of(new Info("pmix.session.id", Value.ofUint32(-1), 0), new Info("pmix.univ.size", Value.ofUint32(2), 0),
                new Info("pmix.tmpdir", Value.ofString("/tmp/pmixcap/tmp"), InfoDirectives.ARRAY_END)),
                session.elements(Info.class));
        DataArray node = ((KeyValue) only(job.get(9))).value().asDataArray();
        assertEquals(new Info("pmix.lldr", Value.ofRank(0), 0), node.elements(Info.class).get(4));

        // a pmix.pblob: the rank, then that rank's kvals until the blob ends (section 4.1)
        KeyValue pblob = (KeyValue) only(job.get(10));
        assertEquals("pmix.pblob", pblob.key());
        BfropsReader blob = new BfropsReader(pblob.value().asBytes());
        assertEquals(0, blob.unpackRank());
        assertEquals(new KeyValue("pmix.lrank", Value.ofUint16(0)), blob.unpackKeyValue());
        assertEquals(new KeyValue("pmix.nrank", Value.ofUint16(0)), blob.unpackKeyValue());
        assertEquals(new KeyValue("pmix.nodeid", Value.ofUint32(0)), blob.unpackKeyValue());
        assertEquals(new KeyValue("pmix.appnum", Value.ofUint32(0)), blob.unpackKeyValue());
        assertEquals(new KeyValue("pmix.hname", Value.ofString("vm")), blob.unpackKeyValue());
        assertFalse(blob.hasRemaining());
        assertEquals(12, job.size());
    }

    @Test
    void shouldReadTheModexOfOpenMpiAsByteObjects() {
        List<Pack> commit = ProtocolMessages.decode(find("decoded_ompi_rank0.txt", Kind.REQUEST, 107));
        List<Pack> local = ((Nested) only(commit.get(2))).packs();
        assertEquals(List.of("btl.tcp.4.1", "btl.vader.4.1", "pml.base.2.0"),
                local.stream().map(p -> ((KeyValue) only(p)).key()).toList());
        assertArrayEquals("ob1\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII),
                ((KeyValue) only(local.get(2))).value().asBytes());
        assertEquals(DataType.BYTE_OBJECT, ((KeyValue) only(local.get(1))).value().type());
    }

    @Test
    void shouldReadANullAbortMessage() {
        byte[] b = new BfropsWriter().packCommand(ProtocolMessages.ABORT).packStatus(1).packString(null).packSize(0)
                .toByteArray();
        assertEquals("0201" + "0202" + "0200" + "0200", Hex.of(b));
        assertNull(only(ProtocolMessages.decode(Kind.REQUEST, -1, b, new CodecOptions()).get(2)));
    }

    // ---- truncation ----

    /**
     * Every strict prefix of a message is a truncation: a {@code READ_PAST_END_OF_BUFFER}, or, where
     * the message ends in a read-until-empty loop and the cut falls between two of its elements, the
     * message with fewer elements. Nothing else, and nothing slow.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("messages")
    void shouldReportTruncationAtEveryPrefix(Message m) {
        List<Pack> full = ProtocolMessages.decode(m);
        for (int n = 0; n < m.payload().length; n++) {
            byte[] prefix = Arrays.copyOf(m.payload(), n);
            int length = n;
            try {
                List<Pack> got = ProtocolMessages.decode(m.kind(), m.command(), prefix, new CodecOptions());
                // only a read-until-empty loop at the end can stop early, between two of its elements
                assertTrue(got.size() < full.size(), () -> "prefix of " + length + " bytes decoded as the whole message");
                assertEquals(full.subList(0, got.size()), got, () -> "prefix of " + length + " bytes decoded as " + got);
            } catch (PmixException e) {
                assertEquals(Status.ERR_UNPACK_READ_PAST_END_OF_BUFFER, e.status(),
                        () -> "prefix of " + length + " bytes: " + e.getMessage());
            } catch (RuntimeException e) {
                fail("prefix of " + length + " bytes threw " + e, e);
            }
        }
    }

    @Test
    void shouldRefuseTrailingBytesWithTheSchema() {
        Message m = find("decoded_hash_rank0.txt", Kind.REQUEST, 105);
        byte[] longer = Arrays.copyOf(m.payload(), m.payload().length + 1);
        PmixException e = assertThrows(PmixException.class,
                () -> ProtocolMessages.decode(m.kind(), m.command(), longer, new CodecOptions()));
        assertEquals(Status.ERR_UNPACK_FAILURE, e.status());
    }
}
