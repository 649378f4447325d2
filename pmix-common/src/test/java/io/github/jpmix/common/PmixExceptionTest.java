package io.github.jpmix.common;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PmixExceptionTest {
    @Test
    void shouldStartWithItsStatusName() {
        PmixException e = new PmixException(Status.ERR_NOT_FOUND, "get: 'k' of ns:1 not found");
        assertEquals("PMIX_ERR_NOT_FOUND: get: 'k' of ns:1 not found", e.getMessage());
        assertEquals(Status.ERR_NOT_FOUND, e.status());
    }

    /** A message that crossed from the server or wraps another exception names one status, this one's. */
    @Test
    void shouldNameOneStatusWhenItsMessageCarriesOthers() {
        PmixException inner = new PmixException(Status.ERR_NOT_FOUND, "get: 'my.nosuchkey' of pmixrun.29011:1 not found");
        assertEquals("PMIX_ERR_NOT_FOUND: get: 'my.nosuchkey' of pmixrun.29011:1 not found",
                new PmixException(inner.status(), inner.getMessage()).getMessage());
        PmixException outer = new PmixException(Status.ERR_LOST_CONNECTION, "lost the server: "
                + new PmixException(Status.ERR_UNREACH, "connect: " + inner.getMessage()).getMessage());
        assertEquals("PMIX_ERR_LOST_CONNECTION: lost the server: connect: get: 'my.nosuchkey' of pmixrun.29011:1 not found",
                outer.getMessage());
    }

    /** Only status names go: a key or another constant's name in a message stays. */
    @Test
    void shouldKeepWordsThatAreNotStatusNames() {
        assertEquals("PMIX_ERR_BAD_PARAM: registration: PMIX_NODE_MAP: cannot parse 'x['",
                new PmixException(Status.ERR_BAD_PARAM, "registration: PMIX_NODE_MAP: cannot parse 'x['").getMessage());
        assertEquals("PMIX_ERROR: null", new PmixException(Status.ERROR, null).getMessage());
    }
}
