package io.github.jpmix.server.internal.front;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.internal.protocol.Messages;
import java.util.List;

/**
 * Not API. A successful reply: its infos in {@code MessageKeys} form, and their encoding for JPMIx's
 * own transport made at most once however many clients get it (a fence release goes to every
 * participant). Thread-safe.
 */
public final class Reply {
    private static final Reply EMPTY = new Reply(List.of());

    private final List<Info> infos;
    private volatile byte[] encoded;

    private Reply(List<Info> infos) {
        this.infos = infos;
    }

    public static Reply of(List<Info> infos) {
        return infos.isEmpty() ? EMPTY : new Reply(List.copyOf(infos));
    }

    public List<Info> infos() {
        return infos;
    }

    /** The infos as JPMIx's transport carries a reply ({@link Messages#reply}); computed once. */
    public byte[] encoded() {
        byte[] e = encoded;
        if (e == null) {
            e = Messages.reply(infos);
            encoded = e;
        }
        return e;
    }
}
