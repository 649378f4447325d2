package io.github.jpmix.common.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class JvmFlagsTest {
    private static final String UNSAFE_ALLOW = "--sun-misc-unsafe-memory-access=allow";

    @Test
    void shouldAddTheNewerJdksFlagsOnlyFromJdk23() {
        List<String> jdk17 = JvmFlags.get(17);
        List<String> jdk25 = JvmFlags.get(25);
        assertTrue(jdk17.contains("--enable-native-access=ALL-UNNAMED"), jdk17.toString());
        assertFalse(jdk17.contains(UNSAFE_ALLOW), jdk17.toString());
        assertFalse(JvmFlags.get(JvmFlags.NEWER_JDK - 1).contains(UNSAFE_ALLOW));
        assertTrue(JvmFlags.get(JvmFlags.NEWER_JDK).contains(UNSAFE_ALLOW));
        assertEquals(jdk17, jdk25.subList(0, jdk17.size()), "the newer JDKs' flags come after the common ones");
        assertEquals(JvmFlags.get(Runtime.version().feature()), JvmFlags.get());
    }

    /** Surefire starts this JVM with the same flags (the parent pom's argLine and its profile jdk23-flags). */
    @Test
    void shouldRunTheTestsWithTheFlagsOfThisJdk() {
        List<String> args = java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments();
        for (String flag : JvmFlags.get()) {
            assertTrue(args.contains(flag), flag + " missing from " + args);
        }
    }

    /** The JDK this test runs on (17 or 25 in CI) accepts its flags and says nothing about them. */
    @Test
    void shouldGiveFlagsThisJdkAcceptsSilently() throws Exception {
        List<String> cmd = new ArrayList<>(JvmFlags.javaCommand(List.of(), "-version"));
        // javaCommand ends with "-cp <class path> <main>": "-version" in the main class's place prints and exits
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "java -version did not end");
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.lines().noneMatch(l -> l.contains("WARNING") || l.contains("Unrecognized")), out);
    }
}
