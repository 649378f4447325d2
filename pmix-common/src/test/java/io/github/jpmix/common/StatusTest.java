package io.github.jpmix.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class StatusTest {

    @Test
    void shouldNameCodesAsTheCConstants() {
        assertEquals("PMIX_SUCCESS", Status.name(Status.SUCCESS));
        assertEquals("PMIX_ERR_NOT_FOUND", Status.name(Status.ERR_NOT_FOUND));
        assertEquals("PMIX_ERR_INVALID_NAMESPACE", Status.name(-44), "a code 4.2.2 moved to pmix_deprecated.h");
    }

    @Test
    void shouldPrintTheCurrentNameOfACodeWithADeprecatedAlias() {
        assertEquals(Status.ERR_EXISTS, Status.EXISTS);
        assertEquals("PMIX_ERR_EXISTS", Status.name(Status.EXISTS));
        assertEquals("PMIX_DEBUGGER_RELEASE", Status.name(Status.ERR_DEBUGGER_RELEASE));
        assertEquals("PMIX_EVENT_JOB_END", Status.name(Status.ERR_JOB_TERMINATED));
        assertEquals("PMIX_EVENT_SYS_BASE", Status.name(Status.ERR_SYS_BASE));
    }

    @Test
    void shouldPrintWhatPmixErrorStringPrints() {
        assertEquals("SUCCESS", Status.toString(Status.SUCCESS));
        assertEquals("NOT-FOUND", Status.toString(Status.ERR_NOT_FOUND));
        assertEquals("SILENT_ERROR", Status.toString(Status.ERR_SILENT));
        assertEquals("EXISTS", Status.toString(Status.EXISTS));
        assertEquals("UNDEFINED-SYSTEM-EVENT", Status.toString(Status.EVENT_SYS_OTHER));
    }

    @Test
    void shouldPrintTheNameWhereOpenPmixFindsNoString() {
        // 4.2.2's PMIx_Error_string says "ERROR STRING NOT FOUND" for these
        assertEquals("PMIX_PROCESS_SET_DELETE", Status.toString(Status.PROCESS_SET_DELETE));
        assertEquals("PMIX_EXTERNAL_ERR_BASE", Status.toString(Status.EXTERNAL_ERR_BASE));
        assertEquals("-2999", Status.toString(-2999));
        assertEquals("7", Status.toString(7));
        assertEquals(Integer.toString(Integer.MIN_VALUE), Status.toString(Integer.MIN_VALUE));
    }

    @Test
    void shouldPrintAndParseACodeAHostDefines() {
        int code = Status.EXTERNAL_ERR_BASE - 101;
        assertFalse(Status.isKnown(code));
        assertEquals("-3101", Status.name(code));
        assertEquals("MYRM_ERR_NODE_ON_FIRE", Status.define(code, "MYRM_ERR_NODE_ON_FIRE"));
        assertTrue(Status.isKnown(code));
        assertEquals("MYRM_ERR_NODE_ON_FIRE", Status.name(code));
        assertEquals("MYRM_ERR_NODE_ON_FIRE", Status.toString(code));
        assertEquals(code, Status.valueOf("MYRM_ERR_NODE_ON_FIRE"));
        assertEquals("MYRM_ERR_NODE_ON_FIRE", Status.define(code, "MYRM_OTHER_NAME"), "a named code keeps its name");
        assertEquals(code, Status.valueOf("MYRM_OTHER_NAME"));
    }

    @Test
    void shouldNotLetADefinitionRenameAPmixCode() {
        assertEquals("PMIX_ERR_TIMEOUT", Status.define(Status.ERR_TIMEOUT, "MYRM_TIMEOUT"));
        assertEquals("TIMEOUT", Status.toString(Status.ERR_TIMEOUT));
        PmixException e = assertThrows(PmixException.class,
                () -> Status.define(Status.EXTERNAL_ERR_BASE - 102, "PMIX_ERR_TIMEOUT"));
        assertEquals(Status.ERR_BAD_PARAM, e.status());
    }

    @Test
    void shouldLookUpCodesWithOrWithoutThePrefix() {
        assertEquals(Status.ERR_BAD_PARAM, Status.valueOf("PMIX_ERR_BAD_PARAM"));
        assertEquals(Status.ERR_BAD_PARAM, Status.valueOf("ERR_BAD_PARAM"));
        assertEquals(Status.ERR_EXISTS, Status.valueOf("PMIX_EXISTS"), "a deprecated alias");
        assertEquals(Status.ERR_BAD_PARAM, assertThrows(PmixException.class, () -> Status.valueOf("ERR_NOPE")).status());
    }

    @Test
    void shouldTellSystemEventsApart() {
        assertTrue(Status.isSystemEvent(Status.EVENT_SYS_BASE));
        assertTrue(Status.isSystemEvent(Status.EVENT_NODE_DOWN));
        assertTrue(Status.isSystemEvent(Status.EVENT_SYS_OTHER));
        assertFalse(Status.isSystemEvent(Status.EVENT_SYS_BASE + 1));
        assertFalse(Status.isSystemEvent(Status.EVENT_SYS_OTHER - 1));
        assertFalse(Status.isSystemEvent(Status.SUCCESS));
    }

    @Test
    void shouldCarryTheCodeAndItsNameInExceptions() {
        PmixException e = new PmixException(Status.ERR_NOT_FOUND, "get: no key pmix.foo");
        assertEquals(Status.ERR_NOT_FOUND, e.status());
        assertEquals("PMIX_ERR_NOT_FOUND", e.statusName());
        assertEquals("PMIX_ERR_NOT_FOUND: get: no key pmix.foo", e.getMessage());
    }
}
