/**
 * Not API. The client's binding to the data store ({@link io.github.jpmix.client.internal.ClientStore})
 * and to the server's URI format.
 */
package io.github.jpmix.client.internal;
