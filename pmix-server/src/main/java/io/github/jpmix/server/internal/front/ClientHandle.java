package io.github.jpmix.server.internal.front;

import io.github.jpmix.common.Proc;

/** Not API. A client the server admitted: what a front holds to hand its requests in. */
public interface ClientHandle {
    /** The process the host registered. */
    Proc proc();
}
