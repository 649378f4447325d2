package io.github.jpmix.common.internal.protocol;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.InfoDirectives;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import java.util.ArrayList;
import java.util.List;

/**
 * Not API. The field keys of the JPMIx protocol and helpers to read them. They start with
 * {@value #PREFIX}: never {@code "pmix"}, so a field can never be mistaken for an attribute.
 */
public final class MessageKeys {
    public static final String PREFIX = "jpmix.";

    // handshake
    public static final String NSPACE = "jpmix.nspace";
    public static final String RANK = "jpmix.rank";
    public static final String PID = "jpmix.pid";
    public static final String VERSION = "jpmix.version";
    public static final String TOOL = "jpmix.tool";
    /** Handshake reply: what the client needs to open the server's store, one info per entry ({@code jpmix.store.<name>}). */
    public static final String STORE_PREFIX = "jpmix.store.";
    public static final String SERVER_PROC = "jpmix.server.proc";
    public static final String HOSTNAME = "jpmix.hostname";
    /**
     * In a client's handshake reply: the server's limits on what one client posts (UINT64 bytes,
     * UINT32 keys), so {@code put} refuses what the server's commit would (docs/protocol.md, "Limits").
     */
    public static final String LIMIT_POSTED_BYTES = "jpmix.limit.posted.bytes";
    public static final String LIMIT_POSTED_KEYS = "jpmix.limit.posted.keys";

    // operations
    public static final String TARGET = "jpmix.target";
    public static final String KEY = "jpmix.key";
    public static final String VALUE = "jpmix.value";
    public static final String PROCS = "jpmix.procs";
    public static final String NODE = "jpmix.node";
    public static final String NODES = "jpmix.nodes";
    public static final String QUERIES = "jpmix.queries";
    /** Query reply: one answer info per query, in order (an unanswered one: its first key with a PMIX_UNDEF value). */
    public static final String ANSWERS = "jpmix.answers";
    public static final String DATA = "jpmix.data";
    public static final String DIRECTIVES = "jpmix.directives";
    public static final String STATUS = "jpmix.status";
    public static final String MESSAGE = "jpmix.message";
    /** Event codes of a registration or deregistration: a DATA_ARRAY of STATUS. */
    public static final String CODES = "jpmix.codes";
    /** An event's data range ({@code DataRange}), as DATA_RANGE. */
    public static final String RANGE = "jpmix.range";
    /** The newest modex generation the client may read (replies of fence, commit and get). */
    public static final String MODEX_GENERATION = "jpmix.modex.gen";
    /**
     * With {@link #MODEX_GENERATION} in a fence release or handshake reply: the posted data the
     * server holds that is not in that generation yet ({@link ModexFrames}), when it is small
     * (docs/gds.md, "Generations"); absent when there is none.
     */
    public static final String MODEX_UNPUBLISHED = "jpmix.modex.unpublished";
    /**
     * With {@link #MODEX_GENERATION}: the version of the server's modex data (UINT64), which grows
     * with every value posted or received and every generation published. A client that has this
     * version already has nothing to read (no-data fences after a modex do not decode it again), and
     * one that handles two releases out of order (concurrent fences) keeps the newer.
     */
    public static final String MODEX_VERSION = "jpmix.modex.version";

    /**
     * Posted data carries its {@code Scope} in bits 16-23 of the info's directives: the top 16
     * bits are reserved to implementers ({@code pmix_common.h}: {@code PMIX_INFO_DIR_RESERVED}).
     */
    private static final int SCOPE_SHIFT = 16;

    private MessageKeys() {
    }

    /** Whether the info is a protocol field rather than a caller's directive or qualifier. */
    public static boolean isField(Info info) {
        return info.key().startsWith(PREFIX);
    }

    /** The field's value, or null if the message does not carry it. */
    public static Value find(List<Info> infos, String key) {
        for (Info i : infos) {
            if (i.key().equals(key)) {
                return i.value();
            }
        }
        return null;
    }

    /**
     * The field's value, which the message must carry.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} naming the missing field
     */
    public static Value require(List<Info> infos, String key) {
        Value v = find(infos, key);
        if (v == null) {
            throw new PmixException(Status.ERR_BAD_PARAM, "protocol: message lacks field " + key);
        }
        return v;
    }

    /** The infos that are not protocol fields: the caller's directives and qualifiers, in order. */
    public static List<Info> rest(List<Info> infos) {
        List<Info> out = new ArrayList<>(infos.size());
        for (Info i : infos) {
            if (!isField(i)) {
                out.add(i);
            }
        }
        return out;
    }

    /** A posted key/value with its scope, as COMMIT carries it. */
    public static Info posted(String key, Value value, int scope) {
        return new Info(key, value, (scope & 0xFF) << SCOPE_SHIFT);
    }

    /** The scope of a posted info. */
    public static int scopeOf(Info posted) {
        return (posted.directives() & InfoDirectives.DIR_RESERVED) >>> SCOPE_SHIFT & 0xFF;
    }

    /** A data array of procs, as PROCS fields carry them. */
    public static List<Proc> procs(Value v) {
        return v.asDataArray().elements(Proc.class);
    }
}
