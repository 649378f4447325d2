package io.github.jpmix.common.internal.codec;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Registration;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.util.DefaultClassResolver;
import io.github.jpmix.common.App;
import io.github.jpmix.common.Coord;
import io.github.jpmix.common.CpuSet;
import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DeviceDistance;
import io.github.jpmix.common.DiskStats;
import io.github.jpmix.common.Endpoint;
import io.github.jpmix.common.Envar;
import io.github.jpmix.common.Geometry;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.KeyValue;
import io.github.jpmix.common.NetStats;
import io.github.jpmix.common.NodeStats;
import io.github.jpmix.common.PData;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.ProcInfo;
import io.github.jpmix.common.ProcStats;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.RegAttr;
import io.github.jpmix.common.TimeVal;
import io.github.jpmix.common.Topology;
import io.github.jpmix.common.Value;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Not API. The codec's byte format in one place: the Kryo registration IDs of the message kinds
 * and the Kryo configuration that uses them. {@code docs/codec.md} is the source of truth and
 * {@code CodecFormatTest} pins every ID: an ID is a wire format, changing one breaks every peer and
 * every stored payload.
 *
 * <p>A message is Kryo's class tag, the unsigned varint {@code ID + 2} (Kryo reserves 0 for null and
 * 1 for a class name; the codec refuses both), then the kind's payload. A struct's ID is its
 * {@code DataType} code; {@link #INFO_LIST} stands for a {@code List<Info>}. Kryo's built-in
 * registrations (IDs 0-8: primitives and {@code String}) are never accepted as messages. IDs
 * 101-127 are unassigned (one byte on the wire); the protocols of other modules take 128 and up.
 */
public final class CodecFormat {
    /** The version of the layouts documented in {@code docs/codec.md}; containers that store or carry payloads check it. */
    public static final int VERSION = 1;

    public static final int TIMEVAL = 18;
    public static final int VALUE = 21;
    public static final int PROC = 22;
    public static final int APP = 23;
    public static final int INFO = 24;
    public static final int PDATA = 25;
    public static final int KVAL = 28;
    public static final int PROC_INFO = 38;
    public static final int DATA_ARRAY = 39;
    public static final int QUERY = 41;
    public static final int ENVAR = 46;
    public static final int COORD = 47;
    public static final int REGATTR = 48;
    public static final int PROC_CPUSET = 52;
    public static final int GEOMETRY = 53;
    public static final int DEVICE_DIST = 54;
    public static final int ENDPOINT = 55;
    public static final int TOPO = 56;
    public static final int PROC_STATS = 61;
    public static final int DISK_STATS = 62;
    public static final int NET_STATS = 63;
    public static final int NODE_STATS = 64;
    /** A {@code List<Info>}: {@code uvar count, Info...}. */
    public static final int INFO_LIST = 100;

    /** The lowest ID a message may have; below it are Kryo's built-in registrations. */
    static final int FIRST_MESSAGE_ID = 10;

    private CodecFormat() {
    }

    /** A Kryo configured for the codec: registration required, references off, every kind at its ID. */
    static Kryo newKryo() {
        Kryo kryo = new Kryo(new MessageClassResolver(), null);
        kryo.setRegistrationRequired(true);
        kryo.setReferences(false);
        kryo.setWarnUnregisteredClasses(false);
        register(kryo, Value.class, VALUE, ValueSerializer::writeValue, ValueSerializer::readValue);
        register(kryo, DataArray.class, DATA_ARRAY, ValueSerializer::writeDataArray, ValueSerializer::readDataArray);
        register(kryo, List.class, INFO_LIST, StructSerializers::writeInfos, StructSerializers::readInfosMessage);
        register(kryo, TimeVal.class, TIMEVAL, StructSerializers::writeTimeVal, StructSerializers::readTimeVal);
        register(kryo, Proc.class, PROC, StructSerializers::writeProc, StructSerializers::readProc);
        register(kryo, App.class, APP, StructSerializers::writeApp, StructSerializers::readApp);
        register(kryo, Info.class, INFO, StructSerializers::writeInfo, StructSerializers::readInfo);
        register(kryo, PData.class, PDATA, StructSerializers::writePData, StructSerializers::readPData);
        register(kryo, KeyValue.class, KVAL, StructSerializers::writeKeyValue, StructSerializers::readKeyValue);
        register(kryo, ProcInfo.class, PROC_INFO, StructSerializers::writeProcInfo, StructSerializers::readProcInfo);
        register(kryo, Query.class, QUERY, StructSerializers::writeQuery, StructSerializers::readQuery);
        register(kryo, Envar.class, ENVAR, StructSerializers::writeEnvar, StructSerializers::readEnvar);
        register(kryo, Coord.class, COORD, StructSerializers::writeCoord, StructSerializers::readCoord);
        register(kryo, RegAttr.class, REGATTR, StructSerializers::writeRegAttr, StructSerializers::readRegAttr);
        register(kryo, CpuSet.class, PROC_CPUSET, StructSerializers::writeCpuSet, StructSerializers::readCpuSet);
        register(kryo, Geometry.class, GEOMETRY, StructSerializers::writeGeometry, StructSerializers::readGeometry);
        register(kryo, DeviceDistance.class, DEVICE_DIST, StructSerializers::writeDeviceDistance,
                StructSerializers::readDeviceDistance);
        register(kryo, Endpoint.class, ENDPOINT, StructSerializers::writeEndpoint, StructSerializers::readEndpoint);
        register(kryo, Topology.class, TOPO, StructSerializers::writeTopology, StructSerializers::readTopology);
        register(kryo, ProcStats.class, PROC_STATS, StructSerializers::writeProcStats, StructSerializers::readProcStats);
        register(kryo, DiskStats.class, DISK_STATS, StructSerializers::writeDiskStats, StructSerializers::readDiskStats);
        register(kryo, NetStats.class, NET_STATS, StructSerializers::writeNetStats, StructSerializers::readNetStats);
        register(kryo, NodeStats.class, NODE_STATS, StructSerializers::writeNodeStats, StructSerializers::readNodeStats);
        return kryo;
    }

    private static <T> void register(Kryo kryo, Class<T> type, int id, BiConsumer<CodecOutput, T> writer,
            Function<CodecInput, ? extends T> reader) {
        Registration existing = kryo.getClassResolver().getRegistration(id);
        if (existing != null) {
            throw new IllegalStateException("codec format: ID " + id + " of " + type.getName() + " is taken by "
                    + existing.getType().getName());
        }
        kryo.register(type, new MessageSerializer<>(writer, reader), id);
    }

    /**
     * A message kind's serializer: the layout is written out field by field in {@link ValueSerializer}
     * and {@link StructSerializers}; this only hands Kryo's stream to it.
     */
    private static final class MessageSerializer<T> extends Serializer<T> {
        private final BiConsumer<CodecOutput, T> writer;
        private final Function<CodecInput, ? extends T> reader;

        MessageSerializer(BiConsumer<CodecOutput, T> writer, Function<CodecInput, ? extends T> reader) {
            super(false, true); // never null, immutable (no copy support needed)
            this.writer = writer;
            this.reader = reader;
        }

        @Override
        public void write(Kryo kryo, Output output, T object) {
            writer.accept((CodecOutput) output, object);
        }

        @Override
        public T read(Kryo kryo, Input input, Class<? extends T> type) {
            return reader.apply((CodecInput) input);
        }
    }

    /**
     * Kryo's class tags with nothing but registered message IDs accepted: no null, no class names
     * (Kryo would read the name with its unbounded {@code readString} and load the class), no
     * built-in registration.
     */
    static final class MessageClassResolver extends DefaultClassResolver {
        @Override
        @SuppressWarnings("rawtypes") // Kryo's ClassResolver declares the raw type
        public Registration writeClass(Output output, Class type) {
            Registration r = type == null ? null : getRegistration(type);
            if (r == null || r.getId() < FIRST_MESSAGE_ID) {
                throw CodecOutput.unencodable("not a message kind: " + (type == null ? "null" : type.getName()));
            }
            output.writeVarInt(r.getId() + 2, true);
            return r;
        }

        @Override
        public Registration readClass(Input input) {
            int tag = input.readVarInt(true);
            if (tag == Kryo.NULL) {
                throw CodecInput.malformed("null message");
            }
            if (tag == NAME + 2) {
                throw CodecInput.malformed("class names are never accepted");
            }
            int id = tag - 2;
            Registration r = id >= FIRST_MESSAGE_ID ? getRegistration(id) : null;
            if (r == null) {
                throw CodecInput.malformed("unregistered class id " + Integer.toUnsignedString(id));
            }
            return r;
        }
    }
}
