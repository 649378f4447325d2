/**
 * The command-line entry points: {@link io.github.jpmix.tool.cli.Jpmix}, the {@code jpmix} command
 * ({@code bin/jpmix}, picocli: servers, ps, query, attrs, regex, gds), a tool in the sense of RFC0010
 * that talks to servers through {@code PmixTool}; and {@link io.github.jpmix.tool.cli.Pmixrun}, the
 * {@code pmixrun} command ({@code bin/pmixrun}): pmix-server's reference launcher with pmix-client's
 * wireup demo as its default program, the one class of pmix-tool that uses the server.
 */
package io.github.jpmix.tool.cli;
