package io.github.jpmix.server.internal.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.jpmix.common.DataRange;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PData;
import io.github.jpmix.common.Persistence;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The launcher's store of published data; quotes are the Standard's PMIx_Publish / PMIx_Lookup. */
class PublishStoreTest {
    private static final Proc A0 = new Proc("a", 0);
    private static final Proc A1 = new Proc("a", 1);
    private static final Proc B0 = new Proc("b", 0);

    private final PublishStore store = new PublishStore();

    @AfterEach
    void tearDown() {
        store.close();
    }

    private static List<Info> data(String key, String value) {
        return List.of(Info.of(key, Value.ofString(value)));
    }

    private static Info range(int range) {
        return Info.of(Keys.RANGE.name(), Value.of(DataType.DATA_RANGE, range));
    }

    private static Info persistence(int p) {
        return Info.of(Keys.PERSISTENCE.name(), Value.of(DataType.PERSIST, p));
    }

    private static final Info WAIT = Info.of(Keys.WAIT.name(), Value.ofBool(true));

    private List<PData> lookup(Proc who, List<String> keys, Info... dirs) throws Exception {
        return store.lookup(who, keys, List.of(dirs)).get(10, TimeUnit.SECONDS);
    }

    private int failure(CompletableFuture<?> f) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(10, TimeUnit.SECONDS));
        return ((PmixException) e.getCause()).status();
    }

    @Test
    void shouldAnswerALookupWithTheValueAndItsPublisher() throws Exception {
        store.publish(A0, data("k", "v"), List.of());
        assertEquals(List.of(new PData(A0, "k", Value.ofString("v"))), lookup(B0, List.of("k", "missing")));
        assertEquals(Status.ERR_NOT_FOUND, failure(store.lookup(B0, List.of("missing"), List.of())));
    }

    @Test
    void shouldWaitForALaterPublishWithPmixWait() throws Exception {
        CompletableFuture<List<PData>> f = store.lookup(B0, List.of("k", "j"), List.of(WAIT));
        store.publish(A0, data("k", "v"), List.of());
        assertFalse(f.isDone(), "waits for all keys");
        store.publish(A1, data("j", "w"), List.of());
        assertEquals(2, f.get(10, TimeUnit.SECONDS).size());
        // PMIX_WAIT as a count: "wait until at least the specified number of values are found"
        CompletableFuture<List<PData>> one = store.lookup(B0, List.of("x", "y"),
                List.of(Info.of(Keys.WAIT.name(), Value.ofInt(1))));
        store.publish(A0, data("y", "1"), List.of());
        assertEquals(List.of(new PData(A0, "y", Value.ofString("1"))), one.get(10, TimeUnit.SECONDS));
    }

    @Test
    void shouldTimeOutAWaitingLookup() {
        long t0 = System.nanoTime();
        assertEquals(Status.ERR_TIMEOUT, failure(store.lookup(B0, List.of("never"), List.of(WAIT, Info.of(Keys.TIMEOUT, 1)))));
        assertFalse(System.nanoTime() - t0 < 900_000_000L, "timed out early");
    }

    @Test
    void shouldRefuseADuplicateInTheSameRangeOnly() {
        store.publish(A0, data("k", "v"), List.of());
        PmixException e = assertThrows(PmixException.class, () -> store.publish(B0, data("k", "w"), List.of()));
        assertEquals(Status.ERR_DUPLICATE_KEY, e.status());
        // two namespaces each publish "k" for themselves
        store.publish(A0, data("n", "a"), List.of(range(DataRange.NAMESPACE)));
        store.publish(B0, data("n", "b"), List.of(range(DataRange.NAMESPACE)));
    }

    @Test
    void shouldKeepNamespaceAndProcLocalDataToTheirScope() throws Exception {
        store.publish(A0, data("n", "a"), List.of(range(DataRange.NAMESPACE)));
        store.publish(A0, data("p", "a0"), List.of(range(DataRange.PROC_LOCAL)));
        assertEquals("a", lookup(A1, List.of("n")).get(0).value().asString());
        assertEquals(Status.ERR_NOT_FOUND, failure(store.lookup(B0, List.of("n"), List.of())));
        assertEquals(Status.ERR_NOT_FOUND, failure(store.lookup(A1, List.of("p"), List.of())));
        assertEquals("a0", lookup(A0, List.of("p")).get(0).value().asString());
        // a lookup's own range narrows where it looks
        store.publish(B0, data("s", "b"), List.of());
        assertEquals(Status.ERR_NOT_FOUND, failure(store.lookup(A0, List.of("s"), List.of(range(DataRange.NAMESPACE)))));
    }

    @Test
    void shouldDropDataByItsPersistence() throws Exception {
        store.publish(A0, data("once", "1"), List.of(persistence(Persistence.FIRST_READ)));
        store.publish(A0, data("proc", "2"), List.of(persistence(Persistence.PROC)));
        store.publish(A0, data("session", "3"), List.of());
        store.publish(A0, data("indef", "4"), List.of(persistence(Persistence.INDEF)));
        assertEquals(1, lookup(B0, List.of("once")).size());
        assertEquals(Status.ERR_NOT_FOUND, failure(store.lookup(B0, List.of("once"), List.of())));
        store.procEnded(A0);
        assertEquals(List.of("session", "indef"), lookup(B0, List.of("proc", "session", "indef")).stream().map(PData::key).toList());
        store.namespaceEnded("a");
        assertEquals(List.of("indef"), lookup(B0, List.of("session", "indef")).stream().map(PData::key).toList());
    }

    @Test
    void shouldUnpublishOnlyThePublishersOwnData() throws Exception {
        store.publish(A0, data("k", "v"), List.of());
        PmixException e = assertThrows(PmixException.class, () -> store.unpublish(B0, List.of("k"), List.of()));
        assertEquals(Status.ERR_NOT_FOUND, e.status());
        store.unpublish(A0, List.of(), List.of());
        assertEquals(Status.ERR_NOT_FOUND, failure(store.lookup(B0, List.of("k"), List.of())));
    }

    @Test
    void shouldFailTheLookupsOfAProcessThatEnded() {
        CompletableFuture<List<PData>> f = store.lookup(B0, List.of("never"), List.of(WAIT));
        store.procEnded(B0);
        assertEquals(Status.ERR_PROC_TERM_WO_SYNC, failure(f));
    }
}
