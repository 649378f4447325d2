#!/bin/bash
# Puts the wireup figures of JPMIx and OpenPMIx side by side:
#
#   compare.sh RESULTS_FILE...        e.g. compare.sh jpmix.txt ref.txt, or every side's file at once
#
# Reads the RESULT lines of every file (other lines are ignored) and joins them on (metric, N, J):
# one column pair (median, p99, microseconds) per impl found, in the order jpmix (Java clients),
# jpmix-served-c (the reference's C client served by JPMIx), openpmix-hash, openpmix (OpenPMIx's
# server with gds hash and with its default ds21), then any other impl by name; then a ratio of
# medians for each of these pairs whose two impls both appear: openpmix/jpmix,
# openpmix-hash/jpmix-served-c (the like-for-like pair of the C client), openpmix/jpmix-served-c.
# A ratio above 1 means the JPMIx side is faster. Rows in the order a wireup meets them: start, init,
# wired, cpu, modex_first, get_job_key, fence, modex, then the host's and the MPI job's metrics, then
# any other by name; every ratio is median / median, cpu's as any other's. A (metric, N, J) found for
# one impl only is listed after the table. JPMIx's jvm_start pairs with the reference's start (both:
# launcher about to start the process -> main entered). Lines with warmup_s=S (S > 0) pair only with
# lines of the same S, shown as <metric>@warmSs. Exit status 2 on bad usage or an unreadable file,
# 1 if no row has two impls.
set -euo pipefail
usage() {
    sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}
[ $# -ge 1 ] || usage
for f in "$@"; do
    [ -r "$f" ] || usage
done

awk '
BEGIN {
    # Row order: the metrics in the order a wireup runs into them; any other metric after them.
    n = split("start init wired cpu modex_first get_job_key fence modex register register_clients generate_maps mpi_wall mpi_job mpi_init mpi_total", order, " ")
    for (i = 1; i <= n; i++) rank[order[i]] = i
    # Column order of the impls this script knows; others follow by name.
    n = split("jpmix jpmix-served-c openpmix-hash openpmix", known, " ")
    for (i = 1; i <= n; i++) column[known[i]] = i
    # The ratios: numerator / denominator (median / median).
    nratios = split("openpmix/jpmix openpmix-hash/jpmix-served-c openpmix/jpmix-served-c", ratios, " ")
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
    # The same instant pair on both sides: launcher before starting the process -> main entered.
    if (f["metric"] == "jvm_start") f["metric"] = "start"
    # Steady-state lines (--warmup-seconds S) pair only with lines of the same warm-up.
    if (("warmup_s" in f) && f["warmup_s"] + 0 > 0) f["metric"] = f["metric"] "@warm" f["warmup_s"] "s"
    key = f["metric"] SUBSEP f["N"] SUBSEP f["J"]
    if ((f["impl"], key) in med) {
        printf "compare.sh: %s:%d: a second %s line for %s N=%s J=%s; using the later one\n", FILENAME, FNR, f["impl"], f["metric"], f["N"], f["J"] > "/dev/stderr"
    } else {
        count[key]++
    }
    med[f["impl"], key] = f["median_us"]
    p99[f["impl"], key] = f["p99_us"]
    keys[key] = 1
    impls[f["impl"]] = 1
}
function width(s) { return length(s) > 12 ? length(s) : 12 }
END {
    # The columns: the impls found, known ones first.
    ncols = 0
    for (i = 1; i in known; i++) if (known[i] in impls) cols[++ncols] = known[i]
    nother = 0
    for (im in impls) if (!(im in column)) other[++nother] = im
    for (a = 1; a <= nother; a++) for (b = a + 1; b <= nother; b++) if (other[b] < other[a]) { t = other[a]; other[a] = other[b]; other[b] = t }
    for (a = 1; a <= nother; a++) cols[++ncols] = other[a]
    nr = 0
    for (r = 1; r <= nratios; r++) {
        split(ratios[r], pair, "/")
        if ((pair[1] in impls) && (pair[2] in impls)) { num[++nr] = pair[1]; den[nr] = pair[2]; rlabel[nr] = ratios[r] }
    }
    header = sprintf("%-17s %5s %8s", "metric", "N", "J")
    for (c = 1; c <= ncols; c++) header = header sprintf(" %" width(cols[c] "_med") "s %" width(cols[c] "_p99") "s", cols[c] "_med", cols[c] "_p99")
    for (r = 1; r <= nr; r++) header = header sprintf(" %" width(rlabel[r]) "s", rlabel[r])
    printf "A\t\t%s\n", header
    # One line per key: section (T table, U unmatched), sort key, text; sorted below.
    for (key in keys) {
        split(key, k, SUBSEP)
        base = k[1]
        sub(/@.*/, "", base)
        rk = (base in rank) ? rank[base] : 99
        sortkey = sprintf("%02d %-20s %010d %010d", rk, k[1], k[2], k[3])
        if (count[key] < 2) {
            for (im in impls) if ((im, key) in med) only = im
            printf "U\t%s\t  %s N=%s J=%s: only %s\n", sortkey, k[1], k[2], k[3], only
            continue
        }
        line = sprintf("%-17s %5s %8s", k[1], k[2], k[3])
        for (c = 1; c <= ncols; c++) {
            im = cols[c]
            m = ((im, key) in med) ? med[im, key] : "-"
            p = ((im, key) in med) ? p99[im, key] : "-"
            line = line sprintf(" %" width(im "_med") "s %" width(im "_p99") "s", m, p)
        }
        for (r = 1; r <= nr; r++) {
            ratio = "-"
            if (((num[r], key) in med) && ((den[r], key) in med)) {
                d = med[den[r], key] + 0
                ratio = d > 0 ? sprintf("%.3g", med[num[r], key] / d) : "n/a"
            }
            line = line sprintf(" %" width(rlabel[r]) "s", ratio)
        }
        printf "T\t%s\t%s\n", sortkey, line
    }
}
' "$@" | LC_ALL=C sort -t "$(printf '\t')" -k1,1 -k2,2 | awk -F '\t' '
$1 == "A" { print $3 }
$1 == "T" { print $3; rows++ }
$1 == "U" { if (!unmatched++) print "without a counterpart:"; print $3 }
END {
    print "(microseconds; a ratio A/B is A'"'"'s median / B'"'"'s median: above 1, B is faster)"
    exit rows > 0 ? 0 : 1
}
'
