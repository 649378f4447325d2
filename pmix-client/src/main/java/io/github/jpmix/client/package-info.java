/**
 * The PMIx client library an application process uses: init from the environment the server's
 * {@code setupFork} made, get/put/commit/fence, resolve peers and nodes, query, log, abort.
 *
 * <p>Filled by the node-local wireup issue; this module holds only this page until then.
 */
package io.github.jpmix.client;
