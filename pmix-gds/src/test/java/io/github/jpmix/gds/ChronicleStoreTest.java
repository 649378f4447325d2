package io.github.jpmix.gds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.codec.Codec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What only the Chronicle store has: files, attach, generations on disk, version checks. */
class ChronicleStoreTest {
    @TempDir
    Path dir;

    @Test
    void shouldKeepADeregisteredNamespaceReadableForReadersThatMappedIt() {
        try (GdsStore store = Gds.mappedStore(dir, Jobs.LOCAL)) {
            store.register(Registration.parse("job1", 4, Jobs.job1()));
            try (GdsReader client = Gds.attach(store.attachInfo(), "job1")) {
                assertTrue(store.deregister("job1"));
                assertFalse(Files.exists(StoreFiles.jobFile(dir, "job1")));
                assertEquals(Value.ofUint32(10), client.get(Proc.wildcard("job1"), Keys.JOB_SIZE.name(), List.of(), null));
                assertEquals(Value.ofUint32(77), client.get(new Proc("job1", 9), Keys.NODEID.name(), List.of(), null));
                PmixException e = assertThrows(PmixException.class, () -> Gds.attach(store.attachInfo(), "job1"));
                assertEquals(Status.ERR_INVALID_NAMESPACE, e.status());
                assertFalse(Files.exists(StoreFiles.jobFile(dir, "job1")), "attaching must not create the file");
            }
        }
    }

    @Test
    void shouldReadTheNewestGenerationWhenTheOneAnnouncedIsGone() throws InterruptedException {
        try (GdsStore store = Gds.mappedStore(dir, Jobs.LOCAL)) {
            Proc p = new Proc("job1", 0);
            try (GdsReader client = Gds.attach(store.attachInfo(), null)) {
                for (int i = 1; i <= 4; i++) {
                    store.publishModex(Map.of(p, Map.of("seq", Value.ofInt(i))));
                }
                // generations older than the previous are removed, in the background
                long deadline = System.nanoTime() + 5_000_000_000L;
                while (Files.exists(StoreFiles.modexFile(dir, 2)) && System.nanoTime() < deadline) {
                    Thread.sleep(5);
                }
                assertFalse(Files.exists(StoreFiles.modexFile(dir, 2)), "generations older than the previous are removed");
                client.advanceModex(2);
                assertEquals(4, client.modexGeneration());
                assertEquals(Value.ofInt(4), client.modex(p, "seq"));
                client.advanceModex(3); // older than what it reads: ignored
                assertEquals(4, client.modexGeneration());
                assertEquals(Status.ERR_FILE_OPEN_FAILURE,
                        assertThrows(PmixException.class, () -> client.advanceModex(9)).status());
            }
        }
    }

    @Test
    void shouldRefuseAFileOfAnotherFormatOrVersion() {
        byte[] desc = Codec.local().encode(List.of(Info.of("jpmix.gds.magic", Value.ofString("SOMETHING-ELSE"))));
        StoreFiles.write(StoreFiles.jobFile(dir, "alien"), sink -> sink.accept(StoreKeys.DESCRIPTOR, desc));
        byte[] old = Codec.local().encode(List.of(Info.of("jpmix.gds.magic", Value.ofString(Descriptor.MAGIC)),
                Info.of("jpmix.gds.version", Value.ofUint32(99)), Info.of("jpmix.gds.wire", Value.ofUint32(1))));
        StoreFiles.write(StoreFiles.jobFile(dir, "future"), sink -> sink.accept(StoreKeys.DESCRIPTOR, old));
        Map<String, String> info = Map.of(Gds.KIND, Gds.KIND_MAPPED, Gds.DIR, dir.toString(), Gds.HOST, "n1");
        for (String ns : List.of("alien", "future")) {
            PmixException e = assertThrows(PmixException.class, () -> Gds.attach(info, ns));
            assertEquals(Status.ERR_FILE_READ_FAILURE, e.status(), e.getMessage());
        }
        assertEquals(Status.ERR_NOT_SUPPORTED, assertThrows(PmixException.class,
                () -> Gds.attach(Gds.heapStore("n1").attachInfo(), "x")).status());
    }

    @Test
    void shouldPublishCopiesOfItsStagingMapAndRebuildItWhenTheDataOutgrowsIt() throws Exception {
        try (GdsStore store = Gds.mappedStore(dir, Jobs.LOCAL);
                GdsReader client = Gds.attach(store.attachInfo(), null)) {
            Proc p0 = new Proc("job1", 0);
            long g1 = store.publishModex(Map.of(p0, Map.of("ep", Value.ofString("small"))));
            assertTrue(Files.exists(dir.resolve(StoreFiles.STAGING)), "the writer's private map");
            long g2 = store.publishModex(Map.of(p0, Map.of("ep", Value.ofString("small-2"))));
            client.advanceModex(g1);
            assertEquals(Value.ofString("small"), client.modex(p0, "ep"), "each generation is a copy as it was");
            client.advanceModex(g2);
            assertEquals(Value.ofString("small-2"), client.modex(p0, "ep"));
            // outgrows the staging map: 300 processes with 4 KiB each
            Map<Proc, Map<String, Value>> big = new java.util.HashMap<>();
            for (int r = 0; r < 300; r++) {
                big.put(new Proc("job1", r), Map.of("blob", Value.ofByteObject(new byte[4096]), "r", Value.ofInt(r)));
            }
            long g3 = store.publishModex(big);
            long g4 = store.publishModex(Map.of(new Proc("job1", 7), Map.of("r", Value.ofInt(-7))));
            try (GdsReader late = Gds.attach(store.attachInfo(), null)) {
                late.advanceModex(g3);
                assertEquals(g4, late.modexGeneration());
                assertEquals(Value.ofInt(-7), late.modex(new Proc("job1", 7), "r"));
            }
            client.advanceModex(g4);
            for (int r = 0; r < 300; r++) {
                assertEquals(Value.ofInt(r == 7 ? -7 : r), client.modex(new Proc("job1", r), "r"));
                assertEquals(4096, client.modex(new Proc("job1", r), "blob").asBytes().length);
            }
            assertEquals(Value.ofString("small-2"), client.modex(p0, "ep"));
            // the server's own reader maps a generation when it first reads one
            assertEquals(g4, store.reader().modexGeneration());
            assertEquals(Value.ofInt(299), store.reader().modex(new Proc("job1", 299), "r"));
        }
    }

    /**
     * A long-lived server runs job after job: what a deregistered job posted leaves the files too
     * (the older generations hold it), and with the last job the directory holds no store file at all.
     */
    @Test
    void shouldRemoveTheGenerationsThatHoldADeregisteredNamespacesData() throws Exception {
        try (GdsStore store = Gds.mappedStore(dir, Jobs.LOCAL)) {
            store.register(Registration.parse("job1", 4, Jobs.job1()));
            store.register(Registration.parse("job2", 2, Jobs.job2()));
            Proc dead = new Proc("job2", 0);
            try (GdsReader client = Gds.attach(store.attachInfo(), "job1")) {
                long g1 = store.publishModex(Map.of(dead, Map.of("k", Value.ofInt(1))));
                store.publishModex(Map.of(new Proc("job1", 0), Map.of("k", Value.ofInt(2))));
                client.advanceModex(g1);
                assertEquals(Value.ofInt(1), client.modex(dead, "k"));

                store.deregister("job2");
                long g = store.modexGeneration();
                assertEquals(List.of(StoreFiles.STAGING, "job-job1.gds", "modex-" + g + ".gds"), settled(dir, 2 + 1));
                // a reader told of a removed generation reads the newest, which lacks the data
                client.advanceModex(g1 + 1);
                assertEquals(g, client.modexGeneration());
                assertNull(client.modex(dead, "k"));
                assertEquals(Value.ofInt(2), client.modex(new Proc("job1", 0), "k"));
            }
            store.deregister("job1");
            assertEquals(List.of(), settled(dir, 0));
        }
    }

    /** The directory's files, sorted, once the cleaner has brought them down to {@code count} (5 s at most). */
    private static List<String> settled(Path dir, int count) throws Exception {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (true) {
            List<String> files;
            try (var s = Files.list(dir)) {
                files = s.map(f -> f.getFileName().toString()).sorted().toList();
            }
            if (files.size() <= count || System.nanoTime() > deadline) {
                return files;
            }
            Thread.sleep(5);
        }
    }

    @Test
    void shouldRemoveItsFilesOnClose() throws Exception {
        GdsStore store = Gds.mappedStore(dir, Jobs.LOCAL);
        store.register(Registration.parse("job1", 4, Jobs.job1()));
        store.publishModex(Map.of(new Proc("job1", 0), Map.of("k", Value.ofInt(1))));
        store.publishModex(Map.of(new Proc("job1", 0), Map.of("k", Value.ofInt(2))));
        store.close();
        try (var s = Files.list(dir)) {
            assertEquals(List.of(), s.toList());
        }
    }
}
