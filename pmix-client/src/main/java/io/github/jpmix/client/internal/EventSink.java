package io.github.jpmix.client.internal;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import java.util.List;

/**
 * Not API. Where a {@link ServerProtocol} hands what the server sends unasked: events for this process's
 * handlers, and the server's departure. Called on the connection's reader thread: must not block.
 */
public interface EventSink {
    /** An event the server delivered: its code, its source and its infos. */
    void event(int code, Proc source, List<Info> info);

    /** The server is gone (not closed by this side); called at most once. */
    void lost(PmixException reason);
}
