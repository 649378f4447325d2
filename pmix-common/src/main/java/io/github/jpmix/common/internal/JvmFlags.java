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
 * live), the switch that keeps Chronicle from phoning home, and the command that starts a JVM like
 * this one with them ({@link #javaCommand}). Every module's entry points and multi-process tests
 * use it; the launcher adds the class-data-sharing archive of its JVMs (pmix-server's
 * {@code SharedArchive}), the benchmarks pass the flags to JMH's forks.
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
     * the flags of {@link #get()}, the options of {@value #OPTIONS_ENV}, {@code jvmOptions}, and this
     * JVM's class path. Every multi-process test starts its child JVMs with it.
     */
    public static List<String> javaCommand(List<String> jvmOptions, String mainClass) {
        return javaCommand(List.of(), jvmOptions, mainClass);
    }

    /**
     * {@link #javaCommand(List, String)} with {@code classPathOptions} right after the flags: options
     * that depend on this JVM's class path, such as the class-data-sharing archive the launcher gives
     * the JVMs it starts (pmix-server's {@code SharedArchive.javaCommand}).
     */
    public static List<String> javaCommand(List<String> classPathOptions, List<String> jvmOptions, String mainClass) {
        List<String> cmd = new java.util.ArrayList<>();
        cmd.add(ProcessHandle.current().info().command()
                .orElse(java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(get());
        cmd.addAll(classPathOptions);
        String extra = System.getenv(OPTIONS_ENV);
        if (extra != null && !extra.isBlank()) {
            cmd.addAll(Arrays.asList(extra.trim().split("\\s+")));
        }
        cmd.addAll(jvmOptions);
        cmd.add("-cp");
        cmd.add(classPath());
        cmd.add(mainClass);
        return cmd;
    }

    /** This JVM's class path, the one {@link #javaCommand} gives the JVMs it starts. */
    public static String classPath() {
        return System.getProperty("java.class.path");
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
