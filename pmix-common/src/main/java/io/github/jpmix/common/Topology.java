package io.github.jpmix.common;

import java.util.Objects;

/**
 * A node's topology ({@code pmix_topology_t}, {@code PMIX_TOPO}). The C struct holds a pointer to
 * the {@code source} library's object; across processes it travels as that library's export
 * (hwloc's XML), which is what this record holds.
 */
public record Topology(String source, String export) {
    public Topology {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(export, "export");
    }
}
