package io.github.jpmix.server.internal;

import io.github.jpmix.common.Proc;
import io.github.jpmix.common.ProcState;
import io.github.jpmix.common.internal.transport.ClientConnection;

/**
 * Not API. What the server knows of one registered local client: its identity and credentials as
 * the host registered them, its connection once it has one, and its {@link ProcState}. Guarded by
 * the server lock.
 */
final class ClientRecord {
    final Proc proc;
    final int uid;
    final int gid;
    int state = ProcState.PREPPED;
    ClientConnection connection;
    long pid;
    /** Whether it committed at least once: a get for a key it did not post then fails instead of waiting. */
    boolean committed;
    /** The clean end was a finalize (not a lost connection). */
    boolean finalized;
    /** A tool connection (RFC0010), not a registered client: see {@link ToolConnections}. */
    boolean tool;

    ClientRecord(Proc proc, int uid, int gid) {
        this.proc = proc;
        this.uid = uid;
        this.gid = gid;
    }

    boolean isAlive() {
        return !ProcState.isTerminated(state);
    }

    @Override
    public String toString() {
        return proc + "[" + ProcState.toString(state) + (pid != 0 ? ", pid " + pid : "") + "]";
    }
}
