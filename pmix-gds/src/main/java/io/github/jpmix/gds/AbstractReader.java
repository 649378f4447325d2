package io.github.jpmix.gds;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Rank;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What both readers share: the namespaces known (a concurrent map plus a newest-first list that is
 * replaced, never changed, so lookups never lock) and the realm rules ({@link Resolver}).
 */
abstract class AbstractReader implements GdsReader, Resolver.Catalog {
    private final String localHost;
    private final ConcurrentHashMap<String, JobView> views = new ConcurrentHashMap<>();
    private volatile List<JobView> newestFirst = List.of();

    AbstractReader(String localHost) {
        this.localHost = Objects.requireNonNull(localHost, "localHost");
    }

    @Override
    public final String localHost() {
        return localHost;
    }

    @Override
    public final JobView view(String namespace) {
        return views.get(namespace);
    }

    @Override
    public final List<JobView> views() {
        return newestFirst;
    }

    /** Makes a namespace known; the caller built the view completely first. */
    final synchronized void add(JobView v) {
        JobView old = views.put(v.namespace(), v);
        List<JobView> l = new ArrayList<>(newestFirst.size() + 1);
        l.add(v);
        for (JobView w : newestFirst) {
            if (w != old) {
                l.add(w);
            }
        }
        newestFirst = Collections.unmodifiableList(l);
        if (old != null) {
            old.retire();
        }
    }

    /** Forgets a namespace; its view is retired once no lookup uses it. */
    final synchronized boolean remove(String namespace) {
        JobView old = views.remove(namespace);
        if (old == null) {
            return false;
        }
        List<JobView> l = new ArrayList<>(newestFirst);
        l.remove(old);
        newestFirst = Collections.unmodifiableList(l);
        old.retire();
        return true;
    }

    final synchronized void removeAll() {
        for (JobView v : newestFirst) {
            v.retire();
        }
        views.clear();
        newestFirst = List.of();
    }

    @Override
    public final Value get(Proc target, String key, List<Info> qualifiers, Proc requester) {
        return Resolver.get(this, target, key, qualifiers, requester);
    }

    @Override
    public final Value modex(Proc target, String key) {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(key, "key");
        if (!Rank.isValid(target.rank())) {
            throw new PmixException(Status.ERR_BAD_PARAM, "modex: " + target + " is not one process");
        }
        return modexLookup(target, key);
    }

    /** The posted value in the current generation, or null. */
    abstract Value modexLookup(Proc target, String key);

    @Override
    public final boolean hasNamespace(String namespace) {
        return views.containsKey(namespace);
    }

    @Override
    public final Set<String> namespaces() {
        Set<String> out = new LinkedHashSet<>();
        for (JobView v : newestFirst) {
            out.add(v.namespace());
        }
        return Collections.unmodifiableSet(out);
    }

    @Override
    public final List<String> nodes(String namespace) {
        return Resolver.nodes(this, namespace);
    }

    @Override
    public final int[] peers(String namespace, String node) {
        return Resolver.peers(this, namespace, node);
    }

    /** {@link #checkPosted(Proc, String)} for every key of a publish, and no null values. */
    static void checkPosted(Map<Proc, ? extends Map<String, Value>> posted) {
        Objects.requireNonNull(posted, "posted");
        posted.forEach((p, kv) -> kv.forEach((k, v) -> {
            checkPosted(p, k);
            Objects.requireNonNull(v, "value");
        }));
    }

    static void checkPosted(Proc p, String key) {
        Objects.requireNonNull(p, "proc");
        Objects.requireNonNull(key, "key");
        if (!Rank.isValid(p.rank())) {
            throw new PmixException(Status.ERR_BAD_PARAM, "publish modex: " + p + " is not one process");
        }
        Info.checkKey(key);
        if (Keys.isReserved(key)) {
            throw new PmixException(Status.ERR_BAD_PARAM, "publish modex: " + p + " posted reserved key " + key);
        }
    }
}
