package io.github.jpmix.common.internal.openpmix;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Not API. The frame header of every message after the connect handshake, both ways
 * ({@code pmix_ptl_hdr_t}, {@code mca/ptl/ptl_types.h:205-213}; big-endian after the handshake,
 * {@code ptl_base_sendrecv.c:776-778}):
 *
 * <pre>
 * 0   int32   pindex   the sender's index: a client's is the one the handshake gave it, the server's 0
 * 4   uint32  tag      a request's tag, echoed by its one reply; 0 for an event from the server
 * 8   uint32  nbytes   the payload's length (a bfrops v41 non-described buffer)
 * 12  uint32  padding  0
 * </pre>
 *
 * A client's requests take the tags of a counter that starts at {@value #FIRST_TAG} and never comes
 * back to the reserved ones ({@code PMIX_PTL_TAG_DYNAMIC}, {@code ptl_types.h:193-203};
 * {@code ptl_base_sendrecv.c:731-736}).
 */
public final class Frames {
    public static final int HEADER = 16;
    /** {@code PMIX_PTL_TAG_NOTIFY}: an event the server sends unasked. */
    public static final int TAG_NOTIFY = 0;
    /** {@code PMIX_PTL_TAG_HEARTBEAT}. */
    public static final int TAG_HEARTBEAT = 1;
    /** {@code PMIX_PTL_TAG_IOF}. */
    public static final int TAG_IOF = 2;
    /** The first tag a client's request takes: OpenPMIx's counter starts at 100 and is pre-incremented. */
    public static final int FIRST_TAG = 101;

    private Frames() {
    }

    /** A frame: the header and {@code payload}, ready to write. */
    public static ByteBuffer frame(int pindex, int tag, byte[] payload) {
        ByteBuffer f = ByteBuffer.allocate(HEADER + payload.length).order(ByteOrder.BIG_ENDIAN);
        f.putInt(pindex).putInt(tag).putInt(payload.length).putInt(0).put(payload).flip();
        return f;
    }

    /** The tag of the header at {@code offset} of {@code header}. */
    public static int tag(ByteBuffer header, int offset) {
        return header.order(ByteOrder.BIG_ENDIAN).getInt(offset + 4);
    }

    /** The payload length the header at {@code offset} announces, unsigned. */
    public static long length(ByteBuffer header, int offset) {
        return Integer.toUnsignedLong(header.order(ByteOrder.BIG_ENDIAN).getInt(offset + 8));
    }
}
