package io.github.jpmix.common.internal.transport;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Not API. The constants of the transport's wire formats, socket and ring, as
 * {@code docs/transport.md} (the source of truth) defines them, and the handshake frame codec.
 * Socket frames are big-endian; ring records are in native order.
 */
public final class Protocol {
    // ---- socket: handshake frames -------------------------------------------------------------
    /** "JPMX" */
    public static final int MAGIC = 0x4A504D58;
    /** Transport protocol version; the server rejects any other with ERR_NOT_SUPPORTED. */
    public static final short VERSION = 1;
    public static final short KIND_HELLO = 1;
    public static final short KIND_ACCEPT = 2;
    public static final short KIND_REJECT = 3;
    /** Cap on the server's handshake reply and on a reject message. */
    public static final int MAX_HANDSHAKE_LENGTH = 64 * 1024;
    /**
     * Cap on the client's HELLO payload: a few infos (namespace, rank, pid, a tool's ids). Small, as
     * anyone who may connect (every local user, on the tool socket) can send one.
     */
    public static final int MAX_HELLO_LENGTH = 16 * 1024;
    public static final int MAX_RING_NAME_LENGTH = 255;

    /** magic(4) version(2) kind(2) maxMessageLength(4) pid(8) payloadLength(4) */
    public static final int HELLO_HEADER_LENGTH = 24;
    public static final int HELLO_MAX_MESSAGE_LENGTH_OFFSET = 8;
    public static final int HELLO_PID_OFFSET = 12;
    public static final int HELLO_PAYLOAD_LENGTH_OFFSET = 20;

    /** magic(4) version(2) kind(2) status(4) clientId(4) maxMessageLength(4) nameLength(4) dataLength(4) */
    public static final int REPLY_HEADER_LENGTH = 28;

    // ---- socket: single bytes after the handshake ---------------------------------------------
    /** "Your ring has something for you": sent only when the peer's asleep flag is set. */
    public static final byte DOORBELL = 1;
    /** "I am closing on purpose": sent just before an orderly close. */
    public static final byte GOODBYE = 2;

    // ---- ring records (Agrona msgTypeId and the record body) ----------------------------------
    /** A whole message: correlationId(4) flags(4) payload. */
    public static final int RECORD_MESSAGE = 1;
    /** One fragment of a message too large for one record: FRAGMENT_HEADER_LENGTH header + chunk. */
    public static final int RECORD_FRAGMENT = 2;
    /** The sender gave up on a fragmented message: messageId(4) reserved(4). */
    public static final int RECORD_ABORT = 3;

    public static final int MESSAGE_CORRELATION_OFFSET = 0;
    public static final int MESSAGE_FLAGS_OFFSET = 4;
    public static final int MESSAGE_HEADER_LENGTH = 8;

    public static final int FRAGMENT_MESSAGE_ID_OFFSET = 0;
    public static final int FRAGMENT_INDEX_OFFSET = 4;
    public static final int FRAGMENT_TOTAL_LENGTH_OFFSET = 8;
    public static final int FRAGMENT_CORRELATION_OFFSET = 12;
    public static final int FRAGMENT_FLAGS_OFFSET = 16;
    public static final int FRAGMENT_HEADER_LENGTH = 24;

    public static final int ABORT_LENGTH = 8;

    /** Message flags. REQUEST: the sender waits for a reply with the same correlation id. */
    public static final int FLAG_REQUEST = 1;
    /** A reply to the request with this correlation id. */
    public static final int FLAG_REPLY = 2;
    /** With FLAG_REPLY: the request failed; the payload is status(4, native) + UTF-8 message. */
    public static final int FLAG_ERROR = 4;

    /** The longest socket path Linux accepts (sun_path is 108 bytes with the terminating NUL). */
    public static final int MAX_SOCKET_PATH_BYTES = 107;

    private Protocol() {
    }

    public static ByteBuffer encodeHello(int maxMessageLength, long pid, byte[] payload) {
        ByteBuffer b = ByteBuffer.allocate(HELLO_HEADER_LENGTH + payload.length);
        b.putInt(MAGIC).putShort(VERSION).putShort(KIND_HELLO).putInt(maxMessageLength).putLong(pid)
                .putInt(payload.length).put(payload);
        return b.flip();
    }

    public static ByteBuffer encodeAccept(int clientId, int maxMessageLength, String ringName, byte[] reply) {
        byte[] name = ringName.getBytes(StandardCharsets.UTF_8);
        return encodeReply(KIND_ACCEPT, 0, clientId, maxMessageLength, name, reply);
    }

    public static ByteBuffer encodeReject(int status, String message) {
        byte[] text = message.getBytes(StandardCharsets.UTF_8);
        if (text.length > MAX_HANDSHAKE_LENGTH) {
            text = java.util.Arrays.copyOf(text, MAX_HANDSHAKE_LENGTH);
        }
        return encodeReply(KIND_REJECT, status, 0, 0, new byte[0], text);
    }

    private static ByteBuffer encodeReply(short kind, int status, int clientId, int maxMessageLength, byte[] name,
            byte[] data) {
        ByteBuffer b = ByteBuffer.allocate(REPLY_HEADER_LENGTH + name.length + data.length);
        b.putInt(MAGIC).putShort(VERSION).putShort(kind).putInt(status).putInt(clientId).putInt(maxMessageLength)
                .putInt(name.length).putInt(data.length).put(name).put(data);
        return b.flip();
    }

    /** Whether a ring file name from a handshake reply is a plain file name (no path tricks). */
    public static boolean isPlainFileName(String name) {
        return !name.isEmpty() && name.length() <= MAX_RING_NAME_LENGTH && name.matches("[A-Za-z0-9][A-Za-z0-9._-]*");
    }

    public static void checkSocketPath(Path path, int statusIfBad) {
        int bytes = path.toString().getBytes(StandardCharsets.UTF_8).length;
        if (bytes > MAX_SOCKET_PATH_BYTES) {
            throw new PmixException(statusIfBad, "socket path " + path + " is " + bytes
                    + " bytes long; a Unix socket path holds at most " + MAX_SOCKET_PATH_BYTES);
        }
    }

    /**
     * Reads until {@code buffer} is full from a non-blocking channel registered for reading with
     * {@code selector} (its only key).
     *
     * @return false on end of stream before the buffer was full
     * @throws PmixException {@link Status#ERR_TIMEOUT} at the deadline
     */
    public static boolean readFully(SocketChannel channel, Selector selector, ByteBuffer buffer, long deadlineNs,
            String what) throws IOException {
        while (buffer.hasRemaining()) {
            int n = channel.read(buffer);
            if (n < 0) {
                return false;
            }
            if (n == 0) {
                long left = deadlineNs - System.nanoTime();
                if (left <= 0) {
                    throw new PmixException(Status.ERR_TIMEOUT, what + " timed out");
                }
                selector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
                selector.selectedKeys().clear();
            }
        }
        return true;
    }

    /** Registers {@code channel} (made non-blocking) for reading on {@code selector}. */
    public static SelectionKey registerForRead(SocketChannel channel, Selector selector) throws IOException {
        channel.configureBlocking(false);
        return channel.register(selector, SelectionKey.OP_READ);
    }
}
