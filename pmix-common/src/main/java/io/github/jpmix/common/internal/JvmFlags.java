package io.github.jpmix.common.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Not API. The JVM flags every JPMIx process that maps Chronicle or Agrona files needs, as the
 * build wrote them from the parent pom's {@code jpmix.jvm.flags} property (the one place they
 * live). The launcher passes them to the JVMs it starts ({@link #javaCommand}, which adds their
 * class-data-sharing archive); the benchmarks to JMH's forks.
 */
public final class JvmFlags {
    private static final String RESOURCE = "/META-INF/jpmix/jvm.flags";

    private JvmFlags() {
    }

    /** The flags, one list element per flag. */
    public static List<String> get() {
        try (InputStream in = JvmFlags.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from pmix-common's jar");
            }
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
            if (text.isEmpty() || text.contains("${")) {
                throw new IllegalStateException(RESOURCE + " was not filtered by the build: '" + text + "'");
            }
            return List.copyOf(Arrays.asList(text.split("\\s+")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The environment variable whose whitespace-separated JVM options {@link #javaCommand} adds to
     * every JVM it starts, e.g. {@code JPMIX_JVM_OPTIONS='-XX:TieredStopAtLevel=1 -XX:+UseSerialGC'}
     * for short-lived processes ({@code docs/startup.md}).
     */
    public static final String OPTIONS_ENV = "JPMIX_JVM_OPTIONS";

    /**
     * The command that starts {@code mainClass} in a new JVM like this one: this JVM's {@code java},
     * the flags of {@link #get()}, the class-data-sharing archive of this class path
     * ({@link SharedArchive}: used, or made by this JVM when it exits, when the class path is all
     * jars), the options of {@value #OPTIONS_ENV}, {@code jvmOptions}, and this JVM's class path. The
     * launcher and every multi-process test start their child JVMs with it.
     */
    public static List<String> javaCommand(List<String> jvmOptions, String mainClass) {
        String classPath = System.getProperty("java.class.path");
        List<String> cmd = new java.util.ArrayList<>();
        cmd.add(ProcessHandle.current().info().command()
                .orElse(java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(get());
        cmd.addAll(SharedArchive.options(classPath));
        String extra = System.getenv(OPTIONS_ENV);
        if (extra != null && !extra.isBlank()) {
            cmd.addAll(Arrays.asList(extra.trim().split("\\s+")));
        }
        cmd.addAll(jvmOptions);
        cmd.add("-cp");
        cmd.add(classPath);
        cmd.add(mainClass);
        return cmd;
    }

    /**
     * Sets the system properties that keep Chronicle from phoning home. Every entry point calls
     * this before any Chronicle class loads, in case it was started without {@link #get()}.
     */
    public static void disableChronicleAnalytics() {
        System.setProperty("chronicle.analytics.disable", "true");
        System.setProperty("chronicle.announcer.disable", "true");
    }
}
