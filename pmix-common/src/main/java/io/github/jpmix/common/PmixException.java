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

    /**
     * {@code NAME: message}, with one status name: a message built from another exception's ("lost
     * the server: " + e.getMessage(), or a status and message that crossed from a server) carries
     * that exception's name too, and a reader wants the one this exception has. So status names that
     * open the message or one of its {@code ": "}-separated parts are dropped.
     */
    private static String format(int status, String message) {
        return Status.name(status) + ": " + withoutStatusNames(String.valueOf(message));
    }

    private static String withoutStatusNames(String message) {
        StringBuilder out = new StringBuilder(message.length());
        int at = 0;
        while (at < message.length()) {
            int colon = message.indexOf(": ", at);
            String part = colon < 0 ? message.substring(at) : message.substring(at, colon);
            if (colon >= 0 && part.startsWith("PMIX_") && Status.isName(part)) {
                at = colon + 2; // a status name and its separator: dropped
                continue;
            }
            out.append(part);
            if (colon < 0) {
                break;
            }
            out.append(": ");
            at = colon + 2;
        }
        return out.toString();
    }
}
