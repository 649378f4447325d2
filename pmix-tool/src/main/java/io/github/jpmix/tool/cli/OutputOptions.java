package io.github.jpmix.tool.cli;

import picocli.CommandLine.Option;

/** {@code --json}, shared by every command that prints results. */
final class OutputOptions {
    @Option(names = "--json", description = "Print one JSON document instead of text (for scripts and jq).")
    boolean json;
}
