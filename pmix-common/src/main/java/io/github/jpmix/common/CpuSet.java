package io.github.jpmix.common;

import java.util.Objects;

/**
 * A process's CPU binding ({@code pmix_cpuset_t}, {@code PMIX_PROC_CPUSET}). The C struct holds
 * a pointer to a bitmap of its {@code source} library; across processes it travels as that
 * library's list syntax, which is what this record holds.
 *
 * @param source the library that produced it, e.g. {@code "hwloc"}
 * @param bitmap the CPUs as a list such as {@code "0-3,8"}
 */
public record CpuSet(String source, String bitmap) {
    public CpuSet {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(bitmap, "bitmap");
    }
}
