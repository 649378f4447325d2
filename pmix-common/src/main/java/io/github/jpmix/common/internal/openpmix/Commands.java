package io.github.jpmix.common.internal.openpmix;

/**
 * Not API. OpenPMIx 4.2.2's request commands ({@code pmix_cmd_t}, {@code include/pmix_globals.h:144-179}):
 * the first field of every request, a {@code PMIX_COMMAND} byte packed with the count 1.
 */
public final class Commands {
    public static final int REQ = 0;
    public static final int ABORT = 1;
    public static final int COMMIT = 2;
    public static final int FENCENB = 3;
    public static final int GETNB = 4;
    public static final int FINALIZE = 5;
    public static final int PUBLISHNB = 6;
    public static final int LOOKUPNB = 7;
    public static final int UNPUBLISHNB = 8;
    public static final int SPAWNNB = 9;
    public static final int CONNECTNB = 10;
    public static final int DISCONNECTNB = 11;
    public static final int NOTIFY = 12;
    public static final int REGEVENTS = 13;
    public static final int DEREGEVENTS = 14;
    public static final int QUERY = 15;
    public static final int LOG = 16;
    public static final int ALLOC = 17;
    public static final int JOB_CONTROL = 18;
    public static final int MONITOR = 19;

    private static final String[] NAMES = {"REQ", "ABORT", "COMMIT", "FENCENB", "GETNB", "FINALIZE", "PUBLISHNB",
        "LOOKUPNB", "UNPUBLISHNB", "SPAWNNB", "CONNECTNB", "DISCONNECTNB", "NOTIFY", "REGEVENTS", "DEREGEVENTS",
        "QUERY", "LOG", "ALLOC", "JOB_CONTROL", "MONITOR", "GET_CREDENTIAL", "VALIDATE_CRED", "IOF_PULL", "IOF_PUSH",
        "GROUP_CONSTRUCT", "GROUP_JOIN", "GROUP_INVITE", "GROUP_LEAVE", "GROUP_DESTRUCT", "IOF_DEREG",
        "FABRIC_REGISTER", "FABRIC_UPDATE", "COMPUTE_DEVICE_DISTANCES"};

    private Commands() {
    }

    /** A printable name, for logs and errors. */
    public static String name(int cmd) {
        return cmd >= 0 && cmd < NAMES.length ? NAMES[cmd] : "command " + cmd;
    }
}
