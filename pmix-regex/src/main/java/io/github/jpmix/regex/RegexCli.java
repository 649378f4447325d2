package io.github.jpmix.regex;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Objects;

/**
 * The command line: node maps and proc maps for scripts, and the Java side of the conformance
 * check against OpenPMIx ({@code benchmarks/reference/regex/regex_ref.c} speaks the same line
 * protocol). Run with {@code --help} for the protocol.
 *
 * <pre>java -cp pmix-regex.jar:pmix-common.jar io.github.jpmix.regex.RegexCli MODE [OPTIONS] &lt; in &gt; out</pre>
 */
public final class RegexCli {
    private static final String BASE64 = "base64:";
    private static final String ERROR = "ERROR ";
    private static final String USAGE = String.join("\n",
            "usage: java -cp <pmix-regex.jar:pmix-common.jar> io.github.jpmix.regex.RegexCli MODE [OPTIONS]",
            "",
            "Node maps and proc maps (PMIX_NODE_MAP, PMIX_PROC_MAP) as OpenPMIx 4.2.2 writes and reads them.",
            "One input per line on stdin; one output line per input line on stdout, in order.",
            "",
            "MODE",
            "  generate-nodes  node names separated by ',' -> node map (a trailing ',' ends the list)",
            "  generate-ppn    ranks separated by ',', nodes by ';', ranges a-b allowed -> proc map",
            "  parse-nodes     node map -> the node names joined with ','",
            "  parse-ppn       proc map -> each node's ranks as PMIX_LOCAL_PEERS holds them, joined with ';'",
            "",
            "OPTIONS",
            "  --blob            generate-*: write the zlib blob form instead (printed as base64:)",
            "  --as-openpmix     generate-ppn: take any text PMIx_generate_ppn takes, passing what is not",
            "                    ranks on as raw: + text the way it does (to compare with OpenPMIx)",
            "  --max-entries N   parse-*: most names or ranks one line may expand to (default "
                    + RegexLimits.DEFAULT.maxEntries() + ")",
            "  --max-chars N     parse-*: most characters one line may expand to (default "
                    + RegexLimits.DEFAULT.maxChars() + ")",
            "  -h, --help        this text",
            "",
            "A line starting with \"base64:\" carries binary input, e.g. a blob. An output that is not printable",
            "text, or that starts with \"base64:\" or \"ERROR \", is printed as \"base64:\" + the Base64 of its bytes.",
            "An input that cannot be processed gives \"ERROR <status> <message>\" and the run goes on.",
            "generate-ppn takes ranks only (but see --as-openpmix): every node one or more ranks or ranges",
            "a-b, none empty.",
            "Exit status: 0 when every line was converted, 1 when a line was rejected (its output line",
            "says ERROR) or on an I/O error, 2 on a usage error.",
            "");

    private enum Mode {
        GENERATE_NODES, GENERATE_PPN, PARSE_NODES, PARSE_PPN
    }

    private final Mode mode;
    private final boolean blob;
    /** generate-ppn: take what {@code PMIx_generate_ppn} takes (see {@link #ranksOnly}). */
    private final boolean asOpenPmix;
    /** Whether a line was rejected: the exit status says so. */
    private boolean rejected;
    private final RegexLimits limits;

    private RegexCli(Mode mode, boolean blob, boolean asOpenPmix, RegexLimits limits) {
        this.mode = mode;
        this.blob = blob;
        this.asOpenPmix = asOpenPmix;
        this.limits = limits;
    }

    public static void main(String[] args) {
        System.exit(run(args, System.in, System.out, System.err));
    }

    /**
     * Runs the command line on the given streams (for tests and embedding); returns the exit
     * status. Never closes the streams.
     */
    public static int run(String[] args, InputStream in, OutputStream out, PrintStream err) {
        Objects.requireNonNull(args, "args");
        Objects.requireNonNull(in, "in");
        Objects.requireNonNull(out, "out");
        Objects.requireNonNull(err, "err");
        Mode mode = null;
        boolean blob = false;
        boolean asOpenPmix = false;
        int maxEntries = RegexLimits.DEFAULT.maxEntries();
        long maxChars = RegexLimits.DEFAULT.maxChars();
        try {
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "-h":
                    case "--help":
                        out.write(USAGE.getBytes(StandardCharsets.UTF_8));
                        out.flush();
                        return 0;
                    case "--blob":
                        blob = true;
                        break;
                    case "--as-openpmix":
                        asOpenPmix = true;
                        break;
                    case "--max-entries":
                        maxEntries = Integer.parseInt(value(args, ++i, a));
                        break;
                    case "--max-chars":
                        maxChars = Long.parseLong(value(args, ++i, a));
                        break;
                    default:
                        if (mode != null) {
                            return usage(err, "more than one MODE: " + a);
                        }
                        mode = mode(a);
                        if (mode == null) {
                            return usage(err, "unknown MODE or option: " + a);
                        }
                        break;
                }
            }
            if (mode == null) {
                return usage(err, "no MODE given");
            }
            if (blob && (mode == Mode.PARSE_NODES || mode == Mode.PARSE_PPN)) {
                return usage(err, "--blob applies to generate-nodes and generate-ppn only");
            }
            RegexLimits limits = new RegexLimits(maxEntries, maxChars);
            if (asOpenPmix && mode != Mode.GENERATE_PPN) {
                return usage(err, "--as-openpmix applies to generate-ppn only");
            }
            return new RegexCli(mode, blob, asOpenPmix, limits).loop(in, out);
        } catch (NumberFormatException | PmixException e) {
            return usage(err, e.getMessage());
        } catch (IOException e) {
            err.println("regex: " + e);
            return 1;
        }
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new NumberFormatException(option + " needs a value");
        }
        return args[i];
    }

    private static Mode mode(String a) {
        switch (a) {
            case "generate-nodes":
                return Mode.GENERATE_NODES;
            case "generate-ppn":
                return Mode.GENERATE_PPN;
            case "parse-nodes":
                return Mode.PARSE_NODES;
            case "parse-ppn":
                return Mode.PARSE_PPN;
            default:
                return null;
        }
    }

    private static int usage(PrintStream err, String problem) {
        err.println("regex: " + problem);
        err.print(USAGE);
        err.flush();
        return 2;
    }

    private int loop(InputStream in, OutputStream rawOut) throws IOException {
        OutputStream out = new BufferedOutputStream(rawOut, 1 << 16);
        byte[] buf = new byte[1 << 16];
        int pos = 0;
        int limit = 0;
        byte[] line = new byte[1 << 12];
        int n = 0;
        while (true) {
            if (pos == limit) {
                // About to wait for input: whoever writes it may be waiting for our answers.
                out.flush();
                limit = in.read(buf);
                pos = 0;
                if (limit < 0) {
                    if (n > 0) {
                        out.write(process(line, n));
                        out.write('\n');
                    }
                    break;
                }
                continue;
            }
            int newline = pos;
            while (newline < limit && buf[newline] != '\n') {
                newline++;
            }
            int chunk = newline - pos;
            if (n + chunk > line.length) {
                line = Arrays.copyOf(line, Math.max(line.length * 2, n + chunk));
            }
            System.arraycopy(buf, pos, line, n, chunk);
            n += chunk;
            pos = newline;
            if (newline < limit) {
                pos++;
                out.write(process(line, n));
                out.write('\n');
                n = 0;
            }
        }
        out.flush();
        return rejected ? 1 : 0;
    }

    /** One input line (without its newline) to one output line's bytes. Never throws for bad input. */
    private byte[] process(byte[] line, int n) {
        try {
            byte[] input = Arrays.copyOf(line, n);
            if (startsWith(input, BASE64)) {
                try {
                    input = Base64.getDecoder().decode(Arrays.copyOfRange(input, BASE64.length(), n));
                } catch (IllegalArgumentException e) {
                    throw Malformed.of("input", "bad base64: " + e.getMessage());
                }
            }
            switch (mode) {
                case PARSE_NODES:
                    return text(String.join(",", NodeRegex.parse(input, limits)));
                case PARSE_PPN:
                    return text(String.join(";", PpnRegex.parseLocalPeers(input, limits)));
                case GENERATE_NODES:
                    List<String> names = names(MapText.utf8(input, "node list"));
                    return blob ? binary(NodeRegex.generateBlob(names)) : text(NodeRegex.generate(names));
                default:
                    String ppn = MapText.utf8(input, "proc map");
                    if (!asOpenPmix) {
                        ranksOnly(ppn);
                    }
                    return blob ? binary(PpnRegex.generateBlob(PpnText.of(ppn).ranks(limits))) : text(PpnRegex.generate(ppn));
            }
        } catch (PmixException e) {
            rejected = true;
            return error(e.statusName(), stripStatus(e));
        } catch (RuntimeException e) {
            // Not expected; still one line per input, and the run goes on.
            rejected = true;
            return error(Status.name(Status.ERROR), e.toString());
        }
    }

    /**
     * A proc map a user typed, checked before it goes to {@link PpnRegex#generate(String)}: that
     * function answers what {@code PMIx_generate_ppn} answers, which passes junk on as
     * {@code raw:} + text ({@code x,y} gives {@code raw:x,y}) and drops empty nodes; a person asking
     * this tool for a proc map wants to hear that the input is not one. So every node must hold
     * one or more ranks or ranges {@code a-b}, separated by single commas.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} naming the first bad piece and its place
     */
    static void ranksOnly(String ppn) {
        int node = 0;
        int at = 0;
        for (String n : ppn.split(";", -1)) {
            if (n.isEmpty()) {
                throw Malformed.at("proc map", ppn, at, "node " + node + " is empty");
            }
            int e = at;
            for (String element : n.split(",", -1)) {
                if (!element.matches("\\d+(-\\d+)?")) {
                    throw Malformed.at("proc map", ppn, e, "element " + Malformed.quote(element) + " of node " + node
                            + " is not a rank or a range a-b");
                }
                e += element.length() + 1;
            }
            at += n.length() + 1;
            node++;
        }
    }

    /**
     * A node list line the way {@code PMIx_generate_regex} cuts its input (regex-format.md
     * section 3.1): every piece between commas, except one empty piece after a final comma.
     */
    static List<String> names(String line) {
        List<String> names = new ArrayList<>();
        int n = line.length();
        int start = 0;
        while (true) {
            int comma = line.indexOf(',', start);
            if (comma < 0 && start >= n) {
                break;
            }
            names.add(line.substring(start, comma < 0 ? n : comma));
            if (comma < 0) {
                break;
            }
            start = comma + 1;
        }
        return names;
    }

    private static String stripStatus(PmixException e) {
        String m = String.valueOf(e.getMessage());
        String prefix = e.statusName() + ": ";
        return m.startsWith(prefix) ? m.substring(prefix.length()) : m;
    }

    private static byte[] error(String status, String message) {
        StringBuilder b = new StringBuilder(ERROR).append(status).append(' ');
        for (int i = 0; i < message.length(); i++) {
            char c = message.charAt(i);
            b.append(c < 0x20 || c == 0x7f ? ' ' : c);
        }
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] text(String s) {
        boolean plain = !s.startsWith(BASE64) && !s.startsWith(ERROR);
        for (int i = 0; plain && i < s.length(); i++) {
            char c = s.charAt(i);
            plain = c >= 0x20 && c != 0x7f;
        }
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        return plain ? bytes : binary(bytes);
    }

    private static byte[] binary(byte[] bytes) {
        return (BASE64 + Base64.getEncoder().encodeToString(bytes)).getBytes(StandardCharsets.ISO_8859_1);
    }

    private static boolean startsWith(byte[] b, String prefix) {
        if (b.length < prefix.length()) {
            return false;
        }
        for (int i = 0; i < prefix.length(); i++) {
            if (b[i] != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
