package io.github.jpmix.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DataTypeTest {

    @Test
    void shouldPrintTypesAsPmixDataTypeStringDoes() {
        assertEquals("PMIX_STRING", DataType.toString(DataType.STRING));
        assertEquals("PMIX_BUFFER", DataType.toString(DataType.BUFFER), "removed in v4, still printed");
        assertEquals("PMIX_STOR_ACCESS_TYPE", DataType.toString(DataType.STOR_ACCESS_TYPE));
    }

    @Test
    void shouldPrintNamesOrNumbersWhereOpenPmixSaysUnknown() {
        assertEquals("PMIX_UNDEF", DataType.toString(DataType.UNDEF));
        assertEquals("PMIX_DATA_TYPE_MAX", DataType.toString(DataType.DATA_TYPE_MAX));
        assertEquals("29", DataType.toString(29), "PMIX_MODEX's hole");
        assertEquals("70", DataType.toString(70));
        assertFalse(DataType.isKnown(44));
    }

    @Test
    void shouldPrintAndParseATypeAnImplementerDefines() {
        int type = DataType.DATA_TYPE_MAX + 17;
        assertEquals("517", DataType.name(type));
        assertEquals("MYRM_GPU_MAP", DataType.define(type, "MYRM_GPU_MAP"));
        assertTrue(DataType.isKnown(type));
        assertEquals("MYRM_GPU_MAP", DataType.toString(type));
        assertEquals(type, DataType.valueOf("MYRM_GPU_MAP"));
    }

    @Test
    void shouldLookUpTypesWithOrWithoutThePrefix() {
        assertEquals(DataType.PROC_RANK, DataType.valueOf("PMIX_PROC_RANK"));
        assertEquals(DataType.PROC_RANK, DataType.valueOf("PROC_RANK"));
        assertThrows(PmixException.class, () -> DataType.valueOf("NO_SUCH_TYPE"));
    }
}
