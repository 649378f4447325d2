package io.github.jpmix.client;

import io.github.jpmix.testing.Child;
import io.github.jpmix.testing.NativePrograms;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

/**
 * The OpenPMIx hosts JPMIx's client is tested under, each linking the installed OpenPMIx 4.2.2
 * server library: {@code pmix_host} ({@code src/test/c/pmix_host.c}, compiled here) and
 * {@code pmix_pyhost.py} ({@code src/test/python}, on {@code python3-pmix}'s {@code PMIxServer}); the
 * C test client {@code pmix_client} of pmix-server's tests; and the command lines that start a Java
 * rank ({@link OpenPmixRank}) or a mix of C and Java ranks under them. A host's stdout carries every
 * rank's (they inherit it), so one {@link Child} reads a whole job.
 */
final class OpenPmixHosts {
    final Path dir;
    final Path pmixHost;
    final Path cClient;
    final Path pyHost;

    /** Compiles the C programs into {@code dir}. */
    OpenPmixHosts(Path dir) {
        this.dir = dir;
        this.pmixHost = NativePrograms.pmix("pmix-client/src/test/c/pmix_host.c", dir);
        this.cClient = NativePrograms.pmix("pmix-server/src/test/c/pmix_client.c", dir);
        this.pyHost = NativePrograms.locate("pmix-client/src/test/python/pmix_pyhost.py");
    }

    /** The command of a Java rank in {@code mode} ({@link OpenPmixRank}). */
    static List<String> javaRank(String mode) {
        return Child.command(Child.SMALL, OpenPmixRank.class.getName(), mode);
    }

    /** The command of a C rank in {@code mode} ({@code pmix_client}). */
    List<String> cRank(String mode) {
        return List.of(cClient.toString(), mode);
    }

    /**
     * A script that runs {@code java} on the even ranks and {@code c} on the odd ones (the host starts
     * one command N times; the rank is in {@code PMIX_RANK}).
     */
    List<String> mixed(String name, List<String> java, List<String> c) throws IOException {
        Path script = dir.resolve(name + ".sh");
        String text = "#!/bin/sh\nif [ $((PMIX_RANK % 2)) -eq 0 ]; then exec " + quote(java) + "; else exec " + quote(c) + "; fi\n";
        Files.writeString(script, text);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        return List.of(script.toString());
    }

    private static String quote(List<String> cmd) {
        StringBuilder b = new StringBuilder();
        for (String s : cmd) {
            b.append(b.length() == 0 ? "" : " ").append('\'').append(s.replace("'", "'\\''")).append('\'');
        }
        return b.toString();
    }

    /** {@code pmix_host -n n --gds hash [hostArgs] --timeout 120 -- command}, its stderr to the test's. */
    Child pmixHost(int n, List<String> hostArgs, List<String> command) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(pmixHost.toString(), "-n", Integer.toString(n), "--gds", "hash",
                "--timeout", "120"));
        cmd.addAll(hostArgs);
        cmd.add("--");
        cmd.addAll(command);
        return Child.start(new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT));
    }

    /** {@code python3 pmix_pyhost.py -n n --timeout 120 -- command}, its stderr to the test's. */
    Child pyHost(int n, List<String> command) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("/usr/bin/python3", pyHost.toString(), "-n", Integer.toString(n),
                "--timeout", "120", "--"));
        cmd.addAll(command);
        return Child.start(new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT));
    }

    /** Kills a host and whatever it started that still runs. */
    static void stop(Child host) {
        host.process.descendants().forEach(ProcessHandle::destroyForcibly);
        host.close();
    }

    /**
     * The first {@code count} lines starting with {@code prefix} of a file a job prints to, once they are
     * there; fails the test after {@code millis}.
     */
    static List<String> await(Path file, String prefix, int count, long millis) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000;
        while (true) {
            List<String> found = new ArrayList<>();
            String text = Files.exists(file) ? Files.readString(file) : "";
            for (String l : text.split("\n")) {
                if (l.startsWith(prefix) && found.size() < count) {
                    found.add(l);
                }
            }
            if (found.size() == count) {
                return found;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError(count + " lines '" + prefix + "' not printed within " + millis + " ms:\n" + text);
            }
            Thread.sleep(20);
        }
    }

    /** The lines of a finished job that start with {@code prefix}. */
    static List<String> lines(Child host, String prefix) {
        List<String> out = new ArrayList<>();
        for (String l : host.transcript().split("\n")) {
            if (l.startsWith(prefix)) {
                out.add(l);
            }
        }
        return out;
    }
}
