#!/bin/bash
# The wireup benchmark of every side, N by N, back to back, into one directory, then the table:
#
#   side_by_side.sh [--runs R] [--n "2 8 16"] [--j 10000] [--no-java] OUTDIR
#
# For each N, R runs (default 3) of each side in turn, its RESULT lines appended to a file of OUTDIR:
#   openpmix.txt         run.sh --gds "default hash": OpenPMIx's server with its own store (ds21,
#                        impl=openpmix) and with gds hash (impl=openpmix-hash), the C client
#   jpmix-served-c.txt   bin/jpmix-wireup-bench --program: the same C client binary under bin/pmixrun
#   jpmix.txt            bin/jpmix-wireup-bench: JPMIx's Java client (left out with --no-java)
# then compare.sh over all of them into OUTDIR/table.txt (also printed). Progress and the load
# average go to stderr. Build first: mvn -B -q -DskipTests package (run.sh builds the C side).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
runs=3 ns="2 8 16" j=10000 java=yes

usage() {
    sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}
while [ $# -gt 1 ]; do
    case "$1" in
        --runs) runs=$2; shift 2 ;;
        --n) ns=$2; shift 2 ;;
        --j) j=$2; shift 2 ;;
        --no-java) java=no; shift ;;
        *) usage ;;
    esac
done
[ $# -eq 1 ] || usage
out=$1
mkdir -p "$out"

load() { cut -d' ' -f1-3 /proc/loadavg; }
for n in $ns; do
    echo "side_by_side.sh: N=$n J=$j, $runs runs each, load average $(load)" >&2
    "$here/run.sh" --runs "$runs" --n "$n" --j "" --table-j "$j" --gds "default hash" >> "$out/openpmix.txt"
    "$root/bin/jpmix-wireup-bench" --runs "$runs" --n "$n" --j "$j" \
        --program "$here/../build/wireup/wireup_client" >> "$out/jpmix-served-c.txt"
    if [ "$java" = yes ]; then
        "$root/bin/jpmix-wireup-bench" --runs "$runs" --n "$n" --j "$j" >> "$out/jpmix.txt"
    fi
done
echo "side_by_side.sh: done, load average $(load)" >&2
files=("$out/openpmix.txt" "$out/jpmix-served-c.txt")
if [ "$java" = yes ]; then
    files+=("$out/jpmix.txt")
fi
"$here/compare.sh" "${files[@]}" | tee "$out/table.txt"
