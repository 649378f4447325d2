package io.github.jpmix.client.internal;

import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.wire.WireKeys;
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
        return List.of(Info.of(WireKeys.QUERIES, Value.ofDataArray(DataArray.of(DataType.QUERY, queries))));
    }

    /** The fields of a LOG request ({@code PMIx_Log}). */
    public static List<Info> log(List<Info> data, List<Info> directives) {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(directives, "directives");
        return List.of(
                Info.of(WireKeys.DATA, Value.ofDataArray(DataArray.of(DataType.INFO, data))),
                Info.of(WireKeys.DIRECTIVES, Value.ofDataArray(DataArray.of(DataType.INFO, directives))));
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
