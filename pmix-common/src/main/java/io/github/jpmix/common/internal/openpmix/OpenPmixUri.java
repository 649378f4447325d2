package io.github.jpmix.common.internal.openpmix;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Rank;
import io.github.jpmix.common.Status;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;

/**
 * Not API. An OpenPMIx 4.2 server URI, as {@code PMIX_SERVER_URI41} (and its older names) and the
 * first line of its rendezvous files give it: {@code <server nspace>.<rank>;tcp4://<address>:<port>}
 * ({@code mca/ptl/base/ptl_base_listener.c:592-593}), or {@code tcp6://[<address>]:<port>}. Read as
 * OpenPMIx reads it ({@code pmix_ptl_base_parse_uri}, {@code ptl_base_fns.c:229-262, 437-517}): two
 * parts split at the {@code ';'}, the first split at its <em>last</em> {@code '.'} (a namespace may
 * hold dots).
 *
 * @param server the server's identity
 * @param address where it listens
 */
public record OpenPmixUri(Proc server, InetSocketAddress address) {
    private static final String TCP4 = "tcp4://";
    private static final String TCP6 = "tcp6://";

    /** Whether {@code uri} has the form of an OpenPMIx TCP URI (it may still not parse). */
    public static boolean isOpenPmix(String uri) {
        int semi = uri.indexOf(';');
        return semi > 0 && (uri.startsWith(TCP4, semi + 1) || uri.startsWith(TCP6, semi + 1));
    }

    /**
     * Parses a URI. The address must be a numeric one (OpenPMIx writes what its listener bound): no
     * name is looked up.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} naming what is wrong
     */
    public static OpenPmixUri parse(String uri) {
        int semi = uri.indexOf(';');
        if (semi < 0 || uri.indexOf(';', semi + 1) >= 0) {
            throw bad(uri, "not two parts separated by ';'");
        }
        int dot = uri.lastIndexOf('.', semi);
        if (dot <= 0 || dot == semi - 1) {
            throw bad(uri, "does not start with '<nspace>.<rank>;'");
        }
        Proc server;
        try {
            server = new Proc(uri.substring(0, dot), Rank.parse(uri.substring(dot + 1, semi)));
        } catch (PmixException e) {
            throw bad(uri, e.getMessage());
        }
        String address = uri.substring(semi + 1);
        String host;
        String port;
        if (address.startsWith(TCP4)) {
            String hp = address.substring(TCP4.length());
            int colon = hp.lastIndexOf(':');
            if (colon <= 0) {
                throw bad(uri, "no ':<port>' after the address");
            }
            host = hp.substring(0, colon);
            port = hp.substring(colon + 1);
            if (!host.matches("\\d{1,3}(\\.\\d{1,3}){3}")) {
                throw bad(uri, "'" + host + "' is not an IPv4 address");
            }
        } else if (address.startsWith(TCP6)) {
            String hp = address.substring(TCP6.length());
            int close = hp.lastIndexOf("]:");
            if (!hp.startsWith("[") || close < 0) {
                throw bad(uri, "not tcp6://[<address>]:<port>");
            }
            host = hp.substring(1, close);
            port = hp.substring(close + 2);
            if (!host.matches("[0-9A-Fa-f:.]+")) {
                throw bad(uri, "'" + host + "' is not an IPv6 address");
            }
        } else {
            throw bad(uri, "the address is neither " + TCP4 + " nor " + TCP6);
        }
        int p;
        try {
            p = Integer.parseInt(port);
        } catch (NumberFormatException e) {
            p = -1;
        }
        if (p <= 0 || p > 65535) {
            throw bad(uri, "port '" + port + "'");
        }
        try {
            // a numeric address: no lookup happens
            return new OpenPmixUri(server, new InetSocketAddress(InetAddress.getByName(host), p));
        } catch (UnknownHostException e) {
            throw bad(uri, e.getMessage());
        }
    }

    /** The URI of a server {@code server} listening on an IPv4 {@code address}. */
    public static String format(Proc server, String address, int port) {
        return server.namespace() + "." + Integer.toUnsignedString(server.rank()) + ";" + TCP4 + address + ":" + port;
    }

    private static PmixException bad(String uri, String why) {
        return new PmixException(Status.ERR_BAD_PARAM, "OpenPMIx server URI '" + uri + "': " + why);
    }
}
