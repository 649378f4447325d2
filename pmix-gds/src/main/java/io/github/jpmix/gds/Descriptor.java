package io.github.jpmix.gds;

import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.codec.CodecFormat;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a reader needs to know about a namespace before its first lookup: the {@code #desc} entry
 * of a job file ({@code docs/gds.md}, "The descriptor"), an info list checked on attach.
 *
 * <pre>
 *   jpmix.gds.magic    STRING  "JPMIX-GDS-JOB"
 *   jpmix.gds.version  UINT32  {@link #VERSION}: this layout of keys and entries
 *   jpmix.gds.wire     UINT32  the codec's CodecFormat.VERSION the values are encoded with
 *   jpmix.gds.nspace   STRING  the namespace
 *   jpmix.gds.session  INT64   the PMIX_SESSION_ID, or -1 for none
 *   jpmix.gds.nlocal   UINT32  nlocalprocs
 *   jpmix.gds.local    INT32   the local host's slot
 *   jpmix.gds.layout   BOOL    whether a node map was given
 *   jpmix.gds.size     INT64   the job size (PMIX_JOB_SIZE given, else the maps'), or -1
 *   jpmix.gds.apps     DATA_ARRAY of INT64: appnum, leader, size per application (-1 unknown)
 *   jpmix.gds.procs    BYTE_OBJECT: i32 LE per rank with P| entries (rank XOR 0x80000000, sorted)
 *   jpmix.gds.nodes    BYTE_OBJECT: i32 LE per node slot with N| entries (sorted)
 * </pre>
 *
 * Immutable and thread-safe.
 */
final class Descriptor {
    static final String MAGIC = "JPMIX-GDS-JOB";
    static final int VERSION = 1;

    final String namespace;
    final long sessionId;
    final int nlocalprocs;
    final int localSlot;
    final boolean hasLayout;
    final long jobSize;
    /** Per application, sorted by appnum: appnum, leader, size (-1 where unknown). */
    final long[] appnums;
    final long[] appLeaders;
    final long[] appSizes;
    /** The ranks with data of their own ({@code P<rank>|}), each XOR {@code Integer.MIN_VALUE}, sorted. */
    private final int[] procRanks;
    /** The node slots with data of their own ({@code N<slot>|}), sorted. */
    private final int[] nodeSlots;

    Descriptor(String namespace, long sessionId, int nlocalprocs, int localSlot, boolean hasLayout, long jobSize,
            long[] appnums, long[] appLeaders, long[] appSizes, int[] procRanks, int[] nodeSlots) {
        this.namespace = namespace;
        this.sessionId = sessionId;
        this.nlocalprocs = nlocalprocs;
        this.localSlot = localSlot;
        this.hasLayout = hasLayout;
        this.jobSize = jobSize;
        this.appnums = appnums;
        this.appLeaders = appLeaders;
        this.appSizes = appSizes;
        this.procRanks = procRanks;
        this.nodeSlots = nodeSlots;
    }

    /** Whether the host gave data for this rank: a lookup of any other rank's key cannot find anything. */
    boolean hasProcData(int rank) {
        return Arrays.binarySearch(procRanks, rank ^ Integer.MIN_VALUE) >= 0;
    }

    /** Whether the host gave data for this node slot. */
    boolean hasNodeData(int slot) {
        return Arrays.binarySearch(nodeSlots, slot) >= 0;
    }

    int[] procRanks() {
        return procRanks;
    }

    int[] nodeSlots() {
        return nodeSlots;
    }

    /** {@code ranks} (unsigned) in the sorted form {@link #hasProcData} searches. */
    static int[] rankSet(Collection<Integer> ranks) {
        int[] out = new int[ranks.size()];
        int i = 0;
        for (int r : ranks) {
            out[i++] = r ^ Integer.MIN_VALUE;
        }
        Arrays.sort(out);
        return out;
    }

    static int[] slotSet(Collection<Integer> slots) {
        int[] out = slots.stream().mapToInt(Integer::intValue).distinct().toArray();
        Arrays.sort(out);
        return out;
    }

    /** Whether the job is one application: app arrays gave at most one (none: application 0 is the job). */
    boolean singleApp() {
        return appnums.length <= 1;
    }

    /** The index of an application in the tables, or -1. With no app arrays, application 0 is index 0 of none. */
    int appIndex(long appnum) {
        for (int i = 0; i < appnums.length; i++) {
            if (appnums[i] == appnum) {
                return i;
            }
        }
        return -1;
    }

    /** An application's leader: given, or derived (see {@link JobImage}); -1 if unknown. */
    long appLeader(long appnum) {
        if (appnums.length == 0) {
            return appnum == 0 ? 0 : -1;
        }
        int i = appIndex(appnum);
        return i < 0 ? -1 : appLeaders[i];
    }

    /** An application's size: given, or the job's for a single application; -1 if unknown. */
    long appSize(long appnum) {
        if (appnums.length == 0) {
            return appnum == 0 ? jobSize : -1;
        }
        int i = appIndex(appnum);
        return i < 0 ? -1 : appSizes[i];
    }

    /** The application whose rank range holds a rank (unsigned), or -1. */
    long appOfRank(long rank) {
        if (appnums.length == 0) {
            return 0;
        }
        if (appnums.length == 1) {
            return appnums[0];
        }
        for (int i = 0; i < appnums.length; i++) {
            if (appLeaders[i] >= 0 && appSizes[i] >= 0 && rank >= appLeaders[i] && rank < appLeaders[i] + appSizes[i]) {
                return appnums[i];
            }
        }
        return -1;
    }

    List<Info> encode() {
        List<Value> apps = new ArrayList<>(appnums.length * 3);
        for (int i = 0; i < appnums.length; i++) {
            apps.add(Value.ofInt64(appnums[i]));
            apps.add(Value.ofInt64(appLeaders[i]));
            apps.add(Value.ofInt64(appSizes[i]));
        }
        return List.of(
                Info.of("jpmix.gds.magic", Value.ofString(MAGIC)),
                Info.of("jpmix.gds.version", Value.ofUint32(VERSION)),
                Info.of("jpmix.gds.wire", Value.ofUint32(CodecFormat.VERSION)),
                Info.of("jpmix.gds.nspace", Value.ofString(namespace)),
                Info.of("jpmix.gds.session", Value.ofInt64(sessionId)),
                Info.of("jpmix.gds.nlocal", Value.ofUint32(nlocalprocs)),
                Info.of("jpmix.gds.local", Value.ofInt32(localSlot)),
                Info.of("jpmix.gds.layout", Value.ofBool(hasLayout)),
                Info.of("jpmix.gds.size", Value.ofInt64(jobSize)),
                Info.of("jpmix.gds.apps", Value.ofDataArray(new DataArray(DataType.INT64, apps))),
                Info.of("jpmix.gds.procs", Value.ofByteObject(ints(procRanks))),
                Info.of("jpmix.gds.nodes", Value.ofByteObject(ints(nodeSlots))));
    }

    private static byte[] ints(int[] a) {
        ByteBuffer b = ByteBuffer.allocate(a.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int v : a) {
            b.putInt(v);
        }
        return b.array();
    }

    private static int[] ints(byte[] bytes) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int[] out = new int[bytes.length / 4];
        for (int i = 0; i < out.length; i++) {
            out[i] = b.getInt();
        }
        return out;
    }

    /**
     * Checks and reads a descriptor.
     *
     * @param file where it was read, for messages
     * @throws PmixException {@link Status#ERR_FILE_READ_FAILURE} if it is not a JPMIx job descriptor of
     *     this version, or lacks a field
     */
    static Descriptor decode(List<Info> infos, String file) {
        Map<String, Value> m = new HashMap<>();
        for (Info i : infos) {
            m.put(i.key(), i.value());
        }
        check(m, "jpmix.gds.magic", MAGIC, file);
        checkVersion(m, file);
        try {
            List<Value> apps = m.get("jpmix.gds.apps").asDataArray().values();
            int n = apps.size() / 3;
            long[] nums = new long[n];
            long[] ldrs = new long[n];
            long[] sizes = new long[n];
            for (int i = 0; i < n; i++) {
                nums[i] = apps.get(3 * i).asLong();
                ldrs[i] = apps.get(3 * i + 1).asLong();
                sizes[i] = apps.get(3 * i + 2).asLong();
            }
            return new Descriptor(m.get("jpmix.gds.nspace").asString(), m.get("jpmix.gds.session").asLong(),
                    m.get("jpmix.gds.nlocal").asInt(), m.get("jpmix.gds.local").asInt(),
                    m.get("jpmix.gds.layout").asBoolean(), m.get("jpmix.gds.size").asLong(), nums, ldrs, sizes,
                    ints(m.get("jpmix.gds.procs").asBytes()), ints(m.get("jpmix.gds.nodes").asBytes()));
        } catch (NullPointerException | PmixException e) {
            throw new PmixException(Status.ERR_FILE_READ_FAILURE, "gds: " + file + ": incomplete descriptor " + m.keySet(), e);
        }
    }

    static void check(Map<String, Value> m, String key, String expected, String file) {
        Value v = m.get(key);
        if (v == null || v.type() != DataType.STRING || !expected.equals(v.asString())) {
            throw new PmixException(Status.ERR_FILE_READ_FAILURE,
                    "gds: " + file + " is not a JPMIx store file: " + key + "=" + v + ", expected " + expected);
        }
    }

    static void checkVersion(Map<String, Value> m, String file) {
        Value v = m.get("jpmix.gds.version");
        Value w = m.get("jpmix.gds.wire");
        if (v == null || v.asLong() != VERSION || w == null || w.asLong() != CodecFormat.VERSION) {
            throw new PmixException(Status.ERR_FILE_READ_FAILURE, "gds: " + file + " has layout version " + v
                    + " and wire version " + w + "; this reader needs " + VERSION + " and " + CodecFormat.VERSION);
        }
    }
}
