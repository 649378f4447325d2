package io.github.jpmix.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher's own log channels: stdout, stderr, syslog (through logger) or its honest absence. */
class LocalLogChannelsTest {
    @TempDir
    Path tmp;
    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();
    final Proc me = new Proc("ns", 3);

    private LocalLogChannels channels(Path syslog) {
        return new LocalLogChannels(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), syslog);
    }

    private static void await(java.util.concurrent.CompletionStage<Void> s) throws Exception {
        s.toCompletableFuture().get(20, TimeUnit.SECONDS);
    }

    private static PmixException failure(java.util.concurrent.CompletionStage<Void> s) {
        return (PmixException) assertThrows(ExecutionException.class, () -> await(s)).getCause();
    }

    @Test
    void shouldWriteStdoutAndStderrTaggedWhenAsked() throws Exception {
        try (LocalLogChannels c = channels(tmp.resolve("none"))) {
            await(c.log(me, Info.of(Keys.LOG_STDOUT, "to out"), List.of()));
            await(c.log(me, Info.of(Keys.LOG_STDERR, "to err"), List.of(Info.flag(Keys.LOG_TAG_OUTPUT))));
            assertEquals("to out" + System.lineSeparator(), out.toString(StandardCharsets.UTF_8));
            assertEquals("[ns,3] to err" + System.lineSeparator(), err.toString(StandardCharsets.UTF_8));
        }
    }

    @Test
    void shouldRefuseOtherChannelsAndNonStrings() {
        try (LocalLogChannels c = channels(tmp.resolve("none"))) {
            assertEquals(Status.ERR_NOT_SUPPORTED, failure(c.log(me, Info.of(Keys.LOG_EMAIL_ADDR, "a@b"), List.of())).status());
            assertEquals(Status.ERR_BAD_PARAM, failure(c.log(me, Info.of(Keys.LOG_STDOUT.name(),
                    io.github.jpmix.common.Value.ofInt32(1)), List.of())).status());
            assertEquals(Status.ERR_BAD_PARAM, failure(c.log(me, Info.of(Keys.LOG_SYSLOG, "x"),
                    List.of(Info.of(Keys.LOG_SYSLOG_PRI, 9)))).status());
        }
    }

    @Test
    void shouldSayNotSupportedWithoutASyslogSocket() {
        // this machine may have no /dev/log (containers): the channel is then not there, and says so
        try (LocalLogChannels c = channels(tmp.resolve("no-dev-log"))) {
            PmixException e = failure(c.log(me, Info.of(Keys.LOG_SYSLOG, "x"), List.of()));
            assertEquals(Status.ERR_NOT_SUPPORTED, e.status());
            assertTrue(e.getMessage().contains("no syslog socket"), e.getMessage());
        }
    }

    @Test
    void shouldHandSyslogMessagesToTheSyslogSocketWithThePriority() throws Exception {
        // a syslog daemon listening on a Unix stream socket (as syslog-ng's unix-stream does)
        Path socket = tmp.resolve("log.sock");
        try (ServerSocketChannel daemon = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
                LocalLogChannels c = channels(socket)) {
            daemon.bind(UnixDomainSocketAddress.of(socket));
            CompletableFuture<String> received = CompletableFuture.supplyAsync(() -> {
                StringBuilder all = new StringBuilder();
                try {
                    // the first connection may be the stream probe; read connections until a message arrives
                    while (!all.toString().contains("REPORTS")) {
                        try (SocketChannel ch = daemon.accept()) {
                            ByteBuffer b = ByteBuffer.allocate(4096);
                            while (ch.read(b) > 0) {
                                b.flip();
                                all.append(StandardCharsets.UTF_8.decode(b));
                                b.clear();
                            }
                        }
                    }
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
                return all.toString();
            });
            await(c.log(me, Info.of(Keys.LOG_LOCAL_SYSLOG, "disk REPORTS full"),
                    List.of(Info.of(Keys.LOG_SYSLOG_PRI, 4))));
            String line = received.get(20, TimeUnit.SECONDS);
            // RFC 3164: <PRI> = facility user (1) * 8 + priority 4 (LOG_WARNING)
            assertTrue(line.startsWith("<12>"), line);
            assertTrue(line.contains(LocalLogChannels.TAG + ": disk REPORTS full"), line);
        }
        assertTrue(Files.exists(socket));
    }
}
