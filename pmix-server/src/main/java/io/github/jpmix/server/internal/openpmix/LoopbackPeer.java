package io.github.jpmix.server.internal.openpmix;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import java.io.BufferedReader;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.regex.Pattern;

/**
 * Not API. Who is at the other end of a loopback TCP connection, in the kernel's words: OpenPMIx's
 * {@code native} credential over TCP is whatever uid the client writes into its connect message
 * ({@code docs/openpmix.md}, "Who connects"), so this server asks the kernel instead. Both ends of a
 * loopback connection are sockets of this host, and {@code /proc/net/tcp} (and {@code tcp6}) list
 * every socket with its owner's uid: the client's socket is the one whose local address is the
 * connection's remote one and whose remote address is the server's end.
 *
 * <p>The kernel makes those tables by walking its whole socket hash table: 5-6 ms per read of
 * {@code /proc/net/tcp} on this 2-core machine with 40 sockets open, most of it the walk. So the
 * lookups run on a thread of their own ({@link Lookups}), not on the front's, which meanwhile serves
 * the clients already admitted (eight ranks that connected together held every request of the job
 * behind their lookups), and one read answers every connection waiting by then.
 */
final class LoopbackPeer {
    private static final List<Path> TABLES = List.of(Path.of("/proc/net/tcp"), Path.of("/proc/net/tcp6"));
    private static final Pattern FIELDS = Pattern.compile("\\s+");

    /** A connection to look up: its two ends as this server sees them. */
    record Query(InetSocketAddress self, InetSocketAddress peer) {
    }

    private LoopbackPeer() {
    }

    /** {@link Status#ERR_INVALID_CRED}: the kernel lists no such connection (not a loopback peer, or it is gone). */
    static PmixException notListed(InetSocketAddress self, InetSocketAddress peer) {
        return new PmixException(Status.ERR_INVALID_CRED, "connect: the kernel lists no loopback socket " + peer
                + " connected to " + self);
    }

    /**
     * The uid owning each query's peer socket, null where the kernel lists none, from one read of the
     * tables: {@code tcp}, then {@code tcp6} only if a socket is still missing.
     *
     * @throws PmixException {@link Status#ERR_NOT_SUPPORTED} without {@code /proc/net/tcp}
     */
    static Integer[] uids(List<Query> queries) {
        Integer[] uids = new Integer[queries.size()];
        // "<peer's port>:<self's port>", as the tables print them, to the indexes of the queries asking
        // for it (one connection may be asked for twice in a batch: its admission and its refusal's log)
        Map<String, List<Integer>> wanted = new HashMap<>();
        for (int i = 0; i < queries.size(); i++) {
            Query q = queries.get(i);
            wanted.computeIfAbsent(port(q.peer().getPort()) + ":" + port(q.self().getPort()), k -> new ArrayList<>()).add(i);
        }
        boolean anyTable = false;
        for (Path table : TABLES) {
            if (wanted.isEmpty()) {
                break;
            }
            try (BufferedReader in = Files.newBufferedReader(table, StandardCharsets.US_ASCII)) {
                anyTable = true;
                in.readLine(); // the column names
                for (String line; !wanted.isEmpty() && (line = in.readLine()) != null;) {
                    // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode; only a
                    // line whose ports match is split (a busy host lists thousands of sockets)
                    String ports = ports(line);
                    if (ports == null || !wanted.containsKey(ports)) {
                        continue;
                    }
                    String[] f = FIELDS.split(line.trim());
                    if (f.length > 7 && isLoopback(f[1]) && isLoopback(f[2])) {
                        int uid = Integer.parseInt(f[7]);
                        for (int i : wanted.remove(ports)) {
                            uids[i] = uid;
                        }
                    }
                }
            } catch (IOException e) {
                // no such table (IPv6 off), or it could not be read: the other one may list the socket
            }
        }
        if (!anyTable) {
            throw new PmixException(Status.ERR_NOT_SUPPORTED, "connect: cannot read /proc/net/tcp to learn who connected");
        }
        return uids;
    }

    /**
     * A table line's "local port:remote port" ({@code "  12: 0100007F:9C41 0100007F:A3B2 01 ..."} gives
     * {@code "9C41:A3B2"}), null when the line has no such fields.
     */
    static String ports(String line) {
        int local = line.indexOf(':') + 1; // after the slot number
        while (local > 0 && local < line.length() && line.charAt(local) == ' ') {
            local++;
        }
        int localEnd = line.indexOf(' ', local);
        if (local <= 0 || localEnd < 0) {
            return null;
        }
        int remoteEnd = line.indexOf(' ', localEnd + 1);
        if (remoteEnd < 0) {
            return null;
        }
        int localPort = line.lastIndexOf(':', localEnd) + 1;
        int remotePort = line.lastIndexOf(':', remoteEnd) + 1;
        if (localPort <= local || remotePort <= localEnd) {
            return null;
        }
        return line.substring(localPort, localEnd) + ":" + line.substring(remotePort, remoteEnd);
    }

    /**
     * Looks up connections on a daemon thread of its own: each lookup waiting when the thread gets to
     * it joins one read of the tables ({@link #uids}), and its answer goes to its callback on that
     * thread.
     */
    static final class Lookups implements AutoCloseable {
        /** A lookup's answer: the uid, or why there is none. */
        interface Answer {
            void accept(int uid, PmixException failure);
        }

        private record Lookup(Query query, Answer answer) {
        }

        private final LinkedBlockingQueue<Lookup> queue = new LinkedBlockingQueue<>();
        private final Thread thread;
        private volatile boolean closed;

        Lookups(String threadName) {
            thread = new Thread(this::run, threadName);
            thread.setDaemon(true);
            thread.start();
        }

        /** Any thread: looks up {@code query}; {@code answer} hears the outcome on the lookup thread. */
        void submit(Query query, Answer answer) {
            queue.add(new Lookup(query, answer));
        }

        private void run() {
            List<Lookup> batch = new ArrayList<>();
            while (!closed) {
                try {
                    batch.add(queue.take());
                } catch (InterruptedException e) {
                    continue; // closed, or a spurious interrupt: the loop checks
                }
                queue.drainTo(batch);
                List<Query> queries = new ArrayList<>(batch.size());
                for (Lookup l : batch) {
                    queries.add(l.query());
                }
                Integer[] uids = null;
                PmixException failure = null;
                try {
                    uids = uids(queries);
                } catch (PmixException e) {
                    failure = e;
                }
                for (int i = 0; i < batch.size(); i++) {
                    Query q = queries.get(i);
                    if (failure != null) {
                        batch.get(i).answer().accept(-1, failure);
                    } else if (uids[i] == null) {
                        batch.get(i).answer().accept(-1, notListed(q.self(), q.peer()));
                    } else {
                        batch.get(i).answer().accept(uids[i], null);
                    }
                }
                batch.clear();
            }
        }

        /** Stops the thread; lookups not yet made get no answer (their connections are closing too). */
        @Override
        public void close() {
            closed = true;
            thread.interrupt();
        }
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
