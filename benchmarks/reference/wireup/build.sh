#!/bin/sh
# Builds the OpenPMIx wireup reference (wireup_host, wireup_client) against the installed libpmix-dev (4.2.2):
#   ./build.sh [OUTDIR]     (default: ../build/wireup, which git ignores)
# Needs gcc and pkg-config; on Debian/Ubuntu: apt-get install -y libpmix-dev gcc pkg-config
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/../build/wireup}
mkdir -p "$out"
flags=$(pkg-config --cflags --libs pmix)
for prog in wireup_host wireup_client; do
    # shellcheck disable=SC2086 # the pkg-config flags are a word list
    gcc -O2 -std=gnu11 -Wall -Wextra -Werror -pthread -o "$out/$prog" "$here/$prog.c" $flags
done
