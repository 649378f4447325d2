package io.github.jpmix.server.internal.openpmix;

/**
 * Not API. OpenPMIx 4.2.2's request commands ({@code pmix_cmd_t}, {@code include/pmix_globals.h:144-179}):
 * the first field of every request, a {@code PMIX_COMMAND} byte packed with the count 1.
 */
final class Commands {
    static final int REQ = 0;
    static final int ABORT = 1;
    static final int COMMIT = 2;
    static final int FENCENB = 3;
    static final int GETNB = 4;
    static final int FINALIZE = 5;
    static final int PUBLISHNB = 6;
    static final int LOOKUPNB = 7;
    static final int UNPUBLISHNB = 8;
    static final int SPAWNNB = 9;
    static final int CONNECTNB = 10;
    static final int DISCONNECTNB = 11;
    static final int NOTIFY = 12;
    static final int REGEVENTS = 13;
    static final int DEREGEVENTS = 14;
    static final int QUERY = 15;
    static final int LOG = 16;
    static final int ALLOC = 17;
    static final int JOB_CONTROL = 18;
    static final int MONITOR = 19;

    private static final String[] NAMES = {"REQ", "ABORT", "COMMIT", "FENCENB", "GETNB", "FINALIZE", "PUBLISHNB",
        "LOOKUPNB", "UNPUBLISHNB", "SPAWNNB", "CONNECTNB", "DISCONNECTNB", "NOTIFY", "REGEVENTS", "DEREGEVENTS",
        "QUERY", "LOG", "ALLOC", "JOB_CONTROL", "MONITOR", "GET_CREDENTIAL", "VALIDATE_CRED", "IOF_PULL", "IOF_PUSH",
        "GROUP_CONSTRUCT", "GROUP_JOIN", "GROUP_INVITE", "GROUP_LEAVE", "GROUP_DESTRUCT", "IOF_DEREG",
        "FABRIC_REGISTER", "FABRIC_UPDATE", "COMPUTE_DEVICE_DISTANCES"};

    private Commands() {
    }

    static String name(int cmd) {
        return cmd >= 0 && cmd < NAMES.length ? NAMES[cmd] : "command " + cmd;
    }
}
