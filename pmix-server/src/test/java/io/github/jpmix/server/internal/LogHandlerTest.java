package io.github.jpmix.server.internal;

import static io.github.jpmix.server.internal.ServerFixture.await;
import static io.github.jpmix.server.internal.ServerFixture.done;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.server.HostModule;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code PMIx_Log} on the server; quotes are the Standard's PMIx_Log unless they say otherwise. */
class LogHandlerTest {
    @TempDir
    Path tmp;
    ServerFixture f;
    LogHandler handler;
    ClientRecord requester;

    @BeforeEach
    void setUp() {
        f = new ServerFixture(tmp);
        handler = new LogHandler(f.state);
        requester = f.client(new Proc("job", 0), 1234, 567);
    }

    @AfterEach
    void tearDown() {
        f.close();
    }

    private PmixException failure(List<Info> data, List<Info> dirs) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> await(handler.log(requester, data, dirs)));
        return (PmixException) e.getCause();
    }

    /** A host with stdout and stderr only, like the launcher without syslog. */
    private void stdHost() {
        f.onLog = (p, data, dirs) -> data.get(0).is(Keys.LOG_STDOUT) || data.get(0).is(Keys.LOG_STDERR)
                ? done(null) : HostModule.notSupported("channel");
    }

    @Test
    void shouldHandEveryEntryToTheHostWithTheVerifiedIds() throws Exception {
        stdHost();
        await(handler.log(requester, List.of(Info.of(Keys.LOG_STDOUT, "a"), Info.of(Keys.LOG_STDERR, "b")),
                List.of(Info.of(Keys.USERID, 0), Info.of(Keys.GRPID, 0))));
        assertEquals(List.of("pmix.log.stdout=a", "pmix.log.stderr=b"), f.logsSeen);
        // "it must include the following attributes in the passed info array: PMIX_USERID, PMIX_GRPID" - the
        // server's, from SO_PEERCRED at the handshake, not the ids the requester claimed
        List<Info> dirs = f.logDirectives.get(0);
        assertTrue(dirs.contains(Info.of(Keys.USERID, 1234)), dirs.toString());
        assertTrue(dirs.contains(Info.of(Keys.GRPID, 567)), dirs.toString());
        assertEquals(1, dirs.stream().filter(i -> i.is(Keys.USERID)).count());
        assertTrue(dirs.contains(Info.of(Keys.LOG_SOURCE, requester.proc)), dirs.toString());
    }

    @Test
    void shouldStopAtTheFirstChannelThatTakesItWithLogOnce() throws Exception {
        stdHost();
        // OpenPMIx's plog: PMIX_LOG_ONCE means "stop with the first log channel that can successfully handle this
        // request"
        await(handler.log(requester, List.of(Info.of(Keys.LOG_EMAIL_ADDR, "x@y"), Info.of(Keys.LOG_STDERR, "b"),
                Info.of(Keys.LOG_STDOUT, "c")), List.of(Info.flag(Keys.LOG_ONCE))));
        assertEquals(List.of("pmix.log.emaddr=x@y", "pmix.log.stderr=b"), f.logsSeen);
    }

    @Test
    void shouldSayNotSupportedWhenNoChannelTakesIt() {
        // "PMIX_ERR_NOT_SUPPORTED The PMIx implementation or host environment does not support this function."
        PmixException e = failure(List.of(Info.of(Keys.LOG_SYSLOG, "s")), List.of(Info.flag(Keys.LOG_ONCE)));
        assertEquals(Status.ERR_NOT_SUPPORTED, e.status());
        stdHost();
        e = failure(List.of(Info.of(Keys.LOG_SYSLOG, "s"), Info.of(Keys.LOG_EMAIL_ADDR, "x")), List.of());
        assertEquals(Status.ERR_NOT_SUPPORTED, e.status());
        assertTrue(e.getMessage().contains("no channel took the data"), e.getMessage());
    }

    @Test
    void shouldReportWhatWasNotHandedOffWithoutLogOnce() {
        stdHost();
        PmixException e = failure(List.of(Info.of(Keys.LOG_STDOUT, "a"), Info.of(Keys.LOG_SYSLOG, "s")), List.of());
        assertEquals(Status.ERR_NOT_SUPPORTED, e.status());
        assertTrue(e.getMessage().contains("handed off [pmix.log.stdout]"), e.getMessage());
        assertTrue(e.getMessage().contains("pmix.log.syslog"), e.getMessage());
    }

    @Test
    void shouldRefuseEmptyDataAndPassOnTheHostsBadParam() {
        // "PMIX_ERR_BAD_PARAM The logging request contains at least one incorrect entry."
        assertEquals(Status.ERR_BAD_PARAM, failure(List.of(), List.of()).status());
        assertEquals(List.of(), f.logsSeen);
        f.onLog = (p, data, dirs) -> CompletableFuture.failedFuture(new PmixException(Status.ERR_BAD_PARAM, "not a string"));
        assertEquals(Status.ERR_BAD_PARAM, failure(List.of(Info.of(Keys.LOG_STDOUT, "a")), List.of(Info.flag(Keys.LOG_ONCE))).status());
        f.onLog = (p, data, dirs) -> {
            throw new IllegalStateException("host bug");
        };
        assertEquals(Status.ERROR, failure(List.of(Info.of(Keys.LOG_STDOUT, "a")), List.of()).status());
    }
}
