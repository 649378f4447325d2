package io.github.jpmix.server;

import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import java.io.IOException;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The log channels a launcher has on its own node, for its {@link HostModule#log}: {@code PMIX_LOG_STDOUT} and
 * {@code PMIX_LOG_STDERR} (its own stdout and stderr) and the syslog channels {@code PMIX_LOG_SYSLOG},
 * {@code PMIX_LOG_LOCAL_SYSLOG} and {@code PMIX_LOG_GLOBAL_SYSLOG} (the launcher is the only daemon of its jobs,
 * so it is their "gateway": the global syslog is its local one). Every other channel is
 * {@code PMIX_ERR_NOT_SUPPORTED}.
 *
 * <p><b>Syslog.</b> The local syslog daemon listens on a Unix socket, {@code /dev/log}, normally a datagram
 * socket, which the JDK cannot write to (it has Unix stream sockets only). The message is handed to the
 * {@code logger} command (util-linux) instead, at facility {@code user} and the priority of
 * {@code PMIX_LOG_SYSLOG_PRI} (default {@code LOG_ERR}, OpenPMIx's default), tagged {@code "PMIx Log Report"}
 * as OpenPMIx's syslog component tags it; a stream socket (some syslog daemons listen so) is detected and used
 * as such. No socket, or no {@code logger}: {@code PMIX_ERR_NOT_SUPPORTED}, said honestly.
 *
 * <p>Directives: {@code PMIX_LOG_TAG_OUTPUT} prefixes {@code [nspace,rank]} (of {@code PMIX_LOG_SOURCE}),
 * {@code PMIX_LOG_TIMESTAMP_OUTPUT} prefixes the time ({@code PMIX_LOG_TIMESTAMP} when given, else now).
 *
 * <p>Thread-safe. Entries are written in the order they arrive, by one thread of its own.
 */
final class LocalLogChannels implements AutoCloseable {
    /** {@code LOG_ERR}: the priority when {@code PMIX_LOG_SYSLOG_PRI} is not given. */
    static final int DEFAULT_PRIORITY = 3;
    static final Path DEV_LOG = Path.of("/dev/log");
    static final String TAG = "PMIx Log Report";

    private final PrintStream out;
    private final PrintStream err;
    private final Path syslogSocket;
    private final ExecutorService writer = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "jpmix-log");
        t.setDaemon(true);
        return t;
    });

    LocalLogChannels(PrintStream out, PrintStream err, Path syslogSocket) {
        this.out = out;
        this.err = err;
        this.syslogSocket = syslogSocket;
    }

    /** The channels this launcher has ({@code PMIx_Register_attributes} of {@code PMIx_Log}), described. */
    static List<io.github.jpmix.common.RegAttr> attributes() {
        return List.of(
                io.github.jpmix.common.RegAttr.of(Keys.LOG_STDOUT, "written to the launcher's stdout"),
                io.github.jpmix.common.RegAttr.of(Keys.LOG_STDERR, "written to the launcher's stderr"),
                io.github.jpmix.common.RegAttr.of(Keys.LOG_SYSLOG, "the node's syslog (/dev/log) via logger"),
                io.github.jpmix.common.RegAttr.of(Keys.LOG_LOCAL_SYSLOG, "the node's syslog (/dev/log) via logger"),
                io.github.jpmix.common.RegAttr.of(Keys.LOG_GLOBAL_SYSLOG, "the launcher's node's syslog"),
                io.github.jpmix.common.RegAttr.of(Keys.LOG_SYSLOG_PRI, "syslog priority 0-7 (default 3, LOG_ERR)"),
                io.github.jpmix.common.RegAttr.of(Keys.LOG_TAG_OUTPUT, "prefix [nspace,rank] of the source"),
                io.github.jpmix.common.RegAttr.of(Keys.LOG_TIMESTAMP_OUTPUT, "prefix the time"));
    }

    /** Hands one data entry to its channel; completes when written (handed to logger, for syslog). */
    CompletionStage<Void> log(Proc requester, Info entry, List<Info> directives) {
        boolean syslog = entry.is(Keys.LOG_SYSLOG) || entry.is(Keys.LOG_LOCAL_SYSLOG) || entry.is(Keys.LOG_GLOBAL_SYSLOG);
        if (!syslog && !entry.is(Keys.LOG_STDOUT) && !entry.is(Keys.LOG_STDERR)) {
            return HostModule.notSupported("log channel " + entry.key());
        }
        if (entry.value().type() != DataType.STRING) {
            return CompletableFuture.failedFuture(new PmixException(Status.ERR_BAD_PARAM,
                    "log: " + entry.key() + " needs a string message, not " + DataType.name(entry.value().type())));
        }
        String message = prefix(requester, directives) + entry.value().asString();
        if (syslog) {
            int priority = find(directives, Keys.LOG_SYSLOG_PRI.name()).map(Value::asInt).orElse(DEFAULT_PRIORITY);
            if (priority < 0 || priority > 7) {
                return CompletableFuture.failedFuture(new PmixException(Status.ERR_BAD_PARAM,
                        "log: PMIX_LOG_SYSLOG_PRI must be a syslog priority 0-7, not " + priority));
            }
            return CompletableFuture.runAsync(() -> syslog(priority, message), writer);
        }
        PrintStream to = entry.is(Keys.LOG_STDOUT) ? out : err;
        return CompletableFuture.runAsync(() -> {
            to.println(message);
            to.flush();
            if (to.checkError()) {
                throw new PmixException(Status.ERROR, "log: cannot write to " + entry.key());
            }
        }, writer);
    }

    private static String prefix(Proc requester, List<Info> directives) {
        StringBuilder sb = new StringBuilder();
        if (flag(directives, Keys.LOG_TIMESTAMP_OUTPUT.name())) {
            long t = find(directives, Keys.LOG_TIMESTAMP.name()).map(Value::asLong)
                    .orElse(Instant.now().getEpochSecond());
            sb.append(Instant.ofEpochSecond(t)).append(' ');
        }
        if (flag(directives, Keys.LOG_TAG_OUTPUT.name())) {
            Proc source = find(directives, Keys.LOG_SOURCE.name()).map(Value::asProc).orElse(requester);
            sb.append('[').append(source.namespace()).append(',').append(Integer.toUnsignedString(source.rank()))
                    .append("] ");
        }
        return sb.toString();
    }

    /** Hands a message to the syslog daemon through {@code logger}; throws with the reason it could not. */
    private void syslog(int priority, String message) {
        if (!Files.exists(syslogSocket)) {
            throw new PmixException(Status.ERR_NOT_SUPPORTED, "log: this machine has no syslog socket " + syslogSocket);
        }
        List<String> cmd = new ArrayList<>(List.of("logger", "--socket-errors=on", "-u", syslogSocket.toString()));
        if (isStreamSocket(syslogSocket)) {
            cmd.add("-T"); // logger tries a datagram first and does not fall back on a stream socket
        }
        cmd.addAll(List.of("-p", "user." + priority, "-t", TAG, "--", message));
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new PmixException(Status.ERR_NOT_SUPPORTED, "log: syslog needs the logger command: " + e.getMessage());
        }
        try {
            p.getOutputStream().close();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new PmixException(Status.ERR_TIMEOUT, "log: logger did not finish in 10 s");
            }
            String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (p.exitValue() != 0) {
                throw new PmixException(Status.ERROR, "log: logger failed (" + p.exitValue() + "): " + said);
            }
        } catch (IOException e) {
            throw new PmixException(Status.ERROR, "log: logger: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            throw new PmixException(Status.ERROR, "log: interrupted", e);
        }
    }

    /** Whether a Unix socket accepts stream connections (a datagram socket refuses them). */
    static boolean isStreamSocket(Path socket) {
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ch.connect(UnixDomainSocketAddress.of(socket));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static java.util.Optional<Value> find(List<Info> infos, String key) {
        for (Info i : infos) {
            if (i.key().equals(key)) {
                return java.util.Optional.of(i.value());
            }
        }
        return java.util.Optional.empty();
    }

    private static boolean flag(List<Info> infos, String key) {
        return find(infos, key).map(v -> v.type() == DataType.UNDEF || (v.type() == DataType.BOOL && v.asBoolean()))
                .orElse(false);
    }

    @Override
    public void close() {
        writer.shutdown();
    }
}
