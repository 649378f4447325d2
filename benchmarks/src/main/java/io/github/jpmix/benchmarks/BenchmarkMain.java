package io.github.jpmix.benchmarks;

import io.github.jpmix.common.internal.JvmFlags;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * The shaded {@code benchmarks.jar}'s main: JMH's command line, plus the JVM flags of the parent
 * pom ({@code jpmix.jvm.flags}) appended to every forked benchmark JVM, so nobody has to type them.
 *
 * <pre>java -jar benchmarks/target/benchmarks.jar [JMH options] [benchmark regex]</pre>
 */
public final class BenchmarkMain {
    private BenchmarkMain() {
    }

    public static void main(String[] args) throws RunnerException, java.io.IOException {
        CommandLineOptions cli;
        try {
            cli = new CommandLineOptions(args);
        } catch (CommandLineOptionException e) {
            System.err.println("benchmarks: " + e.getMessage());
            System.exit(2);
            return;
        }
        if (cli.shouldHelp()) {
            cli.showHelp();
            return;
        }
        if (cli.shouldList() || cli.shouldListWithParams()) {
            new Runner(cli).list();
            return;
        }
        run(new OptionsBuilder().parent(cli), cli.getJvmArgsAppend().orElse(java.util.List.of()));
    }

    /** Runs with the JPMIx JVM flags appended to the forks; each benchmark's own main uses this. */
    public static void run(ChainedOptionsBuilder options) throws RunnerException {
        run(options, java.util.List.of());
    }

    private static void run(ChainedOptionsBuilder options, java.util.Collection<String> userAppend) throws RunnerException {
        java.util.List<String> append = new java.util.ArrayList<>(JvmFlags.get());
        append.addAll(userAppend);
        Options opts = options.jvmArgsAppend(append.toArray(new String[0])).build();
        new Runner(opts).run();
    }
}
