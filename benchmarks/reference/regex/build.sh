#!/bin/sh
# Builds the OpenPMIx reference programs against the installed libpmix-dev (4.2.2):
#   ./build.sh [OUTDIR]     (default: ../build/regex, which git ignores)
# Needs gcc and pkg-config; on Debian/Ubuntu: apt-get install -y libpmix-dev gcc pkg-config
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/../build/regex}
mkdir -p "$out"
flags=$(pkg-config --cflags --libs pmix)
for prog in regex_ref regex_bench; do
    if [ -f "$here/$prog.c" ]; then
        # shellcheck disable=SC2086 # the pkg-config flags are a word list
        gcc -O2 -std=gnu11 -Wall -Wextra -o "$out/$prog" "$here/$prog.c" $flags
    fi
done
