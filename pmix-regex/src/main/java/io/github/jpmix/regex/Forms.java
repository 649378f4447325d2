package io.github.jpmix.regex;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The four forms a node map or proc map arrives in, told apart by their tag the way OpenPMIx's
 * preg framework tries its components (regex-format.md section 1: compress, then native, then
 * raw, then the base fallback), and the plain splitting the raw, blob and fallback forms share.
 */
enum Forms {
    /** {@code pmix[...]}: OpenPMIx's native component (sections 3 to 6). */
    NATIVE,
    /** {@code raw:} + list (section 8). */
    RAW,
    /** {@code blob:} NUL ...: the compress component's zlib framing (section 7). */
    BLOB,
    /** Anything else: what the base fallback does with an untagged string (section 1). */
    PLAIN;

    static final String NATIVE_TAG = "pmix[";
    static final String RAW_TAG = "raw:";
    /** "blob:" and its NUL: the first field of the framing. A "blob:" without the NUL is a plain string (section 7). */
    static final String BLOB_TAG = "blob:\0";
    static final byte[] BLOB_TAG_BYTES = BLOB_TAG.getBytes(StandardCharsets.ISO_8859_1);

    static Forms of(String s) {
        if (s.startsWith(NATIVE_TAG)) {
            return NATIVE;
        }
        if (s.startsWith(RAW_TAG)) {
            return RAW;
        }
        if (s.startsWith(BLOB_TAG)) {
            return BLOB;
        }
        return PLAIN;
    }

    static boolean isBlob(byte[] b) {
        if (b.length < BLOB_TAG_BYTES.length) {
            return false;
        }
        for (int i = 0; i < BLOB_TAG_BYTES.length; i++) {
            if (b[i] != BLOB_TAG_BYTES[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@code pmix_argv_split}: the pieces of {@code s[from, length)} between {@code sep}, empty
     * pieces dropped (section 2), each charged to the budget.
     */
    static List<String> split(String s, int from, char sep, Budget budget) {
        List<String> out = new ArrayList<>();
        int n = s.length();
        int start = from;
        while (start <= n) {
            int i = s.indexOf(sep, start);
            if (i < 0) {
                i = n;
            }
            if (i > start) {
                budget.charge(1, i - start + 1, s, start);
                out.add(s.substring(start, i));
            }
            start = i + 1;
        }
        return out;
    }
}
