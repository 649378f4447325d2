package io.github.jpmix.gds;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Rank;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.JvmFlags;
import io.github.jpmix.common.internal.codec.Codec;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * Everything a Chronicle store holds about a namespace, read from its files, for people debugging a
 * job ({@code jpmix gds dump}): the host's values by realm and the values processes posted. Reads
 * only; never takes part in the protocol between the server and its clients.
 */
public final class GdsDump {
    static {
        JvmFlags.disableChronicleAnalytics();
    }

    /**
     * One stored value.
     *
     * @param realm {@code session}, {@code job}, {@code app}, {@code node}, {@code proc} (the host's
     *     registration data) or {@code posted} (a value a process put and committed, as of the newest
     *     modex generation)
     * @param qualifier what the realm needs to name its instance: the application number ({@code app}),
     *     the hostname ({@code node}; {@code #<slot>} for a node known only by id), the rank
     *     ({@code proc}, {@code posted}); empty for {@code session} and {@code job}
     * @param key the PMIx key
     * @param value the value
     */
    public record Entry(String realm, String qualifier, String key, Value value) {
        public Entry {
            Objects.requireNonNull(realm, "realm");
            Objects.requireNonNull(qualifier, "qualifier");
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(value, "value");
        }
    }

    private GdsDump() {
    }

    /**
     * The namespaces registered in a store directory (a server's session directory), sorted.
     *
     * @throws PmixException {@link Status#ERR_FILE_OPEN_FAILURE} if the directory cannot be listed
     */
    public static List<String> namespaces(Path directory) {
        List<String> names = new ArrayList<>();
        for (Path file : list(directory, StoreFiles.JOB_PREFIX + "*" + StoreFiles.SUFFIX)) {
            Mapping m = Mapping.open(file);
            if (m == null) {
                continue; // deregistered meanwhile
            }
            try {
                names.add(descriptor(m, file).namespace);
            } finally {
                m.retire();
            }
        }
        names.sort(Comparator.naturalOrder());
        return names;
    }

    /**
     * The namespace's stored values: registration data sorted by realm, qualifier and key, then the
     * posted values of the newest modex generation sorted by rank and key.
     *
     * @throws PmixException {@link Status#ERR_INVALID_NAMESPACE} if the directory holds no such
     *     namespace; {@link Status#ERR_FILE_READ_FAILURE} for a file that is not of this layout version
     */
    public static List<Entry> dump(Path directory, String namespace) {
        Objects.requireNonNull(namespace, "namespace");
        Path file = StoreFiles.jobFile(directory, namespace);
        Mapping m = Mapping.open(file);
        if (m == null) {
            throw new PmixException(Status.ERR_INVALID_NAMESPACE, "gds dump: namespace '" + namespace
                    + "' is not registered in " + directory);
        }
        List<Entry> entries = new ArrayList<>();
        try {
            Descriptor d = descriptor(m, file);
            Topology topology = m.read(StoreKeys.TOPOLOGY, (b, len) -> Topology.decode(b, 0, len, d.hasLayout));
            m.forEach(key -> !key.startsWith("#"), Mapping.VALUE, (key, value) -> {
                Entry e = registrationEntry(key, value, topology);
                if (e != null) {
                    entries.add(e);
                }
            });
        } finally {
            m.retire();
        }
        entries.sort(Comparator.comparing(Entry::realm, Comparator.comparingInt(GdsDump::realmOrder))
                .thenComparing(Entry::qualifier, GdsDump::numericFirst).thenComparing(Entry::key));
        List<Entry> posted = posted(directory, namespace);
        posted.sort(Comparator.comparing(Entry::qualifier, GdsDump::numericFirst).thenComparing(Entry::key));
        entries.addAll(posted);
        return entries;
    }

    private static Descriptor descriptor(Mapping m, Path file) {
        List<Info> infos = m.read(StoreKeys.DESCRIPTOR, (b, len) -> Codec.local().decodeInfos(b, 0, len));
        if (infos == null) {
            throw new PmixException(Status.ERR_FILE_READ_FAILURE, "gds: " + file + " has no descriptor");
        }
        return Descriptor.decode(infos, file.toString());
    }

    /** A job file's realm entry as an {@link Entry} (docs/gds.md, "Keys"). */
    private static Entry registrationEntry(String storageKey, Value value, Topology topology) {
        int bar = storageKey.indexOf('|');
        if (bar < 1 || value == null) {
            return null;
        }
        String qualifier = storageKey.substring(1, bar);
        String key = storageKey.substring(bar + 1);
        switch (storageKey.charAt(0)) {
            case 'S':
                return new Entry("session", "", key, value);
            case 'J':
                return new Entry("job", "", key, value);
            case 'A':
                return new Entry("app", qualifier, key, value);
            case 'P':
                return new Entry("proc", qualifier, key, value);
            case 'N':
                int slot = Integer.parseInt(qualifier);
                String name = topology == null ? null : topology.name(slot);
                return new Entry("node", name != null ? name : "#" + slot, key, value);
            default:
                throw new PmixException(Status.ERR_FILE_READ_FAILURE, "gds dump: unknown entry " + storageKey);
        }
    }

    /** The namespace's values in the newest modex file ({@code <length>:<namespace>:<rank>|<key>}). */
    private static List<Entry> posted(Path directory, String namespace) {
        List<Entry> entries = new ArrayList<>();
        Path newest = null;
        long generation = -1;
        for (Path f : list(directory, StoreFiles.MODEX_PREFIX + "*" + StoreFiles.SUFFIX)) {
            long g = StoreFiles.generationOf(f.getFileName().toString());
            if (g > generation) {
                generation = g;
                newest = f;
            }
        }
        Mapping m = newest == null ? null : Mapping.open(newest);
        if (m == null) {
            return entries;
        }
        String prefix = namespace.length() + ":" + namespace + ":";
        try {
            m.forEach(key -> key.startsWith(prefix), Mapping.VALUE, (key, value) -> {
                int bar = key.indexOf('|', prefix.length());
                if (bar > 0 && value != null) {
                    String rank = Rank.toString(Rank.parse(key.substring(prefix.length(), bar)));
                    entries.add(new Entry("posted", rank, key.substring(bar + 1), value));
                }
            });
        } finally {
            m.retire();
        }
        return entries;
    }

    private static List<Path> list(Path directory, String glob) {
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(directory, glob)) {
            ds.forEach(files::add);
        } catch (IOException e) {
            throw new PmixException(Status.ERR_FILE_OPEN_FAILURE, "gds dump: cannot list " + directory + ": " + e, e);
        }
        files.sort(Comparator.naturalOrder());
        return files;
    }

    private static int realmOrder(String realm) {
        return List.of("session", "job", "app", "node", "proc", "posted").indexOf(realm);
    }

    /** Numbers (ranks, app numbers) in numeric order, before names. */
    private static int numericFirst(String a, String b) {
        boolean na = !a.isEmpty() && a.chars().allMatch(Character::isDigit);
        boolean nb = !b.isEmpty() && b.chars().allMatch(Character::isDigit);
        if (na && nb) {
            return a.length() != b.length() ? Integer.compare(a.length(), b.length()) : a.compareTo(b);
        }
        return na != nb ? (na ? -1 : 1) : a.compareTo(b);
    }
}
