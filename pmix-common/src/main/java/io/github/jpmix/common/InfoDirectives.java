package io.github.jpmix.common;

/** Minimal placeholder replaced by the full family on merge. */
public final class InfoDirectives {
    public static final int REQD = 0x00000001;
    public static final int QUALIFIER = 0x00000008;

    private InfoDirectives() {
    }
}
