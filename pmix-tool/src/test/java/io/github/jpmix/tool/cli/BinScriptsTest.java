package io.github.jpmix.tool.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.testing.NativePrograms;
import io.github.jpmix.tool.cli.Pmixruns.Run;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code bin/pmixrun} itself, on every JDK this machine has of those JPMIx supports (the tests' own, and
 * the JDK 17 and the Temurin JDK 25 where installed): the launcher and the job's JVMs run
 * {@code $JAVA_HOME/bin/java} when JAVA_HOME is set, else {@code java} from PATH, and {@code pmixrun -n 4}
 * prints not one JVM warning (the flags of each JDK: pmix-common's {@code jvm.flags} and, from JDK 23,
 * {@code jvm-23.flags}). The script runs from a copy of the repository's layout the test builds from its
 * own class path, because the tests run before the build packages pmix-tool's jar and {@code target/lib}.
 */
class BinScriptsTest {
    /** The JDKs JPMIx supports that CI installs, besides the one running the tests. */
    private static final List<Path> KNOWN_JDKS = List.of(Path.of("/usr/lib/jvm/java-17-openjdk-amd64"),
            Path.of("/usr/lib/jvm/temurin-25-jdk-amd64"));

    @TempDir
    static Path root;
    @TempDir
    Path tmp;

    /** The repository's layout as bin/ scripts expect it: bin/, pmix-common's flags, pmix-tool's jar and lib/. */
    @BeforeAll
    static void layout() throws IOException {
        Files.createDirectories(root.resolve("bin/lib"));
        for (String script : List.of("bin/pmixrun", "bin/lib/jvm.sh")) {
            Files.copy(NativePrograms.locate(script), root.resolve(script));
        }
        root.resolve("bin/pmixrun").toFile().setExecutable(true);
        Path flags = Files.createDirectories(root.resolve("pmix-common/target/classes/META-INF/jpmix"));
        for (String f : List.of("jvm.flags", "jvm-23.flags")) {
            try (InputStream in = BinScriptsTest.class.getResourceAsStream("/META-INF/jpmix/" + f)) {
                Files.copy(in, flags.resolve(f));
            }
        }
        Path lib = Files.createDirectories(root.resolve("pmix-tool/target/lib"));
        Path toolClasses = Path.of(Pmixrun.class.getProtectionDomain().getCodeSource().getLocation().getPath());
        jar(toolClasses, root.resolve("pmix-tool/target/pmix-tool-0-test.jar"));
        int n = 0;
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path p = Path.of(entry);
            if (p.equals(toolClasses) || !Files.exists(p)) {
                continue;
            }
            Path target = lib.resolve(String.format("%03d-%s", n++, p.getFileName() + (Files.isDirectory(p) ? ".jar" : "")));
            if (Files.isDirectory(p)) {
                jar(p, target); // a module's classes (or these tests'), when the build gives directories
            } else {
                Files.createSymbolicLink(target, p);
            }
        }
    }

    /** The JDKs to run on: this one and the known ones installed here, each once. */
    static Stream<Arguments> jdks() throws IOException {
        Map<Path, Path> byRealPath = new LinkedHashMap<>();
        List<Path> all = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"))));
        all.addAll(KNOWN_JDKS);
        for (Path jdk : all) {
            if (Files.isExecutable(jdk.resolve("bin/java"))) {
                byRealPath.putIfAbsent(jdk.toRealPath(), jdk);
            }
        }
        return byRealPath.values().stream().map(Arguments::of);
    }

    private Run binPmixrun(Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(root.resolve("bin/pmixrun").toString()));
        cmd.addAll(List.of(args));
        Map<String, String> all = new HashMap<>(env);
        all.putIfAbsent("JPMIX_CDS", tmp.resolve("cds").toString()); // a fresh archive: its making must be quiet too
        return Pmixruns.run(tmp, all, 110, cmd);
    }

    @ParameterizedTest(name = "JAVA_HOME={0}")
    @MethodSource("jdks")
    void shouldRunTheDemoOnJavaHomesJdkWithoutOneWarning(Path jdk) throws Exception {
        Map<String, String> env = Map.of("JAVA_HOME", jdk.toString());
        Run r = binPmixrun(env, "-n", "4");
        long warnings = Stream.concat(r.out().lines(), r.err().lines())
                .filter(l -> l.toLowerCase(java.util.Locale.ROOT).contains("warning")).count();
        System.out.printf("[BinScriptsTest] JAVA_HOME=%s bin/pmixrun -n 4: exit %d, %d stdout line(s), %d stderr line(s),"
                + " %d warning line(s)%n", jdk, r.exit(), r.out().lines().count(), r.err().lines().count(), warnings);
        assertEquals(0, r.exit(), r.both());
        assertEquals(0, warnings, r.both());
        assertEquals(4, r.out().lines().filter(l -> l.matches("rank \\d/4 app 0 on .*")).count(), r.both());
        assertEquals(4, r.out().lines().count(), r.both());
        assertEquals(3, r.err().lines().count(), r.both()); // pmixrun's own: the job, launched, the summary

        // the launcher runs JAVA_HOME's java, and the job's JVMs run the launcher's
        Run rank = binPmixrun(env, "-n", "1", LaunchedProgram.class.getName(), "rank");
        assertEquals(0, rank.exit(), rank.both());
        assertTrue(rank.out().contains("java.home=" + jdk.toRealPath() + " ")
                || rank.out().contains("java.home=" + jdk + " "), rank.both());
    }

    @Test
    void shouldRunJavaFromPathWithoutJavaHome() throws Exception {
        Path jdk = Path.of(System.getProperty("java.home"));
        Map<String, String> env = new HashMap<>();
        env.put("PATH", jdk.resolve("bin") + File.pathSeparator + System.getenv("PATH"));
        env.put("JAVA_HOME", ""); // unset, as far as the script is concerned
        Run r = binPmixrun(env, "-n", "1", LaunchedProgram.class.getName(), "rank");
        assertEquals(0, r.exit(), r.both());
        assertTrue(r.out().contains("java.home=" + jdk + " ") || r.out().contains("java.home=" + jdk.toRealPath() + " "),
                r.both());
    }

    /**
     * The launcher's own archive comes from a run that ran a job: a {@code --help} run's recording (a
     * fraction of the classes) is dropped, a job's is marked and becomes the archive the next run maps.
     */
    @Test
    void shouldMakeTheLauncherArchiveFromARunThatRanAJobOnly() throws Exception {
        Path cds = tmp.resolve("cds");
        Map<String, String> env = Map.of("JPMIX_CDS", cds.toString());
        Run help = binPmixrun(env, "--help");
        assertEquals(0, help.exit(), help.both());
        assertEquals(List.of(), files(cds, "jpmix-launcher-"), "no archive from --help");

        Run job = binPmixrun(env, "-n", "1", LaunchedProgram.class.getName(), "rank");
        assertEquals(0, job.exit(), job.both());
        assertEquals(List.of(), files(cds, "jpmix-launcher-"), "the job's recording is no archive until the next run");
        List<Path> recordings = files(cds, ".recording-");
        assertEquals(2, recordings.size(), "the job's recording and its mark (the help run's dropped): " + recordings);

        Run next = binPmixrun(env, "-n", "1", LaunchedProgram.class.getName(), "rank");
        assertEquals(0, next.exit(), next.both());
        List<Path> archives = files(cds, "jpmix-launcher-");
        assertEquals(1, archives.size(), archives.toString());
        assertEquals(List.of(), files(cds, ".recording-"));
        long size = Files.size(archives.get(0));
        System.out.printf("[BinScriptsTest] the launcher's archive from a job: %d bytes%n", size);
        assertTrue(size > 4L << 20, "a job's launcher loads thousands of classes: " + size + " bytes");
    }

    private static List<Path> files(Path dir, String prefix) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().startsWith(prefix)).sorted().toList();
        }
    }

    /** {@code dir}'s files as the jar {@code jar}. */
    private static void jar(Path dir, Path jar) throws IOException {
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file);
                Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                out.putNextEntry(new JarEntry(dir.relativize(f).toString().replace(File.separatorChar, '/')));
                Files.copy(f, out);
                out.closeEntry();
            }
        }
    }
}
