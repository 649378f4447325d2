package io.github.jpmix.regex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Rank;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JPMIx against the real OpenPMIx 4.2.2: compiles {@code benchmarks/reference/regex/regex_ref.c}
 * (gcc + pkg-config pmix, which CI installs) and runs a few thousand seeded, realistic node lists
 * and proc maps through both. Wherever the reference's output parses back to its input (by the
 * reference's own parser), JPMIx's bytes must be the same; everywhere, JPMIx's output must parse
 * back to the input with JPMIx's parser and with OpenPMIx's; and JPMIx's parser must read the
 * reference's output as the reference does, or reject it where the reference mangles it.
 *
 * <p>The generator stays clear of inputs that crash the reference (letter runs of 57 or more,
 * empty proc maps, section 9.6, 9.5), and reference outputs JPMIx's parser rejects (ranges the
 * reference's parser would loop on, section 6.5) are not fed back to it.
 */
class ReferenceComparisonTest {
    private static final long SEED = 0x5EED_2024L;
    private static final String SOURCE = "benchmarks/reference/regex/regex_ref.c";

    @TempDir
    static Path dir;
    private static Path exe;

    @BeforeAll
    static void compile() throws IOException, InterruptedException {
        Path source = locateSource();
        String flags;
        try {
            flags = exec(List.of("pkg-config", "--cflags", "--libs", "pmix")).trim();
            exec(List.of("gcc", "--version"));
        } catch (IOException | IllegalStateException e) {
            fail("the OpenPMIx reference needs gcc, pkg-config and libpmix-dev (OpenPMIx 4.2.2):"
                    + " apt-get install -y libpmix-dev gcc pkg-config (" + e.getMessage() + ")");
            return;
        }
        exe = dir.resolve("regex_ref");
        List<String> cmd = new ArrayList<>(List.of("gcc", "-O2", "-std=gnu11", "-o", exe.toString(), source.toString()));
        cmd.addAll(Arrays.asList(flags.split("\\s+")));
        exec(cmd);
    }

    private static Path locateSource() {
        List<Path> tried = new ArrayList<>();
        for (Path d = Paths.get("").toAbsolutePath(); d != null; d = d.getParent()) {
            Path candidate = d.resolve(SOURCE);
            tried.add(candidate);
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        return fail("cannot find " + SOURCE + "; looked at " + tried);
    }

    private static String exec(List<String> cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", cmd) + " failed: " + out);
        }
        return out;
    }

    /** One reference run over many lines; outputs decoded from the line protocol. */
    static List<String> reference(String mode, List<String> lines) throws IOException, InterruptedException {
        Path in = Files.createTempFile(dir, mode, ".in");
        Path out = Files.createTempFile(dir, mode, ".out");
        Files.write(in, lines, StandardCharsets.UTF_8);
        Process p = new ProcessBuilder(exe.toString(), mode, "--tmpdir", dir.toString())
                .redirectInput(in.toFile()).redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "regex_ref " + mode + " did not finish");
        assertEquals(0, p.exitValue(), "regex_ref " + mode + " crashed");
        List<String> got = new ArrayList<>();
        for (String l : Files.readAllLines(out, StandardCharsets.UTF_8)) {
            got.add(l.startsWith("base64:") ? new String(Base64.getDecoder().decode(l.substring(7)), StandardCharsets.UTF_8) : l);
        }
        assertEquals(lines.size(), got.size(), "regex_ref " + mode + ": one line per input");
        return got;
    }

    // ---- node lists ----------------------------------------------------------------------

    private static final String[] PREFIXES = {"node", "nid", "cn", "c", "gpu", "compute", "r", "x", "a", "Node", "NODE", "n", "", "ab"};
    private static final String[] SUFFIXES = {"", "", "", "", "n1", "n2", "ib", "a", ".local", "-ib", ".cluster.example.org", "_eth", "-0"};
    private static final String[] LITERALS = {"login", "login01.site", "head", "master-0", "node]", "node:1", "nöde1", "127.0.0.1",
        "a[1:1]", "gpu[2]", "raw:x", "pmix"};

    static String hostname(Random r) {
        int kind = r.nextInt(100);
        if (kind < 6) {
            return LITERALS[r.nextInt(LITERALS.length)];
        }
        String prefix = r.nextInt(20) == 0 ? "q".repeat(30 + r.nextInt(20)) : PREFIXES[r.nextInt(PREFIXES.length)];
        String number;
        if (kind < 12) {
            long[] big = {2147483646L, 2147483647L, 2147483648L, 2147483649L, 3000000000L, 4294967295L, 4294967297L,
                9223372036854775807L};
            number = Long.toString(big[r.nextInt(big.length)]);
        } else if (kind < 14) {
            number = "9".repeat(20 + r.nextInt(5));
        } else {
            int width = 1 + r.nextInt(6);
            number = String.format("%0" + width + "d", r.nextInt(Math.min(1_000_000, (int) Math.pow(10, width))));
        }
        return prefix + number + SUFFIXES[r.nextInt(SUFFIXES.length)];
    }

    static String nodeList(Random r) {
        List<String> names = new ArrayList<>();
        int runs = r.nextInt(4);
        for (int k = 0; k < runs; k++) {
            String prefix = PREFIXES[r.nextInt(PREFIXES.length)];
            String suffix = r.nextInt(3) == 0 ? SUFFIXES[r.nextInt(SUFFIXES.length)] : "";
            int width = 1 + r.nextInt(4);
            int start = r.nextInt(r.nextBoolean() ? 20 : 2000);
            int len = 1 + r.nextInt(40);
            for (int i = 0; i < len; i++) {
                int v = start + i + (r.nextInt(8) == 0 ? 1 : 0);
                names.add(prefix + String.format("%0" + width + "d", v % (int) Math.pow(10, width)) + suffix);
            }
        }
        int singles = r.nextInt(12);
        for (int i = 0; i < singles; i++) {
            names.add(r.nextInt(names.size() + 1), hostname(r));
        }
        if (names.isEmpty()) {
            names.add(hostname(r));
        }
        if (r.nextInt(5) == 0) {
            names.addAll(names.subList(0, Math.min(names.size(), 1 + r.nextInt(4))));
        }
        if (r.nextInt(4) == 0) {
            Collections.shuffle(names, r);
        }
        return String.join(",", names);
    }

    @Test
    void shouldMatchOpenPmixOnRandomNodeLists() throws IOException, InterruptedException {
        Random r = new Random(SEED);
        List<String> inputs = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            inputs.add(nodeList(r));
        }
        inputs.add("");
        List<String> ref = reference("generate-nodes", inputs);
        List<String> ours = inputs.stream().map(l -> NodeRegex.generate(RegexCli.names(l))).toList();
        check("node", inputs, ref, ours, (l, limits) -> String.join(",", NodeRegex.parse(l, limits)), "parse-nodes", s -> s, s -> s);
    }

    // ---- proc maps -----------------------------------------------------------------------

    static List<int[]> procMap(Random r) {
        int nodes = 1 + r.nextInt(24);
        int per = 1 + r.nextInt(20);
        long[] bases = {0, 0, 0, 7, 1000, 2_147_483_600L, 2_147_483_630L, 3_000_000_000L, 4_294_966_500L};
        long base = bases[r.nextInt(bases.length)];
        List<Long> ranks = new ArrayList<>();
        for (int i = 0; i < nodes * per; i++) {
            ranks.add(base + i);
        }
        int style = r.nextInt(4);
        if (style == 3) {
            Collections.shuffle(ranks, r);
        }
        List<int[]> map = new ArrayList<>();
        for (int k = 0; k < nodes; k++) {
            int[] node = new int[per];
            for (int i = 0; i < per; i++) {
                long v = style == 1 ? ranks.get(i * nodes + k) : ranks.get(k * per + i);
                node[i] = (int) v;
            }
            if (style == 2 && per > 2) {
                int t = node[0];
                node[0] = node[per - 1];
                node[per - 1] = t;
            }
            map.add(node);
        }
        if (r.nextInt(10) == 0) {
            map.set(0, Arrays.copyOf(map.get(0), map.get(0).length + 1));
            map.get(0)[map.get(0).length - 1] = map.get(0)[0];
        }
        return map;
    }

    @Test
    void shouldMatchOpenPmixOnRandomProcMaps() throws IOException, InterruptedException {
        Random r = new Random(SEED + 1);
        List<String> inputs = new ArrayList<>();
        List<String> ours = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            List<int[]> map = procMap(r);
            inputs.add(PpnRegexTest.text(map));
            ours.add(PpnRegex.generate(map));
        }
        List<String> ref = reference("generate-ppn", inputs);
        check("proc", inputs, ref, ours, (l, limits) -> String.join(";", PpnRegex.parseLocalPeers(l, limits)), "parse-ppn", s -> s, s -> s);
    }

    /** The text form: ranges, leading zeros, stray separators. Compared as the ranks they mean. */
    @Test
    void shouldMatchOpenPmixOnRandomProcMapTexts() throws IOException, InterruptedException {
        Random r = new Random(SEED + 2);
        List<String> inputs = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            StringBuilder t = new StringBuilder(r.nextInt(20) == 0 ? ";" : "");
            for (int[] node : procMap(r)) {
                t.append(t.length() > 1 || (t.length() == 1 && t.charAt(0) != ';') ? ";" : "");
                for (int a = 0; a < node.length; ) {
                    int b = a;
                    while (b + 1 < node.length && node[b + 1] == node[b] + 1 && Rank.toUnsignedLong(node[b + 1]) < Integer.MAX_VALUE) {
                        b++;
                    }
                    t.append(a > 0 ? "," : (r.nextInt(20) == 0 ? "," : ""));
                    if (b > a && r.nextInt(3) == 0) {
                        t.append(Rank.toUnsignedLong(node[a])).append('-').append(Rank.toUnsignedLong(node[b]));
                        a = b + 1;
                    } else {
                        t.append(r.nextInt(15) == 0 ? "0" : "").append(Rank.toUnsignedLong(node[a]));
                        a++;
                    }
                }
            }
            inputs.add(t.toString());
        }
        List<String> ref = reference("generate-ppn", inputs);
        List<String> ours = inputs.stream().map(PpnRegex::generate).toList();
        // Meaning, not spelling: the ranks the text means (ranges expanded), against the ranks a
        // client reads from the per-node strings (where ranges are NOT expanded, section 8).
        check("proc text", inputs, ref, ours, (l, limits) -> String.join(";", PpnRegex.parseLocalPeers(l, limits)), "parse-ppn",
                ReferenceComparisonTest::ranks, ReferenceComparisonTest::clientRanks);
    }

    /** Per-node strings "0,007;1-3" -> "0,7;?": the ranks a client reads, "?" where it reads junk. */
    static String clientRanks(String localPeers) {
        try {
            return PpnRegexTest.text(PpnRegex.parse("raw:" + localPeers));
        } catch (PmixException e) {
            return "?" + localPeers;
        }
    }

    /** "0,1-3;007" -> "0,1,2,3;7": what a map's text means; "?" for what is not ranks. */
    static String ranks(String text) {
        try {
            return PpnRegexTest.text(PpnText.of(text).ranks(RegexLimits.DEFAULT));
        } catch (PmixException e) {
            return "?" + text;
        }
    }

    /**
     * @param parse JPMIx's parse of an output, as one line of the protocol
     * @param meaning what an input means, for comparison
     * @param read what a client makes of a parsed line, for comparison with that meaning
     */
    private static void check(String what, List<String> inputs, List<String> ref, List<String> ours,
            BiFunction<String, RegexLimits, String> parse, String parseMode, Function<String, String> meaning,
            Function<String, String> read) throws IOException, InterruptedException {
        // The reference's parser on its own outputs, except those JPMIx's parser rejects, or finds
        // expanding to more entries than the input has: those are outputs the reference mangles,
        // and feeding them back would make its parser loop (section 6.5) or run for minutes.
        List<String> ourParseOfRef = new ArrayList<>();
        List<String> safeRef = new ArrayList<>();
        for (int i = 0; i < ref.size(); i++) {
            String expected = meaning.apply(inputs.get(i));
            int entries = 16;
            for (int k = 0; k < expected.length(); k++) {
                entries += expected.charAt(k) == ',' || expected.charAt(k) == ';' ? 1 : 0;
            }
            String out = ref.get(i);
            String p;
            try {
                p = parse.apply(out, new RegexLimits(entries, RegexLimits.DEFAULT.maxChars()));
            } catch (PmixException e) {
                p = null;
            }
            ourParseOfRef.add(p);
            safeRef.add(p == null ? "raw:" : out);
        }
        List<String> refParseOfRef = reference(parseMode, safeRef);
        List<String> refParseOfOurs = reference(parseMode, ours);
        int identical = 0;
        int referenceWrong = 0;
        for (int i = 0; i < inputs.size(); i++) {
            String in = inputs.get(i);
            String expected = meaning.apply(in);
            String context = what + " input " + i + " '" + in + "': reference " + ref.get(i) + ", JPMIx " + ours.get(i);
            boolean refRoundTrips = ourParseOfRef.get(i) != null && read.apply(refParseOfRef.get(i)).equals(expected);
            if (refRoundTrips) {
                assertEquals(ref.get(i), ours.get(i), context);
                identical++;
            } else {
                assertNotEquals(ref.get(i), ours.get(i), context + " (the reference's output does not parse back)");
                referenceWrong++;
            }
            assertEquals(expected, read.apply(parse.apply(ours.get(i), RegexLimits.DEFAULT)), context + ": JPMIx's parser");
            assertEquals(expected, read.apply(refParseOfOurs.get(i)), context + ": OpenPMIx's parser");
            if (ourParseOfRef.get(i) != null) {
                assertEquals(refParseOfRef.get(i), ourParseOfRef.get(i), context + ": JPMIx reads the reference's output as a client does");
            }
        }
        assertTrue(identical > inputs.size() / 3, what + ": only " + identical + " byte-identical cases");
        assertTrue(referenceWrong > 10, what + ": only " + referenceWrong + " cases where the reference is wrong; the generator is too tame");
    }
}
