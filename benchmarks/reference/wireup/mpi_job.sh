#!/bin/bash
# Times an Open MPI job under OpenPMIx's server and under JPMIx's, the same binary back to back, and
# prints RESULT lines on stdout (progress and each run's figures on stderr):
#
#   mpi_job.sh [--runs R] [--n "2 4 8"] [--k K] [--build DIR]
#
# For each N, R times (default 3) in turn:
#   openpmix-hash   pmix_host -n N --gds hash -- env OMPI_MCA_schizo=^orte OMPI_MCA_mpi_yield_when_idle=1 mpi_ring K
#   jpmix-served-c  OMPI_MCA_mpi_yield_when_idle=1 bin/pmixrun -n N mpi_ring K
# pmix_host is pmix-client/src/test/c/pmix_host.c (a small OpenPMIx 4.2.2 host), mpi_ring is
# pmix-server/src/test/c/mpi_ring.c (a ring, then K allreduces; default K 10000), both built into
# benchmarks/reference/build/mpi (or --build DIR) when a source is newer. pmixrun sets
# OMPI_MCA_schizo=^orte itself; the yield is set for both because pmixrun sets it only when the
# node is oversubscribed (N > cores), and ranks that spin while waiting share 2 cores badly with
# the other side's server or whatever else runs.
#
# Metrics, per run (one sample each; median and p99 nearest-rank over the R runs, microseconds):
#   mpi_wall         the whole command, start to exit (date +%s%N)
#   mpi_init         MPI_Init, as rank 0 of mpi_ring prints it (init_ms)
#   mpi_total        MPI_Init..MPI_Finalize on rank 0 (total_ms)
#   mpi_job          the job without the launcher's own start: for pmixrun its launch + run phases
#                    (registering and starting the processes, to the last exit); for pmix_host the
#                    whole command (its server starts in a few milliseconds, left in)
# and, for pmixrun only, from its summary line: launcher_server, register (its phases),
# launcher_start (mpi_wall - mpi_job: the script, the JVM's start, the server, the registration,
# the exit). compare.sh pairs the first four (J is N: no simulated nodes).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
runs=3 ns="2 4 8" k=10000 build="$here/../build/mpi"

usage() {
    sed -n '2,28p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}
while [ $# -gt 0 ]; do
    [ $# -ge 2 ] || usage
    case "$1" in
        --runs) runs=$2 ;;
        --n) ns=$2 ;;
        --k) k=$2 ;;
        --build) build=$2 ;;
        *) usage ;;
    esac
    shift 2
done

host_src=$root/pmix-client/src/test/c/pmix_host.c
ring_src=$root/pmix-server/src/test/c/mpi_ring.c
mkdir -p "$build"
if [ ! -x "$build/pmix_host" ] || [ "$host_src" -nt "$build/pmix_host" ]; then
    echo "mpi_job.sh: building pmix_host into $build" >&2
    # shellcheck disable=SC2046 # the pkg-config flags are a word list
    gcc -Wall -Wextra -Werror -O2 -std=gnu11 -pthread -o "$build/pmix_host" "$host_src" $(pkg-config --cflags --libs pmix)
fi
if [ ! -x "$build/mpi_ring" ] || [ "$ring_src" -nt "$build/mpi_ring" ]; then
    echo "mpi_job.sh: building mpi_ring into $build" >&2
    mpicc -Wall -Wextra -Werror -O2 -o "$build/mpi_ring" "$ring_src"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
now_us() { echo $(( $(date +%s%N) / 1000 )); }
# ms_to_us "12.5" -> 12500
ms_to_us() { awk -v ms="$1" 'BEGIN { printf "%.0f", ms * 1000 }'; }

# run IMPL N COMMAND...: one run; appends "metric microseconds" lines to $tmp/IMPL.N
run() {
    local impl=$1 n=$2
    shift 2
    local t0 t1 out="$tmp/out" err="$tmp/err"
    t0=$(now_us)
    if ! "$@" > "$out" 2> "$err"; then
        cat "$out" "$err" >&2
        echo "mpi_job.sh: $impl N=$n failed" >&2
        exit 1
    fi
    t1=$(now_us)
    local times wall=$((t1 - t0))
    times=$(grep -E '^time N=' "$out" || true)
    if [ -z "$times" ]; then
        cat "$out" "$err" >&2
        echo "mpi_job.sh: $impl N=$n: mpi_ring printed no time line" >&2
        exit 1
    fi
    local init total
    init=$(sed -E 's/.*init_ms=([0-9.]+).*/\1/' <<<"$times")
    total=$(sed -E 's/.*total_ms=([0-9.]+).*/\1/' <<<"$times")
    {
        echo "mpi_wall $wall"
        echo "mpi_init $(ms_to_us "$init")"
        echo "mpi_total $(ms_to_us "$total")"
    } >> "$tmp/$impl.$n"
    local summary job=$wall extra=""
    summary=$(grep -E '^pmixrun: server [0-9]+ ms, register' "$err" || true)
    if [ -n "$summary" ]; then
        local server register launch running
        read -r server register launch running < <(sed -E 's/^pmixrun: server ([0-9]+) ms, register ([0-9]+) ms, launch ([0-9]+) ms, run ([0-9]+) ms.*/\1 \2 \3 \4/' <<<"$summary")
        job=$(((launch + running) * 1000))
        {
            echo "launcher_server $((server * 1000))"
            echo "register $((register * 1000))"
            echo "launcher_start $((wall - job))"
        } >> "$tmp/$impl.$n"
        extra=", pmixrun: server $server ms, register $register ms, launch $launch ms, run $running ms"
    fi
    echo "mpi_job $job" >> "$tmp/$impl.$n"
    echo "mpi_job.sh: $impl N=$n: wall $((wall / 1000)) ms, MPI_Init $init ms, MPI_Init..Finalize $total ms$extra" >&2
}

# result IMPL N: the RESULT lines of $tmp/IMPL.N (nearest-rank median and p99, as WireupBench's)
result() {
    local impl=$1 n=$2
    for m in $(awk '{ print $1 }' "$tmp/$impl.$n" | awk '!seen[$0]++'); do
        awk -v m="$m" '$1 == m { print $2 }' "$tmp/$impl.$n" | sort -n | awk -v impl="$impl" -v m="$m" -v n="$n" -v k="$k" '
            { v[NR] = $1 }
            END {
                r50 = int((50 * NR + 99) / 100); r99 = int((99 * NR + 99) / 100)
                printf "RESULT impl=%s metric=%s N=%d J=%d median_us=%.1f p99_us=%.1f samples=%d K=%d\n", impl, m, n, n, v[r50], v[r99], NR, k
            }'
    done
}

for n in $ns; do
    for r in $(seq 1 "$runs"); do
        echo "mpi_job.sh: N=$n K=$k run $r/$runs, load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
        run openpmix-hash "$n" "$build/pmix_host" -n "$n" --gds hash --timeout 600 -- \
            env OMPI_MCA_schizo=^orte OMPI_MCA_mpi_yield_when_idle=1 "$build/mpi_ring" "$k"
        run jpmix-served-c "$n" env OMPI_MCA_mpi_yield_when_idle=1 "$root/bin/pmixrun" -n "$n" "$build/mpi_ring" "$k"
    done
    result openpmix-hash "$n"
    result jpmix-served-c "$n"
done
echo "mpi_job.sh: done, load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
