#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# The benchmark table (`make bench`): one Markdown table for this machine.
#   - each generator: squares per second of CPU time at 32x40
#     (bench/bench_generators, which also measures 200x200);
#   - each book in examples/ and a 600-page book (6 x 9 in white paper, the
#     largest trim whose KDP maximum, 828 pages, allows it; hard level):
#     `mazebook build` wall and CPU time (its mazeproof run included) and
#     peak memory, the page count, interior bytes per maze page (the whole
#     interior.pdf divided by its maze pages: title and solution pages
#     included), then `mazebook check` of interior + cover and `mazeproof`
#     of the interior, each with its wall and CPU time and peak memory.
# Times and memory come from GNU time (-v): CPU is user + system, peak
# memory the largest resident set of the process and the children it waited
# for. Each program runs once: figures, never limits.
#   bench/bench.sh [BUILDDIR [SRCDIR]]
set -eu
builddir=${1:-.}
srcdir=${2:-$(cd "$(dirname "$0")/.." && pwd)}
MAZEBOOK=$builddir/mazebook
MAZEPROOF=$builddir/mazeproof
GENBENCH=$builddir/bench/bench_generators
TIME=/usr/bin/time
for tool in "$TIME" "$MAZEBOOK" "$MAZEPROOF" "$GENBENCH"; do
  [ -x "$tool" ] || { echo "bench: $tool is missing (make; apt-get install time)" >&2; exit 1; }
done
command -v pdfinfo > /dev/null || { echo "bench: pdfinfo missing: apt-get install poppler-utils" >&2; exit 1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/mazebook-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
MAZEBOOK_KEY_DIR=$tmp/keys
export MAZEBOOK_KEY_DIR
unset SOURCE_DATE_EPOCH

# measure NAME CMD...: run CMD under GNU time; sets wall, cpu (s) and rss (MB)
measure() {
  name=$1
  shift
  if ! "$TIME" -v -o "$tmp/$name.time" "$@" > "$tmp/$name.out" 2>&1; then
    echo "bench: '$*' failed:" >&2
    tail -20 "$tmp/$name.out" >&2
    exit 1
  fi
  set -- $(awk -F': ' '
    /Elapsed \(wall clock\)/ { n = split($2, t, ":"); w = 0; for (i = 1; i <= n; i++) w = w * 60 + t[i] }
    /User time/ { u = $2 } /System time/ { s = $2 }
    /Maximum resident set size/ { m = $2 }
    END { printf "%.2f %.2f %.1f\n", w, u + s, m / 1024 }' "$tmp/$name.time")
  wall=$1 cpu=$2 rss=$3
}

cpu_model=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
echo "mazebook $("$MAZEBOOK" --version | cut -d' ' -f2) benchmark, $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "machine: $(nproc) CPUs, ${cpu_model:-unknown CPU}, $(uname -sr)"
echo
echo "| what | pages | wall s | CPU s | peak MB | bytes / maze page | squares/s at 32x40 |"
echo "|---|--:|--:|--:|--:|--:|--:|"

"$GENBENCH" > "$tmp/generators.out"
awk 'NF == 3 && $2 ~ /^[0-9]+$/ { printf "| generator %s | | | | | | %d |\n", $1, $2 }' \
  "$tmp/generators.out"

# the 600-page book: hard mazes on 6 x 9 white, 4 solutions a page
mazes600=478
cat > "$tmp/book-600.yaml" <<EOF
title: "The Big Book of Hard Mazes"
subtitle: "$mazes600 Hard Mazes"
author: "Ada Lovelace"
level: hard
mazes: $mazes600
trim: 6x9
paper: white
bleed: false
seed: 600
algorithm: auto
solutions: 4
output: out/
language: en
cover:
  background: "#2e7d32"
  text: "#ffffff"
  back: "Hundreds of hard mazes, every one with a single way through."
EOF

for spec in "$srcdir"/examples/*.yaml "$tmp/book-600.yaml"; do
  book=$(basename "$spec" .yaml)
  out=$tmp/out-$book
  mazes=$(sed -n 's/^mazes:[[:space:]]*\([0-9]*\).*/\1/p' "$spec")
  measure "build-$book" "$MAZEBOOK" build "$spec" -o "$out" --quiet
  # an editions spec builds every edition (the time is for all); measure the first
  grep -q '^editions:' "$spec" && out=$out/paperback
  pages=$(pdfinfo "$out/interior.pdf" | awk '/^Pages:/ { print $2 }')
  bytes=$(wc -c < "$out/interior.pdf" | tr -d ' ')
  printf '| build %s (%s mazes) | %s | %s | %s | %s | %s | |\n' "$book" "$mazes" "$pages" \
    "$wall" "$cpu" "$rss" "$((bytes / mazes))"
  paper=$(sed -n 's/^paper:[[:space:]]*\([a-z]*\).*/\1/p' "$spec")
  measure "check-$book" "$MAZEBOOK" check --paper "${paper:-white}" \
    "$out/interior.pdf" "$out/cover.pdf"
  printf '| check %s (interior + cover) | %s | %s | %s | %s | | |\n' "$book" "$pages" \
    "$wall" "$cpu" "$rss"
  measure "proof-$book" "$MAZEPROOF" --quiet "$out/interior.pdf"
  printf '| mazeproof %s | %s | %s | %s | %s | | |\n' "$book" "$pages" "$wall" "$cpu" "$rss"
done
