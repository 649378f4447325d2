package io.github.jpmix.common;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class IofChannelTest {

    /** Cases read off OpenPMIx 4.2.2's PMIx_IOF_channel_string: every word ends in a space. */
    @ParameterizedTest(name = "{0} -> \"{1}\"")
    @CsvSource(delimiter = '|', ignoreLeadingAndTrailingWhitespace = false, value = {
        "0|NONE",
        "1|STDIN ",
        "6|STDOUT STDERR ",
        "8|STDDIAG ",
        "16|NONE",
        "255|STDIN STDOUT STDERR STDDIAG ",
    })
    void shouldWordChannelsAsOpenPmixDoes(int channels, String expected) {
        assertEquals(expected, IofChannel.toString(channels));
    }

    @Test
    void shouldPrintChannelsAboveTheAllMaskInHex() {
        assertEquals("STDOUT 0x100 ", IofChannel.toString(IofChannel.STDOUT | 0x100));
        assertEquals("0x8000 ", IofChannel.toString(0x8000));
    }

    @Test
    void shouldPrintADefinedChannelByName() {
        assertEquals("JPMIX_FWD_TEST_CHANNEL", IofChannel.define(0x200, "JPMIX_FWD_TEST_CHANNEL"));
        assertEquals("STDIN JPMIX_FWD_TEST_CHANNEL ", IofChannel.toString(IofChannel.STDIN | 0x200));
        assertEquals("JPMIX_FWD_TEST_CHANNEL 0x100 ", IofChannel.toString(0x300));
    }

    @Test
    void shouldNameTheConstants() {
        assertEquals("PMIX_FWD_STDERR_CHANNEL", IofChannel.name(IofChannel.STDERR));
        assertEquals("PMIX_FWD_ALL_CHANNELS", IofChannel.name(IofChannel.ALL_CHANNELS));
        assertEquals("PMIX_FWD_NO_CHANNELS", IofChannel.name(0));
    }
}
