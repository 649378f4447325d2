package io.github.jpmix.regex;

import io.github.jpmix.common.PmixException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * What {@link NodeRegex} and {@link PpnRegex} share: a map's text from the form it was given in (a blob
 * carried in a {@code String}, or UTF-8 bytes).
 */
final class MapText {
    private MapText() {
    }

    /**
     * A blob carried in a {@code String}: one char per byte (ISO-8859-1), as a {@code blob:}
     * value read from C with its embedded NULs would be.
     */
    static byte[] latin1(String s, String what) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) > 0xFF) {
                throw Malformed.at(what, s, i, "a blob in a String must hold one byte per char (ISO-8859-1)");
            }
        }
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The text of a non-blob map given as bytes: UTF-8, strictly. */
    static String utf8(byte[] regex, String what) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(regex))
                    .toString();
        } catch (CharacterCodingException e) {
            throw (PmixException) Malformed.of(what, "the map is not UTF-8 text (" + regex.length + " bytes)").initCause(e);
        }
    }
}
