package io.github.jpmix.common.internal.bfrops;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

/** Comparing decoded elements: the model's equals, except that byte arrays compare by content. */
final class Models {
    private Models() {
    }

    static void assertSame(List<?> expected, List<?> actual, String message) {
        assertEquals(comparable(expected), comparable(actual), message);
    }

    static List<Object> comparable(List<?> elements) {
        List<Object> out = new ArrayList<>(elements.size());
        for (Object e : elements) {
            out.add(e instanceof byte[] ? "bytes:" + Hex.of((byte[]) e) : e);
        }
        return out;
    }
}
