/**
 * The general data store (GDS): the job, app, node, proc and session facts a host registers,
 * and the modex data processes post, stored by realm as {@code spec/reserved-keys.tex} ("Data
 * realms") describes, in memory-mapped files that the processes of a node read in place.
 *
 * <p>Filled by the node-local wireup issue; this module holds only this page until then.
 */
package io.github.jpmix.gds;
