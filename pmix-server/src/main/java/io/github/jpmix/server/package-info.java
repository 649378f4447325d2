/**
 * The PMIx server library a host (resource manager daemon) embeds, its host upcall interface,
 * and the reference launcher.
 *
 * <p>Filled by the node-local wireup and launcher issues; this module holds only this page until then.
 */
package io.github.jpmix.server;
