package io.github.jpmix.server.internal.openpmix;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Not API. The one message an OpenPMIx 4.2.2 client sends right after {@code connect()}
 * ({@code docs/openpmix.md}, "Connect"; {@code mca/ptl/base/ptl_base_fns.c:763-933}): a 16-byte
 * header in the client's byte order ({@code pindex} -1, {@code tag} ~0, {@code nbytes}, padding),
 * then, in {@code nbytes}: the security module's name, the credential (a big-endian length and its
 * bytes), the connection type (0 for a client its server started), the client's namespace and
 * big-endian rank, its version, its bfrops module, its buffer type, its storage component, and an
 * optional blob this server ignores. Strings are NUL-terminated.
 */
record ConnectMessage(String psec, byte[] credential, int flag, String nspace, int rank, int uid, int gid,
        String version, String bfrops, int bufferType, String gds) {
    /** {@code PMIX_MAX_CRED_SIZE}: the largest body OpenPMIx's own server reads ({@code include/pmix_globals.h:59}). */
    static final int MAX_BODY = 128 * 1024;
    static final int HEADER = 16;
    /** Connection types ({@code mca/ptl/base/ptl_base_handshake.h:32-56}). */
    static final int SIMPLE_CLIENT = 0;
    static final int SINGLETON_CLIENT = 9;

    /**
     * The body length the header announces ({@code nbytes}, in the client's byte order: the header is
     * copied without conversion, {@code ptl_base_fns.c:779-846}).
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} for a header that is not a connect header or a
     *     body over {@link #MAX_BODY}
     */
    static int bodyLength(ByteBuffer header) {
        ByteBuffer h = header.duplicate().order(ByteOrder.nativeOrder());
        int pindex = h.getInt(0);
        int tag = h.getInt(4);
        long nbytes = Integer.toUnsignedLong(h.getInt(8));
        if (pindex != -1 || tag != -1) {
            throw bad("not an OpenPMIx connect header (pindex " + pindex + ", tag " + Integer.toUnsignedString(tag) + ")");
        }
        if (nbytes == 0 || nbytes > MAX_BODY) {
            throw bad("connect message of " + nbytes + " bytes (at most " + MAX_BODY + ")");
        }
        return (int) nbytes;
    }

    /**
     * Parses the body.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} naming what is malformed
     */
    static ConnectMessage parse(byte[] body) {
        ByteBuffer b = ByteBuffer.wrap(body).order(ByteOrder.BIG_ENDIAN);
        String psec = string(b, "security module");
        int credLength = u32(b, "credential length");
        if (credLength < 0 || credLength > b.remaining()) {
            throw bad("credential of " + Integer.toUnsignedString(credLength) + " bytes in a message of " + body.length);
        }
        byte[] credential = new byte[credLength];
        b.get(credential);
        int flag = u8(b, "connection type");
        String nspace = null;
        int rank = -1;
        int uid = -1;
        int gid = -1;
        if (flag == SIMPLE_CLIENT) {
            nspace = string(b, "namespace");
            rank = u32(b, "rank");
        } else {
            // tools, launchers and singletons state uid and gid first (ptl_base_fns.c:862-910)
            uid = u32(b, "uid");
            gid = u32(b, "gid");
            if (flag != 1 && flag != 2 && flag != 3 && flag != 6) {
                nspace = string(b, "namespace");
                rank = u32(b, "rank");
            }
        }
        String version = string(b, "version");
        String bfrops = string(b, "bfrops module");
        int bufferType = u8(b, "buffer type");
        String gds = string(b, "storage component");
        return new ConnectMessage(psec, credential, flag, nspace, rank, uid, gid, version, bfrops, bufferType, gds);
    }

    /** The effective uid and gid psec {@code native} puts in the credential over TCP, in the client's byte order ({@code mca/psec/native/psec_native.c:105-119}). */
    int[] nativeIds() {
        if (credential.length != 8) {
            throw bad("a native credential of " + credential.length + " bytes (8 expected)");
        }
        ByteBuffer c = ByteBuffer.wrap(credential).order(ByteOrder.nativeOrder());
        return new int[] {c.getInt(0), c.getInt(4)};
    }

    private static String string(ByteBuffer b, String what) {
        int start = b.position();
        for (int i = start; i < b.limit(); i++) {
            if (b.get(i) == 0) {
                String s = new String(b.array(), start, i - start, StandardCharsets.UTF_8);
                b.position(i + 1);
                return s;
            }
        }
        throw bad("the " + what + " is not NUL-terminated");
    }

    private static int u32(ByteBuffer b, String what) {
        if (b.remaining() < 4) {
            throw bad("the message ends before the " + what);
        }
        return b.getInt();
    }

    private static int u8(ByteBuffer b, String what) {
        if (!b.hasRemaining()) {
            throw bad("the message ends before the " + what);
        }
        return b.get() & 0xFF;
    }

    private static PmixException bad(String message) {
        return new PmixException(Status.ERR_BAD_PARAM, "connect: " + message);
    }
}
