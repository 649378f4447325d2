package io.github.jpmix.common;

/**
 * The PMIx version JPMIx is compatible with: OpenPMIx's, whose constants, keys, map formats and
 * rendezvous files it follows. Servers give it to their clients ({@code PMIX_VERSION} in the
 * environment {@code setupFork} makes) and write it into rendezvous files; tools send it in their
 * handshake.
 */
public final class PmixVersion {
    /** The OpenPMIx release JPMIx is compatible with, as {@code PMIX_VERSION} spells it. */
    public static final String PMIX_VERSION = "4.2.2";

    private PmixVersion() {
    }
}
