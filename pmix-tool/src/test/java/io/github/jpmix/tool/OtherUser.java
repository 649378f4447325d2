package io.github.jpmix.tool;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A second, unprivileged user for the tests that show what JPMIx does with another user's files:
 * {@value #NAME}, made with {@code useradd} when missing. Only root can make it and act as it
 * ({@code setpriv}); elsewhere the tests that need it are skipped.
 */
final class OtherUser {
    static final String NAME = "jpmixtest";

    final int uid;
    final int gid;

    private OtherUser(int uid, int gid) {
        this.uid = uid;
        this.gid = gid;
    }

    /** The user, made if missing; skips the calling test when this JVM is not root or useradd fails. */
    static synchronized OtherUser get() throws Exception {
        assumeTrue(ToolTestSupport.isRoot(), "acting as another user needs root; this JVM is not root");
        if (run("id", "-u", NAME).exit != 0) {
            Result made = run("useradd", "--system", "--no-create-home", "--user-group", "--shell", "/usr/sbin/nologin", NAME);
            assumeTrue(made.exit == 0, "useradd " + NAME + " failed: " + made.out);
        }
        Result uid = run("id", "-u", NAME);
        Result gid = run("id", "-g", NAME);
        assumeTrue(uid.exit == 0 && gid.exit == 0, "no user " + NAME);
        return new OtherUser(Integer.parseInt(uid.out.strip()), Integer.parseInt(gid.out.strip()));
    }

    /** Runs {@code command} as this user and waits for it. */
    Result exec(String... command) throws Exception {
        return run(as(command).toArray(String[]::new));
    }

    /** Starts {@code command} as this user; its output lines go to {@link Running#lines}. */
    Running start(String... command) throws IOException {
        Process p = new ProcessBuilder(as(command)).redirectErrorStream(true).start();
        Running r = new Running(p);
        Thread t = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String l;
                while ((l = in.readLine()) != null) {
                    r.lines.add(l);
                }
            } catch (IOException e) {
                r.lines.add("EOF " + e);
            }
        }, "other-user-output");
        t.setDaemon(true);
        t.start();
        return r;
    }

    private List<String> as(String... command) {
        List<String> cmd = new ArrayList<>(List.of("setpriv", "--reuid=" + uid, "--regid=" + gid, "--clear-groups"));
        cmd.addAll(List.of(command));
        return cmd;
    }

    /** Gives {@code dir} (made here) to this user, mode 0755: what is in it, the user then writes itself. */
    Path mkdir(Path dir) throws Exception {
        Files.createDirectory(dir);
        ToolTestSupport.chmod(dir, "rwxr-xr-x");
        Files.setAttribute(dir, "unix:uid", uid);
        Files.setAttribute(dir, "unix:gid", gid);
        return dir;
    }

    /** Writes {@code text} to {@code file} as this user (its umask, so mode 0644 or so). */
    Path write(Path file, String text) throws Exception {
        Path staged = Files.createTempFile("jpmix-other", ".txt");
        try {
            Files.writeString(staged, text);
            ToolTestSupport.chmod(staged, "rw-r--r--");
            Result r = exec("cp", staged.toString(), file.toString());
            if (r.exit != 0) {
                throw new AssertionError("writing " + file + " as " + NAME + ": " + r.out);
            }
        } finally {
            Files.delete(staged);
        }
        return file;
    }

    record Result(int exit, String out) {
    }

    /** A process this user runs. */
    static final class Running implements AutoCloseable {
        final Process process;
        final LinkedBlockingQueue<String> lines = new LinkedBlockingQueue<>();

        Running(Process process) {
            this.process = process;
        }

        /** The next output line, failing after {@code seconds}. */
        String next(int seconds) throws InterruptedException {
            String l = lines.poll(seconds, TimeUnit.SECONDS);
            if (l == null) {
                throw new AssertionError("no output from " + process.info().commandLine().orElse("?") + " in " + seconds + " s");
            }
            return l;
        }

        @Override
        public void close() {
            process.destroyForcibly();
            try {
                process.waitFor(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static Result run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " did not finish in 60 s");
        }
        return new Result(p.exitValue(), out);
    }
}
