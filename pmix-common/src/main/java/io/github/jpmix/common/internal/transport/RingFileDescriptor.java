package io.github.jpmix.common.internal.transport;

import static org.agrona.concurrent.ringbuffer.RingBufferDescriptor.TRAILER_LENGTH;

/**
 * Not API. Layout of a client's ring file, the one place its offsets are computed. The file is
 * created by the server in its session directory (mode 0600, named in the handshake reply) and
 * mapped by the server and that one client. All fields are in native byte order: the file never
 * leaves the node. {@code docs/transport.md} is the source of truth; this class implements it.
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+  0x000  HEADER
 *  |                       magic "JPMXRING" (int64)                |
 *  +---------------------------------------------------------------+  0x008
 *  |                       layout version (int32)                  |
 *  +---------------------------------------------------------------+  0x00C
 *  |              ring capacity, bytes, power of 2 (int32)         |
 *  +---------------------------------------------------------------+  0x010
 *  |                      file length (int64)                      |
 *  +---------------------------------------------------------------+  0x018
 *  |                        client id (int32)                      |
 *  +---------------------------------------------------------------+  0x01C .. 0x07F reserved (0)
 *  |                             ...                               |
 *  +---------------------------------------------------------------+  0x080  SERVER BLOCK (written by the server)
 *  |  asleep (int32, 1 = blocked on its socket)  | reserved (int32)|
 *  |                       pid (int64)                             |  0x088
 *  |          heartbeat, epoch ms (int64, changes every interval)  |  0x090
 *  +---------------------------------------------------------------+  0x098 .. 0x0FF reserved
 *  +---------------------------------------------------------------+  0x100  CLIENT BLOCK (written by the client)
 *  |  asleep (int32)                             | reserved (int32)|
 *  |                       pid (int64)                             |  0x108
 *  |                 heartbeat, epoch ms (int64)                   |  0x110
 *  +---------------------------------------------------------------+  0x118 .. 0x17F reserved
 *  |                                                               |  0x180  REQUEST RING, client -&gt; server
 *  |   Agrona OneToOneRingBuffer: capacity bytes + TRAILER_LENGTH  |
 *  |                                                               |
 *  +---------------------------------------------------------------+  0x180 + ring length
 *  |                                                               |  REPLY RING, server -&gt; client
 *  |   Agrona OneToOneRingBuffer: capacity bytes + TRAILER_LENGTH  |
 *  |                                                               |
 *  +---------------------------------------------------------------+  file length
 * </pre>
 *
 * <p>Each side's block sits on its own pair of cache lines so the two writers never share one.
 * The server writes the magic last, with release semantics, so a client that sees the magic sees
 * an initialised file. A reader checks magic, version, capacity and length before it trusts
 * anything else ({@link RingFile#attach}).
 */
final class RingFileDescriptor {
    /** "JPMXRING" read as a little-endian int64. */
    static final long MAGIC = 0x474E_4952_584D_504AL;
    /** Bump on any change to this layout or to the record formats in {@code docs/transport.md}. */
    static final int VERSION = 1;

    static final int MAGIC_OFFSET = 0;
    static final int VERSION_OFFSET = 8;
    static final int RING_CAPACITY_OFFSET = 12;
    static final int FILE_LENGTH_OFFSET = 16;
    static final int CLIENT_ID_OFFSET = 24;

    /** One side's block: two cache lines (adjacent-line prefetch pairs them). */
    static final int SIDE_BLOCK_LENGTH = 128;
    static final int SERVER_BLOCK_OFFSET = 128;
    static final int CLIENT_BLOCK_OFFSET = SERVER_BLOCK_OFFSET + SIDE_BLOCK_LENGTH;
    /** Field offsets inside a side block. */
    static final int ASLEEP_FIELD_OFFSET = 0;
    static final int PID_FIELD_OFFSET = 8;
    static final int HEARTBEAT_FIELD_OFFSET = 16;

    static final int CONTROL_BLOCK_LENGTH = CLIENT_BLOCK_OFFSET + SIDE_BLOCK_LENGTH;
    static final int REQUEST_RING_OFFSET = CONTROL_BLOCK_LENGTH;

    static final int MIN_RING_CAPACITY = 4096;
    /** Keeps the whole file under 2 GiB, the most one mapping holds. */
    static final int MAX_RING_CAPACITY = 1 << 28;

    private RingFileDescriptor() {
    }

    /** Bytes one ring occupies: its capacity plus Agrona's trailer (head, tail, counters). */
    static int ringLength(int capacity) {
        return capacity + TRAILER_LENGTH;
    }

    static int replyRingOffset(int capacity) {
        return REQUEST_RING_OFFSET + ringLength(capacity);
    }

    static int fileLength(int capacity) {
        return CONTROL_BLOCK_LENGTH + 2 * ringLength(capacity);
    }

    static boolean isValidCapacity(int capacity) {
        return capacity >= MIN_RING_CAPACITY && capacity <= MAX_RING_CAPACITY && Integer.bitCount(capacity) == 1;
    }
}
