#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# The catalogue's cost (`make bench-catalogue`, also run by `make bench`):
#   1. bench/bench_catalogue: an SQLite catalogue of 1,000,000 mazes, then
#      the look-up and the recording of a 100-maze book against it;
#   2. the wall time of building a 100-maze medium book with that catalogue
#      and with none ('catalogue: none' through MAZEBOOK_CATALOGUE=none),
#      alternately, BENCH_RUNS times each (default 5): the least of each.
# Figures, never limits.
#   bench/bench_catalogue.sh [BUILDDIR [SRCDIR]]
set -eu
builddir=${1:-.}
runs=${BENCH_RUNS:-5}
MAZEBOOK=$builddir/mazebook
tmp=$(mktemp -d "${TMPDIR:-/tmp}/mazebook-bench-catalogue.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
export MAZEBOOK_KEY_DIR="$tmp/keys"
unset SOURCE_DATE_EPOCH

echo "## catalogue (SQLite, WAL)"
"$builddir/bench/bench_catalogue" "$tmp/catalogue.db" 1000000

cat > "$tmp/book.yaml" <<SPEC
title: "Catalogue Bench"
author: "Bench"
level: medium
mazes: 100
seed: 424242
book_id: catalogue-bench
SPEC
ms() { date +%s%N | cut -c1-13; }
best_with=999999 best_without=999999
i=0
while [ $i -lt "$runs" ]; do
  for mode in with without; do
    if [ $mode = with ]; then where="$tmp/catalogue.db"; else where=none; fi
    t0=$(ms)
    MAZEBOOK_CATALOGUE=$where "$MAZEBOOK" build "$tmp/book.yaml" -o "$tmp/out-$mode" -q
    t=$(($(ms) - t0))
    if [ $mode = with ]; then
      [ $t -lt $best_with ] && best_with=$t
    else
      [ $t -lt $best_without ] && best_without=$t
    fi
  done
  i=$((i + 1))
done
cmp -s "$tmp/out-with/interior.pdf" "$tmp/out-without/interior.pdf" ||
  { echo "bench: the catalogue changed the book" >&2; exit 1; }
awk -v w="$best_with" -v n="$best_without" -v r="$runs" 'BEGIN {
  printf "build of a 100-maze medium book, least of %d: %d ms with the 1,000,000-maze catalogue, %d ms without (%+.1f %%)\n", r, w, n, (w - n) * 100.0 / n }'
