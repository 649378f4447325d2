package io.github.jpmix.common.internal.bfrops;

import java.util.HexFormat;

/** Hex text of bytes, as the golden files and the C harness write them. */
final class Hex {
    private static final HexFormat HEX = HexFormat.of();

    private Hex() {
    }

    /** The bytes of hex text, ignoring spaces ({@code "02 0e"} or {@code "020e"}). */
    static byte[] bytes(String hex) {
        return HEX.parseHex(hex.replace(" ", ""));
    }

    static String of(byte[] bytes) {
        return HEX.formatHex(bytes);
    }
}
