package io.github.jpmix.client.internal;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Rank;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Not API. Where a client's {@code PMIx_Get} is answered: in this process, from the values it
 * posted itself or the server's mapped store, or by the server. The rules are those of
 * {@code reserved-keys.tex} ("Retrieval rules for reserved keys"): a reserved key of this process's
 * namespace is found in the store or not at all; one of another namespace the store does not hold
 * goes to the server; a posted key comes from this process's own posts, else the newest modex
 * generation, else the server.
 *
 * <p>Thread-safe: application threads get concurrently; the own posts are guarded by their map.
 */
public final class GetRouter {
    private final Proc self;
    private final ClientStore store;
    /** Everything this process posted, for gets of its own keys. Guarded by itself. */
    private final Map<String, Value> mine = new HashMap<>();

    public GetRouter(Proc self, ClientStore store) {
        this.self = Objects.requireNonNull(self, "self");
        this.store = Objects.requireNonNull(store, "store");
    }

    /**
     * A fact read before without qualifiers, if the store kept it (it keeps only reserved keys asked
     * without qualifiers): one hash lookup, few calls, fast even before the JIT has compiled this
     * path. Null when {@link #local} must decide.
     */
    public Value known(Proc proc, String key) {
        return store.known(proc, key, self);
    }

    /** This process posted {@code value} under {@code key}: its own gets of the key see it from now on. */
    public void posted(String key, Value value) {
        synchronized (mine) {
            mine.put(key, value);
        }
    }

    /**
     * A get answered in this process: the value, or null when the server must answer.
     *
     * @param proc the target; null means this process
     * @throws PmixException {@code PMIX_ERR_NOT_FOUND} when this process's store is the final word,
     *     {@code PMIX_ERR_BAD_PARAM} for a bad key or a posted key asked of no process rank
     */
    public Value local(Proc proc, String key, Info[] info) {
        Info.checkKey(key);
        Proc target = proc == null ? self : proc;
        if (key.equals(Keys.PROCID.name())) {
            // reserved-keys.tex: "The process identifier in the PMIx_Get call is ignored when requesting this key."
            return Value.ofProc(self);
        }
        Optional<Value> local = Keys.isReserved(key) ? reserved(target, key, Arrays.asList(info)) : posted(target, key);
        if (local != null && local.isPresent()) {
            return local.get();
        }
        if (local != null) {
            // reserved-keys.tex: "If the information is not found, then the PMIX_ERR_NOT_FOUND error
            // constant is returned unless the target process belongs to a different namespace"
            throw new PmixException(Status.ERR_NOT_FOUND, "get: " + key + " of " + target + " not found");
        }
        return null;
    }

    /** A reserved key from the store: a value, empty for "not found, final", null for "ask the server". */
    private Optional<Value> reserved(Proc target, String key, List<Info> qualifiers) {
        try {
            Optional<Value> v = store.get(target, key, qualifiers, self);
            if (v.isPresent()) {
                return v;
            }
            if (target.namespace().equals(self.namespace())) {
                return store.serverMayKnow(target, key, qualifiers) ? null : v;
            }
            return null;
        } catch (PmixException e) {
            if (e.status() == Status.ERR_INVALID_NAMESPACE) {
                return null;
            }
            throw e;
        }
    }

    /** A posted key: this process's own, else the newest modex generation; null for "ask the server". */
    private Optional<Value> posted(Proc target, String key) {
        if (target.equals(self)) {
            synchronized (mine) {
                Value v = mine.get(key);
                if (v != null) {
                    return Optional.of(v);
                }
            }
        }
        if (!Rank.isValid(target.rank())) {
            throw new PmixException(Status.ERR_BAD_PARAM,
                    "get: posted key '" + key + "' needs a process rank, not " + Rank.toString(target.rank()));
        }
        Optional<Value> v = store.modex(target, key);
        return v.isPresent() ? v : null;
    }
}
