package io.github.jpmix.server.internal.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.server.internal.launch.JobCommandLine.App;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class JobCommandLineTest {
    private static JobCommandLine parse(String... args) {
        return JobCommandLine.parse(args);
    }

    @Test
    void shouldGiveEveryWordAfterTheProgramToTheProgram() {
        JobCommandLine l = parse("-n", "3", "python3", "-m", "pkg.mod", "--flag", "-n", "9", "", "--help");
        assertEquals(List.of(new App(3, List.of("python3", "-m", "pkg.mod", "--flag", "-n", "9", "", "--help"))), l.apps());
        assertEquals(false, l.help());
    }

    @Test
    void shouldSplitAppsAtColonsAndKeepJobOptionsWhereverTheyStand() {
        JobCommandLine l = parse("-n", "2", "./c_prog", "x", ":", "--tag-output", "-n", "2", "my.Main", ":", "-n", "1",
                "--enable-recovery");
        assertEquals(List.of(new App(2, List.of("./c_prog", "x")), new App(2, List.of("my.Main")), new App(1, List.of())),
                l.apps());
        assertTrue(l.tagOutput() && l.recovery());
        assertEquals(5, l.localProcs());
    }

    @Test
    void shouldRunOneDefaultProcessWithoutArgumentsAndStopAtHelp() {
        assertEquals(List.of(new App(1, List.of())), parse().apps());
        assertTrue(parse("-n", "2", "--help", "--bogus").help());
        assertEquals(List.of(new App(4, List.of())), parse("-np", "4").apps());
    }

    static Stream<Arguments> errors() {
        return Stream.of(
                Arguments.of(Named.of("-n at the end", new String[] {"-n"}), "-n needs a value"),
                Arguments.of(Named.of("-n before ':'", new String[] {"-n", ":", "x"}), "-n needs a value"),
                Arguments.of(Named.of("--job-size at the end", new String[] {"--job-size"}), "--job-size needs a value"),
                Arguments.of(Named.of("-n zero", new String[] {"-n", "0"}), "-n needs a positive number, not '0'"),
                Arguments.of(Named.of("':' alone", new String[] {":"}), "':' with no app before it"),
                Arguments.of(Named.of("trailing ':'", new String[] {"-n", "2", ":"}), "':' with no app after it"),
                Arguments.of(Named.of("':' after a program", new String[] {"a.Main", ":"}), "':' with no app after it"),
                Arguments.of(Named.of("two ':'", new String[] {"a.Main", ":", ":", "b.Main"}), "two ':' with no app between them"),
                Arguments.of(Named.of("unknown option", new String[] {"-x", "a.Main"}), "unknown option -x"),
                Arguments.of(Named.of("unknown option of a later app", new String[] {"a.Main", ":", "--nope"}),
                        "unknown option --nope"),
                Arguments.of(Named.of("job size too small", new String[] {"--job-size", "3", "-n", "2", ":", "-n", "2"}),
                        "--job-size 3 is smaller than the 4 local process(es)"));
    }

    @ParameterizedTest
    @MethodSource("errors")
    void shouldRefuseWithOneMessage(String[] args, String message) {
        PmixException e = assertThrows(PmixException.class, () -> JobCommandLine.parse(args));
        assertEquals(Status.ERR_BAD_PARAM, e.status());
        assertEquals("PMIX_ERR_BAD_PARAM: " + message, e.getMessage());
    }
}
