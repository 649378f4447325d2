/**
 * Tool connections to a running PMIx server (RFC0010, {@code spec/rfc0010-tool-support.txt}) and
 * the {@code jpmix} command-line tools.
 *
 * <p>Filled by the tools issue; this module holds only this page until then.
 */
package io.github.jpmix.tool;
