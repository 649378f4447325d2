/**
 * Not API. What {@code PmixClient} hands off: where a get is answered ({@link io.github.jpmix.client.internal.GetRouter}:
 * own posts, the mapped store, or the server), the client's query cache and the merge of cached and
 * fresh answers ({@link io.github.jpmix.client.internal.QueryCache}), its side of the modex
 * ({@link io.github.jpmix.client.internal.ModexExchange}: posts, fence requests, generations), and its
 * binding to the data store ({@link io.github.jpmix.client.internal.ClientStore},
 * {@link io.github.jpmix.client.internal.GdsClientStore}).
 */
package io.github.jpmix.client.internal;
