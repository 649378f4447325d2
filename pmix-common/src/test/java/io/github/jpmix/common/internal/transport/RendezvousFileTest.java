package io.github.jpmix.common.internal.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The tool rendezvous file: OpenPMIx 4.2.2's names and lines, JPMIx's extra line, and what a reader rejects. */
class RendezvousFileTest {
    @TempDir
    Path tmp;

    @Test
    void shouldNameFilesAsOpenPmixDoes() {
        assertEquals("pmix.sys.node0", RendezvousFile.systemName("node0"));
        assertEquals("pmix.node0.tool", RendezvousFile.sessionName("node0"));
        assertEquals("pmix.node0.tool.123", RendezvousFile.pidName("node0", 123));
        assertEquals("pmix.node0.tool.job-1", RendezvousFile.nspaceName("node0", "job-1"));
    }

    @ParameterizedTest(name = "{0} is a session name of node0: {1}")
    @CsvSource({
        "pmix.node0.tool, true",
        "pmix.node0.tool.123, true",
        "pmix.node0.tool.srv.a, true",
        "pmix.node0.tool., false",
        "pmix.node0.toolbox, false",
        "pmix.node01.tool, false",
        "pmix.node0.tool.tmp, true",
        ".pmix.node0.tool.123.tmp.9.1, false",
        "pmix.sys.node0, false"})
    void shouldRecognizeSessionNamesExactly(String name, boolean expected) {
        assertEquals(expected, RendezvousFile.isSessionName(name, "node0"));
    }

    @Test
    void shouldWriteOpenPmixLinesThenItsStartTime() {
        RendezvousFile f = RendezvousFile.forThisProcess("srv.0;unix:/tmp/x/tool.sock", "4.2.2", 1000, 100);
        String text = new String(f.toBytes(), StandardCharsets.UTF_8);
        String[] lines = text.split("\n", -1);
        assertEquals("srv.0;unix:/tmp/x/tool.sock", lines[0]);
        assertEquals("4.2.2", lines[1]);
        assertEquals(Long.toString(ProcessHandle.current().pid()), lines[2]);
        assertEquals("1000:100", lines[3]);
        assertTrue(lines[4].matches("[A-Z][a-z]{2} [A-Z][a-z]{2} [ 123]\\d \\d\\d:\\d\\d:\\d\\d \\d{4}"), lines[4]);
        assertEquals("", lines[5]);
        assertTrue(lines[6].startsWith("jpmix.start="), lines[6]);
        assertEquals(f, RendezvousFile.parse(text));
        assertEquals(new Proc("srv", 0), f.serverProc());
        assertTrue(f.isWriterAlive());
    }

    /** The ctime line built by hand is the layout OpenPMIx writes, for every weekday, month and padding. */
    @Test
    void shouldWriteTheCreationTimeInCtimeLayout() {
        DateTimeFormatter ctime = DateTimeFormatter.ofPattern("EEE MMM ppd HH:mm:ss yyyy", Locale.US);
        ZonedDateTime t = ZonedDateTime.of(2025, 1, 1, 0, 0, 0, 0, ZoneId.of("UTC"));
        for (int i = 0; i < 400; i++, t = t.plusDays(1).plusHours(5).plusMinutes(7).plusSeconds(11)) {
            assertEquals(ctime.format(t), RendezvousFile.ctime(t));
        }
        assertEquals("Sat Nov  2 05:07:09 2024", RendezvousFile.ctime(ZonedDateTime.of(2024, 11, 2, 5, 7, 9, 0, ZoneId.of("UTC"))));
    }

    @Test
    void shouldReadWhatOpenPmixWrites() {
        // pmix_base_write_rndz_file of OpenPMIx 4.2.2 (the Debian build's PMIX_VERSION is 4.2.2rc2)
        RendezvousFile f = RendezvousFile.parse("prterun-node0-4242@0.0;tcp4://127.0.0.1:37019\n4.2.2rc2\n4242\n1000:1000\n"
                + "Sat Nov 22 05:27:00 2025\n\n");
        assertEquals(new Proc("prterun-node0-4242@0", 0), f.serverProc());
        assertEquals("4.2.2rc2", f.version());
        assertEquals(4242, f.pid());
        assertEquals(1000, f.uid());
        assertEquals(0, f.startMillis());
        // a hand-written attachment file: just the URI
        RendezvousFile minimal = RendezvousFile.parse("srv.3;unix:/s\n");
        assertEquals(new Proc("srv", 3), minimal.serverProc());
        assertEquals(0, minimal.pid());
        assertFalse(minimal.isWriterAlive());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "empty first line|\\n4.2.2\\n1\\n",
        "not a URI|hello world\\n",
        "no rank|srv;unix:/s\\n",
        "pid not a number|srv.0;unix:/s\\n4.2.2\\nabc\\n",
        "pid not positive|srv.0;unix:/s\\n4.2.2\\n-3\\n",
        "ids not uid:gid|srv.0;unix:/s\\n4.2.2\\n12\\n1000\\n",
        "start not a number|srv.0;unix:/s\\n4.2.2\\n12\\n0:0\\nx\\n\\njpmix.start=soon\\n"})
    void shouldRejectWhatIsNotARendezvousFile(String what, String text) {
        PmixException e = assertThrows(PmixException.class, () -> RendezvousFile.parse(text.replace("\\n", "\n")), what);
        assertEquals(Status.ERR_BAD_PARAM, e.status(), what);
    }

    @Test
    void shouldReadOnlyRegularFilesOfSensibleSize() throws Exception {
        Path real = tmp.resolve("real");
        Files.writeString(real, "srv.0;unix:/s\n4.2.2\n1\n0:0\n");
        assertEquals(1, RendezvousFile.read(real).pid());
        Path link = Files.createSymbolicLink(tmp.resolve("link"), real);
        assertEquals(Status.ERR_BAD_PARAM, assertThrows(PmixException.class, () -> RendezvousFile.read(link)).status());
        assertEquals(Status.ERR_BAD_PARAM, assertThrows(PmixException.class, () -> RendezvousFile.read(tmp)).status());
        assertEquals(Status.ERR_NOT_FOUND, assertThrows(PmixException.class, () -> RendezvousFile.read(tmp.resolve("none"))).status());
        Path big = tmp.resolve("big");
        Files.write(big, new byte[RendezvousFile.MAX_LENGTH + 1]);
        assertEquals(Status.ERR_BAD_PARAM, assertThrows(PmixException.class, () -> RendezvousFile.read(big)).status());
    }

    @Test
    void shouldTellALiveWriterFromADeadOrReusedPid() throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor(30, TimeUnit.SECONDS);
        assertFalse(new RendezvousFile("s.0;unix:/s", "", p.pid(), 0, 0, "", 0).isWriterAlive());
        long self = ProcessHandle.current().pid();
        long started = ProcessHandle.current().info().startInstant().orElseThrow().toEpochMilli();
        assertTrue(new RendezvousFile("s.0;unix:/s", "", self, 0, 0, "", started).isWriterAlive());
        // the same pid, started an hour later than the writer: a reused pid
        assertFalse(new RendezvousFile("s.0;unix:/s", "", self, 0, 0, "", started - 3_600_000).isWriterAlive());
    }

    @Test
    void shouldSplitServerUrisAtTheLastDotBeforeTheSemicolon() {
        assertEquals(new Proc("a.b.c", 3), ServerUri.proc("a.b.c.3;unix:/x.y/z.sock"));
        assertEquals(Status.ERR_BAD_PARAM, assertThrows(PmixException.class, () -> ServerUri.proc("abc;unix:/x")).status());
        assertEquals(Status.ERR_BAD_PARAM, assertThrows(PmixException.class, () -> ServerUri.proc("abc.;unix:/x")).status());
        assertEquals(Status.ERR_BAD_PARAM, assertThrows(PmixException.class, () -> ServerUri.proc(".1;unix:/x")).status());
        assertEquals(Status.ERR_BAD_PARAM, assertThrows(PmixException.class, () -> ServerUri.proc("a.1")).status());
    }
}
