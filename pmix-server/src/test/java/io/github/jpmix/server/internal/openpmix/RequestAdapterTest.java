package io.github.jpmix.server.internal.openpmix;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.jpmix.common.DataType;
import io.github.jpmix.common.Info;
import io.github.jpmix.common.KeyValue;
import io.github.jpmix.common.Scope;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.common.internal.bfrops.BfropsReader;
import io.github.jpmix.common.internal.bfrops.BfropsWriter;
import io.github.jpmix.common.internal.openpmix.Commands;
import io.github.jpmix.common.internal.protocol.MessageKeys;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A COMMIT as OpenPMIx's client sends it, every value put so far in every commit (docs/openpmix.md,
 * "Commands"): only what changed since the connection's last commit is posted.
 */
class RequestAdapterTest {
    private final OpenPmixConnection c = new OpenPmixConnection(null, null, 0, 0, null);

    /** A commit's payload after the command: per scope, LOCAL then REMOTE, the scope and a buffer of KVALs. */
    private static BfropsReader commit(Map<String, String> local, Map<String, String> remote) {
        BfropsWriter w = new BfropsWriter();
        for (Map.Entry<Integer, Map<String, String>> section : List.of(Map.entry(Scope.LOCAL, local), Map.entry(Scope.REMOTE, remote))) {
            if (section.getValue().isEmpty()) {
                continue;
            }
            BfropsWriter kvs = new BfropsWriter();
            section.getValue().forEach((k, v) -> kvs.packKeyValue(new KeyValue(k, Value.ofString(v))));
            w.pack(DataType.SCOPE, section.getKey()).packBuffer(kvs);
        }
        byte[] b = w.toByteArray();
        return new BfropsReader(b, 0, b.length);
    }

    private static Info posted(String key, String value, int scope) {
        return MessageKeys.posted(key, Value.ofString(value), scope);
    }

    @Test
    void shouldPostEveryValueOfTheFirstCommitWithItsScope() {
        assertEquals(List.of(posted("a", "1", Scope.GLOBAL), posted("l", "2", Scope.LOCAL), posted("r", "3", Scope.REMOTE)),
                RequestAdapter.commit(c, commit(Map.of("a", "1", "l", "2"), Map.of("a", "1", "r", "3"))).stream()
                        .sorted(Comparator.comparing(Info::key)).toList());
    }

    @Test
    void shouldPostOnlyWhatChangedSinceTheLastCommit() {
        RequestAdapter.commit(c, commit(Map.of("a", "1"), Map.of("a", "1")));
        assertEquals(List.of(), RequestAdapter.commit(c, commit(Map.of("a", "1"), Map.of("a", "1"))), "nothing new");
        assertEquals(List.of(posted("b", "2", Scope.GLOBAL)),
                RequestAdapter.commit(c, commit(Map.of("a", "1", "b", "2"), Map.of("a", "1", "b", "2"))), "a new key");
        assertEquals(List.of(posted("a", "9", Scope.GLOBAL)),
                RequestAdapter.commit(c, commit(Map.of("a", "9", "b", "2"), Map.of("a", "9", "b", "2"))), "a new value");
        assertEquals(List.of(posted("b", "2", Scope.LOCAL)),
                RequestAdapter.commit(c, commit(Map.of("a", "9", "b", "2"), Map.of("a", "9"))), "a new scope");
    }

    @Test
    void shouldPostEverythingAgainAfterAFailedCommit() {
        RequestAdapter.commit(c, commit(Map.of("a", "1"), Map.of()));
        c.pending.put(7, new OpenPmixConnection.Pending(Commands.COMMIT, null, null));
        c.markClosed(); // no socket here: the error reply itself is dropped
        c.replyError(7, Status.ERR_BAD_PARAM, "refused");
        assertEquals(List.of(posted("a", "1", Scope.LOCAL)), RequestAdapter.commit(c, commit(Map.of("a", "1"), Map.of())));
    }
}
