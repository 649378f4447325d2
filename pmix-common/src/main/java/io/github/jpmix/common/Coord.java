package io.github.jpmix.common;

import java.util.Arrays;

/**
 * A fabric coordinate ({@code pmix_coord_t}, {@code PMIX_COORD}): a view and one {@code uint32}
 * per dimension.
 *
 * @param view {@link #VIEW_UNDEF}, {@link #LOGICAL_VIEW} or {@link #PHYSICAL_VIEW}
 * @param coords the coordinate in each dimension (unsigned), copied
 */
public record Coord(int view, int[] coords) {
    /** {@code PMIX_COORD_VIEW_UNDEF} */
    public static final int VIEW_UNDEF = 0x00;
    /** {@code PMIX_COORD_LOGICAL_VIEW} */
    public static final int LOGICAL_VIEW = 0x01;
    /** {@code PMIX_COORD_PHYSICAL_VIEW} */
    public static final int PHYSICAL_VIEW = 0x02;

    public Coord {
        ProcInfo.checkUint8("coord view", view);
        coords = coords.clone();
    }

    @Override
    public int[] coords() {
        return coords.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Coord && ((Coord) o).view == view && Arrays.equals(((Coord) o).coords, coords);
    }

    @Override
    public int hashCode() {
        return 31 * view + Arrays.hashCode(coords);
    }

    @Override
    public String toString() {
        return "Coord[view=" + view + ", coords=" + Arrays.toString(coords) + "]";
    }
}
