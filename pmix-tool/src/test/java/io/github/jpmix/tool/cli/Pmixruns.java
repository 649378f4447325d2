package io.github.jpmix.tool.cli;

import io.github.jpmix.common.internal.JvmFlags;
import io.github.jpmix.testing.Child;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code pmixrun} as a user runs it, for the launcher tests: {@link Pmixrun}'s main in a JVM of
 * its own started like the launcher starts one (this JVM's JDK, JPMIx's flags, the test class path),
 * which starts the job's processes; its stdout and stderr go to files. The launcher's JVM and the
 * job's JVMs run with the options for short-lived JVMs ({@link Child#SMALL}, the launcher's
 * {@code JPMIX_JVM_OPTIONS}): half the processor time of a default JVM's start on 2 shared cores.
 */
final class Pmixruns {
    /** What a finished pmixrun left: its exit status, stdout and stderr. */
    record Run(int exit, String out, String err) {
        String both() {
            return "stdout:\n" + out + "\nstderr:\n" + err;
        }
    }

    private Pmixruns() {
    }

    /** The command that runs pmixrun with {@code args}. */
    static List<String> command(List<String> args) {
        List<String> cmd = new ArrayList<>(JvmFlags.javaCommand(Child.SMALL, Pmixrun.class.getName()));
        cmd.addAll(args);
        return cmd;
    }

    /** Runs pmixrun with {@code args} in {@code dir} (its TMPDIR too) and waits at most {@code seconds}. */
    static Run run(Path dir, Map<String, String> env, long seconds, String... args) throws Exception {
        Map<String, String> all = new java.util.HashMap<>(env);
        all.putIfAbsent(JvmFlags.OPTIONS_ENV, String.join(" ", Child.SMALL));
        return run(dir, all, seconds, command(List.of(args)));
    }

    /** Runs {@code command} (a pmixrun) in {@code dir} (its TMPDIR too) and waits at most {@code seconds}. */
    static Run run(Path dir, Map<String, String> env, long seconds, List<String> command) throws Exception {
        Path out = Files.createTempFile(dir, "pmixrun", ".out");
        Path err = Files.createTempFile(dir, "pmixrun", ".err");
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().put("TMPDIR", dir.toString());
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError("pmixrun did not finish within " + seconds + " s:\n" + read(out, err).both());
        }
        return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    private static Run read(Path out, Path err) {
        try {
            return new Run(-1, Files.readString(out), Files.readString(err));
        } catch (IOException e) {
            return new Run(-1, "", e.toString());
        }
    }
}
