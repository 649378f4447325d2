package io.github.jpmix.server.internal.launch;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import java.util.ArrayList;
import java.util.List;

/**
 * Not API. The launcher's command line, parsed:
 * {@code [OPTIONS] [PROGRAM [ARGS...]] [: [OPTIONS] [PROGRAM [ARGS...]]]...}. Each {@code :}-separated
 * part is an app; options come before its program, every word after the program up to the next
 * {@code :} is the program's own (options included). {@code -n} belongs to its app, the other options
 * to the job wherever they stand. An app is "empty" when it has neither an option nor a program: a
 * {@code :} at the start or end, or two in a row, which is an error, not an app of one process.
 *
 * @param apps each app's size and words (program and arguments; empty: the launcher's default program)
 * @param help {@code -h} or {@code --help} was given (nothing else is checked)
 */
public record JobCommandLine(List<App> apps, int simulatedNodes, int jobSize, boolean recovery, boolean tagOutput,
        boolean help) {
    /** One app: {@code size} processes running {@code words} (empty: the default program). */
    public record App(int size, List<String> words) {
        public App {
            words = List.copyOf(words);
        }
    }

    public JobCommandLine {
        apps = List.copyOf(apps);
    }

    /**
     * Parses {@code args}.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} with one line that says what is wrong: an option
     *     without its value or with a bad one, an unknown option, an empty app, options that exclude each other
     */
    public static JobCommandLine parse(String[] args) {
        int nodes = 1;
        int jobSize = 0;
        boolean recovery = false;
        boolean tag = false;
        List<App> apps = new ArrayList<>();
        List<String> words = new ArrayList<>();
        int n = 1;
        boolean options = false; // this app has an option: it is not empty even without a program
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals(":")) {
                if (words.isEmpty() && !options) {
                    throw new PmixException(Status.ERR_BAD_PARAM, apps.isEmpty() ? "':' with no app before it"
                            : "two ':' with no app between them");
                }
                apps.add(new App(n, words));
                words.clear();
                n = 1;
                options = false;
            } else if (!words.isEmpty()) {
                words.add(a); // the program's own argument, whatever it looks like
            } else if (a.equals("-h") || a.equals("--help")) {
                return new JobCommandLine(List.of(), 1, 0, false, false, true);
            } else if (a.equals("-n") || a.equals("-np")) {
                n = CommandLineArgs.positive(a, value(args, i++, a));
                options = true;
            } else if (a.equals("--simulate-nodes")) {
                nodes = CommandLineArgs.positive(a, value(args, i++, a));
                options = true;
            } else if (a.equals("--job-size")) {
                jobSize = CommandLineArgs.positive(a, value(args, i++, a));
                options = true;
            } else if (a.equals("--enable-recovery")) {
                recovery = true;
                options = true;
            } else if (a.equals("--tag-output")) {
                tag = true;
                options = true;
            } else if (a.startsWith("-")) {
                throw new PmixException(Status.ERR_BAD_PARAM, "unknown option " + a);
            } else {
                words.add(a);
            }
        }
        if (words.isEmpty() && !options && !apps.isEmpty()) {
            throw new PmixException(Status.ERR_BAD_PARAM, "':' with no app after it");
        }
        apps.add(new App(n, words));
        int local = apps.stream().mapToInt(App::size).sum();
        if (jobSize > 0 && nodes > 1) {
            throw new PmixException(Status.ERR_BAD_PARAM, "--job-size and --simulate-nodes exclude each other");
        }
        if (jobSize > 0 && jobSize < local) {
            throw new PmixException(Status.ERR_BAD_PARAM,
                    "--job-size " + jobSize + " is smaller than the " + local + " local process(es)");
        }
        return new JobCommandLine(apps, nodes, jobSize, recovery, tag, false);
    }

    /** The value after option {@code args[i]}. */
    private static String value(String[] args, int i, String option) {
        if (i + 1 >= args.length || args[i + 1].equals(":")) {
            throw new PmixException(Status.ERR_BAD_PARAM, option + " needs a value");
        }
        return args[i + 1];
    }

    /** The number of processes this node runs: every app's size. */
    public int localProcs() {
        return apps.stream().mapToInt(App::size).sum();
    }
}
