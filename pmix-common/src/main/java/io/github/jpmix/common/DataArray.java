package io.github.jpmix.common;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * An array of values of one type ({@code pmix_data_array_t}, {@code PMIX_DATA_ARRAY}), e.g. the
 * proc table ({@code PROC_INFO} elements) or a list of infos.
 *
 * @param type the {@link DataType} of every element
 * @param values the elements, each of {@code type}
 */
public record DataArray(int type, List<Value> values) {
    public DataArray {
        values = List.copyOf(Objects.requireNonNull(values, "values"));
        Value.javaType(type); // rejects POINTER and unknown types
        for (int i = 0; i < values.size(); i++) {
            if (values.get(i).type() != type) {
                throw new PmixException(Status.ERR_TYPE_MISMATCH, "data array of " + DataType.name(type)
                        + ": element " + i + " is " + DataType.name(values.get(i).type()));
            }
        }
    }

    /** An array of {@code type} from the elements' Java representations (see {@link Value}). */
    public static DataArray of(int type, List<?> elements) {
        List<Value> values = new ArrayList<>(elements.size());
        for (Object e : elements) {
            values.add(Value.of(type, e));
        }
        return new DataArray(type, values);
    }

    public int size() {
        return values.size();
    }

    /** The elements as their Java representation. */
    public <T> List<T> elements(Class<T> cls) {
        List<T> out = new ArrayList<>(values.size());
        for (Value v : values) {
            out.add(v.to(cls));
        }
        return out;
    }

    /** As a record's, written out: see {@link Info#equals}. */
    @Override
    public boolean equals(Object o) {
        return o instanceof DataArray a && type == a.type && values.equals(a.values);
    }

    @Override
    public int hashCode() {
        return type * 31 + values.hashCode();
    }

    /**
     * {@code TYPE[e0, e1, ... N more]}: at most a few elements and a bounded text, whatever the size
     * (see {@link Value#toString()}).
     */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        appendTo(sb, Value.TEXT_MAX_CHARS);
        return sb.toString();
    }

    void appendTo(StringBuilder sb, int limit) {
        sb.append(DataType.name(type)).append('[');
        int n = values.size();
        for (int i = 0; i < n; i++) {
            if (i >= Value.TEXT_MAX_ELEMENTS || sb.length() >= limit) {
                sb.append("... ").append(n - i).append(" more");
                break;
            }
            if (i > 0) {
                sb.append(", ");
            }
            values.get(i).appendTo(sb, limit);
        }
        sb.append(']');
    }
}
