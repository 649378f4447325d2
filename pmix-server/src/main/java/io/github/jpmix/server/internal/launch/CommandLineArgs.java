package io.github.jpmix.server.internal.launch;

import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;

/** Not API. Option values of the project's command-line entry points (pmixrun, the benchmark commands). */
public final class CommandLineArgs {
    private CommandLineArgs() {
    }

    /**
     * The value of {@code option} as a positive int.
     *
     * @throws PmixException {@link Status#ERR_BAD_PARAM} naming the option and the value otherwise
     */
    public static int positive(String option, String value) {
        try {
            int v = Integer.parseInt(value);
            if (v > 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new PmixException(Status.ERR_BAD_PARAM, option + " needs a positive number, not '" + value + "'");
    }
}
