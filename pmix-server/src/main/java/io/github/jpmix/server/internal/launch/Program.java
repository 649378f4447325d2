package io.github.jpmix.server.internal.launch;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Not API. What one app of a launched job runs, told from its first word the way {@code mpirun} tells
 * it: a word with a {@code /} names an executable file, a word found on {@code PATH} is that
 * command, anything else is a Java main class. The words after it are the program's own arguments,
 * passed on untouched, options included.
 */
public sealed interface Program {
    /** What the proc table shows ({@code pmix_proc_info_t.executable_name}): the executable's path or the main class. */
    String name();

    /** The program's own arguments. */
    List<String> args();

    /** The command that starts one process of this program. */
    List<String> command();

    /** A native program: an executable file, run as it is. */
    record Native(Path executable, List<String> args) implements Program {
        public Native {
            args = List.copyOf(args);
        }

        @Override
        public String name() {
            return executable.toString();
        }

        @Override
        public List<String> command() {
            List<String> cmd = new ArrayList<>();
            cmd.add(executable.toString());
            cmd.addAll(args);
            return cmd;
        }
    }

    /**
     * A Java main class, run in a JVM like the launcher's (its JDK, its class path, JPMIx's flags and the
     * class-data-sharing archive: {@link SharedArchive#javaCommand}).
     */
    record JavaMain(String mainClass, List<String> args) implements Program {
        public JavaMain {
            args = List.copyOf(args);
        }

        @Override
        public String name() {
            return mainClass;
        }

        @Override
        public List<String> command() {
            List<String> cmd = new ArrayList<>(SharedArchive.javaCommand(List.of(), mainClass));
            cmd.addAll(args);
            return cmd;
        }
    }

    /**
     * The program {@code words} names (its first word, then its arguments), looking commands up on
     * {@code path} (the value of {@code PATH}, directories separated by {@code :}).
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} for a path with a {@code /} that is not an
     *     executable file (no main class has a {@code /} in its name)
     */
    static Program of(List<String> words, String path) {
        if (words.isEmpty()) {
            throw new IllegalArgumentException("no program");
        }
        String first = words.get(0);
        List<String> args = words.subList(1, words.size());
        if (first.contains("/")) {
            Path p;
            try {
                p = Path.of(first);
            } catch (InvalidPathException e) {
                throw new PmixException(Status.ERR_BAD_PARAM, first + ": not a path: " + e.getMessage());
            }
            if (!Files.exists(p)) {
                throw new PmixException(Status.ERR_BAD_PARAM, first + ": no such file");
            }
            if (!Files.isRegularFile(p) || !Files.isExecutable(p)) {
                throw new PmixException(Status.ERR_BAD_PARAM, first + ": not an executable file");
            }
            return new Native(p.toAbsolutePath().normalize(), args);
        }
        Path found = onPath(first, path);
        return found != null ? new Native(found, args) : new JavaMain(first, args);
    }

    /** The executable file {@code command} names in one of {@code path}'s directories, or null. */
    private static Path onPath(String command, String path) {
        if (path == null || command.isEmpty()) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue; // an empty entry means the working directory: commands there need a "./"
            }
            try {
                Path candidate = Path.of(dir, command);
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return candidate.toAbsolutePath();
                }
            } catch (InvalidPathException e) {
                // a PATH entry that is no path names no command
            }
        }
        return null;
    }
}
