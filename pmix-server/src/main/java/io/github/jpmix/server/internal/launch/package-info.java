/**
 * Not API. The machinery of the reference launcher ({@code io.github.jpmix.server.Launcher},
 * {@code bin/pmixrun}) and what the benchmark commands share with it: the command line
 * ({@link io.github.jpmix.server.internal.launch.JobCommandLine}, option values in
 * {@link io.github.jpmix.server.internal.launch.CommandLineArgs}), what an app runs, a native program or
 * a Java main class ({@link io.github.jpmix.server.internal.launch.Program}), the environment Open MPI
 * needs for a direct launch ({@link io.github.jpmix.server.internal.launch.OpenMpiEnvironment}), starting
 * processes that die with the launcher ({@link io.github.jpmix.server.internal.launch.Spawner}), their
 * output a line at a time ({@link io.github.jpmix.server.internal.launch.OutputPump}), the signals that end
 * a job ({@link io.github.jpmix.server.internal.launch.Signals}), the server's log as one line per warning
 * ({@link io.github.jpmix.server.internal.launch.LauncherLog}), and the class-data-sharing archive of the
 * JVMs the launcher starts ({@link io.github.jpmix.server.internal.launch.SharedArchive},
 * {@code docs/startup.md}), and the store of what the jobs publish, with its ranges, persistence and
 * waiting lookups ({@link io.github.jpmix.server.internal.launch.PublishStore}).
 */
package io.github.jpmix.server.internal.launch;
