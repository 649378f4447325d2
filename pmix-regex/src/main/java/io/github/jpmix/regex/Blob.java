package io.github.jpmix.regex;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * The compress component's zlib blob (regex-format.md section 7):
 *
 * <pre>
 *   "blob:" NUL "component=zlib:" NUL "size=" N ":" NUL  payload (N bytes)
 *   payload = uncompressed length (uint32, little endian) + zlib stream (deflate level 9)
 * </pre>
 *
 * 4.2.2 writes this framing but never produces a blob, and its parser cannot read it: it applies
 * {@code strtoul} at {@code size=}, and only reads the same framing without the {@code size=}
 * text. JPMIx writes the framing above and reads both. Inflation is capped: a blob may not
 * declare or inflate to more than {@link RegexLimits#maxChars()} bytes, so a zip bomb fails with
 * {@code ERR_BAD_PARAM} after at most that much work.
 */
final class Blob {
    private static final String COMPONENT = "component=";
    private static final String ZLIB = "zlib:";
    private static final String SIZE = "size=";

    private Blob() {
    }

    /** Frames {@code text} (UTF-8) the way 4.2.2's generator would, {@code size=} included. */
    static byte[] encode(String text) {
        return frame(text.getBytes(StandardCharsets.UTF_8), true);
    }

    /** Frames {@code text} with or without the {@code size=} text; without is what 4.2.2's parser reads. */
    static byte[] frame(byte[] text, boolean withSizeText) {
        byte[] payload = payload(text);
        String header = "blob:\0" + COMPONENT + ZLIB + "\0" + (withSizeText ? SIZE : "") + payload.length + ":\0";
        byte[] head = header.getBytes(StandardCharsets.ISO_8859_1);
        byte[] out = Arrays.copyOf(head, head.length + payload.length);
        System.arraycopy(payload, 0, out, head.length, payload.length);
        return out;
    }

    /** The uncompressed length as a little-endian uint32, then the zlib stream (section 7). */
    static byte[] payload(byte[] text) {
        Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION);
        try {
            deflater.setInput(text);
            deflater.finish();
            ByteArrayOutputStream out = new ByteArrayOutputStream(text.length / 4 + 64);
            int n = text.length;
            out.write(n);
            out.write(n >>> 8);
            out.write(n >>> 16);
            out.write(n >>> 24);
            byte[] buf = new byte[8192];
            while (!deflater.finished()) {
                int k = deflater.deflate(buf);
                out.write(buf, 0, k);
            }
            return out.toByteArray();
        } finally {
            deflater.end();
        }
    }

    /**
     * The text inside a blob (which starts with {@code blob:} NUL), checked and inflated.
     *
     * @throws io.github.jpmix.common.PmixException {@code ERR_BAD_PARAM} for a wrong component,
     *     bad framing, a size that disagrees with the payload, a truncated or corrupt stream, a
     *     stream that inflates to another length than it declares, more than the limit, or text
     *     that is not UTF-8 or holds a NUL
     */
    static String decode(byte[] blob, RegexLimits limits, String what) {
        String view = new String(blob, 0, Math.min(blob.length, 256), StandardCharsets.ISO_8859_1);
        int pos = Forms.BLOB_TAG.length();
        if (!view.startsWith(COMPONENT, pos)) {
            throw Malformed.at(what, view, pos, "expected 'component=' after 'blob:'");
        }
        int nul = view.indexOf('\0', pos);
        if (nul < 0) {
            throw Malformed.at(what, view, pos, "unterminated component field");
        }
        String component = view.substring(pos + COMPONENT.length(), nul);
        if (!component.equals(ZLIB)) {
            throw Malformed.at(what, view, pos, "unsupported blob component " + Malformed.quote(component)
                    + " (only 'zlib:' exists in OpenPMIx 4.2.2)");
        }
        pos = nul + 1;
        if (view.startsWith(SIZE, pos)) {
            pos += SIZE.length();
        }
        int digitsEnd = Decimal.runEnd(view, pos, view.length());
        if (digitsEnd == pos || digitsEnd - pos > 10 || !view.startsWith(":\0", digitsEnd)) {
            throw Malformed.at(what, view, pos, "expected the payload size as digits followed by ':' and NUL");
        }
        long size = Decimal.value(view, pos, digitsEnd);
        int payload = digitsEnd + 2;
        if (size != blob.length - payload) {
            throw Malformed.at(what, view, pos, "size mismatch: the header says " + size + " payload bytes, the blob has "
                    + (blob.length - payload));
        }
        if (size < 4) {
            throw Malformed.at(what, view, payload, "payload of " + size + " bytes has no room for its length");
        }
        long declared = (blob[payload] & 0xFFL) | (blob[payload + 1] & 0xFFL) << 8 | (blob[payload + 2] & 0xFFL) << 16
                | (blob[payload + 3] & 0xFFL) << 24;
        if (declared > limits.maxChars() || declared > Integer.MAX_VALUE - 8) {
            throw Malformed.at(what, view, payload, "blob declares " + declared + " uncompressed bytes, more than "
                    + limits.maxChars() + " (RegexLimits.maxChars)");
        }
        byte[] text = inflate(blob, payload + 4, (int) declared, view, what);
        try {
            String s = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(text))
                    .toString();
            int zero = s.indexOf('\0');
            if (zero >= 0) {
                throw Malformed.at(what, s, zero, "the blob's text holds a NUL");
            }
            return s;
        } catch (CharacterCodingException e) {
            throw Malformed.at(what, view, payload, "the blob's text is not UTF-8");
        }
    }

    private static byte[] inflate(byte[] blob, int from, int declared, String view, String what) {
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(blob, from, blob.length - from);
            // Grow as output arrives: a small blob declaring a large size allocates little.
            byte[] out = new byte[Math.min(declared, 1 << 16)];
            int got = 0;
            byte[] probe = new byte[1];
            while (!inflater.finished()) {
                int k;
                if (got < declared) {
                    if (got == out.length) {
                        out = Arrays.copyOf(out, (int) Math.min(declared, out.length * 2L));
                    }
                    k = inflater.inflate(out, got, out.length - got);
                    got += k;
                } else {
                    k = inflater.inflate(probe);
                    if (k > 0) {
                        throw Malformed.at(what, view, from, "the zlib stream inflates past its declared " + declared + " bytes");
                    }
                }
                if (k == 0 && !inflater.finished() && (inflater.needsInput() || inflater.needsDictionary())) {
                    throw Malformed.at(what, view, from, "the zlib stream is truncated after " + got + " of " + declared + " bytes");
                }
            }
            if (got != declared) {
                throw Malformed.at(what, view, from, "the zlib stream inflates to " + got + " bytes, the blob declares " + declared);
            }
            if (inflater.getRemaining() > 0) {
                throw Malformed.at(what, view, from, inflater.getRemaining() + " bytes follow the end of the zlib stream");
            }
            return got == out.length ? out : Arrays.copyOf(out, got);
        } catch (DataFormatException e) {
            throw Malformed.at(what, view, from, "corrupt zlib stream: " + e.getMessage());
        } finally {
            inflater.end();
        }
    }
}
