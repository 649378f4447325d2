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
 * live) and, for JDK {@value #NEWER_JDK} and later, {@code jpmix.jvm.flags.jdk23} (options JDK 17
 * refuses); the switch that keeps Chronicle from phoning home; and the command that starts a JVM like
 * this one with them ({@link #javaCommand}). Every module's entry points and multi-process tests
 * use it; the launcher adds the class-data-sharing archive of its JVMs (pmix-server's
 * {@code SharedArchive}), the benchmarks pass the flags to JMH's forks. The {@code bin/} scripts
 * read the same two files ({@code bin/lib/jvm.sh}) and Surefire the same two properties (the parent
 * pom's profile {@code jdk23-flags}).
 */
public final class JvmFlags {
    private static final String RESOURCE = "/META-INF/jpmix/jvm.flags";
    /** The first JDK that accepts the flags of {@link #NEWER_RESOURCE}. */
    public static final int NEWER_JDK = 23;
    private static final String NEWER_RESOURCE = "/META-INF/jpmix/jvm-" + NEWER_JDK + ".flags";

    private JvmFlags() {
    }

    /** The flags for the JDK this JVM runs, one list element per flag (the JVMs it starts run the same JDK). */
    public static List<String> get() {
        return get(Runtime.version().feature());
    }

    /** The flags for JDK {@code feature} (17, 25, ...), one list element per flag. */
    public static List<String> get(int feature) {
        List<String> flags = new java.util.ArrayList<>(read(RESOURCE));
        if (feature >= NEWER_JDK) {
            flags.addAll(read(NEWER_RESOURCE));
        }
        return List.copyOf(flags);
    }

    private static List<String> read(String resource) {
        try (InputStream in = JvmFlags.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is missing from pmix-common's jar");
            }
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
            if (text.isEmpty() || text.contains("${")) {
                throw new IllegalStateException(resource + " was not filtered by the build: '" + text + "'");
            }
            return Arrays.asList(text.split("\\s+"));
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
