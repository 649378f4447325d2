package io.github.jpmix.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class InfoDirectivesTest {

    /** Cases read off OpenPMIx 4.2.2's PMIx_Info_directives_string (see openpmix-4.2.2-strings.tsv). */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "0x00 | OPTIONAL",
        "0x01 | REQUIRED",
        "0x02 | OPTIONAL:END",
        "0x05 | REQUIRED:PROCESSED",
        "0x07 | REQUIRED:PROCESSED:END",
        "0x08 | QUALIFIER",
        "0x0F | QUALIFIER",
        "0x10 | OPTIONAL",
        "0x11 | REQUIRED",
        "0xFFFF0000 | OPTIONAL",
        "0xFFFF0001 | REQUIRED",
    })
    void shouldCombineBitsAsOpenPmixDoes(String hex, String expected) {
        assertEquals(expected, InfoDirectives.toString(Integer.parseUnsignedInt(hex.substring(2), 16)));
    }

    @Test
    void shouldAppendBitsOpenPmixIgnores() {
        assertEquals("REQUIRED:0x20", InfoDirectives.toString(InfoDirectives.REQD | 0x20));
        assertEquals("QUALIFIER:0xe0", InfoDirectives.toString(0x0000_00FF));
        assertEquals("OPTIONAL:0x8000", InfoDirectives.toString(0x0001_8000), "unnamed reserved bits stay silent");
    }

    @Test
    void shouldPrintADefinedBitByName() {
        // a bit no other test here prints: definitions are global (ConstantNamesTest covers a
        // defined reserved bit on a private table)
        int bit = 0x0200;
        assertEquals("OPTIONAL:0x200", InfoDirectives.toString(bit));
        assertEquals("JPMIX_INFO_TEST_MARK", InfoDirectives.define(bit, "JPMIX_INFO_TEST_MARK"));
        assertEquals("REQUIRED:JPMIX_INFO_TEST_MARK", InfoDirectives.toString(InfoDirectives.REQD | bit));
        assertEquals("OPTIONAL:JPMIX_INFO_TEST_MARK:0x100", InfoDirectives.toString(0x0300));
    }

    @Test
    void shouldNameSingleConstantsOnly() {
        assertEquals("PMIX_INFO_REQD", InfoDirectives.name(InfoDirectives.REQD));
        assertEquals("PMIX_INFO_DIR_RESERVED", InfoDirectives.name(InfoDirectives.DIR_RESERVED));
        assertEquals("9", InfoDirectives.name(InfoDirectives.REQD | InfoDirectives.QUALIFIER));
        assertEquals("4294901761", InfoDirectives.name(0xFFFF_0001), "unsigned, as C holds it");
    }

    @Test
    void shouldTestTheCommonBits() {
        assertTrue(InfoDirectives.isRequired(InfoDirectives.REQD | InfoDirectives.PERSISTENT));
        assertFalse(InfoDirectives.isRequired(InfoDirectives.QUALIFIER));
        assertTrue(InfoDirectives.isQualifier(InfoDirectives.QUALIFIER | InfoDirectives.REQD));
        assertFalse(InfoDirectives.isQualifier(0));
    }
}
