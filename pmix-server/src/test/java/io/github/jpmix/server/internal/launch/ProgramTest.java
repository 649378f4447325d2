package io.github.jpmix.server.internal.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.jpmix.common.PmixException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProgramTest {
    @TempDir
    Path dir;

    private Path file(String name, boolean executable) throws IOException {
        Path p = Files.writeString(dir.resolve(name), "#!/bin/sh\n");
        p.toFile().setExecutable(executable);
        return p;
    }

    @Test
    void shouldRunAnExecutablePathAsANativeProgramWithItsArguments() throws IOException {
        Path prog = file("prog", true);
        Program p = Program.of(List.of(prog.toString(), "-n", "x"), "");
        assertEquals(new Program.Native(prog, List.of("-n", "x")), p);
        assertEquals(List.of(prog.toString(), "-n", "x"), p.command());
        assertEquals(prog.toString(), p.name());
    }

    @Test
    void shouldFindACommandOnPathAndSkipWhatIsNotExecutable() throws IOException {
        Path other = Files.createDirectory(dir.resolve("other"));
        file("tool", false); // not executable: skipped
        Path tool = Files.writeString(other.resolve("tool"), "#!/bin/sh\n");
        tool.toFile().setExecutable(true);
        Program p = Program.of(List.of("tool", "a"), dir + ":" + ":" + other);
        assertEquals(new Program.Native(tool.toAbsolutePath(), List.of("a")), p);
    }

    @Test
    void shouldTakeAnyOtherWordForAJavaMainClass() {
        Program p = Program.of(List.of("my.pkg.Main", "--opt"), dir.toString());
        assertEquals(new Program.JavaMain("my.pkg.Main", List.of("--opt")), p);
        assertEquals("my.pkg.Main", p.name());
        List<String> cmd = p.command();
        assertEquals(List.of("my.pkg.Main", "--opt"), cmd.subList(cmd.size() - 2, cmd.size()));
        assertInstanceOf(Program.JavaMain.class, Program.of(List.of("sh"), null));
    }

    @Test
    void shouldRefuseAPathThatIsNoExecutableFile() throws IOException {
        Path plain = file("plain", false);
        assertEquals("PMIX_ERR_BAD_PARAM: " + plain + ": not an executable file",
                assertThrows(PmixException.class, () -> Program.of(List.of(plain.toString()), "")).getMessage());
        assertEquals("PMIX_ERR_BAD_PARAM: ./no/such: no such file",
                assertThrows(PmixException.class, () -> Program.of(List.of("./no/such"), "")).getMessage());
        assertEquals("PMIX_ERR_BAD_PARAM: " + dir + "/: not an executable file",
                assertThrows(PmixException.class, () -> Program.of(List.of(dir + "/"), "")).getMessage());
    }
}
