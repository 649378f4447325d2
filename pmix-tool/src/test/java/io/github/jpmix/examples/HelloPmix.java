package io.github.jpmix.examples;

import io.github.jpmix.client.PmixClient;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Scope;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import java.util.List;

/**
 * A whole PMIx application (docs/application-guide.md): read this process's facts, post an
 * endpoint, commit, fence, read every peer's endpoint, resolve peers and nodes, handle a failure.
 */
public final class HelloPmix {
    private HelloPmix() {
    }

    public static void main(String[] args) {
        // init finds the server through the environment its host (or bin/pmixrun) gave this process
        try (PmixClient pmix = PmixClient.init()) {
            Proc me = pmix.proc();
            Proc job = Proc.wildcard(me.namespace()); // rank WILDCARD: facts of the whole job
            int size = pmix.get(job, Keys.JOB_SIZE);
            int localRank = pmix.get(me, Keys.LOCAL_RANK);
            String host = pmix.get(me, Keys.HOSTNAME);

            // post what peers need to reach this process, make it visible, wait for everyone's
            pmix.put(Scope.GLOBAL, "hello.endpoint", Value.ofString("tcp://" + host + ":" + (5000 + localRank)));
            pmix.commit();
            pmix.fence(List.of(), Info.flag(Keys.COLLECT_DATA)); // no procs: every process of this job

            // every peer's endpoint, local or remote
            for (int r = 0; r < size; r++) {
                String endpoint = pmix.get(new Proc(me.namespace(), r), "hello.endpoint").asString();
                if (!endpoint.startsWith("tcp://")) {
                    throw new IllegalStateException("rank " + r + " posted " + endpoint);
                }
            }
            List<Proc> localPeers = pmix.resolvePeers(host, me.namespace());
            List<String> nodes = pmix.resolveNodes(me.namespace());

            // a failure is a PmixException carrying the PMIx status: here a key rank 0 never posted
            // (PMIX_IMMEDIATE: answer from the data at hand, do not wait for the key to appear)
            try {
                pmix.get(new Proc(me.namespace(), 0), "hello.no.such.key", Info.flag(Keys.IMMEDIATE));
            } catch (PmixException e) {
                if (e.status() != Status.ERR_NOT_FOUND) {
                    throw e;
                }
            }
            System.out.print("hello from rank " + me.rank() + " of " + size + " on " + host + ": " + size
                    + " endpoints read, " + localPeers.size() + " local peers, " + nodes.size() + " node(s)\n");
        } catch (PmixException e) {
            System.err.println("hello: " + e.statusName() + ": " + e.getMessage());
            System.exit(1);
        }
    }
}
