package io.github.jpmix.server.internal;

import io.github.jpmix.common.App;
import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PData;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.protocol.MessageKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * Not API. {@code PMIx_Publish}, {@code PMIx_Lookup}, {@code PMIx_Unpublish} and {@code PMIx_Spawn} on the
 * server: each goes to the host's upcall of that name, as OpenPMIx's server passes them on
 * ({@code server/pmix_server_ops.c:1193-1473, 1638-1733}), with the requester's uid and gid as the
 * handshake verified them added to the directives (replacing any the requester sent), as the Standard
 * requires of a server that relays these calls ("it must include the following attributes in the passed
 * info array: PMIX_USERID, PMIX_GRPID"). The store, and waiting for keys not yet published
 * ({@code PMIX_WAIT}), are the host's.
 */
final class PublishHandler {
    private final ServerState state;

    PublishHandler(ServerState state) {
        this.state = state;
    }

    void onPublish(ClientRecord caller, int correlationId, List<Info> infos) {
        Value d = MessageKeys.find(infos, MessageKeys.DATA);
        List<Info> data = d == null ? List.of() : d.asDataArray().elements(Info.class);
        if (data.isEmpty()) {
            throw new PmixException(Status.ERR_BAD_PARAM, "publish: no data");
        }
        for (Info i : data) {
            if (Keys.isReserved(i.key())) {
                throw new PmixException(Status.ERR_BAD_PARAM, "publish: '" + i.key() + "' is a reserved key");
            }
        }
        List<Info> dirs = directives(caller, infos);
        answer(caller, correlationId, () -> state.host.publish(caller.proc, data, dirs), ok -> List.of());
    }

    void onLookup(ClientRecord caller, int correlationId, List<Info> infos) {
        List<String> keys = keys(infos);
        if (keys.isEmpty()) {
            throw new PmixException(Status.ERR_BAD_PARAM, "lookup: no keys");
        }
        List<Info> dirs = directives(caller, infos);
        answer(caller, correlationId, () -> state.host.lookup(caller.proc, keys, dirs), found -> {
            if (found == null || found.isEmpty()) {
                throw new PmixException(Status.ERR_NOT_FOUND, "lookup: none of " + keys + " is published");
            }
            return List.of(Info.of(MessageKeys.PDATA, Value.ofDataArray(DataArray.of(DataType.PDATA, List.<PData>copyOf(found)))));
        });
    }

    void onUnpublish(ClientRecord caller, int correlationId, List<Info> infos) {
        List<String> keys = keys(infos);
        List<Info> dirs = directives(caller, infos);
        answer(caller, correlationId, () -> state.host.unpublish(caller.proc, keys, dirs), ok -> List.of());
    }

    void onSpawn(ClientRecord caller, int correlationId, List<Info> infos) {
        Value a = MessageKeys.find(infos, MessageKeys.APPS);
        List<App> apps = a == null ? List.of() : a.asDataArray().elements(App.class);
        if (apps.isEmpty()) {
            throw new PmixException(Status.ERR_BAD_PARAM, "spawn: no applications");
        }
        for (App app : apps) {
            if (app.maxProcs() <= 0) {
                throw new PmixException(Status.ERR_BAD_PARAM, "spawn: app " + app.cmd() + " asks for " + app.maxProcs() + " processes");
            }
        }
        List<Info> jobInfo = directives(caller, infos);
        ServerState.LOG.log(System.Logger.Level.INFO, caller.proc + " spawns " + apps.size() + " app(s)");
        answer(caller, correlationId, () -> state.host.spawn(caller.proc, jobInfo, apps), nspace -> {
            if (nspace == null || nspace.isEmpty()) {
                throw new PmixException(Status.ERROR, "spawn: the host named no namespace");
            }
            return List.of(Info.of(MessageKeys.NSPACE, Value.ofString(nspace)));
        });
    }

    /** The keys field: empty when absent. */
    private static List<String> keys(List<Info> infos) {
        Value k = MessageKeys.find(infos, MessageKeys.KEYS);
        return k == null ? List.of() : k.asDataArray().elements(String.class);
    }

    /** The caller's directives with its verified uid and gid in place of any it sent. */
    private static List<Info> directives(ClientRecord caller, List<Info> infos) {
        List<Info> dirs = new ArrayList<>();
        for (Info i : MessageKeys.rest(infos)) {
            if (!i.is(Keys.USERID) && !i.is(Keys.GRPID)) {
                dirs.add(i);
            }
        }
        dirs.add(Info.of(Keys.USERID, caller.uid));
        dirs.add(Info.of(Keys.GRPID, caller.gid));
        return List.copyOf(dirs);
    }

    /** What turns a host's answer into the reply's fields (may throw a {@link PmixException}). */
    private interface ReplyFields<T> {
        List<Info> of(T answer);
    }

    /** Calls a host upcall and answers the caller with its outcome. */
    private static <T> void answer(ClientRecord caller, int correlationId, Supplier<CompletionStage<T>> upcall,
            ReplyFields<T> fields) {
        CompletionStage<T> s;
        try {
            s = upcall.get();
        } catch (RuntimeException e) {
            s = CompletableFuture.failedFuture(e);
        }
        s.whenComplete((answer, error) -> {
            if (error != null) {
                ServerState.replyError(caller, correlationId, error);
                return;
            }
            List<Info> reply;
            try {
                reply = fields.of(answer);
            } catch (RuntimeException e) {
                ServerState.replyError(caller, correlationId, e);
                return;
            }
            ServerState.reply(caller, correlationId, reply);
        });
    }
}
