package io.github.jpmix.gds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.internal.JvmFlags;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import net.openhft.chronicle.hash.VanillaGlobalMutableState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ChronicleBootstrap}: the shipped {@code $$Native} source is what Chronicle's generator writes,
 * and a fresh reader JVM opens its maps without javac and without Chronicle's native POSIX binding.
 */
class ChronicleBootstrapTest {
    private static final String NATIVE_NAME = "VanillaGlobalMutableState$$Native";
    private static final Path SHIPPED = Path.of("src/main/chronicle/net/openhft/chronicle/hash/" + NATIVE_NAME + ".java");

    @TempDir
    Path dir;

    @Test
    void theShippedSourceIsWhatChronicleValuesGenerates() throws Exception {
        Class<?> model = Class.forName("net.openhft.chronicle.values.ValueModel");
        Object vgms = model.getMethod("acquire", Class.class).invoke(null, VanillaGlobalMutableState.class);
        Method generate = Class.forName("net.openhft.chronicle.values.Generators")
                .getDeclaredMethod("generateNativeClass", model, String.class);
        generate.setAccessible(true);
        String generated = (String) generate.invoke(null, vgms, NATIVE_NAME);

        String shipped = Files.readString(SHIPPED);
        // the shipped file is a comment header, then the generator's text
        String body = shipped.substring(shipped.indexOf("package "));
        if (!body.equals(generated)) {
            Path fresh = Path.of("target/chronicle/" + NATIVE_NAME + ".java");
            Files.createDirectories(fresh.getParent());
            Files.writeString(fresh, shipped.substring(0, shipped.indexOf("package ")) + generated);
            throw new AssertionError("Chronicle Values now generates another " + NATIVE_NAME + " (another Chronicle "
                    + "version?): copy " + fresh.toAbsolutePath() + " to " + SHIPPED);
        }
    }

    @Test
    void theBuildShipsTheCompiledClass() throws IOException {
        try (InputStream in = ChronicleBootstrap.class.getResourceAsStream(ChronicleBootstrap.NATIVE_CLASS_RESOURCE)) {
            assertNotNull(in, ChronicleBootstrap.NATIVE_CLASS_RESOURCE);
            byte[] b = in.readAllBytes();
            assertEquals(0xCAFEBABE, ((b[0] & 0xFF) << 24) | ((b[1] & 0xFF) << 16) | ((b[2] & 0xFF) << 8) | (b[3] & 0xFF));
        }
    }

    @Test
    void bytesThatAreNotTheClassDefineNothing() {
        assertFalse(ChronicleBootstrap.defineNativeClass(null));
        assertFalse(ChronicleBootstrap.defineNativeClass(new byte[] {1, 2, 3}));
        assertFalse(ChronicleBootstrap.defineNativeClass("not a class file".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aFreshReaderJvmNeedsNoJavacAndNoNativePosix() throws Exception {
        List<String> out = readInChild(true);
        assertTrue(out.contains("size=10"), out::toString);
        assertTrue(out.contains("shipped=true"), out::toString);
        assertTrue(out.contains("posix=NoOpPosixAPI"), out::toString);
        // -verbose:class lines: Chronicle defined nothing of its own, javac and JNR never loaded
        assertTrue(out.stream().anyMatch(l -> l.contains(NATIVE_NAME)), "the class loaded");
        assertFalse(out.stream().anyMatch(l -> l.contains("com.sun.tools.javac.main.JavaCompiler")), "javac loaded");
        assertFalse(out.stream().anyMatch(l -> l.contains(" jnr.ffi.")), "JNR loaded");
    }

    @Test
    void aWrongExpectedDirectoryOnlyCostsTheMappingAhead() throws Exception {
        List<String> out = readInChild(false);
        assertTrue(out.contains("size=10"), out::toString);
        assertTrue(out.contains("shipped=true"), out::toString);
    }

    /** Registers job1 here (this JVM writes), then reads its size in a fresh JVM; its output lines. */
    private List<String> readInChild(boolean rightDirectory) throws Exception {
        Path session = dir.resolve("session");
        List<String> lines = new ArrayList<>();
        try (GdsStore store = Gds.mappedStore(session, Jobs.LOCAL)) {
            store.register(Registration.parse("job1", 4, Jobs.job1()));
            Path expected = rightDirectory ? session : Files.createDirectories(dir.resolve("elsewhere"));
            List<String> cmd = new ArrayList<>(JvmFlags.javaCommand(List.of("-verbose:class"),
                    BootstrapChild.class.getName()));
            cmd.addAll(List.of(session.toString(), Jobs.LOCAL, "job1", expected.toString()));
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            try (var in = p.inputReader(StandardCharsets.UTF_8)) {
                in.lines().forEach(lines::add);
            }
            assertTrue(p.waitFor(60, TimeUnit.SECONDS));
            assertEquals(0, p.exitValue(), () -> String.join("\n", lines));
        }
        return lines;
    }
}
