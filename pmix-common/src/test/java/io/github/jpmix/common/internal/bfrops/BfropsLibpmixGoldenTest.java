package io.github.jpmix.common.internal.bfrops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.jpmix.common.internal.bfrops.GoldenCases.CRead;
import io.github.jpmix.common.internal.bfrops.GoldenCases.Case;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * JPMIx's bfrops against the installed OpenPMIx 4.2.2, both ways, for every data type the model
 * holds: compiles {@code src/test/c/bfrops_golden.c} (gcc + pkg-config pmix hwloc) into a temporary
 * directory, reads what libpmix's {@code PMIx_Data_pack} writes for each case of
 * {@link GoldenCases} and writes it again byte for byte, then gives libpmix JPMIx's bytes of every
 * case to {@code PMIx_Data_unpack} and checks it consumed them all and packs the same bytes again.
 * Where 4.2.2 itself cannot do one direction the case says so and why, and the test checks that
 * documented behaviour instead, so a fixed or changed libpmix shows up here.
 */
class BfropsLibpmixGoldenTest {
    private static final String SOURCE = "pmix-common/src/test/c/bfrops_golden.c";

    @TempDir
    static Path dir;
    private static Path exe;
    /** name to hex, as libpmix packed each case */
    private static Map<String, String> packed;
    /** name to [status, consumed, repacked, printed], as libpmix unpacked JPMIx's bytes */
    private static Map<String, String[]> unpacked;

    @BeforeAll
    static void runLibpmix() throws IOException, InterruptedException {
        Path source = locateSource();
        String flags;
        try {
            flags = exec(List.of("pkg-config", "--cflags", "--libs", "pmix", "hwloc")).trim();
            exec(List.of("gcc", "--version"));
        } catch (IOException | IllegalStateException e) {
            fail("the libpmix golden test needs gcc, pkg-config, libpmix-dev (OpenPMIx 4.2.2) and libhwloc-dev:"
                    + " apt-get install -y libpmix-dev libhwloc-dev gcc pkg-config (" + e.getMessage() + ")");
            return;
        }
        exe = dir.resolve("bfrops_golden");
        List<String> cmd = new ArrayList<>(List.of("gcc", "-O1", "-std=gnu11", "-Wall", "-Wextra", "-Werror", "-o",
                exe.toString(), source.toString()));
        cmd.addAll(Arrays.asList(flags.split("\\s+")));
        exec(cmd);

        packed = new LinkedHashMap<>();
        for (String line : run("pack", List.of())) {
            String[] f = line.split("\t", -1);
            packed.put(f[0], f[1]);
        }

        List<String> input = new ArrayList<>();
        for (Case c : GoldenCases.all()) {
            if (c.cRead() != CRead.SKIP) {
                input.add(c.name() + "\t" + c.type() + "\t" + c.elements().size() + "\t"
                        + (c.cRead() == CRead.REPACKS ? 1 : 0) + "\t" + Hex.of(write(c)));
            }
        }
        unpacked = new LinkedHashMap<>();
        for (String line : run("unpack", input)) {
            String[] f = line.split("\t", -1);
            unpacked.put(f[0], Arrays.copyOfRange(f, 1, f.length));
        }
    }

    private static Path locateSource() {
        List<Path> tried = new ArrayList<>();
        for (Path d = Paths.get("").toAbsolutePath(); d != null; d = d.getParent()) {
            for (Path candidate : List.of(d.resolve(SOURCE), d.resolve(SOURCE.substring("pmix-common/".length())))) {
                tried.add(candidate);
                if (Files.isRegularFile(candidate)) {
                    return candidate;
                }
            }
        }
        return fail("cannot find " + SOURCE + "; looked at " + tried);
    }

    private static String exec(List<String> cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IllegalStateException(String.join(" ", cmd) + " failed: " + out);
        }
        return out;
    }

    private static List<String> run(String mode, List<String> lines) throws IOException, InterruptedException {
        Path in = Files.createTempFile(dir, mode, ".in");
        Path out = Files.createTempFile(dir, mode, ".out");
        Path err = Files.createTempFile(dir, mode, ".err");
        Files.write(in, lines, StandardCharsets.UTF_8);
        Process p = new ProcessBuilder(exe.toString(), mode).redirectInput(in.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile()).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("bfrops_golden " + mode + " did not finish");
        }
        assertEquals(0, p.exitValue(), () -> "bfrops_golden " + mode + " failed: " + read(err));
        return Files.readAllLines(out, StandardCharsets.ISO_8859_1);
    }

    private static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            return e.toString();
        }
    }

    static byte[] write(Case c) {
        return new BfropsWriter().packAll(c.type(), c.elements()).toByteArray();
    }

    static Stream<Case> cases() {
        return GoldenCases.all().stream();
    }

    static Stream<Case> libpmixPacked() {
        return cases().filter(Case::libpmixPacks);
    }

    // ---- libpmix writes, JPMIx reads ----

    @Test
    void shouldHaveACaseForEveryCaseLibpmixPacks() {
        List<String> known = cases().map(Case::name).toList();
        for (String name : packed.keySet()) {
            assertTrue(known.contains(name), () -> "bfrops_golden.c packs " + name + ", which GoldenCases does not list");
        }
        for (Case c : libpmixPacked().toList()) {
            assertTrue(packed.containsKey(c.name()), () -> "bfrops_golden.c does not pack " + c.name());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("libpmixPacked")
    void shouldReadWhatLibpmixPacks(Case c) {
        String hex = packed.get(c.name());
        assertNotNull(hex, c.name());
        assertFalse(hex.startsWith("ERROR"), () -> "libpmix could not pack " + c.name() + ": " + hex);
        BfropsReader r = new BfropsReader(Hex.bytes(hex));
        List<Object> got = r.unpackAll(c.type());
        assertFalse(r.hasRemaining(), () -> r.remaining() + " bytes left after " + c.name());
        Models.assertSame(c.elements(), got, c.name());
        if (c.sameBytes()) {
            assertEquals(hex, Hex.of(write(c)), "JPMIx must write libpmix's bytes again");
        } else {
            assertNotEquals(hex, Hex.of(write(c)), c.note());
            Models.assertSame(c.elements(), new BfropsReader(write(c)).unpackAll(c.type()), c.note());
        }
    }

    // ---- JPMIx writes, libpmix reads ----

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void shouldWriteWhatLibpmixReads(Case c) {
        assumeTrue(c.cRead() != CRead.SKIP, c.note());
        String[] got = unpacked.get(c.name());
        assertNotNull(got, () -> "bfrops_golden unpack printed nothing for " + c.name());
        String hex = Hex.of(write(c));
        String status = got[0];
        int consumed = Integer.parseInt(got[1]);
        String repacked = got.length > 2 ? got[2] : "";
        String printed = got.length > 3 ? got[3] : "";
        switch (c.cRead()) {
            case REPACKS -> {
                assertEquals("0", status, () -> "PMIx_Data_unpack of " + hex + ": " + printed);
                assertEquals(hex.length() / 2, consumed, "bytes libpmix consumed");
                assertEquals(hex, repacked, () -> "libpmix packs what it read again; it read " + printed);
            }
            case READS -> {
                assertEquals("0", status, () -> "PMIx_Data_unpack of " + hex + " (" + c.note() + "): " + printed);
                assertEquals(hex.length() / 2, consumed, "bytes libpmix consumed");
                if (c.cText() != null) {
                    assertTrue(printed.contains(c.cText()), () -> "libpmix printed " + printed + ", not " + c.cText());
                }
            }
            case FAILS -> assertNotEquals("0", status, () -> "libpmix now unpacks " + c.name() + "; " + c.note()
                    + " no longer holds");
            default -> fail(c.cRead().toString());
        }
    }
}
