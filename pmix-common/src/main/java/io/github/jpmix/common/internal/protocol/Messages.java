package io.github.jpmix.common.internal.protocol;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.codec.Codec;
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

    /** The infos of a reply. */
    public static List<Info> replyInfos(byte[] reply) {
        return Codec.local().decodeInfos(reply);
    }
}
