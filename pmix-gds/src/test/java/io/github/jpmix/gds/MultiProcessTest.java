package io.github.jpmix.gds;

import static io.github.jpmix.gds.Jobs.array;
import static io.github.jpmix.gds.Jobs.info;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Value;
import io.github.jpmix.testing.Child;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Chronicle store read by other JVMs ({@link ChildReader}): cross-process reads, no half-registered
 * namespace, and a reader killed with SIGKILL in the middle of its read loop leaving no lock and
 * stalling nobody.
 */
class MultiProcessTest {
    @TempDir
    Path dir;

    private final List<Child> children = new ArrayList<>();
    private GdsStore store;

    @AfterEach
    void cleanUp() throws InterruptedException {
        for (Child c : children) {
            if (c.process.isAlive()) {
                c.close();
            }
        }
        if (store != null) {
            store.close();
        }
    }

    private Child child(String... args) throws IOException {
        Child c = ChildReader.start(dir, args);
        children.add(c);
        return c;
    }

    private Path session() {
        return dir.resolve("session");
    }

    /** Lines of a child until {@code last} (included) or its end. */
    private static List<String> linesUntil(Child out, String last) throws InterruptedException {
        return out.linesUntil(last, 120_000);
    }

    /** The last line; a JVM may print warnings first (JDK 25 about Unsafe and native access). */
    private static String last(List<String> lines) {
        return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
    }

    /** How many of the file's lock words are held (a reader that died holding one would show here). */
    private static int locksHeld(Path file) {
        try (MapFile m = MapFile.open(file)) {
            return m.locksHeld();
        }
    }

    @Test
    void shouldReadJobFactsAndPostedDataFromAnotherProcess() throws Exception {
        store = Gds.mappedStore(session(), Jobs.LOCAL);
        store.register(Registration.parse("job1", 4, Jobs.job1()));
        Proc r9 = new Proc("job1", 9);
        store.publishModex(Map.of(r9, Map.of("btl.addr", Value.ofString("v1"))));
        long gen = store.publishModex(Map.of(r9, Map.of("btl.addr", Value.ofString("v2"))));
        Child p = child("read", session().toString(), Jobs.LOCAL, Long.toString(gen), "job1", "9",
                Keys.NODEID.name(), Keys.HOSTNAME.name(), Keys.LOCAL_RANK.name(), Keys.JOB_SIZE.name(),
                Keys.APP_ARGV.name(), "modex:btl.addr");
        List<String> lines = linesUntil(p, "done");
        assertTrue(p.process.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.process.exitValue(), String.join("\n", lines));
        assertTrue(lines.contains(Keys.NODEID.name() + "=" + Value.ofUint32(77)), lines.toString());
        assertTrue(lines.contains(Keys.HOSTNAME.name() + "=" + Value.ofString("n2")), lines.toString());
        assertTrue(lines.contains(Keys.LOCAL_RANK.name() + "=" + Value.ofUint16(1)), lines.toString());
        assertTrue(lines.contains(Keys.JOB_SIZE.name() + "=" + Value.ofUint32(10)), lines.toString());
        assertTrue(lines.contains(Keys.APP_ARGV.name() + "=" + Value.ofString("./b")), lines.toString());
        assertTrue(lines.contains("modex:btl.addr=" + Value.ofString("v2")), lines.toString());
    }

    @Test
    void shouldNeverShowAHalfRegisteredNamespace() throws Exception {
        store = Gds.mappedStore(session(), Jobs.LOCAL);
        Child p = child("watch", session().toString(), Jobs.LOCAL, "big", "3000", "4");
        assertEquals("watching", last(linesUntil(p, "watching")));
        // the child polls for the namespace while it is written: 12,000 proc entries and the job id
        List<Info> infos = new ArrayList<>();
        for (int r = 0; r < 3000; r++) {
            List<Info> proc = new ArrayList<>();
            proc.add(info(Keys.RANK, r));
            for (int k = 0; k < 4; k++) {
                proc.add(Info.of("acme.k" + k, Value.ofInt(r * 1000 + k)));
            }
            infos.add(array(Keys.PROC_INFO_ARRAY, proc.toArray(new Info[0])));
        }
        infos.add(info(Keys.JOBID, "big"));
        Thread.sleep(200);
        store.register(Registration.parse("big", 0, infos));
        List<String> lines = linesUntil(p, "complete");
        assertTrue(p.process.waitFor(60, TimeUnit.SECONDS));
        assertTrue(last(lines).startsWith("complete 12000"), String.join("\n", lines));
        System.out.println("half-registration watcher: " + last(lines));
    }

    @Test
    void shouldPublishAndRegisterQuicklyAfterAReaderIsKilledMidRead() throws Exception {
        store = Gds.mappedStore(session(), Jobs.LOCAL);
        store.register(Registration.parse("job1", 4, Jobs.job1()));
        Proc r0 = new Proc("job1", 0);
        // a large value keeps the reader busy in the entry most of the time (decoding it): where a Chronicle
        // reader would hold the segment's read lock, which a SIGKILL left held for the next writer
        long gen = store.publishModex(Map.of(r0, Map.of("seq", Value.ofInt(1), "blob", Value.ofByteObject(new byte[256 * 1024]))));
        for (int attempt = 1; attempt <= 3; attempt++) {
            Child looper = child("loop", session().toString(), Jobs.LOCAL, Long.toString(gen), "job1",
                    Keys.JOB_SIZE.name());
            assertEquals("looping", last(linesUntil(looper, "looping")));
            Thread.sleep(300); // deep in its loop: most of its time is spent inside a segment's read lock
            looper.kill(); // SIGKILL
            assertTrue(looper.process.waitFor(10, TimeUnit.SECONDS));
            // readers take no lock (MapFile): the killed one left none
            assertEquals(0, locksHeld(StoreFiles.jobFile(session(), "job1")), "a lock of the job file is held");
            assertEquals(0, locksHeld(StoreFiles.modexFile(session(), gen)), "a lock of the modex file is held");
        }

        long t0 = System.nanoTime();
        Map<Proc, Map<String, Value>> next = new HashMap<>();
        next.put(r0, Map.of("seq", Value.ofInt(2)));
        long gen2 = store.publishModex(next);
        store.register(Registration.parse("job2", 2, Jobs.job2()));
        // the server's reader reads the very entries the dead reader was reading
        assertEquals(Value.ofUint32(10), store.reader().get(Proc.wildcard("job1"), Keys.JOB_SIZE.name(), List.of(), r0));
        assertEquals(Value.ofInt(2), store.reader().modex(r0, "seq"));
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        System.out.println("after SIGKILL of a reader: publish + register + reads took " + ms + " ms");
        assertTrue(ms < 5_000, "took " + ms + " ms: a dead reader's lock stalled the writer");

        Child fresh = child("read", session().toString(), Jobs.LOCAL, Long.toString(gen2), "job1", "0",
                Keys.JOB_SIZE.name(), "modex:seq");
        List<String> lines = linesUntil(fresh, "done");
        assertTrue(fresh.process.waitFor(60, TimeUnit.SECONDS));
        assertTrue(lines.contains("modex:seq=" + Value.ofInt(2)), lines.toString());
        assertTrue(lines.contains(Keys.JOB_SIZE.name() + "=" + Value.ofUint32(10)), lines.toString());
        Child other = child("read", session().toString(), Jobs.LOCAL, Long.toString(gen2), "job2", "2",
                Keys.HOSTNAME.name());
        lines = linesUntil(other, "done");
        assertTrue(other.process.waitFor(60, TimeUnit.SECONDS));
        assertTrue(lines.contains(Keys.HOSTNAME.name() + "=" + Value.ofString("n3")), lines.toString());
    }
}
