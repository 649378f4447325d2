/**
 * Not API. The PMIx protocol between a JPMIx server and its clients and tools: what each request
 * and reply carries, on top of the transport (which owns framing, correlation and error replies)
 * and the codec (which owns the bytes of values and infos).
 *
 * <p>A request is one opcode byte ({@link io.github.jpmix.common.internal.protocol.Op}) followed by a
 * codec {@code List<Info>}: the operation's fields under JPMIx-internal keys
 * ({@link io.github.jpmix.common.internal.protocol.MessageKeys}, prefix {@code "jpmix."}, never a
 * reserved {@code "pmix"} key) followed by the caller's own infos (directives, qualifiers) as
 * given. A successful reply is a codec {@code List<Info>}; a failed one is the transport's error
 * reply (status + message). Infos keep the codec's hostile-input guarantees on both sides, and a
 * field a peer does not know is ignored. {@link io.github.jpmix.common.internal.protocol.Requests}
 * builds the requests a client and a tool make alike (queries, logs) and maps a failed reply to the
 * exception the caller sees; the server parses them. {@code docs/protocol.md} is the source of truth.
 */
package io.github.jpmix.common.internal.protocol;
