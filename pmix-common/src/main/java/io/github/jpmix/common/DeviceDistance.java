package io.github.jpmix.common;

/**
 * A device's distance from a process ({@code pmix_device_distance_t}, {@code PMIX_DEVICE_DIST}).
 *
 * @param uuid the device's UUID, or null
 * @param osname the device's OS name, or null
 * @param type its {@code pmix_device_type_t} bits (uint64)
 * @param minDist minimum distance, 0..65535
 * @param maxDist maximum distance, 0..65535
 */
public record DeviceDistance(String uuid, String osname, long type, int minDist, int maxDist) {
    public DeviceDistance {
        if ((minDist & ~0xFFFF) != 0 || (maxDist & ~0xFFFF) != 0) {
            throw new PmixException(Status.ERR_BAD_PARAM,
                    "device distance: not uint16: min=" + minDist + " max=" + maxDist);
        }
    }
}
