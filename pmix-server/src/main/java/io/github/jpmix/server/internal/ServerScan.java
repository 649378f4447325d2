package io.github.jpmix.server.internal;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.internal.transport.RendezvousFile;
import java.io.IOException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Not API. The other PMIx servers of this node a {@code PMIX_QUERY_AVAIL_SERVERS} lists, found as OpenPMIx
 * 4.2.2 finds them ({@code src/mca/ptl/base/ptl_base_fns.c}, {@code pmix_ptl_base_query_servers}: "search the
 * system tmpdir directory tree for files beginning with "pmix." as these can be potential servers"): the
 * rendezvous files of this host ({@code docs/tools.md}, "Rendezvous files") in the system tmpdir and the
 * server tmpdir, two levels of subdirectories deep, as a JPMIx tool searches. A file that cannot be read or
 * whose server no longer runs is left out; a server that published several files is listed once.
 *
 * <p>Each server is one {@code PMIX_SERVER_INFO_ARRAY}: OpenPMIx's {@code check_server} entries
 * ({@code PMIX_SERVER_NSPACE}, {@code PMIX_SERVER_RANK}, {@code PMIX_VERSION_INFO}, {@code PMIX_SERVER_PIDINFO},
 * {@code PMIX_USERID}, {@code PMIX_GRPID}, {@code PMIX_SERVER_START_TIME}) after {@code PMIX_NSPACE} (the
 * Standard: "starting with its PMIX_NSPACE") and with {@code PMIX_SERVER_URI}, the rendezvous information a
 * tool needs to connect.
 */
final class ServerScan {
    /** The search roots themselves and two levels below, as {@code pmix-tool}'s discovery. */
    private static final int SEARCH_DEPTH = 3;

    private ServerScan() {
    }

    /** The live servers other than {@code self} that published a rendezvous file of {@code host} under the roots. */
    static List<List<Info>> others(Path systemTmpdir, Path serverTmpdir, String host, Proc self) {
        Set<Path> roots = new LinkedHashSet<>(List.of(systemTmpdir.normalize(), serverTmpdir.normalize()));
        String system = RendezvousFile.systemName(host);
        Map<Proc, List<Info>> found = new LinkedHashMap<>();
        for (Path root : roots) {
            if (!Files.isDirectory(root)) {
                continue;
            }
            try {
                Files.walkFileTree(root, EnumSet.noneOf(FileVisitOption.class), SEARCH_DEPTH, new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                        String name = file.getFileName().toString();
                        if (!attrs.isDirectory() && (name.equals(system) || RendezvousFile.isSessionName(name, host))) {
                            add(file, self, found);
                        }
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFileFailed(Path file, IOException exc) {
                        return FileVisitResult.CONTINUE; // e.g. another user's 0700 session directory
                    }
                });
            } catch (IOException e) {
                // the visitor skips every failure; nothing reaches here
            }
        }
        return new ArrayList<>(found.values());
    }

    private static void add(Path file, Proc self, Map<Proc, List<Info>> found) {
        RendezvousFile f;
        Proc server;
        try {
            f = RendezvousFile.read(file);
            server = f.serverProc();
        } catch (PmixException e) {
            return;
        }
        if (server.equals(self) || found.containsKey(server) || !f.isWriterAlive()) {
            return;
        }
        List<Info> info = new ArrayList<>();
        info.add(Info.of(Keys.NSPACE, server.namespace()));
        info.add(Info.of(Keys.SERVER_NSPACE, server.namespace()));
        info.add(Info.of(Keys.SERVER_RANK, server.rank()));
        info.add(Info.of(Keys.SERVER_URI, f.uri()));
        if (f.version() != null && !f.version().isEmpty()) {
            info.add(Info.of(Keys.VERSION_INFO, f.version()));
        }
        info.add(Info.of(Keys.SERVER_PIDINFO, (int) f.pid()));
        if (f.uid() >= 0) {
            info.add(Info.of(Keys.USERID, (int) f.uid()));
            info.add(Info.of(Keys.GRPID, (int) f.gid()));
        }
        if (f.created() != null && !f.created().isEmpty()) {
            info.add(Info.of(Keys.SERVER_START_TIME, f.created()));
        }
        found.put(server, List.copyOf(info));
    }
}
