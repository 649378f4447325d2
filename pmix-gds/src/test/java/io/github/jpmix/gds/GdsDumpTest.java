package io.github.jpmix.gds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link GdsDump}: what {@code jpmix gds dump} prints, read back from the Chronicle store's files. */
class GdsDumpTest {
    @TempDir
    Path dir;

    @Test
    void shouldListEveryRealmsValuesAndThePostedOnesOfTheNewestGeneration() {
        try (GdsStore store = Gds.mappedStore(dir, Jobs.LOCAL)) {
            store.register(Registration.parse("job1", 4, Jobs.job1()));
            store.register(Registration.parse("other", 4, Jobs.job1()));
            store.publishModex(Map.of(new Proc("job1", 5), Map.of("btl.addr", Value.ofString("old"))));
            store.publishModex(Map.of(new Proc("job1", 5), Map.of("btl.addr", Value.ofString("tcp://n1:5")),
                    new Proc("other", 1), Map.of("btl.addr", Value.ofString("not job1"))));

            assertEquals(List.of("job1", "other"), GdsDump.namespaces(dir));
            List<GdsDump.Entry> entries = GdsDump.dump(dir, "job1");
            assertTrue(entries.contains(new GdsDump.Entry("job", "", Keys.JOB_SIZE.name(), Value.ofUint32(10))), entries::toString);
            assertTrue(entries.contains(new GdsDump.Entry("session", "", Keys.UNIV_SIZE.name(), Value.ofUint32(64))));
            assertTrue(entries.contains(new GdsDump.Entry("app", "1", "acme.custom", Value.ofString("app-1"))));
            assertTrue(entries.contains(new GdsDump.Entry("node", "n2", Keys.NODE_SIZE.name(), Value.ofUint32(12))));
            assertTrue(entries.contains(new GdsDump.Entry("proc", "5", Keys.NODE_RANK.name(), Value.ofUint16(7))));
            // posted data: the newest generation only, and only this namespace's
            List<GdsDump.Entry> posted = entries.stream().filter(e -> e.realm().equals("posted")).toList();
            assertEquals(List.of(new GdsDump.Entry("posted", "5", "btl.addr", Value.ofString("tcp://n1:5"))), posted);
            // realms in order session, job, app, node, proc, posted
            List<String> realms = entries.stream().map(GdsDump.Entry::realm).distinct().toList();
            assertEquals(List.of("session", "job", "app", "node", "proc", "posted"), realms);
            // ranks in numeric order
            List<String> ranks = entries.stream().filter(e -> e.realm().equals("proc")).map(GdsDump.Entry::qualifier)
                    .distinct().toList();
            assertEquals(List.of("4", "5", "6", "7"), ranks);
        }
    }

    @Test
    void shouldRefuseANamespaceTheDirectoryDoesNotHold() {
        try (GdsStore store = Gds.mappedStore(dir, Jobs.LOCAL)) {
            store.register(Registration.parse("job1", 4, Jobs.job1()));
            PmixException e = assertThrows(PmixException.class, () -> GdsDump.dump(dir, "nope"));
            assertEquals(Status.ERR_INVALID_NAMESPACE, e.status());
        }
        PmixException e = assertThrows(PmixException.class, () -> GdsDump.namespaces(dir.resolve("missing")));
        assertEquals(Status.ERR_FILE_OPEN_FAILURE, e.status());
    }
}
