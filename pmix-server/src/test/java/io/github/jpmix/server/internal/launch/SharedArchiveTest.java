package io.github.jpmix.server.internal.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link SharedArchive}: one archive per JDK and jar set, made once, and only ever a matter of speed. */
class SharedArchiveTest {
    @TempDir
    Path dir;

    @Test
    void theNameIsPerJdkAndPerJarSet() throws IOException {
        Path a = Files.writeString(dir.resolve("a.jar"), "a");
        Path b = Files.writeString(dir.resolve("b.jar"), "b");
        String cp = a + File.pathSeparator + b;
        String name = SharedArchive.archiveName(cp);
        assertNotNull(name);
        assertTrue(name.startsWith("jpmix-" + Runtime.version().feature()), name);
        assertTrue(name.endsWith(".jsa"), name);
        assertEquals(name, SharedArchive.archiveName(cp));
        assertNotEquals(name, SharedArchive.archiveName(b + File.pathSeparator + a));
        Files.setLastModifiedTime(b, FileTime.from(Instant.now().minusSeconds(3600)));
        assertNotEquals(name, SharedArchive.archiveName(cp), "a rebuilt jar gets an archive of its own");
    }

    @Test
    void aClassPathWithAnythingButJarsGetsNone() throws IOException {
        Path jar = Files.writeString(dir.resolve("a.jar"), "a");
        Path classes = Files.createDirectories(dir.resolve("classes"));
        assertNull(SharedArchive.archiveName(jar + File.pathSeparator + classes));
        assertNull(SharedArchive.archiveName(jar + File.pathSeparator + dir.resolve("missing.jar")));
        assertNull(SharedArchive.archiveName(""));
        assertNull(SharedArchive.archiveName(null));
        assertEquals(List.of(), SharedArchive.options(classes.toString()));
    }

    @Test
    void oneJvmMakesItThenEveryJvmUsesIt() throws IOException {
        Path archive = dir.resolve("cds").resolve("jpmix-test.jsa");
        List<String> first = SharedArchive.options(archive);
        assertTrue(first.contains("-XX:ArchiveClassesAtExit=" + archive), first::toString);
        assertEquals(List.of(), SharedArchive.options(archive), "claimed by the first: the others run without");
        Files.writeString(archive, "made");
        assertTrue(SharedArchive.options(archive).contains("-XX:SharedArchiveFile=" + archive));
    }

    @Test
    void aClaimThatNeverProducedAnArchiveExpires() throws IOException {
        Path archive = dir.resolve("jpmix-test.jsa");
        assertFalse(SharedArchive.options(archive).isEmpty());
        Path lock = dir.resolve("jpmix-test.jsa.lock");
        Files.setLastModifiedTime(lock, FileTime.from(Instant.now().minus(SharedArchive.CLAIM_EXPIRY).minusSeconds(1)));
        assertTrue(SharedArchive.options(archive).contains("-XX:ArchiveClassesAtExit=" + archive));
        assertEquals(List.of(), SharedArchive.options(archive));
    }

    /**
     * A JVM runs an archive's classes as its own code: a directory or an archive that another user owns
     * or may write is not used, and the reason is logged in one line, once per directory.
     */
    @Test
    void aDirectoryOrArchiveThatIsNotOnlyThisUsersIsNotUsed() throws IOException {
        List<String> logged = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.logging.Logger jul = java.util.logging.Logger.getLogger(SharedArchive.class.getName());
        java.util.logging.Handler h = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord r) {
                logged.add(r.getLevel() + " " + r.getMessage());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        jul.addHandler(h);
        try {
            Path open = Files.createDirectory(dir.resolve("open"));
            Files.setPosixFilePermissions(open, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
            Path planted = Files.writeString(open.resolve("jpmix-test.jsa"), "made by anyone");
            assertEquals(List.of(), SharedArchive.options(planted));
            assertEquals(List.of(), SharedArchive.options(planted));
            assertEquals(List.of("WARNING not using the class-data-sharing archives in " + open + ": " + open
                    + " may be written by others (mode 777)"), logged);

            Path mine = Files.createDirectory(dir.resolve("mine"));
            Files.setPosixFilePermissions(mine, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
            Path archive = Files.writeString(mine.resolve("jpmix-test.jsa"), "made");
            Files.setPosixFilePermissions(archive, java.nio.file.attribute.PosixFilePermissions.fromString("rw-rw-rw-"));
            assertEquals(List.of(), SharedArchive.options(archive));
            assertTrue(logged.get(1).endsWith(archive + " may be written by others (mode 666)"), logged::toString);
            Files.setPosixFilePermissions(archive, java.nio.file.attribute.PosixFilePermissions.fromString("r--r--r--"));
            assertTrue(SharedArchive.options(archive).contains("-XX:SharedArchiveFile=" + archive), "HotSpot's own mode 0444");

            if (io.github.jpmix.common.internal.transport.PeerCredentials.currentUid() == 0) {
                Path theirs = Files.createDirectory(dir.resolve("theirs"));
                Path made = Files.writeString(theirs.resolve("jpmix-test.jsa"), "made by nobody");
                Files.setAttribute(theirs, "unix:uid", 65534);
                assertEquals(List.of(), SharedArchive.options(made));
                assertTrue(logged.get(2).endsWith(theirs + " is owned by uid 65534, not this user (uid 0)"), logged::toString);
            }
        } finally {
            jul.removeHandler(h);
        }
    }

    @Test
    void onlyTheNewestArchivesAreKept() throws IOException {
        for (int i = 0; i < SharedArchive.KEEP + 3; i++) {
            Path old = Files.writeString(dir.resolve("jpmix-old" + i + ".jsa"), "x");
            Files.setLastModifiedTime(old, FileTime.from(Instant.now().minusSeconds(1000 - i)));
        }
        SharedArchive.options(dir.resolve("jpmix-new.jsa"));
        try (var files = Files.list(dir)) {
            List<String> left = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".jsa")).sorted().toList();
            assertEquals(SharedArchive.KEEP - 1, left.size(), left::toString);
            assertTrue(left.contains("jpmix-old" + (SharedArchive.KEEP + 2) + ".jsa"), left::toString);
        }
    }

    @Test
    void offTurnsItOff() {
        String before = System.getProperty(SharedArchive.PROPERTY);
        try {
            System.setProperty(SharedArchive.PROPERTY, "off");
            assertNull(SharedArchive.directory());
            System.setProperty(SharedArchive.PROPERTY, dir.toString());
            assertEquals(dir, SharedArchive.directory());
        } finally {
            if (before == null) {
                System.clearProperty(SharedArchive.PROPERTY);
            } else {
                System.setProperty(SharedArchive.PROPERTY, before);
            }
        }
    }

    /** The JDK running this test makes the archive, uses it, and shrugs off a broken one in silence. */
    @Test
    void thisJdkMakesUsesAndIgnoresArchivesQuietly() throws Exception {
        Path archive = dir.resolve("jpmix-real.jsa");
        List<String> make = SharedArchive.options(archive);
        assertEquals("", run(make), "making it says nothing");
        assertTrue(Files.size(archive) > 0, "written at exit");
        assertEquals("", run(SharedArchive.options(archive)), "using it says nothing");
        Files.delete(archive);
        Files.write(archive, new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
        List<String> broken = SharedArchive.options(archive);
        assertTrue(broken.contains("-XX:SharedArchiveFile=" + archive));
        assertEquals("", run(broken), "a broken archive says nothing either");
    }

    /**
     * JDK 25 and later: the first JVM records an ahead-of-time configuration without a word, the
     * cache is assembled in the background once it has exited, later JVMs use it in silence, and a
     * broken cache says nothing either.
     */
    @Test
    void thisJdkRecordsAssemblesAndUsesAnAheadOfTimeCacheQuietly() throws Exception {
        Assumptions.assumeTrue(Runtime.version().feature() >= SharedArchive.AOT_CACHE_FEATURE,
                "ahead-of-time caches from JDK " + SharedArchive.AOT_CACHE_FEATURE + " on");
        Path cache = dir.resolve("jpmix-real.aot");
        List<String> record = SharedArchive.aotOptions(cache);
        assertTrue(record.contains("-XX:AOTMode=record"), record.toString());
        // docs/startup.md: no method profiles in the cache, their replay made fresh JVMs compile more
        assertTrue(record.contains("-XX:-AOTRecordTraining"), record.toString());
        assertEquals(List.of(), SharedArchive.aotOptions(cache), "claimed by the first: the others run without");
        List<String> command = command(record);
        assertEquals("", run(command), "recording says nothing");
        assertTrue(Files.size(SharedArchive.configuration(cache)) > 0, "the configuration is written at exit");

        SharedArchive.recorded(command, 0);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        // the background step moves the cache into place, then removes the configuration: wait for both
        while (!(Files.exists(cache) && !Files.exists(SharedArchive.configuration(cache)))
                && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertTrue(Files.size(cache) > 0, "assembled in the background");
        assertFalse(Files.exists(SharedArchive.configuration(cache)), "the configuration is removed");
        try (var files = Files.list(dir)) {
            assertEquals(List.of(), files.filter(f -> f.getFileName().toString().startsWith(".tmp-")).toList());
        }
        List<String> use = SharedArchive.aotOptions(cache);
        assertTrue(use.contains("-XX:AOTCache=" + cache), use.toString());
        assertEquals("", run(command(use)), "using it says nothing");

        Files.delete(cache);
        Files.write(cache, new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
        assertEquals("", run(command(SharedArchive.aotOptions(cache))), "a broken cache says nothing either");
    }

    @Test
    void aFailedRecordingLeavesNoConfigurationAndNoCache() throws Exception {
        Path cache = dir.resolve("jpmix-failed.aot");
        Files.write(SharedArchive.configuration(cache), new byte[] {1, 2, 3});
        List<String> command = List.of("/usr/bin/java", "-XX:AOTMode=record",
                "-XX:AOTConfiguration=" + SharedArchive.configuration(cache), "-cp", "x.jar", "Main");
        SharedArchive.recorded(command, 137);
        assertFalse(Files.exists(SharedArchive.configuration(cache)));
        assertFalse(Files.exists(cache));
    }

    /** {@code java <options> -cp <a jar> -version}. */
    private static List<String> command(List<String> options) throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        String jar = Path.of(Test.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        List<String> cmd = new ArrayList<>(List.of(java));
        cmd.addAll(options);
        cmd.addAll(List.of("-cp", jar, "-version"));
        return cmd;
    }

    /** Runs {@code java <options> -cp <a jar> -version}; its output except the version lines. */
    private static String run(List<String> options) throws Exception {
        List<String> cmd = options.isEmpty() || !options.get(0).endsWith("java") ? command(options) : options;
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        StringBuilder rest = new StringBuilder();
        for (String line : out.split("\n")) {
            if (!line.isBlank() && !line.contains("version \"") && !line.contains("(build ")) {
                rest.append(line).append('\n');
            }
        }
        return rest.toString();
    }
}
