package io.github.jpmix.server.internal;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.gds.GdsReader;
import io.github.jpmix.gds.Registration;
import io.github.jpmix.server.internal.front.JobFacts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Not API. A namespace's {@link JobFacts}: per realm, every key the host gave for it and every key
 * the store derives there ({@link GdsReader#derivedKeys}), each with the value a get of it returns
 * under the retrieval rules ({@code reserved-keys.tex}, "Retrieval rules for reserved keys"), so a
 * process that gets the facts whole reads what a process asking the store key by key reads.
 *
 * <p>The node and proc maps themselves are left out: their facts are in the node and proc realms
 * (OpenPMIx's server does not send them either). Every rank gets its host and node id, the local ranks
 * their whole proc realm: a process asks for a peer's host at any time, and OpenPMIx's client takes
 * it only from the data it got at init. Costs two store lookups per rank of the job, once per namespace.
 */
final class JobFactsExport {
    /** Maps whose content the realms hold already. */
    private static final Set<String> LEFT_OUT = Set.of(Keys.NODE_MAP.name(), Keys.PROC_MAP.name(), Keys.ANL_MAP.name());

    private JobFactsExport() {
    }

    static JobFacts of(ServerState state, String ns) {
        Registration reg = state.store.registration(ns).orElseThrow(() -> new PmixException(Status.ERR_INVALID_NAMESPACE,
                "job facts: namespace " + ns + " is not registered"));
        Proc wildcard = Proc.wildcard(ns);

        Set<String> jobKeys = new LinkedHashSet<>();
        jobKeys.add(Keys.JOB_SIZE.name()); // first: OpenPMIx's client sizes the namespace by it
        Set<String> sessionKeys = new LinkedHashSet<>();
        Set<String> localNodeKeys = new LinkedHashSet<>();
        for (String k : reg.jobInfo().keySet()) {
            Keys.Realm realm = Keys.defaultRealm(k).orElse(null);
            if (realm == Keys.Realm.SESSION) {
                sessionKeys.add(k);
            } else if (realm == Keys.Realm.NODE) {
                localNodeKeys.add(k);
            } else if (!LEFT_OUT.contains(k)) {
                jobKeys.add(k);
            }
        }
        jobKeys.addAll(GdsReader.derivedKeys(Keys.Realm.JOB));
        Map<String, Value> job = values(state, wildcard, jobKeys, List.of());

        reg.session().ifPresent(s -> sessionKeys.addAll(s.info().keySet()));
        sessionKeys.add(Keys.SESSION_ID.name());
        Map<String, Value> session = values(state, wildcard, sessionKeys, List.of(Info.flag(Keys.SESSION_INFO)));

        Set<Integer> appnums = new java.util.TreeSet<>();
        reg.apps().forEach(a -> appnums.add(a.appnum()));
        Value napps = job.get(Keys.JOB_NUM_APPS.name());
        for (int a = 0; napps != null && a < napps.asInt(); a++) {
            appnums.add(a);
        }
        List<Map<String, Value>> apps = new ArrayList<>();
        for (int a : appnums) {
            Set<String> keys = new LinkedHashSet<>();
            reg.apps().stream().filter(x -> x.appnum() == a).forEach(x -> keys.addAll(x.info().keySet()));
            keys.addAll(GdsReader.derivedKeys(Keys.Realm.APP));
            Map<String, Value> app = new LinkedHashMap<>();
            app.put(Keys.APPNUM.name(), Value.ofUint32(a));
            app.putAll(values(state, wildcard, keys, List.of(Info.flag(Keys.APP_INFO), Info.of(Keys.APPNUM, a))));
            apps.add(app);
        }

        List<String> hosts = new ArrayList<>(state.store.nodes(ns));
        if (!hosts.contains(state.hostname)) {
            hosts.add(state.hostname);
        }
        List<Map<String, Value>> nodes = new ArrayList<>();
        for (String h : hosts) {
            Set<String> keys = new LinkedHashSet<>();
            for (Registration.Node n : reg.nodes()) {
                if (h.equals(n.hostname())) {
                    keys.addAll(n.info().keySet());
                }
            }
            if (h.equals(state.hostname)) {
                keys.addAll(localNodeKeys);
            }
            keys.addAll(GdsReader.derivedKeys(Keys.Realm.NODE));
            // the job's facts on that node (PMIX_LOCAL_PEERS, ...): OpenPMIx's node arrays carry them
            keys.addAll(List.of(Keys.LOCAL_PEERS.name(), Keys.LOCAL_SIZE.name(), Keys.LOCALLDR.name()));
            Map<String, Value> node = new LinkedHashMap<>();
            node.put(Keys.HOSTNAME.name(), Value.ofString(h));
            node.putAll(values(state, wildcard, keys, List.of(Info.flag(Keys.NODE_INFO), Info.of(Keys.HOSTNAME, h))));
            nodes.add(node);
        }

        SortedMap<Integer, Map<String, Value>> procs = new TreeMap<>(Integer::compareUnsigned);
        Set<Integer> local = new LinkedHashSet<>();
        for (Proc p : state.store.peers(state.hostname, ns)) {
            local.add(p.rank());
        }
        Value size = job.get(Keys.JOB_SIZE.name());
        long ranks = size == null ? 0 : Integer.toUnsignedLong(size.asInt());
        Set<String> remoteKeys = Set.of(Keys.HOSTNAME.name(), Keys.NODEID.name());
        for (long r = 0; r < ranks; r++) {
            if (!local.contains((int) r)) {
                procs.put((int) r, values(state, new Proc(ns, (int) r), remoteKeys, List.of()));
            }
        }
        for (int r : local) {
            Set<String> keys = new LinkedHashSet<>();
            reg.procs().stream().filter(p -> p.rank() == r).forEach(p -> keys.addAll(p.info().keySet()));
            keys.addAll(GdsReader.derivedKeys(Keys.Realm.PROC));
            procs.put(r, values(state, new Proc(ns, r), keys, List.of()));
        }
        return new JobFacts(ns, job, session, apps, nodes, procs);
    }

    /** The keys' values as a get of {@code target} with {@code qualifiers} reads them; keys without a value left out. */
    private static Map<String, Value> values(ServerState state, Proc target, Set<String> keys, List<Info> qualifiers) {
        Map<String, Value> out = new LinkedHashMap<>();
        for (String k : keys) {
            try {
                state.store.get(target, k, qualifiers, null).ifPresent(v -> out.put(k, v));
            } catch (PmixException e) {
                // a key this realm cannot answer for this target: not a fact of it
            }
        }
        return out;
    }
}
