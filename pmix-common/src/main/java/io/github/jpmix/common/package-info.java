/**
 * The PMIx data model every other JPMIx module speaks.
 *
 * <p><b>What it owns.</b> Process names ({@link io.github.jpmix.common.Proc},
 * {@link io.github.jpmix.common.Rank}), values of every PMIx data type, info with directives,
 * queries, proc info, and the int constant families of {@code pmix_common.h}: status codes
 * ({@link io.github.jpmix.common.Status}), data types ({@link io.github.jpmix.common.DataType}),
 * proc and job states ({@link io.github.jpmix.common.ProcState},
 * {@link io.github.jpmix.common.JobState}), scopes, data ranges, persistence, info directives,
 * allocation directives, I/O forwarding channels and link states. The reserved-key registry
 * ({@code Keys}) names every attribute with its PMIx string and value type.
 *
 * <p><b>Constants are ints equal to OpenPMIx 4.2.2's.</b> RFC0010 made them extensible
 * {@code #define}s, so they are not enums: a host may add values and name them with each family's
 * {@code define}. Java names drop {@code PMIX_} and the prefix the class name already says
 * ({@code PMIX_PROC_STATE_RUNNING} is {@code ProcState.RUNNING}); the C spelling is what
 * {@code name(int)} returns. A test reads the installed {@code pmix_common.h} and
 * {@code pmix_deprecated.h} and checks every value and key string here against them, both ways.
 *
 * <p><b>Every value prints.</b> Each family's {@code toString(int)} is OpenPMIx's
 * {@code PMIx_*_string} for it, byte for byte ({@code Status.toString} is
 * {@code PMIx_Error_string}). Where OpenPMIx prints a fixed "unknown" text, JPMIx prints the
 * value's name if it has one, else its number, so a log line always says which value it was; no
 * printer throws. One package-private name table serves every family.
 *
 * <p><b>Threading.</b> Everything here is immutable and thread-safe, except where a class says
 * otherwise.
 *
 * <p>{@code io.github.jpmix.common.internal} holds what other JPMIx modules share but users
 * should not call (the codec, the request contents, the shared half of the transport, the JVM
 * flags): not API.
 */
package io.github.jpmix.common;
