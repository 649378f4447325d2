package io.github.jpmix.server.internal.launch;

import io.github.jpmix.common.internal.JvmFlags;
import io.github.jpmix.common.internal.transport.PeerCredentials;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Not API. The class-data-sharing archive (AppCDS) of the JVMs the launcher starts ({@link #javaCommand}):
 * the classes such a JVM loads (JPMIx, Chronicle, Agrona, Kryo, ...), parsed and verified once and
 * mapped by every later JVM with the same JDK and class path, which saves a good part of a cold
 * client's start-up ({@code docs/startup.md}). It is a cache: never committed, made on first use, and
 * a missing, stale or broken archive costs speed, nothing else.
 *
 * <ul>
 *   <li><b>Where.</b> {@code $XDG_CACHE_HOME/jpmix/cds} (default {@code ~/.cache/jpmix/cds}), or the
 *       directory the system property {@code jpmix.cds} (else the environment variable
 *       {@code JPMIX_CDS}) names; {@code off} turns it off.
 *       The name holds the JDK's version and a hash of the JDK, the class path and each jar's size
 *       and modification time, so another JDK or a rebuilt jar gets an archive of its own (the newest
 *       {@value #KEEP} are kept).</li>
 *   <li><b>Made.</b> When the archive is missing, the first JVM started for it (one: it claims a
 *       {@code .lock} file; a claim older than {@link #CLAIM_EXPIRY} is taken over) runs with
 *       {@code -XX:ArchiveClassesAtExit} and writes it when it exits. That works on JDK 17 and every
 *       later JDK (JDK 19's {@code -XX:+AutoCreateSharedArchive} would make every JVM started before
 *       the archive exists write one). HotSpot (17 and 25 alike) removes the old file, writes the
 *       regions and the header last, so a JVM that maps the file meanwhile finds no valid header and
 *       runs without it.</li>
 *   <li><b>Used.</b> Once it exists: {@code -XX:SharedArchiveFile}. {@code -Xshare:auto} (the default)
 *       makes a JVM that cannot use it run without it; CDS messages are turned off, so such a JVM says
 *       nothing either.</li>
 *   <li><b>Only this user's.</b> The directory and the archive must be owned by this user and writable
 *       by nobody else ({@link #distrust}); otherwise the JVMs run without an archive, and the launcher
 *       says why in one line.</li>
 *   <li><b>Only jars.</b> A class path with a directory (a build's {@code target/classes}, the tests)
 *       gets no archive: HotSpot refuses to archive from directories.</li>
 * </ul>
 */
public final class SharedArchive {
    /** The system property that names the archive directory, or {@code off}. */
    public static final String PROPERTY = "jpmix.cds";
    /** The environment variable read when the property is not set ({@code bin/pmixrun} reads it too). */
    public static final String ENV = "JPMIX_CDS";
    static final int KEEP = 8;
    static final Duration CLAIM_EXPIRY = Duration.ofMinutes(2);
    /** Keep HotSpot quiet about an archive it cannot use or write: it is only a cache. */
    private static final List<String> QUIET = List.of("-Xlog:cds=off", "-Xlog:cds+dynamic=off");
    /** The same for an ahead-of-time cache (JDK 25 logs it under {@code aot} as well). */
    private static final List<String> QUIET_AOT = List.of("-Xlog:cds=off", "-Xlog:aot=off");
    /** The first JDK whose JVMs get an ahead-of-time cache instead of a dynamic archive ({@link #aotOptions}). */
    static final int AOT_CACHE_FEATURE = 25;
    private static final String RECORD = "-XX:AOTMode=record";
    /** A recording without the training run's method profiles (a diagnostic option of JDK 25). */
    private static final String NO_TRAINING = "-XX:-AOTRecordTraining";
    private static final String CONFIGURATION = "-XX:AOTConfiguration=";
    private static final String CONFIGURATION_SUFFIX = ".conf";
    private static final System.Logger LOG = System.getLogger(SharedArchive.class.getName());
    /** Directories refused already: said once per JVM. */
    private static final Set<Path> REFUSED = ConcurrentHashMap.newKeySet();

    private SharedArchive() {
    }

    /**
     * The command that starts {@code mainClass} in a new JVM like this one ({@link JvmFlags#javaCommand})
     * with the archive of this JVM's class path: used, or made by that JVM when it exits, when the class
     * path is all jars. The launcher starts a job's processes with it.
     */
    public static List<String> javaCommand(List<String> jvmOptions, String mainClass) {
        return JvmFlags.javaCommand(options(JvmFlags.classPath()), jvmOptions, mainClass);
    }

    /**
     * The options that make a JVM started with this class path use the archive (or write it), empty
     * when there is none to use or make.
     */
    public static List<String> options(String classPath) {
        Path dir = directory();
        if (dir == null) {
            return List.of();
        }
        try {
            String name = archiveName(classPath);
            if (name == null) {
                return List.of();
            }
            if (Runtime.version().feature() >= AOT_CACHE_FEATURE) {
                return aotOptions(dir.resolve(name.substring(0, name.length() - ".jsa".length()) + ".aot"));
            }
            return options(dir.resolve(name));
        } catch (IOException | RuntimeException e) {
            return List.of(); // no cache directory, an unreadable jar, ...: start without an archive
        }
    }

    /**
     * Use {@code archive}, or claim its making; empty if another JVM is making it, or if the directory
     * or the archive is not to be trusted ({@link #distrust}: logged once per directory).
     */
    static List<String> options(Path archive) throws IOException {
        if (!trusted(archive)) {
            return List.of();
        }
        List<String> out = new ArrayList<>(QUIET);
        if (Files.isRegularFile(archive, LinkOption.NOFOLLOW_LINKS) && Files.size(archive) > 0) {
            out.add("-XX:SharedArchiveFile=" + archive);
            return out;
        }
        if (!claim(archive.resolveSibling(archive.getFileName() + ".lock"))) {
            return List.of();
        }
        prune(archive.getParent());
        out.add("-XX:ArchiveClassesAtExit=" + archive);
        return out;
    }

    /**
     * JDK 25 and later: the ahead-of-time cache ({@code -XX:AOTCache}, JEP 483 with JEP 514), which
     * holds the classes loaded and linked besides what a dynamic archive holds (a cold client's init
     * and CPU about 15 % below the dynamic archive's on JDK 25, {@code docs/startup.md}), but not the
     * training run's method profiles (JEP 515), which made fresh JVMs compile more. Made in two steps,
     * because the one-step {@code -XX:AOTCacheOutput} prints to the process's stdout and holds its exit
     * while it assembles: the first JVM started for it (one: the claim) records its configuration
     * ({@code -XX:AOTMode=record}, its one line of VM output turned off), and when it has exited
     * {@link #recorded} assembles the cache in the background, into a temporary name renamed into
     * place. Until then JVMs run without a cache.
     */
    static List<String> aotOptions(Path cache) throws IOException {
        if (!trusted(cache)) {
            return List.of();
        }
        Path dir = cache.toAbsolutePath().getParent();
        List<String> out = new ArrayList<>(QUIET_AOT);
        if (Files.isRegularFile(cache, LinkOption.NOFOLLOW_LINKS) && Files.size(cache) > 0) {
            out.add("-XX:AOTCache=" + cache);
            return out;
        }
        if (!claim(cache.resolveSibling(cache.getFileName() + ".lock"))) {
            return List.of();
        }
        prune(dir);
        Files.deleteIfExists(configuration(cache));
        // the recording JVM says " AOTConfiguration recorded: ..." on stdout whatever -Xlog says; it
        // records no method profiles (JEP 515): replayed, they had every fresh JVM compile more as it
        // started (CPU at init 255-260 ms against 200-225 without, docs/startup.md)
        out.addAll(List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:-DisplayVMOutput", NO_TRAINING, RECORD,
                CONFIGURATION + configuration(cache)));
        return out;
    }

    /**
     * A JVM started with {@code command} ended with {@code exitValue}: if it recorded an ahead-of-time
     * configuration ({@link #aotOptions}) and exited normally, the cache is assembled from it in a
     * background process of its own (same JDK, options and class path; its output discarded), which
     * writes a temporary file and renames it into place, and removes the configuration. A cache that
     * cannot be made is simply not there; the claim expires and a later JVM records again.
     */
    public static void recorded(List<String> command, int exitValue) {
        int record = command.indexOf(RECORD);
        int cp = command.indexOf("-cp");
        if (record < 0 || cp < 0 || cp + 1 >= command.size()) {
            return;
        }
        Path config = null;
        int java = -1;
        for (int i = 0; i < cp; i++) {
            String w = command.get(i);
            if (w.startsWith(CONFIGURATION)) {
                config = Path.of(w.substring(CONFIGURATION.length()));
            } else if (java < 0 && (w.endsWith("/java") || w.equals("java"))) {
                java = i;
            }
        }
        if (config == null || java < 0) {
            return;
        }
        String name = config.getFileName().toString();
        Path cache = config.resolveSibling(name.substring(0, name.length() - CONFIGURATION_SUFFIX.length()));
        try {
            if (exitValue != 0 || !Files.isRegularFile(config, LinkOption.NOFOLLOW_LINKS)) {
                Files.deleteIfExists(config);
                return;
            }
            Path tmp = cache.resolveSibling(".tmp-" + ProcessHandle.current().pid() + "-" + cache.getFileName());
            List<String> create = new ArrayList<>();
            for (int i = java; i < cp; i++) {
                String w = command.get(i);
                if (!w.equals(RECORD) && !w.startsWith(CONFIGURATION) && !w.equals("-XX:-DisplayVMOutput")) {
                    create.add(w);
                }
            }
            create.addAll(List.of("-XX:AOTMode=create", CONFIGURATION + config, "-XX:AOTCache=" + tmp, "-cp",
                    command.get(cp + 1)));
            List<String> sh = new ArrayList<>(List.of("/bin/sh", "-c",
                    "tmp=$1 cache=$2 config=$3; shift 3; \"$@\" && mv -f \"$tmp\" \"$cache\"; rm -f \"$tmp\" \"$config\"",
                    "jpmix-aot-cache", tmp.toString(), cache.toString(), config.toString()));
            sh.addAll(create);
            new ProcessBuilder(sh).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
        } catch (IOException | RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, "cannot assemble the ahead-of-time cache " + cache + ": " + e);
        }
    }

    /**
     * The system property {@code bin/pmixrun} gives a launcher JVM that records the launcher's own
     * archive: the file HotSpot writes it to when the JVM exits ({@code -XX:ArchiveClassesAtExit}).
     */
    public static final String LAUNCHER_RECORDING = "jpmix.cds.recording";

    /**
     * The launcher ran a job to its successful end: if this JVM records the launcher's archive
     * ({@link #LAUNCHER_RECORDING}), it marks the recording as worth keeping ({@code <file>.ok}), and
     * {@code bin/pmixrun} takes it into use at its next start, once this JVM is gone. A recording
     * without the mark is dropped: that of a {@code --help}, a usage error or a failed job holds a
     * fraction of the classes a job needs (measured: a {@code --help} run's archive of 0.7 MB against
     * 17 MB, and every later launcher start 0.7 s slower for it).
     */
    public static void launcherRanJob() {
        String recording = System.getProperty(LAUNCHER_RECORDING);
        if (recording == null || recording.isBlank()) {
            return;
        }
        try {
            Files.createFile(Path.of(recording + ".ok"));
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "cannot mark the launcher's archive " + recording + " as made: " + e);
        }
    }

    /** The configuration file the recording JVM writes for {@code cache}. */
    static Path configuration(Path cache) {
        return cache.resolveSibling(cache.getFileName() + CONFIGURATION_SUFFIX);
    }

    /**
     * Whether {@code archive} (an archive or a cache) and its directory, created if missing, may be
     * used ({@link #distrust}); a refusal is logged once per directory.
     */
    private static boolean trusted(Path archive) throws IOException {
        Path dir = archive.toAbsolutePath().getParent();
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        }
        String problem = distrust(dir);
        if (problem == null && Files.exists(archive, LinkOption.NOFOLLOW_LINKS)) {
            problem = distrust(archive);
        }
        if (problem != null && REFUSED.add(dir)) {
            LOG.log(System.Logger.Level.WARNING, "not using the class-data-sharing archives in " + dir + ": " + problem);
        }
        return problem == null;
    }

    /**
     * Why {@code p} (the archive directory or an archive) must not be used, or null. A JVM maps an
     * archive's classes as its own code, so only this user may have written it: owned by this process's
     * user, not a symbolic link, no group or other write bit (a shared {@code JPMIX_CDS} directory of
     * another user is refused, {@code docs/startup.md}).
     */
    static String distrust(Path p) throws IOException {
        if (Files.isSymbolicLink(p)) {
            return p + " is a symbolic link";
        }
        int owner = (Integer) Files.getAttribute(p, "unix:uid", LinkOption.NOFOLLOW_LINKS);
        int me = PeerCredentials.currentUid();
        if (owner != me) {
            return p + " is owned by uid " + Integer.toUnsignedString(owner) + ", not this user (uid "
                    + Integer.toUnsignedString(me) + ")";
        }
        int mode = (Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS);
        if ((mode & 0022) != 0) {
            return p + " may be written by others (mode " + Integer.toOctalString(mode & 07777) + ")";
        }
        return null;
    }

    /** Whether this caller may make the archive: it created the claim, or took over an expired one. */
    private static boolean claim(Path lock) throws IOException {
        Files.createDirectories(lock.getParent(), PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwx------")));
        try {
            Files.createFile(lock);
            return true;
        } catch (FileAlreadyExistsException e) {
            FileTime t = Files.getLastModifiedTime(lock);
            if (t.toInstant().plus(CLAIM_EXPIRY).isAfter(Instant.now())) {
                return false;
            }
            // the claimant died or has not exited yet: one more JVM may write it (the last one wins)
            Files.setLastModifiedTime(lock, FileTime.from(Instant.now()));
            return true;
        }
    }

    /** Removes all but the newest {@link #KEEP} archives (and their claims) of this directory. */
    private static void prune(Path dir) {
        List<Path> archives = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "jpmix-*.{jsa,aot}")) {
            ds.forEach(archives::add);
        } catch (IOException e) {
            return;
        }
        archives.sort(Comparator.comparing((Path p) -> {
            try {
                return Files.readAttributes(p, BasicFileAttributes.class).lastModifiedTime();
            } catch (IOException e) {
                return FileTime.fromMillis(0);
            }
        }).reversed());
        for (Path p : archives.subList(Math.min(KEEP - 1, archives.size()), archives.size())) {
            try {
                Files.deleteIfExists(p);
                Files.deleteIfExists(p.resolveSibling(p.getFileName() + ".lock"));
            } catch (IOException e) {
                // another launcher removed it, or it is not ours to remove
            }
        }
    }

    /** The archive directory, or null when turned off. */
    static Path directory() {
        String p = System.getProperty(PROPERTY);
        if (p == null || p.isBlank()) {
            p = System.getenv(ENV);
        }
        if (p != null && !p.isBlank()) {
            return p.equals("off") ? null : Path.of(p);
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path cache = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return cache.resolve("jpmix").resolve("cds");
    }

    /**
     * {@code jpmix-<JDK version>-<hash>.jsa} for this JDK and class path, or null if the class path
     * holds anything but jar files.
     */
    static String archiveName(String classPath) throws IOException {
        if (classPath == null || classPath.isEmpty()) {
            return null;
        }
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            return null;
        }
        update(sha, System.getProperty("java.home"));
        update(sha, System.getProperty("java.vm.version"));
        for (String entry : classPath.split(File.pathSeparator)) {
            Path jar = Path.of(entry);
            if (!entry.endsWith(".jar") || !Files.isRegularFile(jar)) {
                return null;
            }
            BasicFileAttributes a = Files.readAttributes(jar, BasicFileAttributes.class);
            update(sha, entry);
            update(sha, a.size() + "/" + a.lastModifiedTime().toMillis());
        }
        StringBuilder hex = new StringBuilder();
        byte[] d = sha.digest();
        for (int i = 0; i < 8; i++) {
            hex.append(String.format("%02x", d[i]));
        }
        String version = Runtime.version().toString().replaceAll("[^A-Za-z0-9.+_-]", "_");
        return "jpmix-" + version + "-" + hex + ".jsa";
    }

    private static void update(MessageDigest sha, String s) {
        sha.update(s.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
    }
}
