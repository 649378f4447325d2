package io.github.jpmix.common.internal.protocol;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.codec.Codec;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Not API. Posted data of several processes as bytes: frames of a little-endian {@code int32}
 * length and a codec {@code List<Info>}, the proc (field {@link MessageKeys#TARGET}) followed by its
 * posted infos. Frames concatenate: what a host's {@code fence} and {@code directModex} carry (one
 * node's contribution, or every node's), and the unpublished modex data a fence release carries
 * ({@link MessageKeys#MODEX_UNPUBLISHED}, docs/gds.md "Generations").
 */
public final class ModexFrames {
    /** One process's frame, decoded. */
    public record Frame(Proc proc, List<Info> infos) {
    }

    private ModexFrames() {
    }

    /** The frames of {@code data}, one per process, in the map's order. */
    public static byte[] encode(Map<Proc, List<Info>> data) {
        List<byte[]> frames = new ArrayList<>(data.size());
        int total = 0;
        for (Map.Entry<Proc, List<Info>> e : data.entrySet()) {
            List<Info> infos = new ArrayList<>(e.getValue().size() + 1);
            infos.add(Info.of(MessageKeys.TARGET, Value.ofProc(e.getKey())));
            infos.addAll(e.getValue());
            byte[] frame = Codec.local().encode(infos);
            frames.add(frame);
            total += 4 + frame.length;
        }
        ByteBuffer out = ByteBuffer.allocate(total).order(ByteOrder.LITTLE_ENDIAN);
        for (byte[] f : frames) {
            out.putInt(f.length).put(f);
        }
        return out.array();
    }

    /**
     * Decodes concatenated frames; the infos of each exclude the {@code TARGET} field.
     *
     * @throws PmixException {@link Status#ERR_UNPACK_FAILURE} for bytes that are not frames
     */
    public static List<Frame> decode(byte[] frames) {
        List<Frame> out = new ArrayList<>();
        UnsafeBuffer buffer = new UnsafeBuffer(frames);
        ByteBuffer in = ByteBuffer.wrap(frames).order(ByteOrder.LITTLE_ENDIAN);
        while (in.hasRemaining()) {
            if (in.remaining() < 4) {
                throw new PmixException(Status.ERR_UNPACK_FAILURE, "modex: truncated frame header at " + in.position());
            }
            int length = in.getInt();
            if (length < 0 || length > in.remaining()) {
                throw new PmixException(Status.ERR_UNPACK_FAILURE,
                        "modex: frame of " + length + " bytes at " + (in.position() - 4) + " overruns the data");
            }
            List<Info> infos = Codec.local().decodeInfos(buffer, in.position(), length);
            in.position(in.position() + length);
            Proc proc = MessageKeys.require(infos, MessageKeys.TARGET).asProc();
            List<Info> posted = new ArrayList<>(infos.size());
            for (Info i : infos) {
                if (!MessageKeys.isField(i)) {
                    posted.add(i);
                }
            }
            out.add(new Frame(proc, posted));
        }
        return out;
    }
}
