package io.github.jpmix.server.internal;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.protocol.MessageKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Not API. {@code PMIx_Log} on the server: every channel ({@code PMIX_LOG_STDOUT}, {@code PMIX_LOG_STDERR},
 * {@code PMIX_LOG_SYSLOG}, email, job record, ...) goes through the host's {@code log} upcall, one data entry
 * per call, in the order the requester gave them.
 *
 * <p>What the server adds (the Standard's PMIx_Log: "If the PMIx library does not itself perform this
 * operation, then it is required to pass any attributes provided by the client to the host environment for
 * processing. In addition, it must include the following attributes in the passed info array: PMIX_USERID,
 * PMIX_GRPID"): the requester's uid and gid as the handshake verified them through {@code SO_PEERCRED}, in place
 * of any the requester sent itself, and {@code PMIX_LOG_SOURCE} (the requester) when it sent none.
 *
 * <p>Statuses: {@code PMIX_ERR_BAD_PARAM} for no data. {@code PMIX_SUCCESS} means every entry was handed off
 * (the Standard: "a return of PMIX_SUCCESS only denotes that the data was successfully handed to the appropriate
 * system call (for local channels) or the host environment"); with {@code PMIX_LOG_ONCE}, that the first entry
 * a channel took was handed off ("stop with the first log channel that can successfully handle this request",
 * OpenPMIx's plog). Otherwise {@code PMIX_ERR_NOT_SUPPORTED} when no entry found a channel, else the status of
 * the first entry that failed (as OpenPMIx's plog returns the first error), its message naming what was and
 * was not handed off.
 */
final class LogHandler {
    private final ServerState state;

    LogHandler(ServerState state) {
        this.state = state;
    }

    void onLog(ClientRecord caller, int correlationId, List<Info> infos) {
        Value d = MessageKeys.find(infos, MessageKeys.DATA);
        Value ds = MessageKeys.find(infos, MessageKeys.DIRECTIVES);
        List<Info> data = d == null ? List.of() : d.asDataArray().elements(Info.class);
        List<Info> directives = ds == null ? List.of() : ds.asDataArray().elements(Info.class);
        log(caller, data, directives).whenComplete((ok, error) -> {
            if (error != null) {
                ServerState.replyError(caller, correlationId, error);
            } else {
                ServerState.reply(caller, correlationId, List.of());
            }
        });
    }

    /** Logs for a requester; completes when every entry (or, with LOG_ONCE, one) was handed off. */
    CompletionStage<Void> log(ClientRecord requester, List<Info> data, List<Info> directives) {
        if (data.isEmpty()) {
            return CompletableFuture.failedFuture(new PmixException(Status.ERR_BAD_PARAM, "log: no data to log"));
        }
        List<Info> dirs = new ArrayList<>();
        boolean source = false;
        for (Info i : directives) {
            if (i.is(Keys.USERID) || i.is(Keys.GRPID)) {
                continue; // the server's verified ids replace whatever the requester claims
            }
            source |= i.is(Keys.LOG_SOURCE);
            dirs.add(i);
        }
        dirs.add(Info.of(Keys.USERID, requester.uid));
        dirs.add(Info.of(Keys.GRPID, requester.gid));
        if (!source) {
            dirs.add(Info.of(Keys.LOG_SOURCE, requester.proc));
        }
        boolean once = ServerState.flag(directives, Keys.LOG_ONCE.name());
        CompletableFuture<Void> done = new CompletableFuture<>();
        step(requester, data, List.copyOf(dirs), once, 0, new ArrayList<>(), done);
        return done;
    }

    /** Hands entry {@code i} to the host, then the next, until done; {@code failures} holds one slot per entry tried. */
    private void step(ClientRecord requester, List<Info> data, List<Info> dirs, boolean once, int i,
            List<PmixException> failures, CompletableFuture<Void> done) {
        if (i == data.size()) {
            finish(data, failures, once, done);
            return;
        }
        Info entry = data.get(i);
        CompletionStage<Void> s;
        try {
            s = state.host.log(requester.proc, List.of(entry), dirs);
            if (s == null) {
                throw new PmixException(Status.ERROR, "host log upcall returned null");
            }
        } catch (RuntimeException e) {
            s = CompletableFuture.failedFuture(e);
        }
        s.whenComplete((ok, error) -> {
            failures.add(error == null ? null : ServerState.asPmix(error));
            if (error == null && once) {
                done.complete(null);
                return;
            }
            step(requester, data, dirs, once, i + 1, failures, done);
        });
    }

    /** Every entry was tried (with LOG_ONCE: none was taken): success, or the failure the class comment names. */
    private static void finish(List<Info> data, List<PmixException> failures, boolean once,
            CompletableFuture<Void> done) {
        List<String> handed = new ArrayList<>();
        StringBuilder why = new StringBuilder();
        PmixException first = null;
        PmixException firstReal = null;
        for (int i = 0; i < failures.size(); i++) {
            PmixException f = failures.get(i);
            if (f == null) {
                handed.add(data.get(i).key());
                continue;
            }
            why.append(why.length() == 0 ? "" : "; ").append(data.get(i).key()).append(": ").append(f.getMessage());
            first = first == null ? f : first;
            if (firstReal == null && f.status() != Status.ERR_NOT_SUPPORTED) {
                firstReal = f;
            }
        }
        if (first == null) {
            done.complete(null);
            return;
        }
        int status;
        if (handed.isEmpty()) {
            status = firstReal == null ? Status.ERR_NOT_SUPPORTED : firstReal.status();
        } else {
            status = first.status();
        }
        done.completeExceptionally(new PmixException(status, "log" + (once ? " (once)" : "") + ": "
                + (handed.isEmpty() ? "no channel took the data" : "handed off " + handed) + "; not handed off: " + why));
    }
}
