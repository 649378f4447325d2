package io.github.jpmix.common;

import java.util.List;
import java.util.function.IntFunction;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * Properties of the printers over every int, not just the values PMIx defines. The seed is fixed
 * so that the build is deterministic; jqwik still mixes in the edge cases (0, -1, MIN, MAX).
 */
class ConstantPrintersPropertyTest {
    private static final String SEED = "20251122";

    /** Each family's name table and printer; the bit masks word every value, so they are apart. */
    private record Printer(ConstantNames names, IntFunction<String> print) {
    }

    private static final List<Printer> PLAIN = List.of(
            new Printer(Status.names(), Status::toString),
            new Printer(DataType.names(), DataType::toString),
            new Printer(ProcState.names(), ProcState::toString),
            new Printer(JobState.names(), JobState::toString),
            new Printer(Scope.names(), Scope::toString),
            new Printer(DataRange.names(), DataRange::toString),
            new Printer(Persistence.names(), Persistence::toString),
            new Printer(AllocDirective.names(), AllocDirective::toString),
            new Printer(LinkState.names(), LinkState::toString));

    @Property(seed = SEED)
    boolean shouldPrintAnyValueAsItsTextItsNameOrItsNumber(@ForAll int value) {
        for (Printer p : PLAIN) {
            String printed = p.print().apply(value);
            boolean ok = p.names().hasText(value) ? !printed.isEmpty()
                    : printed.equals(p.names().name(value))
                            && (p.names().isKnown(value) || printed.equals(p.names().number(value)));
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    @Property(seed = SEED)
    boolean shouldWordAnyMaskWithoutThrowing(@ForAll int value) {
        return !InfoDirectives.toString(value).isEmpty() && !IofChannel.toString(value).isEmpty();
    }

    @Property(seed = SEED)
    boolean shouldParseBackEveryPrintedRank(@ForAll int rank) {
        return Rank.parse(Rank.toString(rank)) == rank;
    }

    @Property(seed = SEED)
    boolean shouldPrintEveryValidRankAsItsUnsignedNumber(@ForAll int rank) {
        return !Rank.isValid(rank) || Rank.toString(rank).equals(Integer.toUnsignedString(rank));
    }
}
