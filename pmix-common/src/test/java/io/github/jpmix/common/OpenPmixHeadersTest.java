package io.github.jpmix.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/** The header reader itself, on a small header written for the purpose, then on the real ones. */
class OpenPmixHeadersTest {
    private static final String SAMPLE = String.join("\n",
            "/*",
            " * #define PMIX_IN_A_COMMENT 99",
            " */",
            "#define PMIX_EXPORT __attribute__((__visibility__(\"default\")))",
            "#define PMIX_MAX_NSLEN     255",
            "typedef uint32_t pmix_rank_t;",
            "#define PMIX_RANK_UNDEF     UINT32_MAX",
            "#define PMIX_RANK_INVALID   UINT32_MAX-3",
            "#define PMIX_RANK_IS_VALID(r)   \\",
            "    ((r) < PMIX_RANK_VALID)",
            "#define PMIX_RANK              \"pmix.rank\"             // (pmix_rank_t) process rank",
            "                                                         //   within the job",
            "#define PMIX_SLASHES           \"a//b\"                  // (char*) not a comment inside",
            "/****    PROCESS STATE DEFINITIONS    ****/",
            "typedef uint8_t pmix_proc_state_t;",
            "#define PMIX_PROC_STATE_ERROR                   50",
            "#define PMIX_PROC_STATE_KILLED_BY_CMD           (PMIX_PROC_STATE_ERROR +  1)  /* killed by cmd */",
            "typedef enum {",
            "    PMIX_EQUAL",
            "} pmix_value_cmp_t;",
            "/* CONSTANTS */",
            "#define PMIX_HEX           0xffff0000",
            "#define PMIX_OCTAL         010",
            "#define PMIX_LONG          4L",
            "#define PMIX_NEGATIVE      -44",
            "#define PMIX_ALIAS         PMIX_NEGATIVE",
            "#define PMIX_RANGE_INVALID   UINT8_MAX",
            "#define PMIX_SHIFTED       (1 << 4 | 0x1)",
            "#define PMIX_BLOCK         7   /* a comment that",
            "#define PMIX_HIDDEN        8      goes on */",
            "#define PMIX_STRUCT_INIT    \\",
            "{                          \\",
            "    .x = 0                 \\",
            "}",
            "#define PMIX_HEX           0x1",
            "#define PMIX_GUARD",
            "");

    private static OpenPmixHeaders sample;

    @BeforeAll
    static void writeSample(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("sample.h"), SAMPLE);
        sample = OpenPmixHeaders.parse(dir, "sample.h");
    }

    @Test
    void shouldEvaluateEveryFormTheHeadersUse() {
        assertEquals(255, sample.evaluate("PMIX_MAX_NSLEN"));
        assertEquals(0xFFFF_FFFFL, sample.evaluate("PMIX_RANK_UNDEF"));
        assertEquals(0xFFFF_FFFCL, sample.evaluate("PMIX_RANK_INVALID"));
        assertEquals(51, sample.evaluate("PMIX_PROC_STATE_KILLED_BY_CMD"));
        assertEquals(0xFFFF_0000L, sample.evaluate("PMIX_HEX"));
        assertEquals(8, sample.evaluate("PMIX_OCTAL"));
        assertEquals(4, sample.evaluate("PMIX_LONG"));
        assertEquals(-44, sample.evaluate("PMIX_NEGATIVE"));
        assertEquals(-44, sample.evaluate("PMIX_ALIAS"));
        assertEquals(255, sample.evaluate("PMIX_RANGE_INVALID"));
        assertEquals(0x11, sample.evaluate("PMIX_SHIFTED"));
    }

    @Test
    void shouldRefuseWhatIsNotAnIntegerExpression() {
        assertFalse(sample.isInteger("PMIX_RANK"));
        assertFalse(sample.isInteger("PMIX_EXPORT"));
        assertFalse(sample.isInteger("PMIX_STRUCT_INIT"));
        assertFalse(sample.isInteger("PMIX_GUARD"));
        assertThrows(IllegalArgumentException.class, () -> sample.evaluate("PMIX_NOT_THERE"));
        assertTrue(sample.isInteger("PMIX_ALIAS"));
    }

    @Test
    void shouldKeepStringValuesAndTheirCommentsForTheKeyCheck() {
        OpenPmixHeaders.Macro rank = sample.macro("PMIX_RANK");
        assertEquals("\"pmix.rank\"", rank.value());
        assertEquals(Optional.of("pmix.rank"), rank.stringValue());
        assertEquals("(pmix_rank_t) process rank within the job", rank.comment());
        assertEquals(Optional.of("a//b"), sample.macro("PMIX_SLASHES").stringValue());
        assertEquals("(char*) not a comment inside", sample.macro("PMIX_SLASHES").comment());
        assertEquals("killed by cmd", sample.macro("PMIX_PROC_STATE_KILLED_BY_CMD").comment());
        assertEquals(Optional.empty(), sample.macro("PMIX_NEGATIVE").stringValue());
        assertEquals("\"pmix.rank\"", sample.values().get("PMIX_RANK"));
        assertEquals("pmix_rank_t", rank.typeComment());
        assertEquals("char*", sample.macro("PMIX_SLASHES").typeComment());
        assertEquals("", sample.macro("PMIX_PROC_STATE_KILLED_BY_CMD").typeComment());
        assertEquals(List.of("PMIX_RANK", "PMIX_SLASHES"), List.copyOf(sample.stringMacros().keySet()));
    }

    @Test
    void shouldRecordTheTypedefAndHeadingEachMacroFollows() {
        assertEquals("", sample.macro("PMIX_MAX_NSLEN").typedef());
        assertEquals("pmix_rank_t", sample.macro("PMIX_RANK_INVALID").typedef());
        assertEquals("pmix_proc_state_t", sample.macro("PMIX_PROC_STATE_ERROR").typedef());
        assertEquals("PROCESS STATE DEFINITIONS", sample.macro("PMIX_PROC_STATE_ERROR").heading());
        assertEquals("", sample.macro("PMIX_HEX").typedef(), "a multi-line typedef ends the scalar one's block");
        assertEquals("CONSTANTS", sample.macro("PMIX_HEX").heading());
        assertEquals(Optional.of("uint8_t"), sample.typedefType("pmix_proc_state_t"));
        assertEquals("sample.h:16", sample.macro("PMIX_PROC_STATE_ERROR").where());
    }

    @Test
    void shouldSkipFunctionLikeMacrosCommentsAndRedefinitions() {
        assertFalse(sample.macros().containsKey("PMIX_RANK_IS_VALID"));
        assertFalse(sample.macros().containsKey("PMIX_IN_A_COMMENT"));
        assertFalse(sample.macros().containsKey("PMIX_HIDDEN"), "inside a block comment that began after a value");
        assertEquals("7", sample.macro("PMIX_BLOCK").value());
        assertEquals(0xFFFF_0000L, sample.evaluate("PMIX_HEX"), "the first definition wins");
        assertTrue(sample.redefined().contains("PMIX_HEX"));
        assertEquals("", sample.macro("PMIX_GUARD").value());
    }

    @Test
    void shouldFailNotSkipWhenAHeaderIsMissing(@TempDir Path empty) {
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> OpenPmixHeaders.parse(empty, OpenPmixHeaders.COMMON_H));
        assertTrue(e.getMessage().contains("apt-get install -y libpmix-dev"), e.getMessage());
    }

    @Test
    void shouldReadTheInstalledHeaders() {
        OpenPmixHeaders installed = OpenPmixHeaders.installed();
        assertEquals(Optional.of("pmix.rank"), installed.macro("PMIX_RANK").stringValue());
        assertTrue(installed.macro("PMIX_RANK").comment().startsWith("(pmix_rank_t)"),
                installed.macro("PMIX_RANK").comment());
        assertEquals(0xFFFF_FFFEL, installed.evaluate("PMIX_RANK_WILDCARD"));
        assertEquals(OpenPmixHeaders.DEPRECATED_H, installed.macro("PMIX_ERR_INVALID_NAMESPACE").file());
        assertEquals(Optional.of("int"), installed.typedefType("pmix_status_t"));
    }
}
