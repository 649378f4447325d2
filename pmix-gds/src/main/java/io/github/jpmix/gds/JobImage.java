package io.github.jpmix.gds;

import io.github.jpmix.common.Keys;
import io.github.jpmix.common.Value;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A registration as the store keeps it: its descriptor, its topology and its entries under
 * {@link StoreKeys}. Both implementations store exactly this; the Chronicle one writes it to a
 * file, the heap one keeps it.
 *
 * <p>Where each info goes:
 * <ul>
 *   <li>top-level keys whose default realm is the session ({@code PMIX_UNIV_SIZE}, {@code PMIX_TMPDIR}, ...):
 *       the session realm ({@code S|}), under the keys of the session array, which win;</li>
 *   <li>top-level keys whose default realm is the node ({@code PMIX_HOSTNAME}, {@code PMIX_NODE_SIZE}, ...):
 *       the local node's slot, under the keys of the local node's node array, which win;</li>
 *   <li>every other top-level key, the maps included: the job realm ({@code J|});</li>
 *   <li>the arrays: {@code S|}, {@code A<appnum>|}, {@code N<slot>|}, {@code P<rank>|}.</li>
 * </ul>
 * Application leaders missing from the app arrays are derived when every application before has a
 * known leader and size (applications hold consecutive rank blocks in appnum order, as launchers
 * assign them); a single application leads at rank 0 and spans the job.
 */
final class JobImage {
    final Descriptor descriptor;
    final Topology topology;
    final Map<String, Value> entries;

    private JobImage(Descriptor descriptor, Topology topology, Map<String, Value> entries) {
        this.descriptor = descriptor;
        this.topology = topology;
        this.entries = entries;
    }

    static JobImage of(Registration r, String localHost) {
        JobLayout layout = r.layout().orElse(null);
        List<String> names = new ArrayList<>(layout == null ? List.of() : layout.nodes());
        List<Long> ids = new ArrayList<>();
        Map<String, Integer> byName = new HashMap<>();
        Map<Long, Integer> byGivenId = new HashMap<>();
        for (int i = 0; i < names.size(); i++) {
            ids.add(Topology.NO_ID);
            byName.putIfAbsent(names.get(i), i);
        }
        int layoutNodes = names.size();
        // place every node array at a slot: by hostname, else by the id it gives (a given id, else a
        // node map index that has no given id)
        int[] nodeSlot = new int[r.nodes().size()];
        for (int k = 0; k < r.nodes().size(); k++) {
            Registration.Node n = r.nodes().get(k);
            Integer slot;
            if (n.hostname() != null) {
                slot = byName.get(n.hostname());
            } else {
                long want = Integer.toUnsignedLong(n.nodeId());
                slot = byGivenId.get(want);
                if (slot == null && want < layoutNodes && ids.get((int) want) == Topology.NO_ID) {
                    slot = (int) want;
                }
            }
            if (slot == null) {
                slot = names.size();
                names.add(n.hostname());
                ids.add(Topology.NO_ID);
                if (n.hostname() != null) {
                    byName.put(n.hostname(), slot);
                }
            }
            if (n.nodeId() != null) {
                ids.set(slot, Integer.toUnsignedLong(n.nodeId()));
                byGivenId.putIfAbsent(Integer.toUnsignedLong(n.nodeId()), slot);
            }
            nodeSlot[k] = slot;
        }
        int members = names.size();
        Integer localSlot = byName.get(localHost);
        int local;
        if (localSlot == null) {
            local = names.size();
            names.add(localHost);
            ids.add(Topology.NO_ID);
        } else {
            local = localSlot;
        }
        Value topLevelId = r.jobInfo().get(Keys.NODEID.name());
        if (topLevelId != null && ids.get(local) == Topology.NO_ID) {
            ids.set(local, Integer.toUnsignedLong(topLevelId.asInt()));
        }
        long[] idArray = new long[ids.size()];
        for (int i = 0; i < idArray.length; i++) {
            idArray[i] = ids.get(i);
        }
        Topology topology = new Topology(names.toArray(new String[0]), idArray, layoutNodes, members, layout);

        Map<String, Value> e = new LinkedHashMap<>();
        for (Map.Entry<String, Value> i : r.jobInfo().entrySet()) {
            String k = i.getKey();
            Keys.Realm realm = Keys.defaultRealm(k).orElse(null);
            if (realm == Keys.Realm.SESSION) {
                e.put(StoreKeys.session(k).toString(), i.getValue());
            } else if (realm == Keys.Realm.NODE) {
                e.put(StoreKeys.node(local, k).toString(), i.getValue());
            } else {
                e.put(StoreKeys.job(k).toString(), i.getValue());
            }
        }
        r.session().ifPresent(s -> s.info().forEach((k, v) -> e.put(StoreKeys.session(k).toString(), v)));
        for (Registration.App a : r.apps()) {
            a.info().forEach((k, v) -> e.put(StoreKeys.app(Integer.toUnsignedLong(a.appnum()), k).toString(), v));
        }
        for (int k = 0; k < r.nodes().size(); k++) {
            int slot = nodeSlot[k];
            r.nodes().get(k).info().forEach((key, v) -> e.put(StoreKeys.node(slot, key).toString(), v));
        }
        for (Registration.ProcData p : r.procs()) {
            p.info().forEach((k, v) -> e.put(StoreKeys.proc(p.rank(), k).toString(), v));
        }

        Value size = r.jobInfo().get(Keys.JOB_SIZE.name());
        long jobSize = size != null ? Integer.toUnsignedLong(size.asInt()) : layout != null ? layout.jobSize() : -1;
        long sessionId = r.session().map(s -> Integer.toUnsignedLong(s.id())).orElse(-1L);
        List<Integer> ranks = new ArrayList<>();
        r.procs().forEach(p -> ranks.add(p.rank()));
        List<Integer> slots = new ArrayList<>();
        for (int slot : nodeSlot) {
            slots.add(slot);
        }
        int localSlotFinal = local;
        if (e.keySet().stream().anyMatch(k -> k.startsWith("N" + localSlotFinal + "|"))) {
            slots.add(local);
        }
        Descriptor d = apps(r, new Descriptor(r.namespace(), sessionId, r.nlocalprocs(), local, layout != null, jobSize,
                new long[0], new long[0], new long[0], Descriptor.rankSet(ranks), Descriptor.slotSet(slots)));
        return new JobImage(d, topology, e);
    }

    private static Descriptor apps(Registration r, Descriptor d) {
        List<Registration.App> apps = new ArrayList<>(r.apps());
        apps.sort(Comparator.comparingLong(a -> Integer.toUnsignedLong(a.appnum())));
        int n = apps.size();
        long[] nums = new long[n];
        long[] ldrs = new long[n];
        long[] sizes = new long[n];
        for (int i = 0; i < n; i++) {
            Registration.App a = apps.get(i);
            nums[i] = Integer.toUnsignedLong(a.appnum());
            Value l = a.info().get(Keys.APPLDR.name());
            Value s = a.info().get(Keys.APP_SIZE.name());
            ldrs[i] = l == null ? -1 : Integer.toUnsignedLong(l.asInt());
            sizes[i] = s == null ? -1 : Integer.toUnsignedLong(s.asInt());
        }
        if (n == 1) {
            ldrs[0] = ldrs[0] < 0 ? 0 : ldrs[0];
            sizes[0] = sizes[0] < 0 ? d.jobSize : sizes[0];
        } else {
            for (int i = 0; i < n; i++) {
                if (ldrs[i] >= 0) {
                    continue;
                }
                if (i == 0 && nums[0] == 0) {
                    ldrs[0] = 0;
                } else if (i > 0 && nums[i] == nums[i - 1] + 1 && ldrs[i - 1] >= 0 && sizes[i - 1] >= 0) {
                    ldrs[i] = ldrs[i - 1] + sizes[i - 1];
                }
            }
        }
        return new Descriptor(d.namespace, d.sessionId, d.nlocalprocs, d.localSlot, d.hasLayout, d.jobSize,
                Arrays.copyOf(nums, n), ldrs, sizes, d.procRanks(), d.nodeSlots());
    }
}
