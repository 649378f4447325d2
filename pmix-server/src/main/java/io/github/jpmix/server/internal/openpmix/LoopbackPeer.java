package io.github.jpmix.server.internal.openpmix;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import java.io.BufferedReader;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Not API. Who is at the other end of a loopback TCP connection, in the kernel's words: OpenPMIx's
 * {@code native} credential over TCP is whatever uid the client writes into its connect message
 * ({@code docs/openpmix.md}, "Who connects"), so this server asks the kernel instead. Both ends of a
 * loopback connection are sockets of this host, and {@code /proc/net/tcp} (and {@code tcp6}) list
 * every socket with its owner's uid: the client's socket is the one whose local address is the
 * connection's remote one and whose remote address is the server's end.
 *
 * <p>The kernel makes those tables by walking its whole socket hash table, a few milliseconds per
 * read of a page of lines even on an idle host, and the front's thread waits for it: a lookup reads
 * lines until it finds the socket, splitting only the lines that mention the peer's port.
 */
final class LoopbackPeer {
    private static final List<Path> TABLES = List.of(Path.of("/proc/net/tcp"), Path.of("/proc/net/tcp6"));
    private static final Pattern FIELDS = Pattern.compile("\\s+");

    private LoopbackPeer() {
    }

    /**
     * The uid owning the socket at {@code peer} that is connected to {@code self}.
     *
     * @throws PmixException {@link Status#ERR_INVALID_CRED} when the kernel lists no such socket (not
     *     a loopback peer, or it is gone), {@link Status#ERR_NOT_SUPPORTED} without {@code /proc/net/tcp}
     */
    static int uid(InetSocketAddress self, InetSocketAddress peer) {
        String peerPort = ":" + port(peer.getPort());
        String selfPort = ":" + port(self.getPort());
        boolean anyTable = false;
        for (Path table : TABLES) {
            try (BufferedReader in = Files.newBufferedReader(table, StandardCharsets.US_ASCII)) {
                anyTable = true;
                in.readLine(); // the column names
                for (String line; (line = in.readLine()) != null;) {
                    if (!line.contains(peerPort)) {
                        continue;
                    }
                    // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
                    String[] f = FIELDS.split(line.trim());
                    if (f.length > 7 && f[1].endsWith(peerPort) && f[2].endsWith(selfPort) && isLoopback(f[1])
                            && isLoopback(f[2])) {
                        return Integer.parseInt(f[7]);
                    }
                }
            } catch (IOException e) {
                // no such table (IPv6 off), or it could not be read: the other one may list the socket
            }
        }
        if (!anyTable) {
            throw new PmixException(Status.ERR_NOT_SUPPORTED, "connect: cannot read /proc/net/tcp to learn who connected");
        }
        throw new PmixException(Status.ERR_INVALID_CRED, "connect: the kernel lists no loopback socket " + peer
                + " connected to " + self);
    }

    /** A port as the tables print it: four upper-case hex digits. */
    private static String port(int port) {
        String hex = Integer.toHexString(port).toUpperCase(Locale.ROOT);
        return "0000".substring(hex.length()) + hex;
    }

    /**
     * Whether a {@code /proc/net/tcp[6]} address ({@code HEXADDR:PORT}) is a loopback one: 127.0.0.0/8,
     * {@code ::1} or {@code ::ffff:127.x}. The kernel prints each 32-bit word of the address as a host
     * integer, so on a little-endian machine 127.0.0.1 reads {@code 0100007F}.
     */
    static boolean isLoopback(String address) {
        String a = address.substring(0, address.indexOf(':'));
        boolean little = java.nio.ByteOrder.nativeOrder() == java.nio.ByteOrder.LITTLE_ENDIAN;
        if (a.length() == 8) {
            return little ? a.endsWith("7F") : a.startsWith("7F");
        }
        if (a.length() == 32 && a.startsWith("0000000000000000")) {
            String w2 = a.substring(16, 24);
            String w3 = a.substring(24);
            if (w2.equals("00000000")) {
                return w3.equals(little ? "01000000" : "00000001");
            }
            return w2.equals(little ? "FFFF0000" : "0000FFFF") && isLoopback(w3 + ":0");
        }
        return false;
    }
}
