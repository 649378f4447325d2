package io.github.jpmix.client;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Scope;
import io.github.jpmix.common.Value;
import java.util.List;

/**
 * The demo client {@code bin/pmixrun} runs when given no program: the full wireup of one process.
 * It reads its rank facts, posts an endpoint, commits, fences with data collection, gets every
 * local peer's endpoint and checks it, resolves its peers and nodes, and prints one line. Exit 0
 * when everything checked out, 1 otherwise.
 */
public final class WireupDemo {
    private WireupDemo() {
    }

    public static void main(String[] args) {
        long t0 = System.nanoTime();
        try (PmixClient client = PmixClient.init()) {
            long tInit = System.nanoTime();
            Proc me = client.proc();
            Proc job = Proc.wildcard(me.namespace());
            int size = client.get(job, Keys.JOB_SIZE);
            int localRank = client.get(me, Keys.LOCAL_RANK);
            int nodeId = client.get(me, Keys.NODEID);
            String host = client.get(me, Keys.HOSTNAME);
            int appnum = client.get(me, Keys.APPNUM);
            client.put(Scope.GLOBAL, "demo.endpoint", Value.ofString(endpoint(me)));
            client.commit();
            client.fence(List.of(), Info.flag(Keys.COLLECT_DATA));
            List<Proc> peers = client.resolvePeers(null, me.namespace());
            for (Proc peer : peers) {
                String ep = client.get(peer, "demo.endpoint").asString();
                if (!ep.equals(endpoint(peer))) {
                    System.out.printf("rank %d: peer %s posted %s, expected %s%n", me.rank(), peer, ep, endpoint(peer));
                    System.exit(1);
                }
            }
            List<String> nodes = client.resolveNodes(me.namespace());
            long tDone = System.nanoTime();
            // one write per line: the job's processes share the launcher's stdout, and a printf in pieces interleaves
            System.out.print(String.format("rank %d/%d app %d on %s (node %d, local rank %d): %d local peers wired, "
                    + "%d node(s); init %.1f ms, put+commit+fence+get %.1f ms%n", me.rank(), size, appnum, host, nodeId,
                    localRank, peers.size(), nodes.size(), (tInit - t0) / 1e6, (tDone - tInit) / 1e6));
        } catch (PmixException e) {
            System.out.println("wireup demo failed: " + e.getMessage());
            System.exit(1);
        }
    }

    private static String endpoint(Proc p) {
        return "demo://" + p.namespace() + "/" + Integer.toUnsignedString(p.rank());
    }
}
