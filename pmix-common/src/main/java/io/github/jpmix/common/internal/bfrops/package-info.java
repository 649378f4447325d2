/**
 * Not API: OpenPMIx 4.2.2's buffer codec, bfrops {@code v41} with non-described buffers and psquash
 * {@code flex128} integers, the payload format of its client-server protocol, for the JPMIx
 * server front and client that speak that protocol over TCP with unmodified OpenPMIx 4.2.2
 * clients and servers. The protocol is specified in {@code /work/shared/spec/openpmix-wire-4.2.2.md}
 * (here "the spec"); this package implements its sections 2.2-2.4 onto the JPMIx data model of
 * {@code io.github.jpmix.common}. The spec's table 2.4 is a summary; where it and the C code
 * differ the code wins, and the differences are listed below. Sources are cited as paths under
 * {@code src/} of github.com/openpmix/openpmix at tag {@code v4.2.2} with line numbers.
 *
 * <p><b>What it owns.</b>
 * {@link io.github.jpmix.common.internal.bfrops.BfropsWriter} packs into a growable byte array,
 * {@link io.github.jpmix.common.internal.bfrops.BfropsReader} unpacks from a slice of one, in place;
 * {@link io.github.jpmix.common.internal.bfrops.Bfrops} holds the constants and the one table that
 * decides each type's layout. Framing (the 16-byte header), the connect handshake and the
 * commands belong to the front-ends: this package knows buffers, not messages.
 *
 * <p><b>The format (spec 2.2-2.3).</b>
 * <ul>
 *   <li><b>Non-described</b> ({@code PMIX_BFROP_BUFFER_NON_DESC}, 1; {@code mca/bfrops/bfrops_types.h:58-60}):
 *       no type tags, reader and writer agree on the schema. Fully described buffers (2, debug
 *       builds) are not spoken; a {@code PMIX_BUFFER} that says so is refused.</li>
 *   <li><b>Top-level packs</b> ({@code PMIX_BFROPS_PACK}, {@code mca/bfrops/base/bfrop_base_pack.c:40-63}):
 *       the element count as an {@code INT32}, then the elements. Every field of a message is one
 *       ({@code 02 04}: one command, GETNB). Inside a composite, fields are written with
 *       {@code PMIX_BFROPS_PACK_TYPE}, no count. Hence the writer's {@code pack...} (counted) and
 *       {@code write...} (raw) methods, the reader's {@code unpack...} and {@code read...}.</li>
 *   <li><b>Integers</b> ({@code mca/psquash/flex128/psquash_flex128.c}): {@code INT16/32/64},
 *       {@code UINT16/32/64}, {@code INT}, {@code UINT} and {@code SIZE} are flex128: seven bits a
 *       byte, low first, high bit set while more follow; after eight such bytes a ninth carries the
 *       top eight bits whole ({@code :309-329}). Signed types are sign-extended to 64 bits and
 *       zig-zagged ({@code :53-66}). v41 sends {@code PMIX_UINT} through its {@code INT} packer
 *       ({@code mca/bfrops/v41/bfrop_pmix41.c:127-129, 459-478}): zig-zag of the bits
 *       ({@code UINT_MAX} is {@code 01}). The reader is stricter than 4.2.2's decoder, which no
 *       4.2.2 encoder needs: an overlong encoding (a last byte of 0 after the first) and a value
 *       wider than its type fail; so does running out of bytes, where 4.2.2 reads the last byte it
 *       has as the ninth ({@code :334-372}). Type tags (a value's, a data array's) are
 *       {@code UINT16} flex128 ({@code bfrop_base_fns.c:1269-1286}).</li>
 *   <li><b>One byte</b>: {@code BOOL} (0/1; the reader refuses other bytes), {@code BYTE},
 *       {@code INT8}, {@code UINT8} and the 8-bit enums (persistence, scope, range, command, proc
 *       and job state, allocation directive, link state).</li>
 * </ul>
 *
 * <p><b>Types onto the model (spec 2.4).</b>
 * Each element is the class {@link io.github.jpmix.common.Value#javaType(int)} gives its type.
 * <ul>
 *   <li>{@code STRING}: {@code INT32} length counting the NUL, the bytes, the NUL; C's NULL is
 *       length 0 ({@code bfrop_base_pack.c:309-338}), a null String where C allows one (top-level,
 *       struct fields the model lets be null). Strings are strict UTF-8 without NUL characters;
 *       a {@code Value} of {@code STRING} cannot be NULL. {@code PROC_NSPACE} is a string.</li>
 *   <li>{@code PID}: the type of {@code pid_t} ({@code UINT32}) as a tag, then the pid as that type
 *       ({@code :166-182}), in both buffer types. <i>The tag is written once per pack call</i>, so
 *       pids packed together, top-level or in a data array, share one tag, and a top-level pack
 *       of no pids still has it ({@code 00 0e}). The reader accepts any integer tag, as 4.2.2
 *       does ({@code bfrop_base_unpack.c:253-275}).</li>
 *   <li>{@code FLOAT}, {@code DOUBLE}: the text of C's {@code "%f"}, as a string ({@code :341-390}),
 *       read with {@code strtof}/{@code strtod} ({@code bfrop_base_unpack.c:428-486}): six decimals,
 *       so {@code 1e-7} arrives as 0. Printed exactly as glibc does (exact value, ties to even,
 *       {@code inf}, {@code -nan}, {@code -0.000000}).</li>
 *   <li>{@code TIMEVAL}: two {@code INT64}; {@code TIME}: a {@code UINT64}; {@code STATUS}: an
 *       {@code INT32}; {@code PROC_RANK}, {@code INFO_DIRECTIVES}: {@code UINT32}; {@code DATA_TYPE},
 *       {@code IOF_CHANNEL}, {@code LOCTYPE}, {@code STOR_ACCESS_TYPE}: {@code UINT16};
 *       {@code DEVTYPE}, {@code STOR_*}: {@code UINT64}.</li>
 *   <li>{@code VALUE}: type tag, payload ({@code :546-568, 963-1005}); {@code PROC}: namespace,
 *       rank; {@code INFO}: key, directives, type tag, payload ({@code :570-605});
 *       {@code KVAL}: key, value; {@code PDATA}: proc, key, type tag, payload; {@code APP}: cmd,
 *       argc ({@code INT}), argv, envc ({@code INT32}), env, cwd, maxprocs ({@code INT}), ninfo
 *       ({@code SIZE}), infos ({@code :647-717}); {@code QUERY}: key count ({@code INT32}), keys,
 *       qualifier count ({@code SIZE}), qualifiers.</li>
 *   <li>{@code DATA_ARRAY}: element type tag, {@code SIZE} count, the elements without tags, nothing
 *       after the count when it is 0 or the type {@code UNDEF} ({@code :874-908}).</li>
 *   <li>{@code BYTE_OBJECT}, {@code COMPRESSED_STRING}, {@code COMPRESSED_BYTE_OBJECT},
 *       {@code DATA_BUFFER}: {@code SIZE} count, bytes (the compressed ones are not inflated).
 *       {@code BUFFER} (a commit's per-scope data): buffer-type byte, {@code SIZE}, bytes
 *       ({@code :461-493}); written with {@code packBuffer}, read as a nested reader sharing the
 *       decode budget ({@code unpackBuffer}); a byte object of packed data likewise
 *       ({@code unpackByteObjectReader}).</li>
 *   <li>{@code ENVAR}: name, value, separator byte; {@code COORD}: view byte, {@code SIZE} dims,
 *       {@code UINT32}s; {@code GEOMETRY}: fabric {@code SIZE}, uuid, osname, coordinates;
 *       {@code DEVICE_DIST}: uuid, osname, type {@code UINT64}, two {@code UINT16};
 *       {@code ENDPOINT}: uuid, osname, byte object; {@code REGATTR}: name, key, type
 *       ({@code DATA_TYPE}), description line count ({@code INT32}), lines;
 *       {@code PROC_INFO}: proc, hostname, executable, pid, state; {@code DISK_STATS},
 *       {@code NET_STATS}: name and {@code UINT64} counters; {@code NODE_STATS}: node, eleven
 *       floats, sample time, the disk and net lists with {@code SIZE} counts; {@code PROC_STATS}:
 *       below ({@code bfrop_base_pack.c:1031-1633}).</li>
 *   <li>{@code PROC_CPUSET}: hwloc's list text as a string ({@code hwloc/pmix_hwloc_datatype.c:26-83}),
 *       source {@code "hwloc"}.</li>
 *   <li>{@code REGEX} through the preg components in priority order
 *       ({@code mca/preg/base/preg_base_stubs.c:121-156}): a regex starting {@code "pmix"}
 *       ({@code mca/preg/native/preg_native.c:533-576}) or {@code "raw:"}
 *       ({@code mca/preg/raw/preg_raw.c:113-156}) is its C string with no length; any other is a
 *       <i>counted</i> string, one top-level {@code PMIX_STRING} pack (the spec's "as STRING" omits
 *       the count). The value's bytes are the C string with its NUL, as a {@code pmix_value_t}
 *       holds it; the writer takes them with or without it.</li>
 * </ul>
 *
 * <p><b>What does not round-trip, and what is refused.</b>
 * Refusals when packing are {@code PMIX_ERR_NOT_SUPPORTED} (a type or form not carried) or
 * {@code PMIX_ERR_PACK_FAILURE} (a value C cannot hold); when unpacking, {@code PMIX_ERR_UNPACK_FAILURE}
 * naming the type and the reason.
 * <ul>
 *   <li>Floats and doubles lose what {@code "%f"} drops. A {@code ProcInfo}'s exit code does not
 *       travel (4.2.2 packs none) and reads as 0.</li>
 *   <li>{@code PROC_STATS}: 4.2.2 packs node, proc, pid, cmd, state, time, priority, thread count
 *       and processor ({@code INT16}), pss, vsize, rss, sample time, but not {@code percent_cpu} or
 *       {@code peak_vsize} ({@code bfrop_base_pack.c:1363-1431}); its unpacker reads a
 *       {@code peak_vsize} the packer never wrote ({@code bfrop_base_unpack.c:1924}), so it cannot
 *       read its own bytes. This codec writes and reads what the packer writes; the two missing
 *       floats read as 0.</li>
 *   <li>{@code DATA_TYPE} (and a {@code REGATTR}'s type): packed as {@code UINT16}
 *       ({@code bfrop_base_pack.c:756-765}), unpacked by 4.2.2 as an {@code INT16}
 *       ({@code bfrop_base_unpack.c:358-368}), which mangles every value. This codec reads what
 *       the packer writes.</li>
 *   <li>{@code NODE_STATS}: 4.2.2 packs and unpacks the disk and net lists at the address of
 *       their pointers ({@code bfrop_base_pack.c:1614, 1625}; {@code bfrop_base_unpack.c:2197, 2213}),
 *       so only empty lists are well-defined from a 4.2.2 peer; this codec writes the lists as
 *       intended.</li>
 *   <li>{@code PROC_CPUSET}: only hwloc cpusets pack (others: not supported, as
 *       {@code pmix_hwloc_datatype.c:39-41}). 4.2.2 packs only empty bitmaps (it takes the length
 *       {@code hwloc_bitmap_list_asprintf} returns for an error, {@code :47}) but unpacks any. A
 *       NULL string (an unbound process) and the empty text both read as the bitmap {@code ""},
 *       which is written as NULL.</li>
 *   <li>{@code REGEX}: the preg/compress form ({@code "blob\0component=zlib:..."}) is refused both
 *       ways: 4.2.2 sizes it with {@code strtoul("size=...")}, which is 0, and sends a cut blob
 *       ({@code mca/preg/compress/preg_compress.c:264, 301}). A regex with a NUL inside is refused.
 *       4.2.2 crashes packing a regex that is neither native nor raw
 *       ({@code preg_base_stubs.c:135} passes the string where a {@code char **} is expected); its
 *       unpacker reads the counted string this codec writes.</li>
 *   <li>{@code TOPO}: refused both ways. It travels as hwloc's XML followed by hwloc's support
 *       structs, whose sizes depend on the peer's hwloc ({@code pmix_hwloc_datatype.c:163-225});
 *       {@link io.github.jpmix.common.Topology} holds the XML only. {@code POINTER} (a sentinel byte,
 *       {@code bfrop_base_pack.c:767-779}) and implementer-defined types (no v41 packer) are refused.</li>
 *   <li>An {@code APP}, {@code INFO}, {@code PDATA}, {@code KVAL}, {@code QUERY} or {@code VALUE} as
 *       the payload of a {@code Value} is refused: {@code pmix_value_t} has no member for them, so
 *       4.2.2 packs its union as one and unpacks one over it ({@code bfrop_base_pack.c:963-1005},
 *       {@code bfrop_base_unpack.c:565-696}). They travel as top-level packs and data array
 *       elements.</li>
 *   <li>{@code DATA_BUFFER} as a value: 4.2.2 packs it from the union's address (the type is
 *       missing from {@code pack_val}'s pointer cases) but unpacks it right; this codec writes
 *       it right. 4.2.2 cannot unpack data arrays of {@code DATA_ARRAY}, {@code DATA_BUFFER} or
 *       {@code REGEX} ({@code PMIX_ERR_NOMEM}), though it packs them; this codec reads them.</li>
 *   <li>The model's own rules apply to what is read: keys of 1 to 511 bytes, namespaces of at most
 *       255 (C truncates longer ones silently; this codec refuses), non-NULL keys, commands,
 *       namespaces and {@code App} commands, microseconds under a million, queries with a key
 *       (whose qualifiers read with {@code PMIX_INFO_QUALIFIER} set, as {@link io.github.jpmix.common.Query}
 *       sets it).</li>
 * </ul>
 *
 * <p><b>Hostile bytes.</b>
 * The reader never reads outside its slice, checks every count and length against the bytes left
 * before allocating for it (a list grows as its elements actually arrive), and charges strings,
 * byte arrays and elements to the {@link io.github.jpmix.common.internal.codec.CodecOptions} budget of
 * the Kryo codec, summed over one decode and the readers nested in it, with its depth limit on
 * values and data arrays. Failures carry the Kryo codec's statuses: read past the end (truncated,
 * or a claim longer than what is left), inadequate space (over a cap), unknown data type, unpack
 * failure (anything else malformed). The writer refuses to nest deeper than the reader accepts.
 *
 * <p><b>Threading.</b>
 * Writers and readers are not thread-safe and are meant to be short-lived: one per message. A
 * reader nested in another shares its budget and must be used on the same thread.
 *
 * <p><b>Tests.</b>
 * {@code BfropsLibpmixGoldenTest} runs {@code src/test/c/bfrops_golden.c} against the installed
 * libpmix: every case of every model type packed by libpmix is read and written back byte for
 * byte, and every case written by this codec is unpacked by libpmix and packed back to the same
 * bytes, or shows the documented 4.2.2 behaviour. {@code BfropsWireDumpsTest} reads every message
 * of the spec's captures by its schema and writes it back byte for byte.
 */
package io.github.jpmix.common.internal.bfrops;
