package io.github.jpmix.common.internal;

import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import java.util.ArrayList;
import java.util.List;

/**
 * Not API. {@link Value} and {@link DataArray} on the wire: a value is its {@link DataType} code
 * (unsigned varint) then the payload of that type; a data array is the element type, the count,
 * then each element's payload without its type. {@link Value#javaType(int)} decides which Java
 * class a payload is, and the table in {@code docs/codec.md} how it is laid out. Stateless: the
 * decode budget and depth live in {@link WireInput}/{@link WireOutput}.
 */
final class ValueSerializer {
    private ValueSerializer() {
    }

    // ---- writing ----

    static void writeValue(WireOutput out, Value v) {
        out.enter();
        out.writeVarInt(v.type(), true);
        writePayload(out, v);
        out.exit();
    }

    static void writeDataArray(WireOutput out, DataArray a) {
        out.enter();
        int type = a.type();
        List<Value> values = a.values();
        int n = values.size();
        out.writeVarInt(type, true);
        out.writeCount(n);
        for (int i = 0; i < n; i++) {
            writePayload(out, values.get(i));
        }
        out.exit();
    }

    /** The payload of {@code v}, by its type. Unboxes, and reads byte payloads through a view (no copy). */
    private static void writePayload(WireOutput out, Value v) {
        int type = v.type();
        switch (type) {
            case DataType.UNDEF:
                return;
            case DataType.BOOL:
                out.writeByte((Boolean) v.data() ? 1 : 0);
                return;
            case DataType.BYTE:
            case DataType.INT8:
                out.writeByte((Byte) v.data());
                return;
            case DataType.INT16:
                out.writeShort((Short) v.data());
                return;
            case DataType.INT:
            case DataType.INT32:
            case DataType.PID:
            case DataType.STATUS:
                out.writeVarInt((Integer) v.data(), false);
                return;
            case DataType.UINT:
            case DataType.UINT32:
            case DataType.PROC_RANK:
            case DataType.INFO_DIRECTIVES:
                out.writeVarInt((Integer) v.data(), true);
                return;
            case DataType.INT64:
            case DataType.TIME:
                out.writeVarLong((Long) v.data(), false);
                return;
            case DataType.UINT64:
            case DataType.SIZE:
            case DataType.DEVTYPE:
            case DataType.STOR_MEDIUM:
            case DataType.STOR_ACCESS:
            case DataType.STOR_PERSIST:
                out.writeVarLong((Long) v.data(), true);
                return;
            case DataType.UINT8:
            case DataType.PERSIST:
            case DataType.SCOPE:
            case DataType.DATA_RANGE:
            case DataType.COMMAND:
            case DataType.PROC_STATE:
            case DataType.ALLOC_DIRECTIVE:
            case DataType.JOB_STATE:
            case DataType.LINK_STATE:
                out.writeByte((Integer) v.data());
                return;
            case DataType.UINT16:
            case DataType.DATA_TYPE:
            case DataType.IOF_CHANNEL:
            case DataType.LOCTYPE:
            case DataType.STOR_ACCESS_TYPE:
                out.writeShort((Integer) v.data());
                return;
            case DataType.FLOAT:
                out.writeFloatBits((Float) v.data());
                return;
            case DataType.DOUBLE:
                out.writeDoubleBits((Double) v.data());
                return;
            case DataType.STRING:
            case DataType.PROC_NSPACE:
                out.writeUtf8((String) v.data());
                return;
            case DataType.BYTE_OBJECT:
            case DataType.COMPRESSED_STRING:
            case DataType.COMPRESSED_BYTE_OBJECT:
            case DataType.REGEX:
            case DataType.DATA_BUFFER:
                out.writeByteArray(v.asByteBuffer());
                return;
            case DataType.VALUE:
                writeValue(out, (Value) v.data());
                return;
            case DataType.DATA_ARRAY:
                writeDataArray(out, (DataArray) v.data());
                return;
            default:
                if (type > DataType.DATA_TYPE_MAX) {
                    out.writeByteArray(v.asByteBuffer());
                } else {
                    StructSerializers.writeStruct(out, type, v.data());
                }
        }
    }

    // ---- reading ----

    static Value readValue(WireInput in) {
        in.enter();
        int type = in.readVarInt(true);
        checkType(type);
        Value v = readPayload(in, type);
        in.exit();
        return v;
    }

    static DataArray readDataArray(WireInput in) {
        in.enter();
        int type = in.readVarInt(true);
        checkType(type);
        // only PMIX_UNDEF elements take no bytes: any other count must fit in what is left
        int n = in.readCount("data array of " + DataType.name(type), type == DataType.UNDEF ? 0 : 1);
        List<Value> values = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            values.add(readPayload(in, type));
        }
        in.exit();
        return new DataArray(type, values);
    }

    /** Fails on a code that no payload can have, before a count or a payload is read for it. */
    private static void checkType(int type) {
        if (type == DataType.POINTER || type == DataType.BUFFER) {
            throw WireInput.malformed("type " + DataType.name(type) + " cannot cross a process boundary");
        }
        if (type <= DataType.DATA_TYPE_MAX) {
            try {
                Value.javaType(type);
            } catch (PmixException e) {
                throw new PmixException(Status.ERR_UNKNOWN_DATA_TYPE, "decode: unknown data type " + type);
            }
        }
    }

    private static Value readPayload(WireInput in, int type) {
        switch (type) {
            case DataType.UNDEF:
                return Value.UNDEF;
            case DataType.BOOL:
                return Value.ofBool(in.readBoolean());
            case DataType.BYTE:
                return Value.ofByte(in.readByte());
            case DataType.INT8:
                return Value.ofInt8(in.readByte());
            case DataType.INT16:
                return Value.ofInt16(in.readShort());
            case DataType.INT:
                return Value.ofInt(in.readVarInt(false));
            case DataType.INT32:
                return Value.ofInt32(in.readVarInt(false));
            case DataType.PID:
                return Value.ofPid(in.readVarInt(false));
            case DataType.STATUS:
                return Value.ofStatus(in.readVarInt(false));
            case DataType.UINT:
                return Value.ofUint(in.readVarInt(true));
            case DataType.UINT32:
                return Value.ofUint32(in.readVarInt(true));
            case DataType.PROC_RANK:
                return Value.ofRank(in.readVarInt(true));
            case DataType.INFO_DIRECTIVES:
                return Value.ofInfoDirectives(in.readVarInt(true));
            case DataType.INT64:
                return Value.ofInt64(in.readVarLong(false));
            case DataType.TIME:
                return Value.ofTime(in.readVarLong(false));
            case DataType.UINT64:
                return Value.ofUint64(in.readVarLong(true));
            case DataType.SIZE:
                return Value.ofSize(in.readVarLong(true));
            case DataType.DEVTYPE:
            case DataType.STOR_MEDIUM:
            case DataType.STOR_ACCESS:
            case DataType.STOR_PERSIST:
                return Value.of(type, in.readVarLong(true));
            case DataType.UINT8:
            case DataType.PERSIST:
            case DataType.SCOPE:
            case DataType.DATA_RANGE:
            case DataType.COMMAND:
            case DataType.PROC_STATE:
            case DataType.ALLOC_DIRECTIVE:
            case DataType.JOB_STATE:
            case DataType.LINK_STATE:
                return Value.of(type, in.readByteUnsigned());
            case DataType.UINT16:
            case DataType.DATA_TYPE:
            case DataType.IOF_CHANNEL:
            case DataType.LOCTYPE:
            case DataType.STOR_ACCESS_TYPE:
                return Value.of(type, in.readShortUnsigned());
            case DataType.FLOAT:
                return Value.ofFloat(in.readFloat());
            case DataType.DOUBLE:
                return Value.ofDouble(in.readDouble());
            case DataType.STRING:
                return Value.ofString(in.readUtf8("string value"));
            case DataType.PROC_NSPACE:
                return Value.of(type, in.readUtf8("namespace value"));
            case DataType.BYTE_OBJECT:
            case DataType.COMPRESSED_STRING:
            case DataType.COMPRESSED_BYTE_OBJECT:
            case DataType.REGEX:
            case DataType.DATA_BUFFER:
                return Value.of(type, in.readByteArray(DataType.name(type)));
            case DataType.VALUE:
                return Value.of(type, readValue(in));
            case DataType.DATA_ARRAY:
                return Value.of(type, readDataArray(in));
            default:
                if (type > DataType.DATA_TYPE_MAX) {
                    return Value.of(type, in.readByteArray("user type " + type));
                }
                return Value.of(type, StructSerializers.readStruct(in, type));
        }
    }
}
