/**
 * The PMIx data model every other JPMIx module speaks.
 *
 * <p><b>What it owns.</b> Process names ({@link io.github.jpmix.common.Proc},
 * {@link io.github.jpmix.common.Rank}), values of every PMIx data type, info with directives,
 * queries, proc info, and the int constant families of {@code pmix_common.h}: status codes
 * ({@link io.github.jpmix.common.Status}), proc and job states, data types, scopes, data ranges,
 * persistence, info directives. The reserved-key registry ({@code Keys}) names every attribute
 * with its PMIx string and value type; pretty-printers print any constant, known or not.
 *
 * <p><b>Constants are ints equal to OpenPMIx 4.2.2's.</b> RFC0010 made them extensible
 * {@code #define}s, so they are not enums: a host may add codes, and any code prints (as its
 * number when nobody named it). A test reads the installed {@code pmix_common.h} and
 * {@code pmix_deprecated.h} and checks every value and key string here against them.
 *
 * <p><b>Threading.</b> Everything here is immutable and thread-safe, except where a class says
 * otherwise.
 *
 * <p>{@code io.github.jpmix.common.internal} holds what other JPMIx modules share but users
 * should not call (the codec, the JVM flags): not API.
 */
package io.github.jpmix.common;
