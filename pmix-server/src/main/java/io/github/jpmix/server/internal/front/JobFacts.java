package io.github.jpmix.server.internal.front;

import io.github.jpmix.common.Value;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * Not API. A namespace's facts by realm ({@code reserved-keys.tex}, "Data realms"), as a process of
 * it reads them through the retrieval rules: what the host gave and what the store derives from the
 * maps, each value the one a {@code PMIx_Get} of it returns. For a front whose clients keep the job
 * data themselves (OpenPMIx's {@code hash} store gets it whole at init).
 *
 * @param job the job realm (rank {@code WILDCARD}, no qualifier), the node-level keys of this node
 *     included ({@code PMIX_LOCAL_PEERS}, {@code PMIX_LOCAL_SIZE}, ...: a job's facts on this node)
 * @param session the session realm; holds {@code PMIX_SESSION_ID} when there is one
 * @param apps one map per application, each holding its {@code PMIX_APPNUM}
 * @param nodes one map per node of the job, each holding its {@code PMIX_HOSTNAME} and, when known,
 *     {@code PMIX_NODEID}
 * @param procs per rank: the local ranks' full proc realm, the other ranks' host and node id
 */
public record JobFacts(String namespace, Map<String, Value> job, Map<String, Value> session,
        List<Map<String, Value>> apps, List<Map<String, Value>> nodes, SortedMap<Integer, Map<String, Value>> procs) {
}
