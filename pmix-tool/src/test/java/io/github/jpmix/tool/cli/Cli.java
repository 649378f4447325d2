package io.github.jpmix.tool.cli;

import io.github.jpmix.common.internal.JvmFlags;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs {@code jpmix}: in this JVM (fast) or as its own JVM, the way {@code bin/jpmix} runs it. */
public final class Cli {
    /** What one run printed and returned. */
    public record Result(int exit, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exit + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    private Cli() {
    }

    public static Result withInput(String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = Jpmix.run(args, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(rc, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    public static Result run(String... args) {
        return withInput("", args);
    }

    /** {@code java <JPMIx flags> -cp <this classpath> io.github.jpmix.tool.cli.Jpmix args}, as a child process. */
    public static Result process(String stdin, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(JvmFlags.javaCommand(List.of(), Jpmix.class.getName()));
        cmd.addAll(Arrays.asList(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        Process p = pb.start();
        p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread drain = new Thread(() -> {
            try {
                p.getErrorStream().transferTo(err);
            } catch (IOException e) {
                // the process died; what was read is kept
            }
        });
        drain.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("jpmix " + String.join(" ", args) + " did not end in 60 s");
        }
        drain.join();
        return new Result(p.exitValue(), out, err.toString(StandardCharsets.UTF_8));
    }
}
