#!/bin/bash
# Runs the OpenPMIx 4.2.2 wireup reference and prints its RESULT lines on stdout (progress on stderr):
#
#   run.sh [--runs R] [--n "2 4 8 16"] [--j "1000 10000 100000 1000000"] [--table-j 10000]
#          [--timeout SECONDS] [--tmpdir DIR] [--build DIR] [--warmup-seconds S] [--gds "default hash"]
#
# Two sweeps, each configuration run R times (default 5) by wireup_host:
#   - every N of --n at J = --table-j (the issue's table: 10,000 processes, 625 nodes at N=16);
#   - N=2 at every J of --j (the registration sweep; 10^6 takes minutes: leave it out with --j).
# --warmup-seconds S: the steady state; each phase is first repeated for S seconds (wireup.h).
# --gds: each configuration once per word: "default" is OpenPMIx's own choice (ds21, impl=openpmix),
# any other word the server's gds restricted to it (hash: impl=openpmix-hash); default "default".
# A configuration in both sweeps runs once. --n "" or --j "" skips a sweep. Builds into
# benchmarks/reference/build/wireup (or --build DIR) when a source is newer than the binaries.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
extra_warm=()
runs=5 ns="2 4 8 16" js="1000 10000 100000 1000000" table_j=10000 timeout=1800 tmpdir="" build="$here/../build/wireup"
gdss=default

usage() {
    sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}
while [ $# -gt 0 ]; do
    [ $# -ge 2 ] || usage
    case "$1" in
        --runs) runs=$2 ;;
        --n) ns=$2 ;;
        --j) js=$2 ;;
        --table-j) table_j=$2 ;;
        --timeout) timeout=$2 ;;
        --tmpdir) tmpdir=$2 ;;
        --build) build=$2 ;;
        --warmup-seconds) extra_warm=(--warmup-seconds "$2") ;;
        --gds) gdss=$2 ;;
        *) usage ;;
    esac
    shift 2
done

stale=0
for bin in wireup_host wireup_client; do
    for src in "$here"/*.c "$here"/*.h "$here"/../reference_server.h; do
        if [ ! -x "$build/$bin" ] || [ "$src" -nt "$build/$bin" ]; then
            stale=1
        fi
    done
done
if [ "$stale" = 1 ]; then
    echo "run.sh: building into $build" >&2
    "$here/build.sh" "$build"
fi

configs=()
declare -A seen=()
add_config() {
    if [ -z "${seen["$1 $2"]+x}" ]; then
        seen["$1 $2"]=1
        configs+=("$1 $2")
    fi
}
for n in $ns; do
    add_config "$n" "$table_j"
done
for j in $js; do
    add_config 2 "$j"
done

extra=("${extra_warm[@]}")
if [ -n "$tmpdir" ]; then
    extra+=(--tmpdir "$tmpdir")
fi
for c in "${configs[@]}"; do
    read -r n j <<<"$c"
    for g in $gdss; do
        gds=()
        if [ "$g" != default ]; then
            gds=(--gds "$g")
        fi
        echo "run.sh: N=$n J=$j gds=$g runs=$runs, load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
        "$build/wireup_host" --n "$n" --j "$j" --runs "$runs" --timeout "$timeout" "${extra[@]}" "${gds[@]}"
    done
done
echo "run.sh: done, load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
