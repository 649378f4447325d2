/**
 * Not API: what JPMIx's own modules share (the codec, the JVM flag list) and users should not
 * call. It may change in any release.
 */
package io.github.jpmix.common.internal;
