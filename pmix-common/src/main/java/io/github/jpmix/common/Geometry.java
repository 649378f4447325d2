package io.github.jpmix.common;

import java.util.List;

/**
 * A device's place in a fabric ({@code pmix_geometry_t}, {@code PMIX_GEOMETRY}).
 *
 * @param fabric the fabric's index ({@code size_t}, unsigned)
 * @param uuid the device's UUID, or null
 * @param osname the device's OS name, or null
 * @param coordinates its coordinates, one per view
 */
public record Geometry(long fabric, String uuid, String osname, List<Coord> coordinates) {
    public Geometry {
        coordinates = List.copyOf(coordinates);
    }
}
