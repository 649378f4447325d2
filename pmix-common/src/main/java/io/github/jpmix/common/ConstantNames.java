package io.github.jpmix.common;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The name table behind one int constant family ({@link Status}, {@link DataType},
 * {@link ProcState}, ...): every family needs the same four things, so they live here once.
 *
 * <ul>
 *   <li>{@link #name(int)}: the C symbol a value prints as ({@code "PMIX_PROC_STATE_RUNNING"});
 *   <li>{@link #print(int)}: the text OpenPMIx 4.2.2's {@code PMIx_*_string} returns for it
 *       ({@code "PROC EXECUTING"});
 *   <li>{@link #define(int, String)}: RFC0010's extension point, naming a value PMIx does not;
 *   <li>{@link #valueOf(String)}: the symbol back to its value, aliases included.
 * </ul>
 *
 * <p>The one printing rule of JPMIx: a value with an OpenPMIx text prints that text, byte for
 * byte; a value with a name but no text (a boundary such as {@code PMIX_EXTERNAL_ERR_BASE}, a
 * code 4.2.2's printer forgot, or one a user defined) prints its name; anything else prints as its
 * decimal number. OpenPMIx prints a fixed "not found" string instead ({@code "UNKNOWN STATE"},
 * {@code "ERROR STRING NOT FOUND"}); JPMIx deliberately does not, so that a log line still says
 * which value it was.
 *
 * <p>Built-in entries are registered by the owning class's static initializer, in the order that
 * decides which of two symbols for one value is printed: the current name first, its deprecated
 * aliases after. Thread-safe: all tables are concurrent, so {@link #define(int, String)} may race
 * with printing.
 */
final class ConstantNames {
    private final String family;
    private final boolean signed;
    /** value -> the symbol it prints as; the first one registered wins. */
    private final Map<Integer, String> names = new ConcurrentHashMap<>();
    /** every symbol, aliases and defined ones included -> its value. */
    private final Map<String, Integer> values = new ConcurrentHashMap<>();
    /** value -> OpenPMIx's printer text; built-in values only. */
    private final Map<Integer, String> texts = new ConcurrentHashMap<>();
    /** The symbols registered by the owning class, not by {@link #define(int, String)}. */
    private final Map<String, Integer> builtIn = new ConcurrentHashMap<>();

    /**
     * @param family what the messages call the family ({@code "proc state"})
     * @param signed whether values print as signed decimals (only {@code pmix_status_t} is
     *     signed; every other family is a C unsigned type held in an {@code int})
     */
    ConstantNames(String family, boolean signed) {
        this.family = Objects.requireNonNull(family, "family");
        this.signed = signed;
    }

    /**
     * Registers a built-in constant: its C symbol and the text OpenPMIx prints for it, or
     * {@code null} where 4.2.2's printer has no case for the value.
     *
     * @throws IllegalStateException if the value or the symbol is already registered: a typo in a
     *     static initializer should fail the class, not print the wrong name
     */
    ConstantNames constant(int value, String symbol, String text) {
        Objects.requireNonNull(symbol, "symbol");
        if (names.putIfAbsent(value, symbol) != null) {
            throw new IllegalStateException(family + ": " + symbol + " reuses the value of "
                    + names.get(value) + " (" + number(value) + "); register it with alias()");
        }
        putSymbol(value, symbol);
        if (text != null) {
            texts.put(value, text);
        }
        return this;
    }

    /**
     * Registers a second symbol for a value that already has one (a deprecated spelling, or a
     * macro defined as another): it is accepted by {@link #valueOf(String)} but never printed.
     */
    ConstantNames alias(int value, String symbol) {
        Objects.requireNonNull(symbol, "symbol");
        if (!names.containsKey(value)) {
            throw new IllegalStateException(family + ": alias " + symbol + " of unregistered value " + number(value));
        }
        putSymbol(value, symbol);
        return this;
    }

    private void putSymbol(int value, String symbol) {
        Integer prior = values.putIfAbsent(symbol, value);
        if (prior != null) {
            throw new IllegalStateException(family + ": " + symbol + " registered twice");
        }
        builtIn.put(symbol, value);
    }

    /** The symbol the value prints as, or its decimal number. */
    String name(int value) {
        String name = names.get(value);
        return name != null ? name : number(value);
    }

    /** Whether the value has a name, built in or defined. */
    boolean isKnown(int value) {
        return names.containsKey(value);
    }

    /** Whether OpenPMIx's printer has a text for the value (package use: printers and tests). */
    boolean hasText(int value) {
        return texts.containsKey(value);
    }

    /** OpenPMIx's text for the value, else its name, else its number. Never throws. */
    String print(int value) {
        String text = texts.get(value);
        return text != null ? text : name(value);
    }

    /** The value as the family prints numbers: signed for status codes, unsigned otherwise. */
    String number(int value) {
        return signed ? Integer.toString(value) : Integer.toUnsignedString(value);
    }

    /**
     * RFC0010's extension point: names a value. A value that has a name keeps it and the new
     * symbol becomes an alias, so both spellings parse; defining the same pair twice is a no-op.
     *
     * @return the name the value prints as from now on
     * @throws PmixException {@link Status#ERR_BAD_PARAM} if the symbol already names another
     *     value: {@link #valueOf(String)} must stay a function
     */
    String define(int value, String symbol) {
        Objects.requireNonNull(symbol, "symbol");
        if (symbol.isBlank()) {
            throw new PmixException(Status.ERR_BAD_PARAM, family + ": define " + number(value) + ": blank name");
        }
        Integer prior = values.putIfAbsent(symbol, value);
        if (prior != null && prior != value) {
            throw new PmixException(Status.ERR_BAD_PARAM, family + ": define " + number(value) + " as " + symbol
                    + ": that name already stands for " + number(prior));
        }
        String current = names.putIfAbsent(value, symbol);
        return current != null ? current : symbol;
    }

    /**
     * The value of a symbol, with or without its {@code PMIX_} prefix.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} if nothing has that name
     */
    int valueOf(String symbol) {
        Objects.requireNonNull(symbol, "symbol");
        Integer value = values.get(symbol);
        if (value == null && !symbol.startsWith("PMIX_")) {
            value = values.get("PMIX_" + symbol);
        }
        if (value == null) {
            throw new PmixException(Status.ERR_BAD_PARAM, family + ": unknown name '" + symbol + "'");
        }
        return value;
    }

    /** Whether {@code symbol} (exactly as spelled, {@code PMIX_} prefix included) names a value. Never throws. */
    boolean isSymbol(String symbol) {
        return values.containsKey(symbol);
    }

    /** Every symbol with its value, aliases and defined ones included (a snapshot, for tests). */
    Map<String, Integer> symbols() {
        return Map.copyOf(values);
    }

    /** The symbols PMIx defines, aliases included: what the owning class registered (for tests). */
    Map<String, Integer> builtInSymbols() {
        return Map.copyOf(builtIn);
    }

    /**
     * The printed form of the bits of a bit mask that OpenPMIx's printer has no word for, for the
     * bit-mask families ({@link InfoDirectives}, {@link IofChannel}): each bit a user
     * {@linkplain #define(int, String) defined} by its name (lowest bit first, one bit at a time),
     * then the remaining bits outside {@code silent} as one hex number ({@code "0x300"}). Bits in
     * {@code silent} that nobody named print nothing, as in OpenPMIx. Empty when nothing is left.
     *
     * @param bits the value with the bits the printer already worded, and the built-in ones it
     *     deliberately leaves out, cleared
     * @param silent bits PMIx reserves without naming them one by one (a reserved range, the
     *     spare bits of an "all" mask)
     */
    List<String> unknownBits(int bits, int silent) {
        List<String> out = new ArrayList<>();
        int unnamed = 0;
        for (int rest = bits; rest != 0; rest &= rest - 1) {
            int bit = Integer.lowestOneBit(rest);
            String name = names.get(bit);
            if (name != null) {
                out.add(name);
            } else if ((bit & silent) == 0) {
                unnamed |= bit;
            }
        }
        if (unnamed != 0) {
            out.add("0x" + Integer.toHexString(unnamed));
        }
        return out;
    }
}
