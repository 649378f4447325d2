package io.github.jpmix.common.internal.openpmix;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.PmixVersion;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.bfrops.Bfrops;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Not API. The one message an OpenPMIx 4.2.2 client or tool sends right after {@code connect()}
 * ({@code docs/openpmix.md}, "Connect"; {@code mca/ptl/base/ptl_base_fns.c:763-933}): a 16-byte
 * header in the sender's byte order ({@code pindex} -1, {@code tag} ~0, {@code nbytes}, padding),
 * then, in {@code nbytes}: the security module's name, the credential (a big-endian length and its
 * bytes), the connection type, the sender's identity (a client: its namespace and big-endian rank;
 * a tool: its big-endian uid and gid, then its namespace and rank when it has one), its version,
 * its bfrops module, its buffer type, its storage component, and a blob (a tool's packed infos; a
 * client's one reserved byte). Strings are NUL-terminated. A server parses it ({@link #parse}); a
 * client or tool makes it ({@link #client}, {@link #tool}, {@link #encode}).
 *
 * @param uid a tool's uid as its connect message states it (-1 for a client, whose ids are in its credential)
 * @param blob what follows the storage component: unread by a JPMIx server
 */
public record ConnectMessage(String psec, byte[] credential, int flag, String nspace, int rank, int uid, int gid,
        String version, String bfrops, int bufferType, String gds, byte[] blob) {
    /** {@code PMIX_MAX_CRED_SIZE}: the largest body OpenPMIx's own server reads ({@code include/pmix_globals.h:59}). */
    public static final int MAX_BODY = 128 * 1024;
    public static final int HEADER = 16;
    /** Connection types ({@code mca/ptl/base/ptl_base_handshake.h:32-56}). */
    public static final int SIMPLE_CLIENT = 0;
    /** A self-started tool that needs an identity from the server. */
    public static final int TOOL_NEEDS_ID = 3;
    /** A tool that brings its own identity ({@code PMIX_TOOL_NSPACE}/{@code PMIX_TOOL_RANK}). */
    public static final int TOOL_GIVEN_ID = 4;
    /** A tool that a server started, with the identity it was given. */
    public static final int TOOL_CLIENT = 5;
    public static final int SINGLETON_CLIENT = 9;
    /** The storage component JPMIx speaks: job data and peers' data travel over the socket. */
    public static final String GDS_HASH = "hash";
    /** The security module JPMIx's clients and tools name: effective uid and gid as the credential. */
    public static final String PSEC_NATIVE = "native";
    /**
     * The length of a namespace field in the server's reply to a tool ({@code PMIX_MAX_NSLEN + 1},
     * {@code PMIX_PTL_RECV_NSPACE}, {@code ptl_base_handshake.h:189-208}).
     */
    public static final int NSPACE_FIELD = Proc.MAX_NSLEN + 1;

    public ConnectMessage {
        Objects.requireNonNull(psec, "psec");
        Objects.requireNonNull(credential, "credential");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(bfrops, "bfrops");
        Objects.requireNonNull(gds, "gds");
        Objects.requireNonNull(blob, "blob");
    }

    /**
     * The connect message of a client its server started ({@code PMIX_SIMPLE_CLIENT}): psec
     * {@code native} with the effective uid and gid in this machine's byte order as the credential
     * ({@code mca/psec/native/psec_native.c:105-119}), version {@link PmixVersion#PMIX_VERSION}, bfrops
     * {@code v41}, non-described buffers, storage component {@code hash}, and the one reserved byte.
     */
    public static ConnectMessage client(Proc self, int euid, int egid) {
        return new ConnectMessage(PSEC_NATIVE, nativeCredential(euid, egid), SIMPLE_CLIENT, self.namespace(), self.rank(),
                -1, -1, PmixVersion.PMIX_VERSION, Bfrops.MODULE, Bfrops.BUFFER_NON_DESC, GDS_HASH, new byte[1]);
    }

    /**
     * The connect message of a self-started tool: {@link #TOOL_GIVEN_ID} with {@code self}, or
     * {@link #TOOL_NEEDS_ID} when {@code self} is null; {@code infos} is its packed
     * {@code P(SIZE n) P(INFO x n)} ({@code ptl_base_fns.c:817-822}).
     */
    public static ConnectMessage tool(Proc self, int euid, int egid, byte[] infos) {
        return new ConnectMessage(PSEC_NATIVE, nativeCredential(euid, egid), self == null ? TOOL_NEEDS_ID : TOOL_GIVEN_ID,
                self == null ? null : self.namespace(), self == null ? -1 : self.rank(), euid, egid,
                PmixVersion.PMIX_VERSION, Bfrops.MODULE, Bfrops.BUFFER_NON_DESC, GDS_HASH, infos);
    }

    private static byte[] nativeCredential(int euid, int egid) {
        return ByteBuffer.allocate(8).order(ByteOrder.nativeOrder()).putInt(euid).putInt(egid).array();
    }

    /** Whether the type states uid and gid before the identity ({@code ptl_base_fns.c:862-910}). */
    private static boolean hasIds(int flag) {
        return flag != SIMPLE_CLIENT;
    }

    /** Whether the type carries a namespace and rank: every one but the legacy tools and those needing an id. */
    private static boolean hasIdentity(int flag) {
        return flag != 1 && flag != 2 && flag != TOOL_NEEDS_ID && flag != 6;
    }

    /** The whole message, header and body, ready to write. */
    public ByteBuffer encode() {
        ByteArrayOutputStream body = new ByteArrayOutputStream(64 + blob.length);
        string(body, psec);
        u32(body, credential.length);
        body.writeBytes(credential);
        body.write(flag);
        if (hasIds(flag)) {
            u32(body, uid);
            u32(body, gid);
        }
        if (hasIdentity(flag)) {
            string(body, nspace);
            u32(body, rank);
        }
        string(body, version);
        string(body, bfrops);
        body.write(bufferType);
        string(body, gds);
        body.writeBytes(blob);
        byte[] b = body.toByteArray();
        if (b.length > MAX_BODY) {
            throw new PmixException(Status.ERR_BAD_PARAM, "connect: a message of " + b.length + " bytes (at most " + MAX_BODY + ")");
        }
        // the header goes as the sender's struct, unconverted (ptl_base_fns.c:779-846)
        ByteBuffer out = ByteBuffer.allocate(HEADER + b.length).order(ByteOrder.nativeOrder());
        out.putInt(-1).putInt(-1).putInt(b.length).putInt(0).put(b).flip();
        return out;
    }

    private static void string(ByteArrayOutputStream out, String s) {
        out.writeBytes(s.getBytes(StandardCharsets.UTF_8));
        out.write(0);
    }

    private static void u32(ByteArrayOutputStream out, int v) {
        out.write(v >>> 24);
        out.write(v >>> 16);
        out.write(v >>> 8);
        out.write(v);
    }

    /**
     * The body length the header announces ({@code nbytes}, in the client's byte order: the header is
     * copied without conversion, {@code ptl_base_fns.c:779-846}).
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} for a header that is not a connect header or a
     *     body over {@link #MAX_BODY}
     */
    public static int bodyLength(ByteBuffer header) {
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
    public static ConnectMessage parse(byte[] body) {
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
        if (hasIds(flag)) {
            uid = u32(b, "uid");
            gid = u32(b, "gid");
        }
        if (hasIdentity(flag)) {
            nspace = string(b, "namespace");
            rank = u32(b, "rank");
        }
        String version = string(b, "version");
        String bfrops = string(b, "bfrops module");
        int bufferType = u8(b, "buffer type");
        String gds = string(b, "storage component");
        byte[] blob = new byte[b.remaining()];
        b.get(blob);
        return new ConnectMessage(psec, credential, flag, nspace, rank, uid, gid, version, bfrops, bufferType, gds, blob);
    }

    /** The effective uid and gid psec {@code native} puts in the credential over TCP, in the client's byte order ({@code mca/psec/native/psec_native.c:105-119}). */
    public int[] nativeIds() {
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
