#!/bin/bash
# Puts the JPMIx and OpenPMIx wireup figures side by side:
#
#   compare.sh JAVA_RESULTS_FILE REF_RESULTS_FILE
#
# Reads the RESULT lines of both files (other lines are ignored), pairs impl=jpmix with
# impl=openpmix on (metric, N, J) and prints one row per pair: both medians and p99s in
# microseconds and ratio = openpmix median / jpmix median (above 1: JPMIx is faster). Pairs with
# only one side are listed after the table. JPMIx's jvm_start pairs with the reference's start
# (both: launcher about to start the process -> main entered). Lines with warmup_s=S (S > 0) pair
# only with lines of the same S, shown as <metric>@warmSs. Exit status 2 on bad usage or an unreadable file,
# 1 if no pair matched.
set -euo pipefail
if [ $# -ne 2 ] || [ ! -r "$1" ] || [ ! -r "$2" ]; then
    sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
fi

awk '
BEGIN {
    # Row order: the metrics in the order a wireup runs into them; any other metric after them.
    n = split("start init get_job_key fence modex register register_clients generate_maps", order, " ")
    for (i = 1; i <= n; i++) rank[order[i]] = i
}
/^RESULT / {
    delete f
    for (i = 2; i <= NF; i++) {
        eq = index($i, "=")
        if (eq > 0) f[substr($i, 1, eq - 1)] = substr($i, eq + 1)
    }
    if (!("impl" in f) || !("metric" in f) || !("N" in f) || !("J" in f) || !("median_us" in f) || !("p99_us" in f)) {
        printf "compare.sh: %s:%d: not a complete RESULT line: %s\n", FILENAME, FNR, $0 > "/dev/stderr"
        next
    }
    if (f["impl"] != "jpmix" && f["impl"] != "openpmix") next
    # The same instant pair on both sides: launcher before starting the process -> main entered.
    if (f["metric"] == "jvm_start") f["metric"] = "start"
    # Steady-state lines (--warmup-seconds S) pair only with lines of the same warm-up.
    if (("warmup_s" in f) && f["warmup_s"] + 0 > 0) f["metric"] = f["metric"] "@warm" f["warmup_s"] "s"
    key = f["metric"] SUBSEP f["N"] SUBSEP f["J"]
    if ((f["impl"], key) in med) {
        printf "compare.sh: %s:%d: a second %s line for %s N=%s J=%s; using the later one\n", FILENAME, FNR, f["impl"], f["metric"], f["N"], f["J"] > "/dev/stderr"
    }
    med[f["impl"], key] = f["median_us"]
    p99[f["impl"], key] = f["p99_us"]
    keys[key] = 1
}
END {
    # One line per key: section (T table, U unmatched), sort key, text; sorted and laid out below.
    for (key in keys) {
        split(key, k, SUBSEP)
        base = k[1]
        sub(/@.*/, "", base)
        r = (base in rank) ? rank[base] : 99
        sortkey = sprintf("%02d %-20s %010d %010d", r, k[1], k[2], k[3])
        if ((("jpmix", key) in med) && (("openpmix", key) in med)) {
            j = med["jpmix", key] + 0
            o = med["openpmix", key] + 0
            ratio = j > 0 ? sprintf("%.3g", o / j) : "n/a"
            printf "T\t%s\t%-17s %5s %8s %12s %12s %12s %12s %9s\n", sortkey, k[1], k[2], k[3], med["jpmix", key], p99["jpmix", key], med["openpmix", key], p99["openpmix", key], ratio
        } else {
            printf "U\t%s\t  %s N=%s J=%s: only %s\n", sortkey, k[1], k[2], k[3], (("jpmix", key) in med) ? "jpmix" : "openpmix"
        }
    }
}
' "$1" "$2" | LC_ALL=C sort | awk -F '\t' '
BEGIN {
    printf "%-17s %5s %8s %12s %12s %12s %12s %9s\n", "metric", "N", "J", "jpmix_med", "jpmix_p99", "ref_med", "ref_p99", "ref/jpmix"
}
$1 == "T" { print $3; rows++ }
$1 == "U" { if (!unmatched++) print "without a counterpart:"; print $3 }
END {
    print "(microseconds; ref/jpmix = OpenPMIx median / JPMIx median, above 1 means JPMIx is faster)"
    exit rows > 0 ? 0 : 1
}
'
