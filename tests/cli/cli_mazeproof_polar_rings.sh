#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# mazeproof on round (polar) mazes whose rings are not split by the doubling
# rule: the same number of cells in every ring (12, 16), or 6, 12, 12, 24,
# 24, 24 and 8, 8, 16, 16, 32, drawn by matplotlib and by hand-written
# PostScript through Ghostscript (tests/data/mazeproof/mkpolar_rings.py, its
# own generator), walls one cell at a time and as long runs, each perfect
# and with each flaw. Read with the doubling rule whenever their walls also
# fitted it, their wide cells were taken as two: false loops and rim gaps.
# Each ring's division now comes from its walls; the verdict line says how
# the rings were read, and --json lists each ring's count and what set it.
. "$top_srcdir/tests/helpers/tap.sh"
. "$top_srcdir/tests/helpers/mazeproof_verdict.sh"
DIR="$top_srcdir/tests/data/mazeproof/polar-rings"

# every verdict twice: judged from the lines where they suffice, and --render (always from ink)
for mode in lines --render; do
n=0
while IFS="$TAB" read -r file want phrase rings; do
  case "$file" in '#'*|'') continue ;; esac
  n=$((n + 1))
  prove "$mode" "$DIR/$file"
  # the maze named, and its rings as they were drawn
  [ "$rc" -eq "$want" ] && says_one_of "$phrase" &&
    printf '%s\n' "$out" | grep -q "^maze [0-9]*, page 1: $rings"
  ok $? "$file ($mode): exit $want, says '$phrase', rings '$rings'" || show_run
done < "$DIR/expected.txt"
done
check "the corpus has at least 36 files" "$n" -ge 36
check "both producers, perfect and flawed" \
  "$(grep -c '^mpl-.*	1	' "$DIR/expected.txt")" -ge 8 -a \
  "$(grep -c '^gs-.*	1	' "$DIR/expected.txt")" -ge 8 -a \
  "$(grep -c '^mpl-.*	0	' "$DIR/expected.txt")" -ge 3 -a \
  "$(grep -c '^gs-.*	0	' "$DIR/expected.txt")" -ge 3

# the producers really are matplotlib and Ghostscript, the arcs curves
if command -v mutool >/dev/null 2>&1; then
  mutool info "$DIR/mpl-const12-cells-perfect.pdf" 2>/dev/null | grep -qi 'matplotlib'
  ok $? "the matplotlib files are matplotlib's"
  mutool info "$DIR/gs-const16-runs-perfect.pdf" 2>/dev/null | grep -qi 'ghostscript'
  ok $? "the PostScript files went through Ghostscript"
  mutool trace "$DIR/gs-const16-runs-perfect.pdf" 1 > "$TMP/trace" 2>/dev/null
  check "their walls are drawn with curves" "$(grep -c '<curveto' "$TMP/trace")" -ge 30
else
  for k in 1 2 3; do skip "mutool not installed (apt-get install mupdf-tools)"; done
fi

# --json: each ring's count, and what it was read from
run "$MAZEPROOF" --json "$DIR/mpl-const12-cells-perfect.pdf"
contains "$out" '"ring_cells": [1, 12, 12, 12, 12, 12, 12]' &&
  contains "$out" '"ring_division": ["centre", "walls", "walls", "walls", "walls", "walls", "walls"]' &&
  contains "$out" '"cells": 73' && contains "$out" '"verdict": "perfect"'
ok $? "12 cells a ring in --json: each ring's count read from its walls"
run "$MAZEPROOF" --json "$DIR/mpl-6-12-12-24-runs-perfect.pdf"
contains "$out" '"ring_cells": [1, 6, 12, 12, 24, 24, 24]' && contains "$out" '"cells": 103'
ok $? "6, 12, 12, 24, 24, 24 drawn as long runs: read so"
run "$MAZEPROOF" --json "$DIR/gs-doubling-runs-perfect.pdf"
contains "$out" '"ring_cells": [1, 6, 12, 24, 24, 24, 48]' && contains "$out" '"grid": "polar 6 rings"' &&
  contains "$out" '"result": "polar 6 rings, perfect'
ok $? "the doubling rule's rings: read from the walls, the verdict line as ever"
# a ring with no radial wall left: the walls cannot divide it; the rule that did is named
run "$MAZEPROOF" --json "$DIR/gs-const12-runs-ring-open.pdf"
contains "$out" '"ring_division": ["centre", "walls", "ring inside", "walls"' &&
  contains "$out" 'ring 2 as the ring inside: its walls alone do not tell' &&
  contains "$out" '"reason": "a loop of'
ok $? "a ring with no walls to tell: set as the ring inside it, said, and its loop caught"

done_testing
