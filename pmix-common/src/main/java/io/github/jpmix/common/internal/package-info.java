/**
 * Not API: what every JPMIx module shares and users should not call (the JVM flags, the registry
 * of supported attributes); its subpackages hold the codec ({@code codec}), the request and reply
 * contents ({@code protocol}), the shared half of the node-local transport ({@code transport}), and
 * OpenPMIx 4.2.2's buffer codec ({@code bfrops}) and the layout of its client-server protocol that
 * both ends share ({@code openpmix}).
 * These are the byte-level contracts every side of JPMIx agrees on, so they are the one internal
 * code other modules may import. It may change in any release.
 */
package io.github.jpmix.common.internal;
