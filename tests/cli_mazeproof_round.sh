#!/bin/sh
# SPDX-License-Identifier: AGPL-3.0-or-later
# mazeproof on circular (polar), hexagonal and triangular mazes drawn by other programs
# (pycairo and reportlab, from tests/mazeproof/mkround.py's own generator, which shares
# nothing with mazebook's): each perfect, and with each flaw (a loop, a cut-off
# region, a closed entrance, an extra rim gap, a wall arc removed, a radial
# wall added, a wrong solution), for polar mazes with the exit in the centre
# and with two rim gaps, for hexagons in a rectangle and in a hexagon, with
# vertical sides and turned (flat-top), and for triangles (delta) in a big
# triangle and in a rectangle of ragged rows, and hexagons and triangles in a
# heart (a non-convex outline, a mask over the cells, perfect and flawed: the
# cells are the positions its outer wall encloses). mkround.py wrote expected.txt from
# the flaw each was drawn with; the PDFs are checked in.
. "$top_srcdir/tests/tap.sh"
: "${MAZEPROOF:=$(dirname "$MAZEBOOK")/mazeproof}"
DIR="$top_srcdir/tests/mazeproof/round"
TAB=$(printf '\t')

n=0
while IFS="$TAB" read -r file want phrase; do
  case "$file" in '#'*|'') continue ;; esac
  n=$((n + 1))
  run "$MAZEPROOF" "$DIR/$file"
  found=1
  old_ifs=$IFS
  IFS='|'
  for p in $phrase; do
    contains "$out$err" "$p" && found=0
  done
  IFS=$old_ifs
  # a flawed file names the maze it fails
  named=0
  if [ "$want" -ne 0 ]; then
    printf '%s\n' "$out" | grep -q '^maze [0-9]*, page [0-9]*: .*FAILED: ' || named=1
  fi
  [ "$rc" -eq "$want" ] && [ "$found" -eq 0 ] && [ "$named" -eq 0 ]
  ok $? "$file: exit $want, says '$phrase'" ||
    printf '# got exit %s:\n%s\n%s\n' "$rc" "$out" "$err" | sed 's/^/# /'
done < "$DIR/expected.txt"
check "the round corpus has at least 55 files" "$n" -ge 55
check "ten of them drawn by reportlab, the rest by pycairo" \
  "$(grep -c '^reportlab-' "$DIR/expected.txt")" -ge 10
check "polar and hex mazes, perfect and flawed" \
  "$(grep -c '^polar-.*	1	' "$DIR/expected.txt")" -ge 10 -a \
  "$(grep -c '^hex-.*	1	' "$DIR/expected.txt")" -ge 16
check "triangular (delta) mazes, perfect and flawed, by both programs" \
  "$(grep -c '^delta-.*	1	' "$DIR/expected.txt")" -ge 12 -a \
  "$(grep -c '^reportlab-delta-' "$DIR/expected.txt")" -ge 4
check "hexagons and triangles in a heart, perfect and flawed" \
  "$(grep -c '^hex-heart-.*	1	' "$DIR/expected.txt")" -ge 4 -a \
  "$(grep -c '^delta-heart-.*	1	' "$DIR/expected.txt")" -ge 4 -a \
  "$(grep -c '^[a-z]*-heart-perfect.*	0	' "$DIR/expected.txt")" -eq 2

# the arc walls really are curves in the PDF, the hexagon sides slanted lines
if command -v mutool >/dev/null 2>&1; then
  mutool trace "$DIR/polar-perfect-centre.pdf" 1 > "$TMP/trace" 2>/dev/null
  check "the polar maze's walls are drawn with curves" "$(grep -c '<curveto' "$TMP/trace")" -ge 50
else
  skip "mutool not installed (apt-get install mupdf-tools)"
fi

# verdict lines and JSON as for square mazes, the grid named
run "$MAZEPROOF" "$DIR/polar-perfect-centre.pdf"
contains "$out" "maze 13, page 1: polar 7 rings, perfect, 1 route, solution matches"
ok $? "a polar maze: its verdict line names the rings"
run "$MAZEPROOF" --json "$DIR/hex-rect-perfect.pdf"
contains "$out" '"grid": "hex 12x13"' && contains "$out" '"verdict": "perfect"' &&
  contains "$out" '"judged_from": "rendering"' && contains "$out" '"copy_found": true'
ok $? "a hex maze in --json: its grid, verdict, judged from the rendering, its copy found"
run "$MAZEPROOF" --json "$DIR/polar-loop-centre.pdf"
contains "$out" '"grid": "polar 7 rings"' && contains "$out" '"verdict": "failed"' &&
  contains "$out" '"width": 0, "height": 0' && contains "$out" '"cells": 187' &&
  contains "$out" '"reason": "a loop of'
ok $? "a failed polar maze in --json says why"

# triangles: told from flat-top hexagons (the same three directions), the outline named
run "$MAZEPROOF" "$DIR/delta-triangle-perfect.pdf"
contains "$out" "maze 52, page 1: delta triangle 10 rows, perfect, 1 route, solution matches"
ok $? "a big triangle of triangles: its verdict line names it"
run "$MAZEPROOF" --json "$DIR/delta-rect-perfect.pdf"
contains "$out" '"grid": "delta 15x8"' && contains "$out" '"cells": 120' &&
  contains "$out" '"judged_from": "rendering"' && contains "$out" '"copy_found": true'
ok $? "a rectangle of triangles in --json: 15 in each of 8 rows, its copy found"
run "$MAZEPROOF" "$DIR/hex-hexagon-perfect-flat.pdf"
contains "$out" "hex " && ! contains "$out" "delta"
ok $? "flat-top hexagons are still read as hexagons, not triangles"
run "$MAZEPROOF" "$DIR/delta-triangle-wrong-solution.pdf"
contains "$out" "the solution crosses a wall between triangle "
ok $? "a delta cell is named by its triangle and row"

if qpdf --version >/dev/null 2>&1; then
  # page 1 only: the maze without its solution page, proved on its own
  qpdf "$DIR/polar-perfect-centre.pdf" --pages . 1 -- "$TMP/one.pdf"
  run "$MAZEPROOF" "$TMP/one.pdf"
  check "the maze page alone passes (no solution pages)" "$rc" -eq 0
  contains "$out" "polar 7 rings, perfect, 1 route, no solution pages"
  ok $? "and says there are no solution pages"
  # the solution page of another maze: walls differ
  qpdf --empty --pages "$DIR/polar-perfect-centre.pdf" 1 "$DIR/polar-loop-centre.pdf" 2 -- "$TMP/mixed.pdf"
  run "$MAZEPROOF" "$TMP/mixed.pdf"
  check "a solution page of another maze fails" "$rc" -eq 1
  # a copy with no label whose maze is not in the book
  qpdf --empty --pages "$DIR/polar-perfect-centre.pdf" 1 "$DIR/polar-unlabelled-copy.pdf" 2 -- "$TMP/orphan.pdf"
  run "$MAZEPROOF" "$TMP/orphan.pdf"
  check "an unlabelled polar copy that matches no maze fails" "$rc" -eq 1
  contains "$out" "page 2: a polar 6 rings solution copy with no readable label matches no maze's walls"
  ok $? "and says it matches no maze's walls"
else
  for k in 1 2 3 4 5; do skip "qpdf not installed"; done
fi

done_testing
