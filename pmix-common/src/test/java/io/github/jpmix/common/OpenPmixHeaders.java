package io.github.jpmix.common;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.ToLongFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Test helper: the object-like {@code #define}s of the installed OpenPMIx headers, read at test
 * time so that JPMIx's constants and key strings are checked against the C library a user really
 * links, not against a copy.
 *
 * <p>It is a reader for these headers, not a C preprocessor: it ignores {@code #if}s (the first
 * definition of a name wins, later ones are listed in {@link #redefined()}), skips function-like
 * macros, and records for every macro the comment after it (where the headers say a key's type,
 * {@code // (pmix_rank_t) ...}), the {@code typedef} it follows and the heading comment it sits
 * under, which is how the tests tell the constant families apart. {@link #evaluate(String)}
 * computes the integer value of the expressions the headers use: decimal, octal and hex literals
 * with {@code U}/{@code L} suffixes, {@code (PMIX_X + 1)}, aliases of other macros,
 * {@code UINT32_MAX-3}, {@code UINT8_MAX}, and {@code + - * ~ | & << >>}.
 */
final class OpenPmixHeaders {
    /** Where distributions put the headers when {@code pkg-config} does not know them. */
    static final List<Path> FALLBACK_DIRS = List.of(
            Path.of("/usr/lib/x86_64-linux-gnu/pmix2/include"),
            Path.of("/usr/include/pmix"),
            Path.of("/usr/include"),
            Path.of("/usr/local/include"));
    /** A system property naming the include directory, ahead of everything else. */
    static final String DIR_PROPERTY = "jpmix.pmix.includedir";
    static final String COMMON_H = "pmix_common.h";
    static final String DEPRECATED_H = "pmix_deprecated.h";

    /**
     * One {@code #define NAME value}.
     *
     * @param name the macro name
     * @param value the replacement text, trimmed, continuation lines joined with one space; empty
     *     for {@code #define X}
     * @param comment the comment after the value ({@code //} or {@code /* *}{@code /}), with the
     *     indented {@code //} comment lines right below it that continue it, joined with one
     *     space; empty if none
     * @param file the header's file name
     * @param line the 1-based line of the {@code #define}
     * @param typedef the type the last one-line {@code typedef <type> <name>;} above it in the
     *     same file declared ({@code "pmix_status_t"}); empty before the first or after a
     *     multi-line typedef
     * @param heading the text of the last comment above it that stands alone on one line
     *     ({@code "fault tolerance"}, {@code "CONSTANTS"}); empty if none
     */
    record Macro(String name, String value, String comment, String file, int line, String typedef, String heading) {
        private static final Pattern STRING_LITERAL = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");
        private static final Pattern TYPE_COMMENT = Pattern.compile("^\\(([^)]*)\\)");

        /** The string a macro like {@code #define PMIX_RANK "pmix.rank"} stands for, if it is one literal. */
        Optional<String> stringValue() {
            Matcher m = STRING_LITERAL.matcher(value);
            return m.matches() ? Optional.of(m.group(1)) : Optional.empty();
        }

        /**
         * The C type a key's comment opens with, {@code // (pmix_rank_t) process rank} gives
         * {@code "pmix_rank_t"}; empty if the comment names none.
         */
        String typeComment() {
            Matcher m = TYPE_COMMENT.matcher(comment);
            return m.find() ? m.group(1).trim() : "";
        }

        /** Where it is, for messages: {@code pmix_common.h:1237}. */
        String where() {
            return file + ":" + line;
        }
    }

    private static final Pattern DEFINE = Pattern.compile("^\\s*#\\s*define\\s+([A-Za-z_][A-Za-z0-9_]*)(\\(?)(.*)$");
    private static final Pattern SCALAR_TYPEDEF = Pattern.compile("^\\s*typedef\\s+([A-Za-z_][A-Za-z0-9_ ]*?)\\s+([A-Za-z_][A-Za-z0-9_]*)\\s*;.*$");
    private static final Pattern HEADING = Pattern.compile("^\\s*/\\*+\\s*(.*?)\\s*\\*+/\\s*$");
    /** An indented line holding only a {@code //} comment: the headers' way to continue a macro's comment. */
    private static final Pattern CONTINUED_COMMENT = Pattern.compile("^\\s+//\\s?(.*)$");
    private static final Map<String, Long> LIMITS = Map.of(
            "UINT8_MAX", 0xFFL, "UINT16_MAX", 0xFFFFL, "UINT32_MAX", 0xFFFF_FFFFL,
            "INT8_MAX", (long) Byte.MAX_VALUE, "INT16_MAX", (long) Short.MAX_VALUE,
            "INT32_MAX", (long) Integer.MAX_VALUE, "INT32_MIN", (long) Integer.MIN_VALUE,
            "INT_MAX", (long) Integer.MAX_VALUE, "INT_MIN", (long) Integer.MIN_VALUE);

    private final Path directory;
    private final Map<String, Macro> macros = new LinkedHashMap<>();
    private final Map<String, String> typedefs = new LinkedHashMap<>();
    private final Set<String> redefined = new LinkedHashSet<>();

    private OpenPmixHeaders(Path directory) {
        this.directory = directory;
    }

    /** The installed {@code pmix_common.h} and {@code pmix_deprecated.h}; fails the test if they are missing. */
    static OpenPmixHeaders installed() {
        return parse(locate(), COMMON_H, DEPRECATED_H);
    }

    /**
     * The directory holding {@code pmix_common.h}: the {@value #DIR_PROPERTY} property, else what
     * {@code pkg-config --variable=includedir pmix} prints, else the first of
     * {@link #FALLBACK_DIRS} that has it. Fails the calling test (never skips it) when none has:
     * the header check is part of the build, and CI installs the package.
     */
    static Path locate() {
        List<Path> tried = new ArrayList<>();
        String property = System.getProperty(DIR_PROPERTY);
        if (property != null && !property.isBlank()) {
            tried.add(Path.of(property));
        }
        pkgConfigIncludeDir().ifPresent(tried::add);
        tried.addAll(FALLBACK_DIRS);
        for (Path dir : tried) {
            if (Files.isRegularFile(dir.resolve(COMMON_H))) {
                return dir;
            }
        }
        return fail("OpenPMIx headers not found (looked for " + COMMON_H + " in " + tried
                + "); install them with: apt-get install -y libpmix-dev");
    }

    private static Optional<Path> pkgConfigIncludeDir() {
        try {
            Process p = new ProcessBuilder("pkg-config", "--variable=includedir", "pmix")
                    .redirectErrorStream(true).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                return Optional.empty();
            }
            String dir = new String(out, StandardCharsets.UTF_8).trim();
            return dir.isEmpty() ? Optional.empty() : Optional.of(Path.of(dir));
        } catch (IOException e) {
            return Optional.empty(); // no pkg-config: the fallbacks decide
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** Reads the given files of {@code directory}, in order; a missing file fails the test. */
    static OpenPmixHeaders parse(Path directory, String... files) {
        OpenPmixHeaders headers = new OpenPmixHeaders(directory);
        for (String file : files) {
            Path path = directory.resolve(file);
            if (!Files.isRegularFile(path)) {
                fail("OpenPMIx header " + path + " is missing; install the headers with: apt-get install -y libpmix-dev");
            }
            try {
                headers.read(file, Files.readAllLines(path, StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException(path.toString(), e);
            }
        }
        return headers;
    }

    private void read(String file, List<String> lines) {
        String typedef = "";
        String heading = "";
        boolean inBlockComment = false;
        Macro last = null; // the previous line's macro, while its // comment may continue below
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (inBlockComment) {
                int end = line.indexOf("*/");
                if (end < 0) {
                    continue;
                }
                inBlockComment = false;
                line = line.substring(end + 2);
                if (line.isBlank()) {
                    continue;
                }
            }
            Matcher continued = CONTINUED_COMMENT.matcher(line);
            if (last != null && !last.comment().isEmpty() && continued.matches()) {
                last = withComment(last, last.comment() + " " + continued.group(1).trim());
                continue;
            }
            last = null;
            Matcher define = DEFINE.matcher(line);
            if (define.matches()) {
                int first = i;
                StringBuilder text = new StringBuilder(define.group(3));
                while (endsWithBackslash(text) && i + 1 < lines.size()) {
                    text.setLength(text.length() - trailingBackslash(text));
                    text.append(' ').append(lines.get(++i).trim());
                }
                if (!define.group(2).isEmpty()) {
                    continue; // function-like: NAME( with no space
                }
                String[] valueAndComment = splitComment(text.toString());
                if (valueAndComment[1].startsWith("/*") && !valueAndComment[1].contains("*/")) {
                    inBlockComment = true;
                }
                Macro macro = new Macro(define.group(1), valueAndComment[0].trim(), commentText(valueAndComment[1]),
                        file, first + 1, typedef, heading);
                if (macros.containsKey(macro.name())) {
                    redefined.add(macro.name());
                } else {
                    macros.put(macro.name(), macro);
                    last = macro;
                }
                continue;
            }
            Matcher scalar = SCALAR_TYPEDEF.matcher(line);
            if (scalar.matches()) {
                typedef = scalar.group(2);
                typedefs.putIfAbsent(typedef, scalar.group(1).trim());
                continue;
            }
            if (line.trim().startsWith("typedef")) {
                typedef = ""; // a struct or enum: the macros after it belong to no scalar type
            }
            Matcher h = HEADING.matcher(line);
            if (h.matches()) {
                heading = h.group(1);
                continue;
            }
            String code = splitComment(line)[1];
            if (code.startsWith("/*") && !code.contains("*/")) {
                inBlockComment = true;
            }
        }
    }

    /** Replaces the stored macro with one whose comment has grown by a continuation line. */
    private Macro withComment(Macro m, String comment) {
        Macro grown = new Macro(m.name(), m.value(), comment, m.file(), m.line(), m.typedef(), m.heading());
        macros.put(m.name(), grown);
        return grown;
    }

    private static boolean endsWithBackslash(CharSequence s) {
        return trailingBackslash(s) > 0;
    }

    private static int trailingBackslash(CharSequence s) {
        int end = s.length();
        while (end > 0 && Character.isWhitespace(s.charAt(end - 1))) {
            end--;
        }
        return end > 0 && s.charAt(end - 1) == '\\' ? s.length() - end + 1 : 0;
    }

    /** Splits code from its trailing comment, minding string literals: {code, comment-with-marker}. */
    private static String[] splitComment(String text) {
        boolean inString = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (inString) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '/' && i + 1 < text.length() && (text.charAt(i + 1) == '/' || text.charAt(i + 1) == '*')) {
                return new String[] {text.substring(0, i), text.substring(i).trim()};
            }
        }
        return new String[] {text, ""};
    }

    private static String commentText(String comment) {
        if (comment.startsWith("//")) {
            return comment.substring(2).trim();
        }
        if (comment.startsWith("/*")) {
            String body = comment.substring(2);
            int end = body.indexOf("*/");
            return (end >= 0 ? body.substring(0, end) : body).trim();
        }
        return "";
    }

    /** The directory the headers were read from. */
    Path directory() {
        return directory;
    }

    /** Every macro by name, in header order; the first definition of a redefined name. */
    Map<String, Macro> macros() {
        return Collections.unmodifiableMap(macros);
    }

    /**
     * Every {@code PMIX_} macro whose value is one string literal, by name, in header order: the
     * attribute keys ({@code #define PMIX_RANK "pmix.rank" // (pmix_rank_t) ...}), with their type in
     * {@link Macro#typeComment()}, and the few names of environment variables.
     */
    Map<String, Macro> stringMacros() {
        Map<String, Macro> strings = new LinkedHashMap<>();
        macros.forEach((name, m) -> {
            if (name.startsWith("PMIX_") && m.stringValue().isPresent()) {
                strings.put(name, m);
            }
        });
        return Collections.unmodifiableMap(strings);
    }

    /** Every macro's replacement text by name ({@code "PMIX_RANK" -> "\"pmix.rank\""}, {@code "PMIX_ERROR" -> "-1"}). */
    Map<String, String> values() {
        Map<String, String> values = new LinkedHashMap<>();
        macros.forEach((name, m) -> values.put(name, m.value()));
        return values;
    }

    /** The macro of that name; fails the test if the headers lack it. */
    Macro macro(String name) {
        Macro m = macros.get(name);
        return m != null ? m : fail(name + " is not defined in " + directory);
    }

    /** Names defined more than once (in different {@code #if} branches, or plainly twice). */
    Set<String> redefined() {
        return Collections.unmodifiableSet(redefined);
    }

    /** The underlying type of a one-line typedef ({@code "pmix_status_t" -> "int"}), if the headers have it. */
    Optional<String> typedefType(String name) {
        return Optional.ofNullable(typedefs.get(name));
    }

    /** Whether {@link #evaluate(String)} can compute the macro's value. */
    boolean isInteger(String name) {
        try {
            evaluate(name);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * The integer value of a macro, as C computes it (in 64 bits, which holds every value these
     * headers define).
     *
     * @throws IllegalArgumentException if the macro is not an integer expression of the supported
     *     forms, or refers to an unknown name
     */
    long evaluate(String name) {
        return evaluate(name, new HashSet<>());
    }

    private long evaluate(String name, Set<String> visiting) {
        Long limit = LIMITS.get(name);
        if (limit != null) {
            return limit;
        }
        Macro m = macros.get(name);
        if (m == null) {
            throw new IllegalArgumentException("unknown name " + name);
        }
        if (!visiting.add(name)) {
            throw new IllegalArgumentException("macro refers to itself: " + name);
        }
        try {
            return new Expression(m.value(), ref -> evaluate(ref, visiting)).parse();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + " (" + m.where() + ") = '" + m.value() + "': " + e.getMessage(), e);
        } finally {
            visiting.remove(name);
        }
    }

    /** A recursive-descent evaluator for the integer expressions of the headers. */
    private static final class Expression {
        private static final Pattern TOKEN = Pattern.compile(
                "\\s*(?:(0[xX][0-9a-fA-F]+|[0-9]+)[uUlL]*|([A-Za-z_][A-Za-z0-9_]*)|(<<|>>|[-+*~|&()]))");

        private final List<String> tokens = new ArrayList<>();
        private final ToLongFunction<String> names;
        private int pos;

        Expression(String text, ToLongFunction<String> names) {
            this.names = names;
            Matcher m = TOKEN.matcher(text);
            int at = 0;
            while (at < text.length()) {
                if (text.substring(at).isBlank()) {
                    break;
                }
                if (!m.find(at) || m.start() != at) {
                    throw new IllegalArgumentException("cannot read '" + text.substring(at).trim() + "'");
                }
                tokens.add(m.group(1) != null ? "#" + m.group(1) : m.group(2) != null ? m.group(2) : m.group(3));
                at = m.end();
            }
            if (tokens.isEmpty()) {
                throw new IllegalArgumentException("empty");
            }
        }

        long parse() {
            long value = or();
            if (pos != tokens.size()) {
                throw new IllegalArgumentException("unexpected '" + tokens.get(pos) + "'");
            }
            return value;
        }

        private long or() {
            long v = and();
            while (accept("|")) {
                v |= and();
            }
            return v;
        }

        private long and() {
            long v = shift();
            while (accept("&")) {
                v &= shift();
            }
            return v;
        }

        private long shift() {
            long v = additive();
            while (true) {
                if (accept("<<")) {
                    v <<= additive();
                } else if (accept(">>")) {
                    v >>= additive();
                } else {
                    return v;
                }
            }
        }

        private long additive() {
            long v = multiplicative();
            while (true) {
                if (accept("+")) {
                    v += multiplicative();
                } else if (accept("-")) {
                    v -= multiplicative();
                } else {
                    return v;
                }
            }
        }

        private long multiplicative() {
            long v = unary();
            while (accept("*")) {
                v *= unary();
            }
            return v;
        }

        private long unary() {
            if (accept("-")) {
                return -unary();
            }
            if (accept("+")) {
                return unary();
            }
            if (accept("~")) {
                return ~unary();
            }
            return primary();
        }

        private long primary() {
            if (pos >= tokens.size()) {
                throw new IllegalArgumentException("ends too early");
            }
            String t = tokens.get(pos++);
            if (t.equals("(")) {
                long v = or();
                if (!accept(")")) {
                    throw new IllegalArgumentException("missing ')'");
                }
                return v;
            }
            if (t.startsWith("#")) {
                String digits = t.substring(1);
                if (digits.startsWith("0x") || digits.startsWith("0X")) {
                    return Long.parseUnsignedLong(digits.substring(2), 16);
                }
                return digits.length() > 1 && digits.startsWith("0") ? Long.parseLong(digits, 8) : Long.parseLong(digits);
            }
            if (Character.isJavaIdentifierStart(t.charAt(0))) {
                return names.applyAsLong(t);
            }
            throw new IllegalArgumentException("unexpected '" + t + "'");
        }

        private boolean accept(String op) {
            if (pos < tokens.size() && tokens.get(pos).equals(op)) {
                pos++;
                return true;
            }
            return false;
        }
    }
}
