#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# Time mazeproof on a 600-page book: 480 mazes (200 easy 10x12, 150 medium
# 16x20, 100 hard 24x30, 30 expert 32x40), one a page, then 120 solution
# pages of 4 copies, drawn by tests/helpers/mkmaze_pdf.py with compressed streams.
# The targets are under a second and under 128 MB at the peak; this prints
# the figures (time, and GNU time's maximum resident set), it does not fail
# on them (the machine may be shared). The book's lines say exactly what
# prints, so mazeproof judges it from the lines; `--render` (every maze
# judged from its rendering as well) is timed once for comparison.
#   bench/bench_mazeproof.sh [MAZEPROOF]     (make bench-mazeproof)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
mp=${1:-./mazeproof}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-mazeproof.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
book=$tmp/book600.pdf
peak() { # the maximum resident set of a run, in MB (GNU time), or "?"
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f '%M' -o "$tmp/rss" "$@" >/dev/null 2>&1 || true
    awk '{printf "%.1f MB\n", $1 / 1024}' "$tmp/rss"
  else
    echo "? (no GNU time)"
  fi
}
for style in runs split; do
  extra=""
  [ "$style" = split ] && extra="--split"
  python3 "$here/tests/helpers/mkmaze_pdf.py" "$book" --compress --per-page 4 $extra \
    --random 200 10x12 1 --random 150 16x20 2 --random 100 24x30 3 --random 30 32x40 4
  pages=$(pdfinfo "$book" 2>/dev/null | awk '/^Pages:/ {print $2}')
  echo "book: $pages pages, $(wc -c < "$book") bytes, walls drawn as $style"
  "$mp" --quiet "$book" || { echo "bench: mazeproof failed on the bench book" >&2; exit 1; }
  if command -v hyperfine >/dev/null 2>&1; then
    hyperfine --warmup 1 --runs 5 --style basic "$mp --quiet $book"
  else
    /usr/bin/env time -p "$mp" --quiet "$book"
  fi
  echo "peak memory: $(peak "$mp" --quiet "$book")"
  if [ "$style" = runs ]; then
    echo "every maze judged from its rendering too (--render):"
    /usr/bin/env time -p "$mp" --quiet --render "$book"
    echo "peak memory with --render: $(peak "$mp" --quiet --render "$book")"
  fi
done
