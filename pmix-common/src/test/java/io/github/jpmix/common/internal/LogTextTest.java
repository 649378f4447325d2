package io.github.jpmix.common.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.ResourceBundle;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class LogTextTest {
    static Stream<Arguments> durations() {
        return Stream.of(
                Arguments.of(Named.of("nanoseconds", 999L), "999 ns"),
                Arguments.of(Named.of("microseconds", 12_345L), "12 us"),
                Arguments.of(Named.of("milliseconds", 150_000_000L), "150 ms"),
                Arguments.of(Named.of("whole seconds", 2_000_000_000L), "2 s"),
                Arguments.of(Named.of("a heartbeat timeout", 30_212_345_678L), "30.2 s"),
                Arguments.of(Named.of("minutes", 184_000_000_000L), "3 min 4 s"),
                Arguments.of(Named.of("whole minutes", 120_000_000_000L), "2 min"));
    }

    @ParameterizedTest
    @MethodSource("durations")
    void shouldSayADurationInTheUnitsPeopleRead(long nanos, String text) {
        assertEquals(text, LogText.duration(nanos));
    }

    @Test
    void shouldEscapeControlCharactersAndCutLongText() {
        assertEquals("x\\x0aINFO: forged\\x1b[2J", LogText.peer("x\nINFO: forged\u001b[2J"));
        String cut = LogText.peer("a".repeat(10_000), 100);
        assertEquals("a".repeat(100) + "...(9900 more chars)", cut);
    }

    /** A logger that keeps what it is asked to log. */
    private static final class Kept implements System.Logger {
        final List<String> lines = new ArrayList<>();

        @Override
        public String getName() {
            return "kept";
        }

        @Override
        public boolean isLoggable(Level level) {
            return true;
        }

        @Override
        public void log(Level level, ResourceBundle bundle, String msg, Throwable thrown) {
            lines.add(msg);
        }

        @Override
        public void log(Level level, ResourceBundle bundle, String format, Object... params) {
            lines.add(format);
        }

        @Override
        public void log(Level level, Supplier<String> msgSupplier) {
            lines.add(msgSupplier.get());
        }
    }

    @Test
    void shouldLogAFewLinesPerPeerAndMinuteAndMakeTheRestNoLine() {
        Kept kept = new Kept();
        PeerLog log = new PeerLog(kept);
        int[] made = {0};
        for (int i = 0; i < 1000; i++) {
            log.log(System.Logger.Level.WARNING, "uid 1001", () -> "refused " + ++made[0]);
        }
        log.log(System.Logger.Level.WARNING, "uid 1002", () -> "another peer");
        assertEquals(PeerLog.BURST + 1, kept.lines.size(), kept.lines.toString());
        assertEquals(PeerLog.BURST, made[0], "a suppressed line is not even made");
        assertTrue(kept.lines.contains("another peer"));
    }
}
