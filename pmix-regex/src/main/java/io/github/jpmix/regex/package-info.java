/**
 * Node maps and proc maps ("regex" strings) compatible with OpenPMIx 4.2.2.
 */
package io.github.jpmix.regex;
