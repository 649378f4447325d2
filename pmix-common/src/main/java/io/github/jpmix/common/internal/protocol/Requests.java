package io.github.jpmix.common.internal.protocol;

import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.QueryResults;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.protocol.MessageKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.function.BooleanSupplier;

/**
 * Not API. What {@code PmixClient} and {@code PmixTool} send alike: the fields of the requests both
 * make ({@code docs/protocol.md}, "Requests"), and how a caller waits for a reply and sees its failure.
 */
public final class Requests {
    private Requests() {
    }

    /** The fields of a QUERY request ({@code PMIx_Query_info}). */
    public static List<Info> query(List<Query> queries) {
        Objects.requireNonNull(queries, "queries");
        return List.of(Info.of(MessageKeys.QUERIES, Value.ofDataArray(DataArray.of(DataType.QUERY, queries))));
    }

    /**
     * The answers of a QUERY reply: its status ({@code PMIX_SUCCESS} or {@code PMIX_ERR_PARTIAL_SUCCESS}) and one
     * answer per query sent ({@code docs/protocol.md}, "Queries").
     */
    public static QueryResults queryResults(List<Info> reply) {
        return new QueryResults(MessageKeys.require(reply, MessageKeys.STATUS).asInt(),
                MessageKeys.require(reply, MessageKeys.ANSWERS).asDataArray().elements(Info.class));
    }

    /**
     * The fields of a LOG request ({@code PMIx_Log}). With {@code PMIX_LOG_GENERATE_TIMESTAMP} (and no
     * {@code PMIX_LOG_TIMESTAMP}) the caller's time is added as {@code PMIX_LOG_TIMESTAMP}, in seconds, as
     * OpenPMIx's client takes it.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} for no data (the Standard's PMIx_Log: "The logging request
     *     contains at least one incorrect entry"; OpenPMIx refuses {@code ndata == 0} so)
     */
    public static List<Info> log(List<Info> data, List<Info> directives) {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(directives, "directives");
        if (data.isEmpty()) {
            throw new PmixException(Status.ERR_BAD_PARAM, "log: no data to log");
        }
        List<Info> dirs = new ArrayList<>(directives);
        boolean stamp = false;
        boolean stamped = false;
        for (Info i : directives) {
            stamp |= i.is(Keys.LOG_GENERATE_TIMESTAMP) && (i.value().type() == DataType.UNDEF || i.value().asBoolean());
            stamped |= i.is(Keys.LOG_TIMESTAMP);
        }
        if (stamp && !stamped) {
            dirs.add(Info.of(Keys.LOG_TIMESTAMP, System.currentTimeMillis() / 1000));
        }
        return List.of(
                Info.of(MessageKeys.DATA, Value.ofDataArray(DataArray.of(DataType.INFO, data))),
                Info.of(MessageKeys.DIRECTIVES, Value.ofDataArray(DataArray.of(DataType.INFO, dirs))));
    }

    // ---- publish / lookup, spawn (docs/protocol.md, "Publish, spawn, connect") ----

    /** The fields of a PUBLISH request: the data, then the directives. */
    public static List<Info> publish(List<Info> data, List<Info> directives) {
        List<Info> fields = new ArrayList<>(directives.size() + 1);
        fields.add(Info.of(MessageKeys.DATA, Value.ofDataArray(DataArray.of(DataType.INFO, data))));
        fields.addAll(directives);
        return fields;
    }

    /** The fields of a LOOKUP or UNPUBLISH request: the keys (none: no field), then the directives. */
    public static List<Info> keys(List<String> keys, List<Info> directives) {
        List<Info> fields = new ArrayList<>(directives.size() + 1);
        if (!keys.isEmpty()) {
            fields.add(Info.of(MessageKeys.KEYS, Value.ofDataArray(DataArray.of(DataType.STRING, keys))));
        }
        fields.addAll(directives);
        return fields;
    }

    /** The fields of a SPAWN request: the applications, then the job's infos. */
    public static List<Info> spawn(List<io.github.jpmix.common.App> apps, List<Info> jobInfo) {
        List<Info> fields = new ArrayList<>(jobInfo.size() + 1);
        fields.add(Info.of(MessageKeys.APPS, Value.ofDataArray(DataArray.of(DataType.APP, apps))));
        fields.addAll(jobInfo);
        return fields;
    }

    /**
     * Waits for a request, turning its failure back into the {@link PmixException} it carries; any
     * failure once the connection is lost is {@code PMIX_ERR_LOST_CONNECTION}.
     */
    public static <T> T await(CompletableFuture<T> f, BooleanSupplier connectionLost) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PmixException(Status.ERROR, "interrupted", e);
        } catch (ExecutionException | CompletionException e) {
            throw failure(e.getCause() != null ? e.getCause() : e, connectionLost.getAsBoolean());
        }
    }

    /** The exception a caller sees for a failed request (see {@link #await}). */
    public static PmixException failure(Throwable cause, boolean connectionLost) {
        Throwable t = cause instanceof CompletionException && cause.getCause() != null ? cause.getCause() : cause;
        if (t instanceof PmixException pe) {
            if (pe.status() == Status.ERR_LOST_CONNECTION || connectionLost) {
                return new PmixException(Status.ERR_LOST_CONNECTION, pe.getMessage(), pe);
            }
            return new PmixException(pe.status(), stripStatus(pe), pe);
        }
        return new PmixException(Status.ERROR, String.valueOf(t), t);
    }

    /** The message of a remote exception without its "PMIX_...: " prefix, so it is not printed twice. */
    private static String stripStatus(PmixException pe) {
        String m = pe.getMessage();
        String prefix = pe.statusName() + ": ";
        return m.startsWith(prefix) ? m.substring(prefix.length()) : m;
    }
}
