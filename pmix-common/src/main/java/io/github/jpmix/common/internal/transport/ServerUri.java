package io.github.jpmix.common.internal.transport;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Rank;
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

    /** Whether {@code uri} has a JPMIx URI's form ({@code ...;unix:<path>}), rather than OpenPMIx's {@code tcp4://}. */
    public static boolean isJpmix(String uri) {
        int semi = uri.indexOf(';');
        return uri.startsWith(SCHEME, semi + 1) && uri.length() > semi + 1 + SCHEME.length();
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

    /**
     * The server identity a URI names: {@code <nspace>.<rank>} before the first {@code ';'}, split at
     * the last {@code '.'} as OpenPMIx's {@code pmix_ptl_base_parse_uri} does (a namespace may hold dots).
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} for a URI without {@code <nspace>.<rank>;}
     */
    public static Proc proc(String uri) {
        int semi = uri.indexOf(';');
        int dot = semi < 0 ? -1 : uri.lastIndexOf('.', semi);
        if (dot <= 0 || dot == semi - 1) {
            throw new PmixException(Status.ERR_BAD_PARAM, "server URI '" + uri + "' does not start with '<nspace>.<rank>;'");
        }
        return new Proc(uri.substring(0, dot), Rank.parse(uri.substring(dot + 1, semi)));
    }
}
