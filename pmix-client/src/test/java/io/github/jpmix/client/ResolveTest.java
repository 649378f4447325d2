package io.github.jpmix.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.jpmix.common.DataArray;
import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.server.WireupInfo;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code PMIx_Resolve_peers} and {@code PMIx_Resolve_nodes} through a client, one test per status
 * of {@code spec/resolve-peers-nodes-hierarchy.rst}. The client runs in the test's JVM: these are
 * rules, not process behaviour.
 */
class ResolveTest {
    @TempDir
    Path tmp;
    TestHost host;
    PmixClient client;

    @BeforeEach
    void connect() {
        host = new TestHost(tmp);
        // a job on this node and a dotted-name node, with the host's local peers
        host.job(WireupInfo.of("app").node(TestHost.NODE, 0, 1).node("cn2.cluster.example.org", 2, 3), "app");
        // a job the host described by its maps only: no PMIX_LOCAL_PEERS for any node
        host.server.registerNamespace("mapsonly", 0, List.of(
                Info.of(Keys.NODE_MAP, "pmix[n[1:1-2]]"), Info.of(Keys.PROC_MAP, "pmix[0-1;2-3]")));
        // a job with neither maps nor local peers for its node
        host.server.registerNamespace("bare", 0, List.of(Info.of(Keys.NODE_INFO_ARRAY,
                DataArray.of(DataType.INFO, List.of(Info.of(Keys.HOSTNAME, "x1"), Info.of(Keys.NODEID, 0))))));
        // a job that has no nodes yet
        host.server.registerNamespace("empty", 0, List.of(Info.of(Keys.JOB_SIZE, 0)));
        Proc me = new Proc("app", 0);
        client = host.connect(me);
    }

    @AfterEach
    void disconnect() {
        client.close();
        host.close();
    }

    @Test
    void shouldRefuseAnUnknownNamespace() {
        // "If the namespace cannot be found, then the API will return the PMIX_ERR_INVALID_NAMESPACE status."
        assertEquals(Status.ERR_INVALID_NAMESPACE,
                assertThrows(PmixException.class, () -> client.resolveNodes("nosuch")).status());
        assertEquals(Status.ERR_INVALID_NAMESPACE,
                assertThrows(PmixException.class, () -> client.resolvePeers(TestHost.NODE, "nosuch")).status());
    }

    @Test
    void shouldAnswerNoNodesForANamespaceWithoutNodes() {
        // "In the event that the namespace has not currently been assigned any nodes, then PMIX_SUCCESS
        // will be returned ... and a NULL will be returned in the nodelist argument."
        assertEquals(List.of(), client.resolveNodes("empty"));
    }

    @Test
    void shouldListTheNodesOfANamespaceDottedNamesIncluded() {
        // "the response for PMIx_Resolve_nodes is constructed by simply collecting the hostnames from the
        // nodes on the job object's list"
        assertEquals(List.of(TestHost.NODE, "cn2.cluster.example.org"), client.resolveNodes("app"));
    }

    @Test
    void shouldMergeTheNodesOfEveryNamespaceForANullNamespace() {
        // regex-format.md section 8: with an empty nspace OpenPMIx "merges all namespaces and removes
        // duplicates"; JPMIx merges them in namespace order: app, bare, empty, mapsonly
        List<String> all = client.resolveNodes(null);
        assertEquals(List.of(TestHost.NODE, "cn2.cluster.example.org", "x1", "n1", "n2"), all);
    }

    @Test
    void shouldAnswerNoPeersForANodeNotInTheJob() {
        // "If that node isn't found on the list ... returning PMIX_SUCCESS to the caller, with the procs
        // array argument set to NULL and the nprocs argument set to zero."
        assertEquals(List.of(), client.resolvePeers("elsewhere", "app"));
    }

    @Test
    void shouldAnswerTheLocalPeersTheHostGave() {
        // "If the host provided it, then the function will return PMIX_SUCCESS and an array of the
        // process IDs will be returned to the caller."
        assertEquals(List.of(new Proc("app", 0), new Proc("app", 1)), client.resolvePeers(TestHost.NODE, "app"));
        // node == null means this node
        assertEquals(List.of(new Proc("app", 0), new Proc("app", 1)), client.resolvePeers(null, "app"));
    }

    @Test
    void shouldReconstructPeersFromAProcMapWhenTheHostGaveNoLocalPeers() {
        // "It is possible that the PMIx library could reconstruct the local peers from other provided
        // data ... While this might be an interesting extension to the current support, it is not
        // presently available." JPMIx has it: a remote node of 'app', and every node of 'mapsonly'.
        assertEquals(List.of(new Proc("app", 2), new Proc("app", 3)), client.resolvePeers("cn2.cluster.example.org", "app"));
        assertEquals(List.of(new Proc("mapsonly", 2), new Proc("mapsonly", 3)), client.resolvePeers("n2", "mapsonly"));
    }

    @Test
    void shouldReportAMissingLocalPeersValueWithoutAProcMap() {
        // "If the host failed to provide the PMIX_LOCAL_PEERS attribute, then the function will return
        // PMIX_ERR_DATA_VALUE_NOT_FOUND"
        assertEquals(Status.ERR_DATA_VALUE_NOT_FOUND,
                assertThrows(PmixException.class, () -> client.resolvePeers("x1", "bare")).status());
    }

    @Test
    void shouldCollectThePeersOfEveryNamespaceForANullNamespace() {
        assertEquals(List.of(new Proc("app", 0), new Proc("app", 1)), client.resolvePeers(TestHost.NODE, null));
    }
}
