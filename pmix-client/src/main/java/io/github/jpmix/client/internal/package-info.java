/**
 * Not API. What {@code PmixClient} hands off: what it asks of its server, in that server's protocol
 * ({@link io.github.jpmix.client.internal.ServerProtocol}: JPMIx's own,
 * {@link io.github.jpmix.client.internal.JpmixProtocol}, or OpenPMIx's, {@code client.internal.openpmix}),
 * where a get is answered ({@link io.github.jpmix.client.internal.GetRouter}: own posts, the store, or
 * the server), the client's query cache and the merge of cached and fresh answers
 * ({@link io.github.jpmix.client.internal.QueryCache}), its side of the modex
 * ({@link io.github.jpmix.client.internal.ModexExchange}: posts, fence requests, generations), and its
 * binding to the data store ({@link io.github.jpmix.client.internal.ClientStore},
 * {@link io.github.jpmix.client.internal.GdsClientStore}).
 */
package io.github.jpmix.client.internal;
