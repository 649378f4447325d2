package io.github.jpmix.common;

/**
 * A {@code struct timeval} ({@code PMIX_TIMEVAL}): seconds and microseconds.
 *
 * @param seconds {@code tv_sec}
 * @param micros {@code tv_usec}, 0..999,999
 */
public record TimeVal(long seconds, long micros) {
    public TimeVal {
        if (micros < 0 || micros > 999_999) {
            throw new PmixException(Status.ERR_BAD_PARAM, "timeval: micros out of 0..999999: " + micros);
        }
    }
}
