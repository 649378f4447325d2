package io.github.jpmix.common.internal.wire;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import java.nio.file.Path;

/**
 * Not API. A JPMIx {@code PMIX_SERVER_URI}: {@code <server nspace>.<rank>;unix:<socket path>}, as
 * the server's {@code setupFork} and rendezvous file give it and clients and tools read it.
 */
public final class ServerUri {
    private static final String SCHEME = "unix:";

    private ServerUri() {
    }

    /** The URI of a server with identity {@code server} listening on {@code socket}. */
    public static String format(Proc server, Path socket) {
        return server.namespace() + "." + Integer.toUnsignedString(server.rank()) + ";" + SCHEME + socket;
    }

    /**
     * The socket path of a URI.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} for a URI that is not a JPMIx one
     */
    public static Path socket(String uri) {
        int semi = uri.indexOf(';');
        String address = semi < 0 ? uri : uri.substring(semi + 1);
        if (!address.startsWith(SCHEME) || address.length() == SCHEME.length()) {
            throw new PmixException(Status.ERR_BAD_PARAM,
                    "server URI '" + uri + "' is not '<nspace>.<rank>;" + SCHEME + "<socket path>'");
        }
        return Path.of(address.substring(SCHEME.length()));
    }
}
