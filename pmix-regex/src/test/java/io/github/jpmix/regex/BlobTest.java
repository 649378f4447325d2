package io.github.jpmix.regex;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The compress component's zlib blob, regex-format.md section 7. */
class BlobTest {
    private static final List<String> NAMES = List.of("node001", "node002", "login[1]", "nöde");

    static byte[] bytes(String latin1) {
        return latin1.getBytes(StandardCharsets.ISO_8859_1);
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** A blob with any header and any payload. */
    static byte[] blob(String header, byte[] payload) {
        return concat(bytes(header), payload);
    }

    static byte[] deflate(byte[] text) {
        Deflater d = new Deflater(9);
        d.setInput(text);
        d.finish();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        while (!d.finished()) {
            out.write(buf, 0, d.deflate(buf));
        }
        d.end();
        return out.toByteArray();
    }

    static byte[] le32(long n) {
        return new byte[] {(byte) n, (byte) (n >>> 8), (byte) (n >>> 16), (byte) (n >>> 24)};
    }

    @Test
    void shouldFrameTheWayOpenPmixWould() {
        byte[] blob = NodeRegex.generateBlob(NAMES);
        String head = new String(blob, 0, 40, StandardCharsets.ISO_8859_1);
        assertTrue(head.startsWith("blob:\0component=zlib:\0size="), head);
        int digits = "blob:\0component=zlib:\0size=".length();
        int colon = head.indexOf(':', digits);
        int size = Integer.parseInt(head.substring(digits, colon));
        assertEquals(blob.length - colon - 2, size, "size= counts the payload");
        assertEquals('\0', head.charAt(colon + 1));
        byte[] text = String.join(",", NAMES).getBytes(StandardCharsets.UTF_8);
        assertArrayEquals(le32(text.length), Arrays.copyOfRange(blob, colon + 2, colon + 6), "uncompressed length, little endian");
    }

    @Test
    void shouldReadItsOwnBlobs() {
        assertEquals(NAMES, NodeRegex.parse(NodeRegex.generateBlob(NAMES)));
        List<int[]> map = List.of(new int[] {0, 1, 2}, new int[] {(int) 3_000_000_000L, 7});
        byte[] blob = PpnRegex.generateBlob(map);
        assertEquals("0,1,2;3000000000,7", PpnRegexTest.text(PpnRegex.parse(blob)));
        assertEquals(List.of("0,1,2", "3000000000,7"), PpnRegex.parseLocalPeers(blob));
    }

    @Test
    void shouldReadTheNoSizeFramingThat422Reads() {
        byte[] blob = Blob.frame("a1,a2,,b".getBytes(StandardCharsets.UTF_8), false);
        assertTrue(new String(blob, StandardCharsets.ISO_8859_1).startsWith("blob:\0component=zlib:\0"));
        assertEquals(List.of("a1", "a2", "b"), NodeRegex.parse(blob));
        assertEquals(List.of("0,1", "2"), PpnRegex.parseLocalPeers(Blob.frame("0,1;;2".getBytes(StandardCharsets.UTF_8), false)));
    }

    @Test
    void shouldReadABlobCarriedInAString() {
        String asString = new String(NodeRegex.generateBlob(List.of("x1", "x2")), StandardCharsets.ISO_8859_1);
        assertEquals(List.of("x1", "x2"), NodeRegex.parse(asString));
        assertThrows(PmixException.class, () -> NodeRegex.parse("blob:\0component=zlib:\0\u2603"));
    }

    @Test
    void shouldNotParseTheInflatedTextAsNative() {
        // Section 7: an inflated pmix[node[1:1-3]] stays one literal name.
        byte[] blob = Blob.encode("pmix[node[1:1-3]]");
        assertEquals(List.of("pmix[node[1:1-3]]"), NodeRegex.parse(blob));
    }

    @Test
    void shouldCarryTheEmptyList() {
        assertEquals(List.of(), NodeRegex.parse(NodeRegex.generateBlob(List.of())));
        assertEquals(List.of(), PpnRegex.parse(PpnRegex.generateBlob(List.of())));
    }

    @Test
    void shouldApplyTheGenerationChecks() {
        assertThrows(PmixException.class, () -> NodeRegex.generateBlob(List.of("a", "")));
        assertThrows(PmixException.class, () -> PpnRegex.generateBlob(List.of(new int[0])));
    }

    static Stream<Arguments> broken() {
        byte[] good = Blob.payload("node1,node2".getBytes(StandardCharsets.UTF_8));
        byte[] bombText = new byte[10_000_000];
        Arrays.fill(bombText, (byte) 'a');
        byte[] bomb = deflate(bombText);
        List<Arguments> cases = new ArrayList<>();
        cases.add(Arguments.of("wrong component", blob("blob:\0component=lz4:\0size=" + good.length + ":\0", good), "unsupported blob component 'lz4:'"));
        cases.add(Arguments.of("no component", blob("blob:\0zlib:\0" + good.length + ":\0", good), "expected 'component='"));
        cases.add(Arguments.of("size mismatch", blob("blob:\0component=zlib:\0size=" + (good.length + 3) + ":\0", good), "size mismatch"));
        cases.add(Arguments.of("no size", blob("blob:\0component=zlib:\0size=:\0", good), "expected the payload size"));
        cases.add(Arguments.of("size without NUL", blob("blob:\0component=zlib:\0size=" + good.length + ":", good), "expected the payload size"));
        cases.add(Arguments.of("truncated stream", blob("blob:\0component=zlib:\0size=" + (good.length - 5) + ":\0",
                Arrays.copyOf(good, good.length - 5)), "truncated"));
        cases.add(Arguments.of("truncated header", bytes("blob:\0component=zlib"), "unterminated component"));
        cases.add(Arguments.of("payload too short", blob("blob:\0component=zlib:\0size=2:\0", new byte[] {1, 2}), "no room for its length"));
        byte[] corrupt = good.clone();
        corrupt[6] ^= 0x55;
        cases.add(Arguments.of("corrupt stream", blob("blob:\0component=zlib:\0size=" + corrupt.length + ":\0", corrupt), "zlib"));
        byte[] shortDeclared = concat(le32(5), Arrays.copyOfRange(good, 4, good.length));
        cases.add(Arguments.of("inflates past its declared size", blob("blob:\0component=zlib:\0size=" + shortDeclared.length + ":\0",
                shortDeclared), "inflates past its declared 5 bytes"));
        byte[] longDeclared = concat(le32(500), Arrays.copyOfRange(good, 4, good.length));
        cases.add(Arguments.of("inflates short of its declared size", blob("blob:\0component=zlib:\0size=" + longDeclared.length + ":\0",
                longDeclared), "inflates to 11 bytes, the blob declares 500"));
        byte[] trailing = concat(good, new byte[] {1, 2, 3});
        cases.add(Arguments.of("bytes after the stream", blob("blob:\0component=zlib:\0size=" + trailing.length + ":\0", trailing),
                "3 bytes follow the end"));
        byte[] zipBomb = concat(le32(100), bomb);
        cases.add(Arguments.of("zip bomb declaring little", blob("blob:\0component=zlib:\0size=" + zipBomb.length + ":\0", zipBomb),
                "inflates past its declared 100 bytes"));
        byte[] honestBomb = concat(le32(bombText.length), bomb);
        cases.add(Arguments.of("zip bomb declaring its size past the limit", blob("blob:\0component=zlib:\0size=" + honestBomb.length
                + ":\0", honestBomb), "more than 1000000 (RegexLimits.maxChars)"));
        byte[] hugeDeclared = concat(le32(0xFFFF_FFFFL), bomb);
        cases.add(Arguments.of("declares 4 GiB", blob("blob:\0component=zlib:\0" + hugeDeclared.length + ":\0", hugeDeclared),
                "declares 4294967295 uncompressed bytes"));
        byte[] notUtf8 = Blob.payload(new byte[] {'a', (byte) 0xff});
        cases.add(Arguments.of("text not UTF-8", blob("blob:\0component=zlib:\0size=" + notUtf8.length + ":\0", notUtf8), "not UTF-8"));
        byte[] nul = Blob.payload(new byte[] {'a', 0, 'b'});
        cases.add(Arguments.of("text with NUL", blob("blob:\0component=zlib:\0size=" + nul.length + ":\0", nul), "holds a NUL"));
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("broken")
    void shouldRejectBrokenBlobs(String name, byte[] blob, String message) {
        RegexLimits limits = new RegexLimits(1000, 1_000_000);
        for (Function<byte[], ?> parse : List.<Function<byte[], ?>>of(b -> NodeRegex.parse(b, limits), b -> PpnRegex.parse(b, limits),
                b -> PpnRegex.parseLocalPeers(b, limits))) {
            PmixException e = assertThrows(PmixException.class, () -> parse.apply(blob));
            assertEquals(Status.ERR_BAD_PARAM, e.status());
            assertTrue(e.getMessage().contains(message), e.getMessage());
        }
    }

    @Test
    void shouldRejectAZipBombWithDefaultLimitsQuickly() {
        byte[] text = new byte[200_000_000];
        Arrays.fill(text, (byte) ',');
        byte[] bomb = concat(le32(60_000_000), deflate(text));
        byte[] blob = blob("blob:\0component=zlib:\0size=" + bomb.length + ":\0", bomb);
        long t0 = System.nanoTime();
        PmixException e = assertThrows(PmixException.class, () -> NodeRegex.parse(blob));
        assertTrue(e.getMessage().contains("inflates past its declared 60000000 bytes"), e.getMessage());
        assertTrue(System.nanoTime() - t0 < 5_000_000_000L);
    }
}
