package io.github.jpmix.common;

import java.util.List;
import java.util.Objects;

/**
 * An application to spawn ({@code pmix_app_t}, {@code PMIX_APP}).
 *
 * @param cmd the executable
 * @param argv its arguments, {@code argv[0]} included
 * @param env {@code NAME=value} entries to add to its environment
 * @param cwd its working directory, or null for the launcher's choice
 * @param maxProcs how many processes to start
 * @param info directives for this app
 */
public record App(String cmd, List<String> argv, List<String> env, String cwd, int maxProcs, List<Info> info) {
    public App {
        Objects.requireNonNull(cmd, "cmd");
        argv = List.copyOf(argv);
        env = List.copyOf(env);
        info = List.copyOf(info);
    }
}
