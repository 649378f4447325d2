package io.github.jpmix.gds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import net.openhft.chronicle.hash.VanillaGlobalMutableState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ChronicleBootstrap}: the shipped {@code $$Native} source is what Chronicle's generator writes, and
 * the build ships it compiled (a writer defines it instead of running javac). Readers load no Chronicle at
 * all ({@code MapFileTest}).
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
}
