package io.github.jpmix.common;

import java.util.Collection;
import java.util.Objects;

/**
 * A process name ({@code pmix_proc_t}): namespace plus rank. The rank is a {@code uint32}; see
 * {@link Rank} for its special values. Prints as {@code nspace:rank}, the rank as
 * {@link Rank#toString(int)} prints it ({@code "job1:WILDCARD"}). (OpenPMIx's internal
 * {@code PMIX_NAME_PRINT} writes {@code [nspace,rank]} instead.)
 *
 * @param namespace the namespace, at most {@link #MAX_NSLEN} bytes of UTF-8
 * @param rank the rank, unsigned
 */
public record Proc(String namespace, int rank) implements Comparable<Proc> {
    /** {@code PMIX_MAX_NSLEN}: the longest namespace, in bytes. */
    public static final int MAX_NSLEN = 255;

    public Proc {
        Objects.requireNonNull(namespace, "namespace");
        if (Info.utf8LongerThan(namespace, MAX_NSLEN)) {
            throw new PmixException(Status.ERR_BAD_PARAM,
                    "proc: namespace longer than " + MAX_NSLEN + " bytes: '" + namespace + "'");
        }
    }

    /** The proc standing for every rank of a namespace ({@link Rank#WILDCARD}). */
    public static Proc wildcard(String namespace) {
        return new Proc(namespace, Rank.WILDCARD);
    }

    /**
     * Whether this process and {@code other} name a common process: same namespace, and the same rank
     * or either one {@link Rank#WILDCARD} (the PMIx Standard's matching of event affected processes and
     * ranges, "Event Notification").
     */
    public boolean matches(Proc other) {
        return namespace.equals(other.namespace) && (rank == other.rank || rank == Rank.WILDCARD || other.rank == Rank.WILDCARD);
    }

    /** Whether this process {@link #matches} any of {@code procs}. */
    public boolean matchesAny(Collection<Proc> procs) {
        for (Proc p : procs) {
            if (matches(p)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public int compareTo(Proc o) {
        int c = namespace.compareTo(o.namespace);
        return c != 0 ? c : Rank.compare(rank, o.rank);
    }

    /** As a record's, written out: a record's own links an {@code invokedynamic} bootstrap on first use ({@link Key#equals}). */
    @Override
    public boolean equals(Object o) {
        return o instanceof Proc p && rank == p.rank && namespace.equals(p.namespace);
    }

    @Override
    public int hashCode() {
        return namespace.hashCode() * 31 + rank;
    }

    @Override
    public String toString() {
        return namespace + ":" + Rank.toString(rank);
    }
}
