#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# Time mazeproof on a 600-page book: 480 mazes (200 easy 10x12, 150 medium
# 16x20, 100 hard 24x30, 30 expert 32x40), one a page, then 120 solution
# pages of 4 copies, drawn by tests/mkmaze_pdf.py with compressed streams.
# The target is under a second; this prints the figures, it does not fail
# on time (the machine may be shared).
#   bench/bench_mazeproof.sh [MAZEPROOF]     (make bench-mazeproof)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
mp=${1:-./mazeproof}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-mazeproof.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
book=$tmp/book600.pdf
for style in runs split; do
  extra=""
  [ "$style" = split ] && extra="--split"
  python3 "$here/tests/mkmaze_pdf.py" "$book" --compress --per-page 4 $extra \
    --random 200 10x12 1 --random 150 16x20 2 --random 100 24x30 3 --random 30 32x40 4
  pages=$(pdfinfo "$book" 2>/dev/null | awk '/^Pages:/ {print $2}')
  echo "book: $pages pages, $(wc -c < "$book") bytes, walls drawn as $style"
  "$mp" --quiet "$book" || { echo "bench: mazeproof failed on the bench book" >&2; exit 1; }
  if command -v hyperfine >/dev/null 2>&1; then
    hyperfine --warmup 1 --runs 5 --style basic "$mp --quiet $book"
  else
    /usr/bin/env time -p "$mp" --quiet "$book"
  fi
done
