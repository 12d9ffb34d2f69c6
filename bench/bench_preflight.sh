#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# Time `mazebook check` and its peak memory on a 100-page and a 600-page
# 6 x 9 interior (cairo-made maze-like pages, 1 pt walls) with their covers.
#   bench/bench_preflight.sh [MAZEBOOK] [MKPDF]     (make bench-preflight)
# Prints one line per size: pages, file size, best and median wall time of
# 3 runs, peak resident memory (GNU time -v). Figures, not limits.
set -eu
MAZEBOOK=${1:-./mazebook}
MKPDF=${2:-./tests/helpers/mkpdf}
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "bench-preflight: GNU time missing: apt-get install time" >&2; exit 1; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/mazebook-bench.XXXXXX")
trap 'rm -rf "$dir"' EXIT

for pages in 100 600; do
  "$MKPDF" interior "$dir/i$pages.pdf" "$pages"
  "$MKPDF" cover "$dir/c$pages.pdf" "$pages"
  bytes=$(wc -c < "$dir/i$pages.pdf" | tr -d ' ')
  : > "$dir/runs"
  for run in 1 2 3; do
    "$TIME" -v "$MAZEBOOK" check "$dir/i$pages.pdf" "$dir/c$pages.pdf" \
      > /dev/null 2> "$dir/time.$run" || {
      echo "bench-preflight: check of $pages pages failed:" >&2; cat "$dir/time.$run" >&2; exit 1; }
    awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = 0;
                  for (i = 1; i <= n; i++) s = s * 60 + t[i]; w = s }
                /Maximum resident set size/ { m = $2 }
                END { printf "%.3f %d\n", w, m }' "$dir/time.$run" >> "$dir/runs"
  done
  sort -n "$dir/runs" | awk -v p="$pages" -v b="$bytes" '
    { t[NR] = $1; if ($2 > m) m = $2 }
    END { printf "preflight %4d pages (%.1f MB interior + cover): best %.2f s, median %.2f s, peak RSS %.1f MB\n",
                 p, b / 1e6, t[1], t[2], m / 1024 }'
done
