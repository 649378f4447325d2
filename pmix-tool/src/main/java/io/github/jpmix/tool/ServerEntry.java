package io.github.jpmix.tool;

import io.github.jpmix.common.internal.openpmix.OpenPmixUri;
import java.nio.file.Path;
import java.util.Objects;

/**
 * One rendezvous file a tool can see ({@link PmixTool#servers}): which server it names and whether
 * that server still runs. A session server publishes up to three files (untagged, pid-tagged,
 * namespace-tagged), so it appears up to three times, with the same {@link #uri}.
 *
 * @param kind {@link Kind#SYSTEM} for {@code pmix.sys.<host>}, {@link Kind#SESSION} for {@code pmix.<host>.tool*}
 * @param state whether the server lives
 * @param path the file
 * @param uri the server URI the file names; null when {@link State#UNREADABLE}
 * @param pid the server's pid; 0 when unknown
 * @param nspace the server's namespace; null when {@link State#UNREADABLE}
 * @param version the PMIx version the server wrote; empty when unknown
 * @param problem why the file is {@link State#STALE} or {@link State#UNREADABLE}; empty when {@link State#LIVE}
 */
public record ServerEntry(Kind kind, State state, Path path, String uri, long pid, String nspace, String version,
        String problem) {

    /** Which kind of rendezvous file (RFC0010). */
    public enum Kind {
        /** The node's system-level server: {@code pmix.sys.<host>} in the system tmpdir. */
        SYSTEM,
        /** A session-level server: {@code pmix.<host>.tool}, {@code .tool.<pid>}, {@code .tool.<nspace>}. */
        SESSION
    }

    /** Whether the named server can be connected to. */
    public enum State {
        /** Its pid runs, and is the process that wrote the file (same start time). */
        LIVE,
        /** Its writer is gone (or the pid now belongs to another process): left behind by a killed server. */
        STALE,
        /**
         * The file cannot be read (permissions), is not a rendezvous file, names no pid, names a server
         * JPMIx cannot reach (its URI neither {@code unix:} nor {@code tcp4://}/{@code tcp6://}), or names
         * an OpenPMIx server but is not to be trusted (owned by another user than the tool's or root, or
         * in a directory others may write).
         */
        UNREADABLE
    }

    public ServerEntry {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(problem, "problem");
    }

    /**
     * Whether the file names a server built on OpenPMIx's server library (its URI is OpenPMIx's
     * {@code tcp4://} form), which a tool reaches with OpenPMIx's tool handshake, rather than a JPMIx server.
     */
    public boolean isOpenPmix() {
        return uri != null && OpenPmixUri.isOpenPmix(uri);
    }

    /** One line for people: kind, state, pid, namespace, path, and the problem if any. */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        b.append(kind.name().toLowerCase(java.util.Locale.ROOT)).append(' ').append(state.name().toLowerCase(java.util.Locale.ROOT));
        if (pid != 0) {
            b.append(" pid ").append(pid);
        }
        if (nspace != null) {
            b.append(" nspace ").append(nspace);
        }
        if (isOpenPmix()) {
            b.append(" (OpenPMIx)");
        }
        b.append(" (").append(path).append(')');
        if (!problem.isEmpty()) {
            b.append(": ").append(problem);
        }
        return b.toString();
    }
}
