package io.github.jpmix.server.internal.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class OutputPumpTest {
    /** Records each write the pump makes: a write is one line (or one piece of a long one). */
    private static final class Writes extends PrintStream {
        final List<String> writes = new ArrayList<>();

        Writes() {
            super(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        }

        @Override
        public void write(byte[] buf, int off, int len) {
            writes.add(new String(buf, off, len, StandardCharsets.ISO_8859_1));
        }
    }

    @Test
    void shouldWriteWholeLinesWhateverPiecesTheyComeIn() throws Exception {
        PipedOutputStream child = new PipedOutputStream();
        InputStream in = new PipedInputStream(child, 65536);
        Writes out = new Writes();
        Thread pump = OutputPump.start("test-pump", in, out, "[3] ");
        for (String piece : List.of("one", " line\ntwo\nthr", "ee", "\n", "\n", "no newline")) {
            child.write(piece.getBytes(StandardCharsets.UTF_8));
            child.flush();
            Thread.sleep(5);
        }
        child.close();
        pump.join(10_000);
        assertEquals(List.of("[3] one line\n", "[3] two\n", "[3] three\n", "[3] \n", "[3] no newline\n"), out.writes);
    }

    @Test
    void shouldPassBytesUntouchedAndCutOverlongLines() throws IOException, InterruptedException {
        byte[] data = new byte[OutputPump.MAX_LINE * 2 + 10];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (0x80 + i % 64); // not UTF-8 text
        }
        data[data.length - 1] = '\n';
        Writes out = new Writes();
        new OutputPump(new java.io.ByteArrayInputStream(data), out, "").run();
        assertEquals(List.of(OutputPump.MAX_LINE, OutputPump.MAX_LINE, 10), out.writes.stream().map(String::length).toList());
        assertEquals(new String(data, StandardCharsets.ISO_8859_1), String.join("", out.writes));
    }
}
