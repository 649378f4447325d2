package io.github.jpmix.common.internal.bfrops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.codec.ModelArbitraries;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Round trips of random model objects (the module's {@code ModelArbitraries}, every type and
 * nesting, the extremes of each): what the wire carries ({@link WireModel#carried}) is written,
 * read back as {@link WireModel#normalize} says, and written again to the same bytes; what it
 * does not carry is refused with {@link Status#ERR_NOT_SUPPORTED} or {@link Status#ERR_PACK_FAILURE}.
 */
class BfropsRoundTripTest {
    private static final Set<Integer> REFUSALS = Set.of(Status.ERR_NOT_SUPPORTED, Status.ERR_PACK_FAILURE);

    @Property(tries = 2000)
    void shouldRoundTripValuesAsPmixValue(@ForAll("values") Value v) {
        boolean carried = WireModel.carriedTagged(v);
        byte[] bytes;
        try {
            bytes = new BfropsWriter().packValue(v).toByteArray();
        } catch (PmixException e) {
            assertFalse(carried, () -> "refused " + v + ": " + e.getMessage());
            assertTrue(REFUSALS.contains(e.status()), e::getMessage);
            return;
        }
        assertTrue(carried, () -> "packed " + v + ", which the wire does not carry");
        BfropsReader r = new BfropsReader(bytes);
        Value read = r.unpackValue();
        assertFalse(r.hasRemaining());
        assertEquals(WireModel.normalize(v), read);
        assertEquals(Hex.of(bytes), Hex.of(new BfropsWriter().packValue(read).toByteArray()), "written again");
    }

    @Property(tries = 1000)
    void shouldRoundTripDataArrays(@ForAll("arrays") DataArray a) {
        roundTrip(DataType.DATA_ARRAY, List.of(a));
    }

    @Property(tries = 1000)
    void shouldRoundTripInfoLists(@ForAll("infoLists") List<Info> infos) {
        roundTrip(DataType.INFO, infos);
    }

    /** Every model type as a top-level pack of one to three elements, structs included. */
    @Property(tries = 3000)
    void shouldRoundTripTopLevelPacksOfEveryType(@ForAll("typedElements") TypedElements t) {
        roundTrip(t.type(), t.elements());
    }

    private static void roundTrip(int type, List<?> elements) {
        boolean carried = elements.stream().allMatch(e -> WireModel.carriedPayload(type, e));
        byte[] bytes;
        try {
            bytes = new BfropsWriter().packAll(type, elements).toByteArray();
        } catch (PmixException e) {
            assertFalse(carried, () -> "refused " + DataType.name(type) + " " + elements + ": " + e.getMessage());
            assertTrue(REFUSALS.contains(e.status()), e::getMessage);
            return;
        }
        assertTrue(carried, () -> "packed " + DataType.name(type) + " " + elements + ", which the wire does not carry");
        BfropsReader r = new BfropsReader(bytes);
        List<Object> read = r.unpackAll(type);
        assertFalse(r.hasRemaining());
        Models.assertSame(WireModel.normalize(type, elements), read, DataType.name(type));
        assertEquals(Hex.of(bytes), Hex.of(new BfropsWriter().packAll(type, read).toByteArray()), "written again");
    }

    record TypedElements(int type, List<Object> elements) {
    }

    @Provide
    Arbitrary<Value> values() {
        return ModelArbitraries.values(3);
    }

    @Provide
    Arbitrary<DataArray> arrays() {
        return ModelArbitraries.dataArrays(3);
    }

    @Provide
    Arbitrary<List<Info>> infoLists() {
        return ModelArbitraries.infos(2).list().ofMaxSize(6);
    }

    @Provide
    Arbitrary<TypedElements> typedElements() {
        return Arbitraries.of(ModelArbitraries.TYPES.stream().filter(t -> t != DataType.UNDEF).toList())
                .flatMap(t -> ModelArbitraries.valuesOf(t, 2).list().ofMinSize(1).ofMaxSize(3)
                        .map(vs -> new TypedElements(t, vs.stream().map(Value::data).toList())));
    }

    @Property(tries = 200)
    void shouldRefuseEveryPayloadOfATypeAValueCannotHold(@ForAll("structsAValueCannotHold") Value v) {
        PmixException e = assertThrows(PmixException.class, () -> new BfropsWriter().packValue(v));
        assertEquals(Status.ERR_NOT_SUPPORTED, e.status(), e.getMessage());
    }

    @Provide
    Arbitrary<Value> structsAValueCannotHold() {
        return Arbitraries.of(DataType.APP, DataType.INFO, DataType.PDATA, DataType.KVAL, DataType.QUERY, DataType.VALUE,
                DataType.TOPO).flatMap(t -> ModelArbitraries.valuesOf(t, 1));
    }
}
