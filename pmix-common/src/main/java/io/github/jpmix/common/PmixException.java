package io.github.jpmix.common;

/**
 * A failed PMIx operation: carries the PMIx status code ({@link Status}) the C API would have
 * returned, and a message that names what was wrong and the offending value.
 *
 * <p>Unchecked, as the ARCHITECTURE contract says: every status other than success (and the
 * "success with nothing" cases that return empty collections) surfaces as this exception.
 */
public class PmixException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int status;

    public PmixException(int status, String message) {
        super(format(status, message));
        this.status = status;
    }

    public PmixException(int status, String message, Throwable cause) {
        super(format(status, message), cause);
        this.status = status;
    }

    /** The PMIx status code, e.g. {@link Status#ERR_BAD_PARAM}. Never {@link Status#SUCCESS}. */
    public int status() {
        return status;
    }

    /** The symbolic name of {@link #status()}, e.g. {@code PMIX_ERR_BAD_PARAM}. */
    public String statusName() {
        return Status.name(status);
    }

    private static String format(int status, String message) {
        return Status.name(status) + ": " + message;
    }
}
