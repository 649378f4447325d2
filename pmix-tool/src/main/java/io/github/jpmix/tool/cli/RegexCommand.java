package io.github.jpmix.tool.cli;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.regex.RegexCli;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code jpmix regex generate|parse nodes|ppn}: node maps ({@code PMIX_NODE_MAP}) and proc maps
 * ({@code PMIX_PROC_MAP}) as OpenPMIx 4.2.2 writes and reads them, for administrators. It is the
 * line protocol of {@link RegexCli} (one input per line, one output line each, errors as
 * {@code ERROR <status> <message>}), with inputs also taken from the command line and a JSON form.
 */
@Command(name = "regex", mixinStandardHelpOptions = true,
        description = {"Generate or parse node maps (PMIX_NODE_MAP) and proc maps (PMIX_PROC_MAP) as OpenPMIx 4.2.2 does.",
            "Inputs come from the arguments, else one per line from stdin; one output line per input.",
            "  generate nodes: node names separated by ','            -> node map",
            "  generate ppn:   ranks by ',', nodes by ';', ranges a-b -> proc map",
            "  parse nodes:    node map -> node names joined by ','",
            "  parse ppn:      proc map -> each node's ranks (PMIX_LOCAL_PEERS) joined by ';'"},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every input converted", "1:some input was rejected (its line says ERROR <status> ...)",
            "2:usage error"})
final class RegexCommand implements Callable<Integer> {
    enum Action { generate, parse }

    enum Kind { nodes, ppn }

    @ParentCommand
    private Jpmix parent;

    @Spec
    private CommandSpec spec;

    @Mixin
    private OutputOptions output;

    @Parameters(index = "0", description = "generate or parse", paramLabel = "ACTION")
    private Action action;

    @Parameters(index = "1", description = "nodes or ppn", paramLabel = "KIND")
    private Kind kind;

    @Parameters(index = "2..*", arity = "0..*", paramLabel = "INPUT", description = "Inputs (default: lines of stdin).")
    private List<String> inputs = new ArrayList<>();

    @Option(names = "--blob", description = "generate: the zlib blob form (printed as base64:...).")
    private boolean blob;

    @Option(names = "--max-entries", paramLabel = "N", description = "parse: most names or ranks one input may expand to.")
    private Integer maxEntries;

    @Option(names = "--max-chars", paramLabel = "N", description = "parse: most characters one input may expand to.")
    private Long maxChars;

    @Override
    public Integer call() {
        List<String> args = new ArrayList<>();
        args.add(action + "-" + kind);
        if (blob) {
            if (action == Action.parse) {
                throw new PmixException(Status.ERR_BAD_PARAM, "--blob applies to 'generate' only");
            }
            args.add("--blob");
        }
        if (maxEntries != null) {
            args.add("--max-entries");
            args.add(maxEntries.toString());
        }
        if (maxChars != null) {
            args.add("--max-chars");
            args.add(maxChars.toString());
        }
        List<String> lines = inputs;
        if (lines.isEmpty()) {
            try {
                lines = new String(parent.in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            } catch (IOException e) {
                throw new PmixException(Status.ERR_FILE_READ_FAILURE, "cannot read stdin: " + e, e);
            }
        }
        InputStream in = new ByteArrayInputStream((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = lines.isEmpty() ? 0
                : RegexCli.run(args.toArray(String[]::new), in, out, new PrintStream(err, true, StandardCharsets.UTF_8));
        if (rc == 2) { // a usage error; 1 is a rejected line, which its output line says
            throw new PmixException(Status.ERR_BAD_PARAM,
                    err.toString(StandardCharsets.UTF_8).lines().findFirst().orElse("failed"));
        }
        List<String> results = out.toString(StandardCharsets.UTF_8).lines().toList();
        PrintWriter pw = spec.commandLine().getOut();
        boolean failed = false;
        List<Object> json = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            String line = results.get(i);
            boolean error = line.startsWith("ERROR ");
            failed |= error;
            if (output.json) {
                Map<String, Object> r = Json.object();
                r.put("input", lines.get(i));
                if (error) {
                    String[] parts = line.split(" ", 3);
                    r.put("status", parts[1]);
                    r.put("error", parts.length > 2 ? parts[2] : "");
                } else {
                    r.put("output", line);
                }
                json.add(r);
            } else {
                pw.println(line);
            }
        }
        if (output.json) {
            pw.println(Json.write(json));
        }
        pw.flush();
        return failed ? Jpmix.ExitCode.FAILED : Jpmix.ExitCode.OK;
    }
}
