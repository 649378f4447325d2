package io.github.jpmix.common.internal.bfrops;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The framed messages of the byte captures of spec {@code openpmix-wire-4.2.2.md}
 * ({@code openpmix-wire-4.2.2/dumps/decoded_*.txt}, copied under this package's test resources):
 * each request, reply and unsolicited message with its tag and payload (the 16-byte header
 * stripped after checking its length field). The connect exchange is not bfrops and is skipped.
 */
final class WireDumps {
    static final List<String> FILES = List.of("decoded_hash_rank0.txt", "decoded_ompi_rank0.txt", "decoded_abort.txt",
            "decoded_notify_rank0.txt", "decoded_notify_rank1.txt");

    /** What kind of message, as the dump's heading says. */
    enum Kind {
        REQUEST, REPLY, UNSOLICITED
    }

    /**
     * One framed message.
     *
     * @param file the dump it comes from
     * @param kind request, reply or unsolicited
     * @param tag the header's tag
     * @param command the request's command ({@code pmix_cmd_t}); for a reply, its request's
     * @param payload the bytes after the header
     */
    record Message(String file, Kind kind, int tag, int command, byte[] payload) {
        @Override
        public String toString() {
            return file.replace("decoded_", "").replace(".txt", "") + " " + kind + " tag " + tag + " cmd " + command
                    + " (" + payload.length + " bytes)";
        }
    }

    private static final Pattern REQUEST = Pattern.compile("^== REQUEST tag=(\\d+) (\\w+), payload (\\d+) bytes");
    private static final Pattern REPLY = Pattern.compile("^-- REPLY tag=(\\d+), payload (\\d+) bytes");
    private static final Pattern UNSOLICITED = Pattern.compile("^== UNSOLICITED .* on tag (\\d+) .*, payload (\\d+) bytes");
    private static final Pattern HEX_LINE = Pattern.compile("^    [0-9a-f]{4}  (.{1,47})");

    private WireDumps() {
    }

    static List<Message> all() {
        List<Message> out = new ArrayList<>();
        for (String f : FILES) {
            out.addAll(read(f));
        }
        return out;
    }

    static List<Message> read(String file) {
        List<Message> out = new ArrayList<>();
        int[] commandOfTag = new int[1 << 16];
        Kind kind = null;
        int tag = -1;
        int command = -1;
        int length = -1;
        ByteArrayOutputStream bytes = null;
        for (String line : lines(file)) {
            Matcher m;
            if (line.startsWith("==") || line.startsWith("--")) {
                if (bytes != null) {
                    out.add(message(file, kind, tag, command, length, bytes.toByteArray()));
                    bytes = null;
                }
                if ((m = REQUEST.matcher(line)).find()) {
                    kind = Kind.REQUEST;
                    tag = Integer.parseInt(m.group(1));
                    length = Integer.parseInt(m.group(3));
                    command = -1; // read from the payload
                    bytes = new ByteArrayOutputStream();
                } else if ((m = REPLY.matcher(line)).find()) {
                    kind = Kind.REPLY;
                    tag = Integer.parseInt(m.group(1));
                    length = Integer.parseInt(m.group(2));
                    command = commandOfTag[tag];
                    bytes = new ByteArrayOutputStream();
                } else if ((m = UNSOLICITED.matcher(line)).find()) {
                    kind = Kind.UNSOLICITED;
                    tag = Integer.parseInt(m.group(1));
                    length = Integer.parseInt(m.group(2));
                    command = -1;
                    bytes = new ByteArrayOutputStream();
                }
                continue;
            }
            if (bytes != null && (m = HEX_LINE.matcher(line)).find()) {
                for (String h : m.group(1).trim().split(" +")) {
                    bytes.write(Integer.parseInt(h, 16));
                }
            }
            if (bytes != null && kind == Kind.REQUEST && bytes.size() >= 18 && command < 0) {
                command = bytes.toByteArray()[17] & 0xFF; // "02 <cmd>" right after the header
                commandOfTag[tag] = command;
            }
        }
        if (bytes != null) {
            out.add(message(file, kind, tag, command, length, bytes.toByteArray()));
        }
        return out;
    }

    private static Message message(String file, Kind kind, int tag, int command, int length, byte[] framed) {
        ByteBuffer header = ByteBuffer.wrap(framed, 0, 16);
        int nbytes = header.getInt(8); // big-endian after the handshake (spec section 2.1)
        if (framed.length != 16 + length || nbytes != length || header.getInt(4) != tag) {
            throw new IllegalStateException(file + " tag " + tag + ": header says " + nbytes + " bytes, tag "
                    + header.getInt(4) + "; the dump has " + (framed.length - 16) + ", heading " + length);
        }
        int cmd = kind == Kind.UNSOLICITED ? framed[17] & 0xFF : command;
        byte[] payload = new byte[length];
        System.arraycopy(framed, 16, payload, 0, length);
        return new Message(file, kind, tag, cmd, payload);
    }

    private static List<String> lines(String file) {
        try (InputStream in = WireDumps.class.getResourceAsStream("dumps/" + file)) {
            if (in == null) {
                throw new IllegalStateException("no test resource dumps/" + file);
            }
            return List.of(new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n"));
        } catch (IOException e) {
            throw new IllegalStateException(file, e);
        }
    }
}
