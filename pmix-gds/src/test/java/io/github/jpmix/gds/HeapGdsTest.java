package io.github.jpmix.gds;

/** The contract over the heap store. */
class HeapGdsTest extends GdsContractTest {
    @Override
    GdsStore newStore(String localHost) {
        return Gds.heapStore(localHost);
    }
}
