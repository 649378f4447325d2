package io.github.jpmix.common;

import java.util.Arrays;

/**
 * A fabric endpoint ({@code pmix_endpoint_t}, {@code PMIX_ENDPOINT}).
 *
 * @param uuid the device's UUID, or null
 * @param osname the device's OS name, or null
 * @param endpoint the endpoint's bytes, copied
 */
public record Endpoint(String uuid, String osname, byte[] endpoint) {
    public Endpoint {
        endpoint = endpoint.clone();
    }

    @Override
    public byte[] endpoint() {
        return endpoint.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Endpoint && java.util.Objects.equals(((Endpoint) o).uuid, uuid)
                && java.util.Objects.equals(((Endpoint) o).osname, osname)
                && Arrays.equals(((Endpoint) o).endpoint, endpoint);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(uuid, osname) * 31 + Arrays.hashCode(endpoint);
    }

    @Override
    public String toString() {
        return "Endpoint[uuid=" + uuid + ", osname=" + osname + ", " + endpoint.length + " bytes]";
    }
}
