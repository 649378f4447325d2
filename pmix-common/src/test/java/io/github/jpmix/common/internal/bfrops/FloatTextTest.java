package io.github.jpmix.common.internal.bfrops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** glibc's {@code "%f"} and {@code strtod} for the floats and doubles bfrops sends as text. */
class FloatTextTest {

    @ParameterizedTest(name = "{0} prints {1}")
    @CsvSource({
        "1.5, 1.500000",
        "-0.0, -0.000000",
        "0.0, 0.000000",
        "-1e-9, -0.000000",
        "0.0078125, 0.007812", // a tie: to even
        "0.0234375, 0.023438", // a tie: to even
        "0.0000005, 0.000000", // the double nearest 5e-7 is a little under the tie
        "123456789.125, 123456789.125000",
        "1e20, 100000000000000000000.000000",
        "Infinity, inf",
        "-Infinity, -inf",
        "NaN, nan"})
    void shouldPrintADoubleAsGlibcDoes(double v, String text) {
        assertEquals(text, FloatText.format(v));
    }

    @ParameterizedTest(name = "{0}f prints {1}")
    @CsvSource({
        "1e20, 100000002004087734272.000000",
        "-0.1, -0.100000",
        "3.4028235e38, 340282346638528859811704183484516925440.000000"})
    void shouldPrintAFloatAsGlibcDoes(float v, String text) {
        assertEquals(text, FloatText.format(v));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"1.500000, 1.5", "-0.100000, -0.1", "+2, 2", ".5, 0.5", "1e3, 1000", "INF, Infinity", "-infinity, -Infinity"})
    void shouldParseWhatStrtodReads(String text, double v) {
        assertEquals(v, FloatText.parseDouble(text));
        assertEquals((float) v, FloatText.parseFloat(text));
    }

    @ParameterizedTest(name = "[{index}] \"{0}\"")
    @ValueSource(strings = {"", "abc", "1.5f", "0x1p3", "1,5", " 1", "Infinityy", "--1", "NaN(1)"})
    void shouldRefuseTextThatIsNoNumber(String text) {
        assertNull(FloatText.parseDouble(text));
        assertNull(FloatText.parseFloat(text));
    }

    @org.junit.jupiter.api.Test
    void shouldKeepTheSignOfNaN() {
        assertEquals("-nan", FloatText.format(FloatText.parseFloat("-nan")));
        assertEquals("-nan", FloatText.format(FloatText.parseDouble("-nan")));
        assertEquals("nan", FloatText.format(FloatText.parseDouble("nan")));
        assertTrue(Double.isNaN(FloatText.parseDouble("NAN")));
    }
}
