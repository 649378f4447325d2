package io.github.jpmix.common.internal;

import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Value;
import java.util.List;
import net.jqwik.api.Arbitrary;

/**
 * {@link ModelArbitraries} for the tests of this package's sub-packages (the bfrops codec's
 * round trips), which cannot see the package-private original.
 */
public final class SharedArbitraries {
    private SharedArbitraries() {
    }

    /** Every type code a value can have below {@code DATA_TYPE_MAX}, {@code UNDEF} included. */
    public static List<Integer> types() {
        return ModelArbitraries.TYPES;
    }

    /** A value of any type, nesting up to {@code depth} levels of values in values. */
    public static Arbitrary<Value> values(int depth) {
        return ModelArbitraries.values(depth);
    }

    /** Values of one type. */
    public static Arbitrary<Value> valuesOf(int type, int depth) {
        return ModelArbitraries.valuesOf(type, depth);
    }

    /** Data arrays of any element type. */
    public static Arbitrary<DataArray> dataArrays(int depth) {
        return ModelArbitraries.dataArrays(depth);
    }

    public static Arbitrary<Info> infos(int depth) {
        return ModelArbitraries.infos(depth);
    }

    /** Any struct, value, data array or info list the Kryo codec encodes. */
    public static Arbitrary<Object> messages() {
        return ModelArbitraries.messages();
    }
}
