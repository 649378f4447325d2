package io.github.jpmix.common.internal.codec;

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
 * decode budget and depth live in {@link CodecInput}/{@link CodecOutput}.
 */
final class ValueSerializer {
    private ValueSerializer() {
    }

    // ---- writing ----

    static void writeValue(CodecOutput out, Value v) {
        out.enter();
        out.writeVarInt(v.type(), true);
        writePayload(out, v);
        out.exit();
    }

    static void writeDataArray(CodecOutput out, DataArray a) {
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

    /**
     * The payload of {@code v}, by the Java class its type is held in ({@link Value#javaType(int)})
     * and, for integers, by {@link Value#unsignedBits(int)} and {@link Value#isUnsignedType(int)}: the
     * type tables live in {@link Value} alone. Unboxes, and reads byte payloads through a view (no copy).
     */
    private static void writePayload(CodecOutput out, Value v) {
        int type = v.type();
        if (type == DataType.UNDEF) {
            return;
        }
        Class<?> cls = Value.javaType(type);
        Object data = cls == byte[].class ? null : v.data();
        if (cls == Integer.class) {
            int bits = Value.unsignedBits(type);
            if (bits == 8) {
                out.writeByte((Integer) data);
            } else if (bits == 16) {
                out.writeShort((Integer) data);
            } else {
                out.writeVarInt((Integer) data, Value.isUnsignedType(type));
            }
        } else if (cls == Long.class) {
            out.writeVarLong((Long) data, Value.isUnsignedType(type));
        } else if (cls == Byte.class) {
            out.writeByte((Byte) data);
        } else if (cls == Short.class) {
            out.writeShort((Short) data);
        } else if (cls == Boolean.class) {
            out.writeByte((Boolean) data ? 1 : 0);
        } else if (cls == Float.class) {
            out.writeFloatBits((Float) data);
        } else if (cls == Double.class) {
            out.writeDoubleBits((Double) data);
        } else if (cls == String.class) {
            out.writeUtf8((String) data);
        } else if (cls == byte[].class) {
            out.writeByteArray(v.asByteBuffer());
        } else if (cls == Value.class) {
            writeValue(out, (Value) data);
        } else if (cls == DataArray.class) {
            writeDataArray(out, (DataArray) data);
        } else {
            StructSerializers.writeStruct(out, type, data);
        }
    }

    // ---- reading ----

    static Value readValue(CodecInput in) {
        in.enter();
        int type = in.readVarInt(true);
        checkType(type);
        Value v = readPayload(in, type);
        in.exit();
        return v;
    }

    static DataArray readDataArray(CodecInput in) {
        in.enter();
        int type = in.readVarInt(true);
        checkType(type);
        // only PMIX_UNDEF elements take no bytes: any other count must fit in what is left
        // what the count is of, for an error message: a constant, not built on every decode
        int n = in.readCount(DataType.name(type), type == DataType.UNDEF ? 0 : 1);
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
            throw CodecInput.malformed("type " + DataType.name(type) + " cannot cross a process boundary");
        }
        if (type <= DataType.DATA_TYPE_MAX) {
            try {
                Value.javaType(type);
            } catch (PmixException e) {
                throw new PmixException(Status.ERR_UNKNOWN_DATA_TYPE, "decode: unknown data type " + type);
            }
        }
    }

    /** The payload of a value of {@code type}: the mirror of {@link #writePayload}. */
    private static Value readPayload(CodecInput in, int type) {
        if (type == DataType.UNDEF) {
            return Value.UNDEF;
        }
        Class<?> cls = Value.javaType(type);
        Object data;
        if (cls == Integer.class) {
            int bits = Value.unsignedBits(type);
            if (bits == 8) {
                data = in.readByteUnsigned();
            } else if (bits == 16) {
                data = in.readShortUnsigned();
            } else {
                data = in.readVarInt(Value.isUnsignedType(type));
            }
        } else if (cls == Long.class) {
            data = in.readVarLong(Value.isUnsignedType(type));
        } else if (cls == Byte.class) {
            data = in.readByte();
        } else if (cls == Short.class) {
            data = in.readShort();
        } else if (cls == Boolean.class) {
            data = in.readBoolean();
        } else if (cls == Float.class) {
            data = in.readFloat();
        } else if (cls == Double.class) {
            data = in.readDouble();
        } else if (cls == String.class) {
            data = in.readUtf8(DataType.name(type));
        } else if (cls == byte[].class) {
            data = in.readByteArray(type > DataType.DATA_TYPE_MAX ? "user type " + type : DataType.name(type));
        } else if (cls == Value.class) {
            data = readValue(in);
        } else if (cls == DataArray.class) {
            data = readDataArray(in);
        } else {
            data = StructSerializers.readStruct(in, type);
        }
        return Value.of(type, data);
    }
}
