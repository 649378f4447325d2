#!/bin/bash
# JPMIx's client against OpenPMIx's C client under the same OpenPMIx 4.2.2 server (pmix_host, on the
# installed server library): get of a job key, fence, modex round, at each N (README "Benchmarks").
#
#   openpmix-client.sh [--runs R] [--n "2 8"] [--warmup-seconds S]
#
# Builds pmix_host (pmix-client/src/test/c/pmix_host.c) and wireup_client into
# benchmarks/reference/build/wireup when a source is newer, then runs
# io.github.jpmix.benchmarks.wireup.OpenPmixClientBench: RESULT lines and a table on stdout, progress
# (with the load average) on stderr. Build JPMIx first: mvn -B -q -DskipTests package
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
build="$here/../build/wireup"
lib="$root/pmix-tool/target/lib"
classes="$root/benchmarks/target/classes"
flags="$root/pmix-common/target/classes/META-INF/jpmix/jvm.flags"
if [ ! -d "$lib" ] || [ ! -f "$classes/io/github/jpmix/benchmarks/wireup/OpenPmixClientBench.class" ] || [ ! -f "$flags" ]; then
    echo "openpmix-client.sh: JPMIx is not built; run: mvn -B -q -DskipTests package" >&2
    exit 2
fi
mkdir -p "$build"
host_src="$root/pmix-client/src/test/c/pmix_host.c"
if [ ! -x "$build/pmix_host" ] || [ "$host_src" -nt "$build/pmix_host" ]; then
    # shellcheck disable=SC2046 # the pkg-config flags are a word list
    gcc -Wall -Wextra -Werror -O2 -std=gnu11 -pthread -o "$build/pmix_host" "$host_src" $(pkg-config --cflags --libs pmix)
fi
for src in "$here"/wireup_client.c "$here"/wireup.h; do
    if [ ! -x "$build/wireup_client" ] || [ "$src" -nt "$build/wireup_client" ]; then
        "$here/build.sh" "$build"
        break
    fi
done
# shellcheck disable=SC2046 # the flags file holds one flag per word
exec java $(cat "$flags") -cp "$lib/*:$classes" io.github.jpmix.benchmarks.wireup.OpenPmixClientBench \
    --host "$build/pmix_host" --c-client "$build/wireup_client" "$@"
