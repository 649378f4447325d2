package io.github.jpmix.tool.cli;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.JvmFlags;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code jpmix} command ({@code bin/jpmix}): what a user or an administrator asks a PMIx server
 * on this node as a tool (RFC0010, {@code spec/rfc0010-tool-support.txt}), plus the node/proc map
 * and data-store helpers. Every subcommand has {@code --help} and {@code --json}; exit codes are
 * those of {@link ExitCode}.
 */
@Command(name = "jpmix", mixinStandardHelpOptions = true, versionProvider = Jpmix.Version.class,
        description = "Query and inspect PMIx servers and jobs on this node (JPMIx tools, RFC0010).",
        subcommands = {ServersCommand.class, PsCommand.class, QueryCommand.class, AttrsCommand.class,
                RegexCommand.class, GdsCommand.class, CleanCommand.class, CommandLine.HelpCommand.class,
                AutoComplete.GenerateCompletion.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:success",
            "1:the request failed (the PMIx status is printed)",
            "2:usage error",
            "3:no PMIx server could be reached, or the connection was lost",
            "4:partial success (some of what was asked was answered)"},
        footer = {"", "Connection options (--pid, --server-nspace/--nspace, --uri, --system, --system-first, --tmpdir, "
                + "--system-tmpdir) pick the server as RFC0010 describes; see 'jpmix servers'. --job NSPACE picks "
                + "the server hosting a job."})
public final class Jpmix implements Runnable {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    /** Where commands that read input ({@code jpmix regex} without arguments) read it. */
    final InputStream in;

    private Jpmix(InputStream in) {
        this.in = in;
    }

    public static void main(String[] args) {
        JvmFlags.disableChronicleAnalytics();
        System.exit(run(args, System.in, System.out, System.err));
    }

    /** Runs the command line on the given streams (tests, embedding); returns the exit code. */
    public static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
        JvmFlags.disableChronicleAnalytics();
        CommandLine cl = commandLine(in);
        cl.setOut(new PrintWriter(new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8), true));
        cl.setErr(new PrintWriter(new java.io.OutputStreamWriter(err, StandardCharsets.UTF_8), true));
        return cl.execute(args);
    }

    static CommandLine commandLine(InputStream in) {
        CommandLine cl = new CommandLine(new Jpmix(in));
        cl.getSubcommands().get("generate-completion").getCommandSpec().usageMessage().hidden(false);
        cl.setExecutionExceptionHandler((e, line, parsed) -> {
            String where = line.getCommandSpec().qualifiedName();
            if (e instanceof PmixException pe) {
                line.getErr().println(where + ": " + pe.getMessage());
                return ExitCode.of(pe.status());
            }
            line.getErr().println(where + ": internal error: " + e);
            return ExitCode.FAILED;
        });
        cl.setParameterExceptionHandler((e, args) -> {
            CommandLine c = e.getCommandLine();
            c.getErr().println(c.getCommandSpec().qualifiedName() + ": " + e.getMessage());
            c.getErr().println("Try '" + c.getCommandSpec().qualifiedName() + " --help' for more information.");
            return ExitCode.USAGE;
        });
        return cl;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is needed");
    }

    /** The JPMIx version and the PMIx Standard level it implements. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Jpmix.class.getPackage().getImplementationVersion();
            return new String[] {"jpmix " + (v != null ? v : "(development build)")
                    + ", PMIx " + io.github.jpmix.common.PmixVersion.PMIX_VERSION + " compatible"};
        }
    }

    /** Exit codes that mean something to a script. */
    static final class ExitCode {
        static final int OK = 0;
        static final int FAILED = 1;
        static final int USAGE = 2;
        static final int UNREACHABLE = 3;
        static final int PARTIAL = 4;

        private ExitCode() {
        }

        static int of(int status) {
            if (status == Status.SUCCESS) {
                return OK;
            }
            if (status == Status.ERR_PARTIAL_SUCCESS) {
                return PARTIAL;
            }
            if (status == Status.ERR_UNREACH || status == Status.ERR_LOST_CONNECTION
                    || status == Status.ERR_SERVER_NOT_AVAIL || status == Status.ERR_COMM_FAILURE) {
                return UNREACHABLE;
            }
            if (status == Status.ERR_BAD_PARAM) {
                return USAGE;
            }
            return FAILED;
        }
    }
}
