package io.github.jpmix.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The C programs of the tests (a libpmix client, an MPI program, an OpenPMIx host), compiled where
 * a test wants them: with {@code gcc} and {@code pkg-config pmix} (libpmix-dev), or with
 * {@code mpicc} (libopenmpi-dev), both of which {@code .ci/run} installs. A missing compiler or
 * library fails the test with what to install, never skips it.
 */
public final class NativePrograms {
    private NativePrograms() {
    }

    /**
     * Compiles the repository file {@code source} (a path from the repository's root, e.g.
     * {@code pmix-server/src/test/c/pmix_client.c}) against libpmix into {@code dir}; returns the executable.
     */
    public static Path pmix(String source, Path dir) {
        List<String> flags = Arrays.asList(run(List.of("pkg-config", "--cflags", "--libs", "pmix"),
                "gcc, pkg-config and libpmix-dev (OpenPMIx 4.2.2): apt-get install -y gcc pkg-config libpmix-dev").trim().split("\\s+"));
        Path exe = dir.resolve(name(source));
        List<String> cmd = new ArrayList<>(List.of("gcc", "-Wall", "-Wextra", "-Werror", "-O2", "-std=gnu11", "-pthread",
                "-o", exe.toString(), locate(source).toString()));
        cmd.addAll(flags);
        run(cmd, "gcc and libpmix-dev: apt-get install -y gcc pkg-config libpmix-dev");
        return exe;
    }

    /** Compiles {@code source} with {@code mpicc} (Open MPI) into {@code dir}; returns the executable. */
    public static Path mpi(String source, Path dir) {
        Path exe = dir.resolve(name(source));
        run(List.of("mpicc", "-Wall", "-Wextra", "-Werror", "-O2", "-o", exe.toString(), locate(source).toString()),
                "Open MPI's mpicc: apt-get install -y openmpi-bin libopenmpi-dev");
        return exe;
    }

    /** A repository file, found from the working directory up (a module's tests run in the module). */
    public static Path locate(String repositoryPath) {
        List<Path> tried = new ArrayList<>();
        for (Path d = Paths.get("").toAbsolutePath(); d != null; d = d.getParent()) {
            Path candidate = d.resolve(repositoryPath);
            tried.add(candidate);
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        return fail("cannot find " + repositoryPath + "; looked at " + tried);
    }

    private static String name(String source) {
        String f = Paths.get(source).getFileName().toString();
        return f.endsWith(".c") ? f.substring(0, f.length() - 2) : f;
    }

    private static String run(List<String> cmd, String needs) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(180, TimeUnit.SECONDS) || p.exitValue() != 0) {
                return fail(String.join(" ", cmd) + " failed (this test needs " + needs + "):\n" + out);
            }
            return out;
        } catch (IOException e) {
            return fail(String.join(" ", cmd) + ": " + e.getMessage() + " (this test needs " + needs + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return fail("interrupted");
        }
    }
}
