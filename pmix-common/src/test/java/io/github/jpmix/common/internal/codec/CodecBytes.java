package io.github.jpmix.common.internal.codec;

import com.esotericsoftware.kryo.io.Output;
import java.nio.charset.StandardCharsets;

/** Builds payloads by hand, byte by byte, in the codec's encodings (docs/codec.md). */
final class CodecBytes {
    private final Output out = new Output(64, -1);

    static CodecBytes message(int id) {
        return new CodecBytes().uvar(id + 2);
    }

    CodecBytes uvar(int v) {
        out.writeVarInt(v, true);
        return this;
    }

    CodecBytes svar(int v) {
        out.writeVarInt(v, false);
        return this;
    }

    CodecBytes uvar64(long v) {
        out.writeVarLong(v, true);
        return this;
    }

    CodecBytes u8(int... bytes) {
        for (int b : bytes) {
            out.writeByte(b);
        }
        return this;
    }

    /** A string field: uvar (UTF-8 length + 1), the bytes. */
    CodecBytes str(String s) {
        return strBytes(s.getBytes(StandardCharsets.UTF_8));
    }

    /** A string field holding arbitrary (maybe invalid) bytes. */
    CodecBytes strBytes(byte[] utf8) {
        uvar(utf8.length + 1);
        out.writeBytes(utf8);
        return this;
    }

    CodecBytes raw(byte[] bytes) {
        out.writeBytes(bytes);
        return this;
    }

    CodecBytes repeat(int times, java.util.function.Consumer<CodecBytes> part) {
        for (int i = 0; i < times; i++) {
            part.accept(this);
        }
        return this;
    }

    byte[] build() {
        return out.toBytes();
    }
}
