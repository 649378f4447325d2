package io.github.jpmix.common.internal;

import com.esotericsoftware.kryo.io.Output;
import java.nio.charset.StandardCharsets;

/** Builds payloads by hand, byte by byte, in the codec's encodings (docs/codec.md). */
final class WireBytes {
    private final Output out = new Output(64, -1);

    static WireBytes message(int id) {
        return new WireBytes().uvar(id + 2);
    }

    WireBytes uvar(int v) {
        out.writeVarInt(v, true);
        return this;
    }

    WireBytes svar(int v) {
        out.writeVarInt(v, false);
        return this;
    }

    WireBytes uvar64(long v) {
        out.writeVarLong(v, true);
        return this;
    }

    WireBytes u8(int... bytes) {
        for (int b : bytes) {
            out.writeByte(b);
        }
        return this;
    }

    /** A string field: uvar (UTF-8 length + 1), the bytes. */
    WireBytes str(String s) {
        return strBytes(s.getBytes(StandardCharsets.UTF_8));
    }

    /** A string field holding arbitrary (maybe invalid) bytes. */
    WireBytes strBytes(byte[] utf8) {
        uvar(utf8.length + 1);
        out.writeBytes(utf8);
        return this;
    }

    WireBytes raw(byte[] bytes) {
        out.writeBytes(bytes);
        return this;
    }

    WireBytes repeat(int times, java.util.function.Consumer<WireBytes> part) {
        for (int i = 0; i < times; i++) {
            part.accept(this);
        }
        return this;
    }

    byte[] build() {
        return out.toBytes();
    }
}
