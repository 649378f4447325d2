#!/bin/bash
# Checks compare.sh on hand-made result files: pairing on (metric, N, J) (jvm_start with start), the ratio, the row order
# (wired, cpu, modex_first after init),
# a zero JPMIx median, duplicates, lines without a counterpart, malformed lines, exit codes; four impls in one table
# (columns, ratios, a missing cell).
#   benchmarks/reference/wireup/test/compare_test.sh      (prints "N passed, N failed")
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
compare=$here/../compare.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
check() { # name, condition (a command)
    if "${@:2}"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $1" >&2; fi
}

cat > "$tmp/jpmix.txt" <<'R'
# progress lines are ignored
RESULT impl=jpmix metric=modex N=16 J=10000 median_us=1000.0 p99_us=3000.0 samples=4000
RESULT impl=jpmix metric=get_job_key N=2 J=10000 median_us=0.2 p99_us=0.9 samples=10000
RESULT impl=jpmix metric=fence N=2 J=10000 median_us=0.0 p99_us=50.0 samples=1000
RESULT impl=jpmix metric=modex N=2 J=10000 median_us=300.0 p99_us=900.0 samples=500
RESULT impl=jpmix metric=modex N=2 J=10000 median_us=150.0 p99_us=600.0 samples=500
RESULT impl=jpmix metric=init N=2 J=10000 median_us=30000.0 p99_us=45000.0 samples=10
RESULT impl=jpmix metric=jvm_start N=2 J=10000 median_us=80000.0 p99_us=90000.0 samples=10
RESULT impl=jpmix metric=modex_first N=2 J=10000 median_us=500.0 p99_us=700.0 samples=10
RESULT impl=jpmix metric=cpu N=2 J=10000 median_us=400000.0 p99_us=500000.0 samples=10
RESULT impl=jpmix metric=wired N=2 J=10000 median_us=200000.0 p99_us=250000.0 samples=10
RESULT impl=jpmix metric=broken N=2
R
cat > "$tmp/ref.txt" <<'R'
RESULT impl=openpmix metric=init N=2 J=10000 median_us=96863.317 p99_us=97723.906 samples=10
RESULT impl=openpmix metric=get_job_key N=2 J=10000 median_us=11.900 p99_us=268.884 samples=10000
RESULT impl=openpmix metric=fence N=2 J=10000 median_us=68.0 p99_us=1072.960 samples=1000
RESULT impl=openpmix metric=modex N=2 J=10000 median_us=289.0 p99_us=2136.276 samples=500
RESULT impl=openpmix metric=modex N=16 J=10000 median_us=7100.0 p99_us=9000.5 samples=4000
RESULT impl=openpmix metric=start N=2 J=10000 median_us=2000.0 p99_us=3000.0 samples=10
RESULT impl=openpmix metric=cpu N=2 J=10000 median_us=20000.0 p99_us=30000.0 samples=10
RESULT impl=openpmix metric=modex_first N=2 J=10000 median_us=1000.0 p99_us=1500.0 samples=10
RESULT impl=openpmix metric=wired N=2 J=10000 median_us=100000.0 p99_us=120000.0 samples=10
RESULT impl=openpmix metric=generate_maps N=2 J=10000 median_us=2403.887 p99_us=2403.887 samples=5
R

out=$("$compare" "$tmp/jpmix.txt" "$tmp/ref.txt" 2> "$tmp/err"); rc=$?
row() { grep -E "^$1 +$2 +$3 " <<<"$out"; }
check "exit 0 with pairs" test "$rc" = 0
check "get ratio 11.9/0.2" grep -qE ' 59\.5$' <<<"$(row get_job_key 2 10000)"
check "init columns" grep -qE '30000\.0 +45000\.0 +96863\.317 +97723\.906 +3\.23$' <<<"$(row init 2 10000)"
check "zero median gives n/a" grep -qE ' n/a$' <<<"$(row fence 2 10000)"
check "the later duplicate wins" grep -qE '150\.0 +600\.0 +289\.0 +2136\.276 +1\.93$' <<<"$(row modex 2 10000)"
check "duplicate reported" grep -q 'second jpmix line for modex N=2 J=10000' "$tmp/err"
check "malformed line reported" grep -q 'not a complete RESULT line' "$tmp/err"
check "order: start, init, wired, cpu, modex_first, get, fence, modex N=2, modex N=16" \
    test "$(awk '$1 != "metric" && NF == 8 { printf "%s/%s ", $1, $2 }' <<<"$out")" = "start/2 init/2 wired/2 cpu/2 modex_first/2 get_job_key/2 fence/2 modex/2 modex/16 "
check "cpu ratio is median / median" grep -qE '400000\.0 +500000\.0 +20000\.0 +30000\.0 +0\.05$' <<<"$(row cpu 2 10000)"
check "wired ratio" grep -qE '200000\.0 +250000\.0 +100000\.0 +120000\.0 +0\.5$' <<<"$(row wired 2 10000)"
check "jvm_start pairs with start" grep -qE '80000\.0 +90000\.0 +2000\.0 +3000\.0 +0\.025$' <<<"$(row start 2 10000)"
check "unmatched listed (ref side)" grep -q 'generate_maps N=2 J=10000: only openpmix' <<<"$out"

# steady-state lines pair only with the same warm-up
printf '%s\n' 'RESULT impl=jpmix metric=fence N=2 J=10000 median_us=50.0 p99_us=90.0 samples=100 warmup_s=10' \
    'RESULT impl=jpmix metric=modex N=2 J=10000 median_us=100.0 p99_us=200.0 samples=100 warmup_s=10' > "$tmp/jsteady.txt"
printf '%s\n' 'RESULT impl=openpmix metric=fence N=2 J=10000 median_us=75.0 p99_us=90.0 samples=100 warmup_s=10' \
    'RESULT impl=openpmix metric=modex N=2 J=10000 median_us=300.0 p99_us=400.0 samples=100 warmup_s=5' > "$tmp/rsteady.txt"
out=$("$compare" "$tmp/jsteady.txt" "$tmp/rsteady.txt" 2> /dev/null)
check "same warm-up pairs" grep -qE '^fence@warm10s +2 +10000 .* 1\.5$' <<<"$out"
check "another warm-up does not pair" grep -q 'modex@warm10s N=2 J=10000: only jpmix' <<<"$out"

"$compare" "$tmp/jpmix.txt" /dev/null > /dev/null 2>&1; rc=$?
check "exit 1 without any pair" test "$rc" = 1
"$compare" > /dev/null 2>&1; rc=$?
check "exit 2 without a file" test "$rc" = 2
"$compare" "$tmp/jpmix.txt" "$tmp/missing" > /dev/null 2>&1; rc=$?
check "exit 2 on a missing file" test "$rc" = 2

# the C client's columns beside the Java client's: every impl a column, a ratio per pair present
printf '%s\n' 'RESULT impl=jpmix-served-c metric=fence N=8 J=10000 median_us=100.0 p99_us=300.0 samples=800' \
    'RESULT impl=jpmix-served-c metric=modex N=8 J=10000 median_us=1000.0 p99_us=3000.0 samples=400' \
    'RESULT impl=jpmix-served-c metric=pmixrun_start N=8 J=10000 median_us=9.0 p99_us=9.0 samples=8' > "$tmp/served.txt"
printf '%s\n' 'RESULT impl=openpmix-hash metric=fence N=8 J=10000 median_us=150.0 p99_us=400.0 samples=800' \
    'RESULT impl=openpmix-hash metric=modex N=8 J=10000 median_us=500.0 p99_us=900.0 samples=400' \
    'RESULT impl=openpmix metric=fence N=8 J=10000 median_us=200.0 p99_us=500.0 samples=800' \
    'RESULT impl=openpmix metric=modex N=8 J=10000 median_us=800.0 p99_us=950.0 samples=400' > "$tmp/ref4.txt"
printf '%s\n' 'RESULT impl=jpmix metric=fence N=8 J=10000 median_us=400.0 p99_us=800.0 samples=800' > "$tmp/java4.txt"
out=$("$compare" "$tmp/java4.txt" "$tmp/served.txt" "$tmp/ref4.txt" 2> /dev/null); rc=$?
check "four impls: exit 0" test "$rc" = 0
check "four impls: header" grep -qE '^metric +N +J +jpmix_med +jpmix_p99 +jpmix-served-c_med +jpmix-served-c_p99 +openpmix-hash_med +openpmix-hash_p99 +openpmix_med +openpmix_p99 +openpmix/jpmix +openpmix-hash/jpmix-served-c +openpmix/jpmix-served-c$' <<<"$out"
check "four impls: fence row, ratios 0.5 1.5 2" grep -qE '^fence +8 +10000 +400\.0 +800\.0 +100\.0 +300\.0 +150\.0 +400\.0 +200\.0 +500\.0 +0\.5 +1\.5 +2$' <<<"$out"
check "four impls: a missing cell and its ratio are -" grep -qE '^modex +8 +10000 +- +- +1000\.0 +3000\.0 +500\.0 +900\.0 +800\.0 +950\.0 +- +0\.5 +0\.8$' <<<"$out"
check "four impls: one impl alone is listed apart" grep -q 'pmixrun_start N=8 J=10000: only jpmix-served-c' <<<"$out"
out=$("$compare" "$tmp/served.txt" "$tmp/ref4.txt" 2> /dev/null)
check "no Java file: no jpmix column or ratio" test "$(head -n 1 <<<"$out" | grep -c -e 'jpmix_med' -e 'openpmix/jpmix ')" = 0

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
