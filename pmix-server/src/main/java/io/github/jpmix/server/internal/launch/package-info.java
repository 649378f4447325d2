/**
 * Not API. What the reference launcher ({@code io.github.jpmix.server.Launcher}, {@code bin/pmixrun})
 * and the benchmark commands share: the class-data-sharing archive of the JVMs the launcher starts
 * ({@link io.github.jpmix.server.internal.launch.SharedArchive}, {@code docs/startup.md}) and the
 * parsing of their option values ({@link io.github.jpmix.server.internal.launch.CommandLineArgs}).
 */
package io.github.jpmix.server.internal.launch;
