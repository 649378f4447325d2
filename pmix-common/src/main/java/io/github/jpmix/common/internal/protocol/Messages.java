package io.github.jpmix.common.internal.protocol;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.codec.Codec;
import io.github.jpmix.common.internal.codec.CodecOptions;
import java.util.List;
import org.agrona.DirectBuffer;

/** Not API. Encodes and decodes requests ({@code op byte + List<Info>}) and replies ({@code List<Info>}). */
public final class Messages {
    private Messages() {
    }

    /** A request: the opcode, then the infos (fields first, by convention). */
    public static byte[] request(byte op, List<Info> infos) {
        byte[] body = Codec.local().encode(infos);
        byte[] out = new byte[body.length + 1];
        out[0] = op;
        System.arraycopy(body, 0, out, 1, body.length);
        return out;
    }

    /** The opcode of a request in a buffer. */
    public static int op(DirectBuffer buffer, int offset, int length) {
        if (length < 1) {
            throw new PmixException(Status.ERR_BAD_PARAM, "protocol: empty request");
        }
        return buffer.getByte(offset);
    }

    /** The infos of a request in a buffer, decoded in place. */
    public static List<Info> requestInfos(DirectBuffer buffer, int offset, int length) {
        return Codec.local().decodeInfos(buffer, offset + 1, length - 1);
    }

    /** A reply (or a handshake message): the infos. */
    public static byte[] reply(List<Info> infos) {
        return Codec.local().encode(infos);
    }

    /**
     * The infos of a handshake (HELLO) payload, decoded with tight limits: a hello is a few infos
     * (namespace, rank, pid, a tool's ids), and anyone who may connect can send one, so its decode
     * on the server's conductor thread must neither allocate much nor take long, whatever it claims
     * (a 22-byte array of four million {@code UNDEF}s is refused before anything is made).
     */
    public static List<Info> helloInfos(byte[] hello) {
        return HELLO_CODEC.get().decodeInfos(hello);
    }

    /** Elements (infos, array elements) a hello may hold, summed over its decode. */
    public static final int HELLO_MAX_ELEMENTS = 256;
    /** Bytes of strings and byte arrays a hello may hold. */
    public static final int HELLO_MAX_BYTES = 16 * 1024;
    private static final ThreadLocal<Codec> HELLO_CODEC = ThreadLocal.withInitial(() -> new Codec(new CodecOptions()
            .maxElements(HELLO_MAX_ELEMENTS).maxBytes(HELLO_MAX_BYTES).maxDepth(4)));

    /** The infos of a reply. */
    public static List<Info> replyInfos(byte[] reply) {
        return Codec.local().decodeInfos(reply);
    }
}
