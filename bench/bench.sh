#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# The benchmark table (`make bench`): one Markdown table for this machine.
#   - each generator: squares per second of CPU time at 32x40
#     (bench/bench_generators, which also measures 200x200);
#   - each generator that carves shapes on the heart at 1280 squares, and
#     its time against the 32x40 rectangle;
#   - each book in examples/, a 100-maze expert book (32x40, 8.5 x 11 in,
#     128 pages), a 100-maze circular expert book (polar, one solution a
#     page), a 100-maze shaped book (four shapes, medium), a 300-maze
#     book of three sections (easy, a medium..hard ramp, expert) and a
#     600-page book (6 x 9 in white paper, the largest
#     trim whose KDP maximum, 828 pages, allows it; hard level):
#     `mazebook build` wall and CPU time (its mazeproof run included) and
#     peak memory, the page count, interior bytes per maze page (the whole
#     interior.pdf divided by its maze pages: title and solution pages
#     included), then `mazebook check` of interior + cover and `mazeproof`
#     of the interior, each with its wall and CPU time and peak memory.
#   - a second table: each build's stages (`mazebook build --timings`;
#     the cover's stage runs beside the interior's, the proof after it).
# Times and memory come from GNU time (-v): CPU is user + system, peak
# memory the largest resident set of the process and the children it waited
# for. Each build runs BENCH_RUNS times (default 3) and the run with the
# least wall time is shown (a shared machine only ever slows a run down);
# check and mazeproof run once. Figures, never limits.
#   [BENCH_RUNS=N] bench/bench.sh [BUILDDIR [SRCDIR]]
set -eu
builddir=${1:-.}
runs=${BENCH_RUNS:-3}
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
# the books' mazes go in a catalogue of the bench's own, never the one in $HOME
MAZEBOOK_CATALOGUE=$tmp/catalogue.db
export MAZEBOOK_CATALOGUE
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
# each generator that carves shapes, on the heart's 1280 squares: rectangle / masked time
awk '$1 == "masked" && NF == 5 { printf "| generator %s on a 1280-square heart (%.2fx the 32x40 time) | | | | | | %d |\n", $2, $5, $4 }' \
  "$tmp/generators.out"

# the 100-maze expert book: the largest grids, 128 pages
cat > "$tmp/expert-100.yaml" <<EOF
title: "The Big Book of Expert Mazes"
subtitle: "100 Expert Mazes"
author: "Emmy Noether"
level: expert
mazes: 100
trim: 8.5x11
paper: white
bleed: false
seed: 100
algorithm: auto
solutions: 4
output: out/
language: en
cover:
  background: "#212121"
  text: "#ffd54f"
  back: "One hundred expert mazes, every one with a single way through."
EOF

# the 100-maze circular expert book (issue 16): polar grids of the expert
# level, one solution a page (the graph books' default), built, proven by
# mazeproof and signed like every book here
cat > "$tmp/circles-expert-100.yaml" <<EOF
title: "The Big Book of Round Mazes"
subtitle: "100 Expert Circular Mazes"
author: "Emmy Noether"
level: expert
mazes: 100
grid: polar
trim: 8.5x11
seed: 101
output: out/
cover:
  theme: night
  back: "One hundred round expert mazes, every one with a single way to the centre."
EOF

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

# a 100-maze shaped book: four shapes in turn, medium level
cat > "$tmp/shaped-100.yaml" <<EOF
title: "The Big Book of Shaped Mazes"
author: "Ada Lovelace"
level: medium
mazes: 100
trim: 8.5x11
seed: 100
shape: [heart, star, cat, fish]
solutions: 4
output: out/
cover:
  back: "One hundred mazes in four shapes, every one with a single way through."
EOF

# a 300-maze book of three sections (issue 14): easy, a medium..hard ramp, expert
cat > "$tmp/sections-300.yaml" <<EOF
title: "The Big Book of Mazes from Easy to Expert"
subtitle: "300 Mazes in Three Sections"
author: "Ada Lovelace"
mazes: 300
trim: 8.5x11
seed: 300
solutions: 4
output: out/
sections:
  - title: "Easy"
    level: easy
    mazes: 100
  - title: "Growing"
    ramp: medium..hard
    mazes: 100
  - title: "Expert"
    level: expert
    mazes: 100
cover:
  back: "Three hundred mazes from easy to expert, every one with a single way through."
EOF

stages="spec mazes interior cover previews proof preflight checks signing sheet total"
: > "$tmp/stages.md"
for spec in "$srcdir"/examples/*.yaml "$tmp/expert-100.yaml" "$tmp/circles-expert-100.yaml" \
    "$tmp/shaped-100.yaml" \
    "$tmp/sections-300.yaml" "$tmp/book-600.yaml"; do
  book=$(basename "$spec" .yaml)
  out=$tmp/out-$book
  mazes=$(sed -n 's/^mazes:[[:space:]]*\([0-9]*\).*/\1/p' "$spec")
  best=
  i=0
  while [ $i -lt "$runs" ]; do
    i=$((i + 1))
    measure "build-$book" "$MAZEBOOK" build "$spec" -o "$out" --quiet --timings
    if [ -z "$best" ] || awk "BEGIN { exit !($wall < $best) }"; then
      best=$wall best_cpu=$cpu best_rss=$rss
      cp "$tmp/build-$book.out" "$tmp/build-$book.best"
    fi
  done
  wall=$best cpu=$best_cpu rss=$best_rss
  # the stages of that run: "mazebook build: time NAME S s"
  printf '| %s |' "$book" >> "$tmp/stages.md"
  for stage in $stages; do
    printf ' %s |' "$(awk -v s="$stage" '$3 == "time" && $4 == s { print $5; exit }' \
      "$tmp/build-$book.best")" >> "$tmp/stages.md"
  done
  echo >> "$tmp/stages.md"
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

echo
echo "Build stages (wall s; cover is the cover PDF and its preview, made in a thread beside the"
echo "interior; proof is mazeproof's CPU time, run beside the stages after the interior; previews"
echo "is the page preview; checks is the preflight and the wait for the proof), from the run shown above:"
echo
echo "| book | $(echo $stages | sed 's/ / | /g') |"
echo "|---|$(for s in $stages; do printf -- '--:|'; done)"
cat "$tmp/stages.md"
