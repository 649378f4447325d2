package io.github.jpmix.common.internal.transport;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.util.Objects;
import java.util.Optional;

/**
 * Not API. A tool rendezvous file (RFC0010, {@code spec/rfc0010-tool-support.txt}): how a tool
 * finds a server. Names and the first five lines are those OpenPMIx 4.2.2 writes
 * ({@code pmix_base_write_rndz_file} in {@code src/mca/ptl/base/ptl_base_listener.c}); JPMIx adds
 * {@code key=value} lines after them, which OpenPMIx's reader (it reads the first two lines) ignores.
 * {@code docs/tools.md} is the source of truth for the format.
 *
 * <pre>
 * line 1  the server URI: {@code <nspace>.<rank>;unix:<socket path>}  (OpenPMIx: {@code ...;tcp4://ip:port})
 * line 2  the PMIx version, e.g. {@code 4.2.2}
 * line 3  the server's pid
 * line 4  its effective {@code uid:gid}
 * line 5  when it was written, as C's {@code ctime()} prints it, then an empty line (ctime's own newline)
 * then    {@code jpmix.start=<epoch ms>}: when the server process started, to tell a reused pid from the writer
 * </pre>
 *
 * @param uri the server URI (line 1)
 * @param version the PMIx version the server implements (line 2), empty if absent
 * @param pid the server's pid (line 3), 0 if absent
 * @param uid its effective uid (line 4), -1 if absent
 * @param gid its effective gid, -1 if absent
 * @param created line 5 as written, empty if absent
 * @param startMillis when the server process started (epoch ms), 0 if absent
 */
public record RendezvousFile(String uri, String version, long pid, long uid, long gid, String created, long startMillis) {
    /** A rendezvous file is a few hundred bytes; anything much larger is not one. */
    public static final int MAX_LENGTH = 64 * 1024;
    private static final String START = "jpmix.start=";
    private static final String[] DAYS = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
    private static final String[] MONTHS = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct",
        "Nov", "Dec"};
    /** Two readings of one process's start time may differ by clock rounding; a reused pid starts much later. */
    private static final long START_TOLERANCE_MILLIS = 1000;

    public RendezvousFile {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(created, "created");
    }

    // ---- names (OpenPMIx 4.2.2: "%s/pmix.sys.%s", "%s/pmix.%s.tool", "%s/pmix.%s.tool.%d", "%s/pmix.%s.tool.%s") ----

    /** The system-level rendezvous file of {@code host}, in the system tmpdir: {@code pmix.sys.<host>}. */
    public static String systemName(String host) {
        return "pmix.sys." + host;
    }

    /** The untagged session-level rendezvous file, in the server tmpdir: {@code pmix.<host>.tool}. */
    public static String sessionName(String host) {
        return "pmix." + host + ".tool";
    }

    /** The session-level file tagged with the server's pid: {@code pmix.<host>.tool.<pid>}. */
    public static String pidName(String host, long pid) {
        return sessionName(host) + "." + pid;
    }

    /** The session-level file tagged with the server's namespace: {@code pmix.<host>.tool.<nspace>}. */
    public static String nspaceName(String host, String nspace) {
        return sessionName(host) + "." + nspace;
    }

    /** Whether {@code fileName} is one of {@code host}'s session-level names (untagged or tagged). */
    public static boolean isSessionName(String fileName, String host) {
        String base = sessionName(host);
        return fileName.equals(base) || fileName.startsWith(base + ".") && fileName.length() > base.length() + 1;
    }

    /**
     * Whether a namespace can tag a file name: not empty, no {@code '/'} or NUL, not {@code "."} or
     * {@code ".."}.
     */
    public static boolean isFileNameSafe(String tag) {
        return !tag.isEmpty() && !tag.equals(".") && !tag.equals("..") && tag.indexOf('/') < 0 && tag.indexOf('\0') < 0;
    }

    /**
     * This node's name as servers and tools use it by default in rendezvous file names (and as
     * {@code PMIX_HOSTNAME}): the local host name, else {@code $HOSTNAME}, else {@code localhost}.
     */
    public static String defaultHostname() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            String env = System.getenv("HOSTNAME");
            return env != null && !env.isEmpty() ? env : "localhost";
        }
    }

    // ---- writing ----

    /** The file this process writes as a server reachable at {@code uri}. */
    public static RendezvousFile forThisProcess(String uri, String version, long uid, long gid) {
        ProcessHandle self = ProcessHandle.current();
        long start = self.info().startInstant().map(Instant::toEpochMilli).orElse(0L);
        String created = ctime(ZonedDateTime.now());
        return new RendezvousFile(uri, version, self.pid(), uid, gid, created, start);
    }

    /**
     * {@code t} in C's {@code ctime()} layout, as OpenPMIx writes the line: "Sat Nov  2 05:27:00 2025"
     * (the day padded to two places with a space). Built by hand: a {@code DateTimeFormatter} with day
     * and month names (or {@code String.format}) loads the JDK's CLDR locale data, 40-50 ms of CPU in
     * a fresh JVM, and a server writes this line while it starts.
     */
    static String ctime(ZonedDateTime t) {
        StringBuilder b = new StringBuilder(24);
        b.append(DAYS[t.getDayOfWeek().getValue() - 1]).append(' ').append(MONTHS[t.getMonthValue() - 1]).append(' ');
        if (t.getDayOfMonth() < 10) {
            b.append(' ');
        }
        b.append(t.getDayOfMonth()).append(' ');
        twoDigits(b, t.getHour()).append(':');
        twoDigits(b, t.getMinute()).append(':');
        twoDigits(b, t.getSecond()).append(' ');
        return b.append(t.getYear()).toString();
    }

    private static StringBuilder twoDigits(StringBuilder b, int v) {
        return b.append((char) ('0' + v / 10)).append((char) ('0' + v % 10));
    }

    /** The file's bytes (UTF-8). */
    public byte[] toBytes() {
        StringBuilder b = new StringBuilder();
        b.append(uri).append('\n');
        b.append(version).append('\n');
        b.append(pid).append('\n');
        b.append(uid).append(':').append(gid).append('\n');
        b.append(created).append("\n\n");
        if (startMillis != 0) {
            b.append(START).append(startMillis).append('\n');
        }
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    // ---- reading ----

    /**
     * Parses a rendezvous file's text. Only line 1 is required (a file a user wrote by hand, e.g.
     * for {@code PMIX_TOOL_ATTACHMENT_FILE}, may hold just the URI); the other lines, when present,
     * must be well formed.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} naming what is wrong
     */
    public static RendezvousFile parse(String text) {
        String[] lines = text.split("\n", -1);
        String uri = lines[0].strip();
        if (uri.isEmpty()) {
            throw new PmixException(Status.ERR_BAD_PARAM, "rendezvous file: the first line (the server URI) is empty");
        }
        ServerUri.proc(uri); // rejects a line that is not a URI
        String version = lines.length > 1 ? lines[1].strip() : "";
        long pid = 0;
        if (lines.length > 2 && !lines[2].isBlank()) {
            pid = number(lines[2], "pid (line 3)");
            if (pid <= 0) {
                throw new PmixException(Status.ERR_BAD_PARAM, "rendezvous file: pid (line 3) is not positive: " + lines[2]);
            }
        }
        long uid = -1;
        long gid = -1;
        if (lines.length > 3 && !lines[3].isBlank()) {
            String[] ids = lines[3].strip().split(":", -1);
            if (ids.length != 2) {
                throw new PmixException(Status.ERR_BAD_PARAM, "rendezvous file: line 4 is not uid:gid: " + lines[3]);
            }
            uid = number(ids[0], "uid (line 4)");
            gid = number(ids[1], "gid (line 4)");
        }
        String created = lines.length > 4 ? lines[4].strip() : "";
        long start = 0;
        for (int i = 5; i < lines.length; i++) {
            String l = lines[i].strip();
            if (l.startsWith(START)) {
                start = number(l.substring(START.length()), START + " (line " + (i + 1) + ")");
            }
        }
        return new RendezvousFile(uri, version, pid, uid, gid, created, start);
    }

    private static long number(String text, String what) {
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw new PmixException(Status.ERR_BAD_PARAM, "rendezvous file: " + what + " is not a number: '" + text.strip() + "'");
        }
    }

    /**
     * Reads and parses a rendezvous file. A symbolic link, a directory or a file larger than
     * {@link #MAX_LENGTH} is not a rendezvous file.
     *
     * @throws PmixException {@link Status#ERR_NOT_FOUND} if it does not exist,
     *     {@link Status#ERR_FILE_READ_FAILURE} if it cannot be read (e.g. no permission),
     *     {@link Status#ERR_BAD_PARAM} if it is not a rendezvous file
     */
    public static RendezvousFile read(Path file) {
        return parse(new String(readBytes(file), StandardCharsets.UTF_8));
    }

    /** The bytes of a file that may be a rendezvous file, with the checks of {@link #read}. */
    public static byte[] readBytes(Path file) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            throw new PmixException(Status.ERR_NOT_FOUND, "rendezvous file " + file + " does not exist");
        } catch (IOException e) {
            throw new PmixException(Status.ERR_FILE_READ_FAILURE, "cannot read rendezvous file " + file + ": " + e, e);
        }
        if (!attributes.isRegularFile()) {
            throw new PmixException(Status.ERR_BAD_PARAM, file + " is not a rendezvous file: not a regular file");
        }
        try (InputStream in = Files.newInputStream(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            byte[] bytes = in.readNBytes(MAX_LENGTH + 1);
            if (bytes.length > MAX_LENGTH) {
                throw new PmixException(Status.ERR_BAD_PARAM, file + " is not a rendezvous file: larger than " + MAX_LENGTH + " bytes");
            }
            return bytes;
        } catch (NoSuchFileException e) {
            throw new PmixException(Status.ERR_NOT_FOUND, "rendezvous file " + file + " does not exist");
        } catch (IOException e) {
            throw new PmixException(Status.ERR_FILE_READ_FAILURE, "cannot read rendezvous file " + file + ": " + e, e);
        }
    }

    // ---- what it says ----

    /** The server's identity ({@code <nspace>.<rank>} of the URI). */
    public Proc serverProc() {
        return ServerUri.proc(uri);
    }

    /**
     * Whether the process that wrote the file still runs: its pid is alive and, when the file
     * records the process's start time, the process with that pid started then (not a reused pid).
     * False when the file names no pid.
     */
    public boolean isWriterAlive() {
        if (pid <= 0) {
            return false;
        }
        Optional<ProcessHandle> p = ProcessHandle.of(pid);
        if (p.isEmpty() || !p.get().isAlive()) {
            return false;
        }
        if (startMillis == 0) {
            return true;
        }
        Optional<Instant> started = p.get().info().startInstant();
        // without a readable start time (e.g. hidden /proc), a live pid is all we know
        return started.isEmpty() || Math.abs(started.get().toEpochMilli() - startMillis) <= START_TOLERANCE_MILLIS;
    }
}
