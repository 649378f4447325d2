package io.github.jpmix.common;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@code PMIx_Query_info} returns: a status and one answer per query.
 *
 * <p><b>Status.</b> {@link Status#SUCCESS} when every query was answered, {@link Status#ERR_PARTIAL_SUCCESS}
 * when some were (the Query chapter of the Standard: "PMIX_ERR_PARTIAL_SUCCESS Some of the requested data was
 * found"). Every other outcome (none answered, a bad qualifier, ...) is a {@link PmixException} instead.
 *
 * <p><b>Answers.</b> Positional: {@code answers.get(i)} answers query {@code i}. An answered query with one key is
 * an info with that key and its value (RFC0010: "a single pmix_info_t structure containing the
 * PMIX_QUERY_PROC_TABLE key, and a value consisting of a pmix_data_array_t"; OpenPMIx 4.2.2 answers so); a query
 * with several keys is answered by one {@link Keys#QUERY_RESULTS} info holding an info per key found (the
 * Standard's {@code PMIX_QUERY_RESULTS} form). An unanswered query holds its first key with a value of type
 * {@code PMIX_UNDEF} (PMIx 2.0's {@code PMIx_Query_info_nb}: "Requests for keys that are not found will return the
 * key paired with a value of type PMIX_UNDEF").
 *
 * @param status {@link Status#SUCCESS} or {@link Status#ERR_PARTIAL_SUCCESS}
 * @param answers one info per query, in the order of the queries
 */
public record QueryResults(int status, List<Info> answers) {
    public QueryResults {
        answers = List.copyOf(Objects.requireNonNull(answers, "answers"));
        if (status != Status.SUCCESS && status != Status.ERR_PARTIAL_SUCCESS) {
            throw new PmixException(Status.ERR_BAD_PARAM, "query results: status must be PMIX_SUCCESS or "
                    + "PMIX_ERR_PARTIAL_SUCCESS, not " + Status.name(status));
        }
    }

    /** Whether query {@code i} was answered. */
    public boolean isAnswered(int i) {
        return answers.get(i).value().type() != DataType.UNDEF;
    }

    /** The answer to query {@code i}, empty when it was not answered. */
    public Optional<Value> value(int i) {
        return isAnswered(i) ? Optional.of(answers.get(i).value()) : Optional.empty();
    }

    /** The answer to query {@code i} read as a key's Java type, empty when it was not answered. */
    public <T> Optional<T> value(int i, Key<T> key) {
        return value(i).map(key::read);
    }

    /** Whether every query was answered ({@link Status#SUCCESS}). */
    public boolean isComplete() {
        return status == Status.SUCCESS;
    }
}
