package io.github.jpmix.tool;

import io.github.jpmix.common.internal.JvmFlags;
import io.github.jpmix.common.internal.transport.PeerCredentials;
import io.github.jpmix.testing.Child;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** Child JVMs for the tool tests: servers ({@link TestServerMain}) and tools ({@link TestToolMain}). */
final class ToolTestSupport {
    /** The node name every test server and tool uses in rendezvous file names. */
    static final String HOST = "node0";
    static final List<String> CHILD_JVM_OPTIONS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto");

    private ToolTestSupport() {
    }

    /** A server in its own JVM ({@link TestServerMain}), its stdout read by the tests' {@link Child}. */
    static final class ServerProcess implements AutoCloseable {
        final Process process;
        final List<String> lines = new ArrayList<>();
        private final Child child;
        String uri;
        String toolUri;
        long pid;
        String nspace;
        final List<Path> files = new ArrayList<>();
        /** Set when the server failed to start: "ERROR <status> <message>". */
        String error;

        private ServerProcess(Child child) {
            this.child = child;
            this.process = child.process;
        }

        /** Starts a server JVM; {@link #awaitReady()} waits for it. */
        static ServerProcess start(String... args) throws IOException {
            return new ServerProcess(Child.start(CHILD_JVM_OPTIONS, Map.of(), TestServerMain.class.getName(), args));
        }

        /** Waits for READY (true) or ERROR (false, {@link #error} set); fails after 90 s. */
        boolean awaitReady() throws InterruptedException {
            while (true) {
                Child.Line next = child.next(90_000);
                String l = next != null ? next.text() : "EOF";
                lines.add(l);
                if (l.equals("READY")) {
                    return true;
                }
                if (l.startsWith("ERROR ") || l.equals("EOF")) {
                    error = l;
                    return false;
                }
                String value = l.substring(l.indexOf(' ') + 1);
                switch (l.substring(0, l.indexOf(' '))) {
                    case "URI" -> uri = value;
                    case "TOOLURI" -> toolUri = value;
                    case "PID" -> pid = Long.parseLong(value);
                    case "NSPACE" -> nspace = value;
                    case "FILE" -> files.add(Path.of(value));
                    default -> {
                    }
                }
            }
        }

        static ServerProcess started(String... args) throws Exception {
            ServerProcess s = start(args);
            if (!s.awaitReady()) {
                s.kill();
                throw new AssertionError("server did not start: " + s.error);
            }
            return s;
        }

        /** Waits for the process to end; returns its exit code. */
        int awaitExit() throws InterruptedException {
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("server pid " + process.pid() + " did not exit in 60 s");
            }
            return process.exitValue();
        }

        /** Ends the server as a host would: closes it (end of input). */
        int closeServer() throws Exception {
            process.getOutputStream().close();
            return awaitExit();
        }

        /** Makes the JVM exit without closing the server: only the shutdown hook cleans up. */
        int exitWithoutClose() throws Exception {
            process.getOutputStream().write("exit\n".getBytes(StandardCharsets.UTF_8));
            process.getOutputStream().flush();
            return awaitExit();
        }

        /** SIGKILL: nothing is cleaned up. */
        void kill() throws InterruptedException {
            process.destroyForcibly();
            process.waitFor(60, TimeUnit.SECONDS);
        }

        @Override
        public void close() {
            if (process.isAlive()) {
                try {
                    process.getOutputStream().close();
                    if (!process.waitFor(30, TimeUnit.SECONDS)) {
                        kill();
                    }
                } catch (IOException e) {
                    process.destroyForcibly();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    process.destroyForcibly();
                }
            }
        }
    }

    /**
     * Runs {@link TestToolMain} as user {@code nobody} (setpriv) with a copy of this JVM's class path
     * that {@code nobody} can read, and returns its output.
     */
    static String runToolAsNobody(Path classpathCopy, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"));
        List<String> java = new ArrayList<>(JvmFlags.javaCommand(CHILD_JVM_OPTIONS, TestToolMain.class.getName()));
        java.set(java.indexOf("-cp") + 1, readableClasspath(classpathCopy));
        cmd.addAll(java);
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).directory(classpathCopy.toFile()).start();
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> {
            try {
                return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        if (!p.waitFor(90, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("tool as nobody did not finish in 90 s: " + out.getNow("(no output)"));
        }
        return out.get(10, TimeUnit.SECONDS);
    }

    /** Copies every class path entry into {@code dir} (world-readable) once; returns the new class path. */
    private static synchronized String readableClasspath(Path dir) throws IOException {
        String real = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> copied = new ArrayList<>();
        int n = 0;
        for (String entry : real.split(java.io.File.pathSeparator)) {
            if (entry.isEmpty()) {
                continue;
            }
            Path src = Path.of(entry);
            Path dst = dir.resolve("cp" + n++ + (Files.isDirectory(src) ? "" : ".jar"));
            if (!Files.exists(dst)) {
                copy(src, dst);
            }
            copied.add(dst.toString());
        }
        return String.join(java.io.File.pathSeparator, copied);
    }

    private static void copy(Path src, Path dst) throws IOException {
        if (!Files.exists(src)) {
            return;
        }
        if (!Files.isDirectory(src)) {
            Files.copy(src, dst, StandardCopyOption.REPLACE_EXISTING);
            Files.setPosixFilePermissions(dst, PosixFilePermissions.fromString("rw-r--r--"));
            return;
        }
        try (Stream<Path> walk = Files.walk(src)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                Path t = dst.resolve(src.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                    Files.setPosixFilePermissions(t, PosixFilePermissions.fromString("rwxr-xr-x"));
                } else {
                    Files.copy(p, t, StandardCopyOption.REPLACE_EXISTING);
                    Files.setPosixFilePermissions(t, PosixFilePermissions.fromString("rw-r--r--"));
                }
            }
        }
    }

    static boolean isRoot() {
        return PeerCredentials.currentUid() == 0;
    }

    /** The pid of a process that has ended (so no live process has it, barring reuse). */
    static long deadPid() throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor(30, TimeUnit.SECONDS);
        return p.pid();
    }

    /** A rendezvous file's text as a server with {@code pid} would write it (lines of docs/tools.md). */
    static String rendezvousText(String uri, long pid) {
        return uri + "\n4.2.2\n" + pid + "\n0:0\nSat Nov 22 05:27:00 2025\n\n";
    }

    static void chmod(Path p, String mode) throws IOException {
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(mode));
    }
}
