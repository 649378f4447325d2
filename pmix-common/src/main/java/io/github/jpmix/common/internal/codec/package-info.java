/**
 * Not API. The codec: how JPMIx encodes PMIx data-model messages (values, infos, info lists, procs,
 * queries and every other PMIx struct) into bytes and back, for the data store's entries, the
 * requests and replies between server, clients and tools, and everything else one JPMIx process
 * hands another. Kryo with registration required, hardened against hostile input.
 *
 * <p>{@link io.github.jpmix.common.internal.codec.Codec} is the entry point (one per thread, or {@code Codec.local()});
 * {@link io.github.jpmix.common.internal.codec.CodecFormat} holds the registration IDs and the
 * format's version in one place; {@link io.github.jpmix.common.internal.codec.CodecInput} and
 * {@link io.github.jpmix.common.internal.codec.CodecOutput} are the bounded byte readers and
 * writers the serializers use. {@code docs/codec.md} is the source of truth for the format.
 */
package io.github.jpmix.common.internal.codec;
